"""The coordinator's part that runs turn clocks (docs/server.md, "Turn timers and
correspondence play").

:class:`TurnClocks` is a base of :class:`roadtrip.server.coordinator.Coordinator`:
after every change the coordinator stores the timed match's deadlines and arms
its timer (:meth:`TurnClocks._keep_time`, :meth:`TurnClocks._arm`); when a timer
fires, or a sweep finds a stored deadline that has passed, :meth:`TurnClocks.expire`
moves for the seats whose time ran out, under the match's lock, from the copy as it
is then, so a move that came first leaves nothing to expire and an early or
repeated firing does nothing.  No deadline runs before the clocks start
(:mod:`roadtrip.server.clock_start`, a base of this part).  The deadlines themselves are computed in
:mod:`roadtrip.server.deadlines`.
"""

from __future__ import annotations

import logging

from roadtrip.core.errors import RoadtripError
from roadtrip.core.match import Match
from roadtrip.server.autoplay import INLINE_MOVES, LiveMatch, play_automatic
from roadtrip.server.clock_start import ClockStart
from roadtrip.server.deadlines import due_seats, next_expiry, play_for, running_deadlines
from roadtrip.server.gamelog import LogEntry

logger = logging.getLogger("roadtrip.server")

OVERDUE_BATCH = 100  # overdue timed matches handled per sweep


class TurnClocks(ClockStart):
    """Turn clocks of the coordinator's matches (see above)."""

    def expire(self, match_id: str) -> bool:
        """Move for every seat of ``match_id`` whose time has run out (the turn
        clock's pass or stand-in bot), then go on as after any move; False when no
        decision's time has run out (a move came first, or it is not time yet)."""
        with self._live.lock(match_id):
            return self._expire(self.live(match_id))

    def _expire(self, live: LiveMatch) -> bool:
        if live.stored.clock_started_at is None:
            # A copy that has not seen the clocks start (another process started
            # them): it takes the stored deadlines, or finds none run yet.
            self._keep_time(live, live.match, [])
        due = due_seats(live, self.clock())
        if not due:
            self._arm(live)
            return False
        start = live.match.state.move_number()
        trial = Match(live.match.game, live.match.seed, live.match.state.clone())
        new_log: list[LogEntry] = []
        made = play_for(live, trial, due, new_log)
        if not made:
            return False
        more = play_automatic(live, trial, new_log, INLINE_MOVES)
        self._commit(live, trial, new_log, start, list(range(start, start + made)))
        if more:
            self._continue(live, 0)
        return True

    def expire_overdue(self) -> int:
        """Expire the stored deadlines that have passed (timers lost with a process
        that died, or a restart); returns how many matches moved."""
        moved = 0
        for match_id in self.store.overdue(self.clock(), OVERDUE_BATCH + len(self._broken)):
            if match_id in self._broken:  # set aside: retried at the next start
                continue
            try:
                moved += self.expire(match_id)
            except RoadtripError as exc:  # e.g. a match set aside: the others go on
                logger.warning("turn clock of match %s: %s", match_id, exc)
            except Exception:  # e.g. a stand-in bot that fails: logged, the others go on
                logger.exception("turn clock of match %s failed", match_id)
        return moved

    def _keep_time(self, live: LiveMatch, match: Match, timeouts: list[int]) -> None:
        """Store the deadlines of ``match`` (``live``'s copy after a change, or as
        loaded) where they changed, with the indexes of the moves the clock made."""
        stored = live.stored
        if stored.clock is None:
            return
        if stored.clock_started_at is None and not self._clock_runs(live, match):
            return  # the clocks wait for the people: no deadline runs yet
        deadlines = running_deadlines(live, match, self.clock())
        version = match.state.move_number()
        if deadlines != stored.deadlines or timeouts:
            self.store.save_deadlines(stored.id, version, deadlines, stored.timeouts + timeouts)
            stored.deadlines, stored.deadline_version = deadlines, version
            stored.timeouts = stored.timeouts + timeouts

    def _arm(self, live: LiveMatch) -> None:
        """Arm the match's timer for its first running deadline (none: disarm)."""
        if self.timers is not None and live.stored.clock is not None:
            self.timers.arm(live.stored.id, next_expiry(live.stored.deadlines))
