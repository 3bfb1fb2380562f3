"""Transports: how the coordinator reaches connected clients.

The coordinator only knows this small Protocol: who is listening to a match (as
grants, so it can build each audience's own message) and ``send``.  The in-memory
fake records messages for tests; :class:`QueueHub` fans messages out to asyncio
queues that the WebSocket handlers drain, and limits the connections.
"""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from roadtrip.server.settings import HELLO_TIMEOUT, MAX_WS_PER_ADDRESS, MAX_WS_PER_MATCH
from roadtrip.server.storage import Grant

Message = dict[str, Any]


@dataclass(frozen=True)
class ConnectionLimits:
    """WebSocket connections: how many per match and per client address, each
    one's queue of unsent messages, how long presence updates are gathered, and
    how long a new connection has to send its hello."""

    per_match: int = MAX_WS_PER_MATCH
    per_client: int = MAX_WS_PER_ADDRESS
    queue: int = 64
    presence_delay: float = 0.2
    hello_seconds: float = HELLO_TIMEOUT


class Transport(Protocol):
    def audiences(self, match_id: str) -> list[Grant]:
        """The distinct grants connected to a match."""

    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        """Deliver ``message`` to every connection of ``grant`` (must not block)."""


class MemoryTransport:
    """A fake transport: grants are 'connected' by ``connect``; messages are kept."""

    def __init__(self) -> None:
        self.connected: dict[str, list[Grant]] = defaultdict(list)
        self.sent: list[tuple[str, Grant, Message]] = []

    def connect(self, grant: Grant) -> None:
        if grant not in self.connected[grant.match_id]:
            self.connected[grant.match_id].append(grant)

    def audiences(self, match_id: str) -> list[Grant]:
        return list(self.connected.get(match_id, []))

    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        self.sent.append((match_id, grant, message))

    def messages_for(self, grant: Grant) -> list[Message]:
        return [m for _, g, m in self.sent if g == grant]


def offer(queue: asyncio.Queue[Message], message: Message) -> None:
    """Queue ``message`` without ever blocking or failing: a client that stopped
    reading loses what it did not read and gets only the newest messages."""
    if queue.full():
        while not queue.empty():
            queue.get_nowait()
    queue.put_nowait(message)


class QueueHub:
    """The live transport: one asyncio queue per WebSocket connection.

    The coordinator calls ``send`` from worker threads (bots play off the event
    loop), so every delivery is handed to the event loop in order
    (``call_soon_threadsafe``), and the table of connections has a lock.  The hub
    also counts connections (per match and per client address, ``admit``) and
    tells a match's pages who is online (``presence``, coalesced).
    """

    def __init__(self, limits: ConnectionLimits | None = None) -> None:
        self.limits = limits or ConnectionLimits()
        self._ids = itertools.count()
        self._conns: dict[str, dict[int, tuple[Grant, asyncio.Queue[Message]]]] = defaultdict(dict)
        self._per_match: Counter[str] = Counter()
        self._per_client: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._presence_due: set[str] = set()
        # Who is online in a match (several processes: on any of them), and who
        # wants to hear when this hub's own connected seats change (not called for
        # ``presence`` asked from outside, e.g. for a change on another process).
        self.online: Callable[[str], set[int]] = self.connected_seats
        self.on_presence: Callable[[str], None] | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """The event loop that owns the queues (set when the app starts)."""
        self._loop = loop

    # --------------------------------------------------------- admission
    def admit(self, match_id: str, client: str) -> str | None:
        """Take a connection slot for ``client`` (an address) on ``match_id``;
        None if taken, else the reason it is refused."""
        with self._lock:
            if self._per_match[match_id] >= self.limits.per_match:
                return f"this match already has {self.limits.per_match} connections"
            if self._per_client[client] >= self.limits.per_client:
                return f"your address already has {self.limits.per_client} connections open"
            self._per_match[match_id] += 1
            self._per_client[client] += 1
            return None

    def release(self, match_id: str, client: str) -> None:
        with self._lock:
            for counter, key in ((self._per_match, match_id), (self._per_client, client)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    # --------------------------------------------------------- connections
    def register(self, grant: Grant) -> tuple[int, asyncio.Queue[Message]]:
        conn_id = next(self._ids)
        queue: asyncio.Queue[Message] = asyncio.Queue(self.limits.queue)
        with self._lock:
            online = self._online(grant.match_id)
            first = not self._conns.get(grant.match_id)
            self._conns[grant.match_id][conn_id] = (grant, queue)
            # The first page (a spectator too) makes a cluster process follow the
            # match's moves, so it counts as a change of presence here.
            changed = first or online != self._online(grant.match_id)
        if changed:
            self._local_presence(grant.match_id)
        return conn_id, queue

    def unregister(self, match_id: str, conn_id: int) -> None:
        with self._lock:
            online = self._online(match_id)
            conns = self._conns.get(match_id)
            last = False
            if conns is not None:
                conns.pop(conn_id, None)
                if not conns:
                    del self._conns[match_id]
                    last = True  # the process stops following the match
            changed = last or online != self._online(match_id)
        if changed:
            self._local_presence(match_id)

    def _local_presence(self, match_id: str) -> None:
        self.presence(match_id)
        if self.on_presence is not None:
            self.on_presence(match_id)

    def _online(self, match_id: str) -> set[int]:
        return {s for grant, _ in self._conns.get(match_id, {}).values() for s in grant.seats}

    def connection_count(self) -> int:
        """How many WebSockets are connected (past their hello) now."""
        with self._lock:
            return sum(len(conns) for conns in self._conns.values())

    def audiences(self, match_id: str) -> list[Grant]:
        seen: list[Grant] = []
        for grant, _ in self._connections(match_id):
            if grant not in seen:
                seen.append(grant)
        return seen

    def connected_seats(self, match_id: str) -> set[int]:
        return {s for grant, _ in self._connections(match_id) for s in grant.seats}

    def _connections(self, match_id: str) -> list[tuple[Grant, asyncio.Queue[Message]]]:
        with self._lock:
            return list(self._conns.get(match_id, {}).values())

    # ------------------------------------------------------------ delivery
    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        for conn_grant, queue in self._connections(match_id):
            if conn_grant == grant:
                self.post(queue, message)

    def post(self, queue: asyncio.Queue[Message], message: Message) -> None:
        """Deliver on the event loop, after everything posted before (any thread)."""
        if self._loop is None or self._loop.is_closed():
            offer(queue, message)
        else:
            self._loop.call_soon_threadsafe(offer, queue, message)

    def presence(self, match_id: str) -> None:
        """Tell the match's pages which seats are online, once for every change
        within ``presence_delay`` seconds (a crowd joining costs one message each).
        Any thread may call it."""
        loop = self._loop
        if loop is None or loop.is_closed():
            self._send_presence(match_id)
        else:
            loop.call_soon_threadsafe(self._schedule_presence, loop, match_id)

    def _schedule_presence(self, loop: asyncio.AbstractEventLoop, match_id: str) -> None:
        if match_id in self._presence_due:
            return
        self._presence_due.add(match_id)
        loop.call_later(self.limits.presence_delay, self._send_presence, match_id)

    def _send_presence(self, match_id: str) -> None:
        self._presence_due.discard(match_id)
        online = sorted(self.online(match_id))
        message: Message = {"type": "presence", "match": match_id, "online": online}
        for _, queue in self._connections(match_id):
            offer(queue, message)
