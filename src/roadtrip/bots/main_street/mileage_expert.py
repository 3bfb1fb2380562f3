"""The Your Mileage May Vary ``expert``.

* **Solo**: the one-step look-ahead on the shipped table ``V1``
  (:mod:`roadtrip.bots.main_street.mileage_solver`): after each fill-up, fill up
  again when the expected ``V1`` after one more fill-up (exact odds from the real
  bag; a bust returns to the turn's starting mat) is below ``V1`` of stopping now.
* **Several mats** (the first complete mat wins; a documented approximation): the
  same look-ahead on the estimated chance to win instead of ``V1``: each mat's
  expected turns to finish are read from the table (scaled to the expert's own
  pace), and the chance that this mat finishes first is taken as normal in the
  difference of those turns.  On a last turn (``end=finish_round``, a mat already
  complete) only completing counts, so it fills up again until complete.
"""

from __future__ import annotations

from functools import cache
from math import erf, sqrt
from random import Random

from roadtrip.bots.base import Observation
from roadtrip.bots.main_street.mileage_solver import (
    FILL_UP,
    Mat,
    canonical,
    complete,
    fill_up_odds,
    key_mat,
    look_ahead,
    place,
)
from roadtrip.bots.main_street.odds import color_counts, only_choice
from roadtrip.bots.main_street.tables import MILEAGE_TABLE, load_table
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP

PACE = 0.55  # the expert's turns per V1 turn (its solo mean over V1 from the start)
SPREAD = 0.9  # spread of turns to finish, per square root of turns


@cache
def first_fill_up_values() -> dict[Mat, float]:
    """The shipped V1 table, canonical mats to expected turns."""
    raw = load_table(MILEAGE_TABLE)["values"]
    return {key_mat(int(key)): float(value) for key, value in raw.items()}


class ExpertMileageBot:
    """Solo: one-step look-ahead on the solved table.  Several mats: the same on the
    estimated chance to finish first."""

    name = "expert"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, observation: Observation, rng: Random) -> int:
        forced = only_choice(observation)
        if forced is not None:
            return forced
        view = observation.view
        seat = observation.seat
        mats = [tuple(mat["cubes"]) for mat in view["mats"]]
        start = mats[seat]
        stop_mat = place(start, color_counts(view["pumps"]))
        if complete(stop_mat):
            return STOP  # the mat is complete: the race is won
        if view["trigger"] is not None:
            return GO_ON  # a last turn: only completing counts
        values = first_fill_up_values()
        bag: list[int] = view["bag"]
        fuel: list[int] = view["fuel"]
        if len(mats) == 1:
            stop, go = look_ahead(values, start, stop_mat, bag, fuel)
            return GO_ON if go < stop else STOP
        others = [m for s, m in enumerate(mats) if s != seat]
        return GO_ON if _race_go(values, start, stop_mat, bag, fuel, others) else STOP


def finish_chance(values: dict[Mat, float], mine: Mat, others: list[Mat]) -> float:
    """Estimated chance that ``mine`` completes before every mat in ``others``
    (after this turn; the others play next)."""
    if complete(mine):
        return 1.0
    me = PACE * values[canonical(mine)]
    chance = 1.0
    for other in others:
        them = PACE * values[canonical(other)]
        spread = SPREAD * sqrt(me + them + 1.0)
        chance *= 0.5 * (1.0 + erf((them + 0.5 - me) / (spread * sqrt(2.0))))
    return chance


def _race_go(
    values: dict[Mat, float],
    start: Mat,
    stop_mat: Mat,
    bag: list[int],
    fuel: list[int],
    others: list[Mat],
) -> bool:
    """Fill up again if the expected chance to finish first after one more fill-up
    beats stopping now."""
    stop = finish_chance(values, stop_mat, others)
    bust = finish_chance(values, start, others)
    fuel_set = set(fuel)
    go = 0.0
    for cubes, p in fill_up_odds(bag, min(FILL_UP, sum(bag))):
        if any(cubes[c] for c in fuel_set):
            go += p * finish_chance(values, place(stop_mat, cubes), others)
        else:
            go += p * bust
    return go > stop


__all__ = ["ExpertMileageBot", "finish_chance", "first_fill_up_values"]
