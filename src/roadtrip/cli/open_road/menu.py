"""The Open Road's turn menus: rides ranked by usefulness, the actions, the road closure.

A menu is a list of titled groups of numbered :class:`Option` s.  Rides are listed by
where they end, sorted by the dots left to the destination after the ride (the most
useful first), cost next, with what waits there ("→ destination!", "Heartland +5/+5",
"Side Trip +3/+3", "big city: hotel"); only the best :data:`SHOWN` are numbered, with
any other ride that pays a bonus, and the rest are typed by name.  The road closure
lists first the camp sites on the other riders' shortest ways, by the extra dots they
would need (the leader's, the rider nearest their destination, counted twice) less
twice your own; then the camp sites nearest the leader.  Every option carries the
words that may be typed for it besides its number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from roadtrip.cli.open_road.draw import Names, distance, dots
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.options import Rulings
from roadtrip.games.open_road.riding import HOTEL_PRICE, MAX_CUBES, distances_to
from roadtrip.games.open_road.texts import card_effect

if TYPE_CHECKING:
    from roadtrip.games.open_road.rules import OpenRoadState

SHOWN = 12
"""Rides (and camp sites) numbered on the menu; rides that pay a bonus come on top."""
HOTEL_NOTE = "big city: hotel"
GAINS = {
    "extra_energy": (2, 0),
    "extra_money": (0, 2),
    "free_night_stay": (2, 0),
    "couch_surf": (1, 0),
}
"""The cubes the cards that help their player give: (energy, money)."""


@dataclass(frozen=True)
class Option:
    """A numbered choice: its words, its action, and what else may be typed for it."""

    label: str
    action: int
    words: tuple[str, ...] = ()


@dataclass
class Menu:
    """A decision's options in titled groups, and a note on what is not listed."""

    groups: list[tuple[str, list[Option]]] = field(default_factory=list)
    more: str = ""

    @property
    def options(self) -> list[Option]:
        return [option for _, options in self.groups for option in options]


# ------------------------------------------------------------------ rides
def ride_notes(state: OpenRoadState, rider: dict[str, Any], dot: int) -> list[str]:
    """What waits at the end of a ride to ``dot``."""
    name = BOARD.dots[dot].name
    if dot == rider["destination_dot"]:
        return ["→ destination!"]
    notes = []
    if dot == rider["heartland_dot"]:
        notes.append("Heartland: max out!" if rider["lottery_bonus"] else "Heartland +5/+5")
    if name in rider["side_trip_open"]:  # the cities that pay now (option side_trip)
        notes.append("Side Trip +3/+3")
    every = state.game.options["hotel"] == "each_arrival"
    offered = every or name not in rider["big_cities_arrived"]
    if BOARD.dots[dot].is_big and offered and rider["money"] >= HOTEL_PRICE:
        notes.append(HOTEL_NOTE)
    return notes


def ride_menu(view: dict[str, Any], state: OpenRoadState, seat: int, cruise: bool) -> Menu:
    """The rides in reach, the best first, as one group."""
    rider = view["riders"][seat]
    closure = view["road_closure"]
    to_dest = distances_to(rider["destination_dot"], -1 if closure is None else closure)
    rows = []
    for dot, count, cost in view["rides"] or []:
        notes = ride_notes(state, rider, dot)
        rows.append((to_dest[dot], cost, BOARD.dots[dot].name, dot, count, notes))
    rows.sort()
    shown = rows[:SHOWN] + [r for r in rows[SHOWN:] if set(r[5]) - {HOTEL_NOTE}]
    width = max((len(r[2]) for r in shown), default=0)
    options = []
    for left, cost, name, dot, count, notes in shown:
        price = "free" if cruise else f"{cost} energy"
        label = f"{name:<{width}} {dots(count):>7} {price:>9} {left:>3} to go"
        options.append(Option(label + ("  " + " · ".join(notes) if notes else ""), dot))
    if cruise:
        title = f"Tune Up: cruise 1 or 2 dots out of {rider['at']} for free:"
    else:
        energy = rider["energy"]
        reach = energy * 2 if view["peloton"] else energy
        title = f"Ride (up to {dots(reach)}), the nearest to {rider['destination']} first:"
    menu = Menu([(title, options)])
    hidden = len(rows) - len(shown)
    if hidden:
        places = "place" if hidden == 1 else "places"
        menu.more = f"… and {hidden} more {places} in reach: type a place's name to ride there."
    return menu


# ------------------------------------------------------------------ actions
def kind_words(name: str, key: str) -> tuple[str, ...]:
    lowered = name.lower()
    return (lowered, f"play {lowered}", key, key.replace("_", " "))


def _action(view: dict[str, Any], rider: dict[str, Any], action: int, rulings: Rulings) -> Option:
    energy, money = rider["energy"], rider["money"]
    if action == A.PICK_UP:
        deck = view["decks"]["playing"]
        where = f"{deck} in the deck" if deck else "the discards are shuffled"
        words: tuple[str, ...] = ("pick", "pick up", "p", "draw", "card")
        return Option(f"pick up a playing card ({where})", action, words)
    if A.PLAY_BASE <= action < A.PLAY_BASE + A.N_KINDS:
        kind = PLAYING_CARD_KINDS[action - A.PLAY_BASE]
        effect = kind.effect
        if kind.key in GAINS:
            gain, cube = max(zip(GAINS[kind.key], ("energy", "money"), strict=True))
            old = rider[cube]
            new = min(MAX_CUBES, old + gain)
            effect = f"+{gain} {cube} ({cube} {old} → {new})" if new > old else f"{cube} is full"
        return Option(f"play {kind.name}: {effect}", action, kind_words(kind.name, kind.key))
    if action == A.TRADE_FOR_MOTHER_LODE:
        words = ("trade", "trade cards", "mother lode", "ml")
        return Option("trade 5 playing cards for a Mother Lode card", action, words)
    if A.MOTHER_LODE_BASE <= action < A.MOTHER_LODE_BASE + A.N_ML:
        kind = MOTHER_LODE_KINDS[action - A.MOTHER_LODE_BASE]
        second = kind.key == "credit_card" and rider["credit_card_used_once"]
        effect = card_effect(kind, rulings)
        label = f"play {kind.name} (Mother Lode){' again' if second else ''}: {effect}"
        return Option(label, action, kind_words(kind.name, kind.key))
    if action == A.TRADE_MONEY:
        words = ("trade money", "money cards", "7 money")
        after = f"money {money} → {min(MAX_CUBES, money + 7)}"
        return Option(f"trade 3 Extra Money cards for 7 money ({after})", action, words)
    if action == A.CASH_IN:
        after = f"energy {energy} → {min(MAX_CUBES, energy + 2)}, money {money} → {money - 5}"
        return Option(f"cash in 5 money for 2 energy ({after})", action, ("cash", "cash in", "c"))
    return Option("pass: nothing else can be done this turn", action, ("pass",))


def act_menu(view: dict[str, Any], state: OpenRoadState, seat: int) -> Menu:
    """A turn's action: the rides, then the other actions."""
    menu = ride_menu(view, state, seat, False) if view["rides"] else Menu()
    rider = view["riders"][seat]
    left = view["actions_left"]
    count = f"{left} action{'s' * (left != 1)} left this turn"
    title = f"Or ({count}):" if view["rides"] else f"Actions ({count}; no energy to ride):"
    rules = state.game_rules
    others = [_action(view, rider, a, rules) for a in state.legal_actions(seat) if a >= A.N_DOTS]
    menu.groups.append((title, others))
    return menu


# ------------------------------------------------------------------ road closure
def _remaining(rider: dict[str, Any], closure: int) -> int | None:
    here = rider["dot"]
    if here == closure:  # a rider on the closed camp site may leave it
        return BOARD.distance(here, rider["destination_dot"], (closure,))
    return distance(here, rider["destination_dot"], closure)


def _closure_rows(
    view: dict[str, Any], legal: set[int], seat: int
) -> tuple[list[tuple[int, dict[int, int]]], list[dict[str, Any]]]:
    """The camp sites on the other riders' shortest ways, the most hindering first,
    each with the extra dots every rider would need; and the others, leader first."""
    riders = [r for r in view["riders"] if r["dot"] >= 0]
    others = sorted((r for r in riders if r["seat"] != seat), key=lambda r: r["remaining"])
    current = view["road_closure"]
    candidates: set[int] = set()
    for rider in others:
        closed = () if current is None else (current,)
        path = BOARD.shortest_path(rider["dot"], rider["destination_dot"], closed)
        candidates.update(d for d in path or () if d in legal)
    rows = []
    for camp in candidates:
        lost = {}
        for rider in riders:
            after = _remaining(rider, camp)
            lost[rider["seat"]] = (after if after is not None else 99) - rider["remaining"]
        leader = lost[others[0]["seat"]] if others else 0
        behind = sum(lost[r["seat"]] for r in others[1:])
        score = 2 * leader + behind - 2 * lost.get(seat, 0)
        rows.append((-score, BOARD.dots[camp].name, camp, lost))
    rows.sort()
    return [(camp, lost) for _, _, camp, lost in rows], others


def closure_menu(view: dict[str, Any], state: OpenRoadState, seat: int, names: Names) -> Menu:
    """The camp sites for the road closure cube, the most hindering first."""
    legal = set(state.legal_actions(seat))
    rows, others = _closure_rows(view, legal, seat)
    options = []
    for camp, lost in rows[:SHOWN]:
        hurt = [f"{names.obj(s)} +{lost[s]}" for s in lost if s != seat and lost[s] > 0]
        mine = f" (you +{lost[seat]})" if lost.get(seat, 0) > 0 else ""
        effect = ", ".join(hurt) or "nobody's way gets longer"
        options.append(Option(f"{BOARD.dots[camp].name}: {effect}{mine}", camp))
    if len(options) < SHOWN and others:
        leader = others[0]
        near = distances_to(leader["dot"], -1)
        listed = {o.action for o in options}
        rest = sorted((d for d in legal if d not in listed), key=lambda d: (near[d], d))
        for dot in rest[: SHOWN - len(options)]:
            where = f"{dots(near[dot])} from {names.obj(leader['seat'])}"
            options.append(Option(f"{BOARD.dots[dot].name}: {where}", dot))
    title = "Put the road closure cube on a camp site (the extra dots each rider would need):"
    menu = Menu([(title, options)])
    hidden = len(legal) - len(options)
    if hidden:
        menu.more = f"… and {hidden} more camp sites: type a camp site's name to close it."
    return menu
