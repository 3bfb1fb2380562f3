"""The HTTP API through FastAPI's TestClient, on a MemoryStore and on SQLite."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import GAME, act_http, auth, create_http, play_http, state_http

from roadtrip.bots import bot_names
from roadtrip.core.records import MatchRecord, replay, replay_states
from roadtrip.games.road_to_300.options import OPTIONS
from roadtrip.server.app import create_app
from roadtrip.server.settings import MAX_HTTP_BODY
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import MemoryStore
from roadtrip.server.tokens import token_hash


@pytest.fixture(params=["memory", "sqlite"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "memory":
        app = create_app(MemoryStore())
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'api.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client


def error_of(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert message and not message[0].islower(), f"an error text starts with a capital: {message!r}"
    return message


# -------------------------------------------------------------------- games
def test_games_lists_road_to_300_with_options_and_bots(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = {g["id"]: g for g in response.json()}
    game = games[GAME]
    assert game["name"] == "Road to 300"
    assert (game["min_players"], game["max_players"]) == (1, 6)
    options = {o["name"]: o for o in game["options"]}
    assert list(options) == [o.name for o in OPTIONS]
    assert options["players"] == {**options["players"], "kind": "int", "default": 1}
    assert (options["players"]["minimum"], options["players"]["maximum"]) == (1, 6)
    assert options["first_move"]["choices"] == ["corner_step", "corner_free"]
    assert options["cross_standing"]["kind"] == "bool"
    assert all(o["doc"] for o in options.values())
    bots = [b["name"] for b in game["bots"]]
    assert bots == bot_names(GAME) and "random" in bots
    assert all(b["summary"] for b in game["bots"])


# ------------------------------------------------------------------ create
def test_create_returns_links_with_tokens_after_the_hash(client: TestClient) -> None:
    created = create_http(client, players=3, bots=[None, "random", None], hotseat=True)
    mid = created["match"]
    assert [s["seat"] for s in created["seats"]] == [0, 2]
    tokens = [s["token"] for s in created["seats"]]
    tokens += [created["spectator"]["token"], created["hotseat"]["token"]]
    assert len(set(tokens)) == 4 and all(len(t) >= 32 for t in tokens)
    for entry in [*created["seats"], created["spectator"], created["hotseat"]]:
        assert entry["url"] == f"/m/{mid}#t={entry['token']}"
    solo = create_http(client)
    assert solo["hotseat"] is None and len(solo["seats"]) == 1


def test_the_state_says_whether_the_game_hides_information(client: TestClient) -> None:
    """The match page covers a hot-seat screen between turns only where it must:
    not in Get Your Kicks (everything on the table), but in competitive Road to 300
    (a choice on the shared roll stays hidden until every seat has chosen:
    docs/rules/road-to-300.md) and Road Rally (hands)."""
    kicks = client.post(
        "/api/matches",
        json={
            "game": "get-your-kicks",
            "options": {"players": 2},
            "seats": [{"name": "A"}, {"name": "B"}],
            "hotseat": True,
        },
    ).json()
    state = state_http(client, kicks["match"], kicks["hotseat"]["token"])
    assert state["perfect_information"] is True
    created = create_http(client, players=2, hotseat=True)
    state = state_http(client, created["match"], created["hotseat"]["token"])
    assert state["perfect_information"] is False
    response = client.post(
        "/api/matches",
        json={
            "game": "road-rally",
            "options": {"players": 2},
            "seats": [{"name": "A"}, {"name": "B"}],
            "hotseat": True,
        },
    )
    assert response.status_code == 201
    rally = response.json()
    for token in (rally["hotseat"]["token"], rally["spectator"]["token"]):
        assert state_http(client, rally["match"], token)["perfect_information"] is False


@pytest.mark.parametrize(
    ("body", "status", "code", "words"),
    [
        ({"game": "chess", "seats": [{}]}, 404, "unknown_game", ["road-to-300"]),
        (
            {"game": GAME, "options": {"first_move": "leap"}, "seats": [{}]},
            400,
            "invalid_option",
            ["corner_step", "corner_free"],
        ),
        (
            {"game": GAME, "options": {"players": 9}, "seats": [{}]},
            400,
            "invalid_option",
            ["between 1 and 6"],
        ),
        (
            {"game": GAME, "options": {"colour": "red"}, "seats": [{}]},
            400,
            "invalid_option",
            ["colour", "first_move"],
        ),
        (
            {"game": GAME, "options": {"players": 2}, "seats": [{}, {"bot": "oracle"}]},
            400,
            "unknown_bot",
            ["oracle", "random"],
        ),
        ({"game": GAME, "options": {"players": 1}, "seats": [{}, {}]}, 400, "bad_setup", ["seats"]),
        ({"game": GAME, "seats": []}, 400, "bad_setup", ["seat"]),
        ({"game": GAME, "options": {"players": 3}, "seats": [{}]}, 400, "bad_setup", ["3"]),
        ({"game": GAME, "seats": [{}] * 7}, 400, "bad_setup", ["1 to 6 players", "7"]),
        ({"game": GAME, "seats": [{"name": "x" * 41}]}, 400, "bad_setup", ["41", "at most 40"]),
        (
            {"game": GAME, "seats": [{"name": "Ann", "partner": "Bob"}]},
            400,
            "bad_setup",
            ["team", "Main Street"],
        ),
        ({"seats": [{}]}, 422, "bad_request", ["game"]),
        ({"game": GAME, "seats": [{"name": ""}]}, 422, "bad_request", ["name"]),
        ({"game": GAME, "seats": "two"}, 422, "bad_request", ["seats"]),
    ],
    ids=[
        "unknown-game",
        "bad-choice",
        "bad-number",
        "unknown-option",
        "unknown-bot",
        "too-many-seats",
        "no-seats",
        "too-few-seats",
        "more-seats-than-the-game-takes",
        "name-too-long",
        "team-outside-main-street",
        "no-game",
        "empty-name",
        "seats-not-a-list",
    ],
)
def test_create_errors(
    client: TestClient, body: dict[str, Any], status: int, code: str, words: list[str]
) -> None:
    message = error_of(client.post("/api/matches", json=body), status, code)
    for word in words:
        assert word in message


def test_create_with_malformed_json_is_422(client: TestClient) -> None:
    response = client.post(
        "/api/matches",
        content=b'{"game": "road-to-300", ',
        headers={"content-type": "application/json"},
    )
    error_of(response, 422, "bad_request")


def test_oversized_bodies_are_refused_with_413(client: TestClient) -> None:
    body = json.dumps({"game": GAME, "seats": [{"name": "x" * (MAX_HTTP_BODY + 10)}]})
    response = client.post(
        "/api/matches", content=body.encode(), headers={"content-type": "application/json"}
    )
    assert str(MAX_HTTP_BODY) in error_of(response, 413, "too_large")
    created = create_http(client)
    token = created["seats"][0]["token"]
    big = json.dumps({"action": 1, "pad": "y" * MAX_HTTP_BODY}).encode()
    response = client.post(
        f"/api/matches/{created['match']}/actions",
        content=big,
        headers={**auth(token), "content-type": "application/json"},
    )
    error_of(response, 413, "too_large")


# --------------------------------------------------------- state and moves
def test_state_and_actions_need_the_right_token(client: TestClient) -> None:
    created = create_http(client)
    other = create_http(client)
    mid = created["match"]
    for path, method in (("state", "get"), ("actions", "post"), ("record", "get")):
        url = f"/api/matches/{mid}/{path}"
        kwargs: dict[str, Any] = {"json": {"action": 0}} if method == "post" else {}
        for headers in (
            {},
            {"Authorization": "Bearer "},
            {"Authorization": "Basic abc"},
            auth("not-a-token"),
            auth(other["seats"][0]["token"]),
        ):
            response = getattr(client, method)(url, headers=headers, **kwargs)
            error_of(response, 403, "access_denied")
    state = state_http(client, mid, created["seats"][0]["token"])
    assert state["seat"] == 0 and state["view"]["you"] == 0 and state["choices"]


def test_unknown_match_is_404(client: TestClient) -> None:
    created = create_http(client)
    token = created["seats"][0]["token"]
    response = client.get("/api/matches/nonexistent00/state", headers=auth(token))
    error_of(response, 404, "not_found")


def test_moves_and_their_errors(client: TestClient) -> None:
    created = create_http(client, players=2, hotseat=True)
    mid = created["match"]
    seat0, seat1 = (s["token"] for s in created["seats"])
    spectator = created["spectator"]["token"]
    first = state_http(client, mid, seat0)
    legal = [c["action"] for c in first["choices"]]
    illegal = next(a for a in range(72) if a not in legal)

    error_of(act_http(client, mid, spectator, legal[0]), 403, "access_denied")
    error_of(act_http(client, mid, seat0, legal[0], seat=1), 403, "access_denied")
    assert "legal" in error_of(act_http(client, mid, seat0, illegal), 400, "illegal_move")
    error_of(act_http(client, mid, seat0, legal[0], my_moves=3), 409, "stale")
    for bad in ("1", True, 1.5, None, [1]):
        error_of(act_http(client, mid, seat0, bad), 422, "bad_request")  # type: ignore[arg-type]
    response = client.post(f"/api/matches/{mid}/actions", json={}, headers=auth(seat0))
    error_of(response, 422, "bad_request")
    assert state_http(client, mid, seat0) == first  # nothing changed

    after = act_http(client, mid, seat0, legal[0], my_moves=0)
    assert after.status_code == 200
    message = after.json()
    assert message["my_moves"] == 1 and message["version"] == first["version"] + 1
    assert message["view"]["sheets"][0]["step"] == "move"
    # the same click again is stale; seat 0 ends its move and must then wait
    error_of(act_http(client, mid, seat0, legal[0], my_moves=0), 409, "stale")
    destination = message["choices"][0]["action"]
    waiting = act_http(client, mid, seat0, destination).json()
    assert waiting["choices"] == [] and waiting["active_seats"] == [1]
    error_of(act_http(client, mid, seat0, destination), 409, "not_your_turn")
    # seat 1 is still on the same roll
    seat1_state = state_http(client, mid, seat1)
    assert seat1_state["view"]["sheets"][1]["dice"] == first["view"]["sheets"][1]["dice"]
    # the hot-seat token plays seat 1 by default now
    hot = created["hotseat"]["token"]
    response = act_http(client, mid, hot, seat1_state["choices"][0]["action"])
    assert response.status_code == 200 and response.json()["my_seats"] == [0, 1]


def test_a_whole_game_then_the_record_and_the_replay(client: TestClient) -> None:
    created = create_http(client, players=2, bots=[None, "random"])
    mid = created["match"]
    token = created["seats"][0]["token"]
    spectator = created["spectator"]["token"]
    error_of(client.get(f"/api/matches/{mid}/record", headers=auth(token)), 403, "access_denied")
    states = play_http(client, mid, token, Random(3))
    final = states[-1]
    assert final["finished"] and final["choices"] == [] and len(final["returns"]) == 2
    error_of(act_http(client, mid, token, 0), 409, "game_over")

    response = client.get(f"/api/matches/{mid}/record", headers=auth(spectator))
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = MatchRecord.from_json(response.text)
    assert record.game == GAME and record.seed is not None
    assert record.meta["match_id"] == mid
    end = replay(record)
    assert end.is_terminal() and list(record.returns or ()) == final["returns"]
    assert end.view(0) == final["view"]
    assert len(record.actions) == final["version"]

    index = client.get(f"/api/matches/{mid}/replay", headers=auth(token)).json()
    assert index["finished"] and index["steps"] == len(record.actions) == len(index["log"])
    assert [p["bot"] for p in index["players"]] == [None, "random"]
    assert index["log"][0].startswith("Chance: roll")
    views = [s.view(0) for s in replay_states(record)]
    for step in (0, 1, 2, index["steps"] // 2, index["steps"]):
        shown = client.get(f"/api/matches/{mid}/replay/{step}", headers=auth(token)).json()
        assert shown["type"] == "replay_step" and shown["steps"] == index["steps"]
        assert shown["step"] == step and shown["view"] == views[step]
        assert shown["text"] == ("Start of the match" if step == 0 else index["log"][step - 1])
    for bad in (-1, index["steps"] + 1):
        response = client.get(f"/api/matches/{mid}/replay/{bad}", headers=auth(token))
        error_of(response, 400, "illegal_move")
    spectator_step = client.get(f"/api/matches/{mid}/replay/1", headers=auth(spectator)).json()
    assert spectator_step["view"]["you"] is None


def test_replay_of_a_running_match_has_no_seed(client: TestClient) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    play_http(client, mid, token, Random(1), moves=4)
    index = client.get(f"/api/matches/{mid}/replay", headers=auth(token)).json()
    assert not index["finished"] and index["steps"] >= 5
    text = json.dumps(index)
    step = client.get(f"/api/matches/{mid}/replay/3", headers=auth(token)).text
    assert "seed" not in text and "seed" not in step


def test_the_replay_index_gives_the_match_options(client: TestClient) -> None:
    """The replay page's board words follow the variant options (e.g. Road to 300's
    no_cross=pass, "sit out the round"), so the replay index carries them, defaults
    filled in, like the live state message."""
    created = create_http(client, options={"no_cross": "pass", "target": 250})
    mid, token = created["match"], created["seats"][0]["token"]
    index = client.get(f"/api/matches/{mid}/replay", headers=auth(token)).json()
    assert index["options"]["no_cross"] == "pass" and index["options"]["target"] == 250
    assert index["options"]["first_move"] == "corner_step"  # a default, filled in
    assert index["options"] == state_http(client, mid, token)["options"]


def test_tokens_are_stored_only_as_hashes_in_sqlite(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tokens.sqlite3'}"
    tokens: list[str] = []
    with TestClient(create_app(database_url=url)) as client:
        for _ in range(3):
            created = create_http(client, hotseat=True)
            tokens += [s["token"] for s in created["seats"]]
            tokens += [created["spectator"]["token"], created["hotseat"]["token"]]
            play_http(client, created["match"], created["seats"][0]["token"], Random(2), 3)
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    store = SqlStore(url)
    try:
        from sqlalchemy import select

        from roadtrip.server.sql_store import tokens as tokens_table

        with store.engine.connect() as conn:
            hashes = {row[0] for row in conn.execute(select(tokens_table.c.token_hash))}
    finally:
        store.close()
    assert hashes == {token_hash(t) for t in tokens}
    for token in tokens:
        assert token.encode() not in raw


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/m/abc", "/replay/abc"):
        response = client.get(path)
        assert response.status_code == 200 and "text/html" in response.headers["content-type"]
