"""The WebSocket side of issue 13, "Denial of service": bad messages are protocol
errors, a client that does not read cannot break its connection, connections are
limited per match and per address, and a joining client costs one message."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import create_http, ws_hello, ws_receive
from starlette.websockets import WebSocketDisconnect

from roadtrip.server.app import create_app
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import MemoryStore, SeatSpec
from roadtrip.server.transport import QueueHub
from roadtrip.server.websocket import websocket_endpoint


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth  # 2 * depth characters, within the size limit


def test_deeply_nested_json_is_a_protocol_error(client: TestClient) -> None:
    """json.loads raised an uncaught RecursionError and the connection died."""
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        first = ws_hello(ws, created["seats"][0]["token"])
        ws.send_text(nested(7_000))
        error = ws_receive(ws)
        assert error["type"] == "error" and error["code"] == "bad_message"
        assert "nest" in error["message"]
        ws.send_json({"type": "sync"})
        assert ws_receive(ws)["version"] == first["version"]  # still open, unchanged


def test_a_deeply_nested_hello_is_refused_like_any_bad_hello(client: TestClient) -> None:
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_text(nested(7_000))
        assert ws_receive(ws)["code"] == "bad_hello"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws_receive(ws)
        assert closed.value.code == 4400


class SilentClient:
    """A WebSocket peer that sends its hello and ``syncs`` sync messages and never
    reads: the server's sends never complete (a full TCP window)."""

    def __init__(self, token: str, syncs: int) -> None:
        self.incoming: list[dict[str, Any]] = [
            {"type": "websocket.receive", "text": json.dumps({"type": "hello", "token": token})},
            *[{"type": "websocket.receive", "text": '{"type": "sync"}'}] * syncs,
            {"type": "websocket.disconnect", "code": 1000},
        ]
        self.client = None

    async def accept(self) -> None:
        pass

    async def receive(self) -> dict[str, Any]:
        await asyncio.sleep(0)
        return self.incoming.pop(0)

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()  # never read

    async def send_json(self, data: Any) -> None:
        await self.send_text(json.dumps(data))

    async def close(self, code: int = 1000) -> None:
        pass


def test_a_client_that_sends_many_syncs_without_reading_breaks_nothing() -> None:
    """Each sync was put_nowait on a bounded queue: QueueFull killed the handler."""
    hub = QueueHub()
    coordinator = Coordinator(MemoryStore(), hub, connected=hub.connected_seats)
    created = coordinator.create_match("road-to-300", {}, [SeatSpec("A")])

    async def run() -> None:
        peer = SilentClient(created.seat_tokens[0], syncs=1000)
        await websocket_endpoint(peer, created.match_id, coordinator, hub)  # type: ignore[arg-type]
        assert not peer.incoming

    asyncio.run(run())
    assert hub.audiences(created.match_id) == []


def test_a_joining_client_gets_its_own_state_and_nobody_else_a_new_one(
    client: TestClient,
) -> None:
    """Every connect re-sent the state to every connection (1,000 spectators of a
    match: 500,500 messages)."""
    created = create_http(client)
    mid = created["match"]
    with client.websocket_connect(f"/ws/matches/{mid}") as player:
        ws_hello(player, created["seats"][0]["token"])
        with contextlib.ExitStack() as stack:
            for _ in range(8):
                ws = stack.enter_context(client.websocket_connect(f"/ws/matches/{mid}"))
                ws_hello(ws, created["spectator"]["token"])
            # the player's next message answers its bad move: nothing else was queued
            player.send_json({"type": "act", "action": 999, "my_moves": 0})
            assert ws_receive(player)["type"] == "error"


def test_presence_updates_tell_who_came_online(client: TestClient) -> None:
    created = create_http(client, players=2)
    mid = created["match"]
    with client.websocket_connect(f"/ws/matches/{mid}") as ws0:
        first = ws_hello(ws0, created["seats"][0]["token"])
        assert [p["online"] for p in first["players"]] == [True, False]
        with client.websocket_connect(f"/ws/matches/{mid}") as ws1:
            ws_hello(ws1, created["seats"][1]["token"])
            presence = ws_receive(ws0)
            assert presence == {"type": "presence", "match": mid, "online": [0, 1]}
        assert ws_receive(ws0) == {"type": "presence", "match": mid, "online": [0]}


def test_connections_per_match_and_per_address_are_limited() -> None:
    from roadtrip.server.transport import ConnectionLimits

    limits = ConnectionLimits(per_match=3, per_client=5)
    with (
        TestClient(create_app(MemoryStore(), connection_limits=limits)) as client,
        contextlib.ExitStack() as stack,
    ):
        one, two = create_http(client), create_http(client)
        for _ in range(3):
            ws = stack.enter_context(client.websocket_connect(f"/ws/matches/{one['match']}"))
            ws_hello(ws, one["spectator"]["token"])
        with client.websocket_connect(f"/ws/matches/{one['match']}") as refused:
            error = ws_receive(refused)
            assert error["code"] == "too_many_connections" and "3 connections" in error["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws_receive(refused)
            assert closed.value.code == 4429
        last = stack.enter_context(contextlib.ExitStack())
        for _ in range(2):  # the address has 5 in all
            ws = last.enter_context(client.websocket_connect(f"/ws/matches/{two['match']}"))
            ws_hello(ws, two["spectator"]["token"])
        with client.websocket_connect(f"/ws/matches/{two['match']}") as refused:
            assert "Your address" in ws_receive(refused)["message"]
            with pytest.raises(WebSocketDisconnect):
                ws_receive(refused)
        last.close()  # closed connections free their places
        with client.websocket_connect(f"/ws/matches/{two['match']}") as again:
            assert ws_hello(again, two["spectator"]["token"])["type"] == "state"
