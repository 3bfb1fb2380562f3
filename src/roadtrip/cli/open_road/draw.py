"""The Open Road drawn with Rich: the riders, their panniers, the road closure, the decks.

Everything is face up in The Open Road, so every screen shows the same thing.  Each
rider takes three short lines: where they are, their destination, the dots left and
a lost turn; energy and money as bars out of 10, the cards in their pannier, a Credit
Card half used, a Lottery bonus waiting; their Heartland city and Side Trip cities
with the dots to each (``✓`` paid; dimmed when landing there pays nothing now).
Then the road closure, the decks and discards,
and for the rider about to act the roads out of their dot ("Roads: ↗ Barstow, CA 1
★"): the next city each way, the dots to it, a compass arrow, and ``★`` on the ways
that lead nearer the destination.  Riders are drawn in their colour with a ``●``.
"""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from roadtrip.cli.road_rally.draw import Names, and_list
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.riding import MAX_CUBES, distances_to

RIDER_STYLES = (
    "bold bright_blue",
    "bold magenta",
    "bold cyan",
    "bold yellow",
    "bold bright_green",
    "bold orange3",
)
MARK = "●"
CARD_NAMES = {kind.key: kind.name for kind in PLAYING_CARD_KINDS}
ML_NAMES = {kind.key: kind.name for kind in MOTHER_LODE_KINDS}
ARROWS = ("→", "↗", "↑", "↖", "←", "↙", "↓", "↘")

__all__ = ["Names", "and_list"]  # shared with Road Rally's board, re-exported for ours


# ------------------------------------------------------------------ words
def dots(count: int) -> str:
    return f"{count} dot" if count == 1 else f"{count} dots"


def town(name: str) -> str:
    """A place without its state: 'Denver' for 'Denver, CO'."""
    return name.split(",")[0]


def rider_style(seat: int) -> str:
    return RIDER_STYLES[seat % len(RIDER_STYLES)]


def rider_text(seat: int, names: Names) -> Text:
    """The rider's mark and name in their colour: '● Player 2 (random)'."""
    return Text(f"{MARK} {names.label(seat)}", style=rider_style(seat))


def counted(counts: dict[str, int], labels: dict[str, str]) -> str:
    """'Extra Energy ×2, Headwind' from counts by key, in the deck's order."""
    return ", ".join(
        labels[key] + (f" ×{counts[key]}" if counts[key] > 1 else "")
        for key in labels
        if counts.get(key)
    )


def bar(value: int, style: str, width: int = MAX_CUBES) -> Text:
    """``value`` out of 10 as a bar and its number: '███░░░░░░░  3'."""
    filled = max(0, min(width, value))
    text = Text("█" * filled, style=style)
    text.append("░" * (width - filled), style="dim")
    text.append(f" {value:>2}")
    return text


def distance(a: int, b: int, closure: int | None) -> int | None:
    """Dots from ``a`` to ``b`` with the road closure respected; None when cut off."""
    far = distances_to(b, -1 if closure is None else closure)[a]
    return None if far == UNREACHABLE else int(far)


# ------------------------------------------------------------------ riders
def _where(rider: dict[str, Any]) -> Text:
    if rider["at"] is None:
        known = [rider[key] for key in ("east_coast", "west_coast") if rider[key]]
        cards = f" (so far {and_list(known)})" if known else ""
        return Text(f"is choosing a route{cards}", style="dim")
    line = Text("at ")
    line.append(rider["at"], style="bold")
    line.append(f" → {rider['destination']}: ")
    left = rider["remaining"]
    line.append(f"{dots(left)} to go" if left else "arrived!", style="bold")
    if rider["loses_next_turn"]:
        line.append(" · loses their next turn", style="bold red")
    return line


def _cubes(rider: dict[str, Any], slots: int) -> Text:
    line = Text("  energy ")
    line.append_text(bar(rider["energy"], "yellow"))
    line.append("  money ")
    line.append_text(bar(rider["money"], "green"))
    line.append(f"  cards {rider['slots_used']}/{slots}")
    return line


def _cards(rider: dict[str, Any]) -> Text:
    held = counted(rider["cards"], CARD_NAMES)
    lode = counted(rider["mother_lode"], ML_NAMES)
    line = Text(held)
    if lode:
        line.append(" · " if held else "")
        line.append(f"Mother Lode: {lode}", style="bold")
    flags = []
    if rider["credit_card_used_once"]:
        flags.append("Credit Card used once")
    if rider["lottery_bonus"]:
        flags.append("Lottery bonus waits at the Heartland city")
    for flag in flags:
        line.append(" · " if line.plain else "")
        line.append(flag)
    return line


def _bonuses(view: dict[str, Any], rider: dict[str, Any], width: int) -> Text:
    here, closure = rider["dot"], view["road_closure"]
    line = Text("  ")
    if rider["heartland"]:
        line.append("Heartland ")
        line.append(rider["heartland"], style="bold")
        far = distance(here, rider["heartland_dot"], closure) if here >= 0 else None
        if far is not None:
            line.append(f" {far}")
    if not rider["side_trip"]:
        return line
    cities = []
    for city in rider["side_trip_cities"]:
        # Option side_trip: a paid city may pay again (every_landing), an unpaid one
        # may pay no more (once); the view lists the cities that pay now.
        if city not in rider["side_trip_open"]:
            mark = " ✓" if city in rider["side_trip_paid"] else ""
            cities.append(Text(town(city) + mark, style="dim"))
            continue
        far = distance(here, BOARD.id_of(city), closure) if here >= 0 else None
        cities.append(Text(town(city) + (f" {far}" if far is not None else "")))
    listed = Text(", ").join(cities)
    theme = f" · Side Trip {rider['side_trip']}: "
    if len(line.plain) + len(theme) + len(listed.plain) > width:
        theme = " · Side Trip: "
    return Text.assemble(line, theme, listed)


def rider_lines(view: dict[str, Any], seat: int, names: Names, width: int = 100) -> list[Text]:
    """A rider in three lines (four if the cards do not fit ``width``): where they are
    and the dots left; the cubes and cards; the Heartland and Side Trip cities with
    the dots to each."""
    rider = view["riders"][seat]
    first = rider_text(seat, names)
    longest = max(len(rider_text(s, names).plain) for s in range(view["players"]))
    first.pad_right(longest + 1 - len(first.plain))
    first.append("▶ " if seat in (view["turn"], view["setup_seat"]) else "  ", style="bold")
    first.append_text(_where(rider))
    lines = [first]
    if rider["at"] is not None:
        cubes, cards = _cubes(rider, view["pannier_slots"]), _cards(rider)
        if cards.plain and len(cubes.plain) + 3 + len(cards.plain) <= width:
            lines.append(Text.assemble(cubes, " · ", cards))
        elif cards.plain:
            lines += [cubes, Text.assemble("  ", cards)]
        else:
            lines.append(cubes)
    if rider["heartland"] or rider["side_trip"]:
        lines.append(_bonuses(view, rider, width))
    return lines


# ------------------------------------------------------------------ status
def closure_text(view: dict[str, Any]) -> str:
    """'Walden camp, CO (Laramie, WY - Steamboat Springs, CO)' or 'none'."""
    camp = view["road_closure"]
    if camp is None:
        return "none"
    ends = BOARD.leg_of(camp).ends
    return f"{view['road_closure_at']} ({BOARD.dots[ends[0]].name} - {BOARD.dots[ends[1]].name})"


def status_lines(view: dict[str, Any], width: int = 100) -> list[Text]:
    """The road closure, the decks and the discards: one line, or two if too long."""
    decks = view["decks"]
    closure = Text("Road closure: ")
    closed = view["road_closure"] is not None
    closure.append(closure_text(view), style="bold red" if closed else "")
    rest = Text(
        f"decks: playing {decks['playing']}, Mother Lode {decks['Mother Lode']}, "
        f"Heartland {decks['Heartland']} · discards {sum(view['discard'].values())}"
    )
    if view["peloton"]:
        rest.append(" · Peloton: rides go twice as far this turn", style="bold")
    if len(closure.plain) + 3 + len(rest.plain) <= width:
        return [Text.assemble(closure, " · ", rest)]
    return [closure, rest]


# ------------------------------------------------------------------ roads
def _arrow(src: int, dst: int) -> str:
    a, b = BOARD.dots[src], BOARD.dots[dst]
    east = (b.lon - a.lon) * math.cos(math.radians((a.lat + b.lat) / 2))
    angle = math.degrees(math.atan2(b.lat - a.lat, east)) % 360
    return ARROWS[round(angle / 45) % 8]


def _leg_end(start: int, first: int, closure: int | None) -> tuple[int, int, bool]:
    """Walk from ``start`` through ``first`` to the next city: (city, dots, closed)."""
    previous, here, count, closed = start, first, 1, False
    while not BOARD.dots[here].is_city:
        closed = closed or here == closure
        step = next(n for n in BOARD.neighbours[here] if n != previous)
        previous, here, count = here, step, count + 1
    return here, count, closed


def roads_line(view: dict[str, Any], seat: int) -> Text | None:
    """The roads out of ``seat``'s dot: '↗ Las Vegas, NV 3 ★ · ← Los Angeles, CA 2'."""
    rider = view["riders"][seat]
    here, closure = rider["dot"], view["road_closure"]
    if here < 0:
        return None
    to_dest = distances_to(rider["destination_dot"], -1 if closure is None else closure)
    line = Text("Roads: ", style="dim")
    parts: list[Text] = []
    for first in BOARD.neighbours[here]:
        city, count, closed = _leg_end(here, first, closure)
        part = Text(f"{_arrow(here, city)} {BOARD.dots[city].name} {count}")
        if closed:
            part.append(" (closed)", style="red")
        elif to_dest[first] < to_dest[here]:
            part.append(" ★", style="bold yellow")
        parts.append(part)
    line.append_text(Text(" · ").join(parts))
    return line


# ------------------------------------------------------------------ tables
def standing_table(view: dict[str, Any], names: Names, title: str) -> Table:
    """Every rider: where they are, their destination, the dots left, their cubes."""
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    for header in ("rider", "at", "destination", "to go", "energy", "money"):
        table.add_column(header, justify="right" if header in ("to go", "energy") else "left")
    table.columns[-1].justify = "right"
    winners = view["winners"] or []
    for rider in view["riders"]:
        seat = rider["seat"]
        name = rider_text(seat, names)
        if seat in winners:
            name.append(" ★", style="bold yellow")
        left = rider["remaining"]
        table.add_row(
            name,
            rider["at"] or "-",
            rider["destination"] or "-",
            "-" if left is None else str(left),
            str(rider["energy"]),
            str(rider["money"]),
        )
    return table
