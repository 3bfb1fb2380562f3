"""Road Rally USA's components as data: card types, decks, track tiles, layouts.

The rulebook gives the rules but not the components' exact contents; FACTS.md says
what is public (tiles of 8 segments, 21 rally points, 6 checkpoint tiles, 21-card
movement decks with green 1-2, yellow 2-3, red 3-4, four rally cards per player).
Everything else here is a ruling, documented in docs/rules/road-rally-usa.md.
"""

from __future__ import annotations

from dataclasses import dataclass

# ------------------------------------------------------------- movement cards
GREEN, YELLOW, RED = 0, 1, 2
COLOR_NAMES = ("green", "yellow", "red")
DRAWS_AFTER = (2, 1, 0)  # cards drawn after a move by the colour played
RAINBOW_DRAW = 1
RAINBOW_MAX_CARDS = 5


@dataclass(frozen=True)
class CardType:
    color: int
    value: int

    @property
    def name(self) -> str:
        return f"{COLOR_NAMES[self.color]} {self.value}"


CARD_TYPES: tuple[CardType, ...] = (
    CardType(GREEN, 1),
    CardType(GREEN, 2),
    CardType(YELLOW, 2),
    CardType(YELLOW, 3),
    CardType(RED, 3),
    CardType(RED, 4),
)
NUM_TYPES = len(CARD_TYPES)

# Each deck has 21 cards: counts per card type, in CARD_TYPES order.
DECKS: dict[str, tuple[int, ...]] = {
    # 7 per colour, the lower value more common.
    "balanced": (4, 3, 4, 3, 4, 3),
    # More green (slow, but refills the hand), fewer red.
    "green_heavy": (5, 4, 3, 3, 3, 3),
    # More red: fast cars that run out of cards sooner.
    "red_heavy": (3, 2, 3, 3, 5, 5),
}

# --------------------------------------------------------------------- track
SEGMENTS_PER_TILE = 8
RALLY_POINTS = 21
CHECKPOINT_TILES = 6
RALLY_CARDS_EACH = 4  # two from deck A and two from deck B (FACTS.md)
POINTS_BY_PLACE = (5, 4, 3, 2, 1)
CARD_CHOICE_PLACES = (3, 4)  # 0-based places that may take 2 cards instead of points
CHOICE_CARDS = 2
TILE_BONUS = 2  # each checkpoint tile and rally chip at the end

# A tile is 8 segments; each letter is one space:
#   .  plain road        R  a rally point space (a diner)
#   G  gas station       M  mechanic             S  general store ("Rainbow 5")
#   C  a checkpoint tile spot
#   <  the exit of a shortcut whose entrance is the ">" of the same tile
# Tiles are U-shaped: the shortcut joins opposite spaces across the bend.
START_TILE = "........"
FINISH_TILE = "F......."  # F: the finish line is crossed on entering this space
STANDARD_TILES: dict[str, str] = {
    "A": "C.R.G.R.",
    "B": ".>R..<.R",
    "C": "C.RS..R.",
    "D": ".R.>M.<R",
    "E": "C.R..G.R",
    "F": ".R>S.<.R",
    "G": "C.R.M.R.",
    "H": ".>RG.<RR",
    "I": "C.R.S.R.",
    "J": ".R.>G<.R",
}
# The demo race: all ten standard tiles in order, 21 rally spaces, 5 checkpoints
# spots on standard tiles plus one at the finish tile's approach (see below).
DEMO_ORDER = "ABCDEFGHIJ"


def splitmix64(seed: int) -> int:
    """One step of SplitMix64: a deterministic layout shuffle needs no RNG."""
    z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def tile_order(layout_seed: int, standard_tiles: int) -> str:
    """The standard tiles of a race: the demo order for seed 0, else a shuffle."""
    if layout_seed == 0:
        return DEMO_ORDER[:standard_tiles]
    names = list(DEMO_ORDER)
    state = layout_seed
    for i in range(len(names) - 1, 0, -1):
        state = splitmix64(state)
        j = state % (i + 1)
        names[i], names[j] = names[j], names[i]
    return "".join(names[:standard_tiles])
