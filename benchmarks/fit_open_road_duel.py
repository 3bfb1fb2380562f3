"""Fit the two-rider win chance of The Open Road (``bots/open_road/duel.py``).

    PYTHONPATH=src nice -n 10 python benchmarks/fit_open_road_duel.py \
        --train 1000 --test 400

Plays races of the heuristic against itself (two riders, deal ``i`` of
``game_rngs(seed, i)``: training seed 21, held-out seed 22), records the features of
``duel.rider_features`` for the rider to move and its rival at the start of every
turn, labelled by whether that rider won, and fits a logistic model (Newton's
method, a little L2) on the training races.  Prints the held-out mean log loss beside the
margin in dots alone and the expert's earlier value (``0.5 + 0.5 tanh(margin /
8)``), then the model refitted on all races, as ``duel.py`` holds it.
"""

from __future__ import annotations

import argparse

import numpy as np
from numpy.typing import NDArray

import roadtrip
from roadtrip.bots.open_road.bot import decide
from roadtrip.bots.open_road.duel import FEATURES, rider_features
from roadtrip.bots.open_road.evaluation import Situation, Weights
from roadtrip.bots.search.evaluation import sample_outcome
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.rules import OpenRoadState
from roadtrip.sim.runner import game_rngs

Array = NDArray[np.float64]


def races(seed: int, count: int) -> tuple[Array, Array]:
    """Features (the mover's, then the rival's) and labels (the mover won)."""
    game = roadtrip.load_game("open-road", players=2)
    weights = Weights()
    rows: list[tuple[float, ...]] = []
    labels: list[float] = []
    for index in range(count):
        chance, _ = game_rngs(seed, index)
        state = game.new_initial_state()
        assert isinstance(state, OpenRoadState)
        movers: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, chance))
                continue
            seat = state.current_player()
            if state.mode == F.ACT and state.actions_left == F.ACTIONS_PER_TURN:
                situation = Situation(state, seat, weights)
                mine = rider_features(state, situation, seat)
                rows.append(mine + rider_features(state, situation, 1 - seat))
                movers.append(seat)
            state.apply_action(decide(state, seat, state.legal_actions(seat), weights), seat)
        returns = state.returns()
        labels += [returns[seat] for seat in movers]
    return np.array(rows, dtype=float), np.array(labels, dtype=float)


def log_loss(chance: Array, labels: Array) -> float:
    p = np.clip(chance, 1e-6, 1 - 1e-6)
    return float(-np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p)))


def design(rows: Array) -> Array:
    """An intercept, then per feature the mover's and the rival's value."""
    n = len(FEATURES)
    columns = [np.ones(len(rows))]
    for i in range(n):
        columns += [rows[:, i], rows[:, n + i]]
    return np.column_stack(columns)


def fit(x: Array, labels: Array, l2: float = 1e-3, rounds: int = 50) -> Array:
    """Logistic regression by Newton's method, a little L2 on all but the intercept."""
    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], 2 * l2)
    penalty[0] = 0.0
    for _ in range(rounds):
        chance = 1 / (1 + np.exp(-(x @ beta)))
        gradient = x.T @ (chance - labels) / len(labels) + penalty * beta
        hessian = (x.T * (chance * (1 - chance))) @ x / len(labels) + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        beta = beta - step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return beta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=1000)
    parser.add_argument("--test", type=int, default=400)
    args = parser.parse_args()
    x_train, y_train = races(21, args.train)
    x_test, y_test = races(22, args.test)
    n = len(FEATURES)
    margin_test = x_test[:, n] - x_test[:, 0]
    earlier = log_loss(0.5 + 0.5 * np.tanh(margin_test / 8), y_test)
    margin_only = fit(
        np.column_stack([np.ones(len(x_train)), x_train[:, n] - x_train[:, 0]]), y_train
    )
    alone = log_loss(1 / (1 + np.exp(-(margin_only[0] + margin_only[1] * margin_test))), y_test)
    beta = fit(design(x_train), y_train)
    model = log_loss(1 / (1 + np.exp(-(design(x_test) @ beta))), y_test)
    print(f"{len(y_train)} training states, {len(y_test)} held out; held-out log loss:")
    print(f"  0.5 + 0.5 tanh(margin / 8): {earlier:.4f}; margin alone: {alone:.4f}")
    print(f"  model: {model:.4f}")
    beta = fit(design(np.vstack([x_train, x_test])), np.r_[y_train, y_test])
    print(f"MOVER = {beta[0]:.4f}")
    for i, name in enumerate(FEATURES):
        print(f"    ({beta[1 + 2 * i]:.4f}, {beta[2 + 2 * i]:.4f}),  # {name}")


if __name__ == "__main__":
    main()
