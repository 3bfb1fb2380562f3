"""The Open Road's rules: the Game and the State (2-6 riders).

Setup, seat by seat from seat 0 (the oldest player): two East Coast, two West Coast
and two Heartland cards are drawn (chance) and one of each kept (decisions), the
others going to the bottom of their decks; a Side Trip card at random; the rider
chooses where to start (the East or the West Coast city: the other is the
destination).  Then turns in seat order: two of the seven actions (``playing.py``,
rides in ``riding.py``), the hotel on arriving in a big city outside them, until a
rider reaches their destination (or ``max_rounds`` runs out).

The State holds the riders, panniers, decks and the road closure; the flow (phases,
draws, the task queue of automatic steps) is in ``flow.py``; actions are encoded in
``actions.py``.  Draws are chance outcomes weighted by what the deck holds: deck
order is never part of the state.  Rulings: docs/rules/the-open-road.md.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache
from typing import Any

from roadtrip.core.game import Game, GameInfo
from roadtrip.core.state import CHANCE, TERMINAL, State, shared_victory
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS, SIDE_TRIP_CARDS
from roadtrip.games.open_road.flow import (
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
    MAX_CUBES,
    MODE_NAMES,
    ORIGIN,
    OVER,
    PICK,
    ROUTE_DECKS,
    SETUP_STEPS,
    START_ENERGY,
    START_MONEY,
    TARGET,
    TURN_STEP_BOUND,
)
from roadtrip.games.open_road.options import OPTIONS

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
        self.max_rounds = int(self.options["max_rounds"])
        self.pass_through = bool(self.options["pass_through"])
        self.landing_pass = self.options["landing"] == "pass"
        self.side_trip_rule = str(self.options["side_trip"])
        self.last_big_rule = str(self.options["last_big_city"])
        self.hotel_first_visit = self.options["hotel"] == "first_visit"
        self.credit_per_card = self.options["credit_card"] == "per_card"
        self.closure_moves = self.options["road_closure"] == "moves"

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
        from roadtrip.games.open_road.tensor import tensor_size

        return tensor_size(self.num_players())

    @staticmethod
    def route_bigs(origin: int, dest: int) -> tuple[tuple[int, int], ...]:
        """The big cities of the planned route (a shortest way on the open board) from
        ``origin`` to ``dest``, each with its distance to ``dest``."""
        return _route_bigs(origin, dest)


@cache
def _route_bigs(origin: int, dest: int) -> tuple[tuple[int, int], ...]:
    path = A.BOARD.shortest_path(origin, dest) or (origin,)
    to_dest = A.BOARD.distances_from(dest)
    return tuple((to_dest[d], d) for d in path if R.is_big(d))


# The state's mutable fields, for copies (everything else is immutable).
_FLAT_LISTS = (
    "pos",
    "energy",
    "money",
    "credit_spent",
    "lottery",
    "lost",
    "east",
    "west",
    "heart",
    "side",
    "origin",
    "dest",
    "side_paid",
    "been_big",
    "last_big",
    "side_deck",
    "draw_pile",
    "discard",
    "ml_deck",
)
_NESTED_LISTS = ("hand", "ml", "unknown", "bottom", "offers")


class OpenRoadState(State):
    """An Open Road match: riders, panniers, decks, the road closure and the flow."""

    _game: OpenRoadGame

    def __init__(self, game: OpenRoadGame) -> None:
        super().__init__(game)
        n = self.n = game.num_players()
        self.game_rules = game
        self.pos = [-1] * n
        self.energy = [START_ENERGY] * n
        self.money = [START_MONEY] * n
        self.hand = [[0] * A.N_KINDS for _ in range(n)]
        self.ml = [[0] * A.N_ML for _ in range(n)]
        self.credit_spent = [0] * n  # held Credit Cards used once (0..2)
        self.lottery = [False] * n  # a Lottery Ticket's bonus waits at the Heartland city
        self.lost = [False] * n  # loses their next turn
        self.east = [-1] * n
        self.west = [-1] * n
        self.heart = [-1] * n
        self.side = [-1] * n
        self.origin = [-1] * n
        self.dest = [-1] * n
        self.side_paid = [0] * n  # bit i: the i-th city of the Side Trip card has paid
        self.been_big = [0] * n  # big cities the rider has arrived in (a dot bitmask)
        self.last_big = [-1] * n
        # Route decks: the cards never drawn (in an unknown order) above the cards put
        # back at the bottom (in a known order, first put back first).
        self.unknown = [list(deck) for deck in ROUTE_DECKS]
        self.bottom: list[list[int]] = [[], [], []]
        self.offers: list[list[int]] = [[], [], []]
        self.side_deck = list(range(len(SIDE_TRIP_CARDS)))
        self.draw_pile = [kind.copies for kind in PLAYING_CARD_KINDS]
        self.discard = [0] * A.N_KINDS
        self.ml_deck = [kind.copies for kind in MOTHER_LODE_KINDS]
        self.closure = -1
        self.closure_aside = 0  # Road Closure cards set aside with the placed cube
        self.turn = 0
        self.round = 0  # 0 during setup
        self.actions_left = 0
        self.peloton = False
        self.credit_turn = 0  # the mover's Credit Cards used this turn and still held
        self.credit_uses = 0  # Credit Card uses this turn
        self.mode = BUSY
        self.draw: tuple[int, int, bool] = (-1, -1, False)  # deck, seat, a new Heartland card
        self.keep_deck = -1
        self.setup_seat = -1
        self.pending = -1  # the card (a PLAY or MOTHER_LODE action) awaiting its target
        self.pick_purpose = ""
        self.pick_from = -1
        self.pick_left = 0
        self.winner = -1
        self.end_reason = ""
        self.tasks: deque[tuple[Any, ...]] = deque()
        self._reach_key: tuple[int, ...] = ()
        self._reach: list[int] = []
        self._legal_cache: list[int] | None = None
        self.tasks.extend(F.setup_tasks(n))
        self._advance()

    # ------------------------------------------------------------ turn order
    def _current(self) -> int:
        mode = self.mode
        if mode == OVER:
            return TERMINAL
        if mode == DRAW:
            return CHANCE
        if mode in (KEEP, ORIGIN):
            return self.setup_seat
        return self.turn

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

    # ------------------------------------------------------------------- flow
    def push(self, steps: list[tuple[Any, ...]]) -> None:
        """Run ``steps`` next, in this order, before anything already queued."""
        self.tasks.extendleft(reversed(steps))

    def _advance(self) -> None:
        """Run automatic steps until a decision, a chance draw or the end."""
        while self.mode == BUSY:
            if not self.tasks:
                raise RuntimeError("open-road: nothing left to do but the game is not over")
            task = self.tasks.popleft()
            F.TASKS[task[0]](self, *task[1:])

    # ---------------------------------------------------------------- helpers
    def gain(self, seat: int, energy: int, money: int) -> None:
        """Add cubes to a pannier; what does not fit (10 of each) is lost."""
        self.energy[seat] = min(MAX_CUBES, self.energy[seat] + energy)
        self.money[seat] = min(MAX_CUBES, self.money[seat] + money)

    def barrier(self, seat: int) -> int:
        """Dots a ride enters but does not leave: the destination (and every city
        with ``pass_through=false``)."""
        mask = 1 << self.dest[seat]
        return mask if self._game.pass_through else mask | R.CITY_MASK

    def reach(self, seat: int, tune: bool) -> list[int]:
        """The ride layers of ``seat`` now (a Tune Up cruise if ``tune``)."""
        budget = R.TUNE_UP_DOTS if tune else self.energy[seat] * (2 if self.peloton else 1)
        closed = 1 << self.closure if self.closure >= 0 else 0
        key = (self.pos[seat], budget, self.dest[seat], closed)
        if key != self._reach_key:
            self._reach_key = key
            self._reach = R.layers(self.pos[seat], budget, self.barrier(seat), closed)
        return self._reach

    def ride_length(self, seat: int, target: int, tune: bool) -> int:
        return R.depth(self.reach(seat, tune), target)

    def ride_cost(self, seat: int, target: int, tune: bool) -> int:
        k = self.ride_length(seat, target, tune)
        if tune:
            return 0
        return (k + 1) // 2 if self.peloton else k

    def remaining(self, seat: int) -> int:
        """Dots from the rider to their destination (the road closure respected)."""
        if self.pos[seat] < 0:
            return -1
        return R.distances_to(self.dest[seat], self.closure)[self.pos[seat]]

    def win(self, seat: int) -> None:
        self.winner = seat
        self.end_reason = "destination"
        self.mode = OVER
        self.tasks.clear()

    def finish(self, reason: str) -> None:
        """The race ends without a winner at the destination (``max_rounds``)."""
        self.end_reason = reason
        self.mode = OVER
        self.tasks.clear()

    # ---------------------------------------------------------------- results
    def rounds_played(self) -> int | None:
        return self.round

    def ending(self) -> str | None:
        return self.end_reason or None

    def winners(self) -> list[int]:
        if self.mode != OVER:
            return []
        if self.winner >= 0:
            return [self.winner]
        left = [self.remaining(s) for s in range(self.n)]
        best = min(left)
        return [s for s in range(self.n) if left[s] == best]

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
        return A.describe(self, action, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        from roadtrip.games.open_road.view import build_view

        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        from roadtrip.games.open_road.tensor import observation_tensor

        return observation_tensor(self, seat)

    def _copy(self) -> OpenRoadState:
        other = object.__new__(OpenRoadState)
        fields = other.__dict__
        # Ints, strings, tuples and lists never changed in place (the legal-action cache,
        # the ride layers) are shared; the other lists are copied.
        fields.update(self.__dict__)
        for name in _FLAT_LISTS:
            fields[name] = fields[name].copy()
        for name in _NESTED_LISTS:
            fields[name] = [row.copy() for row in fields[name]]
        other.tasks = self.tasks.copy()
        other._game = self._game
        return other

    @property
    def mode_name(self) -> str:
        return MODE_NAMES[self.mode] if self.mode >= 0 else "busy"
