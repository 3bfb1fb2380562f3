"""Automatic play: chance and bot seats, in bounded slices.

A match with only bots can run for tens of thousands of moves (The Open Road with
four random bots: about 50,000).  That is not an error: the coordinator plays such
a match in slices of at most ``SLICE_MOVES`` moves or ``SLICE_SECONDS`` seconds,
stores each slice, tells the clients, and hands the rest to its background runner
(a thread pool in the web app), so that no request and no event loop waits for it
and every stored prefix of the match is one the server can load again.

Bots that think (:func:`roadtrip.bots.bot_thinks`) are played elsewhere when the
coordinator has a bot pool: automatic play then stops before such a bot's turn
(``stop_at_thinker``), the decision is computed in a bot process, outside the
match's lock, and comes back as a :class:`Thought`, which the next slice plays
first if the match is still where it was asked (else it is asked again).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from random import Random

from roadtrip.bots import Bot, bot_names, make_bot, observe
from roadtrip.core.checkpoints import Checkpoints
from roadtrip.core.match import Match
from roadtrip.core.state import CHANCE, State
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.live_reads import LiveReads
from roadtrip.server.seats import display_names
from roadtrip.server.storage import StoredMatch
from roadtrip.server.visibility import SeatViews

# Automatic moves a request (a move, a new match) plays before it answers; the rest
# continue in the background.  Counted in moves, not seconds, so that the same
# request always answers with the same state.
INLINE_MOVES = 256
# One background slice: at most this many moves or this much time.
SLICE_MOVES = 2_000
SLICE_SECONDS = 0.05
# The bot that moves for a thinking bot whose process could not answer in time:
# the first of these the game has.
FALLBACK_BOTS = ("heuristic", "greedy", "push-your-luck", "random")


@dataclass
class LiveMatch:
    """A match in memory: as stored, replayed, with its bots and its log.
    ``advancing``: a background slice of automatic play is scheduled; ``stand_in``:
    the bot that moves for a seat whose time ran out (made on first use).
    ``checkpoints`` (made when the match is loaded) and ``record_text`` (the
    finished match's record as downloaded, made on first download) make replay
    steps and record downloads of a long match cheap; both go with the match when
    the live cache forgets it."""

    stored: StoredMatch
    match: Match
    bots: dict[int, Bot]
    log: list[LogEntry] = field(default_factory=list)
    advancing: bool = False
    stand_in: Bot | None = None
    thinking: frozenset[int] = frozenset()  # seats whose bots think (bot_thinks)
    checkpoints: Checkpoints | None = None
    record_text: str | None = None
    reads: LiveReads = field(default_factory=LiveReads)  # for its state messages
    views: SeatViews = field(default_factory=SeatViews)  # the same


@dataclass(frozen=True)
class Thought:
    """A thinking bot's decision, computed for the state at move ``version``;
    ``action`` None: its process could not answer, a fallback bot moves."""

    seat: int
    action: int | None
    version: int


def play_automatic(
    live: LiveMatch,
    trial: Match,
    new_log: list[LogEntry],
    max_moves: int,
    max_seconds: float | None = None,
    *,
    stop_at_thinker: bool = False,
) -> bool:
    """Resolve chance and bot moves on ``trial`` until a human must act, the game
    ends, or the slice is used up (``stop_at_thinker``: or a bot that thinks must
    move).  True if automatic moves remain to be played."""
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
        if stop_at_thinker and bot_seat in live.thinking:
            return True
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


def thinker_next(live: LiveMatch, match: Match) -> int | None:
    """The seat of the thinking bot that must move next in ``match``, if one must
    (the seat :func:`play_automatic` would let move)."""
    state = match.state
    if state.is_terminal() or state.is_chance_node():
        return None
    seat = next((s for s in state.active_seats() if s in live.bots), None)
    return seat if seat is not None and seat in live.thinking else None


def play_thought(live: LiveMatch, trial: Match, new_log: list[LogEntry], thought: Thought) -> bool:
    """Play ``thought`` first on ``trial`` if the match is still where it was asked
    and that bot must move; an action the rules refuse (or none) is replaced by the
    fallback bot's.  False when the thought no longer fits (it is dropped)."""
    state = trial.state
    if state.move_number() != thought.version or thinker_next(live, trial) != thought.seat:
        return False
    legal = state.legal_actions(thought.seat)
    action = thought.action
    if action is None or action not in legal:
        action = fallback_choice(state, thought.seat, live.stored.seed)
    new_log.append(log_entry(state, thought.seat, action, display_names(live.stored.seats)))
    state.apply_action(action, thought.seat)
    return True


def fallback_choice(state: State, seat: int, seed: int) -> int:
    """The fallback bot's choice for ``seat`` (see ``FALLBACK_BOTS``)."""
    available = set(bot_names(state.game.id))
    name = next(n for n in FALLBACK_BOTS if n in available)
    rng = Random(f"fallback:{seed}:{state.move_number()}")
    return make_bot(name, state.game).choose(observe(state, seat), rng)
