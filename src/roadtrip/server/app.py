"""The web app: HTTP API, WebSocket play and the static browser client.

Routes stay thin: they parse and authorize, then call the coordinator, which is the
only authority.  Tokens travel in an ``Authorization: Bearer`` header or in the
first WebSocket message, never in a URL the server sees (invite links carry them
after ``#``), so they never reach access logs.
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
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

import roadtrip
from roadtrip.bots import bot_names, bot_summary
from roadtrip.core.errors import IllegalMove, RoadtripError
from roadtrip.core.records import replay_states
from roadtrip.core.registry import game_class
from roadtrip.server.advice import install_advice
from roadtrip.server.advice_policy import advice_allowed
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.coordinator import Coordinator, Created, NotFound
from roadtrip.server.errors import error_body, error_code
from roadtrip.server.http_guards import API_DOCS_PATH, BodyLimit, SecurityHeaders
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.seats import TEAM_GAMES, SetupError, display_names, players_of
from roadtrip.server.settings import BOT_WORKERS, MAX_HTTP_BODY, SWEEP_SECONDS, THINK_THREADS
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, MatchStore, SeatSpec
from roadtrip.server.timers import LoopTimers
from roadtrip.server.transport import ConnectionLimits, QueueHub
from roadtrip.server.turn_clock import turn_clock_info, turn_clock_of
from roadtrip.server.turns import install_turns
from roadtrip.server.visibility import replay_log, replay_step_message
from roadtrip.server.websocket import websocket_endpoint

if TYPE_CHECKING:
    from roadtrip.server.redis_bus import ClusterRuntime

WEB = Path(__file__).resolve().parent.parent / "web"
NOT_FOUND_PAGE = WEB / "404.html"


class SeatIn(BaseModel):
    # Names longer than NAME_LIMIT are refused by checked_seats with a sentence
    # naming the limit (a 400 bad_setup), not cut.
    name: str = Field(default="Player", min_length=1)
    bot: str | None = Field(default=None, max_length=40)
    partner: str | None = None  # a team seat's second player (America's Main Street)


class CreateIn(BaseModel):
    game: str = Field(max_length=64)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(default_factory=list, max_length=8)
    hotseat: bool = False
    # May the players ask the advisor?  None: the default for the seats (on where
    # at most one seat is played by people).
    advice: bool | None = None
    # A time limit per decision (server/turn_clock.py): {"seconds", "on_expiry":
    # "bot"|"pass", "bot"}; None or seconds 0: none.  Checked there (400 bad_setup).
    turn_clock: Any = None


class ActIn(BaseModel):
    # strict: JSON integers only ("12", true and 1.0 are refused, as over WebSocket)
    action: int = Field(strict=True)
    seat: int | None = Field(default=None, strict=True)
    my_moves: int | None = Field(default=None, strict=True)


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


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def link(match_id: str, token: str) -> str:
    return f"/m/{match_id}#t={token}"


def created_answer(created: Created, seats: list[SeatSpec]) -> dict[str, Any]:
    """The answer to a new match: one entry per person of a human seat (a team seat
    has two, each with its own token and own ``name``; ``seat_name`` is the seat's
    display name, "Ann & Bob"), the spectators' and the hot-seat link."""
    mid = created.match_id
    names = display_names(seats)
    people: list[dict[str, Any]] = []
    for seat, token in sorted(created.seat_tokens.items()):
        spec = seats[seat]
        partner = created.partner_tokens.get(seat)
        members = [(spec.name if spec.partner else names[seat], token)]
        if partner is not None and spec.partner:
            members.append((spec.partner, partner))
        for member, (name, member_token) in enumerate(members):
            people.append(
                {
                    "seat": seat,
                    "name": name,
                    "seat_name": names[seat],
                    "member": member,
                    "token": member_token,
                    "url": link(mid, member_token),
                }
            )
    return {
        "match": mid,
        "seats": people,
        "spectator": {"token": created.spectator_token, "url": link(mid, created.spectator_token)},
        "hotseat": (
            {"token": created.hotseat_token, "url": link(mid, created.hotseat_token)}
            if created.hotseat_token
            else None
        ),
    }


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
) -> FastAPI:
    """The app, on ``store`` (or a SqlStore on ``database_url``); with ``redis_url``
    one of several processes sharing the database (docs/server.md, "Several
    processes").  ``api_docs`` serves Swagger UI at /docs (it loads scripts from a
    CDN: off by default; the OpenAPI schema is always at /openapi.json).
    ``bot_pool``: bots that think and the advisor compute in its processes (the app
    stops it when it stops); without one they compute in this process's threads."""
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

    async def sweep_now_and_then() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await run_in_threadpool(coordinator.sweep)
            await run_in_threadpool(coordinator.expire_overdue)

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
        await run_in_threadpool(coordinator.resume_all)
        sweeper = asyncio.create_task(sweep_now_and_then())
        runtime = asyncio.create_task(cluster.run()) if cluster else None
        try:
            yield
        finally:
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
            if cluster:
                cluster.close()
            app.state.advisor.close()
            store.close()

    app = FastAPI(
        title="roadtrip",
        version=roadtrip.__version__,
        lifespan=lifespan,
        docs_url=API_DOCS_PATH if api_docs else None,
        redoc_url=None,
    )
    app.state.coordinator = coordinator
    app.state.hub = hub
    app.add_middleware(BodyLimit, limit=MAX_HTTP_BODY)
    app.add_middleware(SecurityHeaders)

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

    @app.get("/replay/{match_id}", include_in_schema=False)
    async def replay_page(match_id: str) -> FileResponse:
        return FileResponse(WEB / "replay.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # --------------------------------------------------------------- API
    @app.get("/api/games")
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
                        {"name": b, "summary": bot_summary(b, info.id)} for b in bot_names(info.id)
                    ],
                }
            )
        return out

    # Routes that reach the coordinator are plain functions: FastAPI runs them on
    # worker threads, so that loading a match or a move never holds the event loop.
    @app.post("/api/matches", status_code=201)
    def create(body: CreateIn) -> dict[str, Any]:
        seats = [SeatSpec(name=s.name, bot=s.bot, partner=s.partner) for s in body.seats]
        options: dict[str, Any] = dict(body.options)
        game_class(body.game)  # an unknown game is named before its turn clock is read
        created = coordinator.create_match(
            body.game,
            options,
            seats,
            hotseat=body.hotseat,
            advice=body.advice,
            turn_clock=turn_clock_of(body.game, body.turn_clock),
        )
        stored = coordinator.live(created.match_id).stored
        return {
            **created_answer(created, stored.seats),
            "advice": advice_allowed(stored),
            "turn_clock": stored.clock.to_dict() if stored.clock else None,
        }

    @app.post("/api/matches/{match_id}/rematch", status_code=201)
    def rematch(match_id: str, request: Request) -> dict[str, Any]:
        """A new match like this finished one; the answer holds only the caller's link
        (every other player's page receives its own in its next state message)."""
        created, url = coordinator.rematch(grant_of(request, match_id))
        return {"match": created.match_id, "url": url}

    def grant_of(request: Request, match_id: str) -> Grant:
        return coordinator.authorize(match_id, bearer(request))

    @app.get("/api/matches/{match_id}/state")
    def state(match_id: str, request: Request) -> dict[str, Any]:
        return coordinator.message(match_id, grant_of(request, match_id))

    @app.post("/api/matches/{match_id}/actions")
    def act(match_id: str, body: ActIn, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        coordinator.act(grant, body.action, body.seat, body.my_moves)
        return coordinator.message(match_id, grant)

    @app.get("/api/matches/{match_id}/record")
    def record(match_id: str, request: Request) -> Response:
        rec = coordinator.record(grant_of(request, match_id))
        return Response(
            rec.to_json(indent=2),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="roadtrip-{match_id}.json"'},
        )

    @app.get("/api/matches/{match_id}/replay")
    def replay_index(match_id: str, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        live = coordinator.live(match_id)
        return {
            "match": match_id,
            "game": live.stored.game,
            "steps": len(live.log),
            "log": replay_log(live.log, grant),
            "finished": live.match.state.is_terminal(),
            "players": players_of(live.stored.seats),
        }

    @app.get("/api/matches/{match_id}/replay/{step}")
    def replay_step(match_id: str, step: int, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        live = coordinator.live(match_id)
        total = len(live.log)
        if not 0 <= step <= total:
            raise IllegalMove(f"step must be between 0 and {total}; got {step}")
        record = live.match.record()
        for index, replayed in enumerate(replay_states(record)):
            if index == step:
                return replay_step_message(
                    match_id=match_id,
                    state=replayed,
                    step=step,
                    total=total,
                    grant=grant,
                    log=live.log,
                )
        raise NotFound(f"step {step} could not be rebuilt")

    advisor = install_advice(app, coordinator, grant_of, bot_pool)

    app.state.advisor = advisor
    install_turns(app, coordinator)

    @app.websocket("/ws/matches/{match_id}")
    async def ws(websocket: WebSocket, match_id: str) -> None:
        await websocket_endpoint(websocket, match_id, coordinator, hub)

    return app
