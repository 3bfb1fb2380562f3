"""A position's value as an expectimax over the engine's 56 rolls (the reference the
compiled look-aheads are checked against): each roll's choices from
``planner.candidates``, valued by the caller; rolls that cross nothing are rolled
again, and three in a row end the game with the points locked in."""

from __future__ import annotations

from collections.abc import Callable

from roadtrip.bots.road_to_300.evaluation import Rules
from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet, candidates
from roadtrip.games.road_to_300 import board

Moves = list[tuple[int, int, int, int]]  # (cell, end, crossed, circled) of each pair
RollValue = Callable[[Moves, list[Choice]], float]


def over_the_engine_s_rolls(
    crossed: int, circled: int, position: int, roll_value: RollValue, target: int = 300
) -> float:
    """The expectation over the rolls of ``roll_value(moves, ending)`` (the pairs of
    a roll, and its crosses that end the game valued exactly: won or lost)."""
    settings = Settings(rules=Rules(target=target))
    sheet = Sheet(crossed, circled, position)
    blocked = crossed | circled
    total = fail = 0.0
    for options, (_roll, probability) in zip(board.CROSS_OPTIONS, board.ROLL_OUTCOMES, strict=True):
        legal = tuple((cell, die) for cell, die in options if not blocked >> cell & 1)
        if not legal:
            fail += float(probability)
            continue
        moves, ending = candidates(settings, sheet, legal)
        total += float(probability) * roll_value(moves, ending)
    three = fail**3
    locked = board.mask_value(crossed & circled)
    return total / (1 - fail) * (1 - three) + three * (locked >= target)
