"""Parquet results as typed columns written from arrays: one column per option and per
balance count, read by pandas and DuckDB without parsing text; files of the older
format (options and counts as JSON text) still read, reported and continued; a
journal batch cut short by a kill is dropped, not an error."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from roadtrip.core.registry import load_game
from roadtrip.sim.columns import GameColumns
from roadtrip.sim.recording import read_rows, simulate_recorded
from roadtrip.sim.report import load_result_set
from roadtrip.sim.results import ResultsError, Row
from roadtrip.sim.results_journal import JournalWriter, journal_path
from roadtrip.sim.runner import simulate_run

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module

RALLY: dict[str, Any] = {
    "game_id": "road-rally",
    "options": {"players": 3},
    "bots": "random",
    "games": 12,
    "seed": 5,
}
FAST: dict[str, Any] = {
    "game_id": "road-to-300",
    "options": {"players": 2},
    "bots": ["greedy", "random"],
    "games": 40,
    "seed": 4,
}


def _by_index(rows: list[Row]) -> list[Row]:
    return sorted(rows, key=lambda row: row["index"])


def test_options_and_counts_are_typed_columns_for_pandas_and_duckdb(tmp_path: Path) -> None:
    optional_module("pyarrow", "lab")
    pd = optional_module("pandas", "lab")
    out = tmp_path / "rally.parquet"
    _, tally = simulate_recorded(**RALLY, out=out)
    frame = pd.read_parquet(out)
    options = load_game("road-rally", players=3).options
    for name, value in options.items():
        column = frame[f"option_{name}"]
        assert (column == value).all()
        kind = {bool: "b", int: "i", str: "O"}[type(value)]
        assert column.dtype.kind == kind, (name, column.dtype)
    stat_columns = [name for name in frame.columns if name.startswith("stat_")]
    assert {name[len("stat_") :] for name in stat_columns} == set(tally.stats)
    for name in stat_columns:
        assert frame[name].dtype.kind == "i"
        assert int(frame[name].sum()) == tally.stats[name[len("stat_") :]]
    assert list(frame["index"].sort_values()) == list(range(12))
    assert not any(frame[name].dtype == object and isinstance(frame[name][0], str)
                   and frame[name][0].startswith("{") for name in frame.columns)  # fmt: skip
    duckdb = optional_module("duckdb", "test")
    query = f"""select sum("stat_start.0.wins"), count(*), max(option_players),
                sum(len(winners)) from '{out}'"""
    found = duckdb.connect().execute(query).fetchall()
    assert found == [(tally.stats["start.0.wins"], 12, 3, sum(tally.wins))]


def test_the_fast_path_writes_parquet_without_a_python_row_per_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows come only when a file is read: writing goes from arrays to record batches."""
    optional_module("pyarrow", "lab")

    def no_rows(*args: object, **kwargs: object) -> None:
        raise AssertionError("a Python object per game on the bulk path")

    monkeypatch.setattr(GameColumns, "rows", no_rows)
    monkeypatch.setattr(GameColumns, "game_results", no_rows)
    out = tmp_path / "fast.parquet"
    summary, _ = simulate_recorded(**FAST, out=out)
    assert summary.path == "fast"
    monkeypatch.undo()
    assert sorted(row["index"] for row in read_rows(out)) == list(range(40))


def _old_format(rows: list[Row], path: Path) -> None:
    """Write ``rows`` as the Parquet files of before the typed columns did."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    names = ["game", "seed", "index", "options", "bots", "scores", "returns", "winners",
             "decisions", "rounds", "ending", "stats"]  # fmt: skip
    columns = {name: [row[name] for row in rows] for name in names}
    for name in ("options", "stats"):
        columns[name] = [json.dumps(value, sort_keys=True) for value in columns[name]]
    pq.write_table(pa.table(columns), path)


def test_old_json_text_files_still_report_and_resume(tmp_path: Path) -> None:
    optional_module("pyarrow", "lab")
    whole = tmp_path / "whole.jsonl"
    simulate_recorded(**RALLY, out=whole)
    rows = read_rows(whole)
    old = tmp_path / "old.parquet"
    _old_format([row for row in rows if row["index"] < 7], old)
    unpathed = [{k: v for k, v in row.items() if k != "path"} for row in _by_index(rows)]
    assert _by_index(read_rows(old)) == unpathed[:7]  # old files did not keep the path
    complete = tmp_path / "complete.parquet"
    _old_format(rows, complete)
    from_old = load_result_set(complete)
    from_jsonl = load_result_set(whole)
    assert from_old.tally == from_jsonl.tally
    assert from_old.summary.to_dict() == from_jsonl.summary.to_dict()
    resumed, _ = simulate_recorded(**RALLY, out=old, resume=True)
    plain, _ = simulate_run(**RALLY)
    assert resumed.to_dict()["seats"] == plain.to_dict()["seats"]
    assert _by_index(read_rows(old)) == _by_index(rows)  # now in the typed columns
    import pyarrow.parquet as pq

    assert "option_players" in pq.read_schema(old).names


def test_a_journal_batch_cut_short_is_dropped(tmp_path: Path) -> None:
    optional_module("pyarrow", "lab")
    whole = tmp_path / "whole.jsonl"
    simulate_recorded(**FAST, out=whole)
    rows = _by_index(read_rows(whole))
    out = tmp_path / "cut.parquet"
    header = {name: rows[0][name] for name in ("game", "seed", "options", "bots", "path")}
    writer = JournalWriter(journal_path(out), header)
    writer.write(GameColumns.from_rows(rows[:20]))
    writer.write(GameColumns.from_rows(rows[20:]))
    data = journal_path(out).read_bytes()
    journal_path(out).write_bytes(data[:-30])  # killed while writing the second batch
    assert _by_index(read_rows(out)) == rows[:20]
    simulate_recorded(**FAST, out=out, resume=True)
    assert _by_index(read_rows(out)) == rows
    assert not journal_path(out).exists()


def test_resume_refuses_a_file_played_on_the_other_path(tmp_path: Path) -> None:
    """The fast path and the engine play other games for one seed: continuing a
    fast-path file through the engine would mix two runs."""
    out = tmp_path / "run.jsonl"
    simulate_recorded(**{**FAST, "games": 10}, out=out)
    assert {row["path"] for row in read_rows(out)} == {"fast"}
    with pytest.raises(ResultsError, match="path 'fast', not 'engine'"):
        simulate_recorded(**FAST, out=out, resume=True, engine=True)
    assert len(read_rows(out)) == 10
