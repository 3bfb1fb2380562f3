"""The WebSocket protocol for live play.

Client -> server, JSON text messages:
  {"type": "hello", "token": "..."}             first message: who am I
  {"type": "act", "action": 12, "seat": 0, "my_moves": 3}   make a move
  {"type": "sync"}                               ask for the current state again
Server -> client:
  {"type": "state", ...}     this audience's own view, after every change
  {"type": "error", "code": "...", "message": "..."}   only to the sender

  {"type": "presence", "match", "online": [seats]}   who is connected changed

A bad message gets an error and changes nothing; the connection stays open, except
when the hello is missing or wrong (closed with code 4400, 4401, 4404 or 4408) or
there are too many connections (4429).  A joining client gets its own state; the
others get at most a presence message (``QueueHub.presence``, coalesced).  Moves
run on a worker thread, never on the event loop.  A connection's states never go
back: one older than a state already sent is dropped (``_write``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from roadtrip.core.errors import RoadtripError
from roadtrip.server.coordinator import Coordinator, NotFound
from roadtrip.server.errors import error_code, sentence
from roadtrip.server.settings import MAX_WS_MESSAGE
from roadtrip.server.storage import Grant
from roadtrip.server.transport import Message, QueueHub

log = logging.getLogger("roadtrip.access")

TOO_MANY = 4429  # close code: too many connections to this match or from this address
MOVE_THREADS = 40  # as many as anyio's default pool, which ran the moves before

T = TypeVar("T")


class MoveThreads:
    """The threads that run the moves of the WebSockets, off the event loop.

    A plain executor: anyio's ``to_thread`` (Starlette's ``run_in_threadpool``)
    cost a sixth of the server's CPU a move under load (its capacity limiter, run
    variables and worker queue; benchmarks/README.md, "CPU per move").  As there,
    the call runs in a copy of the caller's context (the client address and the
    match of the logs), and a caller cancelled meanwhile waits for the move to end
    (a move is never left running behind a closed connection's back)."""

    def __init__(self, threads: int = MOVE_THREADS) -> None:
        self.threads = threads
        self._pool: ThreadPoolExecutor | None = None  # made at the first move

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="roadtrip-moves")
        context = contextvars.copy_context()
        future = asyncio.get_running_loop().run_in_executor(self._pool, context.run, call, *args)
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await future
            raise

    def shutdown(self) -> None:
        """Let the threads go once the moves under way end (an app started again
        makes new ones)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def encoded(message: Message) -> str:
    """``message`` as JSON text.  orjson: the stdlib's encoder took 5-14% of the
    server's CPU a move (a state's view is many small objects; benchmarks/README.md,
    "CPU per move"); integer keys become strings as with ``json.dumps``, and what
    orjson refuses (an integer beyond 64 bits) goes to the stdlib."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(message)


def error_message(code: str, message: str) -> Message:
    return {"type": "error", "code": code, "message": sentence(message)}


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next text message; None for a binary one (which the protocol does not use)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _hello(
    websocket: WebSocket, match_id: str, coordinator: Coordinator, seconds: float
) -> Grant | None:
    try:
        raw = await asyncio.wait_for(_receive_text(websocket), seconds)
    except WebSocketDisconnect:
        return None
    except TimeoutError:
        with contextlib.suppress(Exception):
            await websocket.send_json(error_message("bad_hello", "no hello within the time limit"))
            await websocket.close(code=4408)
        return None
    try:
        data = json.loads(raw) if raw is not None and len(raw) <= MAX_WS_MESSAGE else None
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("type") != "hello":
        await websocket.send_json(
            error_message("bad_hello", 'first send {"type": "hello", "token": "..."}')
        )
        await websocket.close(code=4400)
        return None
    token = data.get("token")
    try:
        # on a worker thread: it may load the match from the store
        return await run_in_threadpool(
            coordinator.authorize, match_id, token if isinstance(token, str) else None
        )
    except NotFound as exc:
        await websocket.send_json(error_message("not_found", str(exc)))
        await websocket.close(code=4404)
    except RoadtripError as exc:
        await websocket.send_json(error_message("access_denied", str(exc)))
        await websocket.close(code=4401)
    return None


def _parse(raw: str | None) -> dict[str, Any]:
    """Validate one client message; raise ValueError with a clear reason."""
    if raw is None:
        raise ValueError("messages are JSON text, not binary")
    if len(raw) > MAX_WS_MESSAGE:
        raise ValueError(f"messages are limited to {MAX_WS_MESSAGE} characters")
    try:
        data = json.loads(raw)
    except RecursionError:
        raise ValueError("a message may not nest that deep") from None
    except ValueError:
        raise ValueError("a message must be JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError('a message is a JSON object with a "type"')
    if data["type"] == "act":
        for key in ("action", "seat", "my_moves"):
            value = data.get(key)
            if key == "action" and value is None:
                raise ValueError('an "act" message needs an integer "action"')
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f'"{key}" must be an integer')
    elif data["type"] not in ("sync", "hello"):
        raise ValueError(f"unknown message type {data['type']!r}; use act or sync")
    return data


async def websocket_endpoint(
    websocket: WebSocket,
    match_id: str,
    coordinator: Coordinator,
    hub: QueueHub,
    moves: MoveThreads | None = None,
) -> None:
    client = websocket.client.host if websocket.client is not None else "unknown"
    refusal = hub.admit(match_id, client)
    await websocket.accept()
    try:
        if refusal is not None:
            await websocket.send_json(error_message("too_many_connections", refusal))
            await websocket.close(code=TOO_MANY)
            return
        grant = await _hello(websocket, match_id, coordinator, hub.limits.hello_seconds)
        if grant is not None:
            seats = list(grant.seats)
            log.info(
                "websocket joined match %s", match_id, extra={"match": match_id, "seats": seats}
            )
            await _play(websocket, match_id, grant, coordinator, hub, moves or _default_moves())
    finally:
        if refusal is None:
            hub.release(match_id, client)


_DEFAULT: list[MoveThreads] = []


def _default_moves() -> MoveThreads:
    """One shared pool for endpoints called without their own (tests)."""
    if not _DEFAULT:
        _DEFAULT.append(MoveThreads())
    return _DEFAULT[0]


async def _play(
    websocket: WebSocket,
    match_id: str,
    grant: Grant,
    coordinator: Coordinator,
    hub: QueueHub,
    moves: MoveThreads,
) -> None:
    conn_id, queue = hub.register(grant)
    writer = asyncio.create_task(_write(websocket, queue))
    try:
        # Only the new client gets a state (the others get a presence update);
        # built here, on the loop, so it is queued in order with every other.
        hub.post(queue, coordinator.message(match_id, grant))
        while True:
            raw = await _receive_text(websocket)
            try:
                data = _parse(raw)
            except ValueError as exc:
                hub.post(queue, error_message("bad_message", str(exc)))
                continue
            if data["type"] == "sync" or data["type"] == "hello":
                hub.post(queue, coordinator.message(match_id, grant))
                continue
            try:
                await moves.run(
                    coordinator.act, grant, data["action"], data.get("seat"), data.get("my_moves")
                )
            except RoadtripError as exc:
                hub.post(queue, error_message(error_code(exc)[1], str(exc)))
                hub.post(queue, coordinator.message(match_id, grant))
    except (WebSocketDisconnect, RoadtripError):
        pass
    finally:
        hub.unregister(match_id, conn_id)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _write(websocket: WebSocket, queue: asyncio.Queue[Message]) -> None:
    """Send what is queued, in order, except a state older than one already sent:
    messages are built on several threads (a move's, the cluster's bus worker, the
    loop), so one built from a copy that a move then replaced can be queued after
    the move's own newer state (tests/server/test_state_order.py)."""
    newest = -1
    while True:
        message = await queue.get()
        version = message.get("version") if message.get("type") == "state" else None
        if isinstance(version, int):
            if version < newest:
                continue
            newest = version
        await websocket.send_text(encoded(message))
