"""The one place where outgoing data is filtered per audience.

Every message, page and file the server sends about a match is built here from
``state.view(seat)`` of the audience's seat (None for spectators) and from action
descriptions as that seat may read them; nothing else about the state leaves the
server.  The seed (which would predict every future roll) and the full record are
released only once the match is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roadtrip.core.state import CHANCE, State
from roadtrip.server.storage import Grant, SeatSpec

LOG_LIMIT = 300  # entries of the game log sent with each state


@dataclass(frozen=True)
class LogEntry:
    """One action of the log, in words, as each viewer may read it."""

    seat: int
    texts: tuple[str, ...]  # index 0: spectators; index s + 1: seat s

    def text_for(self, viewer: int | None) -> str:
        return self.texts[0 if viewer is None else viewer + 1]


def log_entry(state: State, seat: int, action: int, seats: list[SeatSpec]) -> LogEntry:
    """Describe ``action`` (about to be applied to ``state``) for every viewer."""
    who = "Chance" if seat == CHANCE else seats[seat].name
    viewers: list[int | None] = [None, *range(state.num_players())]
    if state.game.info.perfect_information:
        text = f"{who}: {state.describe_action(action, seat, None)}"
        return LogEntry(seat, tuple(text for _ in viewers))
    return LogEntry(
        seat, tuple(f"{who}: {state.describe_action(action, seat, v)}" for v in viewers)
    )


def moves_by(state: State, seat: int) -> int:
    """How many decisions ``seat`` has made (a client echoes it to spot repeats)."""
    return sum(1 for s, _ in state.history() if s == seat)


def acting_seat(state: State, grant: Grant) -> int | None:
    """Whose eyes an audience sees through: its seat; for a hot-seat grant the first
    of its seats that must act now (else its first seat); None for spectators."""
    if grant.is_spectator:
        return None
    if len(grant.seats) == 1:
        return grant.seats[0]
    active = state.active_seats()
    for seat in grant.seats:
        if seat in active:
            return seat
    return grant.seats[0]


def state_message(
    *,
    match_id: str,
    state: State,
    grant: Grant,
    seats: list[SeatSpec],
    log: list[LogEntry],
    connected: set[int] | None = None,
) -> dict[str, Any]:
    """The state of a match as ``grant`` may see it."""
    seat = acting_seat(state, grant)
    active = state.active_seats()
    choices = (
        [{"action": a, "label": state.action_to_string(a, seat)} for a in state.legal_actions(seat)]
        if seat is not None and seat in active
        else []
    )
    terminal = state.is_terminal()
    return {
        "type": "state",
        "match": match_id,
        "game": state.game.id,
        "game_name": state.game.info.name,
        "perfect_information": state.game.info.perfect_information,
        "options": dict(state.game.options),
        "seat": seat,
        "my_seats": list(grant.seats),
        "spectator": grant.is_spectator,
        "players": [
            {
                "seat": i,
                "name": spec.name,
                "bot": spec.bot,
                "online": spec.bot is not None or (connected is not None and i in connected),
            }
            for i, spec in enumerate(seats)
        ],
        "version": state.move_number(),
        "my_moves": moves_by(state, seat) if seat is not None else 0,
        "active_seats": list(active),
        "view": state.view(seat),
        "choices": choices,
        "log": [entry.text_for(seat) for entry in log[-LOG_LIMIT:]],
        "log_start": max(0, len(log) - LOG_LIMIT),
        "finished": terminal,
        "returns": state.returns() if terminal else None,
    }


def replay_step_message(
    *, match_id: str, state: State, step: int, total: int, grant: Grant, log: list[LogEntry]
) -> dict[str, Any]:
    """The state after ``step`` actions of a match, as ``grant`` may see it."""
    viewer = None if grant.is_spectator else grant.seats[0]
    return {
        "type": "replay_step",
        "match": match_id,
        "step": step,
        "steps": total,
        "text": log[step - 1].text_for(viewer) if step > 0 else "Start of the match",
        "view": state.view(viewer),
    }


def replay_log(log: list[LogEntry], grant: Grant) -> list[str]:
    viewer = None if grant.is_spectator else grant.seats[0]
    return [entry.text_for(viewer) for entry in log]
