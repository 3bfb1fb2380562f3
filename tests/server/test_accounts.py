"""Optional accounts over HTTP (server/accounts.py): registration, log-in and its
rate limits, refusal of cross-site requests, sessions that can be revoked, deletion,
claiming guest seats, and an account's matches seen from two devices (two cookie
jars).  Memory and SQLite stores; test_account_storage.py runs the stores on
PostgreSQL too, and two processes on one database."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_kit import (
    ORIGIN,
    PASSWORD,
    CountingPasswords,
    claim,
    device_link,
    login,
    post,
    register,
    who,
)
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_kit import auth, create_http, state_http

from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore

WRONG = {"error": {"code": "bad_credentials", "message": "The name or the password is wrong"}}


@pytest.fixture(params=["memory", "sqlite"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> FastAPI:
    passwords = CountingPasswords()
    if request.param == "memory":
        made = create_app(MemoryStore(), passwords=passwords)
    else:
        made = create_app(database_url=f"sqlite:///{tmp_path / 'a.sqlite3'}", passwords=passwords)
    made.state.passwords = passwords
    return made


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def second_device(app: FastAPI) -> TestClient:
    """Another browser on the same running app: a cookie jar of its own."""
    return TestClient(app)


def rally(client: TestClient) -> dict[str, Any]:
    """A two-person Road Rally USA match (one seat moves while the other waits)."""
    response = client.post(
        "/api/matches", json={"game": "road-rally", "seats": [{"name": "Ann"}, {"name": "Bo"}]}
    )
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


# ------------------------------------------------------------ registration
def test_registering_logs_in_with_an_httponly_lax_cookie_scoped_to_the_account_routes(
    client: TestClient,
) -> None:
    response = register(client, "  Ann  ")
    assert response.json()["name"] == "Ann"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("roadtrip_session=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/api/account" in cookie
    assert "Secure" not in cookie  # plain HTTP
    assert who(client) == "Ann"
    assert PASSWORD not in response.text


def test_the_cookie_is_secure_over_https(app: FastAPI) -> None:
    with TestClient(app, base_url="https://testserver") as secure:
        response = post(
            secure,
            "/api/account/register",
            {"name": "Ann", "password": PASSWORD},
            headers={"Origin": "https://testserver"},
        )
        assert response.status_code == 201 and "Secure" in response.headers["set-cookie"]


@pytest.mark.parametrize(
    ("name", "password", "words"),
    [
        ("   ", PASSWORD, "at least one character"),
        ("x" * 41, PASSWORD, "at most 40 characters"),
        ("Ann", "short", "at least 8 characters"),
        ("Ann", "y" * 257, "at most 256 characters"),
    ],
)
def test_names_and_passwords_that_break_the_rules_are_refused_saying_which(
    client: TestClient, name: str, password: str, words: str
) -> None:
    response = post(client, "/api/account/register", {"name": name, "password": password})
    assert response.status_code in (400, 422), response.text
    if response.status_code == 400:
        assert response.json()["error"]["code"] == "bad_account"
        assert words in response.json()["error"]["message"]
    assert login(client, name, password).status_code in (401, 422)


def test_a_name_is_unique_whatever_its_case(client: TestClient, app: FastAPI) -> None:
    register(client, "Ann")
    other = second_device(app)
    response = post(other, "/api/account/register", {"name": "ANN", "password": PASSWORD})
    assert response.status_code == 409 and response.json()["error"]["code"] == "name_taken"
    assert "set-cookie" not in response.headers


# ------------------------------------------------------------------ log-in
def test_log_in_with_the_right_password_and_not_with_a_wrong_one(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ann")
    phone = second_device(app)
    assert phone.get("/api/account").json() == {"account": None}
    wrong = login(phone, "Ann", "not the password")
    assert wrong.status_code == 401 and wrong.json() == WRONG
    assert "set-cookie" not in wrong.headers
    assert login(phone, "ann", PASSWORD).status_code == 200  # names compare case-folded
    assert who(phone) == "Ann"


def test_an_unknown_name_is_answered_as_a_wrong_password_after_a_hash_all_the_same(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ann")
    passwords = app.state.passwords
    before = passwords.verified
    unknown = login(client, "Nobody", PASSWORD)
    wrong = login(client, "Ann", "wrong password")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() == WRONG
    assert passwords.verified == before + 2  # the unknown name verified a dummy hash too


def test_log_in_attempts_are_limited_per_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ROADTRIP_LOGIN_QUOTA", "3/0.01")
    app = create_app(MemoryStore(), passwords=CountingPasswords())
    with TestClient(app) as client:
        for name in ("a1", "a2", "a3"):
            assert login(client, name, PASSWORD).status_code == 401
        refused = login(client, "a4", PASSWORD)
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert int(refused.headers["retry-after"]) >= 1


def test_log_in_attempts_are_limited_per_name_whether_it_exists_or_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROADTRIP_LOGIN_NAME_QUOTA", "2/0.01")
    app = create_app(MemoryStore(), passwords=CountingPasswords())
    with TestClient(app) as client:
        register(client, "Ann")
        for name in ("Ann", "Nobody"):
            for _ in range(2):
                assert login(client, name, "wrong password").status_code == 401
            refused = login(client, name.upper(), PASSWORD)  # even the right password
            assert refused.status_code == 429
            assert "account name, from any address," in refused.json()["error"]["message"]
        assert login(client, "Bo", PASSWORD).status_code == 401  # another name: not limited


# ------------------------------------------------------------- cross-site
def test_cross_site_requests_with_the_cookie_are_refused_and_change_nothing(
    client: TestClient,
) -> None:
    register(client, "Ann")
    logout = "/api/account/logout"
    for headers, kw in (
        ({"Origin": "http://evil.example"}, {"json": {}}),  # another site
        ({"Origin": "null"}, {"json": {}}),  # a sandboxed page
        ({}, {"json": {}}),  # a cookie without an Origin
        (ORIGIN, {"data": {"a": "1"}}),  # an HTML form's content type
        (ORIGIN, {"content": b"{}", "headers_ct": "text/plain"}),
    ):
        ct = kw.pop("headers_ct", None)
        sent = {**headers, **({"content-type": ct} if ct else {})}
        response = client.post(logout, headers=sent, **kw)
        assert response.status_code == 403, (headers, response.text)
        assert response.json()["error"]["code"] == "cross_site"
        assert who(client) is not None  # still logged in
    assert post(client, logout).status_code == 200


def test_a_log_in_from_another_site_is_refused_but_a_client_without_origin_may(
    client: TestClient,
) -> None:
    register(client, "Ann")
    client.cookies.clear()
    body = {"name": "Ann", "password": PASSWORD}
    evil = client.post("/api/account/login", json=body, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "set-cookie" not in evil.headers
    form = client.post("/api/account/login", data=body, headers=ORIGIN)
    assert form.status_code == 403
    assert client.post("/api/account/login", json=body).status_code == 200  # no cookie, no Origin


def test_any_state_changing_request_carrying_the_cookie_is_checked(client: TestClient) -> None:
    cookie = register(client, "Ann").headers["set-cookie"].split(";")[0]
    body = {"game": "road-to-300", "seats": [{"name": "A"}]}
    evil = {"cookie": cookie, "Origin": "http://evil.example"}
    assert client.post("/api/matches", json=body, headers=evil).status_code == 403
    assert client.post("/api/matches", json=body, headers=ORIGIN).status_code == 201


# ---------------------------------------------------------------- sessions
def test_log_out_ends_this_session_and_log_out_everywhere_ends_every_one(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ann")
    phone, tablet = second_device(app), second_device(app)
    for device in (phone, tablet):
        assert login(device, "Ann").status_code == 200
    assert post(phone, "/api/account/logout").status_code == 200
    assert who(phone) is None
    assert who(tablet) is not None and who(client) is not None
    assert login(phone, "Ann").status_code == 200
    assert post(client, "/api/account/logout-everywhere").status_code == 200
    for device in (client, phone, tablet):
        assert who(device) is None
        response = device.get("/api/account/matches")
        assert response.status_code == 401
        assert response.json()["error"]["code"] == "not_logged_in"


def test_a_revoked_sessions_cookie_sent_again_is_refused(client: TestClient) -> None:
    cookie = register(client, "Ann").headers["set-cookie"].split(";")[0]
    assert post(client, "/api/account/logout").status_code == 200
    again = client.get("/api/account", headers={"cookie": cookie})
    assert again.json() == {"account": None}


def test_device_links_end_with_their_session(client: TestClient, app: FastAPI) -> None:
    register(client, "Ann")
    created = create_http(client)
    claim(client, created["seats"][0]["token"])
    phone = second_device(app)
    login(phone, "Ann")
    token = device_link(phone, created["match"])
    assert state_http(phone, created["match"], token)["seat"] == 0
    post(client, "/api/account/logout-everywhere")
    gone = phone.get(f"/api/matches/{created['match']}/state", headers=auth(token))
    assert gone.status_code == 403
    # The guest link the match was made with still works.
    assert state_http(client, created["match"], created["seats"][0]["token"])["seat"] == 0


def test_passwords_session_secrets_and_device_links_never_reach_the_logs(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = register(client, "Ann").headers["set-cookie"].split(";")[0].split("=", 1)[1]
    created = create_http(client)
    post(client, "/api/account/seats", {"tokens": [created["seats"][0]["token"]]})
    url = post(client, "/api/account/links", {"match": created["match"]}).json()["url"]
    login(client, "Ann", "a wrong password")
    login(client, "Nobody", PASSWORD)
    assert caplog.records, "the request log logged the requests"
    for secret_text in (PASSWORD, "a wrong password", secret, url.split("#t=")[1]):
        assert secret_text not in caplog.text


def test_log_ins_beyond_the_hashing_slots_are_answered_busy_not_queued_forever(
    client: TestClient, app: FastAPI
) -> None:
    register(client, "Ann")
    passwords = app.state.passwords
    passwords.wait = 0.05
    with passwords.slot(), passwords.slot():  # both slots taken (HASHING_AT_ONCE)
        busy = login(client, "Ann", PASSWORD)
    assert busy.status_code == 503 and busy.json()["error"]["code"] == "busy"
    assert login(client, "Ann", PASSWORD).status_code == 200
