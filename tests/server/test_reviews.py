"""Reviews of finished matches (issue 23, item 5): computed at most once, stored
with the match (SQLite, PostgreSQL, the in-memory store), shown to anyone with a
token of the match, served from storage afterwards, also by a restarted server
or another process, and computed from the stored record without loading the
live match."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from review_kit import SPECTATOR_TOKEN, CountingAdvisor, store_finished_match, wait_until
from server_kit import auth, create_http, play_http

from roadtrip.server.app import create_app
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.reviews import ReviewService
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import MatchStore, MemoryStore
from roadtrip.server.transport import MemoryTransport


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADTRIP_REVIEW_SECONDS", "0.02")


@pytest.fixture(params=["memory", "sqlite", "bot-pool"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "memory":
        app = create_app(MemoryStore())
    elif request.param == "bot-pool":  # the advisor computes in a bot process
        app = create_app(MemoryStore(), bot_pool=BotPool(1))
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'reviews.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


def finished_review(client: TestClient, address: str, token: str) -> dict[str, Any]:
    """Poll ``address`` until its review is no longer running; the last status."""
    status: dict[str, Any] = client.get(address, headers=auth(token)).json()
    while status["status"] == "running":
        time.sleep(0.05)
        status = client.get(address, headers=auth(token)).json()
    return status


def test_a_finished_match_is_reviewed_with_progress_and_shown_to_every_token(
    client: TestClient,
) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    address = f"/api/matches/{mid}/review"
    refused(client.post(address, headers=auth(token)), 409, "not_over")
    play_http(client, mid, token, Random(3))
    assert client.get(address, headers=auth(token)).json()["status"] == "idle"
    started = client.post(address, headers=auth(token))
    assert started.status_code == 200, started.text
    assert started.json()["status"] in ("running", "done")
    status = finished_review(client, address, token)
    assert status["status"] == "done", status
    review = status["review"]
    assert review["seat"] == 0 and review["measure"] == "win"
    assert review["decisions"] and len(review["costliest"]) <= 3
    assert status["done"] == status["total"] == len(review["decisions"])
    assert client.post(address, headers=auth(token)).json()["review"] == review
    spectator = created["spectator"]["token"]
    assert client.get(address, headers=auth(spectator)).json()["review"] == review
    refused(client.post(f"{address}?seat=4", headers=auth(token)), 400, "invalid_seat")
    refused(client.get(address, headers=auth("not-a-token")), 403, "access_denied")
    refused(client.get("/api/matches/nope/review", headers=auth(token)), 404, "not_found")


def reviewed_once(store: MatchStore) -> tuple[CountingAdvisor, dict[str, Any]]:
    """Review seat 1 of a stored finished match on an app over ``store``: POST,
    POST again, GET; returns the advisor (counted) and the finished status."""
    grant = store_finished_match(store)
    advisor = CountingAdvisor()
    address = f"/api/matches/{grant.match_id}/review?seat=1"
    with TestClient(create_app(store)) as client:
        client.app.state.reviews.advisor = advisor  # type: ignore[attr-defined]
        first = client.post(address, headers=auth(SPECTATOR_TOKEN)).json()
        again = client.post(address, headers=auth(SPECTATOR_TOKEN)).json()
        assert first["status"] in ("running", "done") and again["status"] in ("running", "done")
        status = finished_review(client, address, SPECTATOR_TOKEN)
        assert client.get(address, headers=auth(SPECTATOR_TOKEN)).json() == status
        coordinator: Coordinator = client.app.state.coordinator  # type: ignore[attr-defined]
        assert coordinator.live_count() == 0  # reviewed from the store's record
    assert status["status"] == "done", status
    assert advisor.calls == status["total"] > 0  # one computation: one call per decision
    return advisor, status


def test_a_review_is_computed_once_and_then_served_from_storage(store: MatchStore) -> None:
    reviewed_once(store)
    row = store.load_review("rev1", 1)
    assert row is not None and row.status == "done" and row.review is not None


def test_a_restarted_server_serves_the_stored_review_without_computing_it(
    store: MatchStore,
) -> None:
    _, status = reviewed_once(store)
    advisor = CountingAdvisor()
    address = "/api/matches/rev1/review?seat=1"
    with TestClient(create_app(store)) as client:  # a new app, the same store
        client.app.state.reviews.advisor = advisor  # type: ignore[attr-defined]
        assert client.get(address, headers=auth(SPECTATOR_TOKEN)).json() == status
        assert client.post(address, headers=auth(SPECTATOR_TOKEN)).json() == status
        coordinator: Coordinator = client.app.state.coordinator  # type: ignore[attr-defined]
        assert coordinator.live_count() == 0
    assert advisor.calls == 0


def test_a_restarted_sqlite_server_serves_the_stored_review(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    store = SqlStore(url)
    _, status = reviewed_once(store)  # the app closes the store when it stops
    advisor = CountingAdvisor()
    with TestClient(create_app(database_url=url)) as client:
        client.app.state.reviews.advisor = advisor  # type: ignore[attr-defined]
        answer = client.post("/api/matches/rev1/review?seat=1", headers=auth(SPECTATOR_TOKEN))
        assert answer.json() == status
        # A seat no match has (larger than SQLite's integers: the fuzzer's find) is
        # refused before the store sees it, for both the status and the start.
        for method in ("GET", "POST"):
            huge = client.request(
                method, f"/api/matches/rev1/review?seat={2**70}", headers=auth(SPECTATOR_TOKEN)
            )
            refused(huge, 400, "invalid_seat")
    assert advisor.calls == 0


def test_a_review_running_when_the_server_stopped_is_started_again(
    store: MatchStore,
) -> None:
    store_finished_match(store)
    # The claim of a process that stopped while computing (one process serves the
    # database: a claim the new process does not know of is abandoned).
    store.claim_review("rev1", 0, "gone:1:abcd", now=1.0, stale_before=0.0)
    advisor = CountingAdvisor()
    address = "/api/matches/rev1/review?seat=0"
    with TestClient(create_app(store)) as client:
        client.app.state.reviews.advisor = advisor  # type: ignore[attr-defined]
        assert client.get(address, headers=auth(SPECTATOR_TOKEN)).json()["status"] == "idle"
        assert client.post(address, headers=auth(SPECTATOR_TOKEN)).json()["status"] in (
            "running",
            "done",
        )
        status = finished_review(client, address, SPECTATOR_TOKEN)
    assert status["status"] == "done" and advisor.calls == status["total"]


def test_concurrent_requests_for_one_review_start_one_computation(
    store: MatchStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROADTRIP_REVIEW_QUOTA", "100/100")  # eight asks: within the quota
    store_finished_match(store)
    gate = threading.Event()
    advisor = CountingAdvisor(gate)
    address = "/api/matches/rev1/review?seat=0"
    with TestClient(create_app(store)) as client:
        client.app.state.reviews.advisor = advisor  # type: ignore[attr-defined]
        with ThreadPoolExecutor(8) as threads:
            answers = list(
                threads.map(
                    lambda _: client.post(address, headers=auth(SPECTATOR_TOKEN)).json(),
                    range(8),
                )
            )
        assert {a["status"] for a in answers} == {"running"}
        wait_until(lambda: advisor.calls >= 1)
        time.sleep(0.3)  # time for a second job to reach the gate too
        assert advisor.calls == 1  # one job waits at the gate
        gate.set()
        status = finished_review(client, address, SPECTATOR_TOKEN)
    assert status["status"] == "done" and advisor.calls == status["total"]


def service(store: MatchStore, advisor: CountingAdvisor) -> ReviewService:
    """A review service of one process of several on ``store``."""
    coordinator = Coordinator(store, MemoryTransport())
    return ReviewService(coordinator, stale_seconds=60.0, advisor=advisor)


def test_another_process_does_not_compute_a_running_review_and_serves_the_stored_one(
    store: MatchStore,
) -> None:
    grant = store_finished_match(store)
    gate = threading.Event()
    first_advisor, second_advisor = CountingAdvisor(gate), CountingAdvisor()
    first, second = service(store, first_advisor), service(store, second_advisor)
    try:
        assert first.start_review(grant, 0)["status"] == "running"
        wait_until(lambda: first_advisor.calls >= 1)
        elsewhere = second.start_review(grant, 0)
        assert elsewhere["status"] == "running" and elsewhere["review"] is None
        assert second.review_status(grant, 0)["status"] == "running"
        gate.set()
        wait_until(lambda: second.review_status(grant, 0)["status"] == "done")
        stored = second.review_status(grant, 0)
        assert second.start_review(grant, 0) == stored == first.review_status(grant, 0)
        assert second_advisor.calls == 0 and first_advisor.calls == stored["total"]
    finally:
        gate.set()
        first.close()
        second.close()


def test_a_claim_of_a_process_not_heard_of_is_taken_over(store: MatchStore) -> None:
    grant = store_finished_match(store)
    store.claim_review("rev1", 0, "gone:1:abcd", now=1.0, stale_before=0.0)  # long ago
    advisor = CountingAdvisor()
    other = service(store, advisor)
    try:
        assert other.start_review(grant, 0)["status"] in ("running", "done")
        wait_until(lambda: other.review_status(grant, 0)["status"] == "done")
        assert advisor.calls == other.review_status(grant, 0)["total"]
    finally:
        other.close()
