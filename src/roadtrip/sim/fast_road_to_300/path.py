"""The fast path as the runner sees it: when it applies, and chunks of games as tallies.

:func:`fast_path_supports` says whether a run can take the fast path: Road to 300,
every seat played by ``random`` or ``greedy``, numba installed, and no balance-stats
hook registered for the game (the compiled games count none).  Every rules option
is covered.  :func:`play_fast_chunk` has :func:`roadtrip.sim.runner.play_chunk`'s
signature and result, so every backend runs it the same way.

The fast path draws its own random streams (SplitMix64, see
:mod:`~roadtrip.sim.fast_road_to_300.playing`), not Python's ``Random``: a run's
results are reproducible for a seed, whatever the backend and the number of
workers, but they are other games than the engine path plays for the same seed
(the same rules, so the same figures within sampling error).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from importlib.util import find_spec
from typing import Any

import numpy as np
from numpy.typing import NDArray

from roadtrip.core.state import ROUND_LIMIT_ENDING, shared_victory
from roadtrip.sim.balance import has_game_stats
from roadtrip.sim.stats import GameResult, Tally

GAME_ID = "road-to-300"
BOTS = {"random": 0, "greedy": 1}  # playing.RANDOM, playing.GREEDY
# playing.END_* codes -> the engine's ending() strings.
ENDINGS = ("no_cross", "no_move", ROUND_LIMIT_ENDING, "every_sheet_ended")
FINAL_FIELDS = {"rulebook": 0, "always": 1, "never": 2}
_UINT64 = 1 << 64


def numba_installed() -> bool:
    """Is numba importable (the ``fast`` extra)?"""
    return find_spec("numba") is not None


def fast_path_supports(game_id: str, bot_names: Sequence[str]) -> bool:
    """Can games of ``game_id`` with these seat bots take the fast path?"""
    return (
        game_id == GAME_ID
        and all(name in BOTS for name in bot_names)
        and not has_game_stats(game_id)
        and numba_installed()
    )


def seed_word(seed: int) -> np.uint64:
    """A run's seed as the 64-bit word the streams start from (seed mod 2**64)."""
    return np.uint64(seed % _UINT64)


def kernel_options(options: dict[str, Any]) -> tuple[bool, bool, bool, int, int]:
    """The game's options as the compiled game takes them: cross_standing,
    corner_free, pass_on_fail, final_field code, max_rounds."""
    return (
        bool(options["cross_standing"]),
        options["first_move"] == "corner_free",
        options["no_cross"] == "pass",
        FINAL_FIELDS[str(options["final_field"])],
        int(options["max_rounds"]),
    )


def play_arrays(
    options: dict[str, Any], bot_names: Sequence[str], seed: int, start: int, stop: int
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Games ``start..stop-1``: scores (games x seats), rounds, decisions, ending codes."""
    # numba is optional: only a run that takes the fast path imports the compiled games.
    from roadtrip.sim.fast_road_to_300.playing import play_games

    bots = np.array([BOTS[name] for name in bot_names], dtype=np.int64)
    return play_games(seed_word(seed), start, stop, bots, *kernel_options(options))


def win_matrix(scores: NDArray[np.int64], target: int) -> NDArray[np.bool_]:
    """Who wins each game: solo, reaching the target; else the top score (ties share)."""
    if scores.shape[1] == 1:
        return scores >= target
    return scores == scores.max(axis=1, keepdims=True)


def _histogram(values: NDArray[np.int64], cast: type[float] | type[int]) -> Counter[Any]:
    keys, counts = np.unique(values, return_counts=True)
    return Counter({cast(key): int(count) for key, count in zip(keys, counts, strict=True)})


def tally_arrays(
    seats: int,
    target: int,
    scores: NDArray[np.int64],
    rounds: NDArray[np.int64],
    decisions: NDArray[np.int64],
    endings: NDArray[np.int64],
) -> Tally:
    """The :class:`Tally` that adding each game's :class:`GameResult` would give."""
    wins = win_matrix(scores, target)
    tally = Tally(seats)
    tally.games = int(scores.shape[0])
    tally.score_histograms = [_histogram(scores[:, seat], float) for seat in range(seats)]
    tally.wins = [int(count) for count in wins.sum(axis=0)]
    tally.ties = int((wins.sum(axis=1) > 1).sum()) if seats > 1 else 0
    tally.decisions = int(decisions.sum())
    tally.rounds = int(rounds.sum())
    tally.games_with_rounds = tally.games
    tally.round_histogram = _histogram(rounds, int)
    if seats == 1:
        tally.win_round_histogram = _histogram(rounds[wins[:, 0]], int)
    codes = _histogram(endings, int)
    tally.endings = Counter({ENDINGS[code]: count for code, count in codes.items()})
    return tally


def game_results(
    target: int,
    scores: NDArray[np.int64],
    rounds: NDArray[np.int64],
    decisions: NDArray[np.int64],
    endings: NDArray[np.int64],
) -> list[GameResult]:
    """Each game's :class:`GameResult`, as the engine path records it."""
    wins = win_matrix(scores, target)
    results = []
    for game in range(scores.shape[0]):
        winners = [int(seat) for seat in np.flatnonzero(wins[game])]
        returns = tuple(shared_victory(winners, scores.shape[1]))
        results.append(
            GameResult(
                scores=tuple(float(score) for score in scores[game]),
                wins=tuple(value > 0 for value in returns),
                decisions=int(decisions[game]),
                rounds=int(rounds[game]),
                ending=ENDINGS[int(endings[game])],
                returns=returns,
            )
        )
    return results
