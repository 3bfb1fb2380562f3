"""The Open Road's variant options: the rulebook's gaps as named rulings.

``Rulings`` holds their values as the rule steps read them.

Each option quotes the rulebook sentence it rests on; docs/rules/the-open-road.md
("Rules and rulings") gives the reasoning, the alternatives and the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from roadtrip.core.options import Option, OptionValue, round_limit_option

PLAYERS = Option(
    "players",
    4,
    "Number of riders, 2 to 6.",
    minimum=2,
    maximum=6,
    rule="Contents: '(6) Rider Pieces'; published facts: 2-6 players.",
)
MAX_ROUNDS = round_limit_option(
    "every rider has had N turns, lost turns included",
    "the riders nearest their destination (fewest dots, the road closure respected) "
    "share the victory",
)
PASS_THROUGH = Option(
    "pass_through",
    True,
    "May a ride pass through a city without stopping? true: a ride goes on through "
    "cities up to the energy spent. false: a ride ends at the first city it enters.",
    rule="'RIDE - players can advance their RIDER PIECES up to the amount of ENERGY "
    "cubes in their PANNIER.'",
)
LANDING = Option(
    "landing",
    "ride_end",
    "What 'landing on' a city is, for the Heartland and Side Trip bonuses and the "
    "hotel. ride_end: a ride ends there (cities ridden through pay nothing). pass: "
    "every city a ride enters counts, those it rides through included.",
    choices=("ride_end", "pass"),
    rule="'If you land on your HEARTLAND CITY at any time during the game ...'; 'If "
    "you land on any city listed on your SIDE TRIP CARD ...'; 'Upon arriving in a "
    "BIG CITY ...'",
)
SIDE_TRIP = Option(
    "side_trip",
    "each_city",
    "How often a Side Trip card pays its 3 energy and 3 money. each_city: once for "
    "each city on the card. once: once in all, at the first of its cities. "
    "every_landing: every time the rider lands on one of its cities.",
    choices=("each_city", "once", "every_landing"),
    rule="'If you land on any city listed on your SIDE TRIP CARD you get (3) ENERGY "
    "and (3) MONEY cubes to add to your PANNIER.'",
)
LAST_BIG_CITY = Option(
    "last_big_city",
    "passed",
    "Where bankruptcy and the Lost I.D. card send a rider ('the last BIG CITY on "
    "their route'). passed: the last big city the rider rode into or through. "
    "stopped: the last big city where one of the rider's rides ended. route: the big "
    "city of the rider's planned route (a shortest way from origin to destination) "
    "nearest behind the rider, by distance to the destination. In each case the "
    "origin city when there is none; a rider in a big city stays.",
    choices=("passed", "stopped", "route"),
    rule="'the player who is now bankrupt must return to the nearest BIG CITY on "
    "their route'; Lost I.D.: 'go back to the last BIG CITY on their route'.",
)
HOTEL = Option(
    "hotel",
    "each_arrival",
    "When the hotel (2 money for 2 energy) is offered. each_arrival: whenever a "
    "ride lands in a big city. first_visit: only on the rider's first arrival in "
    "each big city (their origin counts as visited).",
    choices=("each_arrival", "first_visit"),
    rule="'This is separate from the (7) ACTIONS and is only available upon your "
    "initial arrival in a BIG CITY.'",
)

CREDIT_CARD = Option(
    "credit_card",
    "per_card",
    "How often Credit Cards may be used. per_card: each card once a turn, so a rider "
    "holding two may use both in one turn. per_rider: one Credit Card use a turn, "
    "however many the rider holds.",
    choices=("per_card", "per_rider"),
    rule="'The CREDIT CARD allows the player to collect (3) of any combination of "
    "MONEY and ENERGY cubes from the reserve pile for any (2) turns.'",
)
ROAD_CLOSURE = Option(
    "road_closure",
    "stays",
    "What a Road Closure card played while the red cube is on the board does. stays: "
    "nothing can move the cube: the first closure is for the rest of the game, and "
    "the card that placed it is set aside with its cube. moves: the card moves the "
    "one cube (the camp site it leaves reopens).",
    choices=("stays", "moves"),
    rule="'The ROAD CLOSURE CARD can shut down any route for the remainder of the game.'; "
    "'(1) Road Closure Cube (red)'",
)

ENDING = Option(
    "ending",
    "first_arrival",
    "When the race ends. first_arrival: the first rider to reach their destination "
    "wins at once. finish_round: a rider who reaches their destination ends their "
    "turn there and is out of other riders' reach; the round is played to its end, "
    "so every rider has had the same number of turns; then the riders with the "
    "fewest dots left to their destination (those who arrived) share the victory.",
    choices=("first_arrival", "finish_round"),
    rule="'The player to reach their destination city first, WINS!'",
)

OPTIONS = (
    PLAYERS,
    MAX_ROUNDS,
    PASS_THROUGH,
    LANDING,
    SIDE_TRIP,
    LAST_BIG_CITY,
    HOTEL,
    CREDIT_CARD,
    ROAD_CLOSURE,
    ENDING,
)


@dataclass(frozen=True)
class Rulings:
    """The option values as the rule steps read them (``state.game_rules``)."""

    max_rounds: int = 0
    pass_through: bool = True
    landing_pass: bool = False
    side_trip_rule: str = "each_city"
    last_big_rule: str = "passed"
    hotel_first_visit: bool = False
    credit_per_card: bool = True
    closure_moves: bool = False
    finish_round: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Rulings:
        """The rulings of validated ``options`` (every option present)."""
        return cls(
            max_rounds=int(options["max_rounds"]),
            pass_through=bool(options["pass_through"]),
            landing_pass=options["landing"] == "pass",
            side_trip_rule=str(options["side_trip"]),
            last_big_rule=str(options["last_big_city"]),
            hotel_first_visit=options["hotel"] == "first_visit",
            credit_per_card=options["credit_card"] == "per_card",
            closure_moves=options["road_closure"] == "moves",
            finish_round=options["ending"] == "finish_round",
        )
