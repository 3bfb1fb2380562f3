"""The Get Your Kicks ``expert``.

* **Solo**: plays the solved policy (:mod:`roadtrip.bots.main_street.kicks_solver`,
  the ``upper`` model's table shipped in ``tables/kicks.json``): the mat's state
  (colours on it, which have a second cube, black cubes) and the casino decide
  conclude or continue.
* **Several mats** (points decide, a documented approximation): each turn is
  solved exactly over the casinos with the real bag, maximizing the estimated
  chance of winning after it (:func:`win_chance`): exact when the turn ends the
  game (a complete mat, six black cubes, or a last turn under
  ``end=finish_round``); otherwise a normal model of each opponent's final points
  difference, centred on today's and spreading with the turns left, which are
  the fewest *solved* expected turns any mat needs to end the game.
"""

from __future__ import annotations

from functools import cache, lru_cache
from math import erf, sqrt
from typing import Any

from roadtrip.bots.main_street.kicks_solver import (
    KicksModel,
    State,
    TurnTable,
    class_of,
    lookup,
    relabel_casino,
    turn_table,
)
from roadtrip.bots.main_street.odds import StopOrGoBot
from roadtrip.bots.main_street.tables import KICKS_TABLE, key_state, load_table
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BLACK, NUM_COLORS, POINTS
from roadtrip.games.main_street.kicks import SIX_BLACK

SPREAD = 4.0  # spread of one turn's points, for the win chance


MODELS = {"upper": (False, 1), "coarse": (False, 0), "lower": (True, 0)}


def solo_model(six_black: str, bound: str = "upper") -> KicksModel:
    """The solo model behind a shipped table: ``upper`` (played), ``coarse`` or
    ``lower``."""
    relaxed, spares = MODELS[bound]
    return KicksModel(six_black, relaxed, spares=spares)


@cache
def solo_values(six_black: str, bound: str = "upper") -> dict[State, float]:
    """The shipped values of one solo model (canonical states; see
    :func:`solo_model`)."""
    raw = load_table(KICKS_TABLE)["models"][f"{six_black}/{bound}"]
    values: dict[State, float] = {}
    for key, value in raw.items():
        mask, blacks = key_state(key)
        values[(mask, blacks)] = float(value)
    return values


@cache
def _solo_turn(six_black: str, state: State) -> TurnTable:
    return turn_table(solo_model(six_black), solo_values(six_black), state)


def solo_expected_turns(six_black: str = "loss") -> float:
    """The solved expected number of turns of a solo game from the start."""
    return solo_values(six_black)[(0, 0)]


class ExpertKicksBot(StopOrGoBot):
    """Solo: the solved policy.  Several mats: each turn solved for the win chance."""

    name = "expert"

    def __init__(self, game: Game | None = None) -> None:
        super().__init__(game)
        options: dict[str, Any] = dict(game.options) if game is not None else {}
        self.six_black = str(options.get("solo_six_black", "loss"))
        self.model = solo_model(self.six_black)

    def solo_go_on(self, mat: list[int], casino: int) -> bool:
        """The solved decision for a solo mat and casino mask: continue?  The turn is
        solved once per canonical state (symmetric colours relabelled)."""
        canon, relabel = self.model.canonical_map(class_of(self.model, mat))
        table = _solo_turn(self.six_black, canon)
        return table.go_on[relabel_casino(casino, relabel)]

    def decide(self, view: dict[str, Any], seat: int) -> int:
        mats = [mat["cubes"] for mat in view["mats"]]
        casino = 0
        for cube in view["casino"]:
            casino |= 1 << cube
        if len(mats) == 1:
            return GO_ON if self.solo_go_on(mats[0], casino) else STOP
        mine = tuple(mats[seat])
        others = tuple(tuple(mat) for s, mat in enumerate(mats) if s != seat)
        last = view["trigger"] is not None
        bag_start = tuple(n + (casino >> c & 1) for c, n in enumerate(view["bag"]))
        turn = _win_turn(bag_start, mine, others, last)
        return GO_ON if turn[casino] else STOP


def _points(mat: list[int] | tuple[int, ...]) -> int:
    return sum(n * p for n, p in zip(mat, POINTS, strict=True))


def _ends(mat: list[int] | tuple[int, ...]) -> bool:
    """Does this mat end a game of several mats (complete, or six black cubes)?"""
    return all(mat) or mat[BLACK] >= SIX_BLACK


def _share(mine: int, others: tuple[int, ...]) -> float:
    """My return if the game ended now with these points."""
    if any(o > mine for o in others):
        return 0.0
    return 1.0 / (1 + sum(o == mine for o in others))


def _turns_to_end(mat: list[int] | tuple[int, ...]) -> float:
    """Solved expected turns until this mat could end the game (solo table, six
    black cubes ending it)."""
    return lookup(_END_MODEL, solo_values("win"), class_of(_END_MODEL, mat))


_END_MODEL = solo_model("win")


def win_chance(mat: tuple[int, ...], others: tuple[tuple[int, ...], ...], last: bool) -> float:
    """Estimated chance that ``mat`` wins against ``others`` (the other mats), after
    this seat's turn: exact if the game is over (``last``, or this mat ends it);
    otherwise each opponent's final lead is taken as normal, centred on today's
    points difference, with a spread growing with the turns left (the fewest
    solved turns any mat needs to end the game)."""
    return _chance(mat, _standing(others), last)


def _standing(others: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], float]:
    """The others' points, and the fewest solved turns any of them needs to end."""
    return tuple(_points(o) for o in others), min(_turns_to_end(o) for o in others)


def _chance(mat: tuple[int, ...], standing: tuple[tuple[int, ...], float], last: bool) -> float:
    """:func:`win_chance` with the others' standing computed once."""
    points, others_left = standing
    mine = _points(mat)
    if last or _ends(mat):
        return _share(mine, points)
    left = min(_turns_to_end(mat), others_left)
    spread = SPREAD * sqrt(2.0 * left + 1.0)
    chance = 1.0
    for theirs in points:
        chance *= 0.5 * (1.0 + erf((mine - theirs) / (spread * sqrt(2.0))))
    return chance


@lru_cache(maxsize=4096)
def _win_turn(
    bag: tuple[int, ...], mat: tuple[int, ...], others: tuple[tuple[int, ...], ...], last: bool
) -> list[bool]:
    """Continue (True) or conclude, per casino, from the bag at the turn's start:
    the turn that maximizes :func:`win_chance` after it (a bust leaves the mat)."""
    size = 1 << NUM_COLORS
    total = sum(bag)
    standing = _standing(others)
    bust = _chance(mat, standing, last)
    worth = [0.0] * size
    go_on = [False] * size
    masks = list(range(1, size))
    masks.sort(key=lambda m: -bin(m).count("1"))
    for casino in masks:
        if any(casino >> c & 1 and not bag[c] for c in range(NUM_COLORS)):
            continue
        after = tuple(n + (casino >> c & 1) for c, n in enumerate(mat))
        stop = _chance(after, standing, last)
        left = total - bin(casino).count("1")
        go = -1.0
        if left > 0:
            go = 0.0
            for c in range(NUM_COLORS):
                count = bag[c] - (casino >> c & 1)
                if count > 0:
                    go += count / left * (bust if casino >> c & 1 else worth[casino | 1 << c])
        worth[casino] = max(stop, go)
        go_on[casino] = go > stop
    return go_on


__all__ = ["ExpertKicksBot", "solo_expected_turns", "solo_model", "solo_values", "win_chance"]
