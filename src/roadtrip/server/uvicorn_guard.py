"""How ``roadtrip serve`` runs uvicorn: its limits, and a guarded HTTP protocol.

uvicorn closes an HTTP connection that stays idle after a response
(``timeout_keep_alive``), but never one that connects and sends nothing: 20,000
such connections made the server unreachable.  :class:`GuardedHttpProtocol` starts
the same idle timer as soon as a connection opens, and refuses a client address
that already holds ``per_address`` HTTP connections (a WebSocket, once upgraded,
counts against the app's own per-address limit instead, ``ConnectionLimits``).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from roadtrip.server.settings import (
    KEEP_ALIVE_SECONDS,
    MAX_CONNECTIONS,
    MAX_HTTP_CONNECTIONS_PER_ADDRESS,
    WS_MAX_BYTES,
    WS_PING_SECONDS,
)


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with an idle timeout from the first byte on, and at
    most ``per_address`` open HTTP connections per client address."""

    per_address: ClassVar[int] = MAX_HTTP_CONNECTIONS_PER_ADDRESS
    open_by_address: ClassVar[Counter[str]] = Counter()

    _counted_address: str | None = None

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

    def _uncount(self) -> None:
        address, self._counted_address = self._counted_address, None
        if address is not None:
            self.open_by_address[address] -= 1
            if self.open_by_address[address] <= 0:
                del self.open_by_address[address]

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._uncount()
        super().handle_websocket_upgrade()


def uvicorn_settings(host: str, port: int) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run``/``uvicorn.Config`` for the app."""
    return {
        "host": host,
        "port": port,
        "http": GuardedHttpProtocol,
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
