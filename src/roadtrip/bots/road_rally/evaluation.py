"""What the Road Rally heuristic bot reads from a seat's view, and how it scores a move.

A :class:`Situation` is built from ``observation.view`` alone (the seat's own hand
and rally cards, every car's public counts, the track) plus the game's public
options.  It scores a *landing*: the cards played (counts per type), where the car
ends up and what it passes on the way, in "spaces" (one space of progress is 1.0):

* progress, and a value for the cards kept in hand: most of their face value
  (they move the car later) plus, for greens and yellows, the draws they will
  bring when played (a green played alone later draws two: the cards a car plays
  over a race are its five first cards and the ones it draws, so draws are what
  keep it moving);
* the cards drawn afterwards (green 2, yellow 1, red 0, Rainbow 5 one), an empty
  hand next turn (a lost turn), Gas (discards back in the deck), a Mechanic, a
  General Store (next turn any colours);
* race terms in points (times ``Weights.point``): the expected place at the end of
  the round (cars still to move this round may pass; each gets a uniform reach from
  its hand size), and with it the rally points that round will resolve: one the
  seat holds pays double its place if revealed, one it does not may be revealed by
  someone else; a held rally point crossed third or later is removed (lost);
  checkpoint tiles, rally chips and the finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roadtrip.games.road_rally.data import (
    CARD_TYPES,
    DRAWS_AFTER,
    NUM_TYPES,
    POINTS_BY_PLACE,
    RAINBOW_DRAW,
    TILE_BONUS,
)
from roadtrip.games.road_rally.scoring import MAX_RALLY_CARDS_SCORED, MAX_RALLY_PER_ROUND
from roadtrip.games.road_rally.track import GAS, MECHANIC, STORE

VALUES = tuple(card.value for card in CARD_TYPES)
COLORS = tuple(card.color for card in CARD_TYPES)


@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs, in spaces (``point``: spaces per point).

    Tuned by self-play in 4-player games (one variant against three copies, 600
    games each): changing any of them alone does not win more than 25% +- 2%.
    """

    keep: float = 0.95  # share of a kept card's face value (it moves the car later)
    draw: float = 3.2  # a card drawn
    hold_green: float = 1.5  # a kept card's value beyond its share, by colour: the
    hold_yellow: float = 0.5  # draws it brings when played
    hold_red: float = 0.0
    empty: float = 2.0  # an empty hand next turn: that turn is lost
    gas: float = 0.35  # per discarded card shuffled back at Gas, when the deck runs low
    mechanic: float = 0.8
    store: float = 1.2  # per card beyond two that a Rainbow 5 move could play
    point: float = 0.5  # spaces per point
    card_future: float = 4.0  # points a live rally card is worth, kept for later
    other_reveal: float = 0.55  # chance that someone else scores a crossed point
    spare_reveal: float = 4.0  # reveal advantage needed while a rally card is spare
    reveal_min: float = 0.0  # reveal advantage needed otherwise
    cards_hand: int = 1  # 4th / 5th place takes cards with at most this many in hand
    reach_base: int = 4  # another car's reach: base + per card (up to 4 cards)
    reach_card: int = 2
    color: int | None = None  # a preferred colour (balance experiments)
    color_bonus: float = 1.5  # per card of the preferred colour played


def place_points(place: float) -> float:
    """Points of a (possibly fractional, expected) race place, 0-based: 5, 4, 3, ..."""
    low = int(place)
    if low >= len(POINTS_BY_PLACE) - 1:
        return float(POINTS_BY_PLACE[-1])
    frac = place - low
    return POINTS_BY_PLACE[low] * (1 - frac) + POINTS_BY_PLACE[low + 1] * frac


def reach(hand_size: int, weights: Weights) -> int:
    """How far a car with this many cards may go in one move (its spread)."""
    return 0 if hand_size == 0 else weights.reach_base + weights.reach_card * min(hand_size, 4)


class Situation:
    """One seat's reading of its view, for scoring moves."""

    def __init__(self, view: dict[str, Any], options: dict[str, Any], weights: Weights) -> None:
        self.w = weights
        self.me: int = view["you"]
        track = view["track"]
        cars = view["cars"]
        me = cars[self.me]
        mine = view["mine"]
        self.final: bool = view["final_round"]
        self.position: list[int] = [car["space"] for car in cars]
        self.hand_sizes: list[int] = [car["hand_size"] for car in cars]
        self.totals: list[int] = [car["total"] for car in cars]
        self.order: list[int] = view["order"]
        self.hand: list[int] = list(mine["hand"])
        self.deck: int = me["deck_size"]
        self.discard: int = sum(me["discard"])
        self.features: list[str] = track["features"]
        self.last_space: int = track["length"] - 1
        self.finish: int = track["finish"]
        self.finished: bool = me["finished"]
        self.nobody_finished: bool = not view["finishers"]
        self.shortcut: dict[int, int] = {a: b for a, b in track["shortcuts"]}
        self.rally_space: dict[int, int] = {}
        self.on_track: set[int] = set()
        for point in track["rally_points"]:
            self.rally_space[point["number"]] = point["space"]
            if point["status"] == "on_track":
                self.on_track.add(point["number"])
        self.rally_at = {space: n for n, space in self.rally_space.items()}
        self.open_checkpoints = [c["space"] for c in track["checkpoints"] if c["holder"] is None]
        self.crossed: set[int] = set(view["crossed_this_round"])
        self.reveals_left = MAX_RALLY_CARDS_SCORED - len(me["rally_revealed"])
        self.held = [n for n in mine["rally_cards"] if n in self.on_track]
        self.shortcut_passes = bool(options.get("shortcut_passes", False))
        self.gas_before = options.get("gas", "before") == "before"
        self.finish_double = bool(options.get("finish_double", True))
        turn_order: list[int] = view["turn_order"]
        later = turn_order[turn_order.index(self.me) + 1 :] if self.me in turn_order else []
        self.later: set[int] = set(later) if view["phase"] in ("play", "shortcut") else set()

    # -------------------------------------------------------------- race
    def spare_cards(self) -> bool:
        """More live rally cards than reveals left: one will go unscored anyway."""
        return len(self.held) > self.reveals_left

    def card_future(self) -> float:
        """Points a live rally card is worth if it is not scored now."""
        if self.reveals_left <= 0:
            return 0.0
        return self.w.card_future * (0.5 if self.spare_cards() else 1.0)

    def expected_place(self, land: int) -> float:
        """Expected number of cars ahead of this seat at the end of the round."""
        ahead = 0.0
        for seat, pos in enumerate(self.position):
            if seat == self.me:
                continue
            spread = reach(self.hand_sizes[seat], self.w) if seat in self.later else 0
            if spread == 0:
                ahead += 1.0 if pos >= land else 0.0
            else:  # final space uniform in pos+1 .. pos+spread; a tie is behind
                ahead += min(1.0, max(0.0, (pos + spread - land) / spread))
        return ahead

    def path(self, start: int, end: int, land: int) -> list[int]:
        """Spaces passed: start+1..end, then the shortcut's own if it passes them."""
        spaces = list(range(start + 1, end + 1))
        if land != end and self.shortcut_passes:
            spaces += list(range(end + 1, land + 1))
        return spaces

    def race_value(self, spaces: Sequence[int], land: int) -> float:
        """Points (expected) from rally points, checkpoints and the finish."""
        place = self.expected_place(land)
        earned = place_points(place)
        crossed_now = {self.rally_at[s] for s in spaces if self.rally_at.get(s) in self.on_track}
        crossed = sorted(self.crossed | crossed_now)
        resolved, removed = crossed[:MAX_RALLY_PER_ROUND], crossed[MAX_RALLY_PER_ROUND:]
        first_on_space = all(p != land for s, p in enumerate(self.position) if s != self.me)
        future = self.card_future()
        value = 0.0
        for number in resolved:
            if number in self.held and self.reveals_left > 0:
                chance = 1.0
                value += max(2 * earned, future) - future
            else:
                chance = self.w.other_reveal
                value += chance * earned
            if land == self.rally_space[number] and first_on_space:
                value += chance * TILE_BONUS
        value -= future * sum(1 for number in removed if number in self.held)
        value += TILE_BONUS * sum(1 for s in self.open_checkpoints if s in spaces)
        if not self.finished and self.finish in spaces:
            first = self.nobody_finished and self.finish_double
            value += earned * (2 if first else 1)
        return value

    # ---------------------------------------------------------- economy
    def economy(self, plan: Sequence[int], rainbow: bool, land: int) -> float:
        """Cards kept and drawn, and the landing space's feature, in spaces."""
        w = self.w
        played = sum(plan)
        hold = (w.hold_green, w.hold_yellow, w.hold_red)
        kept = sum(
            (w.keep * VALUES[t] + hold[COLORS[t]]) * (self.hand[t] - plan[t])
            for t in range(NUM_TYPES)
        )
        bias = 0.0
        if w.color is not None:
            bias = w.color_bonus * sum(plan[t] for t in range(NUM_TYPES) if COLORS[t] == w.color)
        if self.final:
            return bias
        color = next(COLORS[t] for t in range(NUM_TYPES) if plan[t])
        draws = RAINBOW_DRAW if rainbow else DRAWS_AFTER[color]
        return bias + kept + self.landing(land, sum(self.hand) - played, draws, played)

    def landing(self, land: int, hand_left: int, draws: int, played: int) -> float:
        """The value of drawing ``draws`` cards on ``land`` with ``hand_left`` cards."""
        w = self.w
        feature = self.features[land]
        discard = self.discard + played
        deck = self.deck + (discard if feature == GAS and self.gas_before else 0)
        got = min(draws, deck)
        hand_after = hand_left + got
        value = w.draw * got
        if hand_after == 0:
            value -= w.empty
        if feature == GAS:
            value += w.gas * discard * (1.0 if self.deck - got <= 4 else 0.5)
        elif feature == MECHANIC and self.deck > 1:
            value += w.mechanic
        elif feature == STORE:
            value += w.store * max(0, min(5, hand_after) - 2)
        return value

    def score(self, plan: Sequence[int], rainbow: bool) -> float:
        """The best value of playing ``plan`` (either side of a shortcut)."""
        start = self.position[self.me]
        steps = sum(VALUES[t] * plan[t] for t in range(NUM_TYPES))
        end = min(start + steps, self.last_space)
        economy = {end: self.economy(plan, rainbow, end)}
        lands = [end]
        if end in self.shortcut:
            lands.append(self.shortcut[end])
            economy[self.shortcut[end]] = self.economy(plan, rainbow, self.shortcut[end])
        return max(
            (land - start)
            + economy[land]
            + self.w.point * self.race_value(self.path(start, end, land), land)
            for land in lands
        )

    def shortcut_gain(self) -> float:
        """Taking the shortcut from here, against staying (the move is made)."""
        here = self.position[self.me]
        there = self.shortcut[here]
        hand = sum(self.hand)

        def value(land: int) -> float:
            spaces = self.path(here, here, land)
            race = self.w.point * self.race_value(spaces, land)
            return land + race + (0.0 if self.final else self.landing(land, hand, 0, 0))

        return value(there) - value(here)
