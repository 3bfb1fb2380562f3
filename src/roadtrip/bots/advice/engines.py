"""Advisor engines: what estimates each legal action's chance to win and score.

An engine is ``engine(observation, budget, rng) -> EngineResult``: it sees only
the seat's :class:`~roadtrip.bots.base.Observation` (its view, its legal actions and
determinizations of what it cannot see), never the real state.

- :func:`mcts_engine`: the generic search (:mod:`roadtrip.bots.search`) from the
  seat's point of view; each root action's mean value (returns: its chance to win)
  and mean score, with their variances from the search's sums of squares.
- :func:`flat_engine`: flat Monte Carlo, each action in turn then a rollout
  policy to the end, measuring any quantity (the turns of a solo game); every
  action's k-th sample uses the same random numbers (the same hidden cards and
  dice), so the difference of two actions is judged sample by sample (paired).

Budgets are units of work (``budget.iterations``: search iterations, or samples
in all); ``budget.cap`` is only the safety cap (:func:`roadtrip.bots.work.
safety_cap`), and a result it cut short says so (``capped``).
- :func:`bot_policy`: a registered bot as a rollout policy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from roadtrip.bots.advice.figures import Estimate, Paired
from roadtrip.bots.base import Bot, Observation, observe
from roadtrip.bots.search.bot import FALLBACK_ITERATIONS, ITERATIONS, MCTSBot
from roadtrip.bots.search.evaluation import (
    LeafEvaluator,
    RolloutEvaluator,
    RolloutPolicy,
    random_policy,
    sample_outcome,
)
from roadtrip.bots.search.mcts import Budget, SearchSettings
from roadtrip.bots.work import Calibration, cap_clock
from roadtrip.core.state import State


@dataclass(frozen=True)
class EngineResult:
    """An engine's estimates (one per legal action) and how it made them."""

    estimates: tuple[Estimate, ...]
    samples: int
    method: str
    score_name: str = "points"
    lower_is_better: bool = False
    capped: bool = False  # the safety cap stopped the work before its units were done
    paired: Paired | None = None


Engine = Callable[[Observation, Budget, Random], EngineResult]
Measure = Callable[[State, int], float]
"""``measure(final_state, seat)``: the score a flat engine reports for a playout."""

ROLLOUT_DEPTH = 1000  # as the mcts bot: very long random playouts are cut off there

# The generic search with random playouts is the ``mcts`` bot's search: one
# calibration per game for both (:data:`roadtrip.bots.search.bot.ITERATIONS`,
# measured by benchmarks/calibrate_budgets.py); the advisor's minimum gives every
# legal action of a typical decision a few visits.
MCTS_MINIMUM = 50
MCTS_CALIBRATIONS = {
    game_id: Calibration(f"advisor search, {game_id}", "iterations", rate.per_second, MCTS_MINIMUM)
    for game_id, rate in ITERATIONS.items()
}
MCTS_DEFAULT = Calibration(
    "advisor search", "iterations", FALLBACK_ITERATIONS.per_second, MCTS_MINIMUM
)


def bot_policy(bot: Bot) -> RolloutPolicy:
    """Play rollouts as ``bot`` would (it sees each seat's observation only)."""

    def policy(state: State, seat: int, rng: Random) -> int:
        return bot.choose(observe(state, seat), rng)

    return policy


def final_score(state: State, seat: int) -> float:
    """The seat's score in the game's own points."""
    return float(state.scores()[seat])


def mcts_engine(
    policy: RolloutPolicy = random_policy,
    *,
    method: str = "Monte Carlo tree search, random playouts",
    score_weight: float = 0.5,
    evaluator: LeafEvaluator | None = None,
) -> Engine:
    """The generic search with playouts by ``policy``, or with a game's own leaf
    ``evaluator`` (an expert's position evaluation: every seat's chance to win and
    expected score) instead of playouts.  With a single legal action there is
    nothing to search: it is played out like :func:`flat_engine` would."""
    if evaluator is None:
        evaluator = RolloutEvaluator(policy, depth=ROLLOUT_DEPTH)
    flat = flat_engine(policy, method=method)

    def engine(observation: Observation, budget: Budget, rng: Random) -> EngineResult:
        if len(observation.legal_actions) == 1:
            return flat(observation, budget, rng)
        settings = SearchSettings(budget=budget, evaluator=evaluator, score_weight=score_weight)
        result = MCTSBot(observation.game, settings).search(observation, rng)
        estimates = tuple(
            Estimate(
                action=stats.action,
                samples=stats.visits,
                win=stats.value,
                score=stats.score,
                win_variance=stats.value_variance,
                score_variance=stats.score_variance,
            )
            for stats in result.actions
        )
        capped = result.iterations < budget.iterations
        return EngineResult(estimates, result.iterations, method, capped=capped)

    return engine


class _Tally:
    """Running sums of one action's playouts."""

    __slots__ = ("n", "score", "score_sq", "scores", "win", "win_sq", "wins")

    def __init__(self) -> None:
        self.n = 0
        self.win = self.win_sq = self.score = self.score_sq = 0.0
        self.wins: list[float] = []
        self.scores: list[float] = []

    def add(self, win: float, score: float) -> None:
        self.n += 1
        self.wins.append(win)
        self.scores.append(score)
        self.win += win
        self.win_sq += win * win
        self.score += score
        self.score_sq += score * score

    def estimate(self, action: int) -> Estimate:
        n = self.n
        if n == 0:
            return Estimate(action, 0, 0.0, 0.0)
        win, score = self.win / n, self.score / n
        if n < 2:
            return Estimate(action, n, win, score)
        win_var = max((self.win_sq - self.win * win) / (n - 1), 0.0)
        score_var = max((self.score_sq - self.score * score) / (n - 1), 0.0)
        return Estimate(action, n, win, score, win_var, score_var)


def flat_engine(
    policy: RolloutPolicy = random_policy,
    *,
    measure: Measure = final_score,
    method: str = "flat Monte Carlo",
    score_name: str = "points",
    lower_is_better: bool = False,
) -> Engine:
    """Flat Monte Carlo: the legal actions take turns; each sample draws a state the
    seat cannot tell from the real one, plays the action, then ``policy`` for every
    seat to the end (chance by its exact odds); ``measure`` scores the end."""

    def engine(observation: Observation, budget: Budget, rng: Random) -> EngineResult:
        seat, legal = observation.seat, observation.legal_actions
        tallies = {action: _Tally() for action in legal}
        cap = None if budget.cap is None else cap_clock() + budget.cap
        samples, capped = 0, False
        while True:
            # One round: every action on the same hidden cards and dice.
            common = rng.getrandbits(64)
            for action in legal:
                sample_rng = Random(common)
                state = observation.sample_state(sample_rng)
                state.apply_action(action, seat)
                _play_out(state, policy, sample_rng)
                tallies[action].add(float(state.returns()[seat]), measure(state, seat))
            samples += len(legal)
            if samples >= budget.iterations:
                break
            if cap is not None and cap_clock() >= cap:
                capped = True
                break
        estimates = tuple(tallies[action].estimate(action) for action in legal)
        paired = {a: (tuple(t.wins), tuple(t.scores)) for a, t in tallies.items()}
        return EngineResult(estimates, samples, method, score_name, lower_is_better, capped, paired)

    return engine


def _play_out(state: State, policy: RolloutPolicy, rng: Random) -> None:
    steps = 0
    while not state.is_terminal() and steps < ROLLOUT_DEPTH * 10:
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng))
        else:
            seat = state.current_player()
            state.apply_action(policy(state, seat, rng), seat)
        steps += 1
