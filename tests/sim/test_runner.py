"""The simulation runner and its statistics: reproducible whatever the number of
workers, mergeable across chunks, and strict about bad requests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import roadtrip
from roadtrip.bots import UnknownBot
from roadtrip.core import InvalidOption, UnknownGame
from roadtrip.sim.runner import (
    SimulationError,
    chunk_bounds,
    game_rngs,
    play_games,
    prepare,
    simulate,
)
from roadtrip.sim.stats import (
    GameResult,
    SimulationSummary,
    Tally,
    histogram_mean,
    histogram_median,
    wilson_interval,
)

MACHINE_FIELDS = ("elapsed_s", "games_per_second", "workers")


def _results(summary: SimulationSummary) -> dict[str, Any]:
    data = summary.to_dict()
    for name in MACHINE_FIELDS:
        data.pop(name)
    return data


def test_same_seed_same_summary_with_one_or_two_workers() -> None:
    options = {"players": 2}
    bots = ["greedy", "random"]
    one = simulate("road-to-300", options, bots, 60, seed=3, workers=1)
    two = simulate("road-to-300", options, bots, 60, seed=3, workers=2)
    assert _results(one) == _results(two)
    assert two.workers == 2
    again = simulate("road-to-300", options, bots, 60, seed=3)
    assert _results(again) == _results(one)
    other = simulate("road-to-300", options, bots, 60, seed=4)
    assert _results(other) != _results(one)


def test_a_game_depends_only_on_the_seed_and_its_index() -> None:
    game = roadtrip.load_game("road-to-300", players=3)
    names = ("greedy", "random", "random")
    whole = play_games(game, names, 9, 0, 30)
    parts = play_games(game, names, 9, 0, 11)
    parts.merge(play_games(game, names, 9, 11, 30))
    assert parts == whole
    a, b = game_rngs(9, 4)
    c, d = game_rngs(9, 4)
    assert a.random() == c.random() and b.random() == d.random()
    assert game_rngs(9, 4)[0].random() != game_rngs(9, 5)[0].random()


def test_chunks_cover_every_game_once() -> None:
    for games, workers in [(1, 1), (7, 2), (1000, 3), (100_000, 2)]:
        bounds = chunk_bounds(games, workers)
        covered = [i for start, stop in bounds for i in range(start, stop)]
        assert covered == list(range(games))


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_reports_every_game(workers: int) -> None:
    # The engine path reports each game; the fast path each chunk (test_fast_path.py).
    done: list[int] = []
    summary = simulate(
        "road-to-300", {}, "random", 40, seed=1, workers=workers, progress=done.append, engine=True
    )
    assert sum(done) == 40 == summary.games
    if workers == 1:
        assert done == [1] * 40


def test_summary_fields_and_json() -> None:
    summary = simulate("road-to-300", {"players": 3}, ["greedy"], 50, seed=5)
    data = json.loads(json.dumps(summary.to_dict()))
    assert data["games"] == 50
    assert data["bots"] == ["greedy", "greedy", "greedy"]
    assert data["options"]["players"] == 3  # the full options, defaults included
    assert len(data["seats"]) == 3
    for seat in summary.seats:
        assert seat.win_rate_low <= seat.win_rate <= seat.win_rate_high
        assert 0 < seat.mean_score < 600
    # Somebody wins every game; a shared win counts for each sharer and as one tie.
    total_wins = sum(seat.wins for seat in summary.seats)
    assert total_wins >= summary.games
    assert (summary.ties > 0) == (total_wins > summary.games)
    assert summary.mean_rounds is not None and summary.mean_rounds > 1
    assert summary.mean_decisions > 2 * summary.mean_rounds  # three seats decide each round
    assert summary.games_per_second > 0


def test_solo_wins_are_games_that_reach_the_target() -> None:
    game = roadtrip.load_game("road-to-300", target=200)
    tally = play_games(game, ("greedy",), 1, 0, 100)
    reached = sum(n for score, n in tally.score_histograms[0].items() if score >= 200)
    assert tally.wins == [reached]
    assert 0 < reached < 100
    assert tally.ties == 0
    never = simulate("road-to-300", {"target": 600}, "greedy", 20, seed=1)
    assert never.seats[0].wins == 0
    assert never.seats[0].win_rate_low == 0.0


def test_bad_requests_raise_typed_errors_before_playing() -> None:
    with pytest.raises(UnknownGame):
        simulate("no-such-game", {}, "random", 10, seed=1)
    with pytest.raises(InvalidOption):
        simulate("road-to-300", {"colour": "red"}, "random", 10, seed=1)
    with pytest.raises(UnknownBot):
        simulate("road-to-300", {}, "nobody", 10, seed=1)
    with pytest.raises(SimulationError, match="at least 1"):
        simulate("road-to-300", {}, "random", 0, seed=1)
    with pytest.raises(SimulationError, match="workers"):
        simulate("road-to-300", {}, "random", 5, seed=1, workers=0)
    with pytest.raises(SimulationError, match="2 seat"):
        prepare("road-to-300", {"players": 2}, ["random", "random", "random"], 10, 1)
    game, names = prepare("road-to-300", {"players": 2}, "random", 10, 1)
    assert names == ("random", "random") and game.num_players() == 2


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_histogram_mean_and_median() -> None:
    assert histogram_median(Counter({5.0: 3})) == 5.0
    assert histogram_median(Counter({1.0: 1, 2.0: 1})) == 1.5
    assert histogram_median(Counter({1.0: 2, 9.0: 1})) == 1.0
    assert histogram_median(Counter({1.0: 1, 3.0: 2, 10.0: 1})) == 3.0
    assert histogram_median(Counter()) == 0.0
    assert histogram_mean(Counter({1.0: 1, 2.0: 3})) == 1.75
    assert histogram_mean(Counter()) == 0.0


def test_tallies_merge_like_one_tally() -> None:
    results = [
        GameResult((10.0, 20.0), (False, True), 8, 4),
        GameResult((15.0, 15.0), (True, True), 6, 3),
        GameResult((30.0, 5.0), (True, False), 7, None),
    ]
    whole = Tally(2)
    for result in results:
        whole.add(result)
    left, right = Tally(2), Tally(2)
    left.add(results[0])
    for result in results[1:]:
        right.add(result)
    left.merge(right)
    assert left == whole
    assert whole.ties == 1 and whole.wins == [2, 2]
    assert whole.rounds == 7 and whole.games_with_rounds == 2
    with pytest.raises(ValueError):
        whole.merge(Tally(3))
    with pytest.raises(ValueError):
        whole.add(GameResult((1.0,), (True,), 1, 1))
