"""Every lab command (``simulate``, ``study``, ``report``) given bad files: a folder
that does not exist, a folder where a file should be, a missing file, text that is
not results, bytes that are not text, a Parquet file with corrupt data pages, a
Parquet file of another table, runs of different games in one report.  Each ends
with one clear line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import needs_matplotlib, stand_in_app
from typer.testing import CliRunner

from roadtrip.cli import report, simulate, study

APP = stand_in_app(simulate.register, study.register, report.register)
runner = CliRunner()
# The engine path: no compiling of Road to 300's fast path in these tests.
RUN = ["simulate", "road-to-300", "--players", "2", "--bots", "greedy,random", "--engine"]
STUDY = ["study", "road-to-300", "--players", "2", "--bot", "random", "-n", "4"]


def assert_one_clear_line(args: list[str], *words: str) -> None:
    """The command fails with exit code 2 and one line on stderr naming ``words``."""
    result = runner.invoke(APP, args)
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit), result.exception  # not a traceback
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Good results files to break: a JSON Lines and a Parquet run of Road to 300,
    and a JSON Lines run of another game."""
    folder = tmp_path_factory.mktemp("runs")
    files = {
        "jsonl": folder / "r300.jsonl",
        "parquet": folder / "r300.parquet",
        "kicks": folder / "kicks.jsonl",
    }
    for name in ("jsonl", "parquet"):
        made = runner.invoke(APP, [*RUN, "-n", "30", "--out", str(files[name]), "--json"])
        assert made.exit_code == 0, made.output
    kicks = ["simulate", "get-your-kicks", "--players", "2", "-n", "3", "--json"]
    assert runner.invoke(APP, [*kicks, "--out", str(files["kicks"])]).exit_code == 0
    return files


def corrupt_pages(good: Path, bad: Path) -> None:
    """A copy of a Parquet file with its data pages overwritten and its footer whole."""
    data = bytearray(good.read_bytes())
    footer = int.from_bytes(data[-8:-4], "little") + 8
    for at in range(64, len(data) - footer - 16):
        data[at] = (data[at] * 7 + 13) % 256
    bad.write_bytes(bytes(data))


def test_simulate_refuses_files_it_cannot_write(tmp_path: Path, runs: dict[str, Path]) -> None:
    nowhere = tmp_path / "no-such-folder"
    for suffix in ("jsonl", "parquet"):
        assert_one_clear_line([*RUN, "-n", "2", "--out", str(nowhere / f"x.{suffix}")], "no folder")
    folder = tmp_path / "a-folder.jsonl"
    folder.mkdir()
    assert_one_clear_line([*RUN, "-n", "2", "--out", str(folder)], "it is a folder")
    assert_one_clear_line([*RUN, "-n", "2", "--out", str(tmp_path / "x.csv")], ".jsonl or .parquet")
    needs_matplotlib()
    assert_one_clear_line([*RUN, "-n", "2", "--report", str(nowhere / "r.html")], "no folder")


def test_simulate_resume_refuses_broken_files(tmp_path: Path, runs: dict[str, Path]) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("this is not json\n", encoding="utf-8")
    assert_one_clear_line([*RUN, "-n", "2", "--out", str(garbage), "--resume"], "not a results row")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00\x81\n")
    assert_one_clear_line([*RUN, "-n", "2", "--out", str(binary), "--resume"], "not a results row")
    fields = tmp_path / "fields.jsonl"
    fields.write_text('{"index": 0}\n', encoding="utf-8")
    assert_one_clear_line([*RUN, "-n", "2", "--out", str(fields), "--resume"], "not a results row")
    bad = tmp_path / "bad.parquet"
    corrupt_pages(runs["parquet"], bad)
    assert_one_clear_line([*RUN, "-n", "30", "--out", str(bad), "--resume"], "corrupt")


def test_study_refuses_files_it_cannot_write(tmp_path: Path) -> None:
    needs_matplotlib()
    option = ["--option", "no_cross=reroll,pass"]
    assert_one_clear_line([*STUDY, *option, "-o", str(tmp_path / "none" / "s.html")], "no folder")
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    args = [*STUDY, *option, "-o", str(tmp_path / "s.html"), "--out-dir", str(a_file)]
    assert_one_clear_line(args, "is a file")
    runs_dir = tmp_path / "runs"
    runs_dir.mkdir()
    (runs_dir / "road-to-300-no_cross-pass.jsonl").write_text("nonsense\n", encoding="utf-8")
    args = [*STUDY, *option, "-o", str(tmp_path / "s.html"), "--out-dir", str(runs_dir)]
    assert_one_clear_line([*args, "--resume"], "not a results row")


def test_report_refuses_every_bad_file(tmp_path: Path, runs: dict[str, Path]) -> None:
    out = ["-o", str(tmp_path / "r.html")]
    assert_one_clear_line(["report", str(tmp_path / "none.jsonl"), *out], "no such results file")
    assert_one_clear_line(["report", str(tmp_path / "none.parquet"), *out], "no such results file")
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    assert_one_clear_line(["report", str(folder), *out], "cannot read")
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("[1, 2]\n", encoding="utf-8")
    assert_one_clear_line(["report", str(garbage), *out], "not a results row")
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\x00\xff\x81\n")
    assert_one_clear_line(["report", str(binary), *out], "not a results row")
    not_parquet = tmp_path / "text.parquet"
    not_parquet.write_text("plain text\n", encoding="utf-8")
    assert_one_clear_line(["report", str(not_parquet), *out], "not a readable Parquet file")
    bad = tmp_path / "bad.parquet"
    corrupt_pages(runs["parquet"], bad)
    assert_one_clear_line(["report", str(bad), *out], "corrupt")
    other = tmp_path / "other.parquet"
    pq = pytest.importorskip("pyarrow.parquet")
    pa = pytest.importorskip("pyarrow")
    pq.write_table(pa.table({"a": [1, 2]}), other)
    assert_one_clear_line(["report", str(other), *out], "not a results file")
    assert_one_clear_line(["report", str(tmp_path / "x.csv"), *out], ".jsonl or .parquet")


def test_report_refuses_other_games_and_unwritable_output(
    tmp_path: Path, runs: dict[str, Path]
) -> None:
    needs_matplotlib()
    assert_one_clear_line(
        ["report", str(runs["jsonl"]), str(runs["kicks"]), "-o", str(tmp_path / "r.html")],
        "runs of one game",
        "kicks is get-your-kicks",
    )
    assert_one_clear_line(
        ["report", str(runs["jsonl"]), "-o", str(tmp_path / "none" / "r.html")], "cannot write"
    )
