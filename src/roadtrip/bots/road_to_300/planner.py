"""The Road to 300 expert's decision on a roll: which field to cross, where to end.

A choice of step 2 fixes the movement die, and nothing random happens between
step 2 and step 4, so the planner picks the cross and the end of the movement
together.  Every such pair is ranked by the base policy (``evaluation.base_key``);
in the endgame (at most ``search_need`` points needed) the ``width`` best are
then compared (``width``: the budget, in pairs) by the expectimax over the next roll
(``search.position_value``).  A cross that leaves no legal movement ends the
game: it is valued as the game's result, so a cross that locks in a win is taken.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadtrip.bots.road_to_300.evaluation import Rules
from roadtrip.bots.road_to_300.search import position_value, static_values
from roadtrip.games.road_to_300 import board

OUTSIDE = -1


@dataclass(frozen=True)
class Sheet:
    """A solo sheet between step 1 and step 2: masks and the field stood on."""

    crossed: int
    circled: int
    position: int  # OUTSIDE before the first movement


@dataclass(frozen=True)
class Choice:
    """Cross ``cell`` (step 2), then end the movement on ``end`` (None: no legal
    movement, the game ends), with its estimated chance of winning."""

    cell: int
    end: int | None
    value: float


def ended_score(sheet: Sheet, crossed: int, final_field: str) -> int:
    """The score when the game ends in step 4 right after crossing (``crossed`` has
    step 2's and step 3's crosses)."""
    scored = crossed & sheet.circled
    if sheet.position != OUTSIDE and final_field == "never":
        scored &= ~(1 << sheet.position)
    return board.mask_value(scored)


def walks_for(sheet: Sheet, die: int, corner_free: bool) -> tuple[tuple[int, int], ...]:
    if sheet.position == OUTSIDE:
        return board.ENTRY_WALKS[die] if corner_free else board.ENTRY_WALKS[die - 1]
    return board.WALKS[sheet.position][die]


@dataclass(frozen=True)
class Settings:
    """The game options the planner needs."""

    rules: Rules
    final_field: str = "rulebook"
    corner_free: bool = False
    passing: bool = False  # no_cross=pass: a failed roll ends the round
    # The look-ahead runs only when at most this many points are still needed
    # (the endgame, where its leaves are mostly settled results).
    search_need: int = 600
    # ... and two rolls deep when at most this many are needed.
    deep_need: int = 0


def candidates(
    settings: Settings, sheet: Sheet, options: tuple[tuple[int, int], ...]
) -> tuple[list[tuple[int, int, int, int]], list[Choice]]:
    """((cell, end, crossed, circled) for every cross-and-move pair, the crosses
    that end the game valued exactly)."""
    moves: list[tuple[int, int, int, int]] = []
    ending: list[Choice] = []
    stand = 0 if sheet.position == OUTSIDE else 1 << sheet.position
    for cell, die in options:
        crossed = sheet.crossed | 1 << cell | stand
        ends = board.destinations(
            walks_for(sheet, die, settings.corner_free), crossed | sheet.circled
        )
        if not ends:
            score = ended_score(sheet, crossed, settings.final_field)
            ending.append(Choice(cell, None, 1.0 if score >= settings.rules.target else 0.0))
        for end in ends:
            moves.append((cell, end, crossed, sheet.circled | 1 << end))
    return moves, ending


def plan(
    settings: Settings,
    sheet: Sheet,
    options: tuple[tuple[int, int], ...],
    width: int,
) -> Choice:
    """The best choice on a roll offering ``options`` ((cell, movement die) pairs).

    ``width``: how many of the base policy's favourite pairs get the expectimax
    (0: the base policy's choice): the budget, in units of work (pairs valued).
    """
    moves, ending = candidates(settings, sheet, options)
    won = [choice for choice in ending if choice.value >= 1.0]
    if won:
        return won[0]  # a cross that ends the game with the target reached
    if not moves:
        return ending[0]
    rules = settings.rules
    keys, values = static_values(
        rules, [m[2] for m in moves], [m[3] for m in moves], [m[1] for m in moves]
    )
    order = sorted(range(len(moves)), key=lambda i: (-keys[i], i))
    first = order[0]
    best = Choice(moves[first][0], moves[first][1], float(values[first]))
    stand = 0 if sheet.position == OUTSIDE else board.VALUES[sheet.position]
    need = rules.target - board.mask_value(sheet.crossed & sheet.circled) - stand
    if width <= 0 or need > settings.search_need:
        return best
    best_value = -float("inf")
    for index in order[:width]:
        cell, end, crossed, circled = moves[index]
        depth = 2 if need <= settings.deep_need else 1
        value = position_value(rules, crossed, circled, end, depth)
        if value > best_value:
            best, best_value = Choice(cell, end, value), value
    return best


def plan_move(
    settings: Settings, crossed: int, circled: int, ends: tuple[int, ...], width: int
) -> int:
    """Where to end a movement whose cross is already made (step 4)."""
    if len(ends) == 1:
        return ends[0]
    rules = settings.rules
    keys, _values = static_values(
        rules, [crossed] * len(ends), [circled | 1 << e for e in ends], list(ends)
    )
    order = sorted(range(len(ends)), key=lambda i: (-keys[i], i))
    best_end, best_value = ends[order[0]], -float("inf")
    if width <= 0:
        return best_end
    for index in order[:width]:
        end = ends[index]
        value = position_value(rules, crossed, circled | 1 << end, end)
        if value > best_value:
            best_end, best_value = end, value
    return best_end
