"""America's Main Street in the terminal: Get Your Kicks and Your Mileage May Vary.

Each decision shows the mat of the seat whose turn it is (the eight states west to
east and the Route 66 sign, in their colours, with the bag beside it), the casino
or the gas pumps, and the exact chance that going on busts, so the player can
judge the risk.  Choices are typed in the player's words (``c``/``continue``/
``d``/``draw`` or ``s``/``stop``/``conclude`` in Get Your Kicks, ``f``/``fill`` or
``s``/``stop`` in Your Mileage May Vary) or by number.  Draws, busts, placements
and the end are explained in :mod:`roadtrip.cli.main_street.events`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from roadtrip.cli.choices import Choice, InputError
from roadtrip.cli.main_street import draw
from roadtrip.cli.main_street.events import EventsMixin, placement
from roadtrip.cli.main_street.seats import parse_seat_names
from roadtrip.core import State
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import COLORS

GYK_GO = frozenset({"c", "continue", "d", "draw"})
GYK_STOP = frozenset({"s", "stop", "conclude"})
YMMV_GO = frozenset({"f", "fill", "fill up", "fill-up", "fillup"})
YMMV_STOP = frozenset({"s", "stop"})


class MainStreetUI(EventsMixin):
    """What both games' terminal faces share; subclasses say how a turn looks."""

    input_hint = ""
    go_words: frozenset[str] = frozenset()
    stop_words: frozenset[str] = frozenset()
    go_short, stop_short = "", ""
    go_verb, stop_verb = "", ""
    other_words: frozenset[str] = frozenset()
    other_game = ""
    kicks = False

    # ------------------------------------------------------------- naming
    def name_seats(self, text: str, seats: int) -> None:
        """Name the seats from ``--names`` ('Ann+Ben,Cy': a team of two on mat 1)."""
        self.seat_names = parse_seat_names(text, seats)

    def seat_name(self, state: State, seat: int) -> str:
        return "You" if self._you(state.view(None)) else self.seat_names.name(seat)

    def _heading(self, view: dict[str, Any], seat: int) -> str:
        turn = view["turns"][seat]
        name = self.seat_names.name(seat)
        if view["players"] == 1:
            return f"Turn {turn}" if self._you(view) else f"{name} · turn {turn}"
        if view["current_seat"] != seat:  # replaying: the seat's turn is over
            return f"{name} after their turn {turn} · round {view['round']}"
        return f"{name}'s turn · their turn {turn} · round {view['round']}"

    # ------------------------------------------------------------ drawing
    def turn_lines(self, view: dict[str, Any], state: State) -> list[Text]:
        """The casino or the pumps, and the odds of busting."""
        raise NotImplementedError

    def render(self, console: Console, state: State, seat: int) -> None:
        view = state.view(None)
        solo = view["players"] == 1
        console.rule(self._heading(view, seat))
        title = "Your mat" if self._you(view) else f"{self.seat_names.possessive(seat)} mat"
        console.print(self.mat(view, seat, title))
        if state.current_player() == seat:  # a decision (not a replay's passing state)
            for line in self.turn_lines(view, state):
                console.print(line)
        if not solo:
            what = "cubes per place, points" if self.kicks else "boxes filled per place, of 25"
            console.print(f"Other mats ({what}):")
            for other in range(view["players"]):
                if other != seat:
                    console.print(draw.compact_mat(view, other, self.seat_names.name))

    # ------------------------------------------------------------ choices
    def choice_title(self, state: State, seat: int) -> str:
        view = state.view(None)
        who = "T" if self._you(view) else f"{self.seat_names.addressee(seat)}, t"
        if GO_ON not in state.legal_actions(seat):
            return f"{who}urn {view['turns'][seat]}: {self._why_only_stop(state)}"
        return f"{who}urn {view['turns'][seat]}: {self.stop_verb} or {self.go_verb}?"

    def go_label(self, view: dict[str, Any], state: State) -> str:
        raise NotImplementedError

    def stop_label(self, view: dict[str, Any], state: State) -> str:
        raise NotImplementedError

    def choices(self, state: State, seat: int) -> list[Choice]:
        view = state.view(None)
        labels = {STOP: self.stop_label, GO_ON: self.go_label}
        return [Choice(a, labels[a](view, state)) for a in state.legal_actions(seat)]

    def prompt(self, state: State, seat: int) -> str:
        who = "" if self._you(state.view(None)) else f"{self.seat_names.addressee(seat)}, "
        stop = f"{self.stop_verb} ({self.stop_short})"
        if GO_ON not in state.legal_actions(seat):
            text = f"{stop}? (or 1; q quits): "
        else:
            text = f"{stop} or {self.go_verb} ({self.go_short})? (or 1-2; q quits): "
        return who + text if who else text[0].upper() + text[1:]

    # -------------------------------------------------------------- input
    def parse(self, text: str, state: State, seat: int) -> int:
        word = " ".join(text.lower().split())
        if word in self.stop_words:
            return STOP
        if word in self.go_words:
            if GO_ON in state.legal_actions(seat):
                return GO_ON
            raise InputError(f"You cannot {self.go_verb} now: {self._why_only_stop(state)}.")
        if word in self.other_words:
            raise InputError(
                f"'{text}' is a word of {self.other_game}; in this game {self.input_hint}, "
                "or the number of a choice."
            )
        raise InputError(
            f"'{text}' is not a choice here: {self.input_hint}, or the number of a choice."
        )

    def _why_only_stop(self, state: State) -> str:
        raise NotImplementedError


class KicksUI(MainStreetUI):
    """Get Your Kicks: the casino, one cube at a time."""

    input_hint = "type c (continue: draw another cube) or s (conclude: keep the casino cubes)"
    go_words, stop_words = GYK_GO, GYK_STOP
    go_short, stop_short = "c", "s"
    go_verb, stop_verb = "continue", "conclude"
    other_words = YMMV_GO
    other_game = "Your Mileage May Vary"
    kicks = True

    def mat(self, view: dict[str, Any], seat: int, title: str) -> Any:
        return draw.kicks_mat(view, seat, title)

    def turn_lines(self, view: dict[str, Any], state: State) -> list[Text]:
        casino: list[int] = view["casino"]
        gain = sum(COLORS[c].points for c in casino)
        line = Text("Casino: ").append_text(draw.cubes_text(casino))
        cubes = "cube" if len(casino) == 1 else "cubes, all different"
        line.append(f"  ({len(casino)} {cubes}: concluding scores +{gain})")
        lines = [line]
        chance = draw.bust_chance(view)
        if chance is None:
            lines.append(Text("The bag is empty: you can only conclude."))
        else:
            held = ", ".join(f"{view['bag'][c]} {draw.colour_name(c)}" for c in casino)
            lines.append(
                Text(
                    f"Chance that the next cube busts: {draw.percent(chance, view['bag_total'])} "
                    f"(the bag holds {held} of {view['bag_total']} cubes)",
                    style="bold",
                )
            )
        return lines

    def stop_label(self, view: dict[str, Any], state: State) -> str:
        casino = view["casino"]
        gain = sum(COLORS[c].points for c in casino)
        what = "the casino cube" if len(casino) == 1 else f"the {len(casino)} casino cubes"
        return f"conclude: place {what} on the mat (+{gain} point{'s' * (gain != 1)})"

    def go_label(self, view: dict[str, Any], state: State) -> str:
        chance = draw.bust_chance(view)
        risk = "" if chance is None else f" ({draw.percent(chance, view['bag_total'])} to bust)"
        return f"continue: draw another cube{risk}"

    def _why_only_stop(self, state: State) -> str:
        return "the bag is empty, so you can only conclude"


class MileageUI(MainStreetUI):
    """Your Mileage May Vary: fill-ups of three cubes that must match the fuel."""

    input_hint = "type f (fill up again: three more cubes) or s (stop: fill the boxes)"
    go_words, stop_words = YMMV_GO, YMMV_STOP
    go_short, stop_short = "f", "s"
    go_verb, stop_verb = "fill up again", "stop"
    other_words = (GYK_GO | GYK_STOP) - YMMV_STOP
    other_game = "Get Your Kicks"

    def _refuse_short(self, state: State) -> bool:
        return state.game.options.get("short_bag") == "refuse"

    def mat(self, view: dict[str, Any], seat: int, title: str) -> Any:
        return draw.mileage_mat(view, seat, title)

    def turn_lines(self, view: dict[str, Any], state: State) -> list[Text]:
        pumps: list[int] = view["pumps"]
        fuel = list(dict.fromkeys(pumps[: draw.FILL_UP]))  # in the order drawn
        lines: list[Text] = []
        for start in range(0, len(pumps), draw.FILL_UP):
            fill = pumps[start : start + draw.FILL_UP]
            number = start // draw.FILL_UP + 1
            line = Text(f"Gas pumps, fill-up {number}: ").append_text(draw.cubes_text(fill))
            if number == 1:
                line.append(f"  → fuel colours this turn: {draw.colour_list(fuel)}", "bold")
            else:
                line.append(f"  (matches {draw.colour_list([c for c in fill if c in fuel])})")
            lines.append(line)
        size = draw.fill_up_size(view, self._refuse_short(state))
        chance = draw.miss_chance(view, size)
        if chance is None:
            lines.append(Text(f"You cannot fill up again: {self._why_only_stop(state)}."))
        else:
            lines.append(
                Text(
                    f"Chance that a fill-up of {size} has no {self._fuel_or(fuel)} cube "
                    f"(and busts): {draw.percent(chance)}",
                    style="bold",
                )
            )
        return lines

    def _fuel_or(self, fuel: list[int]) -> str:
        names = [draw.colour_name(c) for c in fuel]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]

    def stop_label(self, view: dict[str, Any], state: State) -> str:
        seat = view["current_seat"]
        placed, excess = placement(view["mats"][seat]["cubes"], view["pumps"])
        back = ""
        if excess:
            back = f"; {len(excess)} excess {'cube goes' if len(excess) == 1 else 'cubes go'} back"
        boxes = "box" if placed == 1 else "boxes"
        return f"stop: fill {placed} {boxes} with the pump cubes{back}"

    def go_label(self, view: dict[str, Any], state: State) -> str:
        size = draw.fill_up_size(view, self._refuse_short(state))
        chance = draw.miss_chance(view, size)
        risk = f" ({draw.percent(chance)} chance of no fuel colour)" if chance is not None else ""
        if size < draw.FILL_UP:
            cubes = "cube" if size == 1 else "cubes"
            return f"fill up again: draw the last {size} {cubes} in the bag{risk}"
        return f"fill up again: draw {size} more cubes{risk}"

    def _why_only_stop(self, state: State) -> str:
        total = state.view(None)["bag_total"]
        if total == 0:
            return "the bag is empty, so you can only stop"
        return (
            f"the bag holds only {total} cube{'s' if total != 1 else ''} and a fill-up "
            "needs 3 (short_bag=refuse), so you can only stop"
        )
