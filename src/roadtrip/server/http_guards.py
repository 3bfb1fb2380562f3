"""ASGI middleware that guards every HTTP response: body size, security headers,
and who is asking.

:class:`BodyLimit` counts the bytes of a request body as they arrive (a chunked
body has no ``Content-Length`` to check) and refuses the request with 413 as soon
as it passes the limit, so nothing ever holds more than the limit in memory.

:class:`SecurityHeaders` adds to every response a Content-Security-Policy that
allows only this origin's scripts (no inline scripts, no third-party code: the
origin's localStorage holds every match link the browser has seen), forbids
framing, and keeps URLs out of Referer headers.

:class:`ClientAddress` tells the code below a request (HTTP or WebSocket) which
address it serves, in :data:`CLIENT`: the coordinator takes the address of a new
match or of a move as the client of the thinking it causes (the fair queue of
:mod:`roadtrip.server.thinking`).
"""

from __future__ import annotations

from contextvars import ContextVar

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from roadtrip.server.errors import error_body

# Styles: the boards set CSS custom properties through style attributes.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; media-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# The optional Swagger UI (``roadtrip serve --api-docs``) loads its code from a CDN.
API_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
API_DOCS_PATH = "/docs"
# The address of the client whose request is being served (None outside one).
# Starlette copies the context into the threads that run routes, so it reaches
# the coordinator.
CLIENT: ContextVar[str | None] = ContextVar("roadtrip_client", default=None)


class BodyTooLarge(HTTPException):
    """A request body beyond the limit (raised while it is being read)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"Request bodies are limited to {limit} bytes")


def too_large_response(limit: int) -> JSONResponse:
    return JSONResponse(
        error_body("too_large", f"request bodies are limited to {limit} bytes"), status_code=413
    )


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes, declared or counted."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_large_response(self.limit)(scope, receive, send)
            return
        received = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await too_large_response(self.limit)(scope, receive, send)


class SecurityHeaders:
    """Add the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = API_DOCS_POLICY if scope["path"] == API_DOCS_PATH else CONTENT_SECURITY_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower().decode("latin-1") not in SECURITY_HEADERS
                ]
                headers.append((b"content-security-policy", policy.encode()))
                headers.extend((k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items())
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ClientAddress:
    """Set :data:`CLIENT` to the request's client address while it is served."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        token = CLIENT.set(str(client[0]) if client else None)
        try:
            await self.app(scope, receive, send)
        finally:
            CLIENT.reset(token)
