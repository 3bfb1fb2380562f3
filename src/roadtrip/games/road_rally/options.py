"""Road Rally USA's variant options: component designs and the rulebook's gaps as
named rulings (see docs/rules/road-rally-usa.md)."""

from __future__ import annotations

from roadtrip.core.options import Option
from roadtrip.games.road_rally.data import DECKS

PLAYERS = Option(
    "players",
    4,
    "Number of cars. The game is for 3-5; 2 is a variant.",
    minimum=2,
    maximum=5,
    rule="Box: 3-5 players (published facts); two players as a variant.",
)
TILES = Option(
    "tiles",
    12,
    "Race length in tiles, start and finish included: about 7 is a short race, 12 "
    "the full race. Rally points go on the rally spaces in order; points beyond "
    "the track are left out (with their cards), and every player gets the same "
    "number of rally cards.",
    minimum=4,
    maximum=12,
    rule="Demo Set Up A: 'adding boards as you wish until adding the Finish tile'.",
)
LAYOUT = Option(
    "layout",
    0,
    "0: the demo track (standard tiles A-J in order). Any other number: the tiles "
    "in an order built deterministically from that number.",
    minimum=0,
    maximum=2**31 - 1,
    rule="The board geometry is not public (published facts): a designed track.",
)
DECK = Option(
    "deck",
    "balanced",
    "The 21 movement cards of each car by colour and value. balanced: green 1x4 "
    "2x3, yellow 2x4 3x3, red 3x4 4x3. green_heavy: green 1x5 2x4, yellow 2x3 3x3, "
    "red 3x3 4x3. red_heavy: green 1x3 2x2, yellow 2x3 3x3, red 3x5 4x5.",
    choices=tuple(DECKS),
    rule="Published facts: 21 cards, green 1s and 2s, yellow 2s and 3s, red 3s and 4s; "
    "the split is not public.",
)
RALLY_DEAL = Option(
    "rally_deal",
    "split",
    "How the 4 rally cards are dealt. split: two from deck A (the first half of "
    "the rally points) and two from deck B (the second half). mixed: A and B "
    "shuffled together, 4 at random.",
    choices=("split", "mixed"),
    rule="Set Up E: 'Shuffle the A and B Rally Point decks together and give each "
    "player 4 cards'; published facts: two from each half.",
)
RALLY_LIMIT = Option(
    "rally_limit",
    "considered",
    "At most two rally points per round. considered: the first two crossed rally "
    "points (car by car from the last place up) are resolved, scored or not; the "
    "others are removed. "
    "scored: crossed points are offered in order until two have been scored.",
    choices=("considered", "scored"),
    rule="Rally Scoring: 'After the first two rally chips have been resolved, no "
    "further checkpoints can be scored this round.'",
)
TRIGGER = Option(
    "trigger",
    "any",
    "Who may reveal a crossed rally point's card. any: whoever holds it. passed: "
    "only a player whose car is on or beyond that rally point (has passed it: "
    "moved onto it or past it).",
    choices=("any", "passed"),
    rule="Rally Scoring: 'If a player wants to score that rally point, they reveal "
    "the rally point card'.",
)
GAS = Option(
    "gas",
    "choose",
    "Stopping on Gas reshuffles the discards into the draw deck, before or after "
    "drawing this turn's cards. choose: the player decides at each stop (the "
    "rulebook). before / after: a table rule, always that way, nobody is asked.",
    choices=("choose", "before", "after"),
    rule="Gas: 'Shuffle your discarded cards together with your draw deck (if any) "
    "before or after you draw.'",
)
SHORTCUT_PASSES = Option(
    "shortcut_passes",
    False,
    "Does crossing a shortcut pass the spaces it skips (rally points, checkpoints)?",
    rule="Shortcut: 'you may immediately move across the shortcut to the opposite track space.'",
)
FINISH_DOUBLE = Option(
    "finish_double",
    True,
    "Is the first car across the finish line the trigger of the finish scoring "
    "(its points doubled)?",
    rule="Finish Line: 'all cars making it across the finish line score as if it "
    "were a rally point.'",
)

START_FIX = Option(
    "start_fix",
    "none",
    "A balance fix for the starting row (the car drawn last wins most). none: the "
    "rulebook. off_start: a car still on the start line is not on the course, so "
    "it is never the last car that draws two cards for a checkpoint (the last car "
    "that has left the start draws: the passing car itself when it is the first "
    "to leave). off_start_other: as off_start, but the passing car never draws "
    "for its own checkpoint (nobody draws when no other car has left the start).",
    choices=("none", "off_start", "off_start_other"),
    rule="Checkpoint: 'Simultaneously, the driver in the last position on the course "
    "draws two cards.' Set Up F: 'Randomly place the cars in a row on the Start tile.'",
)
SHORTCUT_RALLY = Option(
    "shortcut_rally",
    "inside",
    "Where the rally points that fall between a shortcut's ends go. inside: on "
    "their rally spaces (a car taking the shortcut skips them unless "
    "shortcut_passes). entrance: on the shortcut's entrance, the space a car must "
    "stop on to take it, so every car passes them.",
    choices=("inside", "entrance"),
    rule="Set Up B: 'Place the 21 rally point tokens on the rally point spaces, in "
    "order'; Shortcut: 'If you end your move in front of a shortcut, you may "
    "immediately move across the shortcut'.",
)

OPTIONS = (
    PLAYERS,
    TILES,
    LAYOUT,
    DECK,
    RALLY_DEAL,
    RALLY_LIMIT,
    TRIGGER,
    GAS,
    SHORTCUT_PASSES,
    FINISH_DOUBLE,
    START_FIX,
    SHORTCUT_RALLY,
)
