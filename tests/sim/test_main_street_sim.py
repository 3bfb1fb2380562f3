"""Simulating America's Main Street: every bot in every seat, turns to win a solo
game, how games ended, and the same through ``roadtrip simulate``."""

from __future__ import annotations

import json
from collections import Counter

import pytest
import typer
from typer.testing import CliRunner

import roadtrip
from roadtrip.cli.simulate import register
from roadtrip.sim.runner import ending_of, play_games, simulate
from roadtrip.sim.stats import GameResult, Tally

GAMES = ("get-your-kicks", "mileage-may-vary")
ENDINGS = {"complete", "six_black", "empty_bag"}
MACHINE_FIELDS = ("elapsed_s", "games_per_second", "workers")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bot_in_every_seat(game_id: str) -> None:
    bots = ["push-your-luck", "threshold", "random"]
    summary = simulate(game_id, {"players": 3}, bots, 60, seed=2)
    assert summary.bots == tuple(bots)
    assert sum(seat.wins for seat in summary.seats) >= 60  # someone wins every game
    assert sum(summary.endings.values()) == 60 and set(summary.endings) <= ENDINGS
    assert summary.mean_rounds_to_win is None  # turns to win: solo games only
    assert summary.median_rounds is not None and summary.median_rounds >= 1


def test_solo_kicks_counts_turns_to_win_and_endings() -> None:
    summary = simulate("get-your-kicks", {}, "threshold", 300, seed=4)
    wins = summary.seats[0].wins
    assert 0 < wins < 300
    # Solo: a win is a complete mat; six black cubes lose (by default).
    assert summary.endings.get("complete", 0) == wins
    assert summary.endings.get("six_black", 0) == 300 - wins
    assert summary.mean_rounds_to_win is not None and summary.median_rounds_to_win is not None
    assert summary.mean_rounds is not None
    assert 5 < summary.mean_rounds_to_win < 30
    data = summary.to_dict()
    assert data["endings"] == summary.endings
    assert data["mean_rounds_to_win"] == summary.mean_rounds_to_win
    assert data["median_rounds_to_win"] == summary.median_rounds_to_win
    assert data["median_rounds"] == summary.median_rounds


def test_solo_mileage_always_wins_and_its_turns_are_its_rounds() -> None:
    summary = simulate("mileage-may-vary", {}, "push-your-luck", 100, seed=4)
    assert summary.seats[0].wins == 100
    assert summary.mean_rounds_to_win == summary.mean_rounds
    assert summary.endings == {"complete": 100}


def test_unfinished_games_report_no_ending_and_road_to_300_says_why_it_ended() -> None:
    summary = simulate("road-to-300", {}, "random", 10, seed=1)
    assert sum(summary.endings.values()) == 10
    assert set(summary.endings) <= {"no_cross", "no_move"}
    state = roadtrip.load_game("road-to-300").new_initial_state()
    assert ending_of(state) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_one_or_two_workers_give_the_same_summary(game_id: str) -> None:
    bots = ["push-your-luck", "threshold"]
    one = simulate(game_id, {"players": 2}, bots, 40, seed=6).to_dict()
    two = simulate(game_id, {"players": 2}, bots, 40, seed=6, workers=2).to_dict()
    for data in (one, two):
        for name in MACHINE_FIELDS:
            data.pop(name)
    assert one == two


def test_tallies_merge_rounds_and_endings() -> None:
    game = roadtrip.load_game("get-your-kicks")
    names = ("threshold",)
    whole = play_games(game, names, 9, 0, 40)
    parts = play_games(game, names, 9, 0, 17)
    parts.merge(play_games(game, names, 9, 17, 40))
    assert parts == whole
    assert sum(whole.endings.values()) == 40
    assert sum(whole.round_histogram.values()) == 40
    assert sum(whole.win_round_histogram.values()) == whole.wins[0]
    tally = Tally(2)
    tally.add(GameResult((1.0, 2.0), (False, True), 5, 3, "complete"))
    assert tally.endings == Counter({"complete": 1})
    assert not tally.win_round_histogram  # only solo games count turns to win


# -------------------------------------------------------------------- CLI
def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """A stand-in for the roadtrip app (a callback keeps 'simulate' a subcommand)."""

    register(app)
    return app


APP = _app()
runner = CliRunner()


@pytest.mark.parametrize("game_id", GAMES)
def test_simulate_command_with_a_bot_per_seat_as_json(game_id: str) -> None:
    args = ["simulate", game_id, "--players", "3", "-n", "30", "--seed", "1", "--json"]
    result = runner.invoke(APP, [*args, "--bots", "push-your-luck,threshold,random"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == ["push-your-luck", "threshold", "random"]
    assert [seat["bot"] for seat in data["seats"]] == data["bots"]
    assert sum(data["endings"].values()) == 30
    assert data["mean_rounds_to_win"] is None


def test_simulate_command_table_shows_turns_to_win_and_endings() -> None:
    result = runner.invoke(
        APP, ["simulate", "get-your-kicks", "--bot", "threshold", "-n", "60", "--seed", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "turns to win: mean" in result.stdout
    assert "endings: complete" in result.stdout and "six_black" in result.stdout
    duel = runner.invoke(
        APP,
        ["simulate", "mileage-may-vary", "-p", "2", "--bots", "push-your-luck,random", "-n", "20"],
    )
    assert duel.exit_code == 0, duel.output
    assert "turns to win" not in duel.stdout and "ties" in duel.stdout


def test_simulate_command_rejects_a_bot_of_another_game() -> None:
    result = runner.invoke(APP, ["simulate", "get-your-kicks", "--bot", "greedy", "-n", "3"])
    assert result.exit_code == 2
    assert "no bot 'greedy'" in result.stderr and "push-your-luck" in result.stderr
