"""Several server processes: moves serialized by the store, automatic play under leases.

The part of :class:`roadtrip.server.cluster.ClusterCoordinator` that keeps the
matches right when several processes share one database (the bus and presence are
in :mod:`roadtrip.server.cluster`):

* Before an HTTP request or a hello, the process compares its copy with the stored
  action count (one primary-key read) and reloads a copy that is behind.  A move
  is tried on the copy as it is (the bus drops copies that fall behind): an append
  that the store refuses (another process stored first) reloads and tries again,
  up to ``RACE_RETRIES`` times, then answers ``stale``; a move the rules refuse on
  a copy that turns out to be behind is tried again on a fresh one.
* Turn clocks (:meth:`LeasedCoordinator.expire`) act only under the match's lease,
  from a fresh copy; every process arms timers for the matches it loads, and the
  cluster's periodic sweep expires stored deadlines whose timer died with a process.
* Automatic play that nobody waits for runs under the match's lease, in the
  coordinator's bounded slices on its background runner; every slice renews the
  lease and starts from an up-to-date copy.  A slice whose lease went to another
  process (its own had expired) stops; a match whose holder died is taken over
  when its lease expires (:meth:`LeasedCoordinator.take_over_expired`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from roadtrip.core.errors import RoadtripError
from roadtrip.server.autoplay import SLICE_MOVES, SLICE_SECONDS, Thought, needs_automatic
from roadtrip.server.coordinator import (
    AccessDenied,
    Background,
    Coordinator,
    LiveMatch,
    NotFound,
    StaleVersion,
    Thinker,
    Unplayable,
)
from roadtrip.server.leases import DEFAULT_LEASE_SECONDS, Leases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.storage import Grant, MatchStore, StorageError
from roadtrip.server.transport import Transport

RACE_RETRIES = 3  # a move that loses the race this often in a row is answered `stale`

logger = logging.getLogger("roadtrip.server")


def stored_version(store: MatchStore) -> Callable[[str], int | None]:
    """How to read a match's stored action count cheaply (None: no such match)."""
    from roadtrip.server.sql_store import SqlStore, matches

    if isinstance(store, SqlStore):
        from sqlalchemy import select

        query = select(matches.c.action_count)
        engine = store.engine

        def sql_version(match_id: str) -> int | None:
            with engine.connect() as conn:
                value = conn.execute(query.where(matches.c.id == match_id)).scalar()
            return None if value is None else int(value)

        return sql_version

    def loaded_version(match_id: str) -> int | None:
        stored = store.load(match_id)
        return None if stored is None else len(stored.actions)

    return loaded_version


def unfinished_versions(store: MatchStore) -> Callable[[], dict[str, int]]:
    """How to read every unfinished match's stored action count in one query."""
    from roadtrip.server.sql_store import SqlStore, matches

    if isinstance(store, SqlStore):
        from sqlalchemy import select

        query = select(matches.c.id, matches.c.action_count).where(matches.c.finished.is_(False))
        engine = store.engine

        def sql_versions() -> dict[str, int]:
            with engine.connect() as conn:
                return {str(m): int(count) for m, count in conn.execute(query)}

        return sql_versions

    def loaded_versions() -> dict[str, int]:
        found = {m: store.load(m) for m in store.unfinished()}
        return {m: len(s.actions) for m, s in found.items() if s is not None}

    return loaded_versions


class LeasedCoordinator(Coordinator):
    """A Coordinator whose copies may be behind the store, and whose automatic play
    runs under per-match leases (see above)."""

    def __init__(
        self,
        store: MatchStore,
        transport: Transport,
        *,
        leases: Leases,
        process_id: str,
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
        connected: Callable[[str], set[int]] | None = None,
        version: Callable[[str], int | None] | None = None,
        background: Background | None = None,
        limits: LiveLimits | None = None,
        thinker: Thinker | None = None,
        think_runner: Background | None = None,
    ) -> None:
        super().__init__(
            store,
            transport,
            clock=clock,
            connected=connected,
            background=background,
            limits=limits,
            thinker=thinker,
            think_runner=think_runner,
        )
        self.leases = leases
        self.process_id = process_id
        self.lease_seconds = lease_seconds
        self.stored_version = version or stored_version(store)
        # Matches whose lease this process holds and whose automatic play it runs
        # (changed only under the match's lock).
        self._running: set[str] = set()
        # The orphan sweep: every unfinished match's stored version at the last
        # sweep, and the version at which each was last looked at.
        self.unfinished_versions = unfinished_versions(store)
        self._versions_seen: dict[str, int] = {}
        self._orphan_checked: dict[str, int] = {}

    # ------------------------------------------------------------- moves
    def authorize(self, match_id: str, token: str | None, *, opens: bool = True) -> Grant:
        """Every HTTP request and WebSocket hello starts here: from a fresh copy."""
        self.refresh(match_id)
        return super().authorize(match_id, token, opens=opens)

    def admit(self, grant: Grant, *, opens: bool = True) -> Grant:
        self.refresh(grant.match_id)
        return super().admit(grant, opens=opens)

    def act(
        self, grant: Grant, action: int, seat: int | None = None, my_moves: int | None = None
    ) -> None:
        """A move, serialized with the other processes by the store (see above).

        Optimistic: the move is tried on the copy as it is, without reading the
        stored version first (a round trip to the database a move).  A copy that is
        behind cannot store anything: the store refuses an append that does not
        start at its action count, and the move is tried again on a fresh copy.  A
        move refused by the rules is looked at once more on a fresh copy when the
        copy was behind (the other seat's move may have made it legal)."""
        if grant.is_spectator:
            raise AccessDenied("spectators cannot make moves")
        with self._live.lock(grant.match_id):
            for _ in range(RACE_RETRIES):
                try:
                    self._act(grant, action, seat, my_moves)
                    return
                except StorageError:
                    continue  # another process stored first; _commit dropped our copy
                except RoadtripError:
                    if not self._dropped_if_behind(grant.match_id):
                        raise  # refused on an up-to-date copy: the answer stands
        raise StaleVersion("the match changed while this move was being stored; try again")

    def _dropped_if_behind(self, match_id: str) -> bool:
        """Drop the copy of ``match_id`` if the store holds more; True if dropped."""
        live = self._live.peek(match_id)
        if live is None or self.stored_version(match_id) == live.match.state.move_number():
            return False
        self.forget(match_id)
        return True

    def refresh(self, match_id: str) -> None:
        """Drop the copy of ``match_id`` when the store holds more than it."""
        self._dropped_if_behind(match_id)

    def _fresh(self, match_id: str) -> None:
        self.refresh(match_id)

    def forget(self, match_id: str) -> None:
        """Drop the copy of ``match_id``; the next use reloads it from the store."""
        self._live.pop(match_id)

    def _keep(self, match_id: str, live: LiveMatch) -> bool:
        return match_id in self._running or super()._keep(match_id, live)

    def _playing(self, match_id: str, live: LiveMatch) -> bool:
        return match_id in self._running

    # -------------------------------------------------- unattended play
    def _continue(self, live: LiveMatch, inline_moves: int) -> None:
        """Automatic play after a change (the caller holds the match lock), under the
        match's lease; skipped when another live process holds it (that process
        plays, stores and announces)."""
        match_id = live.stored.id
        if match_id in self._running or not needs_automatic(live, live.match):
            return
        if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
            return
        self._running.add(match_id)
        self._play_leased(match_id, inline_moves)

    def _play_leased(self, match_id: str, inline_moves: int) -> None:
        """Play ``inline_moves`` now, then the rest in background slices (without a
        runner: all now).  The caller holds the lock and the lease."""
        try:
            more = self._leased_slice(match_id, inline_moves, None) if inline_moves else True
            if more and self._schedule(match_id):
                return
            while more:
                if self._waits_for_thinker(self.live(match_id)):  # no runner: stopping
                    self._end_lease(match_id, hand_over=True)
                    return
                more = self._leased_slice(match_id, SLICE_MOVES, None)
        except StorageError as exc:  # lost the race RACE_RETRIES times in a row
            logger.warning("automatic play of match %s handed over: %s", match_id, exc)
            self._end_lease(match_id, hand_over=True)
            return
        except BaseException:
            self._end_lease(match_id, hand_over=True)
            raise
        self._finish_chain(match_id)

    def _leased_slice(
        self,
        match_id: str,
        max_moves: int,
        max_seconds: float | None,
        thought: Thought | None = None,
    ) -> bool:
        """One slice under the lease: renew it, bring the copy up to date, play
        (``thought`` first, if it still fits) and store.  False when no automatic
        move remains or the lease went elsewhere."""
        if match_id not in self._running:
            return False
        if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
            self._running.discard(match_id)  # taken over: ours had expired
            self.forget(match_id)
            return False
        for _ in range(RACE_RETRIES):
            self.refresh(match_id)
            try:
                return self._slice(self.live(match_id), max_moves, max_seconds, thought)
            except StorageError:
                continue  # a player's move on another process came first: reload
        raise StorageError(f"match {match_id} kept changing under its automatic play")

    def _background_slice(self, match_id: str, thought: Thought | None = None) -> None:
        """One slice of a leased match's automatic play (``thought`` first) on the
        background runner; it schedules the next until a human must act, the match
        ends, or the lease goes elsewhere."""
        try:
            with self._live.lock(match_id):
                more = self._leased_slice(match_id, SLICE_MOVES, SLICE_SECONDS, thought)
                if not more and match_id in self._running:
                    self._finish_chain(match_id)
        except StorageError as exc:
            logger.warning("automatic play of match %s handed over: %s", match_id, exc)
            self._end_lease(match_id, hand_over=True)
            return
        except Exception as exc:  # logged; the other matches go on
            # Handed over: another process tries it once too (the error may have
            # been this process's own, e.g. its database connection).
            self._end_lease(match_id, hand_over=True)
            self._set_aside(match_id, exc)
            return
        if more and not self._schedule(match_id):
            # the process is stopping: another one takes the match over
            self._end_lease(match_id, hand_over=True)

    def _finish_chain(self, match_id: str) -> None:
        """No automatic move remains: give the lease back.  A player's move stored by
        another process while we held the lease found it taken, so look again."""
        self._end_lease(match_id)
        try:
            self.refresh(match_id)
            live = self.live(match_id)
        except RoadtripError:
            return
        if needs_automatic(live, live.match):
            self._continue(live, 0)

    def _end_lease(self, match_id: str, *, hand_over: bool = False) -> None:
        """Stop running ``match_id`` here; ``hand_over``: leave the lease expired, so
        that a running process (maybe this one) takes the match over."""
        with self._live.lock(match_id):
            self._running.discard(match_id)
            try:
                if hand_over:
                    self.leases.acquire(match_id, self.process_id, 0.0)
                else:
                    self.leases.release(match_id, self.process_id)
            except Exception:  # the lease expires by itself
                logger.exception("cannot give back the lease of match %s", match_id)

    # ------------------------------------------------------- turn clocks
    def expire(self, match_id: str) -> bool:
        """A decision's time ran out: only the holder of the match's lease acts (this
        process takes it for the moment of the expiry, or holds it already for the
        match's automatic play), from an up-to-date copy; the store's append keeps
        a move that races the expiry on another process to one of the two."""
        with self._live.lock(match_id):
            if match_id in self._running:
                return self._expire_fresh(match_id)
            if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
                return False  # its holder acts (or the next sweep of overdue clocks)
            try:
                return self._expire_fresh(match_id)
            finally:
                if match_id not in self._running:
                    self._finish_chain(match_id)  # give it back, look once more

    def _expire_fresh(self, match_id: str) -> bool:
        for _ in range(RACE_RETRIES):
            self.refresh(match_id)
            try:
                return self._expire(self.live(match_id))
            except StorageError:
                continue  # a move stored elsewhere came first: look again
        return False

    def hand_over_all(self) -> None:
        """At a clean stop: every match this process runs goes to another at once."""
        for match_id in list(self._running):
            self._end_lease(match_id, hand_over=True)

    def take_over_expired(self) -> list[str]:
        """Continue every match whose lease expired (its process died running it);
        return the ids of those this process took."""
        taken = []
        for match_id in self.leases.expired():
            with self._live.lock(match_id):
                if match_id in self._running:  # our own chain, only slow: renew
                    self.leases.acquire(match_id, self.process_id, self.lease_seconds)
                    continue
                if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
                    continue  # another process was quicker
                try:
                    self.forget(match_id)
                    live = self.live(match_id)
                except (StorageError, NotFound, Unplayable):
                    self.leases.release(match_id, self.process_id)
                    continue
                if not needs_automatic(live, live.match):
                    self.leases.release(match_id, self.process_id)
                    continue
                self._running.add(match_id)
                self._play_leased(match_id, 0)
                taken.append(match_id)
        return taken

    def take_over_orphans(self) -> list[str]:
        """Continue every unfinished match that waits for a bot or chance although no
        process holds its lease: its process died after storing a move and before
        taking the lease (or after giving the lease back and before looking again).
        Called periodically; only matches whose stored version has not changed
        since the previous call are looked at (one that changes is being played),
        each once per version.  Returns the ids of those this process took."""
        versions = self.unfinished_versions()
        previous, self._versions_seen = self._versions_seen, versions
        checked = {m: v for m, v in self._orphan_checked.items() if versions.get(m) == v}
        self._orphan_checked = checked
        taken = []
        for match_id, version in versions.items():
            if previous.get(match_id) != version or checked.get(match_id) == version:
                continue
            if match_id in self.pending_resume:
                continue  # this process's resumer will get to it (looked at again then)
            if match_id in self._running or self.leases.holder(match_id) is not None:
                continue  # looked at again next time: the holder may give it back and die
            checked[match_id] = version
            with self._live.lock(match_id):
                try:
                    self.refresh(match_id)
                    live = self.live(match_id)
                except (StorageError, NotFound, Unplayable):
                    continue
                if match_id in self._running or not needs_automatic(live, live.match):
                    continue
                if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
                    continue  # another process was quicker
                logger.warning("match %s waited for automatic play with no lease", match_id)
                self._running.add(match_id)
                self._play_leased(match_id, 0)
                taken.append(match_id)
        return taken
