"""Calibrate the advisor's engines: how many units of work one second buys.

    PYTHONPATH=src python benchmarks/calibrate_advice.py [--positions 6] [--units 1.0]

For each engine the advisor uses (the generic search per game, the search with
greedy playouts of multi-seat Road to 300, the Road to 300 compiled rollouts, the
solo Main Street sampler with a round limit), it advises on ``--positions``
positions of games played by random moves with a fixed budget of units, and
prints units per second of *CPU time of this process* (``time.process_time``:
less sensitive to other processes than the wall clock, though a busy core's
caches still slow it).  Run it on a quiet core and write the rates beside each
engine (``bots/advice/engines.py``, ``bots/advice/games.py``); ``--units`` scales
the budgets tried (1.0: about a second per decision at the shipped rates).
"""

from __future__ import annotations

import argparse
import time
from random import Random

import roadtrip
from roadtrip.bots.advice import advise, advisor_for
from roadtrip.core import sample_chance
from roadtrip.core.state import State

SETUPS = [
    ("get-your-kicks", {"players": 2}),
    ("mileage-may-vary", {"players": 2}),
    ("road-rally", {"players": 2}),
    ("open-road", {"players": 2}),
    ("road-to-300", {"players": 2}),
    ("road-to-300", {}),
    ("get-your-kicks", {"players": 1, "max_rounds": 30}),
]


def positions(game: roadtrip.Game, count: int, seed: int) -> list[State]:
    """``count`` states with a real choice, from random games."""
    rng = Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = game.new_initial_state()
        stop = rng.randint(2, 30)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                stop -= 1
                if stop == 0:
                    out.append(state.clone())
                    break
            state.apply_action(rng.choice(legal), seat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--units", type=float, default=1.0)
    args = parser.parse_args()
    for game_id, options in SETUPS:
        game = roadtrip.load_game(game_id, **options)
        hook = advisor_for(game)
        calibration = hook.calibration(game)
        if calibration is None:
            print(f"{game_id} {options}: {hook.name}: exact, no units")
            continue
        units = max(1, round(calibration.per_second * args.units))
        states = positions(game, args.positions, seed=7)
        seat = states[0].active_seats()[0]
        advise(states[0], states[0].active_seats()[0], iterations=units)  # load kernels
        cpu = 0.0
        for state in states:
            seat = state.active_seats()[0]
            started = time.process_time()
            advise(state, seat, iterations=units)
            cpu += time.process_time() - started
        rate = units * len(states) / cpu
        print(
            f"{game_id} {options}: {hook.name}: {units} {calibration.unit} per decision, "
            f"{cpu / len(states):.3f} s CPU each: {rate:.0f} per second "
            f"(shipped: {calibration.per_second:.0f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
