"""The proof that the expert's compiled rollouts play Road to 300 by the engine's rules.

* :func:`check_choices`: on engine states reached by random play (solo, random
  rules options), the compiled legal crosses (:func:`.steps.cross_slots`) and, for
  each, the compiled movement ends (:func:`.steps.destination_mask`) equal the
  engine's legal actions after that cross; and the compiled base policy
  (:func:`.policy.choose_pair`) picks what the numpy planner picks
  (``planner.plan`` with width 0), field and end;
* :func:`check_replays`: rollouts traced from engine positions (random options) are
  replayed through ``RoadTo300State.apply_action`` (any illegal action raises); the
  engine's game ends where the rollout says, with the same score.

``tests/bots/test_road_to_300_fast.py`` runs both; ``docs/history.md`` (Road
to 300: expert) gives the figures of a 10,000-state run.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from roadtrip.bots.road_to_300.evaluation import Rules
from roadtrip.bots.road_to_300.fast.playouts import base_rollout
from roadtrip.bots.road_to_300.fast.policy import (
    FINAL_ALWAYS,
    FINAL_NEVER,
    FINAL_RULEBOOK,
    choose_pair,
)
from roadtrip.bots.road_to_300.fast.steps import (
    cross_slots,
    destination_mask,
    stream_start,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import CROSS_CELLS
from roadtrip.bots.road_to_300.planner import Settings, Sheet, plan
from roadtrip.core.errors import RoadtripError
from roadtrip.core.registry import load_game
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300Game, RoadTo300State
from roadtrip.games.road_to_300.sheet import CROSS, OUTSIDE, ROLL

FINAL_CODES = {"rulebook": FINAL_RULEBOOK, "always": FINAL_ALWAYS, "never": FINAL_NEVER}
_TRACE_ROWS = 3 * 400


class Mismatch(RoadtripError, AssertionError):
    """The compiled rollouts and the engine disagree."""


def random_options(rng: Random) -> dict[str, Any]:
    """Random solo rules options (a round limit one time in four)."""
    return {
        "cross_standing": rng.choice((False, True)),
        "first_move": rng.choice(("corner_step", "corner_free")),
        "no_cross": rng.choice(("reroll", "pass")),
        "final_field": rng.choice(("rulebook", "always", "never")),
        "target": rng.choice((300, 300, 250, rng.randint(1, 600))),
        "max_rounds": rng.choice((0, 0, 0, rng.randint(1, 25))),
    }


def _road(state: object) -> RoadTo300State:
    if not isinstance(state, RoadTo300State) or not isinstance(state.game, RoadTo300Game):
        raise Mismatch("not a Road to 300 state")
    return state


def _check_state(state: RoadTo300State) -> None:
    game = state.game
    if not isinstance(game, RoadTo300Game):
        raise Mismatch("not a Road to 300 game")
    sheet = state.sheets[0]
    slots = cross_slots(sheet.roll, sheet.crossed, sheet.circled, game.cross_standing)
    crosses = sorted(int(CROSS_CELLS[sheet.roll, k]) for k in range(6) if slots >> k & 1)
    if crosses != sorted(state.legal_actions(0)):
        raise Mismatch(f"crosses {crosses} != engine {state.legal_actions(0)}")
    stand = 0 if sheet.position == OUTSIDE else 1 << sheet.position
    for cell, die in sheet.cross_options:
        after = _road(state.clone())
        after.apply_action(cell, 0)
        ends = destination_mask(
            walk_row(sheet.position, die, game.corner_free),
            sheet.crossed | 1 << cell | stand | sheet.circled,
        )
        compiled = [MOVE_BASE + end for end in range(36) if ends >> end & 1]
        engine = [] if after.is_terminal() else sorted(after.legal_actions(0))
        if compiled != engine:
            raise Mismatch(f"ends after crossing {cell}: {compiled} != engine {engine}")
    settings = Settings(
        rules=Rules(
            target=game.target,
            cross_standing=game.cross_standing,
            final_field_on_fail=game.final_field == "always",
        ),
        final_field=game.final_field,
        corner_free=game.corner_free,
    )
    expected = plan(
        settings, Sheet(sheet.crossed, sheet.circled, sheet.position), sheet.cross_options, 0
    )
    cell, end = choose_pair(
        sheet.roll,
        sheet.crossed,
        sheet.circled,
        sheet.position,
        game.target,
        game.cross_standing,
        game.corner_free,
        FINAL_CODES[game.final_field],
    )
    wanted = (expected.cell, -1 if expected.end is None else expected.end)
    if (cell, end) != wanted:
        raise Mismatch(f"base policy {(cell, end)} != planner {wanted} on {sheet.__dict__}")


def check_choices(states: int, seed: int = 0) -> int:
    """Compare legal crosses, movement ends and the base policy on ``states`` states."""
    rng = Random(seed)
    checked = 0
    while checked < states:
        state = load_game("road-to-300", **random_options(rng)).new_initial_state()
        while not state.is_terminal() and checked < states:
            if state.is_chance_node():
                state.apply_action(rng.randrange(56))
                continue
            road = _road(state)
            if road.sheets[0].step == CROSS:
                _check_state(road)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions(0)), 0)
    return checked


def _start(rng: Random) -> tuple[dict[str, Any], RoadTo300State]:
    """An engine state between rounds (a roll due, on the grid, no failed roll)."""
    while True:
        options = random_options(rng)
        state = _road(load_game("road-to-300", **options).new_initial_state())
        stops = rng.randint(1, 12)
        while not state.is_terminal():
            sheet = state.sheets[0]
            if sheet.step == ROLL and sheet.position != OUTSIDE and sheet.failed == 0:
                stops -= 1
                if stops == 0:
                    return options, state
            if state.is_chance_node():
                state.apply_action(rng.randrange(56))
            else:
                state.apply_action(rng.choice(state.legal_actions(0)), 0)


def check_replays(games: int, seed: int = 0) -> int:
    """Replay ``games`` traced rollouts through the engine."""
    rng = Random(seed)
    stream = np.zeros(1, dtype=np.uint64)
    trace = np.zeros(_TRACE_ROWS, dtype=np.int64)
    for index in range(games):
        options, state = _start(rng)
        game = state.game
        if not isinstance(game, RoadTo300Game):
            raise Mismatch("not a Road to 300 game")
        sheet = state.sheets[0]
        limit = game.max_rounds
        stream[0] = stream_start(np.uint64(seed), np.uint64(index), np.uint64(1))
        trace[:] = -2
        to_the_end = index % 2 == 1  # every other rollout plays on past the target
        score = base_rollout(
            sheet.crossed,
            sheet.circled,
            sheet.position,
            limit - state.round + 1 if limit else -1,
            game.target,
            game.cross_standing,
            FINAL_CODES[game.final_field],
            game.pass_on_fail,
            to_the_end,
            stream,
            trace,
        )
        for row in range(0, _TRACE_ROWS, 3):
            roll, cell, end = (int(x) for x in trace[row : row + 3])
            if roll == -2:
                break
            state.apply_action(roll)
            if cell >= 0:
                state.apply_action(cell, 0)
            if end >= 0:
                state.apply_action(MOVE_BASE + end, 0)
        sheet = state.sheets[0]
        locked = board.mask_value(sheet.crossed & sheet.circled)
        over = state.is_terminal()
        same_end = over and int(state.scores()[0]) == score
        # Unless played to the end, the rollout stops once the target is locked in:
        # the engine has the same points locked in, and its game (over or not) is won.
        locked_in = not to_the_end and score >= game.target and locked == score
        if not same_end and not (locked_in and (not over or state.returns() == [1.0])):
            raise Mismatch(
                f"rollout {index} {options}: engine {state.scores()} (over: {over}, "
                f"locked {locked}) != rollout {score}"
            )
    return games
