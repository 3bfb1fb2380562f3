"""How errors reach clients: an HTTP status and a stable machine-readable code.

Every error answer has one body (:class:`ErrorBody`); :func:`error_responses`
documents a route's refusals in the OpenAPI schema from the same table that
answers them (:data:`ERROR_CODES`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from pydantic import BaseModel, Field

from roadtrip.bots import UnknownBot
from roadtrip.core.errors import (
    GameOver,
    IllegalMove,
    InvalidOption,
    InvalidSeat,
    NotYourTurn,
    RoadtripError,
    UnknownGame,
)
from roadtrip.server.account_store import BadCredentials, CrossSite, NameTaken, NotLoggedIn
from roadtrip.server.advice_policy import AdviceOff, NotOverYet
from roadtrip.server.bot_pool import BotPoolFailure, WorkDropped
from roadtrip.server.daily import AlreadyPlayed, BadDay, NotDaily, NotRevealed
from roadtrip.server.match_errors import AccessDenied, NotFound, StaleVersion, Unplayable
from roadtrip.server.passwords import AccountError, HashingBusy
from roadtrip.server.quotas import TooManyRequests
from roadtrip.server.seats import SetupError
from roadtrip.server.turn_clock import TimerError

# Error class -> (HTTP status, machine-readable code); most specific first.
ERROR_CODES: list[tuple[type[Exception], int, str]] = [
    (NotLoggedIn, 401, "not_logged_in"),
    (BadCredentials, 401, "bad_credentials"),
    (CrossSite, 403, "cross_site"),
    (NameTaken, 409, "name_taken"),
    (AlreadyPlayed, 409, "already_played"),
    (NotRevealed, 403, "not_revealed"),
    (NotDaily, 404, "no_daily"),
    (BadDay, 400, "bad_day"),
    (AccountError, 400, "bad_account"),
    (HashingBusy, 503, "busy"),
    (AccessDenied, 403, "access_denied"),
    (AdviceOff, 403, "advice_off"),
    (NotOverYet, 409, "not_over"),
    (TooManyRequests, 429, "too_many_requests"),
    (WorkDropped, 409, "dropped"),
    (BotPoolFailure, 503, "busy"),
    (NotFound, 404, "not_found"),
    (Unplayable, 409, "unplayable"),
    (UnknownGame, 404, "unknown_game"),
    (UnknownBot, 400, "unknown_bot"),
    (InvalidOption, 400, "invalid_option"),
    (SetupError, 400, "bad_setup"),
    (TimerError, 400, "bad_setup"),
    (StaleVersion, 409, "stale"),
    (GameOver, 409, "game_over"),
    (NotYourTurn, 409, "not_your_turn"),
    (InvalidSeat, 400, "invalid_seat"),
    (IllegalMove, 400, "illegal_move"),
    (RoadtripError, 400, "error"),
]


def error_code(exc: Exception) -> tuple[int, str]:
    return error_code_of(type(exc))


def error_code_of(error: type[Exception]) -> tuple[int, str]:
    """The HTTP status and code of an error class (500 ``internal`` if unknown)."""
    for cls, status, code in ERROR_CODES:
        if issubclass(error, cls):
            return status, code
    return 500, "internal"


def sentence(message: str) -> str:
    """An error text as a sentence: its first letter a capital."""
    return message[:1].upper() + message[1:]


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": sentence(message)}}


class ErrorDetail(BaseModel):
    code: str = Field(description="Stable and machine-readable, e.g. `not_found`")
    message: str = Field(description="A sentence for people")


class ErrorBody(BaseModel):
    """The body of every error answer of the API."""

    error: ErrorDetail


# Refusals of the app itself, outside the routes: a body over the limit (counted as
# it arrives, so any request), a JSON body that cannot be read as text (FastAPI's
# 400) and a request that does not match the schema.
TOO_LARGE = (413, "too_large", "The request body is over the size limit (declared or counted).")
UNREADABLE = (400, "bad_request", "The body cannot be read as JSON text (it is not UTF-8).")
NOT_VALID = (422, "bad_request", "The request does not match this operation's schema.")


# What every route on one match may answer: a token that may not, no such match, a
# match set aside.
MATCH_REFUSALS: tuple[type[Exception], ...] = (AccessDenied, NotFound, Unplayable)


def meaning(refusal: type[Exception]) -> str:
    """What an error class means, from its docstring."""
    return " ".join((refusal.__doc__ or refusal.__name__).split())


def error_responses(
    *refusals: type[Exception], validated: bool = True, body: bool = False
) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of a route that raises ``refusals``: each status
    with :class:`ErrorBody` and its codes (what they mean), plus 413 (every request),
    422 for a route with parameters or a body (``validated``) and 400 for one that
    reads a JSON ``body``."""
    codes: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for refusal in refusals:
        status, code = error_code_of(refusal)
        codes[status][code].append(meaning(refusal))
    for status, code, text in (
        TOO_LARGE,
        *((NOT_VALID,) if validated else ()),
        *((UNREADABLE,) if body else ()),
    ):
        codes[status][code].append(text)
    return {
        status: {
            "model": ErrorBody,
            "description": "\n".join(
                f"- `{code}`: {' '.join(texts)}" for code, texts in by_code.items()
            ),
        }
        for status, by_code in sorted(codes.items())
    }
