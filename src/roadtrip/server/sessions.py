"""Session cookies and the refusal of cross-site requests that carry them.

A session is a random secret in the cookie :data:`SESSION_COOKIE` (HttpOnly, so
no script reads it; SameSite=Lax, so other sites' subrequests and form posts do not
carry it; Secure when the request came over HTTPS, which uvicorn also reads from
``X-Forwarded-Proto`` of the proxies it trusts; Path ``/api/account``, so it
reaches the account routes only: never a page, a match route or a WebSocket).
The server keeps only its SHA-256 (:mod:`roadtrip.server.account_store`).

:class:`SameOrigin` guards every state-changing request (not GET, HEAD or
OPTIONS) that carries the cookie, and every one to ``/api/account``: it must say
its body is JSON (``Content-Type: application/json``, which an HTML form cannot
send and a cross-site ``fetch`` cannot send without a CORS preflight this server
never grants), and its ``Origin`` must name this server's host.  A request without
``Origin`` (a non-browser client) passes only when it carries no cookie.  A
refusal is ``403 cross_site`` and reaches no route.
"""

from __future__ import annotations

import secrets
from http.cookies import SimpleCookie
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from roadtrip.server.errors import error_body

SESSION_COOKIE = "roadtrip_session"
COOKIE_PATH = "/api/account"
SESSION_SECONDS = 30 * 24 * 3600  # a session lasts 30 days from its log-in
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def new_session_secret() -> str:
    return secrets.token_urlsafe(32)


def session_secret(headers: Headers) -> str | None:
    """The session cookie's secret sent with a request, or None."""
    raw = headers.get("cookie")
    if not raw:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw)
    except Exception:  # a malformed Cookie header is no session
        return None
    morsel = jar.get(SESSION_COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


def set_session_cookie(response: Response, secret: str, *, secure: bool) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        secret,
        max_age=SESSION_SECONDS,
        path=COOKIE_PATH,
        httponly=True,
        samesite="lax",
        secure=secure,
    )


def clear_session_cookie(response: Response, *, secure: bool) -> None:
    response.delete_cookie(
        SESSION_COOKIE, path=COOKIE_PATH, httponly=True, samesite="lax", secure=secure
    )


def cross_site_problem(scope: Scope) -> str | None:
    """Why this request must be refused as cross-site, or None."""
    if scope["type"] != "http" or scope["method"] in SAFE_METHODS:
        return None
    headers = Headers(scope=scope)
    has_cookie = session_secret(headers) is not None
    if not has_cookie and not scope["path"].startswith(COOKIE_PATH):
        return None
    media = headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        return "requests to the account routes, or with a session cookie, must send JSON"
    origin = headers.get("origin")
    if origin is None:
        return "a request with a session cookie must say its Origin" if has_cookie else None
    host = headers.get("host", "")
    if origin == "null" or urlsplit(origin).netloc.lower() != host.lower():
        return "this request comes from another site (its Origin is not this server)"
    return None


class SameOrigin:
    """Refuse cross-site state-changing requests (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        problem = cross_site_problem(scope)
        if problem is not None:
            body = error_body("cross_site", problem)
            await JSONResponse(body, status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)
