"""The Open Road's action encoding, and actions in words.

Decisions (``range(NUM_ACTIONS)``):

* ``0 .. N_DOTS-1``: a dot of the board (``board.standard_map()`` ids; cities come
  first, so a city's dot id is below ``N_CITIES``).  Its meaning depends on the phase:
  keep that route card (setup), start from that city (the direction, setup), ride
  to that dot (a turn's Ride action), cruise to it (Tune Up), put the road closure
  cube on it (Road Closure).
* ``PICK_UP``: pick up a playing card.
* ``PLAY_BASE + k``: play a playing card of kind ``k`` (``cards.PLAYING_CARD_KINDS``).
* ``TRADE_FOR_MOTHER_LODE``: trade 5 playing cards for a Mother Lode card.
* ``MOTHER_LODE_BASE + k``: play a Mother Lode card of kind ``k``
  (``cards.MOTHER_LODE_KINDS``).
* ``TRADE_MONEY``: trade 3 Extra Money cards for 7 money.
* ``CASH_IN``: cash in 5 money for 2 energy.
* ``HOTEL`` / ``NO_HOTEL``: stay in the hotel on arriving in a big city, or not.
* ``TARGET_BASE + s``: the card just played goes against seat ``s``.
* ``KIND_BASE + k``: a playing card of kind ``k`` (which cards a Mother Lode trade
  gives, which cards a Bandit takes).
* ``CREDIT_BASE + e``: a Credit Card use takes ``e`` energy and ``3 - e`` money.
* ``PASS``: no action is possible: the turn ends.

Chance (``range(NUM_CHANCE)``): ``CITY_BASE + d`` the route card of city ``d`` is
drawn (East Coast, West Coast or Heartland); ``SIDE_BASE + i`` Side Trip card ``i``;
``CARD_BASE + k`` a playing card of kind ``k``; ``MOTHER_LODE_CARD_BASE + k`` a
Mother Lode card of kind ``k``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roadtrip.core.state import CHANCE, mention
from roadtrip.games.open_road.board import standard_map
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS, SIDE_TRIP_CARDS

if TYPE_CHECKING:
    from roadtrip.games.open_road.rules import OpenRoadState

BOARD = standard_map()
N_DOTS = len(BOARD)
N_CITIES = len(BOARD.city_ids)
N_KINDS = len(PLAYING_CARD_KINDS)
N_ML = len(MOTHER_LODE_KINDS)
MAX_SEATS = 6
CREDIT_CUBES = 3

PICK_UP = N_DOTS
PLAY_BASE = PICK_UP + 1
TRADE_FOR_MOTHER_LODE = PLAY_BASE + N_KINDS
MOTHER_LODE_BASE = TRADE_FOR_MOTHER_LODE + 1
TRADE_MONEY = MOTHER_LODE_BASE + N_ML
CASH_IN = TRADE_MONEY + 1
HOTEL = CASH_IN + 1
NO_HOTEL = HOTEL + 1
TARGET_BASE = NO_HOTEL + 1
KIND_BASE = TARGET_BASE + MAX_SEATS
CREDIT_BASE = KIND_BASE + N_KINDS
PASS = CREDIT_BASE + CREDIT_CUBES + 1
NUM_ACTIONS = PASS + 1

CITY_BASE = 0
SIDE_BASE = CITY_BASE + N_CITIES
CARD_BASE = SIDE_BASE + len(SIDE_TRIP_CARDS)
MOTHER_LODE_CARD_BASE = CARD_BASE + N_KINDS
NUM_CHANCE = MOTHER_LODE_CARD_BASE + N_ML

KIND_INDEX = {kind.key: i for i, kind in enumerate(PLAYING_CARD_KINDS)}
ML_INDEX = {kind.key: i for i, kind in enumerate(MOTHER_LODE_KINDS)}


def dot_name(dot: int) -> str:
    return BOARD.dots[dot].name


def card_name(kind: int) -> str:
    return PLAYING_CARD_KINDS[kind].name


def mother_lode_name(kind: int) -> str:
    return MOTHER_LODE_KINDS[kind].name


def _dots(count: int) -> str:
    return f"{count} dot" if count == 1 else f"{count} dots"


def describe(state: OpenRoadState, action: int, seat: int) -> str:
    """``action`` by ``seat`` (CHANCE for chance) in words; everything in The Open
    Road is face up, so every viewer reads the same words."""
    from roadtrip.games.open_road import flow as R

    if seat == CHANCE:
        return _describe_chance(state, action)
    mode = state.mode
    if 0 <= action < N_DOTS:
        name = dot_name(action)
        if mode == R.KEEP:
            return f"keeps the {R.DECK_NAMES[state.keep_deck]} card {name}"
        if mode == R.ORIGIN:
            other = state.east[seat] if action == state.west[seat] else state.west[seat]
            way = "west to east" if action == state.west[seat] else "east to west"
            return f"starts from {name} and rides {way} to {dot_name(other)}"
        if mode == R.CLOSE:
            return f"puts the road closure cube on {name}"
        if mode == R.CRUISE:
            return (
                f"cruises to {name} on a Tune Up ({_dots(state.ride_length(seat, action, True))})"
            )
        dots = state.ride_length(seat, action, False)
        cost = state.ride_cost(seat, action, False)
        return f"rides {_dots(dots)} to {name} ({cost} energy)"
    if action == PICK_UP:
        return "picks up a playing card"
    if PLAY_BASE <= action < PLAY_BASE + N_KINDS:
        return f"plays {card_name(action - PLAY_BASE)}"
    if action == TRADE_FOR_MOTHER_LODE:
        return "trades 5 playing cards for a Mother Lode card"
    if MOTHER_LODE_BASE <= action < MOTHER_LODE_BASE + N_ML:
        return f"plays the Mother Lode card {mother_lode_name(action - MOTHER_LODE_BASE)}"
    if action == TRADE_MONEY:
        return "trades 3 Extra Money cards for 7 money"
    if action == CASH_IN:
        return "cashes in 5 money for 2 energy"
    if action == HOTEL:
        return "stays in a hotel: 2 money for 2 energy"
    if action == NO_HOTEL:
        return "rides on without a hotel"
    if TARGET_BASE <= action < TARGET_BASE + MAX_SEATS:
        return f"plays it against {mention(action - TARGET_BASE)}"
    if KIND_BASE <= action < KIND_BASE + N_KINDS:
        verb = "takes" if state.pick_purpose == "bandit" else "gives"
        name = card_name(action - KIND_BASE)
        article = "an" if name[0] in "AEIOU" else "a"
        return f"{verb} {article} {name} card"
    if CREDIT_BASE <= action <= CREDIT_BASE + CREDIT_CUBES:
        energy = action - CREDIT_BASE
        return f"takes {energy} energy and {CREDIT_CUBES - energy} money on the Credit Card"
    if action == PASS:
        return "can do nothing more this turn"
    return f"invalid action {action}"


def _describe_chance(state: OpenRoadState, action: int) -> str:
    from roadtrip.games.open_road import flow as R

    deck, owner, _new = state.draw
    who = mention(owner)
    if CITY_BASE <= action < CITY_BASE + N_CITIES:
        return f"{who} draws the {R.DECK_NAMES[deck]} card {dot_name(action)}"
    if SIDE_BASE <= action < CARD_BASE:
        return f"{who} draws the Side Trip card {SIDE_TRIP_CARDS[action - SIDE_BASE].name}"
    if CARD_BASE <= action < MOTHER_LODE_CARD_BASE:
        return f"{who} picks up {card_name(action - CARD_BASE)}"
    if MOTHER_LODE_CARD_BASE <= action < NUM_CHANCE:
        return (
            f"{who} draws the Mother Lode card {mother_lode_name(action - MOTHER_LODE_CARD_BASE)}"
        )
    return f"invalid chance outcome {action}"
