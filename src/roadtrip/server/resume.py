"""Resuming unfinished matches after a start: at once, lazily and in the background.

A server that stopped leaves unfinished matches, some of them waiting for a bot or
chance (an all-bot match in the middle, a bot whose reply was not stored yet).
Replaying every one of them before listening made a start take 30 s with 7 long bot
matches (issue 24), growing with their number.  So the server listens at once, and:

* :meth:`Resuming.plan_resume` notes the unfinished matches (one query of their
  ids) as *pending*: not resumed since this process started;
* the first request for a pending match (:meth:`Resuming.catch_up`, called by
  ``authorize``, where every HTTP request and WebSocket hello starts) plays its
  automatic moves as the start-up used to (``INLINE_MOVES`` now, the rest in the
  background) before it answers, so it sees the state it always saw;
* :class:`Resumer`, a thread of its own, resumes the pending matches one after
  another, so that bots go on without anyone asking.  It starts the next one only
  while fewer than ``limit`` of those it resumed still play (half the live cache
  by default): hundreds of unfinished all-bot matches are resumed in batches, never
  all in memory at once beyond the cache's bound.  A match it loaded only to find
  that nothing has to move (a person's turn) leaves memory again at once, so the
  resume never pushes out of the cache the matches people are using.

Loading every unfinished match also arms its turn clock's timer, as before; a
deadline that passes before the resumer reaches its match is met by the periodic
sweep of overdue clocks.
"""

from __future__ import annotations

import logging
import threading

from roadtrip.server.autoplay import INLINE_MOVES, LiveMatch
from roadtrip.server.coordinator_base import CoordinatorBase
from roadtrip.server.match_errors import Unplayable
from roadtrip.server.storage import Grant

logger = logging.getLogger("roadtrip.server")

PLAN_RETRY_SECONDS = 5.0  # reading the unfinished matches failed: try again after this
POLL_SECONDS = 0.05  # how often the resumer looks whether a running match is done


class PendingResume:
    """The unfinished matches this process has not resumed yet (thread-safe).

    While a plan is being read (:meth:`expect` was called, :meth:`add` not yet),
    :meth:`take` waits for it, so that a request arriving in the first moments does
    not miss the catch-up of its match."""

    def __init__(self) -> None:
        self._ids: set[str] = set()
        self._guard = threading.Lock()
        self._planned = threading.Event()
        self._planned.set()  # no plan coming: nothing is pending

    def expect(self) -> None:
        """A plan is being read: :meth:`take` waits until :meth:`add` or :meth:`planned`."""
        self._planned.clear()

    def planned(self) -> None:
        """The plan is in (or reading it failed: nothing waits for it any longer)."""
        self._planned.set()

    def add(self, match_ids: list[str]) -> None:
        with self._guard:
            self._ids.update(match_ids)
        self._planned.set()

    def waiting(self, match_id: str) -> bool:
        """Whether ``match_id`` is pending (once the plan is in)."""
        self._planned.wait()
        return match_id in self._ids

    def take(self, match_id: str) -> bool:
        """Whether ``match_id`` was pending; it is not any more."""
        if not self.waiting(match_id):  # the common case, without the lock
            return False
        with self._guard:
            if match_id not in self._ids:
                return False
            self._ids.discard(match_id)
            return True

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._ids

    def __len__(self) -> int:
        return len(self._ids)


class Resuming(CoordinatorBase):
    """The coordinator's part that resumes unfinished matches (see above)."""

    pending_resume: PendingResume

    def plan_resume(self) -> list[str]:
        """Note every unfinished match as pending; returns their ids, in store order."""
        match_ids = self.store.unfinished()
        self.pending_resume.add(match_ids)
        return match_ids

    def resume_all(self) -> int:
        """Resume every unfinished match now, one after another (without the web
        app: tests, tools).  A match that cannot be loaded or played is logged and
        set aside (its requests get ``Unplayable``); the others go on.  Returns how
        many matches resumed."""
        return sum(self.resume_one(match_id) for match_id in self.plan_resume())

    def resume_one(self, match_id: str) -> bool:
        """Resume ``match_id`` if it is still pending: its bots and chance catch up
        (``INLINE_MOVES`` now, the rest on the background runner).  True if it
        resumed; False if it was not pending, or was set aside."""
        with self._live.lock(match_id):
            if not self.pending_resume.take(match_id):
                return False
            was_live = match_id in self._live
            try:
                live = self.live(match_id)
                self._continue(live, INLINE_MOVES)
            except Exception as exc:  # one match must not stop the rest
                if match_id not in self._broken:
                    self._set_aside(match_id, exc)
                return False
            if not was_live and not self._keep(match_id, live):
                # Nothing to play and nobody here: loaded only to look (and to arm
                # its clock); it must not push out what people use.
                self._live.pop(match_id)
            return True

    def admit(self, grant: Grant, *, opens: bool = True) -> Grant:
        """Let ``grant`` in (what ``authorize`` does once it has a token's grant; an
        account's seats come with theirs): the match loaded and caught up, and
        ``opens``: its seats opened their link (server/clock_start.py)."""
        self.live(grant.match_id)
        self.catch_up(grant.match_id)  # the first access since the start: bots catch up
        if opens:
            self.open_link(grant)
        return grant

    def catch_up(self, match_id: str) -> None:
        """The first access to ``match_id`` since the start: if it is pending, its
        bots and chance catch up before the caller reads it (Unplayable if that
        fails: the match is set aside, as the start-up did)."""
        if not self.pending_resume.waiting(match_id):
            return
        with self._live.lock(match_id):  # a second request waits for the first's catch-up
            if not self.pending_resume.take(match_id):
                return
            try:
                self._continue(self.live(match_id), INLINE_MOVES)
            except Unplayable:
                raise
            except Exception as exc:
                self._set_aside(match_id, exc)
                reason = self._broken[match_id]
                raise Unplayable(f"match {match_id} cannot be played on: {reason}") from exc

    def resume_busy(self, match_id: str) -> bool:
        """Whether ``match_id`` is in memory and its automatic play still runs."""
        live = self._live.peek(match_id)
        return live is not None and self._playing(match_id, live)

    def _playing(self, match_id: str, live: LiveMatch) -> bool:
        return live.advancing

    def resume_limit(self) -> int:
        """How many resumed matches may play at once: half the live cache, so the
        other half stays for the matches people use."""
        return max(1, self._live.limits.max_live // 2)

    def _keep(self, match_id: str, live: LiveMatch) -> bool:
        raise NotImplementedError


class Resumer:
    """Resumes the pending matches of ``coordinator`` on a thread of its own, at
    most ``limit`` still playing at once (see the module's docstring)."""

    def __init__(self, coordinator: Resuming, limit: int | None = None) -> None:
        self.coordinator = coordinator
        self.limit = limit if limit is not None else coordinator.resume_limit()
        self.resumed = 0  # matches resumed so far
        self.total: int | None = None  # unfinished matches found at the start
        self.done = threading.Event()  # every pending match was looked at
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="roadtrip-resume", daemon=True)

    def start(self) -> None:
        """Start resuming; requests for pending matches catch up meanwhile."""
        self.coordinator.pending_resume.expect()
        self._thread.start()

    def stop(self, timeout: float = 60.0) -> None:
        """Stop after the match being resumed (the others resume at the next start)."""
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        try:
            match_ids = self._plan()
            playing: list[str] = []
            for match_id in match_ids:
                while not self._stopping.is_set():
                    playing = [m for m in playing if self.coordinator.resume_busy(m)]
                    if len(playing) < self.limit:
                        break
                    self._stopping.wait(POLL_SECONDS)
                if self._stopping.is_set():
                    return
                try:
                    if self.coordinator.resume_one(match_id):
                        self.resumed += 1
                        playing.append(match_id)
                except Exception:  # e.g. the database is gone for a moment: the next
                    logger.exception("resuming match %s failed", match_id)
            logger.info("resumed %d of %d unfinished matches", self.resumed, len(match_ids))
            self.done.set()
        finally:
            self.coordinator.pending_resume.planned()  # never leave a request waiting

    def _plan(self) -> list[str]:
        """The unfinished matches, read again after a failure until it works."""
        while not self._stopping.is_set():
            try:
                match_ids = self.coordinator.plan_resume()
            except Exception:
                logger.exception("reading the unfinished matches failed; trying again")
                self.coordinator.pending_resume.planned()  # requests go on meanwhile
                self._stopping.wait(PLAN_RETRY_SECONDS)
                continue
            self.total = len(match_ids)
            return match_ids
        return []
