"""The Open Road's cards as data: route cards, Side Trip cards, playing cards, Mother Lode.

The rulebook gives the decks' sizes ("(60) Playing Cards", "(12) Mother Lode Cards",
"(7) Side Trip Cards", "(16) East Coast Cards", "(12) West Coast Cards", "(21) Heartland
Cards") and the playing cards' kinds and counts.  FACTS.md: not public are the cities of
the route and Side Trip cards, the split of the 12 Mother Lode cards over their 8 kinds
and the number of card slots in a pannier.  Those are rulings, documented beside the
rulebook's sentences in docs/rules/the-open-road.md.

Cities are named as on the board, "Name, ST" (cities.py).  Pure data.
"""

from __future__ import annotations

from typing import NamedTuple

# ---------------------------------------------------------------- route cards
# "EAST COAST AND WEST COAST CARDS are your origin and destination cities."
# Ruling: cities on the Atlantic or its tidal bays and rivers (16), north to south.
EAST_COAST_CARDS: tuple[str, ...] = (
    "Bar Harbor, ME",
    "Portland, ME",
    "Boston, MA",
    "Providence, RI",
    "New York, NY",
    "Atlantic City, NJ",
    "Philadelphia, PA",
    "Baltimore, MD",
    "Washington, DC",
    "Yorktown, VA",
    "Virginia Beach, VA",
    "Wilmington, NC",
    "Charleston, SC",
    "Savannah, GA",
    "Jacksonville, FL",
    "Miami, FL",
)

# Ruling: cities on the Pacific or the tidal Columbia and Puget Sound (12), north to south.
WEST_COAST_CARDS: tuple[str, ...] = (
    "Anacortes, WA",
    "Seattle, WA",
    "Astoria, OR",
    "Portland, OR",
    "Newport, OR",
    "Crescent City, CA",
    "Eureka, CA",
    "San Francisco, CA",
    "Monterey, CA",
    "Santa Barbara, CA",
    "Los Angeles, CA",
    "San Diego, CA",
)

# "HEARTLAND CARDS are not a required stop but can greatly increase your ENERGY and
# MONEY supply".  Ruling: 21 interior cities, 7 in the West, 7 on the Plains, 7 from
# the Missouri east, so that every coast-to-coast ride has some within a short detour.
HEARTLAND_CARDS: tuple[str, ...] = (
    # West
    "Spokane, WA",
    "Boise, ID",
    "Missoula, MT",
    "Billings, MT",
    "Salt Lake City, UT",
    "Phoenix, AZ",
    "Albuquerque, NM",
    # Plains
    "Denver, CO",
    "Cheyenne, WY",
    "Bismarck, ND",
    "Omaha, NE",
    "Wichita, KS",
    "Oklahoma City, OK",
    "Dallas, TX",
    # From the Missouri east
    "Kansas City, MO",
    "Minneapolis, MN",
    "Des Moines, IA",
    "St. Louis, MO",
    "Little Rock, AR",
    "Indianapolis, IN",
    "Louisville, KY",
)


class SideTrip(NamedTuple):
    """A Side Trip card: a theme and the 2-4 cities that pay its bonus."""

    name: str
    cities: tuple[str, ...]


# "If you land on any city listed on your SIDE TRIP CARD you get (3) ENERGY and (3)
# MONEY cubes".  Ruling: 7 themed cards of 3 or 4 cities; no city is on two cards, and
# none is a coast or Heartland city, so that one stop never pays two card bonuses.
SIDE_TRIP_CARDS: tuple[SideTrip, ...] = (
    SideTrip("National Parks", ("Whitefish, MT", "Jackson, WY", "Moab, UT", "Asheville, NC")),
    SideTrip("Mountain Towns", ("Bend, OR", "Breckenridge, CO", "Roanoke, VA", "North Conway, NH")),
    SideTrip(
        "Route 66 Roadside", ("Flagstaff, AZ", "Amarillo, TX", "Tulsa, OK", "Springfield, IL")
    ),
    SideTrip("Music Cities", ("Austin, TX", "New Orleans, LA", "Nashville, TN", "Detroit, MI")),
    SideTrip("College Towns", ("Eugene, OR", "Madison, WI", "Charlottesville, VA")),
    SideTrip("Great Lakes", ("Milwaukee, WI", "Cleveland, OH", "Buffalo, NY")),
    SideTrip(
        "Blues and Bayous",
        ("Memphis, TN", "Clarksdale, MS", "Natchez, MS", "Lafayette, LA"),
    ),
)


# ---------------------------------------------------------------- card kinds
class CardKind(NamedTuple):
    """One kind of playing or Mother Lode card and how many the deck holds."""

    key: str
    name: str
    copies: int
    against: bool  # played against an opposing rider (or riders)
    effect: str  # the rulebook's effect, in short (texts.card_effect: under the options)
    # "In the lower corner of each card is an indicator of the ENERGY or MONEY they get
    # by playing it. ENERGY is the lower left corner, MONEY is the lower right corner."
    # Ruling: the cubes the player gets, 0 where the card gives none (a card that
    # hinders another rider, the Tune Up's free dots, the Mother Lode cards).
    energy: int = 0
    money: int = 0


# "(60) Playing Cards": the kinds and counts are the rulebook's.
PLAYING_CARD_KINDS: tuple[CardKind, ...] = (
    CardKind("extra_money", "Extra Money", 20, False, "pick up 2 money", money=2),
    CardKind("extra_energy", "Extra Energy", 20, False, "pick up 2 energy", energy=2),
    CardKind("headwind", "Headwind", 4, True, "an opposing rider loses 2 energy"),
    CardKind(
        "free_night_stay",
        "Free Night Stay",
        2,
        False,
        "2 energy; in a big or small city only",
        energy=2,
    ),
    CardKind(
        "couch_surf", "Couch Surf", 4, False, "1 energy; in a big or small city only", energy=1
    ),
    CardKind("saddle_sores", "Saddle Sores", 4, True, "an opposing rider loses 2 money"),
    CardKind("broken_spoke", "Broken Spoke", 1, True, "an opposing rider loses their next turn"),
    CardKind("cracked_fork", "Cracked Fork", 1, True, "an opposing rider loses their next turn"),
    CardKind("snapped_pedal", "Snapped Pedal", 1, True, "an opposing rider loses their next turn"),
    CardKind("bent_rim", "Bent Rim", 1, True, "an opposing rider loses their next turn"),
    CardKind(
        "tune_up", "Tune Up", 2, False, "ride 2 dots out of a big or small city without energy"
    ),
)

# "(12) Mother Lode Cards" of eight kinds.  Ruling: the four one-shot cards of middling
# strength twice each, the rest once: one Road Closure because there is one "(1) Road
# Closure Cube (red)", one Better Tent because it is kept for the rest of the game, one
# Bandit and one Lottery Ticket because they are the largest swings.
MOTHER_LODE_KINDS: tuple[CardKind, ...] = (
    CardKind("lost_id", "Lost I.D.", 2, True, "an opposing rider goes back to their last big city"),
    CardKind(
        "better_tent", "Better Tent", 1, False, "1 energy at the start of each turn on a camp site"
    ),
    CardKind("bandit", "Bandit", 1, True, "steal playing cards, as many as fit in the pannier"),
    CardKind("credit_card", "Credit Card", 2, False, "3 money or energy in any mix, on 2 turns"),
    CardKind(
        "road_closure",
        "Road Closure",
        1,
        True,
        "the red cube closes a camp site for the rest of the game",
    ),
    CardKind("peloton", "Peloton", 2, False, "rides go twice as far for 1 turn"),
    CardKind("slow_leak", "Slow Leak", 2, True, "every opposing rider loses 3 energy"),
    CardKind(
        "lottery_ticket",
        "Lottery Ticket",
        1,
        False,
        "pick up 3 playing cards; max out energy and money at the Heartland city",
    ),
)

# The decks, one entry per card, in the order of the kinds above (the rules shuffle).
PLAYING_DECK: tuple[str, ...] = tuple(
    kind.key for kind in PLAYING_CARD_KINDS for _ in range(kind.copies)
)
MOTHER_LODE_DECK: tuple[str, ...] = tuple(
    kind.key for kind in MOTHER_LODE_KINDS for _ in range(kind.copies)
)

# "(60) Energy Cubes (plain)", "(60) Money Cubes (green)": the reserve.  A pannier holds
# at most 10 of each and there are at most 6 riders, so the panniers never hold more
# than 60 of a kind: the reserve can never run out, and no rule for an empty reserve
# is needed (the view shows what is left in it).
RESERVE_CUBES = 60

# "PANNIERS ... cannot hold more cards than slots available."  Ruling: 8 slots, filled
# by playing cards and Mother Lode cards together; the four route cards are kept apart
# and take none.  8 leaves room to save 5 cards for a Mother Lode trade or 3 Extra Money
# cards for the 7-money trade while holding the 2 Mother Lode cards allowed.
PANNIER_CARD_SLOTS = 8
