"""Helpers shared by the server tests (plain functions; fixtures live in conftest.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from random import Random
from typing import Any

import anyio
import httpx
import pytest
import uvicorn
from starlette.testclient import WebSocketTestSession

from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import Grant, MatchStore, SeatSpec, StoredMatch
from roadtrip.server.transport import MemoryTransport, Message

GAME = "road-to-300"


# ------------------------------------------------------------------ coordinator
class CheckingTransport(MemoryTransport):
    """A MemoryTransport that, on every send, checks that the store already holds
    everything the message tells (every action, and the finish)."""

    def __init__(self, store: MatchStore) -> None:
        super().__init__()
        self.store = store
        self.coordinator: Coordinator | None = None
        self.checked = 0

    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        stored = self.store.load(match_id)
        if stored is None:
            raise AssertionError(f"a message about {match_id} before the match was stored")
        if self.coordinator is not None:
            live = self.coordinator.live(match_id).match.state.history()
            if stored.actions != live:
                raise AssertionError(
                    f"sending with {len(live)} actions live but {len(stored.actions)} stored"
                )
        if message["type"] == "state":
            if message["version"] != len(stored.actions):
                raise AssertionError("a state message ahead of the store")
            if message["finished"] and not stored.finished:
                raise AssertionError("a finished state sent before the finish was stored")
        self.checked += 1
        super().send(match_id, grant, message)


def choose(state: State, seat: int, rng: Random) -> int:
    return rng.choice(state.legal_actions(seat))


def human_step(coordinator: Coordinator, grants: Iterable[Grant], rng: Random) -> bool:
    """One move by the first human grant whose seat must act; False if none must."""
    for grant in grants:
        state = coordinator.live(grant.match_id).match.state
        for seat in grant.seats:
            if seat in state.active_seats():
                coordinator.act(grant, choose(state, seat, rng), seat)
                return True
    return False


def play_to_end(
    coordinator: Coordinator, grants: list[Grant], rng: Random, limit: int = 2000
) -> int:
    """Play the human seats at random until the match is over; return their moves."""
    match_id = grants[0].match_id
    moves = 0
    while not coordinator.live(match_id).match.state.is_terminal():
        if not human_step(coordinator, grants, rng):
            raise AssertionError("the match waits but no human seat may act")
        moves += 1
        if moves > limit:
            raise AssertionError("the match does not end")
    return moves


def reference_state(stored: StoredMatch, decisions: list[tuple[int, int]]) -> State:
    """What a match with ``stored``'s setup must look like after the seats'
    ``decisions``, computed by the core alone (chance from the seed)."""
    game = load_game(stored.game, **stored.options)
    match = Match(game, stored.seed)
    match.advance()
    for seat, action in decisions:
        match.act(action, seat)
    return match.state


def decisions_of(history: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(seat, action) for seat, action in history if seat >= 0]


def old_solo_row(match_id: str, seed: int) -> dict[str, Any]:
    """A ``matches`` row of a solo Road to 300 match with no move yet, as every
    earlier schema wrote it (seats without "partner"; no clock, no settings)."""
    return {
        "id": match_id,
        "game": GAME,
        "options": {"players": 1},
        "seed": seed,
        "seats": [{"name": "Ann", "bot": None}],
        "hotseat": False,
        "finished": False,
        "returns": None,
        "created_at": 1.0,
        "action_count": 0,
    }


def seats(*bots: str | None) -> list[SeatSpec]:
    return [
        SeatSpec(name=f"Player {i + 1}" if bot is None else f"Bot {i + 1}", bot=bot)
        for i, bot in enumerate(bots)
    ]


# ------------------------------------------------------------------------- HTTP
def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create_http(
    client: Any,
    *,
    players: int = 1,
    bots: list[str | None] | None = None,
    options: dict[str, Any] | None = None,
    hotseat: bool = False,
) -> dict[str, Any]:
    bots = bots if bots is not None else [None] * players
    opts = dict(options or {})
    if players != 1:
        opts.setdefault("players", players)
    response = client.post(
        "/api/matches",
        json={
            "game": GAME,
            "options": opts,
            "seats": [{"name": f"P{i}", "bot": b} for i, b in enumerate(bots)],
            "hotseat": hotseat,
        },
    )
    if response.status_code != 201:
        raise AssertionError(response.text)
    created: dict[str, Any] = response.json()
    return created


def state_http(client: Any, match_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}/state", headers=auth(token))
    if response.status_code != 200:
        raise AssertionError(response.text)
    message: dict[str, Any] = response.json()
    return message


def act_http(client: Any, match_id: str, token: str, action: int, **extra: Any) -> Any:
    return client.post(
        f"/api/matches/{match_id}/actions", json={"action": action, **extra}, headers=auth(token)
    )


def play_http(
    client: Any, match_id: str, token: str, rng: Random, moves: int | None = None
) -> list[dict[str, Any]]:
    """Make ``moves`` random moves (None: to the end) over HTTP; return the states."""
    states = []
    message = state_http(client, match_id, token)
    while not message["finished"] and (moves is None or len(states) < moves):
        choice = rng.choice(message["choices"])["action"]
        response = act_http(client, match_id, token, choice, my_moves=message["my_moves"])
        if response.status_code != 200:
            raise AssertionError(response.text)
        message = response.json()
        states.append(message)
    return states


# -------------------------------------------------------------------- WebSocket
def ws_receive(ws: WebSocketTestSession, timeout: float = 10.0) -> Message:
    """The next JSON message, failing after ``timeout`` instead of hanging forever."""
    stream = getattr(ws, "_send_rx", None)
    if stream is None:  # a Starlette without this internal: wait without a limit
        received: Message = ws.receive_json()
        return received

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await stream.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    decoded: Message = json.loads(message["text"])
    return decoded


def ws_until(ws: WebSocketTestSession, predicate: Any, log: list[Message] | None = None) -> Message:
    """Receive until a message satisfies ``predicate``; keep everything in ``log``."""
    for _ in range(50):
        message = ws_receive(ws)
        if log is not None:
            log.append(message)
        if predicate(message):
            return message
    raise AssertionError("no matching message in 50")


def ws_hello(ws: WebSocketTestSession, token: str) -> Message:
    """Present ``token``; return the first state message."""
    ws.send_json({"type": "hello", "token": token})
    return ws_until(ws, lambda m: m["type"] == "state")


# ------------------------------------------------------------------------ misc
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve_process(port: int, url: str, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """``roadtrip serve`` on ``port`` and database ``url`` in a child process, its
    output appended to ``log`` (``extra``: more options)."""
    code = "import sys; from roadtrip.cli.main import main; sys.argv[0] = 'roadtrip'; main()"
    args = ["serve", "--port", str(port), "--database-url", url, *extra]
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def wait_served(
    base: str, process: subprocess.Popen[bytes], log: Path, path: str = "/api/games"
) -> None:
    """Wait (30 s at most) until the served process answers ``path`` with 200; fail
    with its output if it exits or does not answer."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"roadtrip serve exited with {process.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}{path}", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    pytest.fail(f"roadtrip serve did not answer within 30 s:\n{log.read_text()}")


class Served:
    """An app served by uvicorn in a thread of this process (see serve_in_thread)."""

    def __init__(self, port: int, server: uvicorn.Server, thread: threading.Thread) -> None:
        self.port, self.server, self.thread = port, server, thread

    def connect(self, source: str = "127.0.0.1") -> socket.socket:
        """A raw connection to the server from loopback address ``source``."""
        return socket.create_connection(("127.0.0.1", self.port), source_address=(source, 0))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def serve_in_thread(guards: dict[str, Any] | None = None, **overrides: Any) -> Served:
    """A fresh in-memory app served by uvicorn on a free loopback port, with the
    server's own settings (``guards``: their arguments) and ``overrides``."""
    from roadtrip.server.app import create_app
    from roadtrip.server.storage import MemoryStore
    from roadtrip.server.uvicorn_guard import uvicorn_settings

    port = free_port()
    settings = {**uvicorn_settings("127.0.0.1", port, **(guards or {})), **overrides}
    server = uvicorn.Server(uvicorn.Config(create_app(MemoryStore()), **settings))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    return Served(port, server, thread)
