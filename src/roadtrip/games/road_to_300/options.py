"""Road to 300's variant options: every point the rulebook leaves open is a named
ruling with a default (see docs/rules/road-to-300.md)."""

from __future__ import annotations

from roadtrip.core.options import Option, round_limit_option

PLAYERS = Option(
    "players",
    1,
    "Number of players. 1 is the solo game; 2-6 is the competitive mode in which "
    "everyone uses the same roll on their own sheet and the highest score wins.",
    minimum=1,
    maximum=6,
    rule="Published facts: the online implementation's competitive mode, up to 6 players.",
)

CROSS_STANDING = Option(
    "cross_standing",
    False,
    "May the field you stand on (circled, not yet crossed) be crossed out in step 2? "
    "Default no: a crossed or circled field cannot be chosen.",
    rule="Step 2: 'one of which you must now permanently cross out'.",
)

FIRST_MOVE = Option(
    "first_move",
    "corner_step",
    "How the first move enters the grid. corner_step: entering a 30 (corner) is the "
    "first step and the rest of the die continues from it. corner_free: entering a "
    "corner costs no step and the whole die is then moved from it.",
    choices=("corner_step", "corner_free"),
    rule="Step 4: 'The first step in the game must land on a 30.'",
)

NO_CROSS = Option(
    "no_cross",
    "reroll",
    "When no field named by the roll can be crossed. reroll: roll again at once "
    "(in the competitive mode the players who failed share the new roll). pass: sit "
    "out the round and wait for the next common roll. Either way three failures in a "
    "row end that player's game.",
    choices=("reroll", "pass"),
    rule="Step 2: 'you must roll again! If this happens three times in a row, the game is over!'",
)

FINAL_FIELD = Option(
    "final_field",
    "rulebook",
    "Does the field you stand on when the game ends score? rulebook: only fields "
    "with an X and a circle score, so it counts when the game ends in step 4 (step 3 "
    "crossed it) and not when it ends in step 2. always: it always counts. never: it "
    "never counts.",
    choices=("rulebook", "always", "never"),
    rule="End of the Game: 'add up the values of all fields that have both an X and "
    "a circle around the number.'",
)

TARGET = Option(
    "target",
    300,
    "Score needed to win the solo game.",
    minimum=1,
    maximum=600,
    rule="End of the Game: 'If you have now reached 300 or more points, you win.'",
)

MAX_ROUNDS = round_limit_option(
    "a round is one common roll of the dice and every player's decisions on it; a "
    "reroll after a failed roll belongs to its round",
    "solo: the score reached decides (the target or more wins); competitive: the "
    "highest score wins, ties share",
)

OPTIONS = (PLAYERS, CROSS_STANDING, FIRST_MOVE, NO_CROSS, FINAL_FIELD, TARGET, MAX_ROUNDS)
