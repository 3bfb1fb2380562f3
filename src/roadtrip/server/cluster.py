"""Several server processes serving the same matches: the cluster coordinator.

Each ``roadtrip serve --redis-url ...`` process runs a :class:`ClusterCoordinator`
on the shared database.  What each part guarantees:

* The database is the only truth.  Every process keeps a copy of the matches it
  uses, but before a move it checks the stored version (one primary-key read) and
  reloads a copy that is behind.  Two processes accepting a move on the same state
  at the same moment both try ``store.append(match, start, ...)``; the store
  refuses the second (a gap or an overlap on ``(match_id, idx)``), so the move is
  applied once.  The loser reloads from the store and tries the move again on the
  new state, where a repeated click (``my_moves``) or a move that is no longer
  legal is refused as usual (``stale``, ``not_your_turn``...).
* After every change a process publishes a small event (match, version, the seats
  connected to it here) on an :class:`EventBus` (Redis pub/sub in production,
  :class:`MemoryBus` in tests).  Every other process drops its copy if it is
  behind and pushes its own connected audiences their own messages, built locally
  from ``state.view(seat)`` as always: no state or hand ever crosses the bus.
* Who is online is the union of the seats every live process reports; a process
  that stops sending heartbeats is forgotten after ``PRESENCE_TIMEOUT`` seconds.
* Unattended play (a new match's opening bot and chance moves, the automatic
  moves left over after a player's move, matches resumed at start-up) runs under
  a per-match lease (:mod:`roadtrip.server.leases`): one process at a time plays
  it, in the coordinator's bounded slices on its background runner (never on the
  event loop), renewing the lease every slice and bringing its copy up to date
  from the store before each.  When a process dies while running a match, another
  takes it over once the lease expires (:meth:`ClusterCoordinator.take_over_expired`,
  called periodically); a clean stop hands its leases over at once.  The first
  ``INLINE_MOVES`` bot moves that follow a player's move run inside that move, in
  the process that accepted it, and are stored in the same append, so they too are
  stored exactly once.
* Copies are a cache: the coordinator's :class:`~roadtrip.server.live_cache.LiveCache`
  may forget any of them (idle, or beyond its cap) and reloads it on use, which is
  what a copy that is behind gets too.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.server.autoplay import SLICE_MOVES, SLICE_SECONDS, needs_automatic
from roadtrip.server.coordinator import (
    MAX_REMEMBERED_REMATCHES,
    AccessDenied,
    Background,
    Coordinator,
    Created,
    LiveMatch,
    NotFound,
    StaleVersion,
    Unplayable,
)
from roadtrip.server.leases import DEFAULT_LEASE_SECONDS, Leases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.storage import Grant, MatchStore, StorageError
from roadtrip.server.transport import Transport

Event = dict[str, Any]

RACE_RETRIES = 3  # a move that loses the race this often in a row is answered `stale`
HEARTBEAT_SECONDS = 2.0  # how often a process says it is alive
PRESENCE_TIMEOUT = 3 * HEARTBEAT_SECONDS  # then its connected seats are forgotten

logger = logging.getLogger("roadtrip.server")


class EventBus(Protocol):
    """Fan-out of small JSON events to every server process (the sender included)."""

    def publish(self, event: Event) -> None:
        """Send ``event`` to every process; must not raise when the bus is down."""


class MemoryBus:
    """An in-process EventBus for tests: delivers each event synchronously to every
    subscribed coordinator (several coordinators in one test stand for processes)."""

    def __init__(self) -> None:
        self.subscribers: list[Callable[[Event], None]] = []
        self.published: list[Event] = []
        self.down = False  # True: events are lost, as when Redis is unreachable

    def subscribe(self, deliver: Callable[[Event], None]) -> None:
        self.subscribers.append(deliver)

    def publish(self, event: Event) -> None:
        self.published.append(event)
        if self.down:
            return
        for deliver in list(self.subscribers):
            deliver(event)


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


class ClusterCoordinator(Coordinator):
    """A Coordinator that shares its matches with other processes (see above)."""

    def __init__(
        self,
        store: MatchStore,
        transport: Transport,
        *,
        bus: EventBus,
        leases: Leases,
        process_id: str,
        local_seats: Callable[[str], set[int]],
        lease_seconds: float = DEFAULT_LEASE_SECONDS,
        clock: Callable[[], float] = time.time,
        version: Callable[[str], int | None] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        background: Background | None = None,
        limits: LiveLimits | None = None,
    ) -> None:
        super().__init__(
            store,
            transport,
            clock=clock,
            connected=self.connected_seats,
            background=background,
            limits=limits,
        )
        self.bus = bus
        self.leases = leases
        self.process_id = process_id
        self.local_seats = local_seats
        self.lease_seconds = lease_seconds
        self.stored_version = version or stored_version(store)
        self.monotonic = monotonic
        # Seats connected to other processes: match -> process -> seats.
        self._remote: dict[str, dict[str, set[int]]] = defaultdict(dict)
        self._heard: dict[str, float] = {}  # process -> when it last spoke
        self._local_matches: set[str] = set()  # matches with audiences here
        # Matches whose lease this process holds and whose automatic play it runs
        # (changed only under the match's lock).
        self._running: set[str] = set()

    # ----------------------------------------------------------- presence
    def connected_seats(self, match_id: str) -> set[int]:
        """Seats connected to ``match_id`` on any live process."""
        seats = set(self.local_seats(match_id))
        deadline = self.monotonic() - PRESENCE_TIMEOUT
        for process, remote in list(self._remote.get(match_id, {}).items()):
            if self._heard.get(process, 0.0) >= deadline:
                seats |= remote
        return seats

    # ------------------------------------------------------------- moves
    def authorize(self, match_id: str, token: str | None) -> Grant:
        """Every HTTP request and WebSocket hello starts here: from a fresh copy."""
        self.refresh(match_id)
        return super().authorize(match_id, token)

    def act(
        self, grant: Grant, action: int, seat: int | None = None, my_moves: int | None = None
    ) -> None:
        """A move, serialized with the other processes by the store (see above)."""
        if grant.is_spectator:
            raise AccessDenied("spectators cannot make moves")
        with self._live.lock(grant.match_id):
            for _ in range(RACE_RETRIES):
                self.refresh(grant.match_id)
                try:
                    self._act(grant, action, seat, my_moves)
                    return
                except StorageError:
                    continue  # another process stored first; _commit dropped our copy
        raise StaleVersion("the match changed while this move was being stored; try again")

    def refresh(self, match_id: str) -> None:
        """Drop the copy of ``match_id`` when the store holds more than it."""
        live = self._live.peek(match_id)
        if live is not None and self.stored_version(match_id) != live.match.state.move_number():
            self.forget(match_id)

    def forget(self, match_id: str) -> None:
        """Drop the copy of ``match_id``; the next use reloads it from the store."""
        self._live.pop(match_id)

    def _keep(self, match_id: str, live: LiveMatch) -> bool:
        return match_id in self._running or super()._keep(match_id, live)

    def rematch(self, grant: Grant) -> tuple[Created, str]:
        """A rematch, made known to every process: the pages connected elsewhere get
        their own links too, and a click there joins it instead of making another."""
        made_here = grant.match_id not in self._rematches
        created, url = super().rematch(grant)
        if made_here:
            self.bus.publish(
                {
                    "kind": "rematch",
                    "match": grant.match_id,
                    "origin": self.process_id,
                    "created": dataclasses.asdict(created),
                }
            )
        return created, url

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
            if self.background is not None and more:
                self.background(partial(self._background_slice, match_id))
                return
            while more:
                more = self._leased_slice(match_id, SLICE_MOVES, None)
        except StorageError as exc:  # lost the race RACE_RETRIES times in a row
            logger.warning("automatic play of match %s handed over: %s", match_id, exc)
            self._end_lease(match_id, hand_over=True)
            return
        except BaseException:
            self._end_lease(match_id)
            raise
        self._finish_chain(match_id)

    def _leased_slice(self, match_id: str, max_moves: int, max_seconds: float | None) -> bool:
        """One slice under the lease: renew it, bring the copy up to date, play and
        store.  False when no automatic move remains or the lease went elsewhere."""
        if match_id not in self._running:
            return False
        if not self.leases.acquire(match_id, self.process_id, self.lease_seconds):
            self._running.discard(match_id)  # taken over: ours had expired
            self.forget(match_id)
            return False
        for _ in range(RACE_RETRIES):
            self.refresh(match_id)
            try:
                return self._slice(self.live(match_id), max_moves, max_seconds)
            except StorageError:
                continue  # a player's move on another process came first: reload
        raise StorageError(f"match {match_id} kept changing under its automatic play")

    def _background_slice(self, match_id: str) -> None:
        """One slice of a leased match's automatic play on the background runner; it
        schedules the next until a human must act, the match ends, or the lease
        goes elsewhere."""
        try:
            with self._live.lock(match_id):
                more = self._leased_slice(match_id, SLICE_MOVES, SLICE_SECONDS)
                if not more and match_id in self._running:
                    self._finish_chain(match_id)
        except StorageError as exc:
            logger.warning("automatic play of match %s handed over: %s", match_id, exc)
            self._end_lease(match_id, hand_over=True)
            return
        except Exception as exc:  # logged; the other matches go on
            self._end_lease(match_id)
            self._set_aside(match_id, exc)
            return
        if not more:
            return
        if self.background is not None:
            self.background(partial(self._background_slice, match_id))
        else:  # the process is stopping: another one takes the match over
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

    # -------------------------------------------------------- the bus
    def notify(self, match_id: str) -> None:
        """Tell the other processes, then push this process's own audiences."""
        self.notify_local(match_id)
        self._publish(match_id)

    def _publish(self, match_id: str) -> None:
        live = self._live.peek(match_id)
        self.bus.publish(
            {
                "kind": "match",
                "match": match_id,
                "version": live.match.state.move_number() if live is not None else None,
                "origin": self.process_id,
                "seats": sorted(self.local_seats(match_id)),
            }
        )

    def notify_local(self, match_id: str) -> None:
        """Push every audience connected to this process its own message."""
        if self.transport.audiences(match_id):
            self._local_matches.add(match_id)
        else:
            self._local_matches.discard(match_id)
        super().notify(match_id)

    def presence_changed(self, match_id: str) -> None:
        """This process's connected seats of ``match_id`` changed: tell the others."""
        if self.transport.audiences(match_id):
            self._local_matches.add(match_id)
        else:
            self._local_matches.discard(match_id)
        self._publish(match_id)

    def heartbeat(self) -> None:
        """Say this process is alive (its connected seats stay online)."""
        self.bus.publish({"kind": "alive", "origin": self.process_id})

    def announce(self, kind: str) -> None:
        """``hello`` at start (others answer with their connected seats), ``bye`` at
        a clean stop (others forget this process's seats at once)."""
        self.bus.publish({"kind": kind, "origin": self.process_id})

    def receive(self, event: Event) -> None:
        """Handle an event from the bus (our own are ignored)."""
        origin = event.get("origin")
        if not isinstance(origin, str) or origin == self.process_id:
            return
        kind = event.get("kind")
        if kind == "bye":
            self._drop_process(origin)
            return
        self._heard[origin] = self.monotonic()
        if kind == "hello":
            for match_id in sorted(self._local_matches):
                self._publish(match_id)  # the newcomer learns who is online here
        elif kind == "match" and isinstance(event.get("match"), str):
            self._on_match_event(origin, event["match"], event.get("version"), event.get("seats"))
        elif kind == "rematch" and isinstance(event.get("match"), str):
            self._on_rematch(event["match"], event.get("created"))
        elif kind == "resync":
            self.resync()

    def expire_presence(self) -> None:
        """Forget the seats of processes silent for ``PRESENCE_TIMEOUT`` (killed ones)
        and tell the audiences here who is online now."""
        deadline = self.monotonic() - PRESENCE_TIMEOUT
        for process in [p for p, heard in self._heard.items() if heard < deadline]:
            self._drop_process(process)

    def _drop_process(self, process: str) -> None:
        self._heard.pop(process, None)
        affected = [m for m, remote in self._remote.items() if process in remote]
        for match_id in affected:
            del self._remote[match_id][process]
            if not self._remote[match_id]:
                del self._remote[match_id]
            if match_id in self._local_matches:
                self._notify_quietly(match_id)

    def resync(self) -> None:
        """After events may have been lost (the bus reconnected): reload every copy
        and push every audience here its current state."""
        self._live.clear()
        for match_id in sorted(self._local_matches):
            self._notify_quietly(match_id)

    def _on_match_event(self, origin: str, match_id: str, version: Any, seats: Any) -> None:
        if isinstance(seats, list):
            remote = {s for s in seats if isinstance(s, int)}
            if remote:
                self._remote[match_id][origin] = remote
            else:
                self._remote[match_id].pop(origin, None)
                if not self._remote[match_id]:
                    del self._remote[match_id]
        live = self._live.peek(match_id)
        if live is not None and (
            not isinstance(version, int) or version > live.match.state.move_number()
        ):
            self.forget(match_id)
        if match_id in self._local_matches or self.transport.audiences(match_id):
            self._notify_quietly(match_id)

    def _on_rematch(self, match_id: str, created: Any) -> None:
        if match_id in self._rematches or not isinstance(created, dict):
            return
        try:
            self._rematches[match_id] = Created(
                match_id=str(created["match_id"]),
                seat_tokens={int(k): str(v) for k, v in created["seat_tokens"].items()},
                spectator_token=str(created["spectator_token"]),
                hotseat_token=created["hotseat_token"] and str(created["hotseat_token"]),
                partner_tokens={int(k): str(v) for k, v in created["partner_tokens"].items()},
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            return
        while len(self._rematches) > MAX_REMEMBERED_REMATCHES:
            self._rematches.popitem(last=False)
        self._notify_quietly(match_id)

    def _notify_quietly(self, match_id: str) -> None:
        try:
            self.notify_local(match_id)
        except RoadtripError:
            self.forget(match_id)  # e.g. a match this process cannot load: never crash
