"""What the parts of the coordinator share: its state and the calls between them.

:class:`roadtrip.server.coordinator.Coordinator` is made of parts, each in its own
module: turn clocks (:mod:`roadtrip.server.clocked`, started by
:mod:`roadtrip.server.clock_start`), unattended play
(:mod:`roadtrip.server.unattended`) and rematches (:mod:`roadtrip.server.rematches`).
:class:`CoordinatorBase` is their common base: it declares the coordinator's
attributes once and the methods one part calls on another, which the coordinator
implements (here they raise ``NotImplementedError``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Protocol

from roadtrip.core.match import Match
from roadtrip.core.state import State
from roadtrip.server.autoplay import LiveMatch
from roadtrip.server.created import Created
from roadtrip.server.gamelog import LogEntry
from roadtrip.server.live_cache import LiveCache
from roadtrip.server.storage import Grant, MatchStore, SeatSpec
from roadtrip.server.timers import Timers
from roadtrip.server.transport import Transport
from roadtrip.server.turn_clock import TurnClock

# Runs a job later, off the event loop (the web app: a thread pool).
Background = Callable[[Callable[[], None]], None]


class Thinker(Protocol):
    """Where bots that think are played (the web app: its bot processes)."""

    def choose(self, key: str, state: State, seat: int, bot: str, rng_seed: str) -> int | None:
        """Bot ``bot``'s action for ``seat`` in ``state`` (of match ``key``), or None
        when it could not be had (a fallback bot moves instead)."""


class MoveObserver(Protocol):
    """Who hears of the coordinator's moves (the web app: its metrics)."""

    def moved(self, game: str, seconds: float) -> None:
        """A seat's move was applied (and stored, and announced) in ``seconds``."""

    def stored(self, match_id: str, game: str, actions: int, finished: bool) -> None:
        """``actions`` actions of a match were stored; ``finished``: it ended with them."""


class Unobserved:
    """The observer of a coordinator nobody observes: hears nothing."""

    def moved(self, game: str, seconds: float) -> None:
        pass

    def stored(self, match_id: str, game: str, actions: int, finished: bool) -> None:
        pass


class RatedLookup(Protocol):
    """Which matches are rated (the web app: server/ratings.py, when accounts exist)."""

    def rated(self, match_id: str) -> bool:
        """Whether ``match_id`` was created rated (shown in every state message)."""


class NoRatings:
    """The lookup of a coordinator without accounts: no match is rated."""

    def rated(self, match_id: str) -> bool:
        return False


class CoordinatorBase:
    """The coordinator's attributes and the calls between its parts (see above)."""

    ratings: RatedLookup = NoRatings()

    store: MatchStore
    transport: Transport
    clock: Callable[[], float]
    timers: Timers | None
    background: Background | None
    thinker: Thinker | None
    think_runner: Background | None
    observer: MoveObserver
    _live: LiveCache[LiveMatch]
    # Matches set aside since this process started: id -> why (logged too).
    _broken: dict[str, str]
    # Rematches made since this process started: old match id -> the new match.
    _rematches: OrderedDict[str, Created]

    def create_match(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        *,
        hotseat: bool = False,
        seed: int | None = None,
        advice: bool | None = None,
        turn_clock: TurnClock | None = None,
    ) -> Created:
        raise NotImplementedError

    def live(self, match_id: str) -> LiveMatch:
        raise NotImplementedError

    def notify(self, match_id: str) -> None:
        raise NotImplementedError

    def open_link(self, grant: Grant) -> None:
        raise NotImplementedError

    def _commit(
        self,
        live: LiveMatch,
        trial: Match,
        new_log: list[LogEntry],
        start: int,
        timeouts: list[int] | None = None,
    ) -> None:
        raise NotImplementedError

    def _continue(self, live: LiveMatch, inline_moves: int) -> None:
        raise NotImplementedError

    def _set_aside(self, match_id: str, exc: Exception) -> None:
        raise NotImplementedError

    def _keep_time(self, live: LiveMatch, match: Match, timeouts: list[int]) -> None:
        raise NotImplementedError

    def _arm(self, live: LiveMatch) -> None:
        raise NotImplementedError
