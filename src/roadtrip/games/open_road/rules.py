"""The Open Road's rules: the Game and the State (2-6 riders), the facade on top.

Setup, seat by seat from seat 0 (the oldest player): two East Coast, two West Coast
and two Heartland cards are drawn (chance) and one of each kept (decisions), the
others going to the bottom of their decks; a Side Trip card at random; the rider
chooses where to start (the East or the West Coast city: the other is the
destination).  Then turns in seat order: two of the seven actions (``playing.py``,
rides in ``riding.py``), the hotel on arriving in a big city outside them, until a
rider reaches their destination (or ``max_rounds`` runs out).

The package is layered with no import cycle: the data (``board.py``, ``graph.py``
and their tables, ``actions.py`` the encoding, ``options.py``), ``paths.py`` (searches
on the board), ``race.py`` (the state's data), the rule steps (``riding.py`` <
``playing.py`` < ``flow.py``), the views beside them (``view.py``, ``tensor.py``,
``texts.py``) and this facade on top: :class:`OpenRoadState` is the core ``State`` over a
:class:`~roadtrip.games.open_road.race.Race`.  Draws are chance outcomes weighted by
what the deck holds: deck order is never part of the state.  Rulings:
docs/rules/the-open-road.md.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from roadtrip.core.game import Game, GameInfo
from roadtrip.core.state import CHANCE, State, shared_victory
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.options import OPTIONS, Rulings
from roadtrip.games.open_road.race import (
    ACT,
    BUSY,
    CLOSE,
    CREDIT,
    CRUISE,
    D_CARD,
    D_EAST,
    D_HEART,
    D_ML,
    D_SIDE,
    D_WEST,
    DECK_NAMES,
    DRAW,
    HOTEL,
    KEEP,
    ORIGIN,
    OVER,
    PICK,
    SETUP_STEPS,
    TARGET,
    TURN_STEP_BOUND,
    Race,
)
from roadtrip.games.open_road.tensor import observation_tensor, tensor_size
from roadtrip.games.open_road.texts import describe
from roadtrip.games.open_road.view import build_view

__all__ = [
    "ACT",
    "CLOSE",
    "CREDIT",
    "CRUISE",
    "DECK_NAMES",
    "DRAW",
    "D_CARD",
    "D_EAST",
    "D_HEART",
    "D_ML",
    "D_SIDE",
    "D_WEST",
    "HOTEL",
    "KEEP",
    "ORIGIN",
    "OVER",
    "PICK",
    "TARGET",
    "OpenRoadGame",
    "OpenRoadState",
]


class OpenRoadGame(Game):
    info = GameInfo(
        id="open-road",
        name="The Open Road",
        min_players=2,
        max_players=6,
        summary="Race your bicycle coast to coast across a map of the United States: "
        "gather energy and money, collect bonuses, and hinder the other riders.",
        perfect_information=True,
    )
    options_spec = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.rulings = Rulings.from_options(self.options)
        self.max_rounds = self.rulings.max_rounds

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.NUM_CHANCE

    def new_initial_state(self) -> OpenRoadState:
        return OpenRoadState(self)

    def max_game_length(self) -> int | None:
        if not self.max_rounds:
            return None
        n = self.num_players()
        return n * (SETUP_STEPS + self.max_rounds * TURN_STEP_BOUND)

    def observation_tensor_size(self) -> int:
        return tensor_size(self.num_players())

    @staticmethod
    def route_bigs(origin: int, dest: int) -> tuple[tuple[int, int], ...]:
        """The big cities of the planned route (a shortest way on the open board) from
        ``origin`` to ``dest``, each with its distance to ``dest``."""
        return R.route_bigs(origin, dest)


class OpenRoadState(State, Race):
    """An Open Road match: the core State over the race's data (``race.Race``)."""

    _game: OpenRoadGame

    def __init__(self, game: OpenRoadGame) -> None:
        State.__init__(self, game)
        Race.__init__(self, game.num_players(), game.rulings)
        self.tasks.extend(F.setup_tasks(self.n))
        self._advance()

    # ------------------------------------------------------------ turn order
    def _current(self) -> int:
        return self.to_act()

    # ----------------------------------------------------------------- chance
    def _chance(self) -> list[tuple[int, float]]:
        outcomes = F.outcomes(self)
        total = sum(w for _, w in outcomes)
        return [(a, w / total) for a, w in outcomes]

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        outcomes = F.outcomes(self)
        total = sum(w for _, w in outcomes)
        return [(a, Fraction(w, total)) for a, w in outcomes]

    def _is_chance_outcome(self, action: int) -> bool:
        return any(a == action for a, _ in F.outcomes(self))

    # ---------------------------------------------------------------- actions
    def _legal(self, seat: int) -> list[int]:
        if self._legal_cache is None:
            self._legal_cache = self._compute_legal(seat)
        return list(self._legal_cache)

    def _compute_legal(self, seat: int) -> list[int]:
        mode = self.mode
        if mode == ACT:
            return P.turn_actions(self, seat)
        if mode == KEEP:
            return sorted(self.offers[self.keep_deck])
        if mode == ORIGIN:
            return sorted((self.east[seat], self.west[seat]))
        if mode == HOTEL:
            return [A.HOTEL, A.NO_HOTEL]
        if mode == TARGET:
            return [A.TARGET_BASE + s for s in P.targets(self, seat, self.pending)]
        if mode == PICK:
            return P.pick_choices(self)
        if mode == CREDIT:
            return list(range(A.CREDIT_BASE, A.CREDIT_BASE + A.CREDIT_CUBES + 1))
        if mode == CLOSE:
            return P.closure_choices(self)
        if mode == CRUISE:
            reach = 0
            for layer in self.reach(seat, True)[1:]:
                reach |= layer
            return R.bits(reach)
        return []

    def _apply(self, action: int, seat: int) -> None:
        self._legal_cache = None
        mode = self.mode
        self.mode = BUSY
        if seat == CHANCE:
            F.resolve(self, action)
        elif mode == ACT:
            if action == A.PASS:
                self.push([("end_turn",)])
            else:
                self.push([*P.act(self, seat, action), ("action_done",)])
        elif mode == KEEP:
            F.keep(self, seat, action)
        elif mode == ORIGIN:
            F.choose_origin(self, seat, action)
        elif mode == HOTEL:
            if action == A.HOTEL:
                self.money[seat] -= R.HOTEL_PRICE
                self.gain(seat, R.HOTEL_ENERGY, 0)
        elif mode == TARGET:
            self.push(P.against(self, seat, action - A.TARGET_BASE))
        elif mode == PICK:
            P.pick(self, action - A.KIND_BASE)
            self.push([("pick",)])
        elif mode == CREDIT:
            P.credit(self, seat, action - A.CREDIT_BASE)
        elif mode == CLOSE:
            self.closure = action
        elif mode == CRUISE:
            self.push(R.plan_ride(self, seat, action, True))
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps until a decision, a chance draw or the end."""
        while self.mode == BUSY:
            if not self.tasks:
                raise RuntimeError("open-road: nothing left to do but the game is not over")
            task = self.tasks.popleft()
            F.TASKS[task[0]](self, *task[1:])

    # ---------------------------------------------------------------- results
    def rounds_played(self) -> int | None:
        return self.round

    def ending(self) -> str | None:
        return self.end_reason or None

    def winners(self) -> list[int]:
        return self.race_winners()

    def _returns(self) -> list[float]:
        return shared_victory(self.winners(), self.n)

    def scores(self) -> list[float]:
        """Minus each rider's dots left to their destination (0 for the winner): the
        nearer, the better, as ``max_rounds`` ranks riders.  Before a rider has
        chosen where to start, their coast-to-coast distance."""
        out = []
        for seat in range(self.n):
            if self.pos[seat] >= 0:
                left = self.remaining(seat)
            elif self.east[seat] >= 0 and self.west[seat] >= 0:
                left = R.distances_to(self.east[seat], -1)[self.west[seat]]
            else:
                left = UNREACHABLE
            out.append(float(-left))  # not -0.0 for the winner
        return out

    # ------------------------------------------------------------ rendering
    def _action_string(self, action: int, seat: int) -> str:
        return describe(self, action, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        return observation_tensor(self, seat)

    def _copy(self) -> OpenRoadState:
        other = object.__new__(OpenRoadState)
        other.__dict__.update(self.__dict__)
        other.copy_lists_from(self)
        other._game = self._game
        return other
