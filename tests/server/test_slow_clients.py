"""Slow clients against a real uvicorn with ``roadtrip serve``'s guards (issue 24,
item 2): a request head or body trickled a byte at a time is cut off at its
deadline (slowloris held such connections forever), connections still receiving
a request do not take the request slots of others, one address cannot hold more
than its connections while another is served, and a WebSocket that never says
hello is closed."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_kit import Served, serve_in_thread

from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore
from roadtrip.server.transport import ConnectionLimits
from roadtrip.server.uvicorn_guard import uvicorn_settings

HEAD = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"


@pytest.fixture
def quick() -> Iterator[Served]:
    """Deadlines of 1.5 s for a head and a body."""
    running = serve_in_thread({"header_seconds": 1.5, "body_seconds": 1.5}, timeout_keep_alive=1)
    yield running
    running.stop()


def trickle(sock: socket.socket, seconds: float, every: float = 1.0) -> tuple[bool, bytes]:
    """Send a byte every ``every`` seconds for at most ``seconds``; whether the
    server closed the connection meanwhile, and what it answered."""
    answer = b""
    sock.settimeout(every)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            sock.sendall(b"a")
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except (BrokenPipeError, ConnectionResetError):
            return True, answer
        if not chunk:
            return True, answer
        answer += chunk
    return False, answer


def answer_to(sock: socket.socket, request: bytes = HEAD) -> bytes:
    sock.sendall(request)
    sock.settimeout(10)
    return sock.recv(65536)


def test_a_head_trickled_a_byte_a_second_is_cut_off_with_408(quick: Served) -> None:
    with quick.connect() as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        closed, answer = trickle(sock, seconds=12)
    assert closed, "a trickled head held its connection for 12 s (limit 1.5 s)"
    assert answer.startswith(b"HTTP/1.1 408")


def test_a_body_trickled_a_byte_a_second_is_cut_off(quick: Served) -> None:
    with quick.connect() as sock:
        sock.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 1000\r\n\r\n{"
        )
        closed, answer = trickle(sock, seconds=12)
    assert closed, "a trickled body held its connection for 12 s (limit 1.5 s)"
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408")


def test_a_head_sent_in_pieces_within_its_time_and_a_second_request_are_answered(
    quick: Served,
) -> None:
    with quick.connect() as sock:
        sock.sendall(HEAD[:10])
        time.sleep(0.5)
        assert answer_to(sock, HEAD[10:]).startswith(b"HTTP/1.1 200")
        time.sleep(0.5)  # within the keep-alive time: the connection is still ready
        assert answer_to(sock).startswith(b"HTTP/1.1 200")


def test_connections_waiting_for_their_head_do_not_take_the_request_slots() -> None:
    """uvicorn answers 503 beyond ``limit_concurrency`` connections; half-open ones
    (slowloris) used to count, and turned every other request away."""
    running = serve_in_thread({"header_seconds": 30.0}, limit_concurrency=4)
    held = [running.connect() for _ in range(8)]
    try:
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        time.sleep(0.3)
        with running.connect() as sock:
            assert answer_to(sock).startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()
        running.stop()


def test_connections_trickling_their_body_do_not_take_the_request_slots() -> None:
    running = serve_in_thread({"body_seconds": 30.0}, limit_concurrency=4)
    held = [running.connect() for _ in range(8)]
    try:
        for sock in held:
            sock.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
                b"content-length: 1000\r\n\r\n{"
            )
        time.sleep(0.3)
        with running.connect() as sock:
            assert answer_to(sock).startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()
        running.stop()


def closed_at_once(sock: socket.socket) -> bool:
    sock.settimeout(2)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_connections_beyond_the_per_address_cap_are_refused_while_another_address_is_served() -> (
    None
):
    running = serve_in_thread({"per_address": 3, "header_seconds": 30.0})
    held = [running.connect("127.0.0.1") for _ in range(3)]
    try:
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\n")  # a slow head, never finished
        time.sleep(0.2)
        with running.connect("127.0.0.1") as extra:
            assert closed_at_once(extra)
        with running.connect("127.0.0.2") as other:
            assert answer_to(other).startswith(b"HTTP/1.1 200")
    finally:
        for sock in held:
            sock.close()
        running.stop()


def test_a_websocket_without_a_hello_is_closed_after_the_hello_timeout() -> None:
    app = create_app(MemoryStore(), connection_limits=ConnectionLimits(hello_seconds=0.3))
    with TestClient(app) as client, client.websocket_connect("/ws/matches/nothing") as ws:
        message = ws.receive_json()
        assert message["code"] == "bad_hello"
        closing = ws.receive()
    assert closing["type"] == "websocket.close" and closing["code"] == 4408


def test_the_guards_refuse_limits_that_mean_nothing() -> None:
    with pytest.raises(ValueError):
        uvicorn_settings("127.0.0.1", 1, header_seconds=0)
