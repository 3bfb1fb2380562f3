"""The account routes: register, log in and out, delete; an account's matches.

Accounts are optional: every match route works with seat tokens exactly as
without them.  An account adds a session cookie (:mod:`roadtrip.server.sessions`)
that reaches only ``/api/account``, where the account's seats are listed from the
server (``GET /api/account/matches``, your turn first), claimed from this browser's
guest links (``POST /api/account/seats`` with their tokens) and opened on any device
(``POST /api/account/links`` mints that device a seat token of its own, revoked
with its session).  Log-in attempts spend a per-address and a per-name token
bucket (:mod:`roadtrip.server.quotas`); a refused log-in answers the same, and
takes as long, whether the name exists or not.  The routes are plain functions, so
the Argon2 hashing runs on worker threads, never on the event loop.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, Field

from roadtrip.server.account_store import (
    Account,
    AccountSeat,
    AccountStore,
    BadCredentials,
    CrossSite,
    NameTaken,
    NotLoggedIn,
)
from roadtrip.server.coordinator import Coordinator, NotFound
from roadtrip.server.errors import error_responses
from roadtrip.server.match_api import link
from roadtrip.server.passwords import (
    PASSWORD_MAX,
    AccountError,
    HashingBusy,
    Passwords,
    account_name,
    check_password,
    name_key,
)
from roadtrip.server.quotas import Buckets, Quota, TooManyRequests, client_address
from roadtrip.server.seats import display_names
from roadtrip.server.sessions import (
    SESSION_SECONDS,
    clear_session_cookie,
    new_session_secret,
    session_secret,
    set_session_cookie,
)
from roadtrip.server.storage import Grant
from roadtrip.server.tokens import new_token, token_hash
from roadtrip.server.turns import MAX_TOKEN_CHARS, MAX_TOKENS, turn_of_grant

LOGIN_QUOTA_ENV = "ROADTRIP_LOGIN_QUOTA"  # per address
LOGIN_NAME_QUOTA_ENV = "ROADTRIP_LOGIN_NAME_QUOTA"  # per account name
REGISTER_QUOTA_ENV = "ROADTRIP_REGISTER_QUOTA"  # per address
LOGIN_QUOTA = Quota(10, 10.0)
LOGIN_NAME_QUOTA = Quota(5, 2.0)
REGISTER_QUOTA = Quota(5, 5.0)
MAX_LISTED = 50  # matches of GET /api/account/matches (as many as /api/turns asks)
LINKS_KEPT = 4  # device links a session keeps per match (its tabs); older ones revoked

Clock = Callable[[], float]


class CredentialsIn(BaseModel):
    name: str = Field(min_length=1, max_length=200)
    password: str = Field(max_length=PASSWORD_MAX + 1)


class PasswordIn(BaseModel):
    password: str = Field(max_length=PASSWORD_MAX + 1)


class ClaimIn(BaseModel):
    tokens: list[Annotated[str, Field(max_length=MAX_TOKEN_CHARS)]] = Field(max_length=MAX_TOKENS)


class LinkIn(BaseModel):
    match: str = Field(min_length=1, max_length=32)


class Empty(BaseModel):
    """A JSON body (``{}``): state-changing account requests must send JSON."""


def account_json(account: Account) -> dict[str, Any]:
    return {"name": account.name, "created_at": account.created_at}


def listed_order(entry: dict[str, Any]) -> tuple[int, float, float]:
    """Your turn first (soonest deadline first), then in progress, then finished;
    newest first within each."""
    deadline = entry.get("deadline")
    if entry.get("your_turn"):
        rank, soon = 0, deadline["at"] if deadline else float("inf")
    else:
        rank, soon = (2 if entry.get("finished") or entry.get("error") else 1), 0.0
    return rank, soon, -float(entry.get("claimed_at", 0.0))


def grants_of(seats: list[AccountSeat]) -> list[tuple[Grant, float]]:
    """One grant per match of an account's seat rows (the member of its first row)."""
    out: dict[str, tuple[Grant, float]] = {}
    for row in seats:
        held = out.get(row.match_id)
        if held is None:
            out[row.match_id] = (Grant(row.match_id, (row.seat,), row.member), row.claimed_at)
        elif held[0].member == row.member and row.seat not in held[0].seats:
            grant = Grant(row.match_id, tuple(sorted((*held[0].seats, row.seat))), row.member)
            out[row.match_id] = (grant, max(held[1], row.claimed_at))
    return list(out.values())


def install_accounts(
    app: FastAPI,
    coordinator: Coordinator,
    accounts: AccountStore,
    passwords: Passwords | None = None,
    clock: Clock = time.time,
    forget: Callable[[str], None] | None = None,
) -> None:
    """Add the ``/api/account`` routes to ``app``; ``forget(account_id)``: what else
    a deletion deletes (the daily challenge's attempts, their names on its boards)."""
    hashing = passwords or Passwords()
    logins = Buckets(Quota.from_env(LOGIN_QUOTA_ENV, LOGIN_QUOTA), "a log-in")
    logins_by_name = Buckets(
        Quota.from_env(LOGIN_NAME_QUOTA_ENV, LOGIN_NAME_QUOTA),
        "a log-in",
        holder="one account name, from any address,",
    )
    registrations = Buckets(Quota.from_env(REGISTER_QUOTA_ENV, REGISTER_QUOTA), "a new account")
    app.state.account_quotas = (logins, logins_by_name, registrations)

    def session_of(request: Request) -> tuple[Account, str]:
        secret = session_secret(request.headers)
        if secret is not None:
            hashed = token_hash(secret)
            account = accounts.session_account(hashed, clock())
            if account is not None:
                return account, hashed
        raise NotLoggedIn("log in first (no session, or it expired or was revoked)")

    def start_session(account: Account, request: Request, response: Response) -> None:
        secret = new_session_secret()
        now = clock()
        accounts.drop_sessions(account.id, now)  # its expired sessions
        accounts.add_session(token_hash(secret), account.id, now, now + SESSION_SECONDS)
        set_session_cookie(response, secret, secure=request.url.scheme == "https")

    def ended(request: Request, response: Response) -> None:
        clear_session_cookie(response, secure=request.url.scheme == "https")

    cookie_refusals = (CrossSite, NotLoggedIn)

    @app.post(
        "/api/account/register",
        status_code=201,
        responses=error_responses(
            AccountError, NameTaken, CrossSite, TooManyRequests, HashingBusy, body=True
        ),
    )
    def register(body: CredentialsIn, request: Request, response: Response) -> dict[str, Any]:
        """A new account, logged in (its session cookie is set)."""
        name = account_name(body.name)
        password = check_password(body.password)
        registrations.take(client_address(request.scope))
        account = Account(
            id=secrets.token_urlsafe(12),
            name=name,
            name_key=name_key(name),
            password_hash=hashing.hash(password),
            created_at=clock(),
        )
        accounts.create_account(account)
        start_session(account, request, response)
        return account_json(account)

    @app.post(
        "/api/account/login",
        responses=error_responses(
            BadCredentials, CrossSite, TooManyRequests, HashingBusy, body=True
        ),
    )
    def login(body: CredentialsIn, request: Request, response: Response) -> dict[str, Any]:
        """Log in: a session cookie.  Wrong name or password: one answer for both."""
        key = name_key(body.name)
        logins.take(client_address(request.scope))
        logins_by_name.take(key)
        account = accounts.account_named(key)
        stored = account.password_hash if account is not None else None
        if not hashing.verify(stored, body.password) or account is None:
            raise BadCredentials("the name or the password is wrong")
        start_session(account, request, response)
        return account_json(account)

    @app.get("/api/account", responses=error_responses(validated=False))
    def me(request: Request) -> dict[str, Any]:
        """The account of this session, or null: asking is not an error (a guest's
        lobby asks on every visit)."""
        try:
            return {"account": account_json(session_of(request)[0])}
        except NotLoggedIn:
            return {"account": None}

    @app.post("/api/account/logout", responses=error_responses(*cookie_refusals, body=True))
    def logout(_body: Empty, request: Request, response: Response) -> dict[str, Any]:
        """End this session (its device links too)."""
        _account, hashed = session_of(request)
        accounts.drop_session(hashed)
        ended(request, response)
        return {"logged_out": True}

    @app.post(
        "/api/account/logout-everywhere", responses=error_responses(*cookie_refusals, body=True)
    )
    def logout_everywhere(_body: Empty, request: Request, response: Response) -> dict[str, Any]:
        """End every session of the account, on every device, and their links."""
        account, _hashed = session_of(request)
        accounts.drop_sessions(account.id, 0.0)
        ended(request, response)
        return {"logged_out": True}

    @app.post(
        "/api/account/delete",
        responses=error_responses(
            *cookie_refusals, BadCredentials, TooManyRequests, HashingBusy, body=True
        ),
    )
    def delete(body: PasswordIn, request: Request, response: Response) -> dict[str, Any]:
        """Delete the account (its password confirms): name, password hash,
        sessions, links and seat rows.  Its matches keep the seats' names."""
        account, _hashed = session_of(request)
        logins_by_name.take(account.name_key)
        if not hashing.verify(account.password_hash, body.password):
            raise BadCredentials("the password is wrong")
        accounts.delete_account(account.id)
        if forget is not None:
            forget(account.id)
        ended(request, response)
        return {"deleted": True}

    @app.get("/api/account/matches", responses=error_responses(NotLoggedIn, validated=False))
    def matches(request: Request) -> dict[str, Any]:
        """The account's matches (at most MAX_LISTED), your turn first."""
        account, _hashed = session_of(request)
        listed = []
        for grant, claimed_at in grants_of(accounts.account_seats(account.id, MAX_LISTED)):
            entry = {**turn_of_grant(coordinator, grant), "claimed_at": claimed_at}
            if "error" not in entry:
                stored = coordinator.live(grant.match_id).stored
                entry["players"] = display_names(stored.seats)
                entry["created_at"] = stored.created_at
            listed.append(entry)
        listed.sort(key=listed_order)
        return {"server_time": coordinator.clock(), "matches": listed}

    @app.post("/api/account/seats", responses=error_responses(*cookie_refusals, body=True))
    def claim(body: ClaimIn, request: Request) -> dict[str, Any]:
        """Make the seats of these tokens (this browser's guest links) the
        account's, each unless another account holds it."""
        account, _hashed = session_of(request)
        answers: list[dict[str, Any]] = []
        for token in body.tokens:
            grant = coordinator.store.grant(token_hash(token)) if token else None
            if grant is None:
                answers.append({"known": False, "claimed": False})
                continue
            claimed = not grant.is_spectator and accounts.claim_seats(
                account.id, grant.match_id, grant.seats, grant.member, clock()
            )
            reason = {} if claimed else {"reason": "spectator" if grant.is_spectator else "taken"}
            answers.append({"known": True, "match": grant.match_id, "claimed": claimed, **reason})
        return {"seats": answers}

    @app.post(
        "/api/account/links", responses=error_responses(*cookie_refusals, NotFound, body=True)
    )
    def device_link(body: LinkIn, request: Request) -> dict[str, Any]:
        """A link to one of the account's matches for this device (a seat token
        of its own, revoked when this session ends)."""
        account, hashed = session_of(request)
        mine = [g for g, _at in grants_of(accounts.account_seats(account.id, 1, body.match))]
        if not mine:
            raise NotFound(f"this account has no seat in match {body.match}")
        token = new_token()
        accounts.add_link(token_hash(token), mine[0], account.id, hashed, clock(), LINKS_KEPT)
        return {"match": body.match, "url": link(body.match, token)}
