"""The parts of a stored review: a running job, its status, and the bound on size.

A review judges every decision one seat made (:func:`roadtrip.bots.advice.review_match`);
a very long match (The Open Road with bots runs to tens of thousands of moves)
has thousands.  What is stored and served is bounded by :func:`bounded_review`:
at most ``MAX_STORED_DECISIONS`` decisions, the costliest (the ones a reader
looks for), back in the order they were made, and at most ``MAX_REVIEW_BYTES``
of JSON.  The totals and the costliest three are those of the whole review, and
``truncated`` says how many decisions were judged and how many are kept.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from roadtrip.server.storage import ReviewRow, StorageError

MAX_STORED_DECISIONS = 500
MAX_REVIEW_BYTES = 512 * 1024


class ReviewStopped(Exception):
    """A review stopped before its end (the server stops, or its claim was lost)."""


@dataclass
class ReviewJob:
    """A review this process is computing for one match and seat.  ``review`` is
    set once it is stored (the job is then forgotten); ``error`` if it failed."""

    match_id: str
    seat: int
    client: str | None = None  # the address that asked for it (its fair share pays)
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: str | None = None
    told_at: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def running(self) -> bool:
        with self.lock:
            return self.review is None and self.error is None

    def advance(self, done: int, total: int) -> None:
        with self.lock:
            self.done, self.total = done, total

    def progress(self) -> tuple[int, int | None]:
        with self.lock:
            return self.done, self.total

    def due(self, seconds: float) -> bool:
        """Whether ``seconds`` have passed since it was last due (then: now)."""
        now = time.monotonic()
        with self.lock:
            if now - self.told_at < seconds:
                return False
            self.told_at = now
            return True

    def finish(self, review: dict[str, Any]) -> None:
        with self.lock:
            self.review = review
            self.done = self.total = judged(review)

    def fail(self, error: str) -> None:
        with self.lock:
            self.error = error

    def status(self) -> dict[str, Any]:
        with self.lock:
            state = "failed" if self.error else "done" if self.review is not None else "running"
            return {
                "seat": self.seat,
                "status": state,
                "done": self.done,
                "total": self.total,
                "review": self.review,
                "error": self.error,
            }


def row_status(row: ReviewRow) -> dict[str, Any]:
    """The status answer of a stored review: done, or running in some process."""
    if row.status == "done" and row.review is not None:
        count = judged(row.review)
        return {
            "seat": row.seat,
            "status": "done",
            "done": count,
            "total": count,
            "review": row.review,
            "error": None,
        }
    return {
        "seat": row.seat,
        "status": "running",
        "done": row.done,
        "total": row.total,
        "review": None,
        "error": None,
    }


def judged(review: dict[str, Any]) -> int:
    """How many decisions ``review`` judged (more than it lists if truncated)."""
    truncated = review.get("truncated")
    if isinstance(truncated, dict):
        return int(truncated["judged"])
    return len(review.get("decisions", ()))


def bounded_review(
    review: dict[str, Any],
    max_decisions: int = MAX_STORED_DECISIONS,
    max_bytes: int = MAX_REVIEW_BYTES,
) -> dict[str, Any]:
    """``review`` (a review's JSON) within the bounds: its costliest decisions,
    in order, as many as fit (StorageError if not even its summary fits)."""
    decisions = list(review.get("decisions", ()))
    keep = min(len(decisions), max_decisions)
    while True:
        out = _keeping(review, decisions, keep)
        if len(json.dumps(out)) <= max_bytes:
            return out
        if keep == 0:
            raise StorageError(f"a review's summary is larger than {max_bytes} bytes")
        keep //= 2


def _keeping(review: dict[str, Any], decisions: list[Any], keep: int) -> dict[str, Any]:
    if keep >= len(decisions):
        return review
    # The costliest first (ties: the earlier), then back in the order of the match.
    ranked = sorted(decisions, key=lambda d: (-float(d.get("cost", 0.0)), int(d["index"])))
    kept = sorted(ranked[:keep], key=lambda d: int(d["index"]))
    return {**review, "decisions": kept, "truncated": {"judged": len(decisions), "kept": keep}}
