"""Automatic play: chance and bot seats, in bounded slices.

A match with only bots can run for tens of thousands of moves (The Open Road with
four random bots: about 50,000).  That is not an error: the coordinator plays such
a match in slices of at most ``SLICE_MOVES`` moves or ``SLICE_SECONDS`` seconds,
stores each slice, tells the clients, and hands the rest to its background runner
(a thread pool in the web app), so that no request and no event loop waits for it
and every stored prefix of the match is one the server can load again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from random import Random

from roadtrip.bots import Bot, observe
from roadtrip.core.match import Match
from roadtrip.core.state import CHANCE
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.seats import display_names
from roadtrip.server.storage import StoredMatch

# Automatic moves a request (a move, a new match) plays before it answers; the rest
# continue in the background.  Counted in moves, not seconds, so that the same
# request always answers with the same state.
INLINE_MOVES = 256
# One background slice: at most this many moves or this much time.
SLICE_MOVES = 2_000
SLICE_SECONDS = 0.05


@dataclass
class LiveMatch:
    """A match in memory: as stored, replayed, with its bots and its log.
    ``advancing``: a background slice of automatic play is scheduled; ``stand_in``:
    the bot that moves for a seat whose time ran out (made on first use)."""

    stored: StoredMatch
    match: Match
    bots: dict[int, Bot]
    log: list[LogEntry] = field(default_factory=list)
    advancing: bool = False
    stand_in: Bot | None = None


def play_automatic(
    live: LiveMatch,
    trial: Match,
    new_log: list[LogEntry],
    max_moves: int,
    max_seconds: float | None = None,
) -> bool:
    """Resolve chance and bot moves on ``trial`` until a human must act, the game
    ends, or the slice is used up.  True if automatic moves remain to be played."""
    state = trial.state
    names = display_names(live.stored.seats)
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    for moves in range(max_moves):
        if state.is_terminal():
            return False
        if deadline is not None and moves % 16 == 15 and time.perf_counter() > deadline:
            return True
        if state.is_chance_node():
            outcome = trial.sampler.draw(state, trial.chance_count())
            new_log.append(log_entry(state, CHANCE, outcome, names))
            state.apply_action(outcome)
            continue
        bot_seat = next((s for s in state.active_seats() if s in live.bots), None)
        if bot_seat is None:
            return False
        rng = Random(f"bot:{live.stored.seed}:{state.move_number()}")
        action = live.bots[bot_seat].choose(observe(state, bot_seat), rng)
        new_log.append(log_entry(state, bot_seat, action, names))
        state.apply_action(action, bot_seat)
    return needs_automatic(live, trial)


def needs_automatic(live: LiveMatch, match: Match) -> bool:
    """Whether chance or a bot must move next in ``match``."""
    state = match.state
    if state.is_terminal():
        return False
    return state.is_chance_node() or any(s in live.bots for s in state.active_seats())
