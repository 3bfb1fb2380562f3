"""The fast path as the runner sees it: chunks of games as arrays, tallies and results.

:func:`play_arrays` plays a chunk of games; :func:`tally_arrays` and
:func:`game_columns` turn the arrays into the :class:`~roadtrip.sim.stats.Tally`
and the :class:`~roadtrip.sim.columns.GameColumns` that the engine path gives
(arrays still: a results file is written from them without a Python object per
game), so
:func:`roadtrip.sim.runner.play_fast_chunk` (``play_chunk``'s signature and result)
runs on every backend the same way.  When a run may take the fast path:
:mod:`~roadtrip.sim.fast_road_to_300.eligibility`.

The fast path draws its own random streams (SplitMix64, see
:mod:`~roadtrip.sim.fast_road_to_300.playing`), not Python's ``Random``: a run's
results are reproducible for a seed, whatever the backend and the number of
workers, but they are other games than the engine path plays for the same seed
(the same rules, so the same figures within sampling error).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from roadtrip.core.registry import load_game
from roadtrip.core.state import ROUND_LIMIT_ENDING
from roadtrip.sim.columns import GameColumns, shared_returns
from roadtrip.sim.fast_road_to_300.eligibility import BOTS
from roadtrip.sim.fast_road_to_300.playing import play_games
from roadtrip.sim.stats import PlayedChunk, Tally

Progress = Callable[[int], None]  # as roadtrip.sim.runner's: games just finished

# playing.END_* codes -> the engine's ending() strings.
ENDINGS = ("no_cross", "no_move", ROUND_LIMIT_ENDING, "every_sheet_ended")
FINAL_FIELDS = {"rulebook": 0, "always": 1, "never": 2}
_UINT64 = 1 << 64


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
    bots = np.array([BOTS[name] for name in bot_names], dtype=np.int64)
    return play_games(seed_word(seed), start, stop, bots, *kernel_options(options))


def win_matrix(scores: NDArray[np.int64], target: int) -> NDArray[np.bool_]:
    """Who wins each game: solo, reaching the target; else the top score (ties share)."""
    top = scores.max(axis=1, keepdims=True)
    wins: NDArray[np.bool_] = scores >= target if scores.shape[1] == 1 else scores == top
    return wins


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
    """The :class:`Tally` that adding each game's result one by one would give."""
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


def game_columns(
    start: int,
    target: int,
    scores: NDArray[np.int64],
    rounds: NDArray[np.int64],
    decisions: NDArray[np.int64],
    endings: NDArray[np.int64],
) -> GameColumns:
    """Games ``start, start + 1, ...`` as the columns a results file is written from
    (the figures the engine path records, without a Python object per game)."""
    return GameColumns(
        index=np.arange(start, start + scores.shape[0], dtype=np.int64),
        scores=scores.astype(np.float64),
        returns=shared_returns(win_matrix(scores, target)),
        decisions=decisions,
        rounds=rounds,
        ending_codes=endings,
        ending_names=ENDINGS,
    )


def play_fast_chunk(
    game_id: str,
    options: dict[str, Any],
    bot_names: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    keep_results: bool = False,
    progress: Progress | None = None,
    think: float | None = None,  # the fast path's bots (random, greedy) never search
) -> PlayedChunk:
    """:func:`roadtrip.sim.runner.play_chunk` on Road to 300's fast path: compiled
    games with their own random streams, tallied at once; progress hears the chunk."""
    game = load_game(game_id, **options)
    target = int(game.options["target"])
    arrays = play_arrays(game.options, bot_names, seed, start, stop)
    tally = tally_arrays(game.num_players(), target, *arrays)
    games = game_columns(start, target, *arrays) if keep_results else None
    if progress is not None:
        progress(stop - start)
    return PlayedChunk(start, stop, tally, games)
