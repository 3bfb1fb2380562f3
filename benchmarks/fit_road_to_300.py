"""Fit the Road to 300 expert's evaluation weights by self-play (solo game).

Plays games on bitmasks with the expert's planner (``--width 0``: the base policy
alone, no look-ahead; ``-1``: plain greedy).  With ``--explore`` one decision of
each game (from the 7th on) is a random one of the base policy's four favourite
choices, and only the positions from there on are recorded: the look-ahead
compares exactly such alternatives.  Fits a logistic regression of the game's
result on the evaluation's features (positions the exact rules do not settle)
and prints the weights to paste into ``evaluation.WEIGHTS`` (or
``WEIGHTS_CROSS_STANDING``).  ``play`` here is the bitmask simulator the tests and
docs/history.md compare with the engine.

    python benchmarks/fit_road_to_300.py --games 8000 --width 0 --explore
    python benchmarks/fit_road_to_300.py --games 6000 --width 0 --explore --cross-standing
"""

from __future__ import annotations

import argparse
import time
from bisect import bisect
from itertools import accumulate
from random import Random

import numpy as np

from roadtrip.bots.road_to_300.evaluation import (
    WEIGHTS,
    Positions,
    Rules,
    features,
    measure,
    settled,
)
from roadtrip.bots.road_to_300.planner import (
    OUTSIDE,
    Choice,
    Settings,
    Sheet,
    candidates,
    ended_score,
    plan,
)
from roadtrip.bots.road_to_300.search import static_values
from roadtrip.games.road_to_300 import board

EXPLORE_FROM = 6  # the decisions where the look-ahead matters (endgame)
_CUMULATIVE = list(accumulate(p for _, p in board.ROLL_OUTCOMES))


def roll(rng: Random) -> int:
    return min(bisect(_CUMULATIVE, rng.random() * _CUMULATIVE[-1]), len(board.ROLLS) - 1)


def play(
    settings: Settings, rng: Random, width: int, explore: bool = False
) -> tuple[bool, int, list[tuple[int, int, int]]]:
    """One solo game: (won, score, positions between rounds).  ``explore``: one
    decision, drawn at random, is a random choice, and only the positions from it
    on are returned (their futures follow the policy)."""
    explore_at = rng.randrange(EXPLORE_FROM, 15) if explore else -1
    decision = 0
    crossed = circled = 0
    position = OUTSIDE
    failed = 0
    seen: list[tuple[int, int, int]] = []
    while True:
        outcome = roll(rng)
        blocked = crossed if settings.rules.cross_standing else crossed | circled
        options = tuple(o for o in board.CROSS_OPTIONS[outcome] if not blocked >> o[0] & 1)
        if not options:
            failed += 1
            if failed == 3:
                scored = crossed & circled
                if settings.final_field == "always" and position != OUTSIDE:
                    scored |= 1 << position
                score = board.mask_value(scored)
                break
            continue
        failed = 0
        sheet = Sheet(crossed, circled, position)
        if decision == explore_at:
            choice = explore_choice(settings, sheet, options, rng)
            seen.clear()
        elif width < 0:
            choice = greedy(settings, sheet, options)
        else:
            choice = plan(settings, sheet, options, width)
        decision += 1
        stand = 0 if position == OUTSIDE else 1 << position
        if choice.end is None:
            score = ended_score(sheet, crossed | 1 << choice.cell | stand, settings.final_field)
            break
        crossed |= 1 << choice.cell | stand
        circled |= 1 << choice.end
        position = choice.end
        seen.append((crossed, circled, position))
    return score >= settings.rules.target, score, seen


def explore_choice(
    settings: Settings, sheet: Sheet, options: tuple[tuple[int, int], ...], rng: Random
) -> Choice:
    """One of the base policy's four favourite choices, at random (the choices the
    expert's look-ahead compares)."""
    moves, ending = candidates(settings, sheet, options)
    if not moves:
        return ending[0]
    keys, _ = static_values(
        settings.rules, [m[2] for m in moves], [m[3] for m in moves], [m[1] for m in moves]
    )
    order = sorted(range(len(moves)), key=lambda i: (-keys[i], i))[:4]
    cell, end, _, _ = moves[rng.choice(order)]
    return Choice(cell, end, 0.0)


def greedy(settings: Settings, sheet: Sheet, options: tuple[tuple[int, int], ...]) -> Choice:
    """The most valuable end now, then the cheapest cross (the greedy bot's rule)."""
    moves, ending = candidates(settings, sheet, options)
    if not moves:
        return ending[0]
    cell, end, _, _ = max(moves, key=lambda m: (board.VALUES[m[1]], -board.VALUES[m[0]]))
    return Choice(cell, end, 0.0)


def fit(table: np.ndarray, results: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method."""
    w = np.zeros(table.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(table @ w, -30, 30)))
        gradient = table.T @ (p - results) + ridge * w
        hessian = (table * (p * (1 - p))[:, None]).T @ table + ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--width", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cross-standing", action="store_true")
    parser.add_argument("--weights", help="start from these weights (comma-separated)")
    parser.add_argument("--greedy-start", action="store_true")
    parser.add_argument("--explore", action="store_true", help="one random choice a game")
    parser.add_argument("--max-need", type=int, default=600, help="fit these positions only")
    parser.add_argument("--rounds", type=int, default=1, help="play and refit this often")
    args = parser.parse_args()
    weights = tuple(float(w) for w in args.weights.split(",")) if args.weights else WEIGHTS
    data: tuple[list[tuple[int, int, int]], list[float]] = ([], [])
    for number in range(args.rounds):
        width = -1 if number == 0 and args.greedy_start else args.width
        weights = one_round(args, weights, width, data)


def one_round(
    args: argparse.Namespace,
    weights: tuple[float, ...],
    width: int,
    data: tuple[list[tuple[int, int, int]], list[float]],
) -> tuple[float, ...]:
    rules = Rules(cross_standing=args.cross_standing, weights=weights)
    settings = Settings(rules=rules)
    rng = Random(args.seed)
    rows, labels = data
    wins = 0
    started = time.perf_counter()
    for _ in range(args.games):
        won, _score, seen = play(settings, rng, width, args.explore)
        wins += won
        rows.extend(seen)
        labels.extend([float(_score)] * len(seen))
    elapsed = time.perf_counter() - started
    n = args.games
    rate = wins / n
    half = 1.96 * (rate * (1 - rate) / n) ** 0.5
    print(f"{n} games, width {width}: wins {rate:.3f} ± {half:.3f} ({elapsed:.1f} s)")
    positions = Positions(
        crossed=np.array([r[0] for r in rows], dtype=np.uint64),
        circled=np.array([r[1] for r in rows], dtype=np.uint64),
        position=np.array([r[2] for r in rows], dtype=np.int64),
    )
    measures = measure(rules, positions)
    table = features(measures)
    results = np.array(labels) >= rules.target
    known, _exact = settled(rules, measures)
    chosen = ~known & (measures.need <= args.max_need)
    fitted = fit(table[chosen], results[chosen].astype(np.float64))
    print(f"{int(chosen.sum())} positions fitted")
    print("(" + ", ".join(f"{w:.4f}" for w in fitted) + ")")
    return tuple(float(w) for w in fitted)


if __name__ == "__main__":
    main()
