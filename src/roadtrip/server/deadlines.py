"""Turn timers at work: the running deadlines of a timed match, and the moves made
when one expires.

Each decision of a human seat in a match with a turn clock
(:mod:`roadtrip.server.turn_clock`) has a deadline: ``seconds`` after the seat
became able to act, or after its previous decision when it acts again (a turn of
several decisions gives each its own limit).  Seats that decide at the same time
(everyone on the same roll) each have their own.  A deadline is kept as an
absolute wall clock time together with how many moves the seat had made when it
began; it stays while the seat may still act and has made no move since, so a
move of another seat never restarts it.

The coordinator stores the deadlines after every change (the store's
``save_deadlines``), so that they survive a restart and the death of a process;
a copy loaded from the store keeps the stored deadlines that still apply.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from roadtrip.bots import make_bot, observe
from roadtrip.core.match import Match
from roadtrip.server.autoplay import LiveMatch
from roadtrip.server.clock_start import waiting_message
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.seats import display_names
from roadtrip.server.storage import Deadlines
from roadtrip.server.turn_clock import pass_action
from roadtrip.server.visibility import moves_by

TIMED_OUT = " (time ran out)"  # added to the log line of a move the clock made


def running_deadlines(live: LiveMatch, match: Match, now: float) -> Deadlines:
    """The deadlines of ``match`` (the copy of ``live`` after a change): the stored
    one of each human seat that may act and has not moved since it began, a new one
    ``seconds`` from ``now`` for every other human seat that may act."""
    clock = live.stored.clock
    state = match.state
    if clock is None or state.is_terminal():
        return {}
    old = live.stored.deadlines
    out: Deadlines = {}
    for seat in state.active_seats():
        if seat < 0 or live.stored.seats[seat].bot is not None:
            continue
        moves = moves_by(state, seat)
        kept = old.get(seat)
        out[seat] = kept if kept is not None and kept[1] == moves else (now + clock.seconds, moves)
    return out


def next_expiry(deadlines: Deadlines) -> float | None:
    """When the first of ``deadlines`` runs out (None: no deadline runs)."""
    return min((at for at, _ in deadlines.values()), default=None)


def due_seats(live: LiveMatch, now: float) -> list[int]:
    """The seats of ``live`` whose decision's time has run out at ``now`` (and that
    may still make that decision)."""
    state = live.match.state
    if state.is_terminal():
        return []
    active = state.active_seats()
    return sorted(
        seat
        for seat, (at, moves) in live.stored.deadlines.items()
        if at <= now and seat in active and moves_by(state, seat) == moves
    )


def play_for(live: LiveMatch, trial: Match, seats: list[int], new_log: list[LogEntry]) -> int:
    """Make the expired decisions of ``seats`` on ``trial`` (the pass where the clock
    says so and the game has one, else the stand-in bot's move), logging each as
    timed out.  Returns how many moves were made."""
    clock = live.stored.clock
    if clock is None:
        return 0
    state = trial.state
    names = display_names(live.stored.seats)
    made = 0
    for seat in seats:
        if state.is_terminal() or state.is_chance_node() or seat not in state.active_seats():
            continue
        action = pass_action(state, seat) if clock.on_expiry == "pass" else None
        if action is None:
            if live.stand_in is None:
                live.stand_in = make_bot(clock.bot, trial.game)
            rng = Random(f"timeout:{live.stored.seed}:{state.move_number()}:{seat}")
            action = live.stand_in.choose(observe(state, seat), rng)
        new_log.append(timed_out(log_entry(state, seat, action, names)))
        state.apply_action(action, seat)
        made += 1
    return made


def timed_out(entry: LogEntry) -> LogEntry:
    """``entry`` read as a move the clock made."""
    return replace(
        entry,
        texts=tuple(text + TIMED_OUT for text in entry.texts),
        sealed=entry.sealed and entry.sealed + TIMED_OUT,
    )


def clock_message(live: LiveMatch, now: float) -> dict[str, Any] | None:
    """The turn clock as every audience sees it (who must move is public): the limit,
    whether the clocks have started and whom they wait for, the server's time, and
    each running deadline with the time left."""
    clock = live.stored.clock
    if clock is None:
        return None
    return {
        **clock.to_dict(),
        **waiting_message(live),
        "server_time": now,
        "deadlines": [
            {"seat": seat, "at": at, "remaining_ms": max(0, round((at - now) * 1000))}
            for seat, (at, _) in sorted(live.stored.deadlines.items())
        ],
    }
