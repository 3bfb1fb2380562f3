"""The state of an Open Road race as data: riders, panniers, decks, the road closure.

A :class:`Race` is the bottom of the rules engine: what the rule steps (``riding.py``,
``playing.py``, ``flow.py``) read and change, what the views (``view.py``,
``tensor.py``, ``texts.py``) show, and what the Game/State facade (``rules.py``) wraps.
It knows the constants of the game, the phases (``mode``) and the helpers every step
needs (cubes into a pannier, where a ride may go, the dots left), and nothing of the
steps themselves: automatic steps wait in ``tasks`` as tuples ``(name, *args)`` that
the facade runs with ``flow.TASKS``.

Decks hold no order: a route deck is the cards never drawn (in an unknown order)
above the cards put back at its bottom (in a known order); the Side Trip, playing and
Mother Lode decks are compositions.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from roadtrip.core.state import CHANCE, TERMINAL
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.cards import (
    EAST_COAST_CARDS,
    HEARTLAND_CARDS,
    MOTHER_LODE_KINDS,
    PLAYING_CARD_KINDS,
    SIDE_TRIP_CARDS,
    WEST_COAST_CARDS,
)
from roadtrip.games.open_road.options import Rulings
from roadtrip.games.open_road.paths import CITY_MASK, depth, distances_to, layers

START_ENERGY = 3
START_MONEY = 10
MAX_CUBES = 10
ACTIONS_PER_TURN = 2
ROUTE_DRAW = 2
TUNE_UP_DOTS = 2

# Decks: the three route decks, Side Trip, playing cards, Mother Lode.
D_EAST, D_WEST, D_HEART, D_SIDE, D_CARD, D_ML = range(6)
DECK_NAMES = ("East Coast", "West Coast", "Heartland", "Side Trip", "playing", "Mother Lode")
ROUTE_DECKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(A.BOARD.id_of(city) for city in deck))
    for deck in (EAST_COAST_CARDS, WEST_COAST_CARDS, HEARTLAND_CARDS)
)

# Modes: what the state waits for (BUSY: automatic steps are running).
BUSY = -1
DRAW, KEEP, ORIGIN, ACT, HOTEL, TARGET, PICK, CREDIT, CLOSE, CRUISE, OVER = range(11)
MODE_NAMES = (
    "draw",
    "keep",
    "origin",
    "act",
    "hotel",
    "target",
    "pick",
    "credit",
    "close",
    "cruise",
    "over",
)
# Steps a turn may take at most (two actions, their follow-ups, draws and hotels).
TURN_STEP_BOUND = 128
SETUP_STEPS = 3 * ROUTE_DRAW + 3 + 2

Task = tuple[Any, ...]

# The race's mutable fields, for copies (everything else is immutable).
FLAT_LISTS = (
    "pos",
    "energy",
    "money",
    "credit_spent",
    "lottery",
    "lost",
    "arrived",
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
NESTED_LISTS = ("hand", "ml", "unknown", "bottom", "offers")


class Race:
    """The data of an Open Road race and the helpers every rule step needs."""

    def __init__(self, players: int, rulings: Rulings) -> None:
        n = self.n = players
        self.game_rules = rulings
        self.pos = [-1] * n
        self.energy = [START_ENERGY] * n
        self.money = [START_MONEY] * n
        self.hand = [[0] * A.N_KINDS for _ in range(n)]
        self.ml = [[0] * A.N_ML for _ in range(n)]
        self.credit_spent = [0] * n  # held Credit Cards used once (0..2)
        self.lottery = [False] * n  # a Lottery Ticket's bonus waits at the Heartland city
        self.lost = [False] * n  # loses their next turn
        self.arrived = [False] * n  # at the destination (ending=finish_round)
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
        self.tasks: deque[Task] = deque()
        self._reach_key: tuple[int, ...] = ()
        self._reach: list[int] = []
        self._legal_cache: list[int] | None = None

    # ------------------------------------------------------------ turn order
    def to_act(self) -> int:
        """The seat that decides now, ``CHANCE`` for a draw, ``TERMINAL`` at the end."""
        mode = self.mode
        if mode == OVER:
            return TERMINAL
        if mode == DRAW:
            return CHANCE
        if mode in (KEEP, ORIGIN):
            return self.setup_seat
        return self.turn

    @property
    def mode_name(self) -> str:
        return MODE_NAMES[self.mode] if self.mode >= 0 else "busy"

    def push(self, steps: list[Task]) -> None:
        """Run ``steps`` next, in this order, before anything already queued."""
        self.tasks.extendleft(reversed(steps))

    # ---------------------------------------------------------------- helpers
    def gain(self, seat: int, energy: int, money: int) -> None:
        """Add cubes to a pannier; what does not fit (10 of each) is lost."""
        self.energy[seat] = min(MAX_CUBES, self.energy[seat] + energy)
        self.money[seat] = min(MAX_CUBES, self.money[seat] + money)

    def barrier(self, seat: int) -> int:
        """Dots a ride enters but does not leave: the destination (and every city
        with ``pass_through=false``)."""
        mask = 1 << self.dest[seat]
        return mask if self.game_rules.pass_through else mask | CITY_MASK

    def reach(self, seat: int, tune: bool) -> list[int]:
        """The ride layers of ``seat`` now (a Tune Up cruise if ``tune``)."""
        budget = TUNE_UP_DOTS if tune else self.energy[seat] * (2 if self.peloton else 1)
        closed = 1 << self.closure if self.closure >= 0 else 0
        key = (self.pos[seat], budget, self.dest[seat], closed)
        if key != self._reach_key:
            self._reach_key = key
            self._reach = layers(self.pos[seat], budget, self.barrier(seat), closed)
        return self._reach

    def ride_length(self, seat: int, target: int, tune: bool) -> int:
        return depth(self.reach(seat, tune), target)

    def ride_cost(self, seat: int, target: int, tune: bool) -> int:
        k = self.ride_length(seat, target, tune)
        if tune:
            return 0
        return (k + 1) // 2 if self.peloton else k

    def remaining(self, seat: int) -> int:
        """Dots from the rider to their destination (the road closure respected)."""
        if self.pos[seat] < 0:
            return -1
        return distances_to(self.dest[seat], self.closure)[self.pos[seat]]

    # ------------------------------------------------------------------- end
    def win(self, seat: int) -> None:
        """``seat`` reaches their destination: the race ends (with ``finish_round``,
        their turn ends and the round goes on to its end)."""
        if self.game_rules.finish_round:
            self.arrived[seat] = True
            self.tasks.clear()
            self.push([("end_turn",)])
            return
        self.winner = seat
        self.end_reason = "destination"
        self.mode = OVER
        self.tasks.clear()

    def finish(self, reason: str) -> None:
        """The race ends without a winner at the destination (``max_rounds``)."""
        self.end_reason = reason
        self.mode = OVER
        self.tasks.clear()

    def race_winners(self) -> list[int]:
        """The winner at the destination, or at the end of ``max_rounds`` the riders
        nearest their destination; nobody before the end."""
        if self.mode != OVER:
            return []
        if self.winner >= 0:
            return [self.winner]
        left = [self.remaining(s) for s in range(self.n)]
        best = min(left)
        return [s for s in range(self.n) if left[s] == best]

    def copy_lists_from(self, other: Race) -> None:
        """Make this race's mutable lists copies of ``other``'s (after a shallow copy
        of its fields): ints, strings, tuples and lists never changed in place (the
        legal-action cache, the ride layers) stay shared."""
        fields = self.__dict__
        for name in FLAT_LISTS:
            fields[name] = getattr(other, name).copy()
        for name in NESTED_LISTS:
            fields[name] = [row.copy() for row in getattr(other, name)]
        self.tasks = other.tasks.copy()
