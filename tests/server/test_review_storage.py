"""The stored reviews of the MatchStore contract, on every backend (memory, SQLite,
PostgreSQL): a review is claimed by one owner at a time, stored once by the owner
that holds the claim, never replaced; a claim nobody refreshed may be taken over."""

from __future__ import annotations

import math
import threading

import pytest
from review_kit import store_finished_match

from roadtrip.server.review_jobs import bounded_review, judged
from roadtrip.server.storage import MatchStore, StorageError

REVIEW = {"game": "road-to-300", "seat": 0, "decisions": [{"index": 3, "cost": 0.1}]}


def test_a_claim_is_stored_running_and_refused_to_another_owner(store: MatchStore) -> None:
    store_finished_match(store)
    assert store.load_review("rev1", 0) is None
    row, claimed = store.claim_review("rev1", 0, "a", now=100.0, stale_before=50.0)
    assert claimed and row.status == "running" and row.owner == "a"
    row, claimed = store.claim_review("rev1", 0, "b", now=101.0, stale_before=50.0)
    assert not claimed and row.owner == "a"
    loaded = store.load_review("rev1", 0)
    assert loaded is not None and loaded.status == "running" and loaded.owner == "a"
    assert store.load_review("rev1", 1) is None  # another seat is another review


def test_a_claim_not_refreshed_is_taken_over_and_the_old_owner_loses_it(
    store: MatchStore,
) -> None:
    store_finished_match(store)
    store.claim_review("rev1", 0, "a", now=100.0, stale_before=0.0)
    assert store.review_progress("rev1", 0, "a", 2, 10, now=110.0)
    row, claimed = store.claim_review("rev1", 0, "b", now=200.0, stale_before=150.0)
    assert claimed and row.owner == "b" and row.done == 0
    assert not store.review_progress("rev1", 0, "a", 3, 10, now=201.0)
    assert not store.finish_review("rev1", 0, "a", REVIEW)
    assert store.finish_review("rev1", 0, "b", REVIEW)


def test_a_finished_review_is_stored_once_and_never_replaced(store: MatchStore) -> None:
    store_finished_match(store)
    store.claim_review("rev1", 1, "a", now=1.0, stale_before=0.0)
    assert store.finish_review("rev1", 1, "a", REVIEW)
    assert not store.finish_review("rev1", 1, "a", {"other": True})
    row, claimed = store.claim_review("rev1", 1, "b", now=9.0, stale_before=math.inf)
    assert not claimed and row.status == "done" and row.review == REVIEW
    store.release_review("rev1", 1, "a")  # a finished review is not a claim to drop
    loaded = store.load_review("rev1", 1)
    assert loaded is not None and loaded.status == "done" and loaded.review == REVIEW


def test_a_released_claim_may_be_claimed_again(store: MatchStore) -> None:
    store_finished_match(store)
    store.claim_review("rev1", 0, "a", now=1.0, stale_before=0.0)
    store.release_review("rev1", 0, "b")  # not b's: kept
    assert store.load_review("rev1", 0) is not None
    store.release_review("rev1", 0, "a")
    assert store.load_review("rev1", 0) is None
    assert store.claim_review("rev1", 0, "b", now=2.0, stale_before=0.0)[1]


def test_a_review_of_an_unknown_match_is_refused(store: MatchStore) -> None:
    with pytest.raises(StorageError):
        store.claim_review("nope", 0, "a", now=1.0, stale_before=0.0)


def test_of_many_owners_claiming_at_once_exactly_one_holds_the_claim(store: MatchStore) -> None:
    store_finished_match(store)
    barrier = threading.Barrier(8)
    results: list[bool] = []
    lock = threading.Lock()

    def claim(owner: str) -> None:
        barrier.wait()
        _, claimed = store.claim_review("rev1", 0, owner, now=5.0, stale_before=0.0)
        with lock:
            results.append(claimed)

    threads = [threading.Thread(target=claim, args=(f"o{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 7 + [True]


def test_a_long_review_is_stored_bounded_keeping_the_costliest_in_order() -> None:
    decisions = [{"index": i, "cost": (i * 37 % 101) / 100, "pad": "x" * 50} for i in range(2000)]
    review = {"decisions": decisions, "total": 1.0, "costliest": [1, 2, 3]}
    out = bounded_review(review, max_decisions=100)
    kept = out["decisions"]
    assert len(kept) == 100 and out["truncated"] == {"judged": 2000, "kept": 100}
    assert [d["index"] for d in kept] == sorted(d["index"] for d in kept)
    threshold = min(d["cost"] for d in kept)
    assert all(d["cost"] <= threshold for d in decisions if d not in kept)
    assert out["total"] == 1.0 and judged(out) == 2000
    small = bounded_review(review, max_decisions=1000, max_bytes=20_000)
    assert len(small["decisions"]) < 1000 and len(str(small)) < 40_000
    assert bounded_review({"decisions": decisions[:5]}) == {"decisions": decisions[:5]}
    with pytest.raises(StorageError):
        bounded_review({"decisions": [], "huge": "x" * 100}, max_bytes=50)
