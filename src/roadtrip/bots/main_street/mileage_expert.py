"""The Your Mileage May Vary ``expert``.

* **Solo**: a policy-improvement step on the exact value table of the best
  policy that stops after at most two fill-ups
  (:mod:`roadtrip.bots.main_street.mileage_dp`, shipped in
  ``tables/mileage.json``): after every fill-up, fill up again when the table's
  expected turns after one more fill-up (exact odds from the real bag; a bust
  returns to the turn's starting mat) are below those of stopping now.  Unlike
  the two-fill-up policy it may go on for many fill-ups, which is worth about
  three turns a game; its value is known by simulation only.
* **Several mats** (the first complete mat wins; a documented approximation):
  after every fill-up, fill up again when the expected chance to finish first
  after one more fill-up (then stopping) beats stopping now; the chance comes from
  each mat's distribution of turns still needed under the solved policy
  (:mod:`roadtrip.bots.main_street.mileage_race`).  On a last turn
  (``end=finish_round``, a mat already complete) only completing counts, so it
  fills up again until complete.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from roadtrip.bots.main_street.mileage_race import RaceModel
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
from roadtrip.bots.main_street.odds import StopOrGoBot, color_counts
from roadtrip.bots.main_street.tables import MILEAGE_TABLE, load_table
from roadtrip.games.main_street.base import GO_ON, STOP

PACE = 0.77  # the expert's solo turns per two-fill-up-table turn, from the start
TIE = 1e-9  # stop unless filling up again is better by more than rounding


@cache
def mat_values() -> dict[Mat, float]:
    """The shipped two-fill-up table, canonical mats to expected turns."""
    table = load_table(MILEAGE_TABLE)
    return {key_mat(k): float(v) for k, v in zip(table["keys"], table["values"], strict=True)}


@cache
def mat_spreads() -> dict[Mat, float]:
    """The standard deviation of the turns of each canonical mat (same policy)."""
    table = load_table(MILEAGE_TABLE)
    return {key_mat(k): float(v) for k, v in zip(table["keys"], table["sd"], strict=True)}


def solo_go_on(start: Mat, pumps: list[int], bag: list[int], fuel: list[int]) -> bool:
    """The expert's solo decision: fill up again when one more fill-up (then the
    two-fill-up policy) is worth strictly fewer expected turns than stopping now
    (then the same policy): a policy-improvement step on the exact table."""
    stop, go = look_ahead(mat_values(), start, place(start, color_counts(pumps)), bag, fuel)
    return go < stop - TIE


class TwoFillUpMileageBot(StopOrGoBot):
    """The two-fill-up policy itself, whose exact value is the table's: fill up a
    second time when the table says so, never a third.  Not the expert (about
    three turns slower); it checks the table against simulation."""

    name = "two-fill-ups"

    def decide(self, view: dict[str, Any], seat: int) -> int:
        start = tuple(view["mats"][0]["cubes"])
        if view["fill_ups"] >= 2 or complete(place(start, color_counts(view["pumps"]))):
            return STOP
        return GO_ON if solo_go_on(start, view["pumps"], view["bag"], view["fuel"]) else STOP


class ExpertMileageBot(StopOrGoBot):
    """Solo: one-step look-ahead on the solved table.  Several mats: the same on the
    estimated chance to finish first."""

    name = "expert"

    def decide(self, view: dict[str, Any], seat: int) -> int:
        mats = [tuple(mat["cubes"]) for mat in view["mats"]]
        start = mats[seat]
        stop_mat = place(start, color_counts(view["pumps"]))
        if complete(stop_mat):
            return STOP  # the mat is complete: the race is won
        if view["trigger"] is not None:
            return GO_ON  # a last turn: only completing counts
        bag: list[int] = view["bag"]
        fuel: list[int] = view["fuel"]
        if len(mats) == 1:
            go_on = solo_go_on(start, view["pumps"], bag, fuel)
            return GO_ON if go_on else STOP
        others = [m for s, m in enumerate(mats) if s != seat]
        return GO_ON if _race_go(start, stop_mat, bag, fuel, others) else STOP


@cache
def race_model() -> RaceModel:
    """The win-chance model over the shipped table, at the expert's pace."""
    return RaceModel(mat_values(), mat_spreads(), PACE)


def finish_chance(mine: Mat, others: list[Mat]) -> float:
    """Estimated chance that ``mine`` completes before every mat in ``others``
    (after this turn; the others play next)."""
    return race_model().win_chance(mine, tuple(canonical(o) for o in others))


def _race_go(start: Mat, stop_mat: Mat, bag: list[int], fuel: list[int], others: list[Mat]) -> bool:
    """Fill up again if the expected chance to finish first after one more fill-up
    (then stopping) beats stopping now; a bust leaves the turn's starting mat."""
    stop = finish_chance(stop_mat, others)
    bust = finish_chance(start, others)
    fuel_set = set(fuel)
    go = 0.0
    for cubes, p in fill_up_odds(bag, min(FILL_UP, sum(bag))):
        if any(cubes[c] for c in fuel_set):
            go += p * finish_chance(place(stop_mat, cubes), others)
        else:
            go += p * bust
    return go > stop + TIE


__all__ = [
    "ExpertMileageBot",
    "TwoFillUpMileageBot",
    "finish_chance",
    "mat_spreads",
    "mat_values",
    "race_model",
    "solo_go_on",
]
