"""Road Rally USA drawn with Rich: the track, the cars, the players and your cards.

Everything here reads one seat's view (``state.view(seat)``), so a screen can only
show what that seat may see: its own hand, rally cards and the cards it saw at a
Mechanic, and of the others only the public counts.  The track is drawn as rows of
tiles, eight spaces each: ``G`` gas, ``M`` mechanic, ``S`` general store, ``>`` a
shortcut's entrance (to the ``<`` on the same tile), ``F`` the finish line, ``R7``
rally point 7 (``✓7`` scored, ``×7`` removed), ``C`` a checkpoint tile (``C2``:
taken by Player 2) and the cars in brackets, the first to arrive first: ``[31]``.
Cards are written as they are typed: ``g1 g2 y2 y3 r3 r4``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from roadtrip.games.road_rally.data import CARD_TYPES, COLOR_NAMES, NUM_TYPES, SEGMENTS_PER_TILE

COLOUR_STYLES = ("green", "yellow", "red")
SEAT_STYLES = ("bold bright_blue", "bold magenta", "bold cyan", "bold bright_white", "bold orange3")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
FEATURES = {"G": "Gas", "M": "Mechanic", "S": "General Store"}
FEATURE_STYLES = {"G": "bold bright_green", "M": "bold bright_magenta", "S": "bold bright_cyan"}
LEGEND = (
    "R7 rally point (✓7 scored, ×7 removed) · C checkpoint (C2: Player 2 took it) · "
    "G gas · M mechanic · S general store · > shortcut to < · F finish · [31] cars, "
    "first arrived first. Table: rally = rally cards held, scored = rally cards "
    "revealed, tiles = checkpoint tiles, chips = rally chips (2 points each at the end)"
)
IRREGULAR = {"have": "has", "do": "does", "are": "is"}


# ------------------------------------------------------------------ cards
def token(card: int) -> str:
    """A card type as typed: ``g1``, ``y3``, ``r4``."""
    kind = CARD_TYPES[card]
    return f"{COLOR_NAMES[kind.color][0]}{kind.value}"


def card_name(card: int) -> str:
    """A card type in words: ``green 1``."""
    return CARD_TYPES[card].name


def card_text(card: int) -> Text:
    return Text(token(card), style=COLOUR_STYLES[CARD_TYPES[card].color])


def cards_text(cards: list[int]) -> Text:
    """Cards in the order given, as tokens: ``r4 y3 g1``."""
    return Text(" ").join(card_text(c) for c in cards) if cards else Text("none", style="dim")


def hand_text(counts: list[int]) -> Text:
    """Card counts by type: ``g1 ×2  y3  r4 ×3``."""
    parts: list[Text] = []
    for card in range(NUM_TYPES):
        if counts[card]:
            part = card_text(card)
            if counts[card] > 1:
                part.append(f" ×{counts[card]}")
            parts.append(part)
    return Text("  ").join(parts) if parts else Text("no cards", style="dim")


def expand(counts: list[int]) -> list[int]:
    """Counts by type as a list of cards, lowest first."""
    return [c for c in range(NUM_TYPES) for _ in range(counts[c])]


def and_list(parts: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def steps_of(cards: list[int]) -> int:
    return sum(CARD_TYPES[c].value for c in cards)


# ------------------------------------------------------------------ names
def third_person(verb: str) -> str:
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


@dataclass(frozen=True)
class Names:
    """How to speak of the seats to one viewer: 'You draw', 'Player 2 draws'."""

    viewer: int | None = None
    bots: dict[int, str] = field(default_factory=dict)
    hotseat: bool = False
    """Several humans share the terminal: the viewer is also called by number."""

    def who(self, seat: int) -> str:
        return "You" if seat == self.viewer else f"Player {seat + 1}"

    def obj(self, seat: int) -> str:
        """As an object: 'you', 'Player 2'."""
        return "you" if seat == self.viewer else f"Player {seat + 1}"

    def says(self, seat: int, verb: str) -> str:
        """``seat`` as subject with ``verb`` agreeing: 'You take', 'Player 2 takes'."""
        return f"{self.who(seat)} {verb if seat == self.viewer else third_person(verb)}"

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` agreeing with ``seat`` (no subject): 'draw' or 'draws'."""
        return verb if seat == self.viewer else third_person(verb)

    def their(self, seat: int) -> str:
        return "your" if seat == self.viewer else "their"

    def label(self, seat: int) -> str:
        """For tables: 'You', 'Player 2 (you)' in a hot seat, 'Player 3 (random)'."""
        if seat in self.bots:
            return f"Player {seat + 1} ({self.bots[seat]})"
        if seat == self.viewer:
            return f"Player {seat + 1} (you)" if self.hotseat else "You"
        return f"Player {seat + 1}"

    def many(self, seats: list[int]) -> str:
        return and_list([self.obj(s) if i else self.who(s) for i, s in enumerate(seats)])


def car_text(seat: int) -> Text:
    return Text(str(seat + 1), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


# ------------------------------------------------------------------ track
def _space_cell(view: dict[str, Any], space: int, cars: list[int]) -> Text:
    track = view["track"]
    cell = Text()
    feature = track["features"][space]
    entrances = {a for a, _ in track["shortcuts"]}
    exits = {b for _, b in track["shortcuts"]}
    if space == track["finish"]:
        cell.append("F", style="bold reverse")
    if feature in FEATURES:
        cell.append(feature, style=FEATURE_STYLES[feature])
    if space in entrances:
        cell.append(">", style="bold")
    if space in exits:
        cell.append("<", style="bold")
    for point in track["rally_points"]:
        if point["space"] == space:
            status, number = point["status"], point["number"]
            if status == "on_track":
                cell.append(f"R{number}", style="bold yellow")
            elif status == "scored":
                cell.append(f"✓{number}", style="green")
            else:
                cell.append(f"×{number}", style="dim")
    for checkpoint in track["checkpoints"]:
        if checkpoint["space"] == space:
            holder = checkpoint["holder"]
            if holder is None:
                cell.append("C", style="bold cyan")
            else:
                cell.append(f"C{holder + 1}", style="dim cyan")
    if not cell.plain:
        cell.append("·", style="dim")
    if cars:
        cell.append("[")
        for seat in cars:
            cell.append_text(car_text(seat))
        cell.append("]")
    return cell


def track_table(view: dict[str, Any]) -> Table:
    """The track as one row per tile, eight spaces each, with the cars on it."""
    at: dict[int, list[int]] = {}
    for seat in view["order"]:  # race order: the first to arrive first on a shared space
        at.setdefault(view["cars"][seat]["space"], []).append(seat)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(style="dim", justify="right", no_wrap=True)
    for _ in range(SEGMENTS_PER_TILE):
        grid.add_column(no_wrap=True)
    length = view["track"]["length"]
    for index, name in enumerate(view["track"]["tiles"]):
        base = index * SEGMENTS_PER_TILE
        cells = [
            _space_cell(view, space, at.get(space, []))
            for space in range(base, min(base + SEGMENTS_PER_TILE, length))
        ]
        grid.add_row(name, str(base), *cells)
    return grid


def order_text(view: dict[str, Any], names: Names) -> Text:
    """'Race order: 1st Player 3 (space 14) · 2nd You (12) · ...'."""
    text = Text("Race order: ", style="bold")
    for place, seat in enumerate(view["order"]):
        if place:
            text.append(" · ")
        text.append(f"{ORDINALS[place]} ")
        text.append(names.who(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        space = view["cars"][seat]["space"]
        text.append(f" (space {space})" if not place else f" ({space})")
    return text


def players_table(view: dict[str, Any], names: Names, current: int | None) -> Table:
    """Every car in race order: public counts, scored rally cards, tiles, chips, points."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, show_edge=False)
    table.add_column("")
    table.add_column("player", no_wrap=True)
    for header in ("space", "hand", "deck", "rally"):
        table.add_column(header, justify="right")
    table.add_column("scored")
    for header in ("tiles", "chips"):
        table.add_column(header, justify="right")
    for header in ("points", "total"):
        table.add_column(header, justify="right")
    for place, seat in enumerate(view["order"]):
        car = view["cars"][seat]
        marker = "▶" if seat == current else " "
        who = f"Player {seat + 1}" if names.hotseat else names.who(seat)
        table.add_row(
            f"{marker}{ORDINALS[place]}",
            Text(who, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            f"{car['space']}{' F' if car['finished'] else ''}",
            str(car["hand_size"]),
            str(car["deck_size"]),
            str(car["rally_cards_hidden"]),
            " ".join(str(n) for n in car["rally_revealed"]) or "-",
            str(car["checkpoints"]),
            str(len(car["chips"])),
            str(car["points"]),
            str(car["total"]),
        )
    return table


def mine_lines(view: dict[str, Any], hotseat: bool = False) -> list[Text]:
    """The viewer's private cards: hand, rally cards, the top of the deck it knows.
    In a hot seat each line names its owner ('Player 2, your hand')."""
    mine = view["mine"]
    if mine is None:
        return []
    seat = view["you"]
    your = f"Player {seat + 1}, your" if hotseat else "Your"
    car = view["cars"][seat]
    hand = Text(f"{your} hand ({sum(mine['hand'])}): ", style="bold").append_text(
        hand_text(mine["hand"])
    )
    hand.append(f"   deck {car['deck_size']}, discards {sum(car['discard'])}", style="dim")
    lines = [hand]
    selected: list[int] = view["selected"]
    if any(selected) and view["mover"] == seat:
        lines.append(Text("Played this turn: ", style="bold").append_text(hand_text(selected)))
    rally = Text(f"{your} rally cards (secret): ", style="bold")
    where = {p["number"]: p for p in view["track"]["rally_points"]}
    held: list[Text] = []
    for number in mine["rally_cards"]:
        point = where.get(number)
        if point is None or point["status"] != "on_track":
            held.append(Text(f"{number} (gone)", style="dim"))
        else:
            held.append(Text(f"{number} (space {point['space']})", style="bold yellow"))
    rally.append_text(Text(" · ").join(held) if held else Text("none left"))
    if car["rally_revealed"]:
        scored = " ".join(str(n) for n in car["rally_revealed"])
        rally.append(f"   scored: {scored} ({len(car['rally_revealed'])} of 3)", style="dim")
    lines.append(rally)
    if mine["known_top"]:
        top = Text(f"{your} deck's top (seen at a Mechanic, top first): ", style="bold")
        lines.append(top.append_text(cards_text(mine["known_top"])))
    return lines


# ----------------------------------------------------------------- result
def final_table(view: dict[str, Any], names: Names, title: str) -> Table:
    """Totals in the final order of the cars (the tie-break)."""
    table = Table(
        title=title,
        caption="checkpoint tiles and rally chips: 2 points each",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
    )
    for header in ("order", "player", "space", "points", "tiles", "chips", "total"):
        player = header == "player"
        table.add_column(header, justify="left" if player else "right", no_wrap=player)
    winners = view["winners"] or []
    for place, seat in enumerate(view["order"]):
        car = view["cars"][seat]
        star = " ★" if seat in winners else ""
        table.add_row(
            ORDINALS[place],
            Text(names.label(seat) + star, style=SEAT_STYLES[seat % len(SEAT_STYLES)]),
            f"{car['space']}{' F' if car['finished'] else ''}",
            str(car["points"]),
            str(car["checkpoints"]),
            str(len(car["chips"])),
            str(car["total"]),
        )
    return table
