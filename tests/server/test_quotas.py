"""Per-address quotas on the advisor (issue 23, item 6): advice that must be
computed and review starts spend a token of the asker's address; beyond the burst
they answer 429 ``too_many_requests`` with Retry-After until the bucket refills.
Cached advice stays free; another address has its own bucket."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

import pytest
from fastapi.testclient import TestClient
from server_kit import act_http, auth, create_http, play_http, state_http

from roadtrip.server.app import create_app
from roadtrip.server.quotas import Buckets, Quota, TooManyRequests
from roadtrip.server.storage import MemoryStore


def test_a_bucket_gives_its_burst_then_refuses_until_it_refills() -> None:
    now = [0.0]
    buckets = Buckets(Quota(2, 6.0), "advice", clock=lambda: now[0])  # one every 10 s
    buckets.take("a")
    buckets.take("a")
    with pytest.raises(TooManyRequests) as refused:
        buckets.take("a")
    assert 9.0 < refused.value.retry_after <= 10.0
    buckets.take("b")  # another address
    now[0] += 10.0
    buckets.take("a")
    with pytest.raises(TooManyRequests):
        buckets.take("a")
    assert buckets.refused == 2


@pytest.mark.parametrize("text", ["", "3", "0/5", "2/0", "x/1", "2/-1"])
def test_a_quota_that_means_nothing_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        Quota.parse(text)


def test_a_quota_reads_burst_and_rate() -> None:
    assert Quota.parse("10/20") == Quota(10, 20.0)


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.05")
    monkeypatch.setenv("ROADTRIP_REVIEW_SECONDS", "0.01")
    monkeypatch.setenv("ROADTRIP_ADVICE_QUOTA", "2/0.5")
    monkeypatch.setenv("ROADTRIP_REVIEW_QUOTA", "1/0.5")
    with TestClient(create_app(MemoryStore()), client=("203.0.113.9", 1)) as test_client:
        yield test_client


def too_many(response: object) -> int:
    assert response.status_code == 429, response.text  # type: ignore[attr-defined]
    assert response.json()["error"]["code"] == "too_many_requests"  # type: ignore[attr-defined]
    return int(response.headers["retry-after"])  # type: ignore[attr-defined]


def advise_and_move(client: TestClient, mid: str, token: str) -> object:
    """Ask for advice at the seat's decision, then make the first legal move."""
    answer = client.get(f"/api/matches/{mid}/advice", headers=auth(token))
    message = state_http(client, mid, token)
    act_http(client, mid, token, message["choices"][0]["action"], my_moves=message["my_moves"])
    return answer


def test_advice_beyond_the_quota_is_429_with_retry_after_and_cached_advice_stays_free(
    client: TestClient,
) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    address = f"/api/matches/{mid}/advice"
    for _ in range(2):  # the burst: two rolls, each asked at its first decision only
        assert advise_and_move(client, mid, token).status_code == 200  # type: ignore[attr-defined]
        message = state_http(client, mid, token)
        act_http(client, mid, token, message["choices"][0]["action"], my_moves=message["my_moves"])
    retry = too_many(client.get(address, headers=auth(token)))
    assert 1 <= retry <= 120  # a token every 2 minutes
    with TestClient(client.app, client=("203.0.113.10", 1)) as neighbour:
        assert neighbour.get(address, headers=auth(token)).status_code == 200
    assert client.get(address, headers=auth(token)).status_code == 200  # now cached: free


def test_advice_spends_the_quota_once_per_turn_not_per_decision(client: TestClient) -> None:
    """Road to 300 places a roll's dice in two decisions: advice at both costs one
    token (the cards of a Road Rally drive likewise); the next roll is a new turn."""
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    for _ in range(2):  # burst 2: two rolls, advice at both decisions of each
        assert advise_and_move(client, mid, token).status_code == 200  # type: ignore[attr-defined]
        assert advise_and_move(client, mid, token).status_code == 200  # type: ignore[attr-defined]
    too_many(client.get(f"/api/matches/{mid}/advice", headers=auth(token)))


def test_review_starts_beyond_the_quota_are_429(client: TestClient) -> None:
    created = create_http(client)
    mid, token = created["match"], created["seats"][0]["token"]
    play_http(client, mid, token, Random(2))
    review = f"/api/matches/{mid}/review"
    assert client.post(review, headers=auth(token)).status_code == 200
    too_many(client.post(review, headers=auth(token)))
    assert client.get(review, headers=auth(token)).status_code == 200  # progress is free
