"""The HTTP side of issue 13, "Denial of service": bodies counted as they arrive,
bad input answered with a 4xx, security headers everywhere, no third-party
scripts, and all-bot matches that never hold up other requests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth, create_http

from roadtrip.server.app import create_app
from roadtrip.server.settings import MAX_HTTP_BODY
from roadtrip.server.storage import MemoryStore


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


def padded_setup(size: int) -> Iterator[bytes]:
    """A valid match setup with an unknown field padded to ``size`` bytes, in 1 KiB
    chunks (a generator: sent chunked, without Content-Length)."""
    yield b'{"game": "road-to-300", "seats": [{"name": "A"}], "pad": "'
    for _ in range(size // 1024):
        yield b"x" * 1024
    yield b'"}'


def test_a_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    """Only Content-Length was checked: this body was read whole and made a match."""
    response = client.post(
        "/api/matches",
        content=padded_setup(4 * MAX_HTTP_BODY),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"
    # under the limit, the same chunked setup is fine
    small = client.post(
        "/api/matches", content=padded_setup(1024), headers={"content-type": "application/json"}
    )
    assert small.status_code == 201


def test_the_body_limit_stops_reading_at_the_limit() -> None:
    """Bytes are counted as they arrive: an endless body is read only up to the limit."""
    from roadtrip.server.http_guards import BodyLimit

    chunks = 0

    async def endless() -> dict[str, Any]:
        nonlocal chunks
        chunks += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": True}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while True:
            await receive()

    sent: list[dict[str, Any]] = []

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/", "headers": []}
    asyncio.run(BodyLimit(app, limit=10 * 1024)(scope, endless, send))
    assert chunks == 11
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413


@pytest.mark.parametrize("name", ["self", "game_id", "options"])
def test_option_names_like_python_parameters_are_a_400(client: TestClient, name: str) -> None:
    response = client.post(
        "/api/matches",
        json={"game": "road-to-300", "options": {name: 1}, "seats": [{"name": "A"}]},
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_option"
    assert name in response.json()["error"]["message"]


def test_deeply_nested_json_is_a_4xx(client: TestClient) -> None:
    depth = 30_000
    body = '{"game": ' + "[" * depth + "]" * depth + "}"
    response = client.post(
        "/api/matches", content=body, headers={"content-type": "application/json"}
    )
    assert 400 <= response.status_code < 500


# ----------------------------------------------------------------- headers
def security_headers_of(response: Any) -> None:
    policy = response.headers["content-security-policy"]
    assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_every_page_and_api_answer_has_the_security_headers(client: TestClient) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    answers = [
        client.get("/"),
        client.get(f"/m/{mid}"),
        client.get(f"/replay/{mid}"),
        client.get("/static/js/match.js"),
        client.get("/no/such/page"),
        client.get("/api/games"),
        client.get(f"/api/matches/{mid}/state", headers=auth(token)),
        client.get(f"/api/matches/{mid}/state"),
        client.get("/api/nothing"),
        client.post("/api/matches", content=b"{", headers={"content-type": "application/json"}),
        client.post("/api/matches", content=b"x" * (MAX_HTTP_BODY + 1)),
        client.get("/openapi.json"),
    ]
    assert {a.status_code for a in answers} == {200, 403, 404, 413, 422}
    for answer in answers:
        security_headers_of(answer)


def test_swagger_ui_is_off_unless_asked_for(client: TestClient) -> None:
    """/docs loaded Swagger UI from a CDN on the origin that holds every match link."""
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    assert client.get("/openapi.json").status_code == 200
    with TestClient(create_app(MemoryStore(), api_docs=True)) as docs_client:
        page = docs_client.get("/docs")
        assert page.status_code == 200
        assert "cdn.jsdelivr.net" in page.headers["content-security-policy"]
        security_headers_of(docs_client.get("/"))


# ---------------------------------------------------------------- bot play
def test_an_all_bot_match_plays_in_the_background_while_others_are_served(
    client: TestClient,
) -> None:
    """All-bot matches played out inside the create request (The Open Road:
    0.5-4 s each), holding up every other request."""
    started = time.perf_counter()
    response = client.post(
        "/api/matches",
        json={"game": "open-road", "seats": [{"name": f"B{i}", "bot": "random"} for i in range(4)]},
    )
    created_in = time.perf_counter() - started
    assert response.status_code == 201, response.text
    created = response.json()
    spectator = created["spectator"]["token"]
    state = client.get(f"/api/matches/{created['match']}/state", headers=auth(spectator)).json()
    assert not state["finished"]  # it plays on after the answer
    assert created_in < 1.0
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws.send_json({"type": "hello", "token": spectator})
        versions = []
        for _ in range(3):  # moves stream as they happen
            message = ws.receive_json()
            if message["type"] == "state":
                versions.append(message["version"])
        assert versions == sorted(versions) and versions[-1] > versions[0]
        # and other requests are answered meanwhile
        for _ in range(5):
            started = time.perf_counter()
            assert client.get("/api/games").status_code == 200
            assert time.perf_counter() - started < 0.5
        check = client.get(f"/api/matches/{created['match']}/state", headers=auth(spectator))
        assert check.status_code == 200


@pytest.mark.slow
def test_an_all_bot_match_survives_a_restart_in_the_middle(tmp_path: Path) -> None:
    """The issue's report: the match row was committed, the bots failed, and every
    start after that exited with code 3 (resume_all raised the same error)."""
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    with TestClient(create_app(database_url=url)) as first:
        response = first.post(
            "/api/matches",
            json={"game": "open-road", "seats": [{"name": "A", "bot": "random"}] * 4},
        )
        assert response.status_code == 201
        created = response.json()
    # the server stopped in the middle of the match; a new one starts and finishes it
    spectator = auth(created["spectator"]["token"])
    path = f"/api/matches/{created['match']}/state"
    with TestClient(create_app(database_url=url)) as second:
        deadline = time.monotonic() + 120
        state = second.get(path, headers=spectator).json()
        while not state["finished"]:
            assert time.monotonic() < deadline, "the match did not finish"
            time.sleep(0.2)
            state = second.get(path, headers=spectator).json()
        assert state["version"] > 1_000
