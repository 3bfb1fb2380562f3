"""How errors reach clients: an HTTP status and a stable machine-readable code."""

from __future__ import annotations

from typing import Any

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
from roadtrip.server.advice_policy import AdviceOff, NotOverYet
from roadtrip.server.bot_pool import BotPoolFailure
from roadtrip.server.match_errors import AccessDenied, NotFound, StaleVersion, Unplayable
from roadtrip.server.seats import SetupError
from roadtrip.server.turn_clock import TimerError

# Error class -> (HTTP status, machine-readable code); most specific first.
ERROR_CODES: list[tuple[type[Exception], int, str]] = [
    (AccessDenied, 403, "access_denied"),
    (AdviceOff, 403, "advice_off"),
    (NotOverYet, 409, "not_over"),
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
    for cls, status, code in ERROR_CODES:
        if isinstance(exc, cls):
            return status, code
    return 500, "internal"


def sentence(message: str) -> str:
    """An error text as a sentence: its first letter a capital."""
    return message[:1].upper() + message[1:]


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": sentence(message)}}
