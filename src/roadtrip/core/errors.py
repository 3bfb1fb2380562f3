"""The one small error hierarchy that every layer raises and catches.

Rules code raises these for bad input (never ``assert``); the command line and the
server turn them into clear messages.  Every error leaves the object it was raised
on unchanged.
"""

from __future__ import annotations


class RoadtripError(Exception):
    """Base of every error roadtrip raises on purpose."""


class UnknownGame(RoadtripError, LookupError):
    """A game id that is not registered."""


class InvalidOption(RoadtripError, ValueError):
    """An unknown variant option, or a bad value for a known one."""


class IllegalMove(RoadtripError, ValueError):
    """An action that the rules do not allow in this state."""


class NotYourTurn(IllegalMove):
    """An action by a seat that may not act now (or a decision at a chance node)."""


class GameOver(IllegalMove):
    """An action on a finished game."""


class InvalidSeat(IllegalMove):
    """A seat index outside the game's seats (for a move, a view or a question)."""


class CorruptRecord(RoadtripError, ValueError):
    """A match record that is malformed or does not replay consistently."""


class SeedMismatch(CorruptRecord):
    """A record's chance outcome that its seed does not draw (a forged or altered
    record): the first such step is named."""


class NotSupported(RoadtripError, NotImplementedError):
    """A capability this game does not offer."""
