"""``roadtrip serve``'s uvicorn settings against a real uvicorn: WebSocket messages
are refused past the size limit before they are buffered, idle connections are
closed even if they never send a byte, and one address cannot hold every slot."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from server_kit import Served, serve_in_thread
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from roadtrip.server.settings import MAX_WS_MESSAGE, WS_MAX_BYTES
from roadtrip.server.uvicorn_guard import guarded_protocol


@pytest.fixture
def served() -> Iterator[Served]:
    running = serve_in_thread(timeout_keep_alive=1)
    yield running
    running.server.should_exit = True
    running.thread.join(timeout=15)


def test_a_websocket_message_over_the_limit_closes_the_connection(served: Served) -> None:
    """uvicorn buffered up to 16 MiB per message before the app's 16 KiB check."""
    assert MAX_WS_MESSAGE * 4 == WS_MAX_BYTES < 16 * 1024 * 1024
    with connect(f"ws://127.0.0.1:{served.port}/ws/matches/nothing") as ws:
        ws.send("x" * (WS_MAX_BYTES + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big


def test_a_websocket_message_within_the_limit_gets_the_apps_answer(served: Served) -> None:
    with connect(f"ws://127.0.0.1:{served.port}/ws/matches/nothing") as ws:
        ws.send('{"type": "hello", "token": "x"}')
        assert '"not_found"' in str(ws.recv(timeout=10))


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (it sends nothing)."""
    sock.settimeout(seconds)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_connection_that_never_sends_is_closed_after_the_keep_alive_timeout(
    served: Served,
) -> None:
    with socket.create_connection(("127.0.0.1", served.port)) as idle:
        assert closed_within(idle, 4)


def test_one_address_cannot_hold_more_than_its_http_connections() -> None:
    running = serve_in_thread(http=guarded_protocol(per_address=3), timeout_keep_alive=1)
    held = [socket.create_connection(("127.0.0.1", running.port)) for _ in range(3)]
    try:
        time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", running.port)) as extra:
            assert closed_within(extra, 0.9)  # refused at once, not after the timeout
        held[0].sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        held[0].settimeout(5)
        assert held[0].recv(12).startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()
        running.server.should_exit = True
        running.thread.join(timeout=15)
