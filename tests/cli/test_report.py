"""``roadtrip report`` and ``roadtrip simulate --out/--resume/--report`` from the
command line: files written, runs continued, clear one-line errors."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from cli_kit import needs_matplotlib, stand_in_app, without_timing
from typer.testing import CliRunner

from roadtrip.cli import report, simulate
from roadtrip.cli.simulate_plan import sigterm_as_interrupt
from roadtrip.sim.recording import read_rows

APP = stand_in_app(simulate.register, report.register)
runner = CliRunner()
RUN = ["simulate", "road-to-300", "--players", "2", "--bots", "greedy,random", "--seed", "3"]


def test_out_then_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    first = runner.invoke(APP, [*RUN, "-n", "12", "--out", str(out), "--json"])
    assert first.exit_code == 0, first.output
    assert len(read_rows(out)) == 12
    again = runner.invoke(APP, [*RUN, "-n", "12", "--out", str(out)])
    assert again.exit_code == 2 and "exists: --resume continues it" in again.stderr
    more = runner.invoke(APP, [*RUN, "-n", "30", "--out", str(out), "--resume", "--json"])
    assert more.exit_code == 0, more.output
    assert sorted(row["index"] for row in read_rows(out)) == list(range(30))
    whole = runner.invoke(APP, [*RUN, "-n", "30", "--json"])
    resumed, direct = json.loads(more.stdout), json.loads(whole.stdout)
    assert without_timing(resumed) == without_timing(direct)


def test_resume_needs_out() -> None:
    result = runner.invoke(APP, [*RUN, "-n", "3", "--resume"])
    assert result.exit_code == 2
    assert "--resume continues the results file of --out" in result.stderr


def test_simulate_report_and_report_command_write_html(tmp_path: Path) -> None:
    needs_matplotlib()
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    page = tmp_path / "direct.html"
    made = runner.invoke(APP, [*RUN, "-n", "20", "--out", str(one), "--report", str(page)])
    assert made.exit_code == 0, made.output
    assert "<img src='data:image/png;base64," in page.read_text(encoding="utf-8")
    other = ["simulate", "road-to-300", "--players", "2", "--bots", "random,greedy", "-n", "20"]
    assert runner.invoke(APP, [*other, "--out", str(two)]).exit_code == 0
    html = tmp_path / "compare.html"
    args = ["report", str(one), str(two), "-o", str(html), "--label", "greedy first"]
    result = runner.invoke(APP, [*args, "--label", "random first"])
    assert result.exit_code == 0, result.output
    text = html.read_text(encoding="utf-8")
    assert "random first against greedy first" in text
    assert "What changed?" in text and "significant change" in text and "seat 1 win rate" in text
    assert "src='http" not in text and "<script" not in text and "<link" not in text


def test_report_errors_are_one_line(tmp_path: Path) -> None:
    missing = runner.invoke(APP, ["report", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such results file" in missing.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    result = runner.invoke(APP, ["report", str(empty)])
    assert result.exit_code == 2 and "no games in this results file" in result.stderr
    labels = runner.invoke(APP, ["report", str(empty), "--label", "a", "--label", "b"])
    assert labels.exit_code == 2 and "one --label per results file" in labels.stderr


def test_sigterm_stops_a_simulation_like_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt), sigterm_as_interrupt():
        os.kill(os.getpid(), signal.SIGTERM)
    assert signal.getsignal(signal.SIGTERM) is before  # restored after
