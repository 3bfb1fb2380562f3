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
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random

from roadtrip.bots.advice.engines import Engine, mcts_engine
from roadtrip.bots.advice.figures import Advice, AdviceReport, Estimate, rank_key
from roadtrip.bots.base import observe
from roadtrip.bots.search.mcts import Budget
from roadtrip.core.errors import IllegalMove
from roadtrip.core.game import Game
from roadtrip.core.state import State

DEFAULT_SECONDS = 1.0
# The engine gets this share of the time given: labels, ranking and the last
# iteration (which may start just before its deadline) fit in the rest.
ENGINE_SHARE = 0.8


@dataclass(frozen=True)
class AdvisorHook:
    """An engine for the games it is registered for, where ``applies(game)``."""

    engine: Engine
    applies: Callable[[Game], bool]
    name: str


_HOOKS: dict[str, list[AdvisorHook]] = {}
_DEFAULT = AdvisorHook(mcts_engine(), lambda _game: True, "generic search")


def register_advisor(
    game_ids: Sequence[str],
    engine: Engine,
    *,
    name: str,
    applies: Callable[[Game], bool] | None = None,
) -> None:
    """Use ``engine`` to advise in the games ``game_ids`` where ``applies(game)``
    (default: always), in preference to every engine registered before it."""
    hook = AdvisorHook(engine, applies or (lambda _game: True), name)
    for game_id in game_ids:
        _HOOKS.setdefault(game_id, []).append(hook)


def advisor_for(game: Game) -> AdvisorHook:
    """The engine that advises in ``game``: the latest registered that applies."""
    for hook in reversed(_HOOKS.get(game.id, [])):
        if hook.applies(game):
            return hook
    return _DEFAULT


def advise(
    state: State,
    seat: int,
    seconds: float | None = DEFAULT_SECONDS,
    *,
    iterations: int | None = None,
    seed: int | str = 0,
    names: Sequence[str] | None = None,
) -> AdviceReport:
    """Advice for ``seat`` in ``state``: every legal decision, best first.

    ``seconds`` bounds the time (the answer comes within it, give or take one
    playout), ``iterations`` the engine's samples (None: no such limit; at least
    one of the two must be set); with ``seconds=None`` the advice depends only on
    ``seed``.  ``names`` call the seats in the labels (default "seat N")."""
    started = time.perf_counter()
    if state.is_terminal():
        raise IllegalMove("the match is over: there is no decision to advise on")
    legal = state.legal_actions(seat)  # checks the seat number
    if not legal:
        raise IllegalMove(f"seat {seat} has no decision to make now")
    budget = Budget(
        iterations=iterations, seconds=None if seconds is None else seconds * ENGINE_SHARE
    )
    hook = advisor_for(state.game)
    result = hook.engine(observe(state, seat), budget, Random(f"advice:{seed}"))
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
    )
