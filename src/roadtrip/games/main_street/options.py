"""America's Main Street's variant options: the rulebook's gaps as named rulings
(see docs/rules/americas-main-street.md)."""

from __future__ import annotations

from roadtrip.core.options import Option, round_limit_option

PLAYERS = Option(
    "players",
    1,
    "Number of mats (seats). A team of two sharing one mat is one seat (either "
    "partner may act for it). 1 is solo: count the turns it takes to win.",
    minimum=1,
    maximum=5,
    rule="Components: '5 Player Mats'; Setup: 'teams of 2 players share one mat'; Solo Play.",
)

END = Option(
    "end",
    "immediate",
    "When the end is triggered. immediate: the game ends at once, as the rulebook "
    "says. finish_round: the players after the one who triggered it (up to the last "
    "seat) still take their turn, so that everyone has had the same number of turns "
    "(Your Mileage May Vary: every mat complete at the end shares the win).",
    choices=("immediate", "finish_round"),
    rule="Get Your Kicks: 'The game ends for everyone when any one player/team has "
    "gathered...'; Your Mileage May Vary: 'The Race Ends immediately when one player "
    "has filled all of the boxes'.",
)

SOLO_SIX_BLACK = Option(
    "solo_six_black",
    "loss",
    "Solo Get Your Kicks: the game also ends when six black cubes are on the sign. "
    "loss: that ending is a loss (the goal, a cube on every state and the sign, was "
    "not reached). win: it counts as a win in that many turns. ignore: six black "
    "cubes do not end a solo game; play on until the mat is complete.",
    choices=("loss", "win", "ignore"),
    rule="Game End: 'the game also ends when any one player has collected six black "
    "cubes'; Solo Play: 'count the number of turns it takes you to win'.",
)

SHORT_BAG = Option(
    "short_bag",
    "partial",
    "Your Mileage May Vary, when the bag holds fewer than three cubes for a fill-up. "
    "partial: draw the cubes that are left (a short fill-up). refuse: a fill-up needs "
    "three cubes; with fewer, the player may not fill up again (the first fill-up of "
    "a turn is short instead, as the turn must start).",
    choices=("partial", "refuse"),
    rule="First - Fill Up with Fuel: 'drawing a total of 3 cubes from the bag'.",
)

GYK_MAX_ROUNDS = round_limit_option(
    "a round: every mat has had a turn; solo, one turn",
    "a solo game cut off is lost; with several mats the most points win, ties share",
)

YMMV_MAX_ROUNDS = round_limit_option(
    "a round: every mat has had a turn; solo, one turn",
    "a solo race cut off is lost; with several mats the most boxes filled win, ties share",
)

GYK_OPTIONS = (PLAYERS, END, SOLO_SIX_BLACK, GYK_MAX_ROUNDS)
YMMV_OPTIONS = (PLAYERS, END, SHORT_BAG, YMMV_MAX_ROUNDS)
