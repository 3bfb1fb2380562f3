"""Learn to play The Open Road: two riders, chosen route cards and draws.

You ride seat 1 from Los Angeles to Jacksonville; the other rider's moves (from
Charleston to San Diego) are scripted too.  In three turns the tutorial meets what a
first race needs: the route cards, the direction, riding on energy, the two actions
a turn, picking up and playing a card, a card played against you, cashing in money,
the Side Trip and Heartland bonuses, the pannier's cap of 10 and the hotel.

Board keys to highlight: ``route-cards``, ``side-trip``, ``heartland``, ``rider:<seat>``
(from 1), ``energy``, ``money``, ``cards`` (the pannier's playing cards), ``deck``,
``actions`` (the actions left this turn), ``dot:<name>`` (a dot by its map name,
``dot:Flagstaff, AZ``) (docs/tutorials.md).
"""

from __future__ import annotations

from roadtrip.core.tutorial_script import RuleLink, Step, TutorialScript

DOC = "the-open-road"

ROUTE_CARDS = RuleLink(
    DOC,
    "route-cards-east-coast-west-coast-heartland",
    "Route cards: East Coast, West Coast, Heartland",
)
SETUP = RuleLink(DOC, "setup", "Setup")
WINNING = RuleLink(DOC, "winning-and-max_rounds", "Winning")
TURNS = RuleLink(DOC, "turns", "Turns")
RIDE = RuleLink(DOC, "ride", "Ride")
LANDING = RuleLink(
    DOC, "landing-the-hotel-heartland-and-side-trip", "Landing: the hotel, Heartland and Side Trip"
)
# The rules' "Playing cards" and "Mother Lode cards" follow the design's headings of
# the same name, so GitHub numbers their anchors.
PLAYING = RuleLink(DOC, "playing-cards-1", "Playing cards")
MOTHER_LODE = RuleLink(DOC, "mother-lode-cards-1", "Mother Lode cards")
TRADES = RuleLink(DOC, "trades", "Trades")

JACKSONVILLE = "keeps the East Coast card Jacksonville, FL"
LOS_ANGELES = "keeps the West Coast card Los Angeles, CA"
PHOENIX = "keeps the Heartland card Phoenix, AZ"
FROM_LA = "starts from Los Angeles, CA and rides west to east to Jacksonville, FL"
TO_KINGMAN = "rides 3 dots to Kingman camp, AZ (3 energy)"
PICK_UP = "picks up a playing card"
CASH_IN = "cashes in 5 money for 2 energy"
TO_FLAGSTAFF = "rides 2 dots to Flagstaff, AZ (2 energy)"
EXTRA_ENERGY = "plays Extra Energy"
TO_PHOENIX = "rides 2 dots to Phoenix, AZ (2 energy)"
HOTEL = "stays in a hotel: 2 money for 2 energy"

STEPS = (
    Step(
        key="east-coast-card",
        text=(
            "Ride coast to coast: one East Coast and one West Coast city are your start "
            "and your destination. You drew two East Coast cards; keep Jacksonville."
        ),
        move=JACKSONVILLE,
        highlight=("route-cards",),
        rule=ROUTE_CARDS,
        why={
            "keeps the East Coast card Miami, FL": (
                "Legal, but Miami lies further down Florida: Jacksonville is a shorter ride."
            )
        },
    ),
    Step(
        key="west-coast-card",
        text="Now the West Coast: keep Los Angeles, far south like Jacksonville.",
        move=LOS_ANGELES,
        highlight=("route-cards",),
        rule=SETUP,
        why={
            "keeps the West Coast card Seattle, WA": (
                "Legal, but Seattle to Jacksonville crosses the whole country diagonally: "
                "Los Angeles is shorter."
            )
        },
    ),
    Step(
        key="heartland-card",
        text=(
            "A Heartland city is no required stop, but landing there pays 5 energy and 5 "
            "money. Keep Phoenix, near your way east."
        ),
        move=PHOENIX,
        highlight=("route-cards", "heartland", "dot:Phoenix, AZ"),
        rule=LANDING,
        why={
            "keeps the Heartland card Minneapolis, MN": (
                "Legal, but Minneapolis is far north of a southern route: Phoenix is on the way."
            )
        },
    ),
    Step(
        key="direction",
        text=(
            "Your Side Trip card, Route 66 Roadside, came at random. Choose the direction: "
            "start in Los Angeles. The first rider to reach their destination wins."
        ),
        move=FROM_LA,
        highlight=("route-cards", "side-trip"),
        rule=WINNING,
        otherwise=(
            "Either way is legal; the tutorial starts in Los Angeles, with Flagstaff "
            "(Side Trip) and Phoenix (Heartland) in the first turns."
        ),
    ),
    Step(
        key="ride",
        text=(
            "Your turn: two actions. Ride: each dot costs one energy cube and you hold 3. "
            "Ride 3 dots to Kingman camp, towards Flagstaff."
        ),
        move=TO_KINGMAN,
        highlight=("energy", "rider:1", "dot:Kingman camp, AZ"),
        rule=RIDE,
        otherwise="Legal, but Kingman camp is the furthest you can ride towards Flagstaff.",
    ),
    Step(
        key="pick-up",
        text=(
            "Your second action, with no energy left: pick up a playing card. All cards "
            "are face up, for every rider to see."
        ),
        move=PICK_UP,
        highlight=("deck", "cards", "actions"),
        rule=TURNS,
        otherwise="Picking up a card costs nothing: the tutorial takes one.",
    ),
    Step(
        key="cash-in",
        text=(
            "You drew Extra Energy; the other rider rode and drew a Headwind. No energy "
            "again: cash in 5 money for 2 energy (Flagstaff will pay money, and a "
            "pannier holds at most 10)."
        ),
        move=CASH_IN,
        highlight=("money", "energy"),
        rule=TRADES,
        why={
            EXTRA_ENERGY: (
                "That gives 2 energy too, but your money is full: Flagstaff's 3 money "
                "would be lost. Spend money first and keep the card."
            ),
            PICK_UP: "Legal, but it leaves you no energy to ride.",
        },
    ),
    Step(
        key="side-trip",
        text=(
            "Ride 2 dots to Flagstaff: a city on your Side Trip card pays 3 energy and "
            "3 money where a ride ends."
        ),
        move=TO_FLAGSTAFF,
        highlight=("side-trip", "dot:Flagstaff, AZ"),
        rule=LANDING,
        otherwise="Legal, but Flagstaff pays its Side Trip bonus and is on your way.",
    ),
    Step(
        key="card-against-you",
        text=(
            "The other rider played the Headwind against you: 2 energy lost. Some cards "
            "hit a rider; yours helps you. Play Extra Energy: +2 energy."
        ),
        move=EXTRA_ENERGY,
        highlight=("cards", "energy"),
        rule=PLAYING,
        why={
            CASH_IN: "Legal, but the card costs no money: play it.",
            PICK_UP: "Legal, but you need energy to reach Phoenix this turn.",
        },
        otherwise="Play the Extra Energy first: then Phoenix is 2 dots away.",
    ),
    Step(
        key="heartland",
        text=(
            "Ride 2 dots to Phoenix, your Heartland city: it pays 5 energy and 5 money, "
            "and you draw a new Heartland card."
        ),
        move=TO_PHOENIX,
        highlight=("heartland", "dot:Phoenix, AZ"),
        rule=LANDING,
        otherwise="Legal, but Phoenix pays its Heartland bonus: ride there.",
    ),
    Step(
        key="hotel",
        text=(
            "Phoenix paid 5 and 5 (cubes beyond 10 are lost: 3 money) and Oklahoma City "
            "is your new Heartland. Arriving in a big city you may stay in a hotel, "
            "outside your two actions: 2 money for 2 energy."
        ),
        move=HOTEL,
        highlight=("money", "energy", "heartland"),
        rule=LANDING,
        why={
            "rides on without a hotel": (
                "Legal, but with full money the hotel turns cubes you cannot keep into "
                "energy: stay."
            )
        },
    ),
)

SCRIPT = TutorialScript(
    game_id="open-road",
    title="The Open Road",
    options={"players": 2},
    chance=(
        "seat 1 draws the East Coast card Jacksonville, FL",
        "seat 1 draws the East Coast card Miami, FL",
        "seat 1 draws the West Coast card Los Angeles, CA",
        "seat 1 draws the West Coast card Seattle, WA",
        "seat 1 draws the Heartland card Phoenix, AZ",
        "seat 1 draws the Heartland card Minneapolis, MN",
        "seat 1 draws the Side Trip card Route 66 Roadside",
        "seat 2 draws the East Coast card Charleston, SC",
        "seat 2 draws the East Coast card Savannah, GA",
        "seat 2 draws the West Coast card San Diego, CA",
        "seat 2 draws the West Coast card Portland, OR",
        "seat 2 draws the Heartland card Dallas, TX",
        "seat 2 draws the Heartland card Denver, CO",
        "seat 2 draws the Side Trip card Music Cities",
        "seat 1 picks up Extra Energy",
        "seat 2 picks up Headwind",
        "seat 1 draws the Heartland card Oklahoma City, OK",
    ),
    others=(
        "keeps the East Coast card Charleston, SC",
        "keeps the West Coast card San Diego, CA",
        "keeps the Heartland card Dallas, TX",
        "starts from Charleston, SC and rides east to west to San Diego, CA",
        "rides 3 dots to Georgia camp 1 (3 energy)",
        PICK_UP,
        "plays Headwind",
        CASH_IN,
    ),
    steps=STEPS,
    handover="The road is yours: race the heuristic bot to Jacksonville.",
    later=(
        PLAYING,
        MOTHER_LODE,
        TRADES,
        RuleLink(DOC, "bankruptcy-lost-id-and-the-last-big-city", "Bankruptcy"),
        RuleLink(DOC, "pannier-card-slots", "Pannier card slots"),
        TURNS,
    ),
)
