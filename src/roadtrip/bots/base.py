"""The Bot protocol: a bot sees only what its seat may see, and gets its RNG injected.

A bot is handed an :class:`Observation`: the game, its seat, that seat's ``view``
and legal actions.  Search bots that need a full state call
``observation.sample_state(rng)``: a state drawn from those the seat cannot tell
apart from the real one (for perfect-information games, an exact copy).  Bots never
receive the real state, so they cannot peek at hidden cards.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

from roadtrip.core.errors import IllegalMove, NotSupported, RoadtripError
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


@runtime_checkable
class Remembers(Protocol):
    """A bot whose next decision depends on what it decided before (Road Rally's
    expert picks a whole play of cards at its first card).  ``memory()`` is that
    (small, picklable) and ``recall(memory)`` puts it back, so that the web app
    can carry it from one decision to the next whichever process makes them: a
    decision is then a function of the observation, the generator and the memory.
    ``recall(None)``: nothing remembered (a new bot)."""

    def memory(self) -> Any:
        """What the next decision must know of the earlier ones."""
        ...

    def recall(self, memory: Any) -> None:
        """Remember ``memory`` (from :meth:`memory`), forgetting anything else."""
        ...


def require_game(game: Game | None, game_id: str, bot: str) -> None:
    """NotSupported unless ``game`` is None (not known yet) or the game ``bot`` plays."""
    if game is not None and game.id != game_id:
        raise NotSupported(f"the {bot} bot plays {game_id}, not {game.id}")


class Observed(Protocol):
    """The part of an Observation that :func:`legal_or_raise` reads."""

    seat: int
    legal_actions: tuple[int, ...]


def legal_or_raise(observation: Observed) -> tuple[int, ...]:
    """The observing seat's legal actions; IllegalMove when it has none (a bot asked
    to move out of turn)."""
    legal = observation.legal_actions
    if not legal:
        raise IllegalMove(f"seat {observation.seat} has no legal action to choose")
    return legal


W = TypeVar("W")


class WeightedHeuristic(Generic[W]):
    """A game's weighted heuristic bot: the game it plays, its weights and its name.

    ``choose`` answers a lone legal action at once and falls back to the first legal
    action should ``decide`` propose one that is not legal; subclasses set
    ``game_id`` and ``default_weights`` and implement ``decide``.
    """

    game_id: ClassVar[str]

    def __init__(
        self, game: Game | None = None, weights: W | None = None, name: str = "heuristic"
    ) -> None:
        require_game(game, self.game_id, name)
        self.game = game
        self.weights: W = weights if weights is not None else self.default_weights()
        self.name = name

    def default_weights(self) -> W:
        """The weights the bot plays by when none are given."""
        raise NotImplementedError

    def decide(self, observation: Observation, legal: tuple[int, ...], rng: Random) -> int:
        """The bot's choice among ``legal`` (at least two actions)."""
        raise NotImplementedError

    def choose(self, observation: Observation, rng: Random) -> int:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        action = self.decide(observation, legal, rng)
        return action if action in legal else legal[0]


class UnknownBot(RoadtripError, LookupError):
    """A bot name that is not registered (for this game)."""


BotFactory = Callable[[Game], Bot]


@dataclass(frozen=True)
class _BotKind:
    factory: BotFactory
    summary: str
    games: tuple[str, ...] | None  # None: every game
    thinks: bool  # its decisions take time worth running off the server's event loop
    table: bool = True  # offered in seat menus (False: a variant for balance checks)

    def serves(self, game_id: str | None) -> bool:
        return game_id is None or self.games is None or game_id in self.games


# A name may be registered once per game ("heuristic" for Road Rally and for The Open
# Road): the kind registered for a game wins over one registered for every game.
_BOTS: dict[str, list[_BotKind]] = {}


def register_bot(
    name: str,
    factory: BotFactory,
    summary: str,
    games: tuple[str, ...] | None = None,
    *,
    thinks: bool | None = None,
    table: bool = True,
) -> None:
    """Register a bot kind; ``games`` limits it to those game ids (None: every game).
    Registering a name again for the same games replaces that registration.

    ``thinks``: its decisions take long enough (milliseconds or more) that the web
    app plays them in its bot process pool; None: those with a time budget (a
    ``seconds`` keyword) think.  ``table`` False: a variant made for balance checks
    (Road Rally's colour heuristics), left out of seat menus (``bot_names(...,
    table=True)``) but taken by name everywhere."""
    kinds = [kind for kind in _BOTS.get(name, []) if kind.games != games]
    thinking = _takes_seconds(factory) if thinks is None else thinks
    _BOTS[name] = [*kinds, _BotKind(factory, summary, games, thinking, table)]


def _kind(name: str, game_id: str) -> _BotKind | None:
    serving = [kind for kind in _BOTS.get(name, []) if kind.serves(game_id)]
    serving.sort(key=lambda kind: kind.games is None)  # game-specific first
    return serving[0] if serving else None


def bot_names(game_id: str | None = None, *, table: bool = False) -> list[str]:
    """Bot kinds available (for ``game_id``, if given); ``table``: only those offered
    at a table, without the variants made for balance checks."""
    return sorted(
        name
        for name, kinds in _BOTS.items()
        if any(kind.serves(game_id) and (kind.table or not table) for kind in kinds)
    )


def bot_summary(name: str, game_id: str | None = None) -> str:
    """What bot ``name`` does (for ``game_id``: the kind that game gets)."""
    if game_id is not None:
        kind = _kind(name, game_id)
        return kind.summary if kind is not None else ""
    kinds = _BOTS.get(name, [])
    return " / ".join(kind.summary for kind in kinds)


def bot_thinks(name: str, game_id: str) -> bool:
    """Whether bot ``name`` thinks for ``game_id`` (see :func:`register_bot`);
    False for a name that is not registered for that game."""
    kind = _kind(name, game_id)
    return kind is not None and kind.thinks


def make_bot(name: str, game: Game, think: float | None = None) -> Bot:
    """A bot of kind ``name`` for ``game``; raises UnknownBot naming the choices.

    ``think`` (seconds per decision) goes to factories with a ``seconds`` keyword
    (the search bots) as ``seconds=think``; other bots take no time worth
    budgeting and ignore it.  None: every bot's own default.
    """
    kind = _kind(name, game.id)
    if kind is None:
        table = bot_names(game.id, table=True)
        choices = ", ".join(table) or "none"
        balance = [b for b in bot_names(game.id) if b not in table]
        if balance:
            choices += f" (for balance checks: {', '.join(balance)})"
        raise UnknownBot(f"no bot '{name}' for {game.id}; choose from: {choices}")
    if think is not None and _takes_seconds(kind.factory):
        return cast(Callable[..., Bot], kind.factory)(game, seconds=think)
    return kind.factory(game)


def _takes_seconds(factory: BotFactory) -> bool:
    """Does ``factory`` accept a ``seconds`` keyword (a time budget)?"""
    try:
        parameters = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin or class without a readable signature
        return False
    parameter = parameters.get("seconds")
    return parameter is not None and parameter.kind in (
        inspect.Parameter.KEYWORD_ONLY,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
    )
