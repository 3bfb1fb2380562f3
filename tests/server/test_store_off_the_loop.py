"""The advice and review routes never read the store on the event loop (issue 24,
minor): a match not in memory is loaded and replayed, and on the loop that held
every other connection (one move stalled 655 ms after a restart)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from random import Random

import pytest
from fastapi.testclient import TestClient
from server_kit import auth, create_http, play_http

from roadtrip.server.app import create_app
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.storage import MemoryStore, StoredMatch


class LoopWatchingStore(MemoryStore):
    """A store that records every load made on a thread running an event loop."""

    def __init__(self) -> None:
        super().__init__()
        self.loads_on_the_loop: list[str] = []

    def load(self, match_id: str) -> StoredMatch | None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a worker thread: no loop runs here
            pass
        else:
            self.loads_on_the_loop.append(match_id)
        return super().load(match_id)


@pytest.fixture
def store() -> LoopWatchingStore:
    return LoopWatchingStore()


@pytest.fixture
def client(store: LoopWatchingStore, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.02")
    monkeypatch.setenv("ROADTRIP_REVIEW_SECONDS", "0.01")
    # Every match is forgotten at the next sweep: each request must load it again.
    app = create_app(store, live_limits=LiveLimits(idle_seconds=0.0))
    with TestClient(app) as test_client:
        yield test_client


def forget_every_match(client: TestClient) -> None:
    client.app.state.coordinator.sweep()  # type: ignore[attr-defined]


def test_advice_loads_a_match_that_is_not_in_memory_off_the_event_loop(
    client: TestClient, store: LoopWatchingStore
) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    forget_every_match(client)
    answer = client.get(f"/api/matches/{mid}/advice", headers=auth(token))
    assert answer.status_code == 200, answer.text
    assert store.loads_on_the_loop == []


def test_reviews_load_a_match_off_the_event_loop(
    client: TestClient, store: LoopWatchingStore
) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    play_http(client, mid, token, Random(3))
    forget_every_match(client)
    review = f"/api/matches/{mid}/review"
    assert client.get(review, headers=auth(token)).json()["status"] == "idle"
    assert client.post(review, headers=auth(token)).status_code == 200
    deadline = time.monotonic() + 60
    while client.get(review, headers=auth(token)).json()["status"] != "done":
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)
    assert store.loads_on_the_loop == []
