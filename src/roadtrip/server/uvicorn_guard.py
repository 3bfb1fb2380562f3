"""How ``roadtrip serve`` runs uvicorn: its limits, and a guarded HTTP protocol.

uvicorn closes an HTTP connection that stays idle after a response
(``timeout_keep_alive``), but the first byte a client sends cancels that timer and
nothing replaces it: a connection that sends half a header line, then a byte now
and then (slowloris), was held forever, and 4,480 of them from 70 addresses took
every request slot (uvicorn answered everyone 503).  :class:`GuardedHttpProtocol`
gives each phase of a request a deadline:

- the *head* (request line and headers) must be complete within ``header_seconds``
  of the connection being ready for it (opened, or its previous response sent),
  else the connection gets 408 and is closed;
- the *body* must be complete within ``body_seconds`` of the end of the head, else
  the connection gets 408 (unless an answer is under way) and is closed (the
  route reading it sees a disconnect);
- a connection that sends nothing at all is closed after ``timeout_keep_alive``.

Connections still receiving a request (waiting for its head, or receiving its
body) do not count against uvicorn's ``limit_concurrency`` (the 503 threshold):
they cost a socket and at most a body's buffer, each phase has its deadline, and
so slow clients cannot turn the requests of others away.  And a client
address may hold at most ``per_address`` HTTP connections: more are closed at
once (a WebSocket, once upgraded, counts against the app's own per-address limit
instead, ``ConnectionLimits``).  :func:`uvicorn_settings` makes one protocol class
per server with its own limits and counters.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar, cast

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from roadtrip.server.settings import (
    BODY_SECONDS,
    HEADER_SECONDS,
    KEEP_ALIVE_SECONDS,
    MAX_CONNECTIONS,
    MAX_HTTP_CONNECTIONS_PER_ADDRESS,
    WS_MAX_BYTES,
    WS_PING_SECONDS,
)

REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 38\r\nconnection: close\r\n\r\n"
    b"the request was not received in time\r\n"
)


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with deadlines on a request's head and body, at most
    ``per_address`` open HTTP connections per client address, and connections
    still receiving a request left out of the concurrency limit."""

    per_address: ClassVar[int] = MAX_HTTP_CONNECTIONS_PER_ADDRESS
    header_seconds: ClassVar[float] = HEADER_SECONDS
    body_seconds: ClassVar[float] = BODY_SECONDS
    open_by_address: ClassVar[Counter[str]] = Counter()
    # Connections waiting for a request head (new, or idle between requests).
    waiting: ClassVar[set[GuardedHttpProtocol]] = set()
    # Connections whose request head is in and whose body is arriving.
    receiving: ClassVar[set[GuardedHttpProtocol]] = set()

    _counted_address: str | None = None
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if self.open_by_address[address] >= self.per_address:
            transport.close()
            return
        self.open_by_address[address] += 1
        self._counted_address = address
        # A connection that sends nothing is as idle as a kept-alive one.
        self.timeout_keep_alive_task = self.loop.call_later(
            self.timeout_keep_alive, self.timeout_keep_alive_handler
        )
        self._await_head()

    # ------------------------------------------------------------ deadlines
    def _await_head(self) -> None:
        """The connection is ready for a request: its head has ``header_seconds``."""
        self.waiting.add(self)
        self._arm(self.header_seconds)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete or not cycle.response_started:
            self.transport.write(REQUEST_TIMEOUT)  # no other answer is under way
        self.transport.close()

    # ----------------------------------------------------- parser callbacks
    def on_headers_complete(self) -> None:
        self.waiting.discard(self)
        if self.config.limit_concurrency is not None:
            # uvicorn counts every open connection (this one too) and every request
            # task; those still receiving a request hold no more than a socket and
            # a coroutine waiting for its body.
            spared = len(self.waiting) + len(self.receiving)
            self.limit_concurrency = self.config.limit_concurrency + spared
        self.receiving.add(self)
        self._arm(self.body_seconds)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self.receiving.discard(self)
        self._disarm()  # the body is in; the answer takes the app's time
        super().on_message_complete()

    def on_response_complete(self) -> None:
        pipelined = bool(self.pipeline)
        super().on_response_complete()
        if not pipelined and not self.transport.is_closing():
            self._await_head()

    # ------------------------------------------------------------ lifecycle
    def _uncount(self) -> None:
        self._disarm()
        self.waiting.discard(self)
        self.receiving.discard(self)
        address, self._counted_address = self._counted_address, None
        if address is not None:
            self.open_by_address[address] -= 1
            if self.open_by_address[address] <= 0:
                del self.open_by_address[address]

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        # The WebSocket's own limits take over (hello timeout, pings, per address).
        self._uncount()
        super().handle_websocket_upgrade()


def guarded_protocol(
    *,
    per_address: int = MAX_HTTP_CONNECTIONS_PER_ADDRESS,
    header_seconds: float = HEADER_SECONDS,
    body_seconds: float = BODY_SECONDS,
) -> type[GuardedHttpProtocol]:
    """A GuardedHttpProtocol class with these limits and counters of its own (one per
    server: two servers in one process, as in the tests, never share counts)."""
    if per_address < 1 or not header_seconds > 0 or not body_seconds > 0:
        raise ValueError("connection limits and timeouts must be positive")
    attributes: dict[str, Any] = {
        "per_address": per_address,
        "header_seconds": header_seconds,
        "body_seconds": body_seconds,
        "open_by_address": Counter(),
        "waiting": set(),
        "receiving": set(),
    }
    return cast(
        type[GuardedHttpProtocol],
        type("GuardedHttpProtocol", (GuardedHttpProtocol,), attributes),
    )


def uvicorn_settings(
    host: str,
    port: int,
    *,
    per_address: int = MAX_HTTP_CONNECTIONS_PER_ADDRESS,
    header_seconds: float = HEADER_SECONDS,
    body_seconds: float = BODY_SECONDS,
) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run``/``uvicorn.Config`` for the app."""
    return {
        "host": host,
        "port": port,
        "http": guarded_protocol(
            per_address=per_address, header_seconds=header_seconds, body_seconds=body_seconds
        ),
        "access_log": False,
        "log_level": "warning",
        # permessage-deflate off: a state message is a few kB, and compressing every
        # one cost a quarter of the server's CPU under load (docs/history.md, "Load").
        "ws_per_message_deflate": False,
        # uvicorn would buffer 16 MiB per WebSocket message before the app's check.
        "ws_max_size": WS_MAX_BYTES,
        "ws_ping_interval": WS_PING_SECONDS,
        "ws_ping_timeout": WS_PING_SECONDS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "limit_concurrency": MAX_CONNECTIONS,
    }
