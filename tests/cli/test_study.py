"""``roadtrip study`` from the command line: every value runs the same games
(same seeds), the report names each value, a bad option or value is one clear
line and exit 2, and the parsing of a study's ``--option`` texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_kit import needs_matplotlib, stand_in_app, without_timing
from typer.testing import CliRunner

from roadtrip.cli import simulate, study
from roadtrip.core.errors import InvalidOption
from roadtrip.core.registry import game_class
from roadtrip.sim.recording import read_rows
from roadtrip.sim.study import parse_study

APP = stand_in_app(simulate.register, study.register)
runner = CliRunner()
STUDY = ["study", "road-to-300", "--players", "2", "--bots", "greedy,random", "--seed", "5"]


def test_study_runs_every_value_with_the_same_seeds_as_simulate(tmp_path: Path) -> None:
    needs_matplotlib()
    report = tmp_path / "study.html"
    out_dir = tmp_path / "runs"
    args = [*STUDY, "--option", "cross_standing=false,true", "--option", "no_cross=pass"]
    result = runner.invoke(
        APP, [*args, "-n", "10", "-o", str(report), "--out-dir", str(out_dir), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["option"] == "cross_standing" and data["values"] == [False, True]
    assert [run["label"] for run in data["runs"]] == ["cross_standing=false", "cross_standing=true"]
    for run in data["runs"]:
        value = "true" if run["value"] else "false"
        alone = runner.invoke(
            APP,
            [
                "simulate",
                "road-to-300",
                "--players",
                "2",
                "--bots",
                "greedy,random",
                "--seed",
                "5",
                "-n",
                "10",
                "--option",
                f"cross_standing={value}",
                "--option",
                "no_cross=pass",
                "--json",
            ],
        )
        assert alone.exit_code == 0, alone.output
        assert without_timing(run["summary"]) == without_timing(json.loads(alone.stdout))
        rows = read_rows(out_dir / f"road-to-300-cross_standing-{value}.jsonl")
        assert sorted(row["index"] for row in rows) == list(range(10))
    html = report.read_text(encoding="utf-8")
    assert "cross_standing=false" in html and "cross_standing=true" in html
    assert (
        "cross_standing=true against cross_standing=false" in html
    )  # the comparison with the first


def test_study_prints_a_table_with_a_row_per_value(tmp_path: Path) -> None:
    needs_matplotlib()
    report = tmp_path / "rally.html"
    result = runner.invoke(
        APP,
        [
            "study",
            "road-rally",
            "--option",
            "start_fix=none,off_start",
            "--option",
            "tiles=5",
            "--players",
            "3",
            "-n",
            "4",
            "-o",
            str(report),
        ],
    )
    assert result.exit_code == 0, result.output
    for value in ("none", "off_start"):
        assert value in result.stdout
    assert "row 1" in result.stdout  # the win rate by starting-row place
    assert report.exists()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["start_fix=none,bogus"], "must be one of 'none', 'off_start', 'off_start_other'"),
        (["nope=1,2"], "game 'road-rally' has no option 'nope'"),
        (["start_fix=none"], "a study varies exactly one option"),
        (["start_fix=none,off_start", "deck=balanced,red_heavy"], "a study varies exactly one"),
        (["start_fix=none,none"], "lists a value twice"),
        (["start_fix"], "name=value[,value...]"),
    ],
)
def test_a_bad_option_or_value_is_one_clear_line(
    tmp_path: Path, options: list[str], message: str
) -> None:
    report = tmp_path / "never.html"
    args = ["study", "road-rally", "-n", "2", "-o", str(report)]
    for text in options:
        args += ["--option", text]
    result = runner.invoke(APP, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not report.exists()


def test_a_bad_bot_stops_the_study_before_any_game(tmp_path: Path) -> None:
    report = tmp_path / "never.html"
    result = runner.invoke(
        APP,
        [*STUDY[:2], "--option", "cross_standing=false,true", "--bot", "nobody", "-o", str(report)],
    )
    assert result.exit_code == 2 and "nobody" in result.stderr
    assert not report.exists()


def test_parse_study_keeps_the_values_in_order_and_the_fixed_options() -> None:
    spec = game_class("road-rally").options_spec
    parsed = parse_study(
        "road-rally", spec, ["shortcut_rally=entrance,inside", "deck=red_heavy"], players=3
    )
    assert parsed.option == "shortcut_rally"
    assert parsed.values == ("entrance", "inside")  # the first is the baseline
    assert parsed.fixed == {"deck": "red_heavy", "players": 3}
    assert parsed.options_for("inside")["shortcut_rally"] == "inside"
    with pytest.raises(InvalidOption, match="--players or --option players="):
        parse_study("road-rally", spec, ["start_fix=none,off_start", "players=3"], players=4)


def test_study_table_keeps_every_column_when_redirected(tmp_path: Path) -> None:
    """Output to a file or pipe is not cut to Rich's 80 columns."""
    needs_matplotlib()
    args = ["study", "road-to-300", "--players", "6", "--bot", "random", "-n", "2", "--option"]
    result = runner.invoke(
        APP, [*args, "first_move=corner_step,corner_free", "-o", str(tmp_path / "s.html")]
    )
    assert result.exit_code == 0, result.output
    header = next(line for line in result.stdout.splitlines() if "┃ value" in line)
    assert "seat 6" in header and "rounds" in header and "ties" in header
    assert "…" not in result.stdout
    assert any(line.startswith("│ corner_free ") for line in result.stdout.splitlines())
