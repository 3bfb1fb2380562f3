"""America's Main Street's automatic events in words, and the result.

Every cube drawn is told ("You draw a red cube (Arizona)"), and so is what follows
from it: a bust in the casino ("Red again! The casino busts: 3 cubes go back into
the bag"), a fill-up and whether it matches the fuel colours, the cubes placed on
a mat (and the excess that goes back), the end of the game and why, and whose turn
comes next.  The result names the winners (ties share the win) and, in solo, the
number of turns.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from roadtrip.cli.main_street import draw
from roadtrip.cli.main_street.seats import SeatNames
from roadtrip.core import CHANCE, State
from roadtrip.games.main_street.base import (
    END_COMPLETE,
    END_MAX_ROUNDS,
    END_SIX_BLACK,
    STOP,
    article,
)
from roadtrip.games.main_street.data import BLACK, BOXES, COLORS

SIX_BLACK = 6


def placement(cubes: list[int], pumps: list[int]) -> tuple[int, list[int]]:
    """Your Mileage May Vary: how many pump cubes fill a box, and the excess cubes."""
    mat = list(cubes)
    placed, excess = 0, []
    for cube in pumps:
        if mat[cube] < BOXES[cube]:
            mat[cube] += 1
            placed += 1
        else:
            excess.append(cube)
    return placed, excess


def _cubes(count: int) -> str:
    return f"{count} cube" if count == 1 else f"{count} cubes"


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _on(color: int) -> str:
    place = COLORS[color].place
    return f"on the {place}" if color == BLACK else f"on {place}"


class _Words:
    """How to speak of the seat whose turn it is: 'You draw', 'Player 2 draws' or,
    for a team sharing the mat, 'Ann & Ben draw'."""

    def __init__(self, you: bool, name: str, plural: bool) -> None:
        self.plural = you or plural
        self.who = "You" if you else name
        self.your = "your" if you else f"{name}'s"

    def verb(self, word: str) -> str:
        return word if self.plural else word + "s"


class EventsMixin:
    """``explain`` and ``render_result`` for both games, in the seats' names."""

    seat_names: SeatNames = SeatNames()

    def _you(self, view: dict[str, Any]) -> bool:
        """Speak to the player as 'you': a solo game by an unnamed player."""
        return bool(view["players"] == 1) and not self.seat_names.named(0)

    def _words(self, view: dict[str, Any], seat: int) -> _Words:
        names = self.seat_names
        return _Words(self._you(view), names.name(seat), names.team(seat))

    def _names(self, view: dict[str, Any], seats: list[int]) -> str:
        if self._you(view):
            return "you"
        return _join([self.seat_names.name(s) for s in seats])

    def _has(self, view: dict[str, Any], seats: list[int]) -> str:
        plural = self._you(view) or len(seats) > 1 or self.seat_names.team(seats[0])
        return "have" if plural else "has"

    def mat(self, view: dict[str, Any], seat: int, title: str) -> Any:
        """The Rich drawing of ``seat``'s mat."""
        raise NotImplementedError

    # ------------------------------------------------------------- events
    def explain(self, before: State, seat: int, action: int, after: State) -> list[str]:
        old, new = before.view(None), after.view(None)
        mover = old["current_seat"]
        if mover is None:
            return []
        words = self._words(old, mover)
        kicks = old["game"] == "get-your-kicks"
        events: list[str] = []
        if seat == CHANCE:
            color = COLORS[action]
            name = color.name.lower()
            events.append(
                f"{words.who} {words.verb('draw')} {article(name)} {name} cube ({color.place})"
            )
            bust = new["busts"][mover] > old["busts"][mover]
            if kicks and bust:
                events.append(
                    f"{color.name} again! The casino busts: "
                    f"{_cubes(len(new['last_bust']))} go back into the bag."
                )
            elif not kicks and old["cubes_to_draw"] == 1:
                events.append(self._fill_up(old, new, action, words, bust))
        elif action == STOP:
            events.append(self._kicks_stop(old, new, words) if kicks else self._stop(old, words))
        elif not kicks:
            number = old["fill_ups"] + 1
            events.append(f"{words.who} {words.verb('fill')} up again (fill-up {number}).")
        return events + self._what_next(old, new)

    def _fill_up(
        self, old: dict[str, Any], new: dict[str, Any], action: int, words: _Words, bust: bool
    ) -> str:
        fill = [*old["pumps"][old["fill_start"] :], action]
        number = old["fill_ups"] + 1
        drawn = ", ".join(draw.colour_name(c) for c in fill)
        fuel: list[int] = old["fuel"]
        if number == 1:
            return (
                f"Fill-up 1: {drawn}. {words.your.capitalize()} fuel colours this turn: "
                f"{draw.colour_list(fill)}."
            )
        if bust:
            return (
                f"Fill-up {number}: {drawn}. No cube matches {words.your} fuel colours "
                f"{draw.colour_list(fuel)}: all {_cubes(len(new['last_bust']))} "
                "go back into the bag."
            )
        matched = list(dict.fromkeys(c for c in fill if c in fuel))
        verb = "matches" if len(matched) == 1 else "match"
        return (
            f"Fill-up {number}: {drawn}. {draw.colour_list(matched).capitalize()} {verb} "
            f"{words.your} fuel: "
            f"{_cubes(len(old['pumps']) + 1)} on the pumps."
        )

    def _kicks_stop(self, old: dict[str, Any], new: dict[str, Any], words: _Words) -> str:
        casino: list[int] = old["casino"]
        gain = sum(COLORS[c].points for c in casino)
        where = ", ".join(f"{draw.colour_name(c)} {_on(c)}" for c in casino)
        total = new["mats"][old["current_seat"]]["points"]
        return (
            f"{words.who} {words.verb('conclude')}: {_cubes(len(casino))} placed: {where} "
            f"(+{gain} point{'s' * (gain != 1)}, {total} in all)."
        )

    def _stop(self, old: dict[str, Any], words: _Words) -> str:
        mat = old["mats"][old["current_seat"]]
        placed, excess = placement(mat["cubes"], old["pumps"])
        text = f"{words.who} {words.verb('stop')}: {_cubes(placed)} placed"
        if len(set(excess)) == 1:
            name = draw.colour_name(excess[0])
            verb = "returns" if len(excess) == 1 else "return"
            text += f"; {len(excess)} excess {name} cube{'s' * (len(excess) > 1)} {verb}"
            text += " to the bag"
        elif excess:
            text += f"; {len(excess)} excess cubes ({draw.colour_list(excess)}) return to the bag"
        filled = mat["boxes_filled"] + placed
        return f"{text} ({filled} of {mat['boxes_total']} boxes filled)."

    def _what_next(self, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
        solo = new["players"] == 1
        events: list[str] = []
        trigger = new["trigger"]
        if trigger is not None and old["trigger"] is None and new["ended"] is None:
            reason = self._reason(new, [trigger])
            last = self.seat_names.possessive(new["players"] - 1)
            events.append(
                f"{self._names(new, [trigger])} {reason}: the game ends when this round is "
                f"over (after {last} turn)."
            )
        if new["ended"] is not None and old["ended"] is None:
            events.append(f"The game is over: {self._ending(new)}.")
        elif sum(new["turns"]) > sum(old["turns"]):
            seat = new["current_seat"]
            if solo:
                events.append(f"Turn {new['turns'][seat]} begins.")
            else:
                whose = self.seat_names.possessive(seat)
                events.append(f"{whose} turn (their turn {new['turns'][seat]}).")
        return events

    # ------------------------------------------------------------- ending
    def _complete(self, view: dict[str, Any], seat: int) -> bool:
        mat = view["mats"][seat]
        if view["game"] == "get-your-kicks":
            return all(mat["cubes"])
        return bool(mat["boxes_filled"] == mat["boxes_total"])

    def _reason(self, view: dict[str, Any], seats: list[int]) -> str:
        has = self._has(view, seats)
        if all(self._complete(view, s) for s in seats):
            if view["game"] == "get-your-kicks":
                return f"{has} a cube on all eight states and the Route 66 sign"
            return f"{has} filled all {draw.TOTAL_BOXES} boxes"
        return f"{has} six black cubes on the Route 66 sign"

    def _ending(self, view: dict[str, Any]) -> str:
        seats = range(view["players"])
        solo = view["players"] == 1
        if view["ended"] == END_COMPLETE:
            done = [s for s in seats if self._complete(view, s)]
        elif view["ended"] == END_SIX_BLACK:
            done = [s for s in seats if view["mats"][s]["cubes"][BLACK] >= SIX_BLACK]
        elif view["ended"] == END_MAX_ROUNDS:
            rounds = int(view["round"])
            what = "turn" if solo else "round"
            return f"the match was cut off after {rounds} {what}{'s' * (rounds != 1)} (max_rounds)"
        else:
            return "the bag is empty, so no turn can start"
        return f"{self._names(view, done)} {self._reason(view, done)}"

    # ------------------------------------------------------------- result
    def render_result(self, console: Console, state: State) -> None:
        view = state.view(None)
        finished = state.is_terminal()
        if view["players"] == 1:
            title = "Your mat" if self._you(view) else f"{self.seat_names.possessive(0)} mat"
            console.print(self.mat(view, 0, title))
        else:
            title = "Final table" if finished else "Standing so far"
            console.print(draw.final_table(view, title, self.seat_names.name))
        if not finished:
            console.print("[bold]The game is not finished.[/]")
            return
        console.print(f"The game ended: {escape(self._ending(view))}.")
        if view["players"] == 1:
            self._solo_verdict(console, state, view)
        else:
            self._winners(console, view)

    def _solo_verdict(self, console: Console, state: State, view: dict[str, Any]) -> None:
        count = view["turns"][0]
        turns = f"{count} turn" if count == 1 else f"{count} turns"
        mat = view["mats"][0]
        won = view["winners"] == [0]
        kicks = view["game"] == "get-your-kicks"
        score = f"{mat['points']} points" if kicks else f"{mat['boxes_filled']} of 25 boxes"
        if view["ended"] == END_SIX_BLACK:
            option = state.game.options.get("solo_six_black", "loss")
            missing = [COLORS[c].place for c in draw.PLACES if not mat["cubes"][c]]
            console.print(
                f"It ended by six black cubes after {turns}: with "
                f"solo_six_black={option} that counts as a {'win' if won else 'loss'}"
                + ("." if won else f" (no cube yet on {', '.join(missing)}).")
            )
        if won:
            who = "You win" if self._you(view) else f"{escape(self.seat_names.name(0))} win"
            if not self._you(view) and not self.seat_names.team(0):
                who += "s"
            console.print(f"[bold green]{who} in {turns} ({score}).[/]")
        else:
            console.print(f"[bold red]Not a win this time: {turns}, {score}.[/]")

    def _winners(self, console: Console, view: dict[str, Any]) -> None:
        winners: list[int] = view["winners"]
        if not winners:
            console.print("[bold red]Nobody wins.[/]")
            return
        names = escape(self._names(view, winners))
        mat = view["mats"][winners[0]]
        if view["game"] == "get-your-kicks":
            score, each = f"{mat['points']} points", f"{mat['points']} points each"
        else:
            score = f"{mat['boxes_filled']} of {mat['boxes_total']} boxes filled"
            each = score + " each"
        if len(winners) == 1:
            verb = "win" if self.seat_names.team(winners[0]) else "wins"
            console.print(f"[bold green]{names} {verb} with {score}![/]")
        else:
            console.print(f"[bold green]Shared win: {names} tie with {each}.[/]")
