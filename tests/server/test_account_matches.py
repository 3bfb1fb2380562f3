"""An account's matches over HTTP: guest seats claimed with their tokens, the list
seen from two devices (two cookie jars; your turn first), device links, deletion
(the matches keep their seats' names as guests'), what each new route refuses to
whom, and sessions shared by two processes on one database (SQLite and
PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_kit import (
    PASSWORD,
    CountingPasswords,
    claim,
    device_link,
    login,
    my_matches,
    post,
    register,
    who,
)
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_kit import act_http, auth, create_http, state_http

from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore


@pytest.fixture(params=["memory", "sqlite"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> FastAPI:
    if request.param == "memory":
        return create_app(MemoryStore(), passwords=CountingPasswords())
    url = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    return create_app(database_url=url, passwords=CountingPasswords())


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def rally(client: TestClient) -> tuple[str, str, str]:
    """A two-person Road Rally USA match: (match, the seat to move, the waiting seat)."""
    response = client.post(
        "/api/matches", json={"game": "road-rally", "seats": [{"name": "Ann"}, {"name": "Bo"}]}
    )
    assert response.status_code == 201, response.text
    created = response.json()
    mid = created["match"]
    tokens = [s["token"] for s in created["seats"]]
    moving = [t for t in tokens if state_http(client, mid, t)["choices"]]
    assert len(moving) == 1
    return mid, moving[0], next(t for t in tokens if t not in moving)


# ------------------------------------------------------------------ claims
def test_guest_seats_are_claimed_with_their_tokens_once_and_by_one_account(
    client: TestClient, app: FastAPI
) -> None:
    created = create_http(client, players=2)
    seat0, seat1 = (s["token"] for s in created["seats"])
    register(client, "Ann")
    answers = claim(client, seat0, created["spectator"]["token"], "no-such-token", seat0)
    assert [a["claimed"] for a in answers] == [True, False, False, True]
    assert answers[1]["reason"] == "spectator" and answers[2] == {"known": False, "claimed": False}
    bo = TestClient(app)
    register(bo, "Bo")
    taken = {"known": True, "match": created["match"], "claimed": False, "reason": "taken"}
    assert claim(bo, seat0)[0] == taken
    assert claim(bo, seat1)[0]["claimed"]
    assert [m["seats"] for m in my_matches(client)] == [[0]]
    assert [m["seats"] for m in my_matches(bo)] == [[1]]


def test_a_hot_seat_token_claims_every_seat_it_plays(client: TestClient) -> None:
    created = create_http(client, players=2, hotseat=True)
    register(client, "Ann")
    assert claim(client, created["hotseat"]["token"])[0]["claimed"]
    assert my_matches(client)[0]["seats"] == [0, 1]


# ------------------------------------------------- matches on every device
def test_an_accounts_matches_are_listed_on_two_devices_your_turn_first(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ann")
    waiting_match, _mover, waiting = rally(client)
    moving_match, mover, _other = rally(client)
    claim(client, mover, waiting)  # the newer claim is the waiting one
    phone = TestClient(app)
    login(phone, "Ann")
    for device in (client, phone):
        listed = my_matches(device)
        assert [(m["match"], m["your_turn"]) for m in listed] == [
            (moving_match, True),
            (waiting_match, False),
        ]
        assert listed[0]["players"] == ["Ann", "Bo"] and listed[0]["game"] == "road-rally"
    # The phone opens the match with a link of its own and moves there.
    token = device_link(phone, moving_match)
    state = state_http(phone, moving_match, token)
    response = act_http(phone, moving_match, token, state["choices"][0]["action"])
    assert response.status_code == 200, response.text
    assert [m["your_turn"] for m in my_matches(client) if m["match"] == moving_match] == [
        response.json()["choices"] != []
    ]


def test_a_device_link_is_the_accounts_seat_and_nothing_more(client: TestClient) -> None:
    created = create_http(client, players=2)
    register(client, "Ann")
    claim(client, created["seats"][1]["token"])
    token = device_link(client, created["match"])
    assert state_http(client, created["match"], token)["my_seats"] == [1]


# ---------------------------------------------------------------- deletion
def test_deleting_an_account_needs_its_password_and_leaves_the_matches_to_guests(
    client: TestClient, app: FastAPI
) -> None:
    created = create_http(client, players=2)
    mid, seat0 = created["match"], created["seats"][0]["token"]
    register(client, "Ann")
    claim(client, seat0)
    phone = TestClient(app)
    login(phone, "Ann")
    link = device_link(phone, mid)
    wrong = post(client, "/api/account/delete", {"password": "not the password"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    assert post(client, "/api/account/delete", {"password": PASSWORD}).status_code == 200
    for device in (client, phone):
        assert who(device) is None
    assert login(phone, "Ann").status_code == 401
    assert phone.get(f"/api/matches/{mid}/state", headers=auth(link)).status_code == 403
    # The seat keeps its name as a guest's, and its guest link plays on.
    assert [p["name"] for p in state_http(client, mid, seat0)["players"]] == ["P0", "P1"]
    # The name is free again, and the new account holds none of the old seats.
    register(client, "Ann")
    assert my_matches(client) == []
    assert claim(client, seat0)[0]["claimed"]


# ----------------------------------------------------------- authorization
def test_every_account_route_refuses_a_request_without_a_session(client: TestClient) -> None:
    created = create_http(client)
    for method, path, body in (
        ("GET", "/api/account/matches", None),
        ("POST", "/api/account/logout", {}),
        ("POST", "/api/account/logout-everywhere", {}),
        ("POST", "/api/account/delete", {"password": PASSWORD}),
        ("POST", "/api/account/seats", {"tokens": [created["seats"][0]["token"]]}),
        ("POST", "/api/account/links", {"match": created["match"]}),
    ):
        response = client.request(method, path, json=body)
        assert response.status_code == 401, (path, response.text)
        assert response.json()["error"]["code"] == "not_logged_in"
    assert client.get("/api/account").json() == {"account": None}  # asking is no error


def test_an_account_gets_no_link_to_a_match_it_holds_no_seat_of(
    client: TestClient, app: FastAPI
) -> None:
    created = create_http(client, players=2)
    register(client, "Ann")
    claim(client, created["seats"][0]["token"])
    bo = TestClient(app)
    register(bo, "Bo")
    for match in (created["match"], "no-such-match"):
        refused = post(bo, "/api/account/links", {"match": match})
        assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found"
    assert my_matches(bo) == []
    # Bo's log-out-everywhere and deletion leave Ann's session and seat alone.
    post(bo, "/api/account/logout-everywhere")
    assert who(client) is not None
    assert [m["match"] for m in my_matches(client)] == [created["match"]]


# ------------------------------------------------- several processes, SQL
def test_a_session_made_by_one_process_is_valid_and_revoked_on_another(sql_url: str) -> None:
    first = create_app(database_url=sql_url, passwords=CountingPasswords())
    second = create_app(database_url=sql_url, passwords=CountingPasswords())
    with TestClient(first) as one, TestClient(second) as two:
        cookie = register(one, "Ann").headers["set-cookie"].split(";")[0]
        created = create_http(one)
        claim(one, created["seats"][0]["token"])
        two.headers["cookie"] = cookie
        assert who(two) == "Ann"
        listed: list[dict[str, Any]] = two.get("/api/account/matches").json()["matches"]
        assert [m["match"] for m in listed] == [created["match"]]
        assert post(two, "/api/account/logout").status_code == 200
        assert who(one) is None


def test_in_cluster_mode_a_log_in_on_one_process_lists_a_move_made_on_the_other(
    postgres_schema_url: str, redis_url: str
) -> None:
    url = postgres_schema_url
    apps = [
        create_app(database_url=url, redis_url=redis_url, passwords=CountingPasswords())
        for _ in range(2)
    ]
    with TestClient(apps[0]) as one, TestClient(apps[1]) as two:
        register(one, "Ann")
        mid, mover, _waiting = rally(one)
        claim(one, mover)
        assert login(two, "Ann").status_code == 200
        listed = my_matches(two)
        assert [m["your_turn"] for m in listed] == [True]
        state = state_http(one, mid, mover)
        assert act_http(one, mid, mover, state["choices"][0]["action"]).status_code == 200
        after = state_http(one, mid, mover)
        assert [m["your_turn"] for m in my_matches(two)] == [bool(after["choices"])]
        assert my_matches(two)[0]["match"] == mid
