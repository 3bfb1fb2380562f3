"""The request log and the request metrics: one ASGI middleware around the app.

For every HTTP request it logs one line (``roadtrip.access``, INFO: method, route,
path, status, duration, match id, client address; ``/healthz``, ``/readyz`` and
``/metrics`` at DEBUG, since probes would drown the rest) and counts, in the app's
:class:`~roadtrip.server.metrics.ServerMetrics`, every error answer by status and
code (read from the answer's JSON body, whichever part of the app wrote it) and the
advice and review answers by outcome.  A WebSocket gets a line when it closes, with
its duration.

The path is logged without its query string, and no header is logged: that is
where secrets would travel (docs/server.md, "Operations").  The match id is also
put in :data:`~roadtrip.server.json_logs.MATCH` while the request is served, so
that any line logged meanwhile (on a worker thread too: Starlette copies the
context) may name it.
"""

from __future__ import annotations

import json
import logging
import re
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from roadtrip.server.json_logs import MATCH, redact
from roadtrip.server.metrics import ServerMetrics

log = logging.getLogger("roadtrip.access")

QUIET_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})
MAX_PATH = 200  # characters of an unknown path kept in a line
MAX_ERROR_BODY = 8192  # bytes of an error answer read for its code
# A match id is 12 URL-safe characters (tokens.new_match_id); anything else in its
# place (a token a careless client put there: 32) is not taken for one.
_MATCH_PATH = re.compile(r"^/(?:api/matches|ws/matches|m|replay)/([A-Za-z0-9_-]{12})(?:/|$)")
# How an error message to a WebSocket starts (``json.dumps`` with and without
# spaces); the much larger state messages are never parsed.
_WS_ERROR_STARTS = ('{"type": "error"', '{"type":"error"')
_ADVICE = "/api/matches/{match_id}/advice"
_REVIEW = "/api/matches/{match_id}/review"


def shown_path(path: str) -> str:
    """The path as logged: cut to :data:`MAX_PATH`, token-shaped parts redacted."""
    return redact(path[:MAX_PATH])


def match_of(path: str) -> str | None:
    """The match id a path names, if any."""
    found = _MATCH_PATH.match(path)
    return found.group(1) if found else None


def error_code_of(body: bytes, status: int) -> str:
    """The ``error.code`` of an error answer's JSON body, else ``http_<status>``."""
    try:
        data = json.loads(body)
        code = data["error"]["code"]
    except (ValueError, TypeError, KeyError):
        return f"http_{status}"
    return code if isinstance(code, str) and len(code) <= 40 else f"http_{status}"


def ws_error_code(text: str) -> str:
    """The ``code`` of a WebSocket error message."""
    try:
        code = json.loads(text).get("code")
    except (ValueError, AttributeError):
        return "unknown"
    return code if isinstance(code, str) and len(code) <= 40 else "unknown"


class RequestLog:
    """Log and count every request (see the module docstring)."""

    def __init__(self, app: ASGIApp, metrics: ServerMetrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        match_id = match_of(path)
        reset = MATCH.set(match_id)
        started = time.perf_counter()
        answer: dict[str, Any] = {"status": None, "body": b"", "json": False}

        async def watched_send(message: Message) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                answer["status"] = message["status"]
                answer["json"] = any(
                    k.lower() == b"content-type" and v.startswith(b"application/json")
                    for k, v in message.get("headers", [])
                )
            elif kind == "http.response.body" and (answer["status"] or 0) >= 400:
                if answer["json"] and len(answer["body"]) < MAX_ERROR_BODY:
                    answer["body"] += message.get("body", b"")
            elif kind == "websocket.close":
                answer["status"] = message.get("code", 1000)
            elif kind == "websocket.send":
                text = message.get("text")
                if isinstance(text, str) and text.startswith(_WS_ERROR_STARTS):
                    self.metrics.websocket_error(ws_error_code(text))
            await send(message)

        try:
            await self.app(scope, receive, watched_send)
        except Exception:
            if scope["type"] == "http" and answer["status"] is None:
                answer["status"] = 500  # what the server's error middleware answers
            raise
        finally:
            MATCH.reset(reset)
            seconds = time.perf_counter() - started
            if scope["type"] == "http":
                self._http_done(scope, answer, seconds, match_id)
            else:
                self._websocket_done(scope, answer["status"], seconds, match_id)

    def _http_done(
        self, scope: Scope, answer: dict[str, Any], seconds: float, match_id: str | None
    ) -> None:
        status = answer["status"] or 500
        route = getattr(scope.get("route"), "path", None)
        method: str = scope["method"]
        code = None
        if status >= 400:
            code = error_code_of(answer["body"], status) if status != 500 else "internal"
            self.metrics.error(status, code)
        if route == _ADVICE:
            self.metrics.advice_answered(status, code)
        elif route == _REVIEW:
            self.metrics.review_answered(method, status, code)
        path: str = scope["path"]
        level = logging.DEBUG if path in QUIET_PATHS else logging.INFO
        if not log.isEnabledFor(level):
            return
        path = shown_path(path)
        client = scope.get("client")
        log.log(
            level,
            "%s %s %d %.1f ms",
            method,
            path,
            status,
            seconds * 1000,
            extra={
                "method": method,
                "route": route,
                "path": path,
                "status": status,
                "code": code,
                "duration_ms": round(seconds * 1000, 2),
                "match": match_id,
                "client": client[0] if client else None,
            },
        )

    def _websocket_done(
        self, scope: Scope, close_code: int | None, seconds: float, match_id: str | None
    ) -> None:
        if not log.isEnabledFor(logging.INFO):
            return
        client = scope.get("client")
        path = shown_path(scope["path"])
        log.info(
            "websocket %s closed after %.1f s",
            path,
            seconds,
            extra={
                "route": getattr(scope.get("route"), "path", None),
                "path": path,
                "match": match_id,
                "close_code": close_code,
                "duration_ms": round(seconds * 1000, 2),
                "client": client[0] if client else None,
            },
        )
