"""The Bot protocol: a bot sees only what its seat may see, and gets its RNG injected.

A bot is handed an :class:`Observation`: the game, its seat, that seat's ``view``
and legal actions.  Search bots that need a full state call
``observation.sample_state(rng)``: a state drawn from those the seat cannot tell
apart from the real one (for perfect-information games, an exact copy).  Bots never
receive the real state, so they cannot peek at hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any, Protocol, runtime_checkable

from roadtrip.core.errors import RoadtripError
from roadtrip.core.game import Game
from roadtrip.core.state import State


class Observation:
    """What one seat knows when it must act.

    The view is built on first use: many bots never read it, and building the JSON
    view costs more than a random bot's whole decision.
    """

    __slots__ = ("_sampler", "_view", "_view_fn", "game", "legal_actions", "seat")

    def __init__(
        self,
        game: Game,
        seat: int,
        legal_actions: tuple[int, ...],
        view: Callable[[], dict[str, Any]],
        sampler: Callable[[Random], State],
    ) -> None:
        self.game = game
        self.seat = seat
        self.legal_actions = legal_actions
        self._view_fn = view
        self._view: dict[str, Any] | None = None
        self._sampler = sampler

    @property
    def view(self) -> dict[str, Any]:
        """This seat's ``state.view(seat)``."""
        if self._view is None:
            self._view = self._view_fn()
        return self._view

    def sample_state(self, rng: Random) -> State:
        """A full state consistent with this seat's view (hidden parts drawn by ``rng``)."""
        return self._sampler(rng)

    def __repr__(self) -> str:
        return f"Observation(game={self.game.id!r}, seat={self.seat}, legal={self.legal_actions})"


def observe(state: State, seat: int) -> Observation:
    """Build ``seat``'s observation of ``state`` (a snapshot: later moves don't show)."""
    frozen = state.clone()
    return Observation(
        game=state.game,
        seat=seat,
        legal_actions=tuple(state.legal_actions(seat)),
        view=lambda: frozen.view(seat),
        sampler=lambda rng: frozen.resample_hidden(seat, rng),
    )


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from an observation."""

    name: str

    def choose(self, observation: Observation, rng: Random) -> int:
        """Return one of ``observation.legal_actions``."""
        ...


class UnknownBot(RoadtripError, LookupError):
    """A bot name that is not registered (for this game)."""


BotFactory = Callable[[Game], Bot]
_BOTS: dict[str, tuple[BotFactory, str, tuple[str, ...] | None]] = {}


def register_bot(
    name: str, factory: BotFactory, summary: str, games: tuple[str, ...] | None = None
) -> None:
    """Register a bot kind; ``games`` limits it to those game ids (None: every game)."""
    _BOTS[name] = (factory, summary, games)


def bot_names(game_id: str | None = None) -> list[str]:
    """Bot kinds available (for ``game_id``, if given)."""
    return sorted(
        name
        for name, (_, _, games) in _BOTS.items()
        if game_id is None or games is None or game_id in games
    )


def bot_summary(name: str) -> str:
    return _BOTS[name][1] if name in _BOTS else ""


def make_bot(name: str, game: Game) -> Bot:
    """A bot of kind ``name`` for ``game``; raises UnknownBot naming the choices."""
    entry = _BOTS.get(name)
    if entry is None or (entry[2] is not None and game.id not in entry[2]):
        choices = ", ".join(bot_names(game.id)) or "none"
        raise UnknownBot(f"no bot '{name}' for {game.id}; choose from: {choices}")
    return entry[0](game)
