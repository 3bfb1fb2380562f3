"""The game log in words: one entry per action, read per viewer, and the lines shown.

Each action is described once per viewer (spectators and every seat) with the
players' display names filled into the game's mentions (``roadtrip.core.mention``).
The live page shows these entries as lines, with one change: in a game with
hidden information, a run of chance draws that others see only as "Ben draws a
card" becomes one line per seat ("Ben draws 5 cards"; the owner's line names the
cards).  The grouping reads only the words, so it knows no game: a line groups
when its spectator text reads "<name> draws|is dealt a/an <thing>", the same for
every draw of the run.  The replay keeps one entry per action (its steps).

A decision made while several seats decide at once (``State.simultaneous_from``)
reads "<name>: has chosen" to every other seat and to spectators until every seat
has chosen; the entries are sealed when read, so all are revealed together the
moment the last seat chooses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from roadtrip.core.state import CHANCE, State

CHANCE_PREFIX = "Chance: "
_DRAW = re.compile(r"^(?P<who>.+?) (?P<verb>draws|is dealt) (?P<what>.+)$")


@dataclass(frozen=True)
class LogEntry:
    """One action of the log, in words, as each viewer may read it."""

    seat: int
    texts: tuple[str, ...]  # index 0: spectators; index s + 1: seat s
    sealed: str = ""  # a decision as others read it while it is not revealed yet

    def text_for(self, viewer: int | None) -> str:
        return self.texts[0 if viewer is None else viewer + 1]

    def read_by(self, viewer: int | None, *, revealed: bool = True) -> str:
        """The entry as ``viewer`` reads it; a decision not ``revealed`` yet reads
        "has chosen" to everyone but the seat that made it."""
        if not revealed and self.seat != CHANCE and viewer != self.seat:
            return self.sealed
        return self.text_for(viewer)


def revealed(log: list[LogEntry], sealed_from: int | None) -> list[bool]:
    """Which entries every viewer may read in full: all but the decisions from
    ``sealed_from`` on (``state.simultaneous_from()``: a simultaneous decision
    under way)."""
    start = len(log) if sealed_from is None else sealed_from
    return [index < start for index in range(len(log))]


def log_entry(state: State, seat: int, action: int, names: list[str]) -> LogEntry:
    """Describe ``action`` (about to be applied to ``state``) for every viewer, the
    seats it mentions called by ``names``."""
    who = "Chance" if seat == CHANCE else names[seat]
    sealed = "" if seat == CHANCE else f"{who}: has chosen"
    viewers: list[int | None] = [None, *range(state.num_players())]
    if state.game.info.perfect_information:
        text = f"{who}: {state.describe_action(action, seat, None, names=names)}"
        return LogEntry(seat, tuple(text for _ in viewers), sealed)
    return LogEntry(
        seat,
        tuple(f"{who}: {state.describe_action(action, seat, v, names=names)}" for v in viewers),
        sealed,
    )


def _hidden_draw(entry: LogEntry) -> tuple[str, str, str] | None:
    """(who, verb, thing) of a chance draw whose thing others do not see, else None."""
    if entry.seat != CHANCE or not entry.texts[0].startswith(CHANCE_PREFIX):
        return None
    found = _DRAW.match(entry.texts[0][len(CHANCE_PREFIX) :])
    if found is None or not re.match(r"^an? \S", found["what"]):
        return None
    return found["who"], found["verb"], found["what"]


def _plural(thing: str, count: int) -> str:
    """ "a card", 5 -> "5 cards"; "a rally point card", 4 -> "4 rally point cards"."""
    words = thing.split(" ", 1)[1]
    if not words.endswith("s"):
        words += "s"
    return f"{count} {words}"


def _group_line(run: list[LogEntry], viewer: int | None) -> str:
    who, verb, thing = _hidden_draw(run[0]) or ("", "", "")
    if len(run) == 1:
        return run[0].text_for(viewer)
    head = f"{CHANCE_PREFIX}{who} {verb} "
    seen = [
        e.text_for(viewer)[len(head) :] if e.text_for(viewer).startswith(head) else "" for e in run
    ]
    line = f"{head}{_plural(thing, len(run))}"
    if any(s != thing for s in seen) and all(seen):
        line += ": " + ", ".join(seen)
    return line


def log_lines(
    log: list[LogEntry],
    viewer: int | None,
    *,
    group_draws: bool,
    sealed_from: int | None = None,
) -> list[str]:
    """The log as ``viewer`` reads it on the live page (see the module docstring);
    ``sealed_from``: the state's ``simultaneous_from()``."""
    shown = revealed(log, sealed_from)
    if not group_draws:
        return [entry.read_by(viewer, revealed=ok) for entry, ok in zip(log, shown, strict=True)]
    lines: list[str] = []
    index = 0
    while index < len(log):
        if _hidden_draw(log[index]) is None:
            lines.append(log[index].read_by(viewer, revealed=shown[index]))
            index += 1
            continue
        # A run of hidden draws: one line per (who, verb, thing), in order of first draw.
        groups: dict[tuple[str, str, str], list[LogEntry]] = {}
        while index < len(log) and (key := _hidden_draw(log[index])) is not None:
            groups.setdefault(key, []).append(log[index])
            index += 1
        lines.extend(_group_line(run, viewer) for run in groups.values())
    return lines
