"""What the people who run the server look at: ``/healthz``, ``/readyz``, ``/metrics``.

* ``GET /healthz``: the process is alive and its event loop answers; it touches
  nothing else (no database), so it is the cheapest answer the app gives.
* ``GET /readyz``: the database answers a ``SELECT 1`` and, in a cluster
  (``--redis-url``), Redis answers a PING, each off the event loop within a short
  time (:mod:`roadtrip.server.readiness`); 200, or 503 naming what failed.
* ``GET /metrics``: this process's metrics in Prometheus's text format
  (:mod:`roadtrip.server.metrics`).  They hold counts only, never a match id, a
  token or an address, so they are open by default (as the lobby's list of games
  is); ``roadtrip serve --metrics-token`` (or ``ROADTRIP_METRICS_TOKEN``) requires
  ``Authorization: Bearer <that token>`` for them.

:func:`install_operations` adds the three routes and the request log
(:mod:`roadtrip.server.request_log`) to an app, and wires the metrics to the
coordinator and the bot pool.
"""

from __future__ import annotations

import hmac
import os
from collections.abc import Callable

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.concurrency import run_in_threadpool

from roadtrip.server.bot_pool import BotPool
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import error_body
from roadtrip.server.metrics import ServerMetrics
from roadtrip.server.readiness import Check, Readiness, database_check
from roadtrip.server.request_log import RequestLog
from roadtrip.server.storage import MatchStore
from roadtrip.server.transport import QueueHub

METRICS_TOKEN_ENV = "ROADTRIP_METRICS_TOKEN"


def metrics_token_from_env() -> str | None:
    """The token ``/metrics`` requires, from ``ROADTRIP_METRICS_TOKEN`` (None: open)."""
    return os.environ.get(METRICS_TOKEN_ENV, "").strip() or None


def bearer_matches(request: Request, token: str) -> bool:
    """Whether ``request`` presents ``Authorization: Bearer <token>`` (in constant time)."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(value.strip(), token)


def install_operations(
    app: FastAPI,
    *,
    store: MatchStore,
    coordinator: Coordinator,
    hub: QueueHub,
    bot_pool: BotPool | None = None,
    redis_ping: Callable[[], None] | None = None,
    metrics_token: str | None = None,
) -> ServerMetrics:
    """Add ``/healthz``, ``/readyz``, ``/metrics`` and the request log to ``app``
    (see the module docstring); ``redis_ping``: a cluster's Redis check."""
    metrics = ServerMetrics()
    metrics.watch(coordinator, hub, bot_pool)
    checks: dict[str, Check] = {}
    database = database_check(store)
    if database is not None:
        checks["database"] = database
    if redis_ping is not None:
        checks["redis"] = redis_ping
    readiness = Readiness(checks)
    app.state.metrics = metrics
    app.state.readiness = readiness
    app.add_middleware(RequestLog, metrics=metrics)

    # Outside the OpenAPI schema: they are for the people and probes that run the
    # server, not for players' clients (docs/server.md, "Operations", documents them).
    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        """The process is alive (no dependency is asked)."""
        return {"status": "ok"}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        """The database (and, in a cluster, Redis) answer: 200, else 503."""
        ready, body = await readiness.report()
        return JSONResponse(body, status_code=200 if ready else 503)

    @app.get("/metrics", include_in_schema=False)
    async def prometheus_metrics(request: Request) -> Response:
        """This process's metrics in Prometheus's text format."""
        if metrics_token is not None and not bearer_matches(request, metrics_token):
            return JSONResponse(
                error_body("access_denied", "the metrics need their bearer token"),
                status_code=403,
            )
        # Off the event loop: the gauges take the bot lanes' and the hub's locks.
        body = await run_in_threadpool(metrics.exposition)
        return Response(body, media_type=CONTENT_TYPE_LATEST)

    return metrics
