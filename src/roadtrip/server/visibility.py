"""The one place where outgoing data is filtered per audience.

Every message, page and file the server sends about a match is built here from
``state.view(seat)`` of the audience's seat (None for spectators) and from action
descriptions as that seat may read them; nothing else about the state leaves the
server.  The seed (which would predict every future roll) and the full record are
released only once the match is over.  A decision made while several seats decide
at once reads "has chosen" to every other audience until all have chosen (the views
hide it themselves; the log is sealed here, ``gamelog.revealed``), in the live state,
the replay's log and its steps alike.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from roadtrip.core.state import State
from roadtrip.server.gamelog import LogEntry, log_lines, revealed
from roadtrip.server.live_reads import LiveReads
from roadtrip.server.seats import display_names, players_of
from roadtrip.server.storage import Grant, SeatSpec

LOG_LIMIT = 300  # lines of the game log sent with each state

SeatView = tuple[Any, list[dict[str, Any]]]  # a seat's view of a state, and its choices


class SeatViews:
    """The view and choices of each seat for one state of a live match, each built
    once: every audience of a seat (its pages, its pages on every sync, a hot-seat
    grant, the spectators) reads the same, and ``state.view`` is the costliest part
    of a message.  Keyed by the state object itself: the coordinator never changes
    a live state, it swaps in a new one (``Coordinator._commit``), which starts
    afresh.  The log is not kept here: it grows after the swap."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state: State | None = None
        self._seats: dict[int | None, SeatView] = {}

    def get(self, state: State, seat: int | None, build: Callable[[], SeatView]) -> SeatView:
        with self._lock:
            if self._state is not state:
                self._state, self._seats = state, {}
            found = self._seats.get(seat)
        if found is None:
            found = build()
            with self._lock:
                if self._state is state:
                    self._seats[seat] = found
        return found


def moves_by(state: State, seat: int) -> int:
    """How many decisions ``seat`` has made (a client echoes it to spot repeats)."""
    return sum(1 for s, _ in state.history() if s == seat)


def acting_seat(state: State, grant: Grant) -> int | None:
    """Whose eyes an audience sees through: its seat; for a hot-seat grant the first
    of its seats that must act now (else its first seat); None for spectators."""
    if grant.is_spectator:
        return None
    if len(grant.seats) == 1:
        return grant.seats[0]  # (without asking the state)
    return grant.seat_to_act(state.active_seats())


def state_message(
    *,
    match_id: str,
    state: State,
    grant: Grant,
    seats: list[SeatSpec],
    log: list[LogEntry],
    connected: set[int] | None = None,
    reads: LiveReads | None = None,
    views: SeatViews | None = None,
) -> dict[str, Any]:
    """The state of a match as ``grant`` may see it.  ``reads``: the live match's
    counts, so that the log's tail and ``my_moves`` cost the same at any length;
    ``views``: its views of this state per seat (the same answers as without)."""
    seat = acting_seat(state, grant)
    active = state.active_seats()

    def build() -> SeatView:
        names = display_names(seats)
        choices = (
            [
                {"action": a, "label": state.action_to_string(a, seat, names=names)}
                for a in state.legal_actions(seat)
            ]
            if seat is not None and seat in active
            else []
        )
        return state.view(seat), choices

    view, choices = build() if views is None else views.get(state, seat, build)
    terminal = state.is_terminal()
    group = not state.game.info.perfect_information
    sealed = state.simultaneous_from()  # a simultaneous decision under way
    if reads is None:
        lines = log_lines(log, seat, group_draws=group, sealed_from=sealed)
        shown, start = lines[-LOG_LIMIT:], max(0, len(lines) - LOG_LIMIT)
        my_moves = moves_by(state, seat) if seat is not None else 0
    else:
        shown, start = reads.log_tail(
            log, seat, group_draws=group, limit=LOG_LIMIT, sealed_from=sealed
        )
        my_moves = reads.moves_by(state, seat) if seat is not None else 0
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
        "players": players_of(seats, connected, state.game.id),
        "version": state.move_number(),
        "my_moves": my_moves,
        "active_seats": list(active),
        "view": view,
        "choices": choices,
        "log": shown,
        "log_start": start,
        "finished": terminal,
        "returns": state.returns() if terminal else None,
    }


def replay_step_message(
    *,
    match_id: str,
    state: State,
    step: int,
    total: int,
    grant: Grant,
    log: list[LogEntry],
    sealed_from: int | None = None,
) -> dict[str, Any]:
    """The state after ``step`` actions of a match, as ``grant`` may see it
    (``sealed_from``: the live state's ``simultaneous_from()``)."""
    viewer = None if grant.is_spectator else grant.seats[0]
    shown = revealed(log, sealed_from)
    return {
        "type": "replay_step",
        "match": match_id,
        "step": step,
        "steps": total,
        "text": log[step - 1].read_by(viewer, revealed=shown[step - 1])
        if step > 0
        else "Start of the match",
        "view": state.view(viewer),
    }


def replay_log(log: list[LogEntry], grant: Grant, sealed_from: int | None = None) -> list[str]:
    """Every entry as ``grant`` reads it (``sealed_from``: the live state's
    ``simultaneous_from()``: a pending choice of another seat reads "has chosen")."""
    viewer = None if grant.is_spectator else grant.seats[0]
    shown = revealed(log, sealed_from)
    return [entry.read_by(viewer, revealed=ok) for entry, ok in zip(log, shown, strict=True)]
