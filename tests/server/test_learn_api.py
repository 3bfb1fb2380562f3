"""Learn to play over HTTP: each game's tutorial followed to the hand-over, wrong moves
explained without a change, unknown games and tokens, and the sessions' limits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from roadtrip.games.tutorials import tutorial_ids
from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore
from roadtrip.server.tutorials import TutorialSessions


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(clock: Clock) -> Iterator[TestClient]:
    sessions = TutorialSessions(max_sessions=5, per_address=3, idle_seconds=60, clock=clock)
    with TestClient(create_app(MemoryStore(), learn_sessions=sessions)) as test_client:
        yield test_client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start(client: TestClient, game: str) -> tuple[str, dict[str, Any]]:
    answer = client.post("/api/learn", json={"game": game})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["token"], body


def follow(client: TestClient, token: str, body: dict[str, Any]) -> dict[str, Any]:
    while not body["tutorial"]["finished"]:
        body = client.post(
            "/api/learn/moves",
            json={"action": body["tutorial"]["intended_action"]},
            headers=auth(token),
        ).json()
        assert body["answer"]["accepted"], body
    return body


@pytest.mark.parametrize("game", tutorial_ids())
def test_following_the_intended_moves_reaches_the_hand_over_and_plays_on(
    client: TestClient, game: str
) -> None:
    token, body = start(client, game)
    assert body["tutorial"]["step_index"] == 0 and body["tutorial"]["step"]["text"]
    assert body["state"]["game"] == game and body["state"]["seat"] == 0
    assert body["tutorial"]["intended_action"] in [c["action"] for c in body["state"]["choices"]]
    body = follow(client, token, body)
    assert body["tutorial"]["handover"] and body["tutorial"]["step"] is None
    state = body["state"]
    assert not state["finished"] and state["choices"], "the learner moves on in the game"
    # The game goes on: a legal move is taken, and the bots (if any) answer at once.
    after = client.post(
        "/api/learn/moves", json={"action": state["choices"][0]["action"]}, headers=auth(token)
    ).json()
    assert after["answer"]["accepted"] and after["state"]["version"] > state["version"]
    assert after["state"]["finished"] or 0 in after["state"]["active_seats"]


@pytest.mark.parametrize("game", tutorial_ids())
def test_a_wrong_move_answers_its_explanation_and_changes_nothing(
    client: TestClient, game: str
) -> None:
    token, body = start(client, game)
    while True:  # the first step with a move other than the intended one
        intended = body["tutorial"]["intended_action"]
        wrong = [c["action"] for c in body["state"]["choices"] if c["action"] != intended]
        if wrong:
            break
        body = follow_one(client, token, intended)
    answer = client.post("/api/learn/moves", json={"action": wrong[0]}, headers=auth(token))
    assert answer.status_code == 200
    refused = answer.json()
    assert refused["answer"]["accepted"] is False
    assert "This step's move:" in refused["answer"]["message"]
    assert refused["state"] == body["state"] and refused["tutorial"] == body["tutorial"]
    again = client.get("/api/learn/state", headers=auth(token)).json()
    assert again["state"] == body["state"]


def follow_one(client: TestClient, token: str, action: int) -> dict[str, Any]:
    body: dict[str, Any] = client.post(
        "/api/learn/moves", json={"action": action}, headers=auth(token)
    ).json()
    return body


def test_an_illegal_move_in_the_game_on_is_refused_and_changes_nothing(client: TestClient) -> None:
    token, body = start(client, "road-to-300")
    body = follow(client, token, body)
    legal = {c["action"] for c in body["state"]["choices"]}
    illegal = next(a for a in range(1000) if a not in legal)
    answer = client.post("/api/learn/moves", json={"action": illegal}, headers=auth(token))
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "illegal_move"
    assert client.get("/api/learn/state", headers=auth(token)).json()["state"] == body["state"]


def test_the_learner_sees_only_their_own_view(client: TestClient) -> None:
    token, body = start(client, "road-rally")
    session = client.app.state.tutorials.get(token)  # type: ignore[attr-defined]
    assert body["state"]["view"] == session.state.view(0)
    assert body["state"]["view"] != session.state.view(None)  # the hand is the learner's only
    body = follow(client, token, body)
    assert body["state"]["view"] == session.state.view(0)


def test_an_unknown_game_or_token_is_a_clear_404(client: TestClient) -> None:
    answer = client.post("/api/learn", json={"game": "chess"})
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "unknown_game"
    assert "road-to-300" in answer.json()["error"]["message"]
    for headers in (auth("not-a-token"), {}):
        missing = client.get("/api/learn/state", headers=headers)
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
        move = client.post("/api/learn/moves", json={"action": 0}, headers=headers)
        assert move.status_code == 404


def test_a_bad_move_body_is_a_422(client: TestClient) -> None:
    token, _ = start(client, "road-to-300")
    for body in ({"action": "x"}, {"action": -1}, {}):
        answer = client.post("/api/learn/moves", json=body, headers=auth(token))
        assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_request"


def test_sessions_are_bounded_per_address_overall_and_by_idle_time(
    client: TestClient, clock: Clock
) -> None:
    sessions: TutorialSessions = client.app.state.tutorials  # type: ignore[attr-defined]
    tokens = [start(client, "road-to-300")[0] for _ in range(4)]
    assert len(sessions) == 3, "an address keeps its 3 newest sessions"
    assert client.get("/api/learn/state", headers=auth(tokens[0])).status_code == 404
    assert client.get("/api/learn/state", headers=auth(tokens[3])).status_code == 200
    others = [sessions.start("road-to-300", f"10.0.0.{n}")[0] for n in range(4)]
    assert len(sessions) == 5, "at most 5 in all, the least recently used forgotten"
    assert client.get("/api/learn/state", headers=auth(others[-1])).status_code == 200
    clock.now += 61
    assert client.get("/api/learn/state", headers=auth(others[-1])).status_code == 404
    assert sessions.sweep() == 4 and len(sessions) == 0


def test_new_tutorials_spend_the_address_quota(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADTRIP_LEARN_QUOTA", "2/1")
    with TestClient(create_app(MemoryStore())) as client:
        assert client.post("/api/learn", json={"game": "nothing"}).status_code == 404
        for _ in range(2):
            assert client.post("/api/learn", json={"game": "road-to-300"}).status_code == 201
        refused = client.post("/api/learn", json={"game": "road-to-300"})
        assert refused.status_code == 429 and refused.headers["Retry-After"]
        assert refused.json()["error"]["code"] == "too_many_requests"
