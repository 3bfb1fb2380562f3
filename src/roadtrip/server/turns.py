"""Correspondence play: "your matches where it is your turn".

The lobby keeps the links of this browser's seats in localStorage.  It sends their
tokens (``POST /api/turns``, at most :data:`MAX_TOKENS`, each at most
:data:`MAX_TOKEN_CHARS` characters) and gets, for each, whether one of that token's
own seats may act now and, in a timed match, when its decision's time runs out.
Nothing else is told: not another seat's view, nor whose turn it is when it is not
the token's (a spectator's token is answered as never to move); an unknown token
is answered ``{"known": false}``, like a token of a match on another server.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI
from pydantic import BaseModel, Field

from roadtrip.core.errors import RoadtripError
from roadtrip.server.clock_start import waiting_message
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.errors import error_code, error_responses
from roadtrip.server.storage import Grant
from roadtrip.server.tokens import token_hash

MAX_TOKENS = 50  # tokens one request may ask about
MAX_TOKEN_CHARS = 128  # a token is 43 characters; anything longer is not one


class TurnsIn(BaseModel):
    tokens: list[Annotated[str, Field(max_length=MAX_TOKEN_CHARS)]] = Field(max_length=MAX_TOKENS)


def turn_of(coordinator: Coordinator, token: str) -> dict[str, Any]:
    """Whether ``token``'s own seats may act now in its match, and their deadline."""
    grant = coordinator.store.grant(token_hash(token)) if token else None
    if grant is None:
        return {"known": False}
    return turn_of_grant(coordinator, grant)


def turn_of_grant(coordinator: Coordinator, grant: Grant) -> dict[str, Any]:
    """Whether ``grant``'s own seats may act now, and their deadline (the answer
    of :func:`turn_of`; an account's matches are answered the same way)."""
    try:
        # Asking whether it is one's turn is not opening the match: its clocks may
        # still wait for this seat (the lobby asks about links it only holds).
        grant = coordinator.admit(grant, opens=False)
        live = coordinator.live(grant.match_id)
    except RoadtripError as exc:
        return {"known": True, "match": grant.match_id, "error": error_code(exc)[1]}
    state = live.match.state
    finished = state.is_terminal()
    active = set() if finished else set(state.active_seats())
    mine = [seat for seat in grant.seats if seat in active]
    now = coordinator.clock()
    expiries = [live.stored.deadlines[s][0] for s in mine if s in live.stored.deadlines]
    deadline = min(expiries, default=None)
    return {
        "known": True,
        "match": grant.match_id,
        "game": state.game.id,
        "game_name": state.game.info.name,
        "seats": list(grant.seats),
        "your_turn": bool(mine),
        "finished": finished,
        "deadline": (
            None
            if deadline is None
            else {"at": deadline, "remaining_ms": max(0, round((deadline - now) * 1000))}
        ),
        # The people a timed match's clocks still wait for (server/clock_start.py).
        "clock_waits_for": [
            w["name"] for w in ([] if finished else waiting_message(live)["waiting_for"])
        ],
    }


def install_turns(app: FastAPI, coordinator: Coordinator) -> None:
    """Add ``POST /api/turns`` to ``app``."""

    @app.post("/api/turns", responses=error_responses(body=True))
    def turns(body: TurnsIn) -> dict[str, Any]:
        """For each token held (in order): whether one of its seats may act now."""
        return {
            "server_time": coordinator.clock(),
            "matches": [turn_of(coordinator, token) for token in body.tokens],
        }
