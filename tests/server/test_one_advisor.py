"""One advisor for every front end (issue 23, item 3): for the same position and
budget, ``advise()``, ``roadtrip play --hint`` (AdvisorHint as the terminal uses
it), the browser's Advice (``GET /api/matches/{id}/advice``), the review of the
record (``review_match``, as ``roadtrip review`` runs it) and the browser's review
give the same figures."""

from __future__ import annotations

import time
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import act_http, auth, state_http

from roadtrip.bots import observe
from roadtrip.bots.advice import advise, review_match
from roadtrip.cli.advice_view import AdvisorHint
from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore

SECONDS = 0.02  # each engine's minimum budget or near it: the test stays quick

SETUPS = [
    ("road-to-300", 1),
    ("road-to-300", 2),
    ("get-your-kicks", 2),
    ("mileage-may-vary", 1),
    ("road-rally", 2),
    ("open-road", 2),
]


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", str(SECONDS))
    monkeypatch.setenv("ROADTRIP_REVIEW_SECONDS", str(SECONDS))
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


def create(client: TestClient, game: str, players: int) -> Any:
    seats = [{"name": "Me", "bot": None}] + [
        {"name": f"Bot {i}", "bot": "random"} for i in range(1, players)
    ]
    body = {"game": game, "options": {"players": players}, "seats": seats}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def to_a_decision(client: TestClient, match: str, token: str, rng: Random, moves: int) -> None:
    """Play seat 0 at random until, after ``moves`` of its moves, it has a real choice."""
    made = 0
    for _ in range(2000):
        message = state_http(client, match, token)
        choices = [c["action"] for c in message["choices"]]
        if len(choices) > 1 and made >= moves:
            return
        if choices:
            assert act_http(client, match, token, rng.choice(choices)).status_code == 200
            made += 1
        else:
            time.sleep(0.01)  # a bot moves
    pytest.fail("no decision reached")


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_every_front_end_gives_the_same_figures(
    client: TestClient, game: str, players: int
) -> None:
    created = create(client, game, players)
    match, token = created["match"], created["seats"][0]["token"]
    rng = Random(7)
    to_a_decision(client, match, token, rng, moves=2)
    coordinator = client.app.state.advisor.coordinator  # type: ignore[attr-defined]
    state = coordinator.live(match).match.state.clone()
    expected = advise(state, 0, SECONDS)
    web = client.get(f"/api/matches/{match}/advice", headers=auth(token))
    assert web.status_code == 200, web.text
    assert web.json()["choices"] == [a.to_json() for a in expected.choices]
    assert web.json()["seed"] == expected.seed
    hint = AdvisorHint(SECONDS)
    hint.choose(observe(state, 0), Random(12345))  # the play loop's own generator
    assert hint.last_report is not None
    assert hint.last_report.choices == expected.choices
    # The review of the record up to and including this decision.
    chosen = expected.choices[-1].action
    assert act_http(client, match, token, chosen).status_code == 200
    record = coordinator.live(match).match.record()
    index = len(state.history())
    review = review_match(record, 0, SECONDS)
    decision = next(d for d in review.decisions if d.index == index)
    assert decision.chosen == expected.choice(chosen) and decision.best == expected.best
    assert decision.loss == expected.loss(chosen)


def test_the_browsers_review_gives_the_advice_shown_during_play(client: TestClient) -> None:
    created = create(client, "road-to-300", 1)
    match, token = created["match"], created["seats"][0]["token"]
    rng = Random(3)
    coordinator = client.app.state.advisor.coordinator  # type: ignore[attr-defined]
    shown: dict[int, Any] = {}
    while not coordinator.live(match).match.state.is_terminal():
        message = state_http(client, match, token)
        choices = [c["action"] for c in message["choices"]]
        if len(choices) > 1 and len(shown) < 3:
            index = len(coordinator.live(match).match.state.history())
            web = client.get(f"/api/matches/{match}/advice", headers=auth(token))
            shown[index] = web.json()
        assert act_http(client, match, token, rng.choice(choices)).status_code == 200
    address = f"/api/matches/{match}/review"
    status = client.post(address, headers=auth(token)).json()
    deadline = time.monotonic() + 120
    while status["status"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        status = client.get(address, headers=auth(token)).json()
    assert status["status"] == "done", status
    decisions = {d["index"]: d for d in status["review"]["decisions"]}
    assert len(shown) == 3
    for index, advice in shown.items():
        best = advice["choices"][0]
        assert decisions[index]["best"] == best
        chosen = decisions[index]["chosen"]
        assert chosen == next(c for c in advice["choices"] if c["action"] == chosen["action"])
        assert decisions[index]["seed"] == advice["seed"]
