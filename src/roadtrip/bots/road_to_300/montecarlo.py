"""The Road to 300 expert's search: flat Monte Carlo over cross-and-move pairs.

On a roll the planner (``planner.candidates``) lists every pair of a step-2 cross
and a step-4 end; the base policy (``evaluation.base_key``, compiled in
:mod:`roadtrip.bots.road_to_300.fast.policy`) ranks them, and the ``width`` best
are compared by playing the game on from each with the base policy (rollouts in
numba).  Rollout ``i`` meets the same dice after every pair (common random
numbers), so the comparison is paired.  The budget, in units of work, is
``rollouts`` (one rollout: one pair played on to the end of the game; ``ROLLOUTS``
turns "about ``seconds``" into rollouts, measured once on a quiet core here by
``benchmarks/calibrate_budgets.py``), split by **sequential halving**: rounds of
rollouts for the pairs still in the running, the worse half dropped after each
round, each round given an equal share of the rollouts left; the search stops
early when one pair is left.  With the same seed and budget the choice is the same
on any machine at any load.  The best mean win (ties: the higher mean score, then
the base policy's order) is played if it is clearly better than the base policy's
own pair by the shared switch rule (:mod:`roadtrip.bots.search.switch`, on their
paired rollouts, corrected for the pairs compared); otherwise the base pair is.

This is rollout-based policy improvement of the base policy: the base policy
alone wins about 60% of default games; benchmarks/README.md has the figures.
numba is the optional ``fast`` extra; :func:`available` says whether it is
installed (without it the expert falls back to the numpy look-ahead of
``planner.plan``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib.util import find_spec
from typing import Any

from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet, candidates
from roadtrip.bots.search.switch import clearly_better
from roadtrip.bots.work import Calibration

# Rollouts one second buys (compiled, the base policy to the end of a solo game) on a
# quiet core of the reference machine: measured by benchmarks/calibrate_budgets.py.
ROLLOUTS = Calibration("road-to-300 rollouts", "rollouts", per_second=75_000, minimum=16)
FINAL_CODES = {"rulebook": 0, "always": 1, "never": 2}
_SCORE_TIE = 1e-6  # a point of final score in a rollout's paired value (wins first)


def available() -> bool:
    """Is numba installed (the compiled rollouts)?"""
    return find_spec("numba") is not None


def kernels() -> Any:
    """The compiled rollouts (:mod:`.fast.playouts`), imported on first use."""
    from roadtrip.bots.road_to_300.fast import playouts

    return playouts


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the rollout kernels now."""
    np = numpy_module()
    playouts = kernels()
    one = np.zeros(1, dtype=np.int64)
    scores = np.zeros((1, 1), dtype=np.int64)
    base = playouts.BASE_POLICY
    playouts.rollout_batch(
        base, one, one, one, 0, 1, np.uint64(1), -1, 300, False, 0, False, False, scores
    )


def numpy_module() -> Any:
    """numpy, imported on first use."""
    import numpy

    return numpy


@dataclass(frozen=True)
class PairEstimate:
    """A cross-and-move pair and what its rollouts gave."""

    cell: int
    end: int | None  # None: the cross ends the game
    wins: float  # mean win (0..1)
    score: float  # mean final score (points locked in once the target is reached)
    rollouts: int  # 0: valued exactly (a cross that ends the game)


def estimate_pairs(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    width: int,
    rollouts: int,
    seed: int,
    rounds_left: int = -1,
) -> list[PairEstimate]:
    """Every pair the search looked at, best first (see the module doc).

    ``rollouts``: the budget (the result depends on it and ``seed`` alone);
    ``rounds_left``: rounds before a round limit ends the game (-1: no limit).
    """
    np = numpy_module()
    playouts = kernels()
    from roadtrip.bots.road_to_300.fast import policy  # loaded by kernels()

    rules = settings.rules
    final_code = FINAL_CODES[settings.final_field]
    moves, ending = candidates(settings, sheet, options)
    exact = [
        PairEstimate(c.cell, None, c.value, float(rules.target if c.value else 0), 0)
        for c in ending
    ]
    won = [e for e in exact if e.wins >= 1.0]
    if won or not moves:
        return sorted(exact, key=lambda e: -e.wins)
    keys = [
        policy.position_key(
            crossed,
            circled,
            end,
            rules.target,
            rules.cross_standing,
            rules.final_field_on_fail,
        )
        for _cell, end, crossed, circled in moves
    ]
    order = sorted(range(len(moves)), key=lambda i: (-keys[i], i))[: max(1, width)]
    crossed_a = np.array([moves[i][2] for i in order], dtype=np.int64)
    circled_a = np.array([moves[i][3] for i in order], dtype=np.int64)
    position_a = np.array([moves[i][1] for i in order], dtype=np.int64)
    wins = np.zeros(len(order))
    score = np.zeros(len(order))
    done = np.zeros(len(order), dtype=np.int64)
    alive = list(range(len(order)))
    # Each pair's rollouts in order (rollout i of every pair meets the same dice):
    # a win counts 1, the final score breaks ties (as the ranking does).
    paired: list[list[float]] = [[] for _ in order]
    spent = 0
    first = 0
    while len(alive) > 1:
        halvings = math.ceil(math.log2(len(alive)))
        count = (rollouts - spent) // (halvings * len(alive))
        if count < 1:
            break
        index = np.array(alive, dtype=np.int64)
        scores = np.zeros((len(alive), count), dtype=np.int64)
        playouts.rollout_batch(
            playouts.BASE_POLICY,
            crossed_a[index],
            circled_a[index],
            position_a[index],
            first,
            count,
            np.uint64(seed & 0xFFFFFFFFFFFFFFFF),
            rounds_left,
            rules.target,
            rules.cross_standing,
            final_code,
            settings.passing,
            False,
            scores,
        )
        spent += count * len(alive)
        wins[index] += (scores >= rules.target).sum(axis=1)
        score[index] += scores.sum(axis=1)
        done[index] += count
        won = scores >= rules.target
        for row, pair in enumerate(alive):
            paired[pair].extend((won[row] + scores[row] * _SCORE_TIE).tolist())
        first += count
        ranked = sorted(alive, key=lambda c: (-wins[c], -score[c], c))
        alive = ranked[: (len(ranked) + 1) // 2]
    estimates = [
        PairEstimate(
            moves[order[c]][0],
            moves[order[c]][1],
            float(wins[c] / done[c]) if done[c] else 0.0,
            float(score[c] / done[c]) if done[c] else 0.0,
            int(done[c]),
        )
        for c in range(len(order))
    ]
    # Pairs still in the running first (most rollouts), then by their means; the
    # base policy's pair (0) first unless the leader is clearly better.
    ranked_estimates = sorted(
        range(len(order)),
        key=lambda c: (-done[c], -wins[c] / max(done[c], 1), -score[c] / max(done[c], 1), c),
    )
    leader = ranked_estimates[0]
    if leader != 0 and not clearly_better(
        paired[leader], paired[0], comparisons=max(1, len(order) - 1)
    ):
        ranked_estimates = [0] + [c for c in ranked_estimates if c != 0]
    return [estimates[c] for c in ranked_estimates] + exact


def best_pair(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    width: int,
    rollouts: int,
    seed: int,
    rounds_left: int = -1,
) -> Choice:
    """The pair the search plays (``estimate_pairs``' first)."""
    top = estimate_pairs(settings, sheet, options, width, rollouts, seed, rounds_left)[0]
    return Choice(top.cell, top.end, top.wins)
