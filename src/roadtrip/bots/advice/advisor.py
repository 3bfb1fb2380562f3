"""``advise(state, seat, seconds)``: every legal decision of a seat, best first,
with its estimated chance to win and expected score and their 95% intervals.

The advisor reads only what the seat may see: it hands an engine the seat's
observation (``observe(state, seat)``: its view, its legal actions and
determinizations drawn by ``resample_hidden``), so two states that differ only in
what the seat cannot see get the same advice for the same seed and iterations.

Engines are pluggable per game (:func:`register_advisor`): a game's expert
evaluation or exact solver, where one is registered and applies to the game's
setup, replaces the default, the generic search with random playouts
(:func:`~roadtrip.bots.advice.engines.mcts_engine`).  The latest registration
that applies wins, so a better engine registered later takes over.

Budgets are units of work, never the clock: ``seconds`` means "about this long"
and is turned into the engine's units (search iterations, samples, rollouts) by
the engine's :class:`~roadtrip.bots.work.Calibration` (measured once on a quiet
core of the reference machine: ``benchmarks/calibrate_advice.py``); an exact
engine needs none.  Wall time is only the safety cap (:func:`~roadtrip.bots.work.
safety_cap`).  With ``seed=None`` the seed is derived from what the seat may see
(:func:`canonical_seed`), so every front end (``roadtrip play --hint``, the
browser's Advice, ``roadtrip review``, the browser's review) gets the same figures
for the same position and budget, on any machine at any load.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random

from roadtrip.bots.advice.engines import MCTS_CALIBRATIONS, MCTS_DEFAULT, Engine, mcts_engine
from roadtrip.bots.advice.figures import Advice, AdviceReport, Estimate, rank_key
from roadtrip.bots.base import observe
from roadtrip.bots.search.mcts import Budget
from roadtrip.bots.work import DEFAULT_SECONDS as DEFAULT_SECONDS
from roadtrip.bots.work import BudgetError, Calibration, safety_cap
from roadtrip.core.errors import IllegalMove
from roadtrip.core.game import Game
from roadtrip.core.state import State

CalibrationOf = Callable[[Game], Calibration | None]
"""The calibration of an engine in a game (None: an exact engine, no units)."""


@dataclass(frozen=True)
class AdvisorHook:
    """An engine for the games it is registered for, where ``applies(game)``, and
    how many of its units of work a second buys (``calibration``)."""

    engine: Engine
    applies: Callable[[Game], bool]
    name: str
    calibration: CalibrationOf


def per_game(rates: Mapping[str, Calibration], default: Calibration | None) -> CalibrationOf:
    """A :data:`CalibrationOf` from one calibration per game id."""

    def calibration(game: Game) -> Calibration | None:
        return rates.get(game.id, default)

    return calibration


_HOOKS: dict[str, list[AdvisorHook]] = {}
_DEFAULT = AdvisorHook(
    mcts_engine(), lambda _game: True, "generic search", per_game(MCTS_CALIBRATIONS, MCTS_DEFAULT)
)


def register_advisor(
    game_ids: Sequence[str],
    engine: Engine,
    *,
    name: str,
    applies: Callable[[Game], bool] | None = None,
    calibration: Calibration | CalibrationOf | None = None,
) -> None:
    """Use ``engine`` to advise in the games ``game_ids`` where ``applies(game)``
    (default: always), in preference to every engine registered before it;
    ``calibration`` turns seconds into its units (None: an exact engine)."""
    calibration_of: CalibrationOf
    if calibration is None or isinstance(calibration, Calibration):
        calibration_of = per_game({}, calibration)
    else:
        calibration_of = calibration
    hook = AdvisorHook(engine, applies or (lambda _game: True), name, calibration_of)
    for game_id in game_ids:
        _HOOKS.setdefault(game_id, []).append(hook)


def advisor_for(game: Game) -> AdvisorHook:
    """The engine that advises in ``game``: the latest registered that applies."""
    for hook in reversed(_HOOKS.get(game.id, [])):
        if hook.applies(game):
            return hook
    return _DEFAULT


def canonical_seed(state: State, seat: int) -> str:
    """The seed of the advice for ``seat`` when none is given: a digest of what
    the seat may see (its view, the game and its options), so that a state and
    any state the seat cannot tell from it get the same seed."""
    seen = {
        "game": state.game.id,
        "options": state.game.options,
        "seat": seat,
        "view": state.view(seat),
    }
    text = json.dumps(seen, sort_keys=True, default=repr, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def budget_units(
    calibration: Calibration | None, seconds: float | None, iterations: int | None
) -> tuple[int, float]:
    """The units of work (``iterations``, else what ``seconds`` buy) and the
    safety cap in seconds; BudgetError if neither is given."""
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise BudgetError(f"iterations must be a whole number from 1; got {iterations!r}")
        units = iterations
        nominal = calibration.seconds(units) if calibration is not None else DEFAULT_SECONDS
        if seconds is not None:
            nominal = max(nominal, seconds)
        return units, safety_cap(max(nominal, 1e-3))
    if seconds is None:
        raise BudgetError("advice needs a budget: seconds, iterations or both")
    units = calibration.units(seconds) if calibration is not None else 1
    return units, safety_cap(seconds)


def advise(
    state: State,
    seat: int,
    seconds: float | None = DEFAULT_SECONDS,
    *,
    iterations: int | None = None,
    seed: int | str | None = None,
    names: Sequence[str] | None = None,
) -> AdviceReport:
    """Advice for ``seat`` in ``state``: every legal decision, best first.

    ``seconds`` asks for about this long of thinking, turned into the engine's
    units of work by its calibration; ``iterations`` gives the units directly
    (it wins over ``seconds``; at least one of the two must be set).  The figures
    depend only on what the seat may see, the budget and ``seed`` (None: the
    :func:`canonical_seed` of the position), never on the machine or its load.
    ``names`` call the seats in the labels (default "seat N")."""
    started = time.perf_counter()
    if state.is_terminal():
        raise IllegalMove("the match is over: there is no decision to advise on")
    legal = state.legal_actions(seat)  # checks the seat number
    if not legal:
        raise IllegalMove(f"seat {seat} has no decision to make now")
    hook = advisor_for(state.game)
    calibration = hook.calibration(state.game)
    units, cap = budget_units(calibration, seconds, iterations)
    seed_text = canonical_seed(state, seat) if seed is None else str(seed)
    result = hook.engine(
        observe(state, seat), Budget(iterations=units, cap=cap), Random(f"advice:{seed_text}")
    )
    by_action: dict[int, Estimate] = {e.action: e for e in result.estimates}
    choices = [
        Advice.of(
            by_action.get(action, Estimate(action, 0, 0.0, 0.0)),
            state.describe_action(action, seat, seat, names),
        )
        for action in legal
    ]
    choices.sort(key=lambda advice: rank_key(advice, result.lower_is_better))
    return AdviceReport(
        seat=seat,
        choices=tuple(choices),
        method=result.method,
        score_name=result.score_name,
        lower_is_better=result.lower_is_better,
        samples=result.samples,
        seconds=time.perf_counter() - started,
        units=0 if calibration is None else units,
        seed=seed_text,
        capped=result.capped,
        paired=result.paired or {},
    )
