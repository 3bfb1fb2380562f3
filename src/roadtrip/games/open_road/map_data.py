"""The Open Road's map and components in data: the design constants and the tables.

FACTS.md: the board is "based on the United States Bicycle Route System over the 48
contiguous states, split into equal-distance segments (one segment = one energy cube =
one dot)"; the city list, the network, the camp sites and several card contents are not
public.  This package designs them as data (rulings in docs/rules/the-open-road.md):

* cities.py: the big and small cities and the towns and parks camp sites are named for;
* roads.py: the named routes as chains of stops;
* cards.py: route cards, Side Trip cards, playing cards, Mother Lode cards, pannier slots.

This module gathers them with the scale of the board.  Pure data: board.py builds the
map (dots, legs, distances) from it.
"""

from __future__ import annotations

from roadtrip.games.open_road.cards import (
    EAST_COAST_CARDS,
    HEARTLAND_CARDS,
    MOTHER_LODE_DECK,
    MOTHER_LODE_KINDS,
    PANNIER_CARD_SLOTS,
    PLAYING_CARD_KINDS,
    PLAYING_DECK,
    SIDE_TRIP_CARDS,
    WEST_COAST_CARDS,
    CardKind,
    SideTrip,
)
from roadtrip.games.open_road.cities import BIG, CAMP_TOWNS, CITIES, SMALL, CampTown, City, CitySize
from roadtrip.games.open_road.roads import ROUTES, Route

# The scale: one dot per MILES_PER_DOT miles of great-circle distance between two
# consecutive stops of a route (at least one dot).  Roads run some 15-25% longer than
# the great circle, so a dot is about 80 road miles: a long day in the saddle.  With it
# a coast-to-coast ride is 33 to 49 dots (median 40); see docs/rules/the-open-road.md.
MILES_PER_DOT = 68.0

EARTH_RADIUS_MILES = 3958.8

# The 48 contiguous states' bounding box: (south, north, west, east) in degrees.
CONTIGUOUS_US_BOUNDS = (24.5, 49.4, -124.8, -66.9)

__all__ = [
    "BIG",
    "CAMP_TOWNS",
    "CITIES",
    "CONTIGUOUS_US_BOUNDS",
    "EARTH_RADIUS_MILES",
    "EAST_COAST_CARDS",
    "HEARTLAND_CARDS",
    "MILES_PER_DOT",
    "MOTHER_LODE_DECK",
    "MOTHER_LODE_KINDS",
    "PANNIER_CARD_SLOTS",
    "PLAYING_CARD_KINDS",
    "PLAYING_DECK",
    "ROUTES",
    "SIDE_TRIP_CARDS",
    "SMALL",
    "WEST_COAST_CARDS",
    "CampTown",
    "CardKind",
    "City",
    "CitySize",
    "Route",
    "SideTrip",
]
