"""Whether a match lets its players ask the advisor: a setting of the match.

It is chosen when the match is created and shown to everyone in every state
message (``advice_allowed``).  The default follows the seats: on where at most one
seat is played by people (everyone else is a bot: a solo game or a game against
bots), off where two or more seats are (as strong engines are barred from rated
games between people).  Matches stored before the setting existed have none
stored and get the default.
"""

from __future__ import annotations

from roadtrip.core.errors import RoadtripError
from roadtrip.server.storage import SeatSpec, StoredMatch


class NotOverYet(RoadtripError):
    """A review asked for before the match is over."""


class AdviceOff(RoadtripError, PermissionError):
    """Advice asked for where it is not allowed (the match's setting, a spectator,
    a seat the asker does not play)."""


def default_advice(seats: list[SeatSpec]) -> bool:
    """On where every seat but one (or every seat) is a bot."""
    return sum(1 for seat in seats if seat.bot is None) <= 1


def advice_allowed(stored: StoredMatch) -> bool:
    """The match's setting, or the default for its seats where none was stored."""
    return stored.advice if stored.advice is not None else default_advice(stored.seats)
