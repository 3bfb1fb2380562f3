"""Raw results files: a row per game that rebuilds the run's tally exactly, and a
run killed at any point and resumed ends with the same rows and summary as one
run that was never stopped (games keyed by index: none repeated, none skipped)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from roadtrip.sim.recording import read_rows, simulate_recorded
from roadtrip.sim.results import JsonlWriter, ResultsError, Row, tally_rows
from roadtrip.sim.results_parquet import journal_path
from roadtrip.sim.runner import simulate_run
from roadtrip.sim.stats import MACHINE_FIELDS, SimulationSummary

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module

SRC = Path(__file__).resolve().parents[2] / "src"
RUN: dict[str, Any] = {
    "game_id": "road-to-300",
    "options": {"players": 2},
    "bots": ["greedy", "random"],
    "games": 40,
    "seed": 4,
}


def _results(summary: SimulationSummary) -> dict[str, Any]:
    data = summary.to_dict()
    for name in MACHINE_FIELDS:
        data.pop(name)
    return data


def _by_index(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda row: row["index"])


def _kill_after(path: Path, games: int) -> None:
    """Run the simulation in another process and SIGKILL it (no clean-up runs)
    after ``games`` games: only the chunks it finished are in the file."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        from pathlib import Path
        from roadtrip.sim.recording import simulate_recorded
        done = 0
        def progress(games):
            global done
            done += games
            if done >= {games}:
                os.kill(os.getpid(), signal.SIGKILL)
        run = {RUN!r}
        simulate_recorded(**run, out=Path(sys.argv[1]), progress=progress)
        """
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    result = subprocess.run(
        [sys.executable, "-c", script, str(path)], env=env, capture_output=True, timeout=120
    )
    assert result.returncode == -9, result.stderr.decode()


def test_rows_rebuild_the_run_exactly(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    summary, tally = simulate_recorded(**RUN, out=out)
    rows = read_rows(out)
    assert sorted(row["index"] for row in rows) == list(range(40))
    assert tally_rows(rows, 2) == tally
    plain, _ = simulate_run(**RUN)
    assert _results(summary) == _results(plain)
    row = rows[0]
    assert row["game"] == "road-to-300" and row["seed"] == 4
    assert row["options"]["players"] == 2 and "target" in row["options"]  # defaults too
    assert row["bots"] == ["greedy", "random"]
    assert len(row["scores"]) == len(row["returns"]) == 2
    assert row["winners"] == [seat for seat in (0, 1) if row["returns"][seat] > 0]
    assert row["rounds"] >= 1 and row["decisions"] >= row["rounds"]


def test_killed_jsonl_run_resumes_to_the_same_rows(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    expected, _ = simulate_recorded(**RUN, out=whole)
    cut = tmp_path / "cut.jsonl"
    _kill_after(cut, 17)
    kept = read_rows(cut)
    assert 0 < len(kept) < 40  # the chunks finished before the kill, no more
    with cut.open("a", encoding="utf-8") as file:
        file.write('{"game":"road-to-300","seed":4,"ind')  # a line the kill cut short
    assert len(read_rows(cut)) == len(kept)  # a half-written line is dropped
    resumed, _ = simulate_recorded(**RUN, out=cut, resume=True)
    assert _by_index(read_rows(cut)) == _by_index(read_rows(whole))
    assert _results(resumed) == _results(expected)
    lines = cut.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 40 and all(json.loads(line) for line in lines)


def test_killed_parquet_run_resumes_from_its_journal(tmp_path: Path) -> None:
    optional_module("pyarrow", "lab")
    whole = tmp_path / "whole.parquet"
    expected, _ = simulate_recorded(**RUN, out=whole)
    assert not journal_path(whole).exists()  # a closed file needs no journal
    import pyarrow.parquet as pq

    assert pq.ParquetFile(whole).num_row_groups == 1  # chunks gathered into row groups
    cut = tmp_path / "cut.parquet"
    _kill_after(cut, 23)
    assert journal_path(cut).exists()  # the Parquet footer was never written
    kept = read_rows(cut)
    assert 0 < len(kept) < 40
    resumed, _ = simulate_recorded(**RUN, out=cut, resume=True)
    assert not journal_path(cut).exists()
    assert pq.read_table(cut).num_rows == 40
    assert _by_index(read_rows(cut)) == _by_index(read_rows(whole))
    assert _results(resumed) == _results(expected)


def test_resume_extends_a_finished_run_without_repeating_games(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate_recorded(**{**RUN, "games": 15}, out=out)
    longer, _ = simulate_recorded(**RUN, out=out, resume=True)
    indices = [row["index"] for row in read_rows(out)]
    assert sorted(indices) == list(range(40))
    plain, _ = simulate_run(**RUN)
    assert _results(longer) == _results(plain)


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_a_file_is_never_overwritten_or_mixed_with_another_run(tmp_path: Path, suffix: str) -> None:
    if suffix == ".parquet":
        optional_module("pyarrow", "lab")
    out = tmp_path / f"run{suffix}"
    simulate_recorded(**{**RUN, "games": 5}, out=out)
    with pytest.raises(ResultsError, match="exists: --resume continues it"):
        simulate_recorded(**RUN, out=out)
    with pytest.raises(ResultsError, match="holds a run with seed 4, not 5"):
        simulate_recorded(**{**RUN, "seed": 5}, out=out, resume=True)
    with pytest.raises(ResultsError, match="beyond -n 3"):
        simulate_recorded(**{**RUN, "games": 3}, out=out, resume=True)
    assert len(read_rows(out)) == 5  # refusals changed nothing


def test_bad_results_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ResultsError, match=r"ends in \.jsonl or \.parquet"):
        simulate_recorded(**RUN, out=tmp_path / "run.csv")
    with pytest.raises(ResultsError, match="no such results file"):
        read_rows(tmp_path / "missing.jsonl")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("not json\n", encoding="utf-8")
    with pytest.raises(ResultsError, match="line 1: not a results row"):
        read_rows(broken)


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_an_interrupted_run_closes_its_file_properly(tmp_path: Path, suffix: str) -> None:
    """Ctrl-C (and SIGTERM in the CLI, which raises the same) stops a run between
    games: the finished chunks are in a file that needs no repair."""
    if suffix == ".parquet":
        optional_module("pyarrow", "lab")
    out = tmp_path / f"stopped{suffix}"
    done = 0

    def stop_after_twelve(games: int) -> None:
        nonlocal done
        done += games
        if done >= 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate_recorded(**RUN, out=out, progress=stop_after_twelve)
    assert not journal_path(out).exists()
    kept = read_rows(out)
    assert sorted(row["index"] for row in kept) == list(range(10))  # two chunks of five
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        assert pq.read_table(out).num_rows == 10  # the footer was written
    resumed, _ = simulate_recorded(**RUN, out=out, resume=True)
    plain, _ = simulate_run(**RUN)
    assert _results(resumed) == _results(plain)


def test_a_kill_while_a_parquet_file_is_rewritten_loses_nothing(tmp_path: Path) -> None:
    """Continuing a Parquet file journals its rows, then rewrites the file: a kill in
    between leaves a complete journal beside a file cut short, and resuming again
    gets every game from the journal."""
    optional_module("pyarrow", "lab")
    whole = tmp_path / "whole.parquet"
    simulate_recorded(**RUN, out=whole)
    out = tmp_path / "run.parquet"
    simulate_recorded(**{**RUN, "games": 25}, out=out)
    journal = JsonlWriter(journal_path(out))
    journal.write(read_rows(out))
    journal.close()
    data = out.read_bytes()
    out.write_bytes(data[: len(data) // 2])  # the rewrite was killed halfway
    resumed, _ = simulate_recorded(**RUN, out=out, resume=True)
    assert _by_index(read_rows(out)) == _by_index(read_rows(whole))
    plain, _ = simulate_run(**RUN)
    assert _results(resumed) == _results(plain)


def test_a_resumed_run_times_only_the_games_it_played(tmp_path: Path) -> None:
    """games/s after --resume: this run's games over this run's time, not every
    game of the file over this run's time."""
    out = tmp_path / "run.jsonl"
    run = {**RUN, "engine": True}
    simulate_recorded(**{**run, "games": 30}, out=out)
    summary, _ = simulate_recorded(**run, out=out, resume=True)
    assert summary.games == 40 and summary.played == 10
    assert summary.games_per_second == pytest.approx(10 / summary.elapsed_s)
    assert summary.to_dict()["played"] == 10
