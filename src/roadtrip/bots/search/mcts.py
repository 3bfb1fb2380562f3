"""Monte Carlo tree search over the core State API, for any roadtrip game.

:func:`search` runs UCT from a seat's point of view.  Each iteration draws a root
state from ``sample_root(rng)`` (for a bot: ``observation.sample_state``, a
determinization of what the seat cannot see, so the search never reads the real
hidden state), walks down the tree, evaluates the first new node (by default a
random rollout to the end) and backs every seat's value up the path.

- Chance nodes: sampled by their exact probabilities, or, for chance nodes with at
  most ``expect_chance_up_to`` outcomes, taken as an expectation (each outcome
  visited in proportion to its odds, the node's value the odds-weighted mean).
- Multi-seat phases: every active seat picks from its own bandit (decoupled UCT),
  then the picks are applied in turn with ``apply_action(action, seat)``; a pick
  that the state no longer allows (an earlier one ended the phase) is dropped.
- Hidden information: a fresh determinization each iteration, bandits that count
  availability (information-set MCTS).  See :mod:`roadtrip.bots.search.tree`.
- Scores: where wins are rare (a solo game that random playouts never win) the
  search can steer by the scores too: ``score_weight`` blends each seat's mean
  score, scaled 0..1 over what this search has seen, into its value.
- Budgets, in units of work: ``iterations`` (one iteration: one root sample, one
  walk down the tree, one leaf evaluation).  With the same seed and iterations
  the result is the same on any machine at any load.  Wall time is only a safety
  cap (``cap`` seconds, see :func:`roadtrip.bots.work.safety_cap`; a search it
  cut says so, ``SearchResult.capped``).  ``seconds`` is a wall-clock limit kept
  for callers not yet moved to units of work; no bot uses it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random

from roadtrip.bots.search.evaluation import (
    Evaluation,
    LeafEvaluator,
    RolloutEvaluator,
    SearchSettingError,
    final_evaluation,
    sample_outcome,
)
from roadtrip.bots.search.tree import (
    Choice,
    Node,
    ScoreRange,
    Step,
    back_up,
    mark_available,
    select_action,
    stratified_outcome,
)
from roadtrip.bots.work import cap_clock
from roadtrip.core.errors import IllegalMove
from roadtrip.core.state import CHANCE, State


@dataclass(frozen=True)
class Budget:
    """How much to think: ``iterations``, units of work (the search stops after
    them; at least one).  ``cap``: the safety cap in seconds (None: none), reached
    only on a stalled machine; a search it stops is marked ``capped``.  No other
    clock: the same seed and iterations give the same search at any load."""

    iterations: int = 2000
    cap: float | None = None

    def __post_init__(self) -> None:
        if (
            isinstance(self.iterations, bool)
            or not isinstance(self.iterations, int)
            or self.iterations < 1
        ):
            raise SearchSettingError(f"iterations must be at least 1; got {self.iterations!r}")
        if self.cap is not None and not self.cap > 0:
            raise SearchSettingError(f"cap must be more than 0 seconds; got {self.cap!r}")


@dataclass(frozen=True)
class SearchSettings:
    """How to search: ``exploration`` is the UCT constant (values are returns,
    0..1); ``evaluator`` values new leaves (default: one random rollout);
    chance nodes with at most ``expect_chance_up_to`` outcomes are taken as an
    expectation (0: every chance node is sampled); ``score_weight`` (0..1) is the
    share of a seat's scaled mean score in what it maximizes (0: returns only)."""

    budget: Budget = field(default_factory=Budget)
    exploration: float = 1.0
    evaluator: LeafEvaluator = field(default_factory=RolloutEvaluator)
    expect_chance_up_to: int = 0
    score_weight: float = 0.0

    def __post_init__(self) -> None:
        if not self.exploration >= 0:
            raise SearchSettingError(f"exploration must be 0 or more; got {self.exploration!r}")
        if not 0 <= self.score_weight <= 1:
            raise SearchSettingError(f"score_weight lies in 0..1; got {self.score_weight!r}")
        if isinstance(self.expect_chance_up_to, bool) or self.expect_chance_up_to < 0:
            raise SearchSettingError(
                f"expect_chance_up_to must be 0 or more; got {self.expect_chance_up_to!r}"
            )


@dataclass(frozen=True)
class ActionStats:
    """One root action of the searching seat: how often it was tried, the seat's
    mean value after it (an estimate of its chance to win) and its mean score,
    with the sample variances of the values and scores backed up through it (for
    confidence intervals: the variance of a mean is about variance / visits)."""

    action: int
    visits: int
    value: float
    score: float
    value_variance: float = 0.0
    score_variance: float = 0.0


@dataclass(frozen=True)
class SearchResult:
    """The chosen action (the most visited; ties: higher value, then lower
    action), every root action's statistics (best first), the effort spent (and
    its wall time, for reports only), and whether the safety cap cut it short."""

    action: int
    actions: tuple[ActionStats, ...]
    iterations: int
    seconds: float
    capped: bool = False


def search(
    sample_root: Callable[[Random], State],
    seat: int,
    legal: tuple[int, ...] | list[int],
    settings: SearchSettings,
    rng: Random,
) -> SearchResult:
    """Search for ``seat``'s best action among ``legal`` in the states
    ``sample_root`` draws (all of which must let ``seat`` act with those actions)."""
    if not legal:
        raise IllegalMove(f"seat {seat} has no legal action to search")
    started = time.perf_counter()
    budget = settings.budget
    cap_at = None if budget.cap is None else cap_clock() + budget.cap
    root: Node | None = None
    scores = ScoreRange()
    iterations = 0
    capped = False
    if len(legal) > 1:
        while True:
            state = sample_root(rng)
            if root is None:
                root = Node(state.num_players())
            _iterate(root, state, settings, scores, rng)
            iterations += 1
            if iterations >= budget.iterations:
                break
            if cap_at is not None and cap_clock() >= cap_at:
                capped = True  # the safety cap (CPU time): a far slower machine
                break
    stats = _root_stats(root, seat, legal)
    return SearchResult(
        action=stats[0].action,
        actions=stats,
        iterations=iterations,
        seconds=time.perf_counter() - started,
        capped=capped,
    )


def _root_stats(
    root: Node | None, seat: int, legal: tuple[int, ...] | list[int]
) -> tuple[ActionStats, ...]:
    """Every legal action's visits, value and score.  Where the seat decided alone,
    its child node knows better than the arm's running mean (an expectation chance
    node below it is exact once every outcome was seen)."""
    arms = root.bandits.get(seat, {}) if root is not None else {}
    stats = []
    for action in legal:
        arm = arms.get(action)
        if root is None or arm is None:
            stats.append(ActionStats(action, 0, 0.0, 0.0))
            continue
        child = root.children.get(((seat, action),))
        if child is not None and child.visits:
            outcome = child.outcome()
            value, score = outcome[seat], outcome[len(outcome) // 2 + seat]
        else:
            value, score = arm.mean(), arm.mean_score()
        stats.append(ActionStats(action, arm.visits, value, score, *arm.variances()))
    stats.sort(key=lambda s: (-s.visits, -s.value, s.action))
    return tuple(stats)


def _iterate(
    root: Node, state: State, settings: SearchSettings, scores: ScoreRange, rng: Random
) -> None:
    """One iteration: down the tree to a new node, evaluate it, back up."""
    path: list[Step] = []
    node = root
    while not state.is_terminal():
        if node.visits == 0 and node is not root:
            back_up(path, node, _outcome(settings.evaluator(state, rng), scores))
            return
        if state.is_chance_node():
            key: tuple[Choice, ...] = ((CHANCE, _chance_step(node, state, settings, rng)),)
        else:
            key = _decision_step(node, state, settings, scores, rng)
        path.append((node, key))
        node = node.child(key)
    back_up(path, node, _outcome(final_evaluation(state), scores))


def _outcome(evaluation: Evaluation, scores: ScoreRange) -> list[float]:
    """Values then scores as one vector; the scores widen the search's range."""
    seat_scores = [float(score) for score in evaluation.scores]
    scores.add(seat_scores)
    return [float(value) for value in evaluation.values] + seat_scores


def _chance_step(node: Node, state: State, settings: SearchSettings, rng: Random) -> int:
    """Pick and apply a chance outcome: stratified by the odds where the node is
    taken as an expectation, sampled otherwise."""
    outcomes = state.chance_outcomes()
    if len(outcomes) <= settings.expect_chance_up_to:
        node.probabilities = dict(outcomes)
        action = stratified_outcome(node, outcomes)
    else:
        action = sample_outcome(state, rng)
    state.apply_action(action)
    return action


def _decision_step(
    node: Node, state: State, settings: SearchSettings, scores: ScoreRange, rng: Random
) -> tuple[Choice, ...]:
    """Every active seat picks from its bandit; apply the picks in turn."""
    seen = {seat: state.legal_actions(seat) for seat in state.active_seats()}
    exploration, weight = settings.exploration, settings.score_weight
    picks = [
        (seat, select_action(node.bandit(seat), legal, exploration, weight, scores, rng))
        for seat, legal in seen.items()
    ]
    applied: list[Choice] = []
    for seat, action in picks:
        if applied and not _still_deciding(state, seen, seat):
            break  # an earlier pick ended the phase: the rest decide again below
        state.apply_action(action, seat)
        mark_available(node.bandit(seat), seen[seat])
        applied.append((seat, action))
    return tuple(applied)


def _still_deciding(state: State, seen: dict[int, list[int]], seat: int) -> bool:
    """Does ``seat`` still face the decision it picked on, with no new seat active?"""
    active = state.active_seats()
    return seat in active and set(active) <= seen.keys() and state.legal_actions(seat) == seen[seat]
