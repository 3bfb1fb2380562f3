"""Server settings: where the database lives, and size limits."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir

MAX_HTTP_BODY = 64 * 1024  # bytes; a match setup or a move is far smaller
MAX_WS_MESSAGE = 16 * 1024  # characters of one WebSocket message
HELLO_TIMEOUT = 10.0  # seconds a new WebSocket has to present its token


def default_database_url() -> str:
    """An SQLite file in the user's data directory (created if missing)."""
    folder = Path(user_data_dir("roadtrip", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'roadtrip.sqlite3'}"
