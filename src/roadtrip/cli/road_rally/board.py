"""Road Rally USA in the terminal: you against bots, or several humans in a hot seat.

``roadtrip play road-rally`` seats you as Player 1 and bots on the other cars
(``--bots heuristic,random,...``: one name for all, or one per bot seat; the default
is ``heuristic`` where it is registered, else ``random``).  ``--humans N`` puts
humans on the first N seats and ``--hotseat`` on every seat; then the hands are
hidden between turns: "Pass the keyboard to Player 2 and press Enter" clears the
screen, and each player reads what happened since their last decision as they may
see it.  The generic loop of :mod:`roadtrip.cli.play` asks one action per line;
this game's own loop (:meth:`RoadRallyUI.play_seated`) lets a line stand for
several (a whole play, a Mechanic's order) and runs the bots.  The screens are
drawn in :mod:`draw`, the input read in :mod:`input`, the
events told in :mod:`events` and the scoring and result in
:mod:`result`.
"""

from __future__ import annotations

from random import Random
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from roadtrip.bots import Bot, observe
from roadtrip.cli.advice_view import print_hint_figures
from roadtrip.cli.choices import Choice, InputError, Reader
from roadtrip.cli.road_rally import draw, events, result
from roadtrip.cli.road_rally import input as words
from roadtrip.cli.road_rally.input import Option
from roadtrip.cli.seated_ui import SeatedUI
from roadtrip.cli.seating import Seating
from roadtrip.core import CHANCE, Match, State
from roadtrip.games.road_rally import actions as A

"""The bot on the other seats: the first registered for road-rally."""
HELP_WORDS = frozenset({"?", "h", "help"})
INPUT_HINTS = {
    "play": "type the cards to play, e.g. g1 g2 or y3 (one colour)",
    "store": "type up to 5 cards of any colours, e.g. rainbow: g1 y3 r4",
    "shortcut": "type y (take the shortcut) or n (stay on the road)",
    "mechanic": "type the new order of the cards, top first, e.g. r4 y3 g1",
    "reveal": "type y (reveal the card and score) or n (keep it secret)",
    "go on": "you cannot reveal this rally card: press Enter to go on",
    "reward": "type p (take the points) or c (draw 2 cards instead)",
    "gas": "type b (shuffle the discards in before drawing) or a (after drawing)",
}


def decision(state: State) -> str:
    """The kind of decision pending: 'play', 'shortcut', 'mechanic', 'reveal', 'reward',
    'gas'."""
    return str(state.view(None)["phase"])


class RoadRallyUI(SeatedUI):
    """The terminal face of Road Rally USA."""

    input_hint = INPUT_HINTS["play"]
    noun = "cars"
    whole_plays = True
    """A typed line is a whole play (cards and move): `roadtrip learn` lists actions."""

    def __init__(self) -> None:
        super().__init__()
        self.legend_shown: set[int] = set()

    # ------------------------------------------------------------- naming
    def names(self, viewer: int | None) -> draw.Names:
        return draw.Names(viewer, dict(self.bots), hotseat=len(self.humans) != 1)

    def _viewer(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    def seat_name(self, state: State, seat: int) -> str:
        return self.names(self._viewer()).who(seat)

    # ------------------------------------------------------------ drawing
    def heading(self, state: State, seat: int) -> str:
        view = state.view(None)
        final = " (final round)" if view["final_round"] else ""
        what = {
            "reveal": f"rally scoring: rally point {view['rally_current']}",
            "reward": f"rally point {view['rally_current']} scored: 4th/5th place",
            "shortcut": "a shortcut",
            "mechanic": "at the Mechanic",
            "gas": "at the Gas station",
        }.get(view["phase"], "")
        scoring = view["phase"] in ("reveal", "reward")
        if self.humans == [seat]:
            turn = "your decision" if scoring else "your turn"
        else:
            turn = f"Player {seat + 1} decides" if scoring else f"Player {seat + 1}'s turn"
        return f"Round {view['round']}{final} · {turn}" + (f" · {what}" if what else "")

    def render(self, console: Console, state: State, seat: int) -> None:
        view = state.view(seat)
        names = self.names(seat)
        console.rule(escape(self.heading(state, seat)))
        console.print(draw.track_table(view))
        if seat not in self.legend_shown:
            self.legend_shown.add(seat)
            console.print(f"[dim]{escape(draw.LEGEND)}[/]")
        console.print(draw.players_table(view, names, seat))
        for line in draw.mine_lines(view, names.hotseat):
            console.print(line)
        for line in self._situation(view, seat):
            console.print(line)

    def _situation(self, view: dict[str, Any], seat: int) -> list[Text]:
        phase = view["phase"]
        if seat not in view["active_seats"]:
            return []  # a replay shows the board after the seat's decision
        if phase == "play" and view["rainbow"]:
            return [Text("You start on a General Store: play up to 5 cards of any colours.")]
        if phase == "mechanic":
            shown = draw.cards_text(draw.expand(view["mine"]["mechanic_cards"]))
            return [Text("Mechanic: the top cards of your deck are ").append_text(shown)]
        if phase == "gas":
            draws = view["gas_draws"]
            return [
                Text(
                    f"Gas: your discards go back into your deck, before or after you draw "
                    f"{draws} card{'s' * (draws != 1)}."
                )
            ]
        if phase == "reward":
            number = view["rally_current"]
            place = draw.ORDINALS[view["order"].index(seat)]
            points = view["mine"]["reward_points"]
            return [
                Text(f"Rally point {number} scored: as {place} take {points} points or 2 cards.")
            ]
        return []

    # ------------------------------------------------------------ choices
    def options(self, state: State, seat: int) -> list[Option]:
        """The numbered choices of ``seat``'s decision, each a whole sequence."""
        view = state.view(seat)
        phase = view["phase"]
        if phase == "play":
            return words.play_options(view, state, seat)
        if phase == "shortcut":
            return words.shortcut_options(view, seat)
        if phase == "mechanic":
            return words.mechanic_options(view, state, seat)
        if phase == "reveal":
            return words.reveal_options(view, state, seat)
        if phase == "gas":
            return words.gas_options(view)
        return words.reward_options(view)

    def _hint_key(self, state: State, seat: int) -> str:
        phase = decision(state)
        if phase == "play" and state.view(None)["rainbow"]:
            return "store"
        if phase == "reveal" and A.REVEAL not in state.legal_actions(seat):
            return "go on"
        return phase

    def choice_title(self, state: State, seat: int) -> str:
        who = "" if len(self.humans) <= 1 else f"Player {seat + 1}: "
        return f"{who}{INPUT_HINTS[self._hint_key(state, seat)]}, or a number:"

    def choices(self, state: State, seat: int) -> list[Choice]:
        """One action per choice, for the generic loop (this game's loop uses options)."""
        return [Choice(o.actions[0], o.label) for o in self.options(state, seat)]

    def prompt(self, state: State, seat: int) -> str:
        who = "" if len(self.humans) <= 1 else f"Player {seat + 1}, "
        ask = {
            "play": "your play",
            "store": "your play",
            "shortcut": "take the shortcut (y/n)",
            "mechanic": "the new order, top first",
            "reveal": "reveal (y/n)",
            "go on": "go on (Enter)",
            "reward": "points or cards (p/c)",
            "gas": "shuffle before or after drawing (b/a)",
        }[self._hint_key(state, seat)]
        text = f"{who}{ask}? (? for help, q quits): "
        return text[0].upper() + text[1:]

    # -------------------------------------------------------------- input
    def read_actions(self, text: str, state: State, seat: int, options: list[Option]) -> list[int]:
        """The action sequence a typed line stands for; InputError says why not."""
        stripped = text.strip()
        hint = INPUT_HINTS[self._hint_key(state, seat)]
        if not stripped:
            if len(options) == 1:
                return list(options[0].actions)
            raise InputError(f"Nothing was typed: {hint}, or the number of a choice.")
        if stripped.isdigit():
            number = int(stripped)
            if 1 <= number <= len(options):
                return list(options[number - 1].actions)
            raise InputError(
                f"There is no choice {number}: the choices are numbered 1 to {len(options)} "
                f"(or {hint})."
            )
        view = state.view(seat)
        phase = view["phase"]
        if phase == "play":
            return words.parse_play(stripped, view, state, seat)
        if phase == "mechanic":
            return words.parse_mechanic(stripped, view, state, seat)
        table = {
            "shortcut": [(words.TAKE_WORDS, A.TAKE_SHORTCUT), (words.STAY_WORDS, A.SKIP_SHORTCUT)],
            "reveal": [(words.REVEAL_WORDS, A.REVEAL), (words.PASS_WORDS, A.PASS)],
            "reward": [(words.POINTS_WORDS, A.TAKE_POINTS), (words.CARDS_WORDS, A.TAKE_CARDS)],
            "gas": [(words.BEFORE_WORDS, A.GAS_BEFORE), (words.AFTER_WORDS, A.GAS_AFTER)],
        }[phase]
        return words.parse_words(stripped, table, state, seat, hint)

    def parse(self, text: str, state: State, seat: int) -> int:
        """The first action of what ``text`` stands for (for the generic loop)."""
        return self.read_actions(text, state, seat, self.options(state, seat))[0]

    # ------------------------------------------------------------- events
    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        """Consequences as a spectator sees them (a replay prints the action itself)."""
        found = events.entry_events(before, seat, action, after, self.names(None))
        if seat == CHANCE and found and found[0].kind in ("draw", "top", "deal"):
            found = found[1:]
        return events.compact(found, self.names(None))

    def render_result(self, console: Console, state: State) -> None:
        result.render_result(console, state, self.names(self._viewer()))

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
        seen = {seat: match.state.clone() for seat in self.humans}
        shared = len(self.humans) > 1
        holder: int | None = None
        match.advance()

        def catch_up(seat: int) -> None:
            lines = events.narrate(
                seen[seat], match.state.history()[seen[seat].move_number() :], self.names(seat)
            )
            for line in lines:
                console.print(f"[yellow]{escape(line)}[/]")
            seen[seat] = match.state.clone()

        while not match.state.is_terminal():
            state = match.state
            seat = state.active_seats()[0]
            if seat in players:
                match.act(players[seat].choose(observe(state, seat), rngs[seat]), seat)
                continue
            options = self.options(state, seat)
            if not shared and len(options) == 1 and decision(state) == "reveal":
                match.act(options[0].actions[0], seat)  # not holding the card: nothing to ask
                continue
            if shared and holder != seat:
                if holder is not None:
                    catch_up(holder)
                if not self._pass_keyboard(console, read, seat):
                    return self.outcome
                console.clear()
                console.rule(f"Player {seat + 1} at the keyboard")
            holder = seat
            catch_up(seat)
            console.print()
            self.render(console, state, seat)
            console.print(f"[bold]{escape(self.choice_title(state, seat))}[/]")
            for number, option in enumerate(options, start=1):
                console.print(f"{number:>3}) {escape(option.label)}")
            if hint is not None:
                advice = words.hint_for(hint, state, seat, hint_rng, options)
                console.print(f"[green]Hint ({escape(hint.name)}): {escape(advice)}[/]")
                print_hint_figures(console, hint)
            chosen = self._ask(console, read, state, seat, options)
            if chosen is None:
                return self.outcome
            for action in chosen:
                match.act(action, seat)
        console.print()
        catch_up(holder if holder is not None else self.humans[0])
        return "over"

    def _announce(self, console: Console) -> None:
        if len(self.humans) == 1:
            others = ", ".join(f"Player {s + 1} ({n})" for s, n in sorted(self.bots.items()))
            console.print(f"You are Player 1 (car [1]); bots drive the other cars: {others}.")
            return
        humans = draw.and_list([f"Player {s + 1}" for s in self.humans])
        console.print(f"Hot seat: {humans} share this terminal; hands are hidden between turns.")
        if self.bots:
            others = ", ".join(f"Player {s + 1} ({n})" for s, n in sorted(self.bots.items()))
            console.print(f"Bots drive the other cars: {others}.")

    def _pass_keyboard(self, console: Console, read: Reader, seat: int) -> bool:
        console.print()
        prompt = f"Pass the keyboard to Player {seat + 1} and press Enter (q quits): "
        return self._read_line(console, read, prompt) is not None

    def _ask(
        self, console: Console, read: Reader, state: State, seat: int, options: list[Option]
    ) -> list[int] | None:
        while True:
            typed = self._read_line(console, read, self.prompt(state, seat))
            if typed is None:
                return None
            word = typed.strip().lower()
            if word in HELP_WORDS:
                console.print(escape(self._help(state, seat)))
                console.print(f"[dim]{escape(draw.LEGEND)}[/]")
                continue
            try:
                return self.read_actions(typed, state, seat, options)
            except InputError as exc:
                console.print(f"[red]{escape(str(exc))}[/]")

    def _help(self, state: State, seat: int) -> str:
        key = self._hint_key(state, seat)
        text = f"{INPUT_HINTS[key][0].upper()}{INPUT_HINTS[key][1:]}, or the number of a choice."
        if key in ("play", "store", "mechanic"):
            text += " " + words.CARD_HELP[0].upper() + words.CARD_HELP[1:] + "."
        return text + " q quits."
