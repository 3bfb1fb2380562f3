"""Per-address quotas on the advisor and on new matches: token buckets, answered
429 with Retry-After.

Advice and reviews cost a bot process a second or more each; the fair queue of
:mod:`roadtrip.server.thinking` keeps one address from delaying the others, and
these quotas keep one address from queuing more than a person could use.  Each
address has a bucket per kind of request: ``burst`` requests at once, refilled at
``per_minute``.  An exceeded quota raises :class:`TooManyRequests`, answered
``429 too_many_requests`` with a ``Retry-After`` header (whole seconds) and the
usual error body.

Configured by the environment (``roadtrip serve`` reads it):
``ROADTRIP_ADVICE_QUOTA`` (default ``10/20``: a burst of 10, then 20 a minute) and
``ROADTRIP_REVIEW_QUOTA`` (default ``6/2``) and ``ROADTRIP_CREATE_QUOTA`` (new
matches, default ``20/20``), each ``BURST/PER_MINUTE``.  Only
advice that must be computed counts (an answer from the cache, or one being
computed for the same move, is free); every request that starts a review counts;
every new match counts (one client created 55 matches a second, 22 KB of
database each): one refused creates nothing, and a setup refused for what it asks
spends nothing (a rematch is free: there is one per finished match).
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from roadtrip.core.errors import RoadtripError

ADVICE_QUOTA_ENV = "ROADTRIP_ADVICE_QUOTA"
REVIEW_QUOTA_ENV = "ROADTRIP_REVIEW_QUOTA"
CREATE_QUOTA_ENV = "ROADTRIP_CREATE_QUOTA"
MAX_ADDRESSES = 10_000  # buckets kept; the fullest (least useful) are forgotten first


class TooManyRequests(RoadtripError):
    """This address asked for more than its quota; wait ``Retry-After`` seconds."""

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class Quota:
    """``burst`` requests at once, then ``per_minute`` a minute."""

    burst: int
    per_minute: float

    @classmethod
    def parse(cls, text: str) -> Quota:
        """``"BURST/PER_MINUTE"``, e.g. ``"10/20"``; ValueError otherwise."""
        burst, _, rate = text.partition("/")
        quota = cls(int(burst), float(rate))
        if quota.burst < 1 or not quota.per_minute > 0:
            raise ValueError(f"a quota needs a burst >= 1 and a rate > 0; got {text!r}")
        return quota

    @classmethod
    def from_env(cls, name: str, default: Quota) -> Quota:
        """The quota in environment variable ``name``, else ``default``."""
        text = os.environ.get(name, "").strip()
        if not text:
            return default
        try:
            return cls.parse(text)
        except ValueError as exc:
            raise ValueError(f"{name}: expected BURST/PER_MINUTE, e.g. 10/20 ({exc})") from None


ADVICE_QUOTA = Quota(10, 20.0)
REVIEW_QUOTA = Quota(6, 2.0)
# A person starts a match now and then; a lobby's worth at once, then one every 3 s.
CREATE_QUOTA = Quota(20, 20.0)


class Buckets:
    """One token bucket per address (or per ``holder``: an account name) for one
    kind of request (thread-safe)."""

    def __init__(
        self,
        quota: Quota,
        what: str,
        clock: Callable[[], float] = time.monotonic,
        holder: str = "this address",
    ) -> None:
        self.quota = quota
        self.what = what
        self.holder = holder  # whose bucket, as the refusal names it
        self.clock = clock
        self.refused = 0  # requests answered 429 so far
        self._tokens: OrderedDict[str, tuple[float, float]] = OrderedDict()  # (tokens, at)
        self._lock = threading.Lock()

    def take(self, address: str) -> None:
        """Spend one of ``address``'s tokens; TooManyRequests if it has none."""
        rate = self.quota.per_minute / 60.0
        now = self.clock()
        with self._lock:
            tokens, at = self._tokens.pop(address, (float(self.quota.burst), now))
            tokens = min(float(self.quota.burst), tokens + (now - at) * rate)
            if tokens < 1.0:
                self._tokens[address] = (tokens, now)
                self.refused += 1
                wait = (1.0 - tokens) / rate
                raise TooManyRequests(
                    f"{self.holder} may ask for {self.what} {self.quota.burst} times at once, "
                    f"then {self.quota.per_minute:g} times a minute; ask again in "
                    f"{math.ceil(wait)} s",
                    retry_after=wait,
                )
            self._tokens[address] = (tokens - 1.0, now)
            while len(self._tokens) > MAX_ADDRESSES:
                self._tokens.popitem(last=False)  # the least recently seen address

    def give_back(self, address: str) -> None:
        """Return the token ``take`` spent on a request that then failed."""
        with self._lock:
            held = self._tokens.get(address)
            if held is not None:
                self._tokens[address] = (min(float(self.quota.burst), held[0] + 1.0), held[1])


def client_address(scope: Scope) -> str:
    """The client's address as the server sees it ("unknown" without one)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def too_many_response(exc: TooManyRequests) -> JSONResponse:
    from roadtrip.server.errors import error_body, error_code

    status, code = error_code(exc)
    return JSONResponse(
        error_body(code, str(exc)),
        status_code=status,
        headers={"Retry-After": str(max(1, math.ceil(exc.retry_after)))},
    )


class ReviewQuota:
    """Charge the review quota of every request that starts a review
    (``POST /api/matches/<id>/review``), before the route runs."""

    def __init__(self, app: ASGIApp, buckets: Buckets) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope.get("method") == "POST"
            and scope["path"].startswith("/api/matches/")
            and scope["path"].endswith("/review")
        ):
            try:
                self.buckets.take(client_address(scope))
            except TooManyRequests as exc:
                await too_many_response(exc)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def install_quota_errors(app: FastAPI) -> None:
    """Answer TooManyRequests (and QueueFull) with 429 and Retry-After."""

    @app.exception_handler(TooManyRequests)
    async def too_many(_request: Request, exc: TooManyRequests) -> JSONResponse:
        return too_many_response(exc)
