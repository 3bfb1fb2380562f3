"""The coordinator's refusals: typed errors that :mod:`roadtrip.server.errors` maps
to HTTP statuses and WebSocket error codes (re-exported by
:mod:`roadtrip.server.coordinator`)."""

from __future__ import annotations

from roadtrip.core.errors import IllegalMove, RoadtripError

__all__ = ["AccessDenied", "NotFound", "StaleVersion", "Unplayable"]


class AccessDenied(RoadtripError, PermissionError):
    """A missing or wrong token, or a token that may not do this."""


class NotFound(RoadtripError, LookupError):
    """No such match."""


class StaleVersion(IllegalMove):
    """A move made against a state that has changed since the client saw it."""


class Unplayable(RoadtripError):
    """A stored match that cannot be loaded or played on: it was set aside (and
    logged) so that every other match goes on."""
