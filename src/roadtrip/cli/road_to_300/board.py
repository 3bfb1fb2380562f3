"""Road to 300 in the terminal: the 6x6 sheet drawn with Rich, the choices in the
player's words, field input such as ``2,4``, and automatic events explained.

Everything here reads the public view (``state.view(seat)``), the same data a
browser gets.  A field is written ``column,row`` as in the rulebook ("2,4" is
column 2, row 4).  On the sheet ``X`` marks a crossed field, ``(30)`` a circled
one, ``X(30)`` a field with both (it scores) and ``@`` where the player stands.
"""

from __future__ import annotations

import re
from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from roadtrip.cli.choices import Choice, InputError
from roadtrip.core import CHANCE, State
from roadtrip.games.road_to_300.rules import MAX_FAILED_ROLLS

SIZE = 6
_FIELD = re.compile(r"^\(?\s*(\d+)\s*(?:[,;]\s*|\s+)(\d+)\s*\)?$")
ENDINGS = {
    "no_cross": "three failed rolls in a row (no field could be crossed)",
    "no_move": "no legal move (the movement could not be carried out)",
    "max_rounds": "the round limit (max_rounds) was reached",
}
MARKED = "bold white on magenta"
"""A tutorial step's fields and status parts: what to look at now."""
LEGEND = "X crossed · (30) circled · X(30) crossed and circled: scores · @ you stand here"


def _field(data: dict[str, Any]) -> str:
    return f"{data['col']},{data['row']}"


def _steps(count: int, word: str = "step") -> str:
    """'1 step', '3 steps' (or another counted word)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _dice(sheet: dict[str, Any]) -> str:
    dice = sheet["dice"]
    return "-".join(str(d) for d in dice) if dice else "none yet"


def _sheets(state: State, seat: int | None) -> list[dict[str, Any]]:
    """Every sheet as ``seat`` sees it: in the competitive mode another seat's choices
    on the shared roll show only once every seat has chosen (its own at once)."""
    sheets: list[dict[str, Any]] = state.view(seat)["sheets"]
    return sheets


def _cell(sheet: dict[str, Any], col: int, row: int) -> dict[str, Any]:
    cell: dict[str, Any] = sheet["cells"][(row - 1) * SIZE + (col - 1)]
    return cell


class RoadTo300UI:
    """The terminal face of Road to 300 (solo and hot-seat competitive mode)."""

    input_hint = "type a field as column,row (like 2,4 or 2 4)"

    # ------------------------------------------------------------- naming
    def seat_name(self, state: State, seat: int) -> str:
        return "You" if state.num_players() == 1 else f"Player {seat + 1}"

    # ------------------------------------------------------------ drawing
    def sheet_table(
        self,
        state: State,
        seat: int,
        highlight: frozenset[str],
        marked: frozenset[str] = frozenset(),
    ) -> Table:
        """The sheet; ``highlight`` fields (the choices) in magenta, ``marked`` ones
        (a tutorial step's, "3,4") on a magenta background, above both."""
        sheet = _sheets(state, seat)[seat]
        position = _field(sheet["position"]) if sheet["position"] else None
        title = "Your sheet" if state.num_players() == 1 else f"Player {seat + 1}'s sheet"
        table = Table(title=title, box=box.SQUARE, caption="field = column,row")
        table.add_column("row", justify="right", style="dim")
        for col in range(1, SIZE + 1):
            table.add_column(f"col {col}", justify="center", min_width=6)
        for row in range(1, SIZE + 1):
            cells: list[Text] = []
            for col in range(1, SIZE + 1):
                cell = _cell(sheet, col, row)
                name = f"{col},{row}"
                value = str(cell["value"])
                if cell["crossed"] and cell["circled"]:
                    text, style = f"X({value})", "bold green"
                elif cell["circled"]:
                    text, style = f"({value})", "cyan"
                elif cell["crossed"]:
                    text, style = "X", "red"
                else:
                    text, style = value, ""
                if name in highlight:
                    style = "bold magenta underline"
                if name in marked:
                    style = MARKED
                if name == position:
                    text, style = "@" + text, "bold black on yellow"
                cells.append(Text(text, style=style))
            table.add_row(str(row), *cells)
        return table

    def _status(self, state: State, seat: int, marked: frozenset[str] = frozenset()) -> Text:
        """The status line; the parts named in ``marked`` (``dice``, ``failed-rolls``,
        ``score``: a tutorial step's keys) in the marked style."""
        view = state.view(seat)
        sheet = view["sheets"][seat]
        score = f"Score {sheet['score']}"
        if state.num_players() == 1:
            score += f" (target {view['target']})"
        parts = [
            ("round", f"Round {view['round']}"),
            ("dice", f"Dice {_dice(sheet)}"),
            (
                "failed-rolls",
                f"Failed rolls in a row: {sheet['failed_rolls']} of {MAX_FAILED_ROLLS}",
            ),
            ("score", score),
        ]
        line = Text()
        for index, (key, words) in enumerate(parts):
            if index:
                line.append(" · ")
            line.append(words, style=MARKED if key in marked else "")
        return line

    def render(self, console: Console, state: State, seat: int) -> None:
        self.render_marked(console, state, seat, ())

    def render_marked(
        self, console: Console, state: State, seat: int, keys: tuple[str, ...]
    ) -> None:
        """The board with a tutorial step's highlight keys marked on it (``field:C,R``
        on the sheet; ``dice``, ``failed-rolls``, ``score`` in the status line)."""
        sheet = _sheets(state, seat)[seat]
        options = sheet["cross_options"] if sheet["step"] == "cross" else sheet["destinations"]
        fields = frozenset(k.removeprefix("field:") for k in keys if k.startswith("field:"))
        table = self.sheet_table(state, seat, frozenset(_field(o) for o in options), fields)
        console.print(table)
        console.print(f"[dim]{escape(LEGEND)}[/]")
        console.print(self._status(state, seat, frozenset(keys)))
        if state.num_players() > 1:
            scores = [
                f"Player {s + 1}: {other['score']}" + (" (over)" if other["over"] else "")
                for s, other in enumerate(_sheets(state, seat))
            ]
            console.print("Scores: " + ", ".join(scores))

    # ------------------------------------------------------------ choices
    def choice_title(self, state: State, seat: int) -> str:
        sheet = _sheets(state, seat)[seat]
        who = "" if state.num_players() == 1 else f"Player {seat + 1}: "
        if sheet["step"] == "cross":
            return (
                f"{who}Step 2, dice {_dice(sheet)}: cross one field that two dice name "
                "(the third die is your movement)"
            )
        die = sheet["move_die"]
        if sheet["position"] is None:
            if state.game.options.get("first_move") == "corner_free":
                how = f"enter the grid on a 30 (a corner), then move {_steps(die)}"
            else:
                first = "onto" if die == 1 else "the first of them onto"
                how = f"move {_steps(die)}, {first} a 30 (a corner)"
            return f"{who}Step 4: {how}. Where does the movement end?"
        return (
            f"{who}Step 4: move exactly {_steps(die)} from {_field(sheet['position'])}. "
            "Where does the movement end?"
        )

    def choices(self, state: State, seat: int) -> list[Choice]:
        sheet = _sheets(state, seat)[seat]
        if sheet["step"] == "cross":
            return [
                Choice(o["action"], f"cross {_field(o)}, then move {o['move_die']}")
                for o in sheet["cross_options"]
            ]
        return [
            Choice(d["action"], f"end on {_field(d)} ({_cell(sheet, d['col'], d['row'])['value']})")
            for d in sheet["destinations"]
        ]

    def prompt(self, state: State, seat: int) -> str:
        sheet = _sheets(state, seat)[seat]
        what = "field to cross" if sheet["step"] == "cross" else "field to end on"
        who = "Your" if state.num_players() == 1 else f"Player {seat + 1}, your"
        count = len(sheet["cross_options"] or sheet["destinations"])
        return f"{who} {what} (column,row or 1-{count}; q quits): "

    # -------------------------------------------------------------- input
    def parse(self, text: str, state: State, seat: int) -> int:
        match = _FIELD.match(text.strip())
        if match is None:
            raise InputError(
                f"'{text}' is not a field: {self.input_hint}, or the number of a choice."
            )
        col, row = int(match.group(1)), int(match.group(2))
        if not (1 <= col <= SIZE and 1 <= row <= SIZE):
            raise InputError(f"{col},{row} is off the sheet: columns and rows go from 1 to 6.")
        sheet = _sheets(state, seat)[seat]
        name = f"{col},{row}"
        if sheet["step"] == "cross":
            for option in sheet["cross_options"]:
                if _field(option) == name:
                    return int(option["action"])
            legal = ", ".join(_field(o) for o in sheet["cross_options"])
            raise InputError(f"{self._why_not_cross(sheet, col, row)} You can cross: {legal}.")
        for dest in sheet["destinations"]:
            if _field(dest) == name:
                return int(dest["action"])
        legal = ", ".join(_field(d) for d in sheet["destinations"])
        reason = self._why_not_end(state, sheet, col, row)
        raise InputError(f"{reason} You can end on: {legal}.")

    def _why_not_cross(self, sheet: dict[str, Any], col: int, row: int) -> str:
        cell = _cell(sheet, col, row)
        dice = list(sheet["dice"] or [])
        named = col in dice and row in dice and (col != row or dice.count(col) >= 2)
        if not named:
            return (
                f"The dice {_dice(sheet)} do not name {col},{row}: "
                "a field to cross is a column and a row from two of the dice."
            )
        if cell["crossed"]:
            return f"{col},{row} is already crossed out."
        if cell["circled"]:
            return f"{col},{row} is circled (a movement ended there), so it cannot be crossed."
        return f"{col},{row} cannot be crossed now."

    def _why_not_end(self, state: State, sheet: dict[str, Any], col: int, row: int) -> str:
        cell = _cell(sheet, col, row)
        die = sheet["move_die"]
        if cell["crossed"] or cell["circled"]:
            return f"{col},{row} is crossed or circled, so the movement may not enter it."
        if sheet["position"] is None:
            return (
                f"{col},{row} cannot be reached: the first move enters the grid on a 30 "
                f"(a corner) and uses exactly {_steps(die)}."
            )
        return (
            f"{col},{row} cannot be reached in exactly {_steps(die, 'orthogonal step')} from "
            f"{_field(sheet['position'])} without leaving the grid, entering a field "
            "twice, or entering a crossed or circled field."
        )

    # ------------------------------------------------------------- events
    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        solo = before.num_players() == 1
        events: list[str] = []
        if seat == CHANCE:
            rolled = before.view(None)["rolling_seats"]
            for s in rolled:
                sheet = _sheets(after, None)[s]
                if not sheet["failed_rolls"] and not sheet["over"]:
                    continue
                who = "" if solo else f"Player {s + 1}: "
                lead = f"{who}No field can be crossed with {_dice(sheet)}"
                count = f"failed rolls in a row: {sheet['failed_rolls']} of {MAX_FAILED_ROLLS}"
                if sheet["over"]:
                    events.append(
                        f"{lead}: {count}, so the game is over for {self._them(s, solo)}."
                    )
                elif sheet["step"] == "waiting":
                    events.append(f"{lead}: sitting out until the next roll ({count})")
                else:
                    events.append(f"{lead}: rolling again ({count})")
            return events
        # The acting seat's own words (it sees its choices at once).
        old, new = _sheets(before, seat)[seat], _sheets(after, seat)[seat]
        if old["step"] == "cross" and old["position"] is not None:
            whose = "your" if solo else f"Player {seat + 1}'s"
            events.append(
                f"Step 3: {whose} starting field {_field(old['position'])} is crossed out."
            )
        if new["over"] and new["ended"] == "no_move":
            start = f"from {_field(old['position'])}" if old["position"] else "into the grid"
            events.append(
                f"No legal movement of {_steps(new['move_die'])} {start}: "
                f"the game is over for {self._them(seat, solo)}."
            )
        return events

    def _them(self, seat: int, solo: bool) -> str:
        return "you" if solo else f"Player {seat + 1}"

    # ------------------------------------------------------------- result
    def render_result(self, console: Console, state: State) -> None:
        view = state.view(None)
        sheets = view["sheets"]
        for seat in range(len(sheets)):
            console.print(self.sheet_table(state, seat, frozenset()))
        console.print(f"[dim]{escape(LEGEND)}[/]")
        finished = state.is_terminal()
        if not finished:
            console.print("[bold]The game is not finished.[/]")
        if len(sheets) == 1:
            self._solo_result(console, sheets[0], int(view["target"]), finished)
            return
        table = Table(title="Final scores" if finished else "Scores so far", box=box.SIMPLE)
        for header in ("Player", "Score", "How it ended"):
            table.add_column(header)
        for seat, sheet in enumerate(sheets):
            ending = ENDINGS.get(sheet["ended"] or "", "still playing")
            mark = " (winner)" if finished and seat in view["winners"] else ""
            table.add_row(f"Player {seat + 1}{mark}", str(sheet["score"]), ending)
        console.print(table)
        if not finished:
            return
        winners = [f"Player {s + 1}" for s in view["winners"]]
        best = sheets[view["winners"][0]]["score"]
        if len(winners) == 1:
            console.print(f"[bold green]{winners[0]} wins with {best} points![/]")
        else:
            names = ", ".join(winners[:-1]) + " and " + winners[-1]
            console.print(f"[bold green]Shared win: {names} tie with {best} points each.[/]")

    def _solo_result(
        self, console: Console, sheet: dict[str, Any], target: int, finished: bool
    ) -> None:
        score = int(sheet["score"])
        console.print(f"[bold]Final score: {score}[/]" if finished else f"Score so far: {score}")
        if not finished:
            return
        console.print(f"The game ended: {ENDINGS.get(sheet['ended'] or '', 'unknown')}.")
        if score >= target:
            console.print(f"[bold green]You win! {score} points reach the target of {target}.[/]")
        else:
            console.print(
                f"[bold red]Not this time: {score} points, {target - score} short of {target}.[/]"
            )
