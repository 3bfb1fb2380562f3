"""The match API: create a match, read its state, move, rematch, record, replay.

Routes stay thin: they parse and authorize, then call the coordinator, which is the
only authority.  They are plain functions, so FastAPI runs them on worker threads:
loading a match or a move never holds the event loop.  Tokens travel in an
``Authorization: Bearer`` header (:func:`bearer`), never in a URL the server sees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from roadtrip.bots import UnknownBot
from roadtrip.core.errors import (
    GameOver,
    IllegalMove,
    InvalidOption,
    NotYourTurn,
    UnknownGame,
)
from roadtrip.core.registry import game_class
from roadtrip.server.advice_policy import advice_allowed
from roadtrip.server.coordinator import Coordinator, Created, StaleVersion
from roadtrip.server.errors import MATCH_REFUSALS, error_responses
from roadtrip.server.match_reads import record_text, replay_state
from roadtrip.server.quotas import (
    CREATE_QUOTA,
    CREATE_QUOTA_ENV,
    Buckets,
    Quota,
    TooManyRequests,
    client_address,
)
from roadtrip.server.seats import SetupError, display_names, players_of
from roadtrip.server.storage import Grant, SeatSpec
from roadtrip.server.turn_clock import TimerError, turn_clock_of
from roadtrip.server.visibility import replay_log, replay_step_message

# The grant of a request's bearer token for a match (AccessDenied, NotFound).
GrantOf = Callable[[Request, str], Grant]


RATED_HERE = (
    "a rated match is created by a logged-in account: POST /api/account/matches "
    "(the lobby's rated choice)"
)


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
    # strict: JSON booleans only ("yes", "true" and 1 are refused, naming the field)
    hotseat: bool = Field(default=False, strict=True)
    # May the players ask the advisor?  None: the default for the seats (on where
    # at most one seat is played by people).
    advice: bool | None = Field(default=None, strict=True)
    # A time limit per decision (server/turn_clock.py): {"seconds", "on_expiry":
    # "bot"|"pass", "bot"}; None or seconds 0: none.  Checked there (400 bad_setup).
    turn_clock: Any = None
    # A rated match (server/ratings.py) is made by an account: POST /api/account/matches.
    rated: bool = Field(default=False, strict=True)


class ActIn(BaseModel):
    # strict: JSON integers only ("12", true and 1.0 are refused, as over WebSocket)
    action: int = Field(strict=True)
    seat: int | None = Field(default=None, strict=True)
    my_moves: int | None = Field(default=None, strict=True)


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


def install_match_api(
    app: FastAPI, coordinator: Coordinator, create_quota: Quota | None = None
) -> GrantOf:
    """Add the match routes to ``app``; returns how they authorize a request (the
    other route groups use the same).  New matches spend the asking
    address's ``create_quota`` (default: ``ROADTRIP_CREATE_QUOTA``, server/quotas.py)."""
    creations = Buckets(
        create_quota or Quota.from_env(CREATE_QUOTA_ENV, CREATE_QUOTA), "a new match"
    )
    app.state.create_quota = creations

    def grant_of(request: Request, match_id: str) -> Grant:
        return coordinator.authorize(match_id, bearer(request))

    @app.post(
        "/api/matches",
        status_code=201,
        responses=error_responses(
            UnknownGame,
            UnknownBot,
            InvalidOption,
            SetupError,
            TimerError,
            TooManyRequests,
            body=True,
        ),
    )
    def create(body: CreateIn, request: Request) -> dict[str, Any]:
        if body.rated:
            raise SetupError(RATED_HERE)
        seats = [SeatSpec(name=s.name, bot=s.bot, partner=s.partner) for s in body.seats]
        options: dict[str, Any] = dict(body.options)
        game_class(body.game)  # an unknown game is named before its turn clock is read
        clock = turn_clock_of(body.game, body.turn_clock)
        address = client_address(request.scope)
        creations.take(address)  # 429 creates nothing
        try:
            created = coordinator.create_match(
                body.game,
                options,
                seats,
                hotseat=body.hotseat,
                advice=body.advice,
                turn_clock=clock,
            )
        except Exception:  # a bad setup: only matches created count
            creations.give_back(address)
            raise
        stored = coordinator.live(created.match_id).stored
        return {
            **created_answer(created, stored.seats),
            "advice": advice_allowed(stored),
            "turn_clock": stored.clock.to_dict() if stored.clock else None,
        }

    @app.post(
        "/api/matches/{match_id}/rematch",
        status_code=201,
        responses=error_responses(*MATCH_REFUSALS, SetupError),
    )
    def rematch(match_id: str, request: Request) -> dict[str, Any]:
        """A new match like this finished one; the answer holds only the caller's link
        (every other player's page receives its own in its next state message)."""
        # Free: one rematch per finished match, however many ask (no amplification).
        created, url = coordinator.rematch(grant_of(request, match_id))
        return {"match": created.match_id, "url": url}

    @app.get("/api/matches/{match_id}/state", responses=error_responses(*MATCH_REFUSALS))
    def state(match_id: str, request: Request) -> dict[str, Any]:
        return coordinator.message(match_id, grant_of(request, match_id))

    @app.post(
        "/api/matches/{match_id}/actions",
        responses=error_responses(
            *MATCH_REFUSALS, StaleVersion, GameOver, NotYourTurn, IllegalMove, body=True
        ),
    )
    def act(match_id: str, body: ActIn, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        coordinator.act(grant, body.action, body.seat, body.my_moves)
        return coordinator.message(match_id, grant)

    @app.get("/api/matches/{match_id}/record", responses=error_responses(*MATCH_REFUSALS))
    def record(match_id: str, request: Request) -> Response:
        grant = grant_of(request, match_id)
        rec = coordinator.record(grant)  # access_denied before the end
        return Response(
            record_text(coordinator.live(match_id), rec),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="roadtrip-{match_id}.json"'},
        )

    @app.get("/api/matches/{match_id}/replay", responses=error_responses(*MATCH_REFUSALS))
    def replay_index(match_id: str, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        live = coordinator.live(match_id)
        return {
            "match": match_id,
            "game": live.stored.game,
            "steps": len(live.log),
            "log": replay_log(live.log, grant, live.match.state.simultaneous_from()),
            "finished": live.match.state.is_terminal(),
            "players": players_of(live.stored.seats, game_id=live.stored.game),
            "options": dict(live.match.state.game.options),
        }

    @app.get(
        "/api/matches/{match_id}/replay/{step}",
        responses=error_responses(*MATCH_REFUSALS, IllegalMove),
    )
    def replay_step(match_id: str, step: int, request: Request) -> dict[str, Any]:
        grant = grant_of(request, match_id)
        live = coordinator.live(match_id)
        total = len(live.log)
        if not 0 <= step <= total:
            raise IllegalMove(f"step must be between 0 and {total}; got {step}")
        return replay_step_message(
            match_id=match_id,
            state=replay_state(live, step),  # from a checkpoint: cheap at any length
            step=step,
            total=total,
            grant=grant,
            log=live.log,
            sealed_from=live.match.state.simultaneous_from(),
        )

    return grant_of
