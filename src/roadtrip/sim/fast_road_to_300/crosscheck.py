"""The fast path checked against the engine: the same choices, the same results.

* :func:`check_legal_choices` walks engine states (random play, random options, 1-6
  players) and compares, at every decision, the engine's legal actions with the
  fast path's (:func:`~roadtrip.bots.road_to_300.fast.steps.cross_slots`,
  :func:`~roadtrip.bots.road_to_300.fast.steps.destination_mask`), and the greedy
  bot's set of best actions with the compiled ranking.
* :func:`check_replays` plays fast games with a trace of every action, replays each
  trace through ``RoadTo300State.apply_action`` (an illegal action raises) and
  compares scores, winners, rounds, decisions and ending.

Both return the number of states or games checked and raise :class:`Mismatch` at
the first difference.  ``benchmarks/bench_fast_road_to_300.py`` runs them in full.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from roadtrip.bots.road_to_300.fast.steps import (
    cross_slots,
    destination_mask,
    greedy_cross,
    greedy_move,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import CROSS_CELLS
from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot
from roadtrip.core.errors import RoadtripError
from roadtrip.core.registry import load_game
from roadtrip.core.state import shared_victory
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300State
from roadtrip.games.road_to_300.sheet import CROSS, MOVE
from roadtrip.sim.fast_road_to_300.eligibility import BOTS
from roadtrip.sim.fast_road_to_300.path import ENDINGS, kernel_options, seed_word, win_matrix
from roadtrip.sim.fast_road_to_300.playing import TRACE_ROWS, play_game

# Every value of every rules option but the target and the round limit, which
# random_options draws from a range.
CHOICES: dict[str, tuple[Any, ...]] = {
    "cross_standing": (False, True),
    "first_move": ("corner_step", "corner_free"),
    "no_cross": ("reroll", "pass"),
    "final_field": ("rulebook", "always", "never"),
}


class Mismatch(RoadtripError, AssertionError):
    """The fast path and the engine disagree."""


def random_options(rng: Random, max_players: int = 6) -> dict[str, Any]:
    """A random set of rules options (a round limit one time in four)."""
    options = {name: rng.choice(values) for name, values in CHOICES.items()}
    options["players"] = rng.randint(1, max_players)
    options["target"] = rng.choice((300, 250, rng.randint(1, 600)))
    options["max_rounds"] = rng.choice((0, 0, 0, rng.randint(1, 25)))
    return options


def _mask_cells(mask: int, base: int = 0) -> list[int]:
    return [base + cell for cell in range(36) if mask >> cell & 1]


def fast_legal(state: RoadTo300State, seat: int) -> tuple[list[int], list[int]]:
    """The fast path's legal actions for ``seat`` and the greedy bot's best ones."""
    game = state.game
    options = kernel_options(game.options)
    sheet = state.sheets[seat]
    if sheet.step == CROSS:
        slots = cross_slots(sheet.roll, sheet.crossed, sheet.circled, options[0])
        legal = [int(CROSS_CELLS[sheet.roll, k]) for k in range(6) if slots >> k & 1]
        best = greedy_cross(
            sheet.roll, slots, sheet.crossed, sheet.circled, sheet.position, options[1]
        )
        return legal, [int(CROSS_CELLS[sheet.roll, k]) for k in range(6) if best >> k & 1]
    if sheet.step == MOVE:
        row = walk_row(sheet.position, sheet.move_die, options[1])
        ends = destination_mask(row, sheet.crossed | sheet.circled)
        best = greedy_move(ends, sheet.crossed, sheet.circled)
        return _mask_cells(ends, MOVE_BASE), _mask_cells(best, MOVE_BASE)
    return [], []


def engine_best(bot: GreedyRoadTo300Bot, state: RoadTo300State, seat: int) -> list[int]:
    """The engine greedy bot's best actions (before its random tie-break)."""
    legal = tuple(state.legal_actions(seat))
    if len(legal) == 1:
        return list(legal)
    if legal[0] < MOVE_BASE:
        return sorted(bot._best_crossings(state, seat, legal))
    return sorted(bot._best_destinations(state, seat, legal))


def check_legal_choices(states: int, seed: int = 0) -> int:
    """Compare legal and greedy-best actions on ``states`` decision states."""
    rng = Random(seed)
    checked = 0
    while checked < states:
        game = load_game("road-to-300", **random_options(rng))
        bot = GreedyRoadTo300Bot(game)
        state = game.new_initial_state()
        while not state.is_terminal() and checked < states:
            if state.is_chance_node():
                state.apply_action(rng.randrange(56))
                continue
            for seat in state.active_seats():
                legal, best = fast_legal(_road(state), seat)
                if legal != state.legal_actions(seat):
                    raise Mismatch(f"legal actions {legal} != {state.legal_actions(seat)}")
                expected = engine_best(bot, _road(state), seat)
                if best != expected:
                    raise Mismatch(f"greedy best {best} != {expected} for seat {seat}")
                checked += 1
            seat = state.active_seats()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return checked


def _road(state: object) -> RoadTo300State:
    if not isinstance(state, RoadTo300State):
        raise Mismatch("not a Road to 300 state")
    return state


def trace_game(
    options: dict[str, Any], bot_names: list[str], seed: int, index: int
) -> tuple[list[int], int, int, str, list[tuple[int, int]]]:
    """Fast game ``index``: scores, rounds, decisions, ending and its (seat, action)s."""
    game = load_game("road-to-300", **options)
    bots = np.array([BOTS[name] for name in bot_names], dtype=np.int64)
    scores = np.zeros(len(bot_names), dtype=np.int64)
    trace = np.zeros((TRACE_ROWS, 2), dtype=np.int64)
    rounds, decisions, ending, length = play_game(
        seed_word(seed), np.uint64(index), bots, *kernel_options(game.options), scores, trace
    )
    actions = [(int(seat), int(action)) for seat, action in trace[:length]]
    return [int(s) for s in scores], rounds, decisions, ENDINGS[ending], actions


def check_replays(games: int, seed: int = 0) -> int:
    """Replay ``games`` traced fast games (random options and bots) through the engine."""
    rng = Random(seed)
    for index in range(games):
        options = random_options(rng)
        names = [rng.choice(sorted(BOTS)) for _ in range(options["players"])]
        scores, rounds, decisions, ending, actions = trace_game(options, names, seed, index)
        state = load_game("road-to-300", **options).new_initial_state()
        for seat, action in actions:
            if seat < 0:
                state.apply_action(action)
            else:
                state.apply_action(action, seat)
        wins = win_matrix(np.array([scores]), int(options["target"]))[0]
        returns = shared_victory([int(seat) for seat in np.flatnonzero(wins)], len(scores))
        if state.returns() != returns:
            raise Mismatch(f"game {index}: engine returns {state.returns()} != fast {returns}")
        got = (
            [int(s) for s in state.scores()],
            state.rounds_played(),
            len([1 for seat, _ in actions if seat >= 0]),
            state.ending(),
        )
        if not state.is_terminal() or got != (scores, rounds, decisions, ending):
            raise Mismatch(
                f"game {index} {options} {names}: engine {got} != fast "
                f"{(scores, rounds, decisions, ending)}"
            )
    return games
