"""Match records: game id, options, seed and every action, as JSON; exact replay.

A record is everything needed to rebuild every state of a match.  Loading checks
the structure, the game, the options and that every action was legal where it was
taken; any mismatch raises :class:`CorruptRecord` saying what and where.

A record with a seed is *verified by its seed*: each chance outcome must be the one
that seed draws at that step, exactly as the match was played (``Match`` and the
server: :class:`~roadtrip.core.chance.ChanceSampler`; a simulator game, which names
its ``run_game``: :class:`~roadtrip.core.chance.ChanceStream`).  The first outcome
that differs raises :class:`SeedMismatch`, so dice or cards chosen by hand cannot
pass as a played match.  A record without a seed can only be checked for outcomes
that are possible.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from roadtrip.core.chance import ChanceSampler, ChanceStream
from roadtrip.core.errors import CorruptRecord, RoadtripError, SeedMismatch
from roadtrip.core.registry import load_game
from roadtrip.core.state import CHANCE, State

RECORD_FORMAT = "roadtrip-match-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class MatchRecord:
    """A whole match as data.  ``actions`` holds ``(seat, action)`` pairs;
    ``run_game`` is set for a game of a simulator run (its index in the run whose
    seed is ``seed``), whose chance outcomes come from that run's generator."""

    game: str
    options: dict[str, Any]
    seed: int | None
    actions: tuple[tuple[int, int], ...]
    returns: tuple[float, ...] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    run_game: int | None = None

    @classmethod
    def of(
        cls, state: State, seed: int | None, *, run_game: int | None = None, **meta: Any
    ) -> MatchRecord:
        returns = tuple(state.returns()) if state.is_terminal() else None
        return cls(
            game=state.game.id,
            options=dict(state.game.options),
            seed=seed,
            actions=tuple(state.history()),
            returns=returns,
            meta=dict(meta),
            run_game=run_game,
        )

    @property
    def verified_by_seed(self) -> bool:
        """Whether replaying checks each chance outcome against the seed (it has one)."""
        return self.seed is not None

    def to_dict(self) -> dict[str, Any]:
        # "run_game" only where set: a match's record reads as it always did.
        run_game = {} if self.run_game is None else {"run_game": self.run_game}
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            **run_game,
            "actions": [list(pair) for pair in self.actions],
            "returns": list(self.returns) if self.returns is not None else None,
            "meta": self.meta,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise CorruptRecord(f"the record is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict):
            raise CorruptRecord("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise CorruptRecord(f"not a roadtrip match record (format {data.get('format')!r})")
        if data.get("version") != RECORD_VERSION:
            raise CorruptRecord(
                f"record version {data.get('version')!r} is not supported "
                f"(this roadtrip reads version {RECORD_VERSION})"
            )
        game, options, seed = data.get("game"), data.get("options", {}), data.get("seed")
        if not isinstance(game, str):
            raise CorruptRecord("the record's 'game' must be a game id")
        if not isinstance(options, dict):
            raise CorruptRecord("the record's 'options' must be an object")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise CorruptRecord("the record's 'seed' must be an integer or null")
        run_game = data.get("run_game")
        if run_game is not None and (
            isinstance(run_game, bool) or not isinstance(run_game, int) or run_game < 0
        ):
            raise CorruptRecord("the record's 'run_game' must be a game index (0 or more) or null")
        if run_game is not None and seed is None:
            raise CorruptRecord("the record's 'run_game' needs the run's 'seed'")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise CorruptRecord("the record's 'actions' must be a list")
        actions: list[tuple[int, int]] = []
        for index, pair in enumerate(raw_actions):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
            ):
                raise CorruptRecord(f"action {index} must be a [seat, action] pair of integers")
            actions.append((pair[0], pair[1]))
        raw_returns = data.get("returns")
        returns: tuple[float, ...] | None = None
        if raw_returns is not None:
            if not isinstance(raw_returns, list) or not all(
                isinstance(x, int | float) and not isinstance(x, bool) for x in raw_returns
            ):
                raise CorruptRecord("the record's 'returns' must be a list of numbers or null")
            returns = tuple(float(x) for x in raw_returns)
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise CorruptRecord("the record's 'meta' must be an object")
        return cls(game, options, seed, tuple(actions), returns, meta, run_game)


def replay_states(record: MatchRecord) -> Iterator[State]:
    """Yield the initial state and the state after every action (each a clone).

    Raises CorruptRecord at the first action that does not fit (SeedMismatch at the
    first chance outcome its seed does not draw).
    """
    state = initial_state(record)
    check = _SeedCheck.of(record)
    yield state.clone()
    for index, (seat, action) in enumerate(record.actions):
        _step(state, index, seat, action, check)
        yield state.clone()
    _check_returns(record, state)


def replay(record: MatchRecord) -> State:
    """The final state of a record, validated action by action (and, with a seed,
    every chance outcome against the seed's draws)."""
    state = initial_state(record)
    check = _SeedCheck.of(record)
    for index, (seat, action) in enumerate(record.actions):
        _step(state, index, seat, action, check)
    _check_returns(record, state)
    return state


def initial_state(record: MatchRecord) -> State:
    try:
        game = load_game(record.game, **record.options)
    except RoadtripError as exc:
        raise CorruptRecord(f"the record's game cannot be loaded: {exc}") from None
    return game.new_initial_state()


class _SeedCheck:
    """The chance outcomes a record's seed draws, asked for in the record's order."""

    def __init__(self, seed: int, draw: Callable[[State, int], int]) -> None:
        self.seed = seed
        self.draw = draw
        self.count = 0  # chance outcomes checked so far

    @classmethod
    def of(cls, record: MatchRecord) -> _SeedCheck | None:
        if record.seed is None:
            return None
        if record.run_game is None:
            return cls(record.seed, ChanceSampler(record.seed).draw)
        return cls(record.seed, ChanceStream(record.seed, record.run_game).draw)

    def check(self, state: State, index: int, action: int) -> None:
        expected = self.draw(state, self.count)
        self.count += 1
        if action != expected:
            raise SeedMismatch(
                f"action {index} (chance: {_words(state, action)}) is not what seed "
                f"{self.seed} draws there ({_words(state, expected)}): the record's chance "
                "outcomes do not follow its seed"
            )


def _words(state: State, outcome: int) -> str:
    """A chance outcome in words where the game can say it, else its number."""
    try:
        return f"{state.action_to_string(outcome)}, outcome {outcome}"
    except RoadtripError:
        return str(outcome)


def _step(state: State, index: int, seat: int, action: int, check: _SeedCheck | None) -> None:
    # An outcome that is not even possible gets apply_action's message below.
    if (
        check is not None
        and seat == CHANCE
        and state.is_chance_node()
        and any(action == outcome for outcome, _ in state.chance_outcomes())
    ):
        check.check(state, index, action)
    try:
        state.apply_action(action, seat)
    except RoadtripError as exc:
        who = "chance" if seat == CHANCE else f"seat {seat}"
        raise CorruptRecord(f"action {index} ({who}: {action}) does not replay: {exc}") from None


def _check_returns(record: MatchRecord, state: State) -> None:
    if record.returns is None:
        return
    if not state.is_terminal():
        raise CorruptRecord("the record claims a result but its actions do not finish the game")
    actual = tuple(state.returns())
    if len(actual) != len(record.returns) or any(
        abs(a - b) > 1e-9 for a, b in zip(actual, record.returns, strict=False)
    ):
        raise CorruptRecord(f"the record's returns {record.returns} do not match replay {actual}")
