"""Advice and review over HTTP (issue 12, items 3 and 4): whether a match allows
advice is its own setting, chosen at creation and shown to everyone (on by
default where at most one seat is human); advice is refused to spectators, for
a seat the token does not play and where the match does not allow it.  Reviews
of finished matches: test_reviews.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import GAME, auth, create_http, old_solo_row, state_http
from sqlalchemy import create_engine, insert

from roadtrip.server.app import create_app
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.sql_store import SqlStore, match_settings, matches, metadata, tokens
from roadtrip.server.storage import MemoryStore, SeatSpec, StoredMatch
from roadtrip.server.tokens import token_hash


@pytest.fixture(params=["memory", "sqlite", "bot-pool"])
def client(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.1")
    if request.param == "memory":
        app = create_app(MemoryStore())
    elif request.param == "bot-pool":  # the advisor computes in a bot process
        app = create_app(MemoryStore(), bot_pool=BotPool(1))
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'advice.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, bots: list[str | None], advice: bool | None = None) -> Any:
    body: dict[str, Any] = {
        "game": GAME,
        "options": {"players": len(bots)},
        "seats": [{"name": f"P{i}", "bot": b} for i, b in enumerate(bots)],
    }
    if advice is not None:
        body["advice"] = advice
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def advice_of(client: TestClient, created: Any, token: str, seat: int | None = None) -> Any:
    query = "" if seat is None else f"?seat={seat}"
    return client.get(f"/api/matches/{created['match']}/advice{query}", headers=auth(token))


def refused(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    return str(error["message"])


def test_a_solo_match_allows_advice_and_every_choice_gets_figures(client: TestClient) -> None:
    created = create_http(client)
    assert created["advice"] is True
    token = created["seats"][0]["token"]
    message = state_http(client, created["match"], token)
    assert message["advice_allowed"] is True
    answer = advice_of(client, created, token)
    assert answer.status_code == 200, answer.text
    advice = answer.json()
    assert advice["seat"] == 0 and advice["version"] == message["version"]
    assert sorted(c["action"] for c in advice["choices"]) == sorted(
        c["action"] for c in message["choices"]
    )
    for choice in advice["choices"]:
        low, high = choice["win_interval"]
        assert low <= choice["win"] <= high
    again = advice_of(client, created, token).json()
    assert again == advice  # cached for this move


def test_against_bots_advice_is_on_by_default_and_can_be_switched_off(client: TestClient) -> None:
    on = create(client, [None, "random", "random"])
    assert on["advice"] is True
    off = create(client, [None, "random"], advice=False)
    assert off["advice"] is False
    token = off["seats"][0]["token"]
    assert state_http(client, off["match"], token)["advice_allowed"] is False
    message = refused(advice_of(client, off, token), 403, "advice_off")
    assert "advice is off in this match" in message.lower()


def test_two_humans_default_to_no_advice_and_everyone_sees_the_setting(
    client: TestClient,
) -> None:
    created = create(client, [None, None])
    assert created["advice"] is False
    for entry in [*created["seats"], created["spectator"]]:
        assert state_http(client, created["match"], entry["token"])["advice_allowed"] is False
    refused(advice_of(client, created, created["seats"][0]["token"]), 403, "advice_off")


def test_advice_only_for_a_seat_the_asker_plays(client: TestClient) -> None:
    created = create(client, [None, None], advice=True)
    first, second = (s["token"] for s in created["seats"])
    spectator = created["spectator"]["token"]
    refused(advice_of(client, created, spectator), 403, "advice_off")
    refused(advice_of(client, created, second, seat=0), 403, "advice_off")
    refused(advice_of(client, created, "not-a-token"), 403, "access_denied")
    assert client.get(f"/api/matches/{created['match']}/advice").status_code == 403
    message = state_http(client, created["match"], first)
    seat = 0 if message["choices"] else 1
    mine = first if seat == 0 else second
    assert advice_of(client, created, mine).json()["seat"] == seat
    other = second if seat == 0 else first
    if not state_http(client, created["match"], other)["choices"]:
        refused(advice_of(client, created, other), 409, "not_your_turn")


def test_a_match_stored_before_the_setting_loads_with_the_default(tmp_path: Path) -> None:
    """A database made before match_settings existed: the table is added, the old
    match loads and gets the default for its seats."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    metadata.create_all(engine, tables=[matches, tokens, metadata.tables["actions"]])
    with engine.begin() as conn:
        conn.execute(insert(matches).values(**old_solo_row("old1", seed=5)))
        conn.execute(
            insert(tokens).values(token_hash=token_hash("t" * 40), match_id="old1", seats=[0])
        )
    engine.dispose()
    store = SqlStore(url)
    loaded = store.load("old1")
    assert loaded is not None and loaded.advice is None
    store.create(
        StoredMatch(id="new1", game=GAME, options={}, seed=1, seats=[SeatSpec("A")], advice=False),
        {},
    )
    assert store.load("new1").advice is False  # type: ignore[union-attr]
    with store.engine.connect() as conn:
        assert conn.execute(match_settings.select()).fetchall() == [("new1", False)]
    store.close()
    with TestClient(create_app(database_url=url)) as client:
        message = state_http(client, "old1", "t" * 40)
        assert message["advice_allowed"] is True
