"""Road to 300's fast bulk path (roadtrip.sim.fast_road_to_300) against the engine.

The rules are the engine's: the same legal choices on engine states, the same
results when the engine replays a fast game's actions, and the same figures within
sampling error when both play many games.  ``simulate`` takes the fast path only for
Road to 300 with the random and greedy bots, and never with ``engine=True``.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("numba")

from roadtrip.core.registry import load_game
from roadtrip.sim.fast_road_to_300.crosscheck import (
    check_legal_choices,
    check_replays,
    trace_game,
)
from roadtrip.sim.fast_road_to_300.eligibility import fast_path_supports
from roadtrip.sim.fast_road_to_300.path import play_arrays, play_fast_chunk
from roadtrip.sim.runner import play_chunk, simulate
from roadtrip.sim.stats import Tally

DEFAULTS = dict(load_game("road-to-300").options)
C_SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "c" / "run.sh"


def test_legal_and_greedy_best_actions_equal_the_engine_on_2000_states() -> None:
    # Steps 2 and 4: the fields a roll lets you cross and where a movement may end,
    # under random options and 1-6 players; and the greedy bot's ranking.
    assert check_legal_choices(2000, seed=14) >= 2000


def test_fast_games_replayed_through_the_engine_give_the_same_results() -> None:
    # Every action of a fast game is legal in the engine, and the engine's scores,
    # returns, rounds, decisions and ending equal the fast path's.
    assert check_replays(400, seed=14) == 400


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 4, "no_cross": "pass", "final_field": "always"},
        {"players": 2, "cross_standing": True, "first_move": "corner_free", "max_rounds": 7},
    ],
)
def test_a_batch_plays_the_games_a_trace_plays(options: dict[str, object]) -> None:
    full = dict(load_game("road-to-300", **options).options)
    bots = ["greedy", "random", "greedy", "random"][: full["players"]]
    scores, rounds, decisions, _endings = play_arrays(full, bots, 3, 10, 30)
    for row, index in enumerate(range(10, 30)):
        traced = trace_game(full, bots, 3, index)
        assert traced[:3] == (list(scores[row]), rounds[row], decisions[row])


def test_chunks_add_up_to_the_whole_run_and_results_match_the_tally() -> None:
    # Games are seeded by index, so a run's tally does not depend on its chunks.
    whole = play_fast_chunk("road-to-300", {"players": 3}, ("greedy",) * 3, 9, 0, 300, True)
    parts = Tally(3)
    for start, stop in ((0, 120), (120, 121), (121, 300)):
        parts.merge(
            play_fast_chunk("road-to-300", {"players": 3}, ("greedy",) * 3, 9, start, stop).tally
        )
    assert parts == whole.tally
    added = Tally(3)
    for result in whole.results:
        added.add(result)
    assert added == whole.tally
    assert len(whole.results) == 300


def test_simulate_takes_the_fast_path_only_when_the_bots_allow() -> None:
    assert fast_path_supports("road-to-300", ["random", "greedy"])
    assert not fast_path_supports("road-to-300", ["greedy", "mcts"])
    assert not fast_path_supports("road-rally", ["random", "random"])
    assert simulate("road-to-300", {}, "greedy", 20, seed=1).path == "fast"
    assert simulate("road-to-300", {}, "greedy", 20, seed=1, engine=True).path == "engine"
    short = {"players": 2, "max_rounds": 1}  # mcts thinks: one round
    assert simulate("road-to-300", short, ["random", "mcts"], 1, seed=1).path == "engine"


def test_fast_path_progress_counts_every_game_by_chunk() -> None:
    done: list[int] = []
    summary = simulate("road-to-300", {}, "random", 40, seed=1, progress=done.append)
    assert summary.path == "fast"
    assert sum(done) == 40 and done == [5] * 8


def _mean_and_error(histogram: Counter[float], games: int) -> tuple[float, float]:
    mean = sum(score * count for score, count in histogram.items()) / games
    variance = sum((score - mean) ** 2 * count for score, count in histogram.items()) / games
    return mean, math.sqrt(variance / games)


@pytest.mark.parametrize(("bot", "engine_games"), [("random", 1500), ("greedy", 300)])
def test_fast_and_engine_summaries_agree_within_sampling_error(bot: str, engine_games: int) -> None:
    # Different random streams, the same rules: means within 4 standard errors.
    engine = play_chunk("road-to-300", DEFAULTS, (bot,), 5, 0, engine_games).tally
    fast = play_fast_chunk("road-to-300", DEFAULTS, (bot,), 5, 0, 20000).tally
    engine_mean, engine_error = _mean_and_error(engine.score_histograms[0], engine.games)
    fast_mean, fast_error = _mean_and_error(fast.score_histograms[0], fast.games)
    assert abs(engine_mean - fast_mean) < 4 * math.hypot(engine_error, fast_error)
    assert set(fast.endings) <= {"no_cross", "no_move"}


@pytest.mark.skipif(shutil.which("gcc") is None, reason="the C reference needs gcc")
def test_the_c_reference_plays_the_same_games_as_the_fast_path() -> None:
    out = subprocess.run(
        ["sh", str(C_SCRIPT), "3000", "7"], check=True, capture_output=True, text=True
    ).stdout
    c_totals = json.loads(out)
    scores, rounds, _decisions, _endings = play_arrays(DEFAULTS, ["random"], 7, 0, 3000)
    assert c_totals["total_score"] == int(scores.sum())
    assert c_totals["rounds"] == int(rounds.sum())
    assert c_totals["wins"] == int((scores >= 300).sum())
