"""The web app: HTTP API, WebSocket play and the static browser client.

This module assembles the app (error handlers, pages, the route groups of
:mod:`~roadtrip.server.match_api`, :mod:`~roadtrip.server.advice`,
:mod:`~roadtrip.server.reviews`, :mod:`~roadtrip.server.turns` and
:mod:`~roadtrip.server.accounts`, the WebSocket)
and runs the coordinator's background runners, timers and sweeps for the app's
lifetime.  Routes stay thin: they parse and authorize, then call the coordinator,
which is the only authority.  Tokens travel in an ``Authorization: Bearer`` header
or in the first WebSocket message, never in a URL the server sees (invite links
carry them after ``#``), so they never reach access logs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import roadtrip
from roadtrip.bots import bot_names, bot_summary
from roadtrip.core.caches import clear_caches
from roadtrip.core.errors import RoadtripError
from roadtrip.core.registry import game_class
from roadtrip.server.account_store import AccountStore, MemoryAccounts
from roadtrip.server.accounts import install_accounts
from roadtrip.server.advice import install_advice
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.daily import DailyStore, MemoryDaily
from roadtrip.server.daily_api import install_daily
from roadtrip.server.errors import error_body, error_code, error_responses
from roadtrip.server.http_guards import API_DOCS_PATH, BodyLimit, ClientAddress, SecurityHeaders
from roadtrip.server.learn_api import install_learn_api
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.match_api import install_match_api
from roadtrip.server.memory import MemoryReturn
from roadtrip.server.operations import install_operations
from roadtrip.server.passwords import Passwords
from roadtrip.server.profiles import install_profiles
from roadtrip.server.quotas import Quota
from roadtrip.server.ratings import default_ratings, install_ratings
from roadtrip.server.resume import Resumer
from roadtrip.server.reviews import install_reviews
from roadtrip.server.rules_pages import install_rules_pages
from roadtrip.server.seats import TEAM_GAMES, SetupError
from roadtrip.server.sessions import SameOrigin
from roadtrip.server.settings import BOT_WORKERS, MAX_HTTP_BODY, SWEEP_SECONDS, THINK_THREADS
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import MatchStore, MemoryStore
from roadtrip.server.timers import LoopTimers
from roadtrip.server.transport import ConnectionLimits, QueueHub
from roadtrip.server.turn_clock import turn_clock_info
from roadtrip.server.turns import install_turns
from roadtrip.server.tutorials import TutorialSessions
from roadtrip.server.websocket import MoveThreads, websocket_endpoint

if TYPE_CHECKING:
    from roadtrip.server.redis_bus import ClusterRuntime

WEB = Path(__file__).resolve().parent.parent / "web"
NOT_FOUND_PAGE = WEB / "404.html"


def cluster_runtime(
    store: MatchStore, hub: QueueHub, redis_url: str, limits: LiveLimits | None
) -> ClusterRuntime:
    """One process of several: needs a PostgreSQL store (SQLite serves one process)."""
    from roadtrip.server.redis_bus import build_cluster

    try:
        if not isinstance(store, SqlStore) or store.engine.dialect.name != "postgresql":
            raise SetupError("several processes (--redis-url) need a PostgreSQL --database-url")
        return build_cluster(store, hub, redis_url, limits)
    except RoadtripError:
        store.close()
        raise


def default_accounts(store: MatchStore) -> AccountStore | None:
    """The accounts beside ``store``: its own tables, or a fake beside a fake."""
    if isinstance(store, SqlStore):
        return store
    return MemoryAccounts(store) if isinstance(store, MemoryStore) else None


def thread_runner(executor: ThreadPoolExecutor) -> Callable[[Callable[[], None]], None]:
    """Run jobs on ``executor``; once it is shut down, jobs are dropped (the
    matches they would have advanced resume on the next start)."""

    def submit(job: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):
            executor.submit(job)

    return submit


def expire_logged(coordinator: Coordinator, match_id: str) -> None:
    """A turn timer fired: expire the match's decisions (errors are logged)."""
    try:
        coordinator.expire(match_id)
    except Exception:  # one match's clock must never stop the others
        logging.getLogger("roadtrip.server").exception("turn clock of match %s", match_id)


def create_app(
    store: MatchStore | None = None,
    database_url: str | None = None,
    redis_url: str | None = None,
    *,
    api_docs: bool = False,
    live_limits: LiveLimits | None = None,
    connection_limits: ConnectionLimits | None = None,
    bot_pool: BotPool | None = None,
    metrics_token: str | None = None,
    create_quota: Quota | None = None,
    learn_sessions: TutorialSessions | None = None,
    accounts: AccountStore | None = None,
    passwords: Passwords | None = None,
) -> FastAPI:
    """The app, on ``store`` (or a SqlStore on ``database_url``); with ``redis_url``
    one of several processes sharing the database (docs/server.md, "Several
    processes").  ``api_docs`` serves Swagger UI at /docs (it loads scripts from a
    CDN: off by default; the OpenAPI schema is always at /openapi.json).
    ``bot_pool``: bots that think and the advisor compute in its processes (the app
    stops it when it stops); without one they compute in this process's threads.
    ``create_quota``: new matches per address (default: ``ROADTRIP_CREATE_QUOTA``).
    ``learn_sessions``: the learn-to-play sessions (server/tutorials.py) and their limits;
    ``accounts``: where accounts live (default: the store itself, or an in-memory
    fake beside a MemoryStore); ``passwords``: their hasher (tests make it cheap)."""
    if store is None:
        from roadtrip.server.settings import default_database_url

        store = SqlStore(database_url or default_database_url())
    hub = QueueHub(connection_limits)
    # Several processes on PostgreSQL + Redis (docs/server.md, "Several processes")
    cluster = cluster_runtime(store, hub, redis_url, live_limits) if redis_url else None
    coordinator: Coordinator = (
        cluster.coordinator
        if cluster
        else Coordinator(store, hub, connected=hub.connected_seats, limits=live_limits)
    )

    coordinator.thinker = bot_pool

    # What the busy hour left in memory goes before the trim (server/memory.py).
    releases: list[Callable[[], object]] = [clear_caches]
    if isinstance(store, SqlStore):
        releases.append(store.reopen_sqlite)
    memory = MemoryReturn(releases=releases)
    moves = MoveThreads()  # the WebSockets' moves, off the event loop

    async def sweep_now_and_then() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            forgotten = await run_in_threadpool(coordinator.sweep)
            # The forgotten matches' memory back to the system (server/memory.py).
            idle = coordinator.live_count() == 0
            await run_in_threadpool(memory.after_sweep, len(forgotten), idle)
            await run_in_threadpool(coordinator.expire_overdue)
            await run_in_threadpool(tutorials.sweep)  # learn sessions idle too long

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        executor = ThreadPoolExecutor(BOT_WORKERS, thread_name_prefix="roadtrip-bots")
        # Threads that wait for the bot processes (a thinking bot's decision each).
        thinking = ThreadPoolExecutor(THINK_THREADS, thread_name_prefix="roadtrip-thinking")
        coordinator.background = run = thread_runner(executor)
        coordinator.think_runner = thread_runner(thinking) if bot_pool is not None else None
        timers = LoopTimers(lambda match_id: run(partial(expire_logged, coordinator, match_id)))
        timers.bind(asyncio.get_running_loop())
        coordinator.timers = timers
        # Unfinished matches resume lazily and in the background: listen at once.
        app.state.resumer = resumer = Resumer(coordinator)
        resumer.start()
        sweeper = asyncio.create_task(sweep_now_and_then())
        runtime = asyncio.create_task(cluster.run()) if cluster else None
        try:
            yield
        finally:
            await run_in_threadpool(resumer.stop)
            for task in (runtime, sweeper):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
            coordinator.background = None
            coordinator.timers = None
            timers.cancel_all()
            coordinator.think_runner = None
            if bot_pool is not None:
                await run_in_threadpool(bot_pool.close)  # waiting threads fall back now
            await run_in_threadpool(thinking.shutdown, True, cancel_futures=True)
            await run_in_threadpool(executor.shutdown, True, cancel_futures=True)
            moves.shutdown()
            if cluster:
                cluster.close()
            app.state.advisor.close()
            app.state.reviews.close()
            store.close()

    app = FastAPI(
        title="roadtrip",
        version=roadtrip.__version__,
        lifespan=lifespan,
        docs_url=API_DOCS_PATH if api_docs else None,
        redoc_url=None,
    )
    app.state.coordinator = coordinator
    app.state.memory = memory
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    app.add_middleware(SameOrigin)  # cross-site requests with a session cookie: 403
    app.add_middleware(SecurityHeaders)
    app.add_middleware(ClientAddress)  # who asks: the client of the thinking it causes

    @app.exception_handler(RoadtripError)
    async def roadtrip_error(_request: Request, exc: RoadtripError) -> JSONResponse:
        status, code = error_code(exc)
        return JSONResponse(error_body(code, str(exc)), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """Pages that do not exist get a page with a way back; the API keeps JSON."""
        path = request.url.path
        api_route = path == "/api" or path.startswith(("/api/", "/ws/"))
        if exc.status_code == 404 and not api_route:
            return HTMLResponse(NOT_FOUND_PAGE.read_text(encoding="utf-8"), status_code=404)
        if exc.status_code == 404:
            body = error_body("not_found", f"There is no API route {path}; see docs/server.md")
        elif exc.status_code == 413:
            body = error_body("too_large", str(exc.detail))
        elif exc.status_code == 400:  # FastAPI: a JSON body that is not text
            body = error_body("bad_request", str(exc.detail))
        elif exc.status_code == 405:
            body = error_body("method_not_allowed", f"{request.method} is not allowed on {path}")
        else:
            body = error_body(f"http_{exc.status_code}", str(exc.detail))
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in exc.errors()
        )
        return JSONResponse(
            error_body("bad_request", f"The request is not valid: {problems}"), status_code=422
        )

    # ------------------------------------------------------------- pages
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/m/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "match.html")

    @app.get("/learn/{game_id}", include_in_schema=False)
    async def learn_page(game_id: str) -> FileResponse:
        return FileResponse(WEB / "learn.html")

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    @app.get("/players/{name}", include_in_schema=False)
    @app.get("/leaderboard/{game_id}", include_in_schema=False)
    async def players_page() -> FileResponse:  # server/profiles.py, server/ratings.py
        return FileResponse(WEB / "players.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # --------------------------------------------------------------- API
    @app.get("/api/games", responses=error_responses(validated=False))
    async def games() -> list[dict[str, Any]]:
        out = []
        for info in roadtrip.list_games():
            cls = game_class(info.id)
            out.append(
                {
                    **info.describe(),
                    "options": [o.describe() for o in cls.options_spec],
                    "teams": info.id in TEAM_GAMES,
                    "turn_clock": turn_clock_info(info.id),
                    "bots": [
                        {"name": b, "summary": bot_summary(b, info.id)}
                        for b in bot_names(info.id, table=True)  # balance-check variants: by name
                    ],
                }
            )
        return out

    grant_of = install_match_api(app, coordinator, create_quota)

    advisor = install_advice(app, coordinator, grant_of, bot_pool)

    app.state.advisor = advisor
    app.state.reviews = install_reviews(
        app, coordinator, grant_of, bot_pool, several_processes=cluster is not None
    )
    install_turns(app, coordinator)
    app.state.tutorials = tutorials = install_learn_api(app, learn_sessions)
    install_rules_pages(app)
    account_store = accounts or default_accounts(store)
    daily_store: DailyStore = store if isinstance(store, SqlStore) else MemoryDaily()
    if account_store is not None:
        install_accounts(
            app, coordinator, account_store, passwords, forget=daily_store.forget_account
        )
    app.state.daily = install_daily(app, coordinator, account_store, daily_store)
    install_operations(
        app,
        store=store,
        coordinator=coordinator,
        hub=hub,
        bot_pool=bot_pool,
        redis_ping=cluster.bus.ping if cluster else None,
        metrics_token=metrics_token,
    )
    app.state.daily.observe(coordinator)  # after the metrics: it passes their news on
    rating_store = default_ratings(account_store) if account_store is not None else None
    if account_store is not None and rating_store is not None:
        # After the metrics (install_operations): the end hook wraps their observer.
        app.state.ratings = install_ratings(app, coordinator, account_store, rating_store)
        install_profiles(app, coordinator, account_store, rating_store)

    @app.websocket("/ws/matches/{match_id}")
    async def ws(websocket: WebSocket, match_id: str) -> None:
        await websocket_endpoint(websocket, match_id, coordinator, hub, moves)

    return app
