"""Exact expected turns of each solo decision, from the solved tables: what the
advisor shows for solo Get Your Kicks and Your Mileage May Vary.

For the seat's decision now, stop (conclude) or go on (continue / fill up again),
each figure is the expected number of turns the whole game takes, this turn and
those already played included, when the rest of the game is played by the policy
the ``expert`` plays; exact in that policy's model:

* **Get Your Kicks**: the ``upper`` model's solved turn (the mat's class and the
  casino; spares beyond a second cube of a colour forgotten and back in the bag).
  Concluding with a sixth black cube under ``solo_six_black=loss`` loses: its win
  chance is 0 and its turns are those played.
* **Your Mileage May Vary**: the two-fill-up policy's table and the real bag: stop
  now, or fill up once more and then stop (a bust returns to the turn's starting
  mat).  After the first fill-up these are exactly the two-fill-up policy's
  choices; after a later one, going on is that one extra fill-up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from roadtrip.bots.main_street.kicks_expert import solo_model, solo_values
from roadtrip.bots.main_street.kicks_solver import (
    INFINITY,
    class_of,
    lookup,
    relabel_casino,
    turn_table,
)
from roadtrip.bots.main_street.mileage_expert import mat_values
from roadtrip.bots.main_street.mileage_solver import look_ahead, place
from roadtrip.bots.main_street.odds import KICKS, color_counts


@dataclass(frozen=True)
class SoloFigures:
    """Expected turns still to play after this turn if stopping / going on
    (``INFINITY``: that choice loses), and which is the expert's."""

    stop: float
    go_on: float | None  # None: going on is not possible


def kicks_figures(six_black: str, mat: list[int], casino_cubes: list[int]) -> SoloFigures:
    """Get Your Kicks: the turns after this one when concluding now or drawing on."""
    model = solo_model(six_black)
    values = solo_values(six_black)
    state = class_of(model, mat)
    canon, relabel = model.canonical_map(state)
    casino = 0
    for cube in casino_cubes:
        casino |= 1 << cube
    beta = lookup(model, values, state)
    after = model.after_stop(state, casino)  # a state, or the value of the end
    stop = lookup(model, values, after) if isinstance(after, tuple) else after
    table = turn_table(model, values, canon)
    bag = model.bag(canon)
    mapped = relabel_casino(casino, relabel)
    left = sum(bag) - bin(mapped).count("1")
    if left <= 0:
        return SoloFigures(stop, None)
    go = 0.0
    for colour in range(model.colours):
        drawn = mapped >> colour & 1
        count = bag[colour] - drawn
        if count > 0:
            go += count / left * (beta if drawn else table.worth[mapped | 1 << colour])
    return SoloFigures(stop, go)


def mileage_figures(
    mat: list[int], pumps: list[int], bag: list[int], fuel: list[int]
) -> SoloFigures:
    """Your Mileage May Vary: the turns after this one when stopping now or filling
    up once more (then stopping)."""
    start = tuple(mat)
    stop_mat = place(start, color_counts(pumps))
    stop, go = look_ahead(mat_values(), start, stop_mat, bag, fuel)
    return SoloFigures(stop, go if sum(bag) else None)


def solo_figures(game_id: str, options: Mapping[str, Any], view: Mapping[str, Any]) -> SoloFigures:
    """The figures of a solo seat's view at its decision."""
    mat = list(view["mats"][0]["cubes"])
    if game_id == KICKS:
        return kicks_figures(str(options.get("solo_six_black", "loss")), mat, view["casino"])
    return mileage_figures(mat, view["pumps"], view["bag"], view["fuel"])


__all__ = ["INFINITY", "SoloFigures", "kicks_figures", "mileage_figures", "solo_figures"]
