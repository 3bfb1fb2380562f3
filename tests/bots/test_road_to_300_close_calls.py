"""Close calls two rolls deep: the Road to 300 expert's use of its time budget.

Checked against a reference built from the engine's rolls and choices
(``board.CROSS_OPTIONS``, ``planner.candidates``), and the Python side
(``valued.best_pair``, what the registered bot plays) against the compiled
``close_calls.close_pair`` the measurements use.
"""

from __future__ import annotations

from functools import partial
from random import Random

import numpy as np
import pytest
from road_to_300_rolls import Moves, over_the_engine_s_rolls

import roadtrip
from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.evaluation import Rules
from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet
from roadtrip.core import sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.sheet import CROSS

pytest.importorskip("numba")

from roadtrip.bots.road_to_300.fast import afterstates, close_calls, network, selfplay

Options = tuple[tuple[int, int], ...]


def _rolls_met(
    games: int, seed: int, cross_standing: bool = False
) -> list[tuple[int, Sheet, Options]]:
    """(roll, sheet, the engine's (field, die) options) at step 2 of games the greedy
    network plays (one in three), so the positions are like the expert's."""
    game = roadtrip.load_game("road-to-300", cross_standing=cross_standing)
    weights = valued.shipped_weights(cross_standing)
    rng = Random(seed)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    chosen = np.zeros(network.ACTIVE, dtype=np.int64)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            assert isinstance(state, RoadTo300State)
            sheet = state.sheets[0]
            if sheet.step == CROSS:
                here = Sheet(sheet.crossed, sheet.circled, sheet.position)
                found.append((sheet.roll, here, tuple(sheet.cross_options)))
                cell, end, _value, _settled = afterstates.greedy_pair(
                    weights, sheet.roll, sheet.crossed, sheet.circled, sheet.position,
                    300, cross_standing, False, 0, active, chosen,
                )  # fmt: skip
                state.apply_action(cell, 0)
                if end >= 0 and not state.is_terminal():
                    state.apply_action(board.CELLS + end, 0)
            else:
                state.apply_action(state.legal_actions(0)[0], 0)
    return found[::3]


def _two_rolls_by_the_engine_s_rolls(
    weights: np.ndarray, crossed: int, circled: int, position: int
) -> float:
    """Two rolls deep from the engine's rolls: on each of the 56, the network's three
    favourite pairs (``planner.candidates``) valued one roll deep, the best kept."""
    active = np.zeros(network.ACTIVE, dtype=np.int64)

    def best_favourite(moves: Moves, ending: list[Choice]) -> float:
        pairs = [(choice.value, choice.value) for choice in ending] + [
            (
                network.value(weights, after, rings, end, 300, False, False, active)[1],
                afterstates.lookahead(weights, after, rings, end, 300, False, 0),
            )
            for _cell, end, after, rings in moves
        ]
        favourites = sorted(pairs, key=lambda pair: -pair[0])[: close_calls.NEXT_WIDTH]
        return max(deeper for _value, deeper in favourites)

    return over_the_engine_s_rolls(crossed, circled, position, best_favourite)


def test_two_rolls_deep_is_the_expectation_of_the_best_next_pairs_one_roll_deep() -> None:
    weights = valued.shipped_weights(False)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    compared = 0
    for _roll, sheet, _options in _rolls_met(6, 3)[::4]:
        crossed, circled, position = sheet.crossed, sheet.circled, sheet.position
        if (
            position < 0
            or network.value(weights, crossed, circled, position, 300, False, False, active)[0]
        ):
            continue
        compiled = close_calls.lookahead_two(weights, crossed, circled, position, 300, False, 0)
        assert compiled == pytest.approx(
            _two_rolls_by_the_engine_s_rolls(weights, crossed, circled, position), abs=1e-12
        )
        compared += 1
    assert compared >= 5


def _close_calls(
    games: int, seed: int, cross_standing: bool = False
) -> list[tuple[int, Sheet, Options]]:
    """(roll, sheet, options) of the rolls met whose two best pairs (one roll deep)
    lie within ``CLOSE_MARGIN`` of each other."""
    settings = Settings(rules=Rules(cross_standing=cross_standing))
    found = []
    for roll, sheet, options in _rolls_met(games, seed, cross_standing):
        ranked = valued.value_pairs(settings, sheet, options, float("inf"))
        if len(ranked) < 2:
            continue
        first, second = ranked[:2]
        gap = (first.deeper or 0.0) - (second.deeper if second.deeper is not None else -1.0)
        if first.end is not None and first.deeper is not None and gap < close_calls.CLOSE_MARGIN:
            found.append((roll, sheet, options))
    return found


def test_the_bot_s_close_calls_are_the_compiled_ones_and_some_are_overturned() -> None:
    """On close calls, the expert's Python search (``valued.best_pair``, no time
    limit) chooses the compiled ``close_pair``; on some of them the second roll
    overturns the first choice one roll deep, and with no time left it does not."""
    weights = valued.shipped_weights(False)
    settings = Settings(rules=Rules())
    close = _close_calls(30, 4)
    overturned = 0
    for roll, sheet, options in close[:15]:
        crossed, circled, position = sheet.crossed, sheet.circled, sheet.position
        cell, end = close_calls.close_pair(weights, roll, crossed, circled, position, 300, False, 0)
        choice = valued.best_pair(settings, sheet, options, float("inf"))
        assert (choice.cell, choice.end) == (cell, end)
        ranked = valued.value_pairs(settings, sheet, options, float("inf"))
        if (ranked[0].cell, ranked[0].end) != (cell, end):
            overturned += 1
            after = partial(_after, crossed, circled, position)
            assert valued.closer_look(settings, ranked, after, 0.0) == ranked[0]
    assert len(close) >= 20 and overturned > 0


def _after(
    crossed: int, circled: int, position: int, pair: valued.PairValue
) -> tuple[int, int, int]:
    """(crossed, circled, end) after ``pair``'s round (as ``valued.best_pair``)."""
    assert pair.end is not None
    stand = 0 if position < 0 else 1 << position
    return crossed | 1 << pair.cell | stand, circled | 1 << pair.end, pair.end


def test_with_cross_standing_the_bot_stays_one_roll_deep() -> None:
    """``CLOSE_CALL_RULINGS``: with ``cross_standing`` close calls are not looked at
    further; the bot's choice is the compiled one-roll-deep choice, and the
    compiled measurement plays at that depth."""
    assert True not in valued.CLOSE_CALL_RULINGS
    assert valued.compiled_depth(True) == selfplay.ONE_ROLL
    assert valued.compiled_depth(False) == selfplay.CLOSE_TWO_ROLLS
    weights = valued.shipped_weights(True)
    settings = Settings(rules=Rules(cross_standing=True))
    close = _close_calls(10, 6, cross_standing=True)
    for roll, sheet, options in close[:12]:
        crossed, circled, position = sheet.crossed, sheet.circled, sheet.position
        choice = valued.best_pair(settings, sheet, options, float("inf"))
        one_roll = afterstates.deep_pair(weights, roll, crossed, circled, position, 300, True, 0)
        ranked = valued.value_pairs(settings, sheet, options, float("inf"))
        assert (choice.cell, choice.end) == (ranked[0].cell, ranked[0].end)
        if ranked[0].deeper != ranked[1].deeper:  # equal values: either order is right
            assert (choice.cell, -1 if choice.end is None else choice.end) == one_roll
    assert len(close) >= 10
