"""How a search values the states it reaches: rollout policies and leaf evaluators.

A leaf evaluator gives every seat's value of a state the search has just reached
(``returns()`` on the scale of the game: 1 for a win, shares for a shared win, 0
for a loss) and every seat's expected score (``scores()``, the game's own points),
as an :class:`Evaluation`.  The default plays the match out at random and takes
its returns and scores; :class:`RolloutEvaluator` takes any rollout policy, and may
cut the rollout off after a number of actions and value the state there with a
callback.  The search may steer by the scores where wins are rare (see
``score_weight`` in :mod:`roadtrip.bots.search.mcts`).

Everything here uses only the core State API and the generator it is handed, so
the same seed gives the same values.  Chance outcomes are drawn with their exact
probabilities (``chance_outcomes()``); in a multi-seat phase each active seat acts
in turn (the lowest first), as ``apply_action(action, seat)`` allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import NamedTuple

from roadtrip.core.chance import pick_outcome
from roadtrip.core.errors import RoadtripError
from roadtrip.core.state import State, shared_victory

RolloutPolicy = Callable[[State, int, Random], int]
"""``policy(state, seat, rng)``: a legal action of ``seat`` (an active seat) in ``state``."""


class Evaluation(NamedTuple):
    """Every seat's value (returns scale) and score (``scores()`` scale) of a state."""

    values: Sequence[float]
    scores: Sequence[float]


LeafEvaluator = Callable[[State, Random], Evaluation]
"""``evaluate(state, rng)``: every seat's value and score of a state that is not terminal."""

CutoffEvaluator = Callable[[State], Sequence[float]]
"""``value(state)``: every seat's value of a state where a rollout was cut off."""


class SearchSettingError(RoadtripError, ValueError):
    """A search configured in a way that cannot work (no budget, a negative depth...)."""


def random_policy(state: State, seat: int, rng: Random) -> int:
    """Uniform among ``seat``'s legal actions."""
    return rng.choice(state.legal_actions(seat))


def sample_outcome(state: State, rng: Random) -> int:
    """A chance outcome of ``state`` drawn by its exact probabilities."""
    return pick_outcome(state.chance_outcomes(), rng.random())


def final_evaluation(state: State) -> Evaluation:
    """A finished state's returns and scores."""
    return Evaluation(state.returns(), state.scores())


def leaders_share(state: State) -> list[float]:
    """Value a state as if the match ended now by its scores (``state.scores()``,
    higher is better): the leaders share the win, and a lone seat has not won, as a
    match cut off by the ``max_rounds`` option is ranked.  A finished match gives
    its returns."""
    if state.is_terminal():
        return list(state.returns())
    seats = state.num_players()
    if seats == 1:
        return [0.0]
    scores = list(state.scores())
    best = max(scores)
    return shared_victory([seat for seat in range(seats) if scores[seat] == best], seats)


class RolloutEvaluator:
    """Plays a state out with ``policy`` and returns the returns at the end.

    ``depth`` (None: no limit) cuts the rollout off after that many actions
    (decisions and chance outcomes); ``cutoff`` then values the state reached
    (default :func:`leaders_share`).  ``rollouts`` playouts are averaged.
    """

    def __init__(
        self,
        policy: RolloutPolicy = random_policy,
        depth: int | None = None,
        cutoff: CutoffEvaluator = leaders_share,
        rollouts: int = 1,
    ) -> None:
        if depth is not None and (isinstance(depth, bool) or depth < 0):
            raise SearchSettingError(f"a rollout depth is at least 0 (or None); got {depth!r}")
        if isinstance(rollouts, bool) or rollouts < 1:
            raise SearchSettingError(f"rollouts per leaf must be at least 1; got {rollouts!r}")
        self.policy = policy
        self.depth = depth
        self.cutoff = cutoff
        self.rollouts = rollouts

    def __call__(self, state: State, rng: Random) -> Evaluation:
        if self.rollouts == 1:
            return self._play_out(state.clone(), rng)
        seats = state.num_players()
        values, scores = [0.0] * seats, [0.0] * seats
        for _ in range(self.rollouts):
            outcome = self._play_out(state.clone(), rng)
            for seat in range(seats):
                values[seat] += outcome.values[seat] / self.rollouts
                scores[seat] += outcome.scores[seat] / self.rollouts
        return Evaluation(values, scores)

    def _play_out(self, state: State, rng: Random) -> Evaluation:
        """Play ``state`` (a private copy) forward; every seat's value and score."""
        steps = 0
        depth = self.depth
        while not state.is_terminal():
            if depth is not None and steps >= depth:
                return Evaluation(self.cutoff(state), state.scores())
            if state.is_chance_node():
                state.apply_action(sample_outcome(state, rng))
            else:
                seat = state.current_player()
                state.apply_action(self.policy(state, seat, rng), seat)
            steps += 1
        return final_evaluation(state)
