"""Every roadtrip game as an OpenSpiel Python game.

Importing this module registers each game of ``roadtrip.list_games()`` with
``pyspiel.register_game`` as ``roadtrip_<id>`` (dashes become underscores)::

    import pyspiel
    import roadtrip.adapters.openspiel  # registers the games
    game = pyspiel.load_game("roadtrip_road_to_300", {"players": 2})

The game's variant options are the OpenSpiel game parameters (int, bool or str,
defaults from the options' declarations).  The games are sequential with explicit
chance: a phase in which several seats decide at once (everyone on the same roll)
is presented one seat at a time, lowest seat first, as ``current_player()`` already
does; chance outcomes carry the rules' exact odds (as floats).  Such a phase makes
the game one of imperfect information (competitive Road to 300, Road Rally USA):
an observation never reveals another seat's pending choice, and the events of the
information state read it as "has chosen" until every seat has chosen, when all
are revealed together.

Returns are roadtrip's: a win is worth 1, shared equally between tied winners, and
the solo games pay 1 for reaching the goal.  With several players every match has
a winner, so the utility is constant-sum (sum 1); the solo games are general-sum.

Match length: Road to 300 has its own bound, and for Road Rally USA this module
derives one from the track (every car moves at least every other round, so the
finish is crossed within ``2 x finish space`` rounds; ``road_rally_bound``).  The
America's Main Street games have none (a turn may bust forever), so they take one
more parameter, ``max_game_length`` (default 3000 actions, over five times the
longest of 1200 random matches): a match that reaches it ends, won by the best
score (the points, or the boxes filled) and lost in the solo game.  So does The
Open Road under the rulebook's default of no round limit (its own ``max_rounds``
option gives it a bound): a cut race is won by the riders with the fewest dots left.

Serialization: OpenSpiel serializes a Python state as its history plus a pickle of
its attributes; the roadtrip state pickles as its game, options and history, and
is rebuilt by replaying the history (a determinization made by
``resample_from_infostate`` pickles whole instead, as no history leads to it).
"""

from __future__ import annotations

import functools
import pickle
from random import Random
from typing import Any

import pyspiel

import roadtrip
from roadtrip.adapters.openspiel_observer import (
    Event,
    RoadtripObserver,
    describe_step,
    full_text,
    make_observer,
    sealed_step,
)
from roadtrip.core.game import Game
from roadtrip.core.options import OptionValue
from roadtrip.core.registry import game_class, list_games
from roadtrip.core.state import CHANCE, TERMINAL, State, shared_victory
from roadtrip.games.road_rally import data as rally_data
from roadtrip.games.road_rally import rules as rally_rules
from roadtrip.games.road_rally.rules import RoadRallyGame

PREFIX = "roadtrip_"
MAX_LENGTH_PARAM = "max_game_length"
DEFAULT_MAX_GAME_LENGTH = 3000
_Params = dict[str, OptionValue]


def openspiel_name(game_id: str) -> str:
    """The OpenSpiel short name of a roadtrip game: ``roadtrip_road_to_300``."""
    return PREFIX + game_id.replace("-", "_")


def load(game_id: str, **params: OptionValue) -> Any:
    """``pyspiel.load_game`` for a roadtrip game id, parameters as keywords."""
    return pyspiel.load_game(openspiel_name(game_id), dict(params))


def road_rally_bound(game: RoadRallyGame) -> int:
    """A sound upper bound on the actions of a Road Rally USA match: every car
    moves at least every other round (an empty hand draws two cards), so some car
    crosses the finish within ``2 x finish`` rounds, and that round is the last."""
    deck = game.deck
    n = game.num_players()
    colours = range(len(rally_data.COLOR_NAMES))
    by_colour = [
        sum(c for t, c in enumerate(deck) if rally_data.CARD_TYPES[t].color == k) for k in colours
    ]
    plays = max(*by_colour, rally_data.RAINBOW_MAX_CARDS) + 1  # cards, then "done"
    mechanic = 2 * rally_rules.MECHANIC_CARDS  # draws onto the deck, then placements
    stop = mechanic + 1  # a Mechanic, or Gas's before/after decision
    per_turn = max(plays + 1 + stop + max(rally_data.DRAWS_AFTER), rally_rules.EMPTY_HAND_DRAW)
    rounds = 2 * game.track.finish + 1
    setup = (n - 1) + rally_data.RALLY_CARDS_EACH * n + 5 * n
    checkpoints = rally_data.CHECKPOINT_TILES * rally_rules.CHECKPOINT_LAST_CAR_DRAW
    reward = len(rally_data.CARD_CHOICE_PLACES) * (1 + rally_data.CHOICE_CARDS)
    rallies = rally_data.RALLY_POINTS * (n + reward)
    return setup + rounds * n * per_turn + checkpoints + rallies


def own_bound(game: Game) -> int | None:
    """The game's own bound on a match's actions (None: it needs ``max_game_length``)."""
    if isinstance(game, RoadRallyGame):
        return road_rally_bound(game)
    return game.max_game_length()


@functools.cache
def _needs_max_length(game_id: str) -> bool:
    return own_bound(roadtrip.load_game(game_id)) is None


def parameter_specification(game_id: str) -> _Params:
    """OpenSpiel parameters of a game: its options with their defaults (and
    ``max_game_length`` where the game has no bound of its own)."""
    spec: _Params = {option.name: option.default for option in game_class(game_id).options_spec}
    if _needs_max_length(game_id):
        spec[MAX_LENGTH_PARAM] = DEFAULT_MAX_GAME_LENGTH
    return spec


def game_type(game_id: str, players: int | None = None) -> Any:
    """The ``pyspiel.GameType`` of a game (the utility depends on ``players``:
    general-sum solo, constant-sum otherwise; the registered type says constant-sum
    when the game has no solo mode)."""
    cls = game_class(game_id)
    info = cls.info
    if players is not None and any(o.name == "players" for o in cls.options_spec):
        # The kind of information may depend on the seats (Road to 300 solo is
        # perfect, its shared-roll mode hides the choices made at once).
        info = _core_game(game_id, (("players", players),)).info
    solo = (players if players is not None else info.min_players) == 1
    kind = pyspiel.GameType
    return kind(
        short_name=openspiel_name(game_id),
        long_name=f"roadtrip {info.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.PERFECT_INFORMATION
        if info.perfect_information
        else kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM if solo else kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id),
    )


@functools.lru_cache(maxsize=64)
def _core_game(game_id: str, options: tuple[tuple[str, OptionValue], ...]) -> Game:
    return roadtrip.load_game(game_id, **dict(options))


class RoadtripGame(pyspiel.Game):  # type: ignore[misc]
    """A roadtrip game with its parameters fixed, as a ``pyspiel.Game``."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = parameter_specification(game_id)
        values = {name: params.get(name, default) for name, default in spec.items()}
        options = tuple((k, v) for k, v in values.items() if k != MAX_LENGTH_PARAM)
        self.core_game: Game = _core_game(game_id, options)
        bound = own_bound(self.core_game)
        self.max_length: int | None = None
        if bound is None:
            self.max_length = int(values[MAX_LENGTH_PARAM])
            if self.max_length < 1:
                raise ValueError(f"{MAX_LENGTH_PARAM} must be at least 1")
            bound = self.max_length
        players = self.core_game.num_players()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.core_game.num_distinct_actions(),
            max_chance_outcomes=self.core_game.max_chance_outcomes(),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if players == 1 else 1.0,
            max_game_length=bound,
        )
        super().__init__(game_type(game_id, players), info, values)

    def new_initial_state(self) -> RoadtripState:
        return RoadtripState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RoadtripObserver:
        return make_observer(self.core_game, iig_obs_type, params)


class _Core:
    """The roadtrip State behind an OpenSpiel state, the match in every seat's words
    (hidden-information games only), and where the match is cut (or None).

    OpenSpiel copies a Python state's attributes with ``copy.deepcopy`` and
    serializes them with ``pickle``: a core copies with ``State.clone`` and pickles
    as its game, options and history."""

    __slots__ = ("events", "max_length", "pending", "replayable", "state")

    def __init__(
        self, state: State, max_length: int | None, events: list[Event] | None = None
    ) -> None:
        self.state = state
        self.max_length = max_length
        self.events: list[Event] = events if events is not None else []
        # Events of a simultaneous decision under way, sealed in ``events`` for the
        # other seats: (index, the event in full), revealed when all have chosen.
        self.pending: list[tuple[int, Event]] = []
        self.replayable = True

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` of ``seat`` (default: the current player, or chance)."""
        state = self.state
        if seat is None:
            seat = state.current_player()
        phase = state.simultaneous_from()
        if not state.game.info.perfect_information:
            event = describe_step(state, seat, action)
            if seat != CHANCE and phase is not None:
                self.pending.append((len(self.events), event))
                event = sealed_step(event)
            self.events.append(event)
        state.apply_action(action, None if seat == CHANCE else seat)
        if self.pending and state.simultaneous_from() != phase:
            for index, event in self.pending:  # every seat has chosen: reveal them all
                self.events[index] = event
            self.pending = []

    def cut(self) -> bool:
        """Has the match reached ``max_length`` without ending by the rules?"""
        if self.max_length is None or self.state.is_terminal():
            return False
        return self.state.move_number() >= self.max_length

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        other = _Core(self.state.clone(), self.max_length, list(self.events))
        other.pending = list(self.pending)
        other.replayable = self.replayable
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        if not self.replayable:
            return _unpickle_whole, (pickle.dumps(self.state), self.max_length, self.events)
        game = self.state.game
        options = tuple(sorted(game.options.items()))
        return _rebuild, (game.id, options, self.state.history(), self.max_length)


def _rebuild(
    game_id: str,
    options: tuple[tuple[str, OptionValue], ...],
    history: list[tuple[int, int]],
    max_length: int | None,
) -> _Core:
    """A core rebuilt by replaying ``history`` from the start."""
    core = _Core(_core_game(game_id, options).new_initial_state(), max_length)
    for seat, action in history:
        core.apply(action, seat)
    return core


def _unpickle_whole(data: bytes, max_length: int | None, events: list[Event]) -> _Core:
    core = _Core(pickle.loads(data), max_length, events)
    core.replayable = False
    return core


class RoadtripState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a roadtrip State (``core``)."""

    def __init__(self, game: RoadtripGame) -> None:
        super().__init__(game)
        self._core = _Core(game.core_game.new_initial_state(), game.max_length)

    @property
    def core(self) -> State:
        """The roadtrip State (read it; act through ``apply_action``)."""
        return self._core.state

    @property
    def events(self) -> list[Event]:
        """Every step so far in each seat's words (hidden-information games)."""
        return self._core.events

    def current_player(self) -> int:
        if self._core.cut():
            return int(TERMINAL)
        return self._core.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.state.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.state.action_to_string(int(action), int(player))

    def is_terminal(self) -> bool:
        return self._core.state.is_terminal() or self._core.cut()

    def returns(self) -> list[float]:
        state = self._core.state
        if not self._core.cut():
            return state.returns()
        # Cut at max_game_length: the best score wins (solo: the goal was not reached).
        scores = state.scores()
        best = max(scores)
        winners = [s for s, score in enumerate(scores) if score == best] if len(scores) > 1 else []
        return shared_victory(winners, len(scores))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RoadtripState:
        """A state ``player_id`` cannot tell from this one, hidden cards dealt at
        random (``probability_sampler()`` seeds the deal), for ISMCTS and the like."""
        seed = int(probability_sampler() * 2**53)
        other: RoadtripState = self.get_game().new_initial_state()
        core = self._core
        sample = core.state.resample_hidden(int(player_id), Random(seed))
        other._core = _Core(sample, core.max_length, list(core.events))
        other._core.replayable = core.state.game.info.perfect_information
        return other

    def __str__(self) -> str:
        return full_text(self._core.state)


def register_all() -> list[str]:
    """Register every roadtrip game with OpenSpiel (again is harmless); returns the
    short names."""
    names = []
    for info in list_games():
        pyspiel.register_game(game_type(info.id), game_factory(info.id))
        names.append(openspiel_name(info.id))
    return names


_FACTORIES: dict[str, type[RoadtripGame]] = {}


def game_factory(game_id: str) -> type[RoadtripGame]:
    """The factory OpenSpiel calls with the parameters: a subclass of RoadtripGame
    for ``game_id``.  (A class, not a closure: OpenSpiel keeps its factories until
    after the interpreter has finalized, and a class, unlike a closure, is not
    freed then, which would crash the exit.)"""
    if game_id not in _FACTORIES:

        def __init__(self: RoadtripGame, params: dict[str, Any] | None = None) -> None:
            RoadtripGame.__init__(self, game_id, params)

        name = "Roadtrip" + "".join(part.title() for part in game_id.split("-")) + "Game"
        _FACTORIES[game_id] = type(name, (RoadtripGame,), {"__init__": __init__})
    return _FACTORIES[game_id]


GAME_NAMES = register_all()
