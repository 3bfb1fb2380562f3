"""The WebSocket protocol through FastAPI's TestClient."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import create_http, state_http, ws_hello, ws_receive, ws_until
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from roadtrip.server.app import create_app
from roadtrip.server.settings import MAX_WS_MESSAGE
from roadtrip.server.storage import MemoryStore
from roadtrip.server.websocket import encoded

Message = dict[str, Any]


@pytest.fixture(params=["memory", "sqlite"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "memory":
        app = create_app(MemoryStore())
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'ws.sqlite3'}")
    with TestClient(app) as test_client:  # one event loop for every socket
        yield test_client


def is_state(message: Message) -> bool:
    return message["type"] == "state"


def check_own_view(message: Message, seat: int | None) -> None:
    """Every state a connection gets is built from its own seat's view."""
    assert message["type"] == "state"
    assert message["seat"] == seat and message["view"]["you"] == seat
    assert message["spectator"] == (seat is None)
    if seat is None:
        assert message["choices"] == []


def closed_with(ws: WebSocketTestSession) -> tuple[list[Message], int]:
    """Messages received until the server closes, and the close code."""
    received = []
    with pytest.raises(WebSocketDisconnect) as closed:
        for _ in range(10):
            received.append(ws_receive(ws))
    return received, closed.value.code


# ------------------------------------------------------------------- hello
@pytest.mark.parametrize(
    "first",
    [
        json.dumps({"type": "act", "action": 1}),
        json.dumps({"token": "abc"}),
        "hello",
        "[]",
        json.dumps({"type": "hello", "token": "x" * (MAX_WS_MESSAGE + 1)}),
    ],
    ids=["act-first", "no-type", "not-json", "not-an-object", "oversized"],
)
def test_hello_is_required(client: TestClient, first: str) -> None:
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_text(first)
        received, code = closed_with(ws)
    assert code == 4400
    assert [m["code"] for m in received] == ["bad_hello"]


def test_a_binary_hello_closes_with_4400(client: TestClient) -> None:
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_bytes(json.dumps({"type": "hello", "token": created["seats"][0]["token"]}).encode())
        received, code = closed_with(ws)
    assert code == 4400 and [m["code"] for m in received] == ["bad_hello"]


@pytest.mark.parametrize("token", ["nope", "", None, 42])
def test_a_bad_token_closes_with_4401(client: TestClient, token: Any) -> None:
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_json({"type": "hello", "token": token})
        received, code = closed_with(ws)
    assert code == 4401 and [m["code"] for m in received] == ["access_denied"]


def test_a_token_of_another_match_closes_with_4401(client: TestClient) -> None:
    created, other = create_http(client), create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_json({"type": "hello", "token": other["seats"][0]["token"]})
        _, code = closed_with(ws)
    assert code == 4401


def test_an_unknown_match_closes_with_4404(client: TestClient) -> None:
    created = create_http(client)
    with client.websocket_connect("/ws/matches/doesnotexist") as ws:
        ws.send_json({"type": "hello", "token": created["seats"][0]["token"]})
        received, code = closed_with(ws)
    assert code == 4404 and [m["code"] for m in received] == ["not_found"]


# --------------------------------------------------------------------- play
def test_act_and_sync(client: TestClient) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        first = ws_hello(ws, token)
        check_own_view(first, 0)
        assert first["players"][0]["online"] is True
        action = first["choices"][0]["action"]
        ws.send_json({"type": "act", "action": action, "my_moves": first["my_moves"]})
        after = ws_until(ws, is_state)
        check_own_view(after, 0)
        assert after["version"] == first["version"] + 1 and after["my_moves"] == 1
        assert after["view"]["sheets"][0]["step"] == "move"
        ws.send_json({"type": "sync"})
        assert ws_until(ws, is_state) == after
        # the same click again is refused as stale, with the current state after it
        ws.send_json({"type": "act", "action": action, "my_moves": first["my_moves"]})
        error = ws_receive(ws)
        assert error["type"] == "error" and error["code"] == "stale"
        assert ws_receive(ws) == after
    assert state_http(client, mid, token)["version"] == after["version"]


BAD_MESSAGES = [
    ("not json", "JSON"),
    ("[1, 2]", "object"),
    (json.dumps({"action": 3}), "type"),
    (json.dumps({"type": "dance"}), "Unknown message type"),
    (json.dumps({"type": "act"}), "action"),
    (json.dumps({"type": "act", "action": "12"}), "integer"),
    (json.dumps({"type": "act", "action": 1.5}), "integer"),
    (json.dumps({"type": "act", "action": True}), "integer"),
    (json.dumps({"type": "act", "action": 1, "seat": "0"}), "integer"),
    (json.dumps({"type": "act", "action": 1, "my_moves": [0]}), "integer"),
    (json.dumps({"type": "act", "action": 1, "pad": "x" * MAX_WS_MESSAGE}), "limited"),
]


def test_bad_messages_get_an_error_and_the_connection_stays_usable(client: TestClient) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        first = ws_hello(ws, token)
        for raw, words in BAD_MESSAGES:
            ws.send_text(raw)
            error = ws_receive(ws)
            assert error["type"] == "error" and error["code"] == "bad_message", raw
            assert words in error["message"], (raw, error)
            assert not error["message"][0].islower(), "error texts start with a capital"
        ws.send_bytes(b'{"type": "sync"}')  # a binary frame is not a text message
        error = ws_receive(ws)
        assert error["type"] == "error" and error["code"] == "bad_message"
        # illegal moves and foreign seats are refused, then the state is resent
        legal = [c["action"] for c in first["choices"]]
        illegal = next(a for a in range(72) if a not in legal)
        for message, code in (
            ({"type": "act", "action": illegal}, "illegal_move"),
            ({"type": "act", "action": legal[0], "seat": 3}, "access_denied"),
        ):
            ws.send_json(message)
            error = ws_receive(ws)
            assert error["type"] == "error" and error["code"] == code
            assert ws_receive(ws) == first
        # still usable
        ws.send_json({"type": "act", "action": legal[0]})
        after = ws_until(ws, is_state)
        assert after["version"] == first["version"] + 1
    assert state_http(client, mid, token)["version"] == first["version"] + 1


def test_a_spectator_sees_everything_public_but_cannot_move(client: TestClient) -> None:
    created = create_http(client)
    mid = created["match"]
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        first = ws_hello(ws, created["spectator"]["token"])
        check_own_view(first, None)
        ws.send_json({"type": "act", "action": 0})
        error = ws_receive(ws)
        assert error["type"] == "error" and error["code"] == "access_denied"
        assert ws_receive(ws) == first


@pytest.mark.parametrize("order", [(0, 1), (1, 0)], ids=["seat0-first", "seat1-first"])
def test_two_seats_act_on_the_same_roll_without_waiting(
    client: TestClient, order: tuple[int, int]
) -> None:
    created = create_http(client, players=2)
    mid = created["match"]
    tokens = [s["token"] for s in created["seats"]]
    logs: list[list[Message]] = [[], []]
    with (
        client.websocket_connect(f"/ws/matches/{mid}") as ws0,
        client.websocket_connect(f"/ws/matches/{mid}") as ws1,
    ):
        sockets = [ws0, ws1]
        first = [ws_hello(ws0, tokens[0]), ws_hello(ws1, tokens[1])]
        logs[0].append(first[0])
        logs[1].append(first[1])
        # seat 0 hears that seat 1 came online (a presence update, not a state)
        ws_until(ws0, lambda m: m["type"] == "presence" and 1 in m["online"], logs[0])
        assert first[0]["view"]["sheets"][0]["dice"] == first[1]["view"]["sheets"][1]["dice"]
        version = first[1]["version"]
        # both decide on the same roll, the second without waiting for any answer
        for seat in order:
            choice = first[seat]["choices"][0]["action"]
            sockets[seat].send_json({"type": "act", "action": choice, "my_moves": 0})
        for seat in (0, 1):
            last = ws_until(sockets[seat], lambda m: m.get("version") == version + 2, logs[seat])
            sheets = last["view"]["sheets"]
            # each sees its own cross; the other's stays hidden until both have
            # also moved (docs/rules/road-to-300.md: the shared roll's decisions)
            assert sheets[seat]["step"] == "move" and sheets[1 - seat]["step"] == "cross"
            assert last["my_moves"] == 1
        # reconnecting gets the current state
        ws1.close()
    with client.websocket_connect(f"/ws/matches/{mid}") as again:
        state = ws_hello(again, tokens[1])
        check_own_view(state, 1)
        assert state["version"] == version + 2 and state["my_moves"] == 1
        assert state["choices"] and all(c["action"] >= 36 for c in state["choices"])
    for seat in (0, 1):
        assert not [m for m in logs[seat] if m["type"] == "error"]
        for message in logs[seat]:
            if message["type"] != "presence":
                check_own_view(message, seat)


def test_everyone_connected_gets_their_own_view_of_each_move(client: TestClient) -> None:
    created = create_http(client, players=3, bots=[None, None, "random"], hotseat=True)
    mid = created["match"]
    audiences: list[tuple[str, int | None]] = [
        (created["seats"][0]["token"], 0),
        (created["seats"][1]["token"], 1),
        (created["spectator"]["token"], None),
    ]
    logs: list[list[Message]] = [[] for _ in audiences]
    with (
        client.websocket_connect(f"/ws/matches/{mid}") as a,
        client.websocket_connect(f"/ws/matches/{mid}") as b,
        client.websocket_connect(f"/ws/matches/{mid}") as c,
    ):
        sockets = [a, b, c]
        for i, (token, _) in enumerate(audiences):
            logs[i].append(ws_hello(sockets[i], token))
        assert [p["online"] for p in logs[2][-1]["players"]] == [True, True, True]
        # seat 1 crosses; everyone hears of it in their own words and views: seat 1
        # its cross, the others only that it has chosen (the shared roll's choices
        # stay hidden until every seat has chosen: docs/rules/road-to-300.md)
        choice = logs[1][-1]["choices"][0]["action"]
        b.send_json({"type": "act", "action": choice})
        target = logs[1][-1]["version"] + 1
        for i, (_, seat) in enumerate(audiences):
            heard = ws_until(sockets[i], lambda m: m.get("version") == target, logs[i])
            if seat == 1:
                assert heard["view"]["sheets"][1]["step"] == "move"
                assert heard["log"][-1].startswith("P1: cross")
            else:
                assert heard["view"]["sheets"][1]["step"] == "cross"
                assert heard["log"][-1] == "P1: has chosen"
    for i, (_, seat) in enumerate(audiences):
        for message in logs[i]:
            if message["type"] == "state":
                check_own_view(message, seat)
            tokens = [t for t, _ in audiences] + [created["hotseat"]["token"]]
            dumped = json.dumps(message)
            assert not any(t in dumped for t in tokens)


def test_messages_are_encoded_as_the_stdlib_would_read_them() -> None:
    """orjson's text decodes to what json.dumps gave: integer keys as strings, and
    an integer orjson cannot hold (beyond 64 bits) still sent."""
    message = {"type": "state", "view": {"cells": {3: "x"}, "names": ["Zoë"]}, "n": 2**70}
    assert json.loads(encoded(message)) == json.loads(json.dumps(message))
    small = {"type": "state", "view": {1: [1.5, None, True]}}
    assert json.loads(encoded(small)) == {"type": "state", "view": {"1": [1.5, None, True]}}
