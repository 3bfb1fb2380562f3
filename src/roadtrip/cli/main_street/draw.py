"""Drawing America's Main Street with Rich: the mat, the casino and the gas pumps,
the bag, the odds of busting, the other mats in short and the final table.

Everything here reads the public view (``state.view(None)``), the same data a
browser gets.  Each state (and the Route 66 sign) is drawn in its colour, close to
the hex colours of :data:`roadtrip.games.main_street.data.COLORS`; the place name
sits on a swatch of that colour so that it reads on dark and light terminals.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from roadtrip.games.main_street.data import BLACK, BOXES, COLORS, PLACE_COLOR, ROUTE_ORDER

PLACES: tuple[int, ...] = (*(PLACE_COLOR[p] for p in ROUTE_ORDER), BLACK)
"""Colour indexes of the eight states west to east, then the Route 66 sign."""

SHORT: dict[int, str] = {index: color.mark for index, color in enumerate(COLORS)}
"""Two-letter names for the compact mats: CA ... IL and 66 for the sign."""

CUBE = "■"
BOX = "□"
MAX_GLYPHS = 8
"""A mat row draws at most this many cubes, then '+'."""
FILL_UP = 3
TOTAL_BOXES = sum(BOXES)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def swatch_style(color: int) -> str:
    """The colour as a background, with black or white text, whichever reads better."""
    hex_colour = COLORS[color].hex
    red, green, blue = _rgb(hex_colour)
    ink = "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else "#ffffff"
    return f"bold {ink} on {hex_colour}"


def cube_style(color: int) -> str:
    """A cube's own colour (black cubes a shade lighter, to show on dark terminals)."""
    return "#5c5c5c" if color == BLACK else COLORS[color].hex


def colour_name(color: int) -> str:
    return COLORS[color].name.lower()


def colour_list(colors: list[int]) -> str:
    """'red, black' (each colour once, in the order given)."""
    return ", ".join(colour_name(c) for c in dict.fromkeys(colors))


def place_text(color: int, label: str | None = None) -> Text:
    return Text(f" {label or COLORS[color].place} ", style=swatch_style(color))


def cubes_text(cubes: list[int], named: bool = True) -> Text:
    """This turn's cubes in draw order: '■ red ■ black' (or just the glyphs)."""
    text = Text()
    for index, cube in enumerate(cubes):
        if index:
            text.append(" ")
        text.append(CUBE, style=cube_style(cube))
        if named:
            text.append(f" {colour_name(cube)}")
    return text


def percent(chance: Fraction, out_of: int | None = None) -> str:
    """'11/118 = 9.3%' (or '0%' / '100%' for certainties); ``out_of`` keeps that
    denominator (the cubes in the bag) instead of the lowest terms."""
    if chance in (0, 1):
        return f"{int(chance * 100)}%"
    if out_of is not None:
        return f"{chance * out_of}/{out_of} = {float(chance) * 100:.1f}%"
    return f"{chance.numerator}/{chance.denominator} = {float(chance) * 100:.1f}%"


# ------------------------------------------------------------------ odds
def bust_chance(view: dict[str, Any]) -> Fraction | None:
    """Get Your Kicks: the chance that the next cube repeats a casino colour."""
    total = int(view["bag_total"])
    if not total:
        return None
    return Fraction(sum(view["bag"][c] for c in set(view["casino"])), total)


def fill_up_size(view: dict[str, Any], refuse_short: bool) -> int:
    """Cubes in the next fill-up (0: filling up again is not possible)."""
    total = int(view["bag_total"])
    return 0 if refuse_short and total < FILL_UP else min(FILL_UP, total)


def miss_chance(view: dict[str, Any], size: int) -> Fraction | None:
    """Your Mileage May Vary: the chance that a fill-up of ``size`` cubes has no cube
    of a fuel colour (hypergeometric, exact from the bag)."""
    total = int(view["bag_total"])
    if not size or not view["fuel"]:
        return None
    fuel = sum(view["bag"][c] for c in view["fuel"])
    return Fraction(comb(total - fuel, size), comb(total, size))


# ------------------------------------------------------------------ mats
def _cube_row(color: int, count: int) -> Text:
    shown = min(count, MAX_GLYPHS)
    text = Text(CUBE * shown, style=cube_style(color))
    if count > shown:
        text.append("+", style="dim")
    text.append(f" {count}" if count else "-", style="" if count else "dim")
    return text


def _box_row(color: int, filled: int) -> Text:
    needed = BOXES[color]
    filled = min(filled, needed)
    text = Text(CUBE * filled, style=cube_style(color))
    text.append(BOX * (needed - filled), style="dim")
    text.append(f" {filled}/{needed}")
    return text


def _place_cell(color: int) -> Text:
    text = place_text(color)
    text.append(f" {colour_name(color)}", style="dim")
    return text


def kicks_mat(view: dict[str, Any], seat: int, title: str) -> Table:
    """A Get Your Kicks mat: cubes and points per place, the bag beside it."""
    mat = view["mats"][seat]
    cubes: list[int] = mat["cubes"]
    table = Table(
        title=title, box=box.SIMPLE_HEAD, show_footer=True, show_edge=False, title_justify="left"
    )
    table.add_column("West to east", footer="Total")
    placed = f"{sum(cubes)} cube{'s' * (sum(cubes) != 1)}, {mat['colors_placed']} of 9"
    table.add_column("On the mat", footer=placed)
    table.add_column("Each", justify="right")
    table.add_column("Points", justify="right", footer=str(mat["points"]))
    table.add_column("In the bag", justify="right", footer=str(view["bag_total"]))
    for color in PLACES:
        table.add_row(
            _place_cell(color),
            _cube_row(color, cubes[color]),
            str(COLORS[color].points),
            str(cubes[color] * COLORS[color].points),
            str(view["bag"][color]),
        )
    return table


def mileage_mat(view: dict[str, Any], seat: int, title: str) -> Table:
    """A Your Mileage May Vary mat: boxes filled per place, the bag beside it."""
    mat = view["mats"][seat]
    table = Table(
        title=title, box=box.SIMPLE_HEAD, show_footer=True, show_edge=False, title_justify="left"
    )
    table.add_column("West to east", footer="Total")
    table.add_column("Boxes filled", footer=f"{mat['boxes_filled']} of {mat['boxes_total']}")
    table.add_column("In the bag", justify="right", footer=str(view["bag_total"]))
    for color in PLACES:
        table.add_row(
            _place_cell(color),
            _box_row(color, mat["cubes"][color]),
            str(view["bag"][color]),
        )
    return table


def player_number(seat: int) -> str:
    """The default seat name: 'Player 2'."""
    return f"Player {seat + 1}"


def compact_mat(
    view: dict[str, Any], seat: int, name: Callable[[int], str] = player_number
) -> Text:
    """One line per mat: 'Player 2: CA 1 AZ 0 ... 66 3 · 23 points' (Get Your Kicks)
    or 'Player 2: CA 1/3 AZ 0/4 ... 66 2/5 · 9/25' (boxes filled, Mileage)."""
    mat = view["mats"][seat]
    kicks = view["game"] == "get-your-kicks"
    text = Text(f"{name(seat)}: ")
    for color in PLACES:
        count = mat["cubes"][color]
        text.append(SHORT[color], style=swatch_style(color))
        text.append(f" {count} " if kicks else f" {min(count, BOXES[color])}/{BOXES[color]} ")
    if kicks:
        text.append(f"· {mat['points']} points")
    else:
        text.append(f"· {mat['boxes_filled']}/{mat['boxes_total']}")
    return text


def final_table(
    view: dict[str, Any], title: str, name: Callable[[int], str] = player_number
) -> Table:
    """Every mat in one table: cubes (or boxes) per place, the score, turns and busts."""
    kicks = view["game"] == "get-your-kicks"
    winners = set(view["winners"] or ())
    caption = "★ wins" if winners else None
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, padding=(0, 0))
    table.add_column("Player")
    for color in PLACES:
        table.add_column(Text(SHORT[color], style=swatch_style(color)), justify="right")
    table.add_column("Points" if kicks else "Boxes", justify="right")
    table.add_column("Turns", justify="right")
    table.add_column("Busts", justify="right")
    for seat, mat in enumerate(view["mats"]):
        cubes = mat["cubes"]
        if kicks:
            cells = [str(cubes[c]) for c in PLACES]
            score = str(mat["points"])
        else:
            cells = [f"{min(cubes[c], BOXES[c])}/{BOXES[c]}" for c in PLACES]
            score = f"{mat['boxes_filled']}/{mat['boxes_total']}"
        label = name(seat) + (" ★" if seat in winners else "")
        table.add_row(label, *cells, score, str(view["turns"][seat]), str(view["busts"][seat]))
    return table
