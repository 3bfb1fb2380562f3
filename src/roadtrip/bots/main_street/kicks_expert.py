"""The Get Your Kicks ``expert``.

* **Solo**: plays the solved policy (:mod:`roadtrip.bots.main_street.kicks_solver`,
  the upper-bound model's table shipped in ``tables/kicks.json``): the mat's class
  (colours on it, black cubes) and the casino decide conclude or continue.
* **Several mats** (points decide, documented approximation): each turn is solved
  exactly over the casinos with the real bag, maximizing the points the turn
  brings (a bust brings none); a conclusion that would end the game is worth
  everything if this mat then has the most points and is never taken otherwise;
  on a last turn (``end=finish_round`` after the end was triggered) the turn
  maximizes the chance of finishing with the most points.
"""

from __future__ import annotations

from functools import cache, lru_cache
from random import Random
from typing import Any

from roadtrip.bots.base import Observation
from roadtrip.bots.main_street.kicks_solver import (
    KicksModel,
    State,
    TurnTable,
    class_of,
    turn_table,
)
from roadtrip.bots.main_street.odds import only_choice
from roadtrip.bots.main_street.tables import KICKS_TABLE, key_state, load_table
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BLACK, NUM_COLORS, POINTS
from roadtrip.games.main_street.kicks import SIX_BLACK

WIN = 1000.0  # the worth of ending the game in the lead, in points


@cache
def solo_values(six_black: str, bound: str = "upper") -> dict[State, float]:
    """The shipped values of one solo model (``bound``: upper, played; or lower)."""
    raw = load_table(KICKS_TABLE)["models"][f"{six_black}/{bound}"]
    values: dict[State, float] = {}
    for key, value in raw.items():
        mask, blacks = key_state(key)
        values[(mask, blacks)] = float(value)
    return values


@cache
def _solo_turn(six_black: str, state: State) -> TurnTable:
    return turn_table(KicksModel(six_black), solo_values(six_black), state)


def solo_expected_turns(six_black: str = "loss") -> float:
    """The solved expected number of turns of a solo game from the start."""
    return solo_values(six_black)[(0, 0)]


class ExpertKicksBot:
    """Solo: the solved policy.  Several mats: each turn solved for points."""

    name = "expert"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game
        options: dict[str, Any] = dict(game.options) if game is not None else {}
        self.six_black = str(options.get("solo_six_black", "loss"))
        self.model = KicksModel(self.six_black)

    def choose(self, observation: Observation, rng: Random) -> int:
        forced = only_choice(observation)
        if forced is not None:
            return forced
        view = observation.view
        mats = [mat["cubes"] for mat in view["mats"]]
        casino = 0
        for cube in view["casino"]:
            casino |= 1 << cube
        seat = observation.seat
        if len(mats) == 1:
            table = _solo_turn(self.six_black, class_of(self.model, mats[0]))
            return GO_ON if table.go_on[casino] else STOP
        mine = tuple(mats[seat])
        others = max(_points(mat) for s, mat in enumerate(mats) if s != seat)
        last = view["trigger"] is not None
        bag_start = tuple(n + (casino >> c & 1) for c, n in enumerate(view["bag"]))
        turn = _points_turn(bag_start, mine, others, last)
        return GO_ON if turn[casino] else STOP


def _points(mat: list[int] | tuple[int, ...]) -> int:
    return sum(n * p for n, p in zip(mat, POINTS, strict=True))


@lru_cache(maxsize=4096)
def _points_turn(bag: tuple[int, ...], mat: tuple[int, ...], others: int, last: bool) -> list[bool]:
    """Continue (True) or conclude, per casino, from the bag at the turn's start.

    Worth of concluding with casino C: on a last turn, 1 if the mat then has the
    most points (a tie shares: 1/2); otherwise the points C brings, plus WIN if
    concluding ends the game in the lead, or minus WIN if it ends it behind.
    A bust is worth 0 (on a last turn: whether the mat already leads).
    """
    size = 1 << NUM_COLORS
    total = sum(bag)
    base = _points(mat)
    bust = (1.0 if base > others else 0.5 if base == others else 0.0) if last else 0.0
    worth = [0.0] * size
    go_on = [False] * size
    masks = list(range(1, size))
    masks.sort(key=lambda m: -bin(m).count("1"))
    for casino in masks:
        gained = sum(POINTS[c] for c in range(NUM_COLORS) if casino >> c & 1)
        after = [n + (casino >> c & 1) for c, n in enumerate(mat)]
        score = base + gained
        if last:
            stop = 1.0 if score > others else 0.5 if score == others else 0.0
        else:
            stop = float(gained)
            if all(after) or after[BLACK] >= SIX_BLACK:
                stop += WIN if score > others else 0.0 if score == others else -WIN
        left = total - bin(casino).count("1")
        go = -WIN * 10
        if left > 0:
            go = 0.0
            for c in range(NUM_COLORS):
                count = bag[c] - (casino >> c & 1)
                if count > 0:
                    go += count / left * (bust if casino >> c & 1 else worth[casino | 1 << c])
        worth[casino] = max(stop, go)
        go_on[casino] = go > stop
    return go_on


__all__ = ["ExpertKicksBot", "solo_expected_turns", "solo_values"]
