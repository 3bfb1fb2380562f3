"""The OpenAPI schema documents the error answers of every API route.

``/openapi.json`` documented only 200/201 and FastAPI's own 422 body (which the app
never sends), so schemathesis counted hundreds of "undocumented status code"
answers and API users could not see the refusals.  Here every operation's error
statuses use the app's one error body; every refusal the routes really give
(provoked below, route by route) is documented with its code; and every status
documented is one a route really gives.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth, create_http, play_http, state_http

from roadtrip.server.app import create_app
from roadtrip.server.daily import utc_day
from roadtrip.server.settings import MAX_HTTP_BODY
from roadtrip.server.storage import MemoryStore

ERROR_BODY = {"$ref": "#/components/schemas/ErrorBody"}
# (method, path template, status, code) seen
Seen = set[tuple[str, str, int, str]]


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def client(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.05")
    monkeypatch.setenv("ROADTRIP_ADVICE_QUOTA", "1/0.01")  # the second advice: 429
    monkeypatch.setenv("ROADTRIP_REVIEW_QUOTA", "20/0.01")  # spent at the end: 429
    monkeypatch.setenv("ROADTRIP_CREATE_QUOTA", "4/0.01")  # the fifth new match: 429
    monkeypatch.setenv("ROADTRIP_LEARN_QUOTA", "2/0.01")  # the third tutorial: 429
    monkeypatch.setenv("ROADTRIP_REGISTER_QUOTA", "2/0.01")  # the third account: 429
    monkeypatch.setenv("ROADTRIP_LOGIN_NAME_QUOTA", "2/0.01")  # the third try of a name
    with TestClient(create_app(store)) as test_client:
        yield test_client


def operations(schema: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {
        (method.upper(), path): operation
        for path, by_method in schema["paths"].items()
        for method, operation in by_method.items()
    }


def error_statuses(operation: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {s: r for s, r in operation["responses"].items() if s[0] in "45"}


def only_text_path_parameters(operation: dict[str, Any]) -> bool:
    """No body, no parameter but string path segments: nothing can fail validation."""
    parameters = operation.get("parameters", [])
    return "requestBody" not in operation and all(
        p["in"] == "path" and p["schema"].get("type") == "string" for p in parameters
    )


def test_every_api_operation_documents_its_errors_with_the_error_body(
    client: TestClient,
) -> None:
    schema = client.get("/openapi.json").json()
    assert "HTTPValidationError" not in schema["components"]["schemas"]  # never sent
    detail = schema["components"]["schemas"]["ErrorDetail"]
    assert set(detail["required"]) == {"code", "message"}
    found = operations(schema)
    assert len(found) >= 12
    for (method, path), operation in found.items():
        errors = error_statuses(operation)
        assert "413" in errors, f"{method} {path}: every request body is counted"
        if operation.get("parameters") or "requestBody" in operation:
            assert "422" in errors, f"{method} {path}"
        if "{match_id}" in path:
            assert {"403", "404", "409"} <= set(errors), f"{method} {path}"
        for response in errors.values():
            assert response["content"]["application/json"]["schema"] == ERROR_BODY
            assert re.findall(r"^- `\w+`: \S", response["description"], re.M), (method, path)


def provoke(client: TestClient, store: MemoryStore) -> Seen:
    """Every refusal of every route that a test can bring about cheaply."""
    seen: Seen = set()

    def call(method: str, template: str, match_id: str = "", token: str = "", **kw: Any) -> None:
        url = template.replace("{match_id}", match_id)
        for name, value in kw.pop("path", {}).items():
            url = url.replace("{" + name + "}", str(value))
        headers = {**kw.pop("headers", {}), **(auth(token) if token else {})}
        response = client.request(method, url, headers=headers, **kw)
        assert response.status_code >= 400, (method, url, response.text)
        error = response.json()["error"]
        seen.add((method, template, response.status_code, error["code"]))

    open_match = create_http(client, players=2, hotseat=True)
    mid, seat_token = open_match["match"], open_match["seats"][0]["token"]
    spectator = open_match["spectator"]["token"]
    over = create_http(client, players=1, options={"max_rounds": 1})
    over_id, over_token = over["match"], over["seats"][0]["token"]
    play_http(client, over_id, over_token, Random(1))
    stored = store.load(over_id)
    assert stored is not None and stored.finished
    broken = copy.deepcopy(stored)
    broken.id, broken.finished = "broken" + over_id[6:], False
    broken.actions[0] = (broken.actions[0][0], 10_000)
    store.create(broken, {})
    turns = client.post(
        "/api/matches", json={"game": "road-rally", "seats": [{"name": "A"}, {"name": "B"}]}
    ).json()
    waiting = next(  # the seat that waits while the other moves
        seat["token"]
        for seat in turns["seats"]
        if not state_http(client, turns["match"], seat["token"])["choices"]
    )

    huge = b"x" * (MAX_HTTP_BODY + 1)
    match_routes = [
        (method, path)
        for method, path in operations(client.get("/openapi.json").json())
        if "{match_id}" in path
    ]
    for method, path in match_routes:
        kw: dict[str, Any] = {"path": {"step": 0}}
        if path.endswith("/actions"):
            kw["json"] = {"action": 0}
        call(method, path, "no-such-match", seat_token, **kw)  # 404 not_found
        call(method, path, mid, "", **kw)  # 403: no token
        call(method, path, broken.id, seat_token, **kw)  # 409 unplayable
        call(method, path, mid, seat_token, content=huge, **kw)  # 413
    call("GET", "/api/games", content=huge)
    provoke_learn(call, client, huge)

    new = "/api/matches"
    call("POST", new, json={"game": "no-such-game"})
    call("POST", new, json={"game": "road-to-300", "seats": [{"name": "A", "bot": "nobody"}]})
    call("POST", new, json={"game": "road-to-300", "options": {"self": 1}})
    call("POST", new, json={"game": "road-to-300", "seats": [{"name": "A"}] * 7})
    call("POST", new, json={"game": "road-to-300", "turn_clock": {"seconds": -3}})
    call("POST", new, json={"seats": "none"})
    call("POST", new, content=huge)

    acts = "/api/matches/{match_id}/actions"
    call("POST", acts, mid, spectator, json={"action": 0})
    call("POST", acts, mid, seat_token, json={"action": 0, "my_moves": 99})
    call("POST", acts, mid, seat_token, json={"action": 10_000})
    call("POST", acts, over_id, over_token, json={"action": 0})
    call("POST", acts, turns["match"], waiting, json={"action": 0})
    call("POST", acts, mid, seat_token, json={"action": "0"})

    call("POST", "/api/matches/{match_id}/rematch", mid, seat_token)
    call("GET", "/api/matches/{match_id}/record", mid, seat_token)
    step = "/api/matches/{match_id}/replay/{step}"
    call("GET", step, mid, seat_token, path={"step": 99})
    call("GET", step, mid, seat_token, path={"step": "x"})

    advice = "/api/matches/{match_id}/advice"
    call("GET", advice, mid, spectator)
    call("GET", advice, over_id, over_token)
    call("GET", advice, turns["match"], waiting)
    call("GET", advice, mid, seat_token, params={"seat": "x"})
    solo = create_http(client)
    solo_id, solo_token = solo["match"], solo["seats"][0]["token"]
    assert client.get(f"/api/matches/{solo_id}/advice", headers=auth(solo_token)).is_success
    play_http(client, solo_id, solo_token, Random(2), moves=2)  # the roll's two decisions
    call("GET", advice, solo_id, solo_token)  # 429: over the quota (a new turn)
    call("POST", new, json={"game": "road-to-300", "seats": [{"name": "A"}]})  # 429: fifth
    review = "/api/matches/{match_id}/review"
    for method in ("GET", "POST"):
        call(method, review, mid, seat_token)
        call(method, review, over_id, over_token, params={"seat": 9})
        call(method, review, over_id, over_token, params={"seat": "x"})
    for _ in range(20):  # spend the review quota (each start counts, refused ones too)
        if client.post(f"/api/matches/{over_id}/review", headers=auth(over_token)).is_error:
            break
    call("POST", review, over_id, over_token)  # 429: over the quota

    call("POST", "/api/turns", json={"tokens": "x"})
    call("POST", "/api/turns", content=huge)
    not_text = {"content": b'{"a": "\xff"}', "headers": {"content-type": "application/json"}}
    call("POST", "/api/turns", **not_text)
    call("POST", new, **not_text)
    call("POST", acts, mid, seat_token, **not_text)
    provoke_accounts(client, call, huge, not_text)
    provoke_daily(client, call, huge, not_text)
    return seen


def provoke_learn(call: Any, client: TestClient, huge: bytes) -> None:
    """The learn-to-play routes' refusals (server/learn_api.py)."""
    learn, moves, learn_state = "/api/learn", "/api/learn/moves", "/api/learn/state"
    call("POST", learn, json={"game": "no-such-game"})  # 404, and free
    call("POST", learn, json={"name": "x"})  # 422
    call("POST", learn, content=huge)  # 413
    call("POST", learn, content=b'{"a": "\xff"}', headers={"content-type": "application/json"})
    body = client.post(learn, json={"game": "road-to-300"}).json()
    token = body["token"]
    call("GET", learn_state, token="no-such-token")  # 404
    call("GET", learn_state, token=token, content=huge)  # 413
    call("POST", moves, token="no-such-token", json={"action": 0})  # 404
    call("POST", moves, token=token, json={"action": "x"})  # 422
    call("POST", moves, token=token, content=huge)  # 413
    not_text = {"content": b'{"a": "\xff"}', "headers": {"content-type": "application/json"}}
    call("POST", moves, token=token, **not_text)
    while not body["tutorial"]["finished"]:  # the tutorial's steps
        step = {"action": body["tutorial"]["intended_action"]}
        body = client.post(moves, headers=auth(token), json=step).json()
    call("POST", moves, token=token, json={"action": 10_000})  # 400 illegal_move
    while not body["state"]["finished"]:  # its game on, to the end
        first = {"action": body["state"]["choices"][0]["action"]}
        body = client.post(moves, headers=auth(token), json=first).json()
    call("POST", moves, token=token, json={"action": 0})  # 409 game_over
    assert client.post(learn, json={"game": "road-to-300"}).status_code == 201
    call("POST", learn, json={"game": "road-to-300"})  # 429: the third


def provoke_accounts(client: TestClient, call: Any, huge: bytes, not_text: dict[str, Any]) -> None:
    """The refusals of the account routes: first without a session, then with one."""
    json_type = {"content-type": "application/json"}
    evil = {"Origin": "http://evil.example"}
    here = {"Origin": "http://testserver"}
    credentials = {"name": "Ann", "password": "correct horse"}
    posts = ("register", "login", "logout", "logout-everywhere", "delete", "seats", "links")
    for name in posts:
        path = f"/api/account/{name}"
        call("POST", path, content=huge, headers=json_type)  # 413
        call("POST", path, json=[])  # 422
        call("POST", path, **not_text)  # 400
        call("POST", path, json=credentials, headers=evil)  # 403 cross_site
        if name not in ("register", "login"):
            call("POST", path, json={"password": "x", "tokens": [], "match": "m"})  # 401
    call("GET", "/api/account/matches")  # 401 not_logged_in
    call("POST", "/api/account/matches", json={"game": "road-to-300"}, headers=here)  # 401
    for path in ("/api/account", "/api/account/matches"):
        call("GET", path, content=huge)  # 413
    register = "/api/account/register"
    call("POST", register, json={"name": "Ann", "password": "short"})  # 400 bad_account
    call("POST", "/api/account/login", json=credentials)  # 401 bad_credentials
    assert client.post(register, json=credentials, headers=here).status_code == 201  # Ann
    call("POST", register, json=credentials, headers=here)  # 409 name_taken
    call("POST", register, json={**credentials, "name": "Cy"}, headers=here)  # 429
    call("POST", "/api/account/links", json={"match": "no-such-match"}, headers=here)  # 404
    call("POST", "/api/account/delete", json={"password": "wrong password"}, headers=here)  # 401
    call("POST", "/api/account/login", json={**credentials, "password": "wrong"}, headers=here)
    call("POST", "/api/account/login", json=credentials, headers=here)  # 429: a name's third
    call("POST", "/api/account/delete", json={"password": "correct horse"}, headers=here)  # 429
    provoke_ratings(call, huge, not_text)


def provoke_ratings(call: Any, huge: bytes, not_text: dict[str, Any]) -> None:
    """The refusals of the rated-match and leaderboard routes (server/ratings.py),
    made by the account logged in above (the create quota is spent by then)."""
    here = {"Origin": "http://testserver"}
    path = "/api/account/matches"
    two = {"game": "road-to-300", "seats": [{"name": "A"}, {"name": "B"}], "rated": True}
    call("POST", path, content=huge, headers={"content-type": "application/json", **here})
    call("POST", path, json=[], headers=here)  # 422
    call("POST", path, **not_text)  # 400 unreadable
    call("POST", path, json=two, headers={"Origin": "http://evil.example"})  # 403
    call("POST", path, json={**two, "game": "no-such-game"}, headers=here)  # 404
    call("POST", path, json={**two, "hotseat": True}, headers=here)  # 400 bad_setup
    call("POST", path, json={**two, "turn_clock": {"seconds": -1}}, headers=here)  # 400
    call("POST", path, json=two, headers=here)  # 429: the create quota is spent
    board = "/api/leaderboard/{game}"
    call("GET", board, path={"game": "no-such-game"})  # 404
    call("GET", board, path={"game": "road-to-300"}, content=huge)  # 413
    profile = "/api/accounts/{name}"
    call("GET", profile, path={"name": "nobody"})  # 404
    call("GET", profile, path={"name": "Ann"}, content=huge)  # 413


def provoke_daily(client: TestClient, call: Any, huge: bytes, not_text: dict[str, Any]) -> None:
    """The daily challenge's refusals (server/daily_api.py), logged in as Ann."""
    here = {"Origin": "http://testserver"}
    start, board = "/api/account/daily/{game}", "/api/account/daily/{game}/{day}"
    road = {"game": "road-to-300"}
    call("POST", start, path={"game": "road-rally"}, json={}, headers=here)  # 404 no_daily
    call("POST", start, path=road, params={"date": "2999-01-01"}, json={}, headers=here)  # 400
    call(
        "POST", start, path=road, content=huge, headers={"content-type": "application/json", **here}
    )
    call("POST", start, path=road, json=[], headers=here)  # 422
    call(
        "POST",
        start,
        path=road,
        content=not_text["content"],
        headers={**not_text["headers"], **here},
    )
    call("POST", start, path=road, json={}, headers={"Origin": "http://evil.example"})  # 403
    today = {**road, "day": utc_day(time.time())}
    call("GET", board, path={**today, "game": "road-rally"})  # 404
    call("GET", board, path={**road, "day": "2999-01-01"})  # 400 bad_day
    call("GET", board, path=today, content=huge)  # 413
    call("GET", board, path=today)  # 403 not_revealed: today, not finished
    # Each past day's expert game spends the thinking quota (a burst of 1 here).
    yesterday = board.format(game="road-to-300", day=utc_day(time.time() - 86_400))
    assert client.get(yesterday).status_code == 200
    call("GET", board, path={**road, "day": utc_day(time.time() - 2 * 86_400)})  # 429
    mine = client.post(start.format(**road), json={}, headers=here).json()
    play_http(client, mine["match"], mine["seats"][0]["token"], Random(4))
    call("POST", start, path=road, json={}, headers=here)  # 409 already_played
    for _ in range(30):  # spend the address's match quota (each start counts)
        if client.post(start.format(**road), json={}, headers=here).status_code == 429:
            break
    call("POST", start, path=road, json={}, headers=here)  # 429


def test_every_refusal_a_route_gives_is_documented_and_every_documented_one_given(
    client: TestClient, store: MemoryStore
) -> None:
    seen = provoke(client, store)
    documented = operations(client.get("/openapi.json").json())
    for method, path, status, code in sorted(seen):
        response = error_statuses(documented[method, path]).get(str(status))
        assert response is not None, f"{method} {path} answers {status} {code}, undocumented"
        assert f"`{code}`" in response["description"], f"{method} {path}: {status} {code}"
    given = {(method, path, str(status)) for method, path, status, _code in seen}
    for (method, path), operation in documented.items():
        for status in error_statuses(operation):
            if status == "422" and only_text_path_parameters(operation):
                continue  # FastAPI documents it wherever there are parameters
            if status == "503":
                continue  # the bot processes failing: tests/server/test_bot_pool.py
            assert (method, path, status) in given, f"{method} {path} documents {status}"
