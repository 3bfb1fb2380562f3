"""The Open Road's action encoding (the words for actions are in ``texts.py``).

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

from roadtrip.games.open_road.board import standard_map
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS, SIDE_TRIP_CARDS

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
