"""Terminal play and replay: the generic loop that every game's board module plugs into.

The loop knows nothing about any game.  It asks a :class:`GameUI` (one module per
game, chosen by game id in :data:`BOARDS`) to draw the board, list the legal
choices in the player's words, read what the player types and explain what
happened automatically (a failed roll, the end of the game).  Chance is resolved
by :class:`roadtrip.core.Match`, so a seed reproduces a game exactly.

Input that is not a legal choice raises :class:`~roadtrip.cli.choices.InputError`
with a message saying why; the loop prints it and asks again.  ``q``/``quit`` and the
end of input stop the game cleanly.  The names a game's board shares with this loop
live in :mod:`roadtrip.cli.choices`, so that no board imports this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Protocol

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.pretty import Pretty

from roadtrip.bots import Bot, observe
from roadtrip.cli.advice_view import print_hint_figures
from roadtrip.cli.choices import QUIT_WORDS, Choice, InputError, Reader
from roadtrip.core import CHANCE, Match, MatchRecord, State

COLUMNS_FROM = 8
"""Longer lists of choices are printed in columns."""


class GameUI(Protocol):
    """What a game's terminal module provides to the generic loop."""

    input_hint: str
    """How to type a choice, e.g. 'type a field as column,row (like 2,4)'."""

    def seat_name(self, state: State, seat: int) -> str:
        """'You' in a solo game, 'Player 2' otherwise."""
        ...

    def render(self, console: Console, state: State, seat: int) -> None:
        """Draw ``seat``'s board and status."""
        ...

    def choice_title(self, state: State, seat: int) -> str:
        """The line above the numbered choices."""
        ...

    def choices(self, state: State, seat: int) -> list[Choice]:
        """The legal actions of ``seat`` in the player's words."""
        ...

    def prompt(self, state: State, seat: int) -> str:
        """The prompt for ``seat``'s input (plain text, no markup)."""
        ...

    def parse(self, text: str, state: State, seat: int) -> int:
        """The action ``text`` names; raises InputError explaining why it is not legal."""
        ...

    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        """What happened automatically when ``action`` was applied (plain text)."""
        ...

    def render_result(self, console: Console, state: State) -> None:
        """Draw the final boards and the result (or the standing of an unfinished game)."""
        ...


class GenericUI:
    """A plain fallback for games without a board module: the view and numbered actions."""

    input_hint = "type the number of a choice or an action as written"

    def seat_name(self, state: State, seat: int) -> str:
        return "You" if state.num_players() == 1 else f"Player {seat + 1}"

    def render(self, console: Console, state: State, seat: int) -> None:
        console.print(Pretty(state.view(seat)))

    def choice_title(self, state: State, seat: int) -> str:
        return f"{self.seat_name(state, seat)} may choose:"

    def choices(self, state: State, seat: int) -> list[Choice]:
        names = seat_names(self, state)
        return [
            Choice(a, state.action_to_string(a, seat, names=names))
            for a in state.legal_actions(seat)
        ]

    def prompt(self, state: State, seat: int) -> str:
        return f"{self.seat_name(state, seat)}, your choice (q quits): "

    def parse(self, text: str, state: State, seat: int) -> int:
        wanted = text.strip().lower()
        for choice in self.choices(state, seat):
            if choice.label.lower() == wanted:
                return choice.action
        raise InputError(f"'{text}' is not one of the choices; {self.input_hint}.")

    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        if seat == CHANCE:
            names = seat_names(self, before)
            return [f"Chance: {before.describe_action(action, CHANCE, None, names=names)}"]
        return []

    def render_result(self, console: Console, state: State) -> None:
        console.print(Pretty(state.view(None)))
        console.print(f"Returns: {state.returns()}")


def seat_names(ui: GameUI, state: State) -> list[str]:
    """Every seat's name as ``ui`` calls it: what the game's mentions of seats
    (``roadtrip.core.mention``) are filled with, instead of "seat N"."""
    return [ui.seat_name(state, seat) for seat in range(state.num_players())]


def _road_to_300() -> GameUI:
    from roadtrip.cli.road_to_300.board import RoadTo300UI

    return RoadTo300UI()


def _get_your_kicks() -> GameUI:
    from roadtrip.cli.main_street.board import KicksUI

    return KicksUI()


def _mileage_may_vary() -> GameUI:
    from roadtrip.cli.main_street.board import MileageUI

    return MileageUI()


def _road_rally() -> GameUI:
    from roadtrip.cli.road_rally.board import RoadRallyUI

    return RoadRallyUI()


def _open_road() -> GameUI:
    from roadtrip.cli.open_road.board import OpenRoadUI

    return OpenRoadUI()


@dataclass(frozen=True)
class Board:
    """A game's terminal module (``--hint`` asks the advisor, the same for every game)."""

    make_ui: Callable[[], GameUI]


BOARDS: dict[str, Board] = {
    "road-to-300": Board(_road_to_300),
    "get-your-kicks": Board(_get_your_kicks),
    "mileage-may-vary": Board(_mileage_may_vary),
    "road-rally": Board(_road_rally),
    "open-road": Board(_open_road),
}
"""Terminal modules by game id; a game without one gets :class:`GenericUI`."""


def ui_for(game_id: str) -> GameUI:
    board = BOARDS.get(game_id)
    return board.make_ui() if board is not None else GenericUI()


def read_choice(text: str, ui: GameUI, state: State, seat: int, choices: list[Choice]) -> int:
    """The action typed ``text`` names: a choice number, or whatever ``ui`` parses."""
    stripped = text.strip()
    if not stripped:
        raise InputError(f"Nothing was typed: {ui.input_hint}, or the number of a choice.")
    if stripped.isdigit():
        number = int(stripped)
        if 1 <= number <= len(choices):
            return choices[number - 1].action
        raise InputError(
            f"There is no choice {number}: the choices are numbered 1 to {len(choices)} "
            f"(or {ui.input_hint})."
        )
    return ui.parse(stripped, state, seat)


def narrate(ui: GameUI, before: State, after: State) -> list[tuple[int, int, State, list[str]]]:
    """Each action ``after`` has beyond ``before``: (seat, action, state before it, events)."""
    steps: list[tuple[int, int, State, list[str]]] = []
    current = before.clone()
    for seat, action in after.history()[len(before.history()) :]:
        previous = current.clone()
        current.apply_action(action, seat)
        steps.append((seat, action, previous, ui.explain(previous, seat, action, current)))
    return steps


def _print_events(console: Console, ui: GameUI, before: State, after: State) -> None:
    for _, _, _, events in narrate(ui, before, after):
        for event in events:
            console.print(f"[yellow]{escape(event)}[/]")


def _print_choices(console: Console, choices: list[Choice]) -> None:
    lines = [f"{n:>3}) {escape(c.label)}" for n, c in enumerate(choices, start=1)]
    if len(lines) <= COLUMNS_FROM:
        for line in lines:
            console.print(line)
    else:
        console.print(Columns(lines, column_first=True, padding=(0, 3)))


def play_match(
    console: Console,
    match: Match,
    ui: GameUI,
    read: Reader,
    hint: Bot | None = None,
) -> str:
    """Play ``match`` to the end with typed input.  Returns 'over', 'quit' or 'eof'."""
    hint_rng = Random(f"roadtrip-hint:{match.seed}")
    before = match.state.clone()
    match.advance()
    _print_events(console, ui, before, match.state)
    while not match.state.is_terminal():
        state = match.state
        active = state.active_seats()
        seat = active[0] if active else state.current_player()
        console.print()
        ui.render(console, state, seat)
        choices = ui.choices(state, seat)
        console.print(f"[bold]{escape(ui.choice_title(state, seat))}[/]")
        _print_choices(console, choices)
        if hint is not None:
            action = hint.choose(observe(state, seat), hint_rng)
            label = next((c.label for c in choices if c.action == action), None)
            text = label or state.action_to_string(action, seat, names=seat_names(ui, state))
            console.print(f"[green]Hint ({escape(hint.name)}): {escape(text)}[/]")
            menu = {c.action: n for n, c in enumerate(choices, start=1)}
            print_hint_figures(console, hint, menu)
        while True:
            try:
                typed = read(ui.prompt(state, seat))
            except EOFError:
                console.print()
                console.print("End of input: leaving the game unfinished.")
                return "eof"
            except KeyboardInterrupt:
                console.print()
                console.print("Interrupted: leaving the game unfinished.")
                return "quit"
            if typed.strip().lower() in QUIT_WORDS:
                console.print("You quit the game.")
                return "quit"
            try:
                action = read_choice(typed, ui, state, seat, choices)
            except InputError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")
                continue
            break
        before = state.clone()
        match.act(action, seat)
        _print_events(console, ui, before, match.state)
    return "over"


def replay_match(
    console: Console,
    record: MatchRecord,
    states: list[State],
    ui: GameUI,
    read: Reader | None = None,
) -> None:
    """Print a validated record move by move; with ``read``, wait for Enter after each
    decision (``q`` stops, the end of input plays the rest without waiting)."""
    numbered = 0
    for index, (seat, action) in enumerate(record.actions):
        previous, current = states[index], states[index + 1]
        names = seat_names(ui, previous)
        words = previous.action_to_string(action, seat, names=names)
        if seat == CHANCE:
            console.print(f"[dim]{index + 1:>4}.[/] {escape(words[:1].upper() + words[1:])}")
        else:
            numbered += 1
            who = names[seat]
            console.print(f"[dim]{index + 1:>4}.[/] [bold]{who}[/]: {escape(words)}")
        for event in ui.explain(previous, seat, action, current):
            console.print(f"        [yellow]{escape(event)}[/]")
        if read is not None and seat != CHANCE:
            ui.render(console, current, seat)
            try:
                typed = read("Press Enter for the next move (q stops): ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                read = None
                continue
            if typed.strip().lower() in QUIT_WORDS:
                console.print("Replay stopped.")
                return
    console.print()
    console.print(f"{len(record.actions)} actions, {numbered} decisions.")
    ui.render_result(console, states[-1])
