"""Server settings: where the database lives, and the limits that keep one client
from exhausting the server (docs/server.md, "Limits").  ``roadtrip serve`` flags
override some (``--header-timeout``, ``--body-timeout``, ``--hello-timeout``,
``--connections-per-address``); the per-address quotas on advice, reviews and new
matches are token buckets in :mod:`roadtrip.server.quotas`, set by environment
variables (``ROADTRIP_CREATE_QUOTA``...)."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir

MAX_HTTP_BODY = 64 * 1024  # bytes; a match setup or a move is far smaller
MAX_WS_MESSAGE = 16 * 1024  # characters of one WebSocket message
HELLO_TIMEOUT = 10.0  # seconds a new WebSocket has to present its token
# Slow clients (uvicorn_guard.GuardedHttpProtocol): a request's head (request line
# and headers) must be in within HEADER_SECONDS of its connection being ready for
# it, its body within BODY_SECONDS of the head (a body is at most MAX_HTTP_BODY).
HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0
# uvicorn's own buffer for one WebSocket message (its default is 16 MiB): a
# message of MAX_WS_MESSAGE characters is at most 4 bytes a character.
WS_MAX_BYTES = 4 * MAX_WS_MESSAGE
KEEP_ALIVE_SECONDS = 5  # an HTTP connection idle this long is closed (a new one, too)
MAX_HTTP_CONNECTIONS_PER_ADDRESS = 64  # open HTTP connections of one client address
MAX_WS_PER_ADDRESS = 32  # open WebSockets of one client address
MAX_WS_PER_MATCH = 64  # open WebSockets to one match (players, hot-seat tabs, spectators)
MAX_CONNECTIONS = 4096  # connections and requests at once; beyond, uvicorn answers 503
WS_PING_SECONDS = 20.0  # a WebSocket is pinged this often, and closed if no pong
BOT_WORKERS = 2  # threads that play bots and chance, off the event loop
THINK_THREADS = 64  # threads that wait for the bot processes (roadtrip.server.bot_pool)
SWEEP_SECONDS = 30.0  # how often idle matches are forgotten


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    folder = Path(user_data_dir("roadtrip", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'roadtrip.sqlite3'}"
