"""The Open Road in the terminal: you against bots, or several riders at one keyboard.

``roadtrip play open-road`` seats you as Player 1 and bots on the other riders
(``--bots heuristic,random,...``: one name for all, or one per bot seat; the default
is ``heuristic`` where it is registered for open-road, else ``random``).  ``--humans
N`` puts humans on the first N seats, ``--hotseat`` on every seat; everything in The
Open Road is face up, so nothing is hidden between turns.

Each decision shows every rider (:mod:`draw`), the roads out of the mover's
dot and a numbered menu (:mod:`menu`, :mod:`input`): rides by
their destination name, the most useful first, then the other actions.  A choice is
typed by number or in words (a place's name, ``pick``, ``cash``, ``y``/``n``, ``p3``).
What the others did since your last decision is told one line each
(:mod:`events`).
"""

from __future__ import annotations

from random import Random
from typing import Any, cast

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from roadtrip.bots import Bot, observe
from roadtrip.cli.advice_view import print_hint_figures
from roadtrip.cli.choices import Choice, InputError, Reader
from roadtrip.cli.open_road import draw as draw
from roadtrip.cli.open_road import events as events
from roadtrip.cli.open_road import input as words
from roadtrip.cli.open_road.draw import Names
from roadtrip.cli.open_road.menu import Menu
from roadtrip.cli.seated_ui import SeatedUI
from roadtrip.cli.seating import Seating
from roadtrip.core import Match, State
from roadtrip.games.open_road.rules import OpenRoadState

"""The bot on the other seats: the first registered for open-road."""
HELP_WORDS = frozenset({"?", "h", "help"})
LEGEND = (
    "Beside each Heartland and Side Trip city: the dots from the rider to it (✓ paid; "
    "dimmed: pays nothing now). "
    "Roads: the next city each way, its dots, ★ nearer the destination. Type a choice's "
    "number or words (a place's name, pick, cash, y/n); ? helps."
)


def _rs(state: State) -> OpenRoadState:
    return cast(OpenRoadState, state)


class OpenRoadUI(SeatedUI):
    """The terminal face of The Open Road."""

    input_hint = words.HINTS["act"]
    noun = "riders"

    # ------------------------------------------------------------- naming
    def names(self) -> Names:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        return Names(viewer, dict(self.bots), hotseat=len(self.humans) > 1)

    def seat_name(self, state: State, seat: int) -> str:
        return self.names().who(seat)

    # ------------------------------------------------------------ drawing
    def heading(self, view: dict[str, Any], seat: int) -> str:
        names = self.names()
        whose = "your" if seat == names.viewer else f"{names.who(seat)}'s"
        if view["round"] == 0:
            return f"Setup · {whose} route cards"
        limit = f" of {view['max_rounds']}" if view["max_rounds"] else ""
        left = view["actions_left"]
        actions = f" · {left} action{'s' * (left != 1)} left" if view["phase"] == "act" else ""
        return f"Round {view['round']}{limit} · {whose} turn{actions}"

    def render(self, console: Console, state: State, seat: int) -> None:
        view = state.view(seat)
        names = self.names()
        console.rule(escape(self.heading(view, seat)))
        for rider in range(view["players"]):
            for line in draw.rider_lines(view, rider, names, console.width):
                console.print(line, overflow="fold")
        for line in draw.status_lines(view, console.width):
            console.print(line)
        roads = draw.roads_line(view, seat)
        if roads is not None:
            console.print(roads)

    # ------------------------------------------------------------ choices
    def menu(self, state: State, seat: int) -> Menu:
        return words.menu_for(state.view(seat), _rs(state), seat, self.names())

    def choice_title(self, state: State, seat: int) -> str:
        who = "" if len(self.humans) <= 1 else f"{self.names().who(seat)}: "
        return f"{who}{words.HINTS[str(state.view(None)['phase'])]}:"

    def choices(self, state: State, seat: int) -> list[Choice]:
        """The numbered options (rides beyond the best are typed by name)."""
        return [Choice(o.action, o.label) for o in self.menu(state, seat).options]

    def prompt(self, state: State, seat: int) -> str:
        who = "Your" if len(self.humans) <= 1 else f"{self.names().who(seat)}, your"
        return f"{who} choice (? for help, q quits): "

    def parse(self, text: str, state: State, seat: int) -> int:
        return self.read_action(text, state, seat, self.menu(state, seat))

    def read_action(self, text: str, state: State, seat: int, menu: Menu) -> int:
        """The action typed ``text`` names; InputError says why it is not legal."""
        stripped = text.strip()
        options = menu.options
        phase = str(state.view(None)["phase"])
        if not stripped:
            if len(options) == 1:
                return options[0].action
            raise InputError(f"Nothing was typed: {words.HINTS[phase]}.")
        if stripped.isdigit():
            number = int(stripped)
            if 1 <= number <= len(options):
                return options[number - 1].action
            raise InputError(
                f"There is no choice {number}: the choices are numbered 1 to {len(options)}."
            )
        return words.parse(stripped, state.view(seat), _rs(state), seat, menu)

    def print_menu(self, console: Console, menu: Menu) -> None:
        number = 0
        for title, options in menu.groups:
            console.print(Text(title, style="bold"))
            for option in options:
                number += 1
                console.print(f"{number:>3}) {escape(option.label)}", overflow="fold")
        if menu.more:
            console.print(Text(menu.more, style="dim"))

    # ------------------------------------------------------------- events
    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        """What followed ``action`` (a replay prints the action's own words first)."""
        return events.explain(before, seat, action, after, self.names(), full=False)

    def render_result(self, console: Console, state: State) -> None:
        view = state.view(None)
        names = self.names()
        finished = state.is_terminal()
        title = "Final standing" if finished else "Standing so far"
        console.print(draw.standing_table(view, names, title))
        if finished:
            console.print(f"[bold green]{escape(events.ending(view, names))}[/]")
        else:
            console.print("[bold]The game is not finished.[/]")

    # ---------------------------------------------------------- the loop
    def _play(
        self,
        console: Console,
        match: Match,
        read: Reader,
        seating: Seating,
        hint: Bot | None,
        hint_rng: Random,
    ) -> str:
        players, rngs = seating.bots, seating.rngs
        told = match.state.clone()
        match.advance()
        while not match.state.is_terminal():
            state = match.state
            seat = state.current_player()
            if seat in players:
                match.act(players[seat].choose(observe(state, seat), rngs[seat]), seat)
                continue
            told = self._tell(console, told, state)
            console.print()
            self.render(console, state, seat)
            menu = self.menu(state, seat)
            self.print_menu(console, menu)
            if hint is not None:
                console.print(f"[green]{escape(self._hint(hint, state, seat, hint_rng, menu))}[/]")
                print_hint_figures(
                    console, hint, {o.action: n for n, o in enumerate(menu.options, 1)}
                )
            action = self._ask(console, read, state, seat, menu)
            if action is None:
                return self.outcome
            match.act(action, seat)
        self._tell(console, told, match.state)
        return "over"

    def tell(self, console: Console, before: State, after: State) -> None:
        """Every move from ``before`` to ``after`` in full, one line each, as the game
        tells the others' moves (``roadtrip learn`` tells a step's aftermath so)."""
        self._tell(console, before, after)

    def _tell(self, console: Console, told: State, now: State) -> State:
        """Print what happened since ``told``; returns the state told up to."""
        current = told.clone()
        for seat, action in now.history()[told.move_number() :]:
            previous = current.clone()
            current.apply_action(action, seat)
            for line in events.explain(previous, seat, action, current, self.names()):
                console.print(f"[yellow]{escape(line)}[/]")
        return current

    def _hint(self, bot: Bot, state: State, seat: int, rng: Random, menu: Menu) -> str:
        action = bot.choose(observe(state, seat), rng)
        number = next((n for n, o in enumerate(menu.options, 1) if o.action == action), None)
        names = self.names()
        words_ = state.action_to_string(
            action, seat, [names.obj(s) for s in range(state.num_players())]
        )
        return f"Hint ({bot.name}): " + (f"{number}) {words_}" if number else words_)

    def _announce(self, console: Console) -> None:
        others = ", ".join(f"Player {s + 1} ({n})" for s, n in sorted(self.bots.items()))
        if len(self.humans) == 1:
            console.print(f"You are Player 1; bots ride the other bikes: {others}.")
        else:
            humans = draw.and_list([f"Player {s + 1}" for s in self.humans])
            console.print(f"Hot seat: {humans} share this terminal (everything is face up).")
            if others:
                console.print(f"Bots ride the other bikes: {others}.")
        console.print(f"[dim]{escape(LEGEND)}[/]")

    def _ask(
        self, console: Console, read: Reader, state: State, seat: int, menu: Menu
    ) -> int | None:
        while True:
            typed = self._read_line(console, read, self.prompt(state, seat))
            if typed is None:
                return None
            word = typed.strip().lower()
            if word in HELP_WORDS:
                console.print(escape(self._help(state)))
                continue
            try:
                return self.read_action(typed, state, seat, menu)
            except InputError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")

    def _help(self, state: State) -> str:
        phase = str(state.view(None)["phase"])
        hint = words.HINTS[phase]
        return (
            f"{hint[0].upper()}{hint[1:]}. A place may be typed by a unique beginning of its "
            "name (e.g. 'denv' for Denver, CO; 'portland, or'). q quits."
        )
