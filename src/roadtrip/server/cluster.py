"""Several server processes serving the same matches: the cluster coordinator.

Each ``roadtrip serve --redis-url ...`` process runs a :class:`ClusterCoordinator`
on the shared database: the moves and the leases are kept right by
:class:`roadtrip.server.cluster_play.LeasedCoordinator`, which it extends with the
bus and presence.  What each part guarantees:

* The database is the only truth.  Every process keeps a copy of the matches it
  uses; a copy that is behind cannot store a move, and is reloaded then.  Two
  processes accepting a move on the same state
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
  takes it over once the lease expires (:meth:`LeasedCoordinator.take_over_expired`,
  called periodically); a clean stop hands its leases over at once.  A process
  that dies between storing a move that leaves automatic play and taking the
  lease leaves no lease to expire: the same periodic look also takes over such
  matches (:meth:`LeasedCoordinator.take_over_orphans`).  The first
  ``INLINE_MOVES`` bot moves that follow a player's move run inside that move, in
  the process that accepted it, and are stored in the same append, so they too are
  stored exactly once.
* Copies are a cache: the coordinator's :class:`~roadtrip.server.live_cache.LiveCache`
  may forget any of them (idle, or beyond its cap) and reloads it on use, which is
  what a copy that is behind gets too.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any, Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.server.cluster_play import RACE_RETRIES, LeasedCoordinator, stored_version
from roadtrip.server.coordinator import MAX_REMEMBERED_REMATCHES, Background, Created, Thinker
from roadtrip.server.leases import DEFAULT_LEASE_SECONDS, Leases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.storage import Grant, MatchStore
from roadtrip.server.transport import Transport

__all__ = [
    "HEARTBEAT_SECONDS",
    "PRESENCE_TIMEOUT",
    "RACE_RETRIES",
    "ClusterCoordinator",
    "Event",
    "EventBus",
    "MemoryBus",
    "stored_version",
]

Event = dict[str, Any]

HEARTBEAT_SECONDS = 2.0  # how often a process says it is alive
PRESENCE_TIMEOUT = 3 * HEARTBEAT_SECONDS  # then its connected seats are forgotten


class EventBus(Protocol):
    """Fan-out of small JSON events between the server processes (the sender
    included).  A move's event reaches only the processes that follow its match."""

    def publish(self, event: Event) -> None:
        """Send ``event``; must not raise when the bus is down."""

    def follow(self, match_id: str, receiver: Callable[[Event], None]) -> None:
        """Let ``receiver`` (this process) hear the moves of ``match_id``."""

    def unfollow(self, match_id: str, receiver: Callable[[Event], None]) -> None:
        """Stop ``receiver`` hearing the moves of ``match_id``."""


def is_move_event(event: Event) -> bool:
    """Whether ``event`` goes only to the processes following its match."""
    return event.get("kind") == "match" and not event.get("presence")


class MemoryBus:
    """An in-process EventBus for tests: delivers each event synchronously to every
    subscribed coordinator (several coordinators in one test stand for processes),
    a move's event only to those that follow its match."""

    def __init__(self) -> None:
        self.subscribers: list[Callable[[Event], None]] = []
        self.published: list[Event] = []
        self.followers: dict[str, list[Callable[[Event], None]]] = defaultdict(list)
        self.down = False  # True: events are lost, as when Redis is unreachable

    def subscribe(self, deliver: Callable[[Event], None]) -> None:
        self.subscribers.append(deliver)

    def follow(self, match_id: str, receiver: Callable[[Event], None]) -> None:
        if receiver not in self.followers[match_id]:
            self.followers[match_id].append(receiver)

    def unfollow(self, match_id: str, receiver: Callable[[Event], None]) -> None:
        if receiver in self.followers.get(match_id, []):
            self.followers[match_id].remove(receiver)

    def publish(self, event: Event) -> None:
        self.published.append(event)
        if self.down:
            return
        if is_move_event(event):
            for deliver in list(self.followers.get(event.get("match"), [])):  # type: ignore[arg-type]
                deliver(event)
            return
        for deliver in list(self.subscribers):
            deliver(event)


class ClusterCoordinator(LeasedCoordinator):
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
        thinker: Thinker | None = None,
        think_runner: Background | None = None,
    ) -> None:
        super().__init__(
            store,
            transport,
            leases=leases,
            process_id=process_id,
            lease_seconds=lease_seconds,
            clock=clock,
            connected=self.connected_seats,
            version=version,
            background=background,
            limits=limits,
            thinker=thinker,
            think_runner=think_runner,
        )
        self.bus = bus
        self.local_seats = local_seats
        self.monotonic = monotonic
        # Seats connected to other processes: match -> process -> seats.
        self._remote: dict[str, dict[str, set[int]]] = defaultdict(dict)
        self._heard: dict[str, float] = {}  # process -> when it last spoke
        self._local_matches: set[str] = set()  # matches with audiences here, followed
        self._following = threading.Lock()

    # ----------------------------------------------------------- presence
    def connected_seats(self, match_id: str) -> set[int]:
        """Seats connected to ``match_id`` on any live process."""
        seats = set(self.local_seats(match_id))
        deadline = self.monotonic() - PRESENCE_TIMEOUT
        for process, remote in list(self._remote.get(match_id, {}).items()):
            if self._heard.get(process, 0.0) >= deadline:
                seats |= remote
        return seats

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

    # -------------------------------------------------------- the bus
    def notify(self, match_id: str) -> None:
        """Tell the other processes, then push this process's own audiences."""
        self.notify_local(match_id)
        self._publish(match_id)

    def _clock_news(self, match_id: str) -> None:
        """Arrivals or the start of the turn clocks changed the match, not its moves:
        the others reload their copies (the event carries no version)."""
        self.notify_local(match_id)
        self._publish(match_id, reload=True)

    def _publish(self, match_id: str, *, presence: bool = False, reload: bool = False) -> None:
        """Tell the others this match changed (``presence``: only who is connected
        here changed, so their pages need a presence update, not a new state;
        ``reload``: a change their copies cannot see by its version)."""
        live = self._live.peek(match_id) if not reload else None
        self.bus.publish(
            {
                "kind": "match",
                "match": match_id,
                "version": live.match.state.move_number() if live is not None else None,
                "origin": self.process_id,
                "seats": sorted(self.local_seats(match_id)),
                "presence": presence,
            }
        )

    def notify_local(self, match_id: str) -> None:
        """Push every audience connected to this process its own message."""
        self._note_audiences(match_id)
        super().notify(match_id)

    def presence_changed(self, match_id: str) -> None:
        """This process's connected seats of ``match_id`` changed: tell the others."""
        self._note_audiences(match_id)
        self._publish(match_id, presence=True)

    def _note_audiences(self, match_id: str) -> None:
        """Follow the moves of the matches with pages here, and only those: a
        process hears no event of a match nobody here watches."""
        with self._following:  # request threads and the cluster's worker both call this
            if self.transport.audiences(match_id):
                if match_id not in self._local_matches:
                    self._local_matches.add(match_id)
                    self.bus.follow(match_id, self.receive)
            elif match_id in self._local_matches:
                self._local_matches.discard(match_id)
                self.bus.unfollow(match_id, self.receive)

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
                self._publish(match_id, presence=True)  # the newcomer learns who is here
        elif kind == "match" and isinstance(event.get("match"), str):
            self._on_match_event(origin, event["match"], event.get("version"), event.get("seats"))
            if event.get("presence") is True:
                self._tell_presence(event["match"])
            else:
                self._notify_quietly(event["match"])
        elif kind == "rematch" and isinstance(event.get("match"), str):
            self._on_rematch(event["match"], event.get("created"))
        elif kind == "followed" and isinstance(event.get("match"), str):
            self._catch_up(event["match"])
        elif kind == "resync":
            self.resync()

    def _catch_up(self, match_id: str) -> None:
        """The bus now brings this process the moves of ``match_id``; one made before
        that was not heard, so push the pages here the stored state if it is newer."""
        live = self._live.peek(match_id)
        if live is None or self._dropped_if_behind(match_id):
            self._notify_quietly(match_id)

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
                self._tell_presence(match_id)

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

    def _tell_presence(self, match_id: str) -> None:
        """Tell the pages here who is online now: a presence message where the
        transport has them (the web app's hub), else their whole state."""
        presence = getattr(self.transport, "presence", None)
        if callable(presence):
            presence(match_id)
        else:
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
        if match_id not in self._local_matches and not self.transport.audiences(match_id):
            return
        try:
            self.notify_local(match_id)
        except RoadtripError:
            self.forget(match_id)  # e.g. a match this process cannot load: never crash
