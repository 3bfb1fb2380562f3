"""America's Main Street's components as data: cubes, colours, states and the mat.

The rulebook gives the cube counts; FACTS.md reconstructs the mat from the
rulebook's own numbers (a ruling, documented in docs/rules/americas-main-street.md):
points fall as a colour gets more common, and Your Mileage May Vary needs one box
per five cubes of a colour.  Colours are indexes into :data:`COLORS`; a bag or a
mat is a tuple of nine counts in that order.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Color:
    """A cube colour and the place on the mat that takes it."""

    key: str
    name: str
    cubes: int  # in the bag at the start
    place: str  # the state (or the Route 66 sign) of this colour
    points: int  # Get Your Kicks: points per cube
    boxes: int  # Your Mileage May Vary: boxes to fill
    hex: str  # for drawing
    mark: str  # the place's two-letter mark, on its cubes too: told apart without colour


COLORS: tuple[Color, ...] = (
    Color("black", "Black", 25, "Route 66 sign", 1, 5, "#1f1f1f", "66"),
    Color("red", "Red", 20, "Arizona", 2, 4, "#c8342c", "AZ"),
    Color("yellow", "Yellow", 20, "Oklahoma", 2, 4, "#e9c031", "OK"),
    Color("light_blue", "Light blue", 15, "Missouri", 3, 3, "#7cc3e8", "MO"),
    Color("pink", "Pink", 15, "New Mexico", 3, 3, "#ee8fb5", "NM"),
    Color("green", "Green", 10, "Illinois", 4, 2, "#3f9a4a", "IL"),
    Color("dark_blue", "Dark blue", 10, "California", 4, 2, "#24448f", "CA"),
    Color("orange", "Orange", 5, "Texas", 5, 1, "#ec8a2c", "TX"),
    Color("purple", "Purple", 5, "Kansas", 5, 1, "#7d4a9e", "KS"),
)

NUM_COLORS = len(COLORS)
BLACK = 0
COLOR_INDEX = {c.key: i for i, c in enumerate(COLORS)}
FULL_BAG: tuple[int, ...] = tuple(c.cubes for c in COLORS)
TOTAL_CUBES = sum(FULL_BAG)  # 125: the white spare is not used
POINTS: tuple[int, ...] = tuple(c.points for c in COLORS)
BOXES: tuple[int, ...] = tuple(c.boxes for c in COLORS)
ALL_COLORS_MASK = (1 << NUM_COLORS) - 1

# The eight states in west-to-east order on the highway, then the sign.
ROUTE_ORDER: tuple[str, ...] = (
    "California",
    "Arizona",
    "New Mexico",
    "Texas",
    "Oklahoma",
    "Kansas",
    "Missouri",
    "Illinois",
)
PLACE_COLOR: dict[str, int] = {c.place: i for i, c in enumerate(COLORS)}


def mat_points(mat: tuple[int, ...] | list[int]) -> int:
    """Get Your Kicks score: cubes on each state and the sign times their points."""
    return sum(count * points for count, points in zip(mat, POINTS, strict=True))


def color_list(mask: int) -> list[int]:
    return [i for i in range(NUM_COLORS) if mask >> i & 1]
