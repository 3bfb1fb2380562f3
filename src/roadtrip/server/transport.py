"""Transports: how the coordinator reaches connected clients.

The coordinator only knows this small Protocol: who is listening to a match (as
grants, so it can build each audience's own message) and ``send``.  The in-memory
fake records messages for tests; :class:`QueueHub` fans messages out to asyncio
queues that the WebSocket handlers drain.
"""

from __future__ import annotations

import asyncio
import itertools
from collections import defaultdict
from typing import Any, Protocol

from roadtrip.server.storage import Grant

Message = dict[str, Any]


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


class QueueHub:
    """The live transport: one asyncio queue per WebSocket connection."""

    def __init__(self, max_queue: int = 256) -> None:
        self._ids = itertools.count()
        self._conns: dict[str, dict[int, tuple[Grant, asyncio.Queue[Message]]]] = defaultdict(dict)
        self.max_queue = max_queue

    def register(self, grant: Grant) -> tuple[int, asyncio.Queue[Message]]:
        conn_id = next(self._ids)
        queue: asyncio.Queue[Message] = asyncio.Queue(self.max_queue)
        self._conns[grant.match_id][conn_id] = (grant, queue)
        return conn_id, queue

    def unregister(self, match_id: str, conn_id: int) -> None:
        conns = self._conns.get(match_id)
        if conns is not None:
            conns.pop(conn_id, None)
            if not conns:
                del self._conns[match_id]

    def audiences(self, match_id: str) -> list[Grant]:
        seen: list[Grant] = []
        for grant, _ in self._conns.get(match_id, {}).values():
            if grant not in seen:
                seen.append(grant)
        return seen

    def connected_seats(self, match_id: str) -> set[int]:
        return {s for grant, _ in self._conns.get(match_id, {}).values() for s in grant.seats}

    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        for conn_grant, queue in self._conns.get(match_id, {}).values():
            if conn_grant == grant:
                if queue.full():
                    # A client that stopped reading gets only the newest state.
                    while not queue.empty():
                        queue.get_nowait()
                queue.put_nowait(message)
