"""The `roadtrip` app: listing games and options, and clear errors with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from roadtrip.cli import main as cli

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(cli.app, list(args), input=stdin)


def check_user_error(result: Result, *words: str) -> None:
    """Exit code 2, one red line on stderr naming the problem, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Error: ")
    assert result.stderr.strip().count("\n") == 0, result.stderr
    for word in words:
        assert word in result.stderr


def test_games_lists_road_to_300_with_players_and_option_defaults() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "road-to-300" in result.output and "Road to 300" in result.output
    assert "1-6" in result.output
    assert "target=300" in result.output and "no_cross=reroll" in result.output


def test_games_options_shows_every_option_with_default_and_doc() -> None:
    result = run("games", "--options", "road-to-300")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    for name in ("players", "cross_standing", "first_move", "no_cross", "final_field", "target"):
        assert name in out
    assert "corner_step" in out and "corner_free" in out and "1-600" in out
    assert "Score needed to win the solo game." in out


def test_options_of_an_unknown_game() -> None:
    check_user_error(run("games", "--options", "road-to-400"), "no game 'road-to-400'")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "nope"], ["no game 'nope'", "road-to-300"]),
        (["play", "road-to-300", "--option", "target=abc"], ["'target'", "whole number"]),
        (["play", "road-to-300", "-o", "bogus=1"], ["no option 'bogus'", "target"]),
        (["play", "road-to-300", "-o", "target"], ["name=value"]),
        (["play", "road-to-300", "-o", "no_cross=maybe"], ["'reroll', 'pass'"]),
        (["play", "road-to-300", "--players", "9"], ["between 1 and 6"]),
        (["play", "road-to-300", "--players", "2", "-o", "players=3"], ["disagree"]),
    ],
)
def test_bad_games_and_options_exit_2_with_a_clear_message(
    args: list[str], words: list[str]
) -> None:
    check_user_error(run(*args, stdin=""), *words)


def test_a_hint_budget_of_no_time_is_refused() -> None:
    result = run("play", "road-to-300", "--hint", "--hint-seconds", "0", stdin="")
    assert result.exit_code == 2 and "--hint-seconds" in result.output


def test_options_are_applied() -> None:
    result = run("play", "road-to-300", "--seed", "4", "-o", "target=5", stdin="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "(target 5)" in result.output
    assert "You win!" in result.output


def test_saving_to_a_bad_path_is_a_clear_error(tmp_path: Path) -> None:
    target = str(tmp_path / "missing" / "dir" / "game.json")
    result = run("play", "road-to-300", "--seed", "1", "--save", target, stdin="1\n" * 400)
    check_user_error(result, "cannot save the record")


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for command in ("games", "play", "replay", "simulate"):
        assert command in result.output


def test_main_is_the_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["roadtrip", "games"])
    with pytest.raises(SystemExit) as exited:
        cli.main()
    assert exited.value.code in (0, None)
