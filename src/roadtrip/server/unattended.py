"""The coordinator's part that plays on when nobody waits: bots and chance.

:class:`UnattendedPlay` is a base of :class:`roadtrip.server.coordinator.Coordinator`.
After a change, :meth:`UnattendedPlay._continue` plays a few automatic moves inline
(a request answers with the same state every time), then hands the rest to the
background runner in bounded slices (:mod:`roadtrip.server.autoplay`), each one
stored and announced before the next is scheduled.  Bots that think are asked of
the thinker (the web app: its bot processes) from a job of the think runner,
outside the match's lock; the decision is played by the next slice if the match is
still where it was asked.  The several-process coordinator
(:mod:`roadtrip.server.cluster_play`) overrides these steps to run them under a
lease.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from concurrent.futures import Future
from functools import partial
from typing import Any

from roadtrip.core.match import Match
from roadtrip.server.autoplay import (
    SLICE_MOVES,
    SLICE_SECONDS,
    LiveMatch,
    Thought,
    needs_automatic,
    play_automatic,
    play_thought,
    thinker_next,
)
from roadtrip.server.coordinator_base import CoordinatorBase
from roadtrip.server.gamelog import LogEntry
from roadtrip.server.http_guards import CLIENT

logger = logging.getLogger("roadtrip.server")
MAX_CLIENTS_KEPT = 4096  # matches whose client address is remembered


class UnattendedPlay(CoordinatorBase):
    """Automatic play of the coordinator's matches (see above)."""

    _clients: OrderedDict[str, str]  # match id -> its client's address, newest last

    def _slice(
        self,
        live: LiveMatch,
        max_moves: int,
        max_seconds: float | None,
        thought: Thought | None = None,
    ) -> bool:
        """Play, store and announce one slice of automatic moves (``thought`` first,
        if it still fits); True if more remain."""
        start = len(live.match.state.history())
        trial = Match(live.match.game, live.match.seed, live.match.state.clone())
        new_log: list[LogEntry] = []
        if thought is not None:
            play_thought(live, trial, new_log, thought)
        more = play_automatic(
            live, trial, new_log, max_moves, max_seconds, stop_at_thinker=self._thinks_elsewhere()
        )
        self._commit(live, trial, new_log, start)
        return more

    def _thinks_elsewhere(self) -> bool:
        """Whether bots that think are played by the thinker (never inline)."""
        return self.thinker is not None

    def _waits_for_thinker(self, live: LiveMatch) -> bool:
        """Whether ``live`` waits for a thinking bot that only the thinker plays."""
        return self.thinker is not None and thinker_next(live, live.match) is not None

    def _schedule(self, match_id: str) -> bool:
        """Hand the next piece of a match's automatic play to a runner: a thinking
        bot's decision to the think runner, anything else to the background runner.
        False when there is no runner (the app is stopping)."""
        live = self._live.peek(match_id)
        if live is not None and self._waits_for_thinker(live):
            think_runner = self.think_runner
            if think_runner is None:
                return False
            think_runner(partial(self._think_step, match_id))
            return True
        if self.background is None:
            return False
        self.background(partial(self._background_slice, match_id))
        return True

    def _think_step(self, match_id: str) -> None:
        """A thinking bot's decision, on the think runner: read the state under the
        match's lock, wait for the thinker outside it, then play the decision in a
        background slice (which drops it if the match moved on meanwhile).  A
        thinker with ``choose_later`` (the bot pool) is not waited for here: the
        slice is scheduled when its answer comes, so no thread waits for a lane."""
        thought = None
        try:
            with self._live.lock(match_id):
                self._fresh(match_id)
                live = self.live(match_id)
                seat = thinker_next(live, live.match)
                state = live.match.state.clone()
            bot = live.stored.seats[seat].bot if seat is not None else None
            if seat is not None and bot is not None and self.thinker is not None:
                version = state.move_number()
                rng_seed = f"bot:{live.stored.seed}:{version}"
                later = getattr(self.thinker, "choose_later", None)
                if later is not None:
                    client = self.client_of(match_id)
                    future = later(match_id, state, seat, bot, rng_seed, client)
                    future.add_done_callback(partial(self._thought_came, match_id, seat, version))
                    return
                action = self.thinker.choose(match_id, state, seat, bot, rng_seed)
                thought = Thought(seat, action, version)
        except Exception:  # the slice below meets the same trouble and handles it
            logger.exception("thinking in match %s failed", match_id)
        self._background_slice(match_id, thought)

    def _thought_came(self, match_id: str, seat: int, version: int, future: Future[Any]) -> None:
        """The pool answered (on its lane's thread: only schedule here).  The pool
        stopping leaves the match to resume on the next start."""
        if future.exception() is not None or match_id in self._broken:
            return  # stopping, or set aside meanwhile (its queued thought was dropped)
        background = self.background
        if background is not None:
            thought = Thought(seat, future.result(), version)
            background(partial(self._background_slice, match_id, thought))

    def client_of(self, match_id: str) -> str | None:
        """The address whose move or new match this match's automatic play serves
        (None: unknown, e.g. after a restart; the match is its own client)."""
        return self._clients.get(match_id)

    def note_client(self, match_id: str) -> None:
        """Remember the address of the request being served (if any) as the client
        of ``match_id``'s thinking (:data:`roadtrip.server.http_guards.CLIENT`)."""
        address = CLIENT.get()
        if address is None:
            return
        self._clients[match_id] = address
        self._clients.move_to_end(match_id)
        while len(self._clients) > MAX_CLIENTS_KEPT:
            self._clients.popitem(last=False)

    def forget_thinking(self, match_id: str) -> None:
        """The sweep forgot ``match_id``: drop its queued thinking and its client (kept
        for every match ever created, they pinned the freed matches' memory; a
        later request that plays it notes its client again)."""
        self.drop_thinking(match_id)
        self._clients.pop(match_id, None)

    def drop_thinking(self, match_id: str) -> None:
        """Drop the queued thinking of a match nobody needs it for any more."""
        drop = getattr(self.thinker, "drop", None)
        if drop is not None:
            drop(match_id)

    def _fresh(self, match_id: str) -> None:
        """Bring the copy of ``match_id`` up to date (one process: it always is)."""

    def _continue(self, live: LiveMatch, inline_moves: int) -> None:
        """After a change (the caller holds the match lock): play ``inline_moves``
        automatic moves now, then leave the rest to the background runner; without
        one, play on now until a human must act or the match ends."""
        more = self._slice(live, inline_moves, None) if inline_moves else True
        if self.background is None:
            # (a thinking bot without a runner: the match waits for the next start)
            while more and not self._waits_for_thinker(live):
                more = self._slice(live, SLICE_MOVES, None)
        elif more and needs_automatic(live, live.match) and not live.advancing:
            live.advancing = True
            self._schedule(live.stored.id)

    def _background_slice(self, match_id: str, thought: Thought | None = None) -> None:
        """One slice of a match's automatic play (``thought`` first), run by the
        background runner; it schedules the next until a human must act or the
        match ends."""
        try:
            with self._live.lock(match_id):
                live = self.live(match_id)
                more = self._slice(live, SLICE_MOVES, SLICE_SECONDS, thought)
                live.advancing = more
        except Exception as exc:  # logged; the other matches go on
            self._set_aside(match_id, exc)
            return
        if more and not self._schedule(match_id):
            live.advancing = False
