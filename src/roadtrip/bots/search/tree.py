"""The search tree: nodes, one bandit per deciding seat, and how values back up.

A node stands for the states reached by one sequence of choices from the root.
At a decision node every active seat has its own bandit over its own actions
(decoupled UCT): in a phase where several seats decide on the same roll, each
picks without seeing the others' picks, exactly as the simulator and the server
ask them.  A one-seat node is plain UCT.

Under hidden information the node's states differ from one determinization to
the next, so a seat's legal actions may differ too: every arm counts how often it
was *available* and UCB uses that count instead of the parent's visits
(information-set MCTS, Cowling, Powley and Whitehouse 2012).

What backs up is an *outcome*: every seat's value (returns) followed by every
seat's score.  An arm's worth to its seat is its mean value, blended with its
mean score scaled to 0..1 by the lowest and highest score this search has seen
(:class:`ScoreRange`, as MuZero normalizes values) when ``score_weight`` > 0.  A
chance node taken as an expectation passes up the odds-weighted mean of its
children's outcomes rather than the one sampled outcome.
"""

from __future__ import annotations

import math
from random import Random

Choice = tuple[int, int]  # (seat, action); seat is CHANCE for a chance outcome
EdgeKey = tuple[Choice, ...]  # the choices applied between a node and its child


class ScoreRange:
    """The lowest and highest score seen in one search, to scale scores to 0..1."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def add(self, scores: list[float]) -> None:
        self.low = min(self.low, *scores)
        self.high = max(self.high, *scores)

    def scale(self, score: float) -> float:
        return (score - self.low) / (self.high - self.low) if self.high > self.low else 0.5


class Arm:
    """One action's statistics in one seat's bandit."""

    __slots__ = ("available", "score", "score_squares", "total", "total_squares", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0  # sum of the seat's backed-up values
        self.score = 0.0  # sum of the seat's backed-up scores
        # Sums of squares, for the variance of the means (the advisor's intervals).
        self.total_squares = 0.0
        self.score_squares = 0.0
        self.available = 0  # visits of the node at which this action was legal

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def mean_score(self) -> float:
        return self.score / self.visits if self.visits else 0.0

    def variances(self) -> tuple[float, float]:
        """The sample variances of the backed-up values and scores (0 below two visits)."""
        n = self.visits
        if n < 2:
            return 0.0, 0.0
        value = (self.total_squares - self.total * self.total / n) / (n - 1)
        score = (self.score_squares - self.score * self.score / n) / (n - 1)
        return max(value, 0.0), max(score, 0.0)


class Node:
    """A node of the tree.  ``bandits[seat][action]`` at decision nodes;
    ``probabilities`` (the latest outcome odds) at chance nodes taken as an
    expectation, None elsewhere.  ``totals``: summed outcomes (values, scores)."""

    __slots__ = ("bandits", "children", "probabilities", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.totals = [0.0] * (2 * seats)
        self.bandits: dict[int, dict[int, Arm]] = {}
        self.children: dict[EdgeKey, Node] = {}
        self.probabilities: dict[int, float] | None = None

    def child(self, key: EdgeKey) -> Node:
        """The child reached by ``key``, created on first use."""
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node(len(self.totals) // 2)
        return node

    def bandit(self, seat: int) -> dict[int, Arm]:
        arms = self.bandits.get(seat)
        if arms is None:
            arms = self.bandits[seat] = {}
        return arms

    def outcome(self) -> list[float]:
        """This node's mean outcome, or for an expectation chance node its visited
        outcomes' outcomes weighted by their odds."""
        weights = self.probabilities
        if weights is not None:
            mean = [0.0] * len(self.totals)
            mass = 0.0
            for key, child in self.children.items():
                weight = weights.get(key[0][1], 0.0)
                if child.visits and weight:
                    mass += weight
                    for index, value in enumerate(child.outcome()):
                        mean[index] += weight * value
            if mass:
                return [value / mass for value in mean]
        visits = self.visits or 1
        return [total / visits for total in self.totals]


def select_action(
    arms: dict[int, Arm],
    legal: list[int],
    exploration: float,
    score_weight: float,
    scores: ScoreRange,
    rng: Random,
) -> int:
    """UCB1 over ``legal``, counting availability; an untried action first (a random
    one, so that the order of the legal actions does not bias the search)."""
    untried = [action for action in legal if action not in arms or arms[action].visits == 0]
    if untried:
        return untried[0] if len(untried) == 1 else rng.choice(untried)
    best_action = legal[0]
    best_score = -math.inf
    for action in legal:
        arm = arms[action]
        worth = arm.mean()
        if score_weight:
            worth += score_weight * (scores.scale(arm.mean_score()) - worth)
        score = worth + exploration * math.sqrt(math.log(arm.available) / arm.visits)
        if score > best_score:
            best_action, best_score = action, score
    return best_action


def mark_available(arms: dict[int, Arm], legal: list[int]) -> None:
    """Count one more visit at which every action of ``legal`` could be chosen."""
    for action in legal:
        arm = arms.get(action)
        if arm is None:
            arm = arms[action] = Arm()
        arm.available += 1


def stratified_outcome(node: Node, outcomes: list[tuple[int, float]]) -> int:
    """The outcome furthest behind its share of the node's visits (the first on a
    tie): visits follow the odds exactly instead of by sampling."""
    visits = node.visits + 1
    best_action = outcomes[0][0]
    best_deficit = -math.inf
    for action, probability in outcomes:
        child = node.children.get(((-1, action),))
        deficit = probability * visits - (child.visits if child is not None else 0)
        if deficit > best_deficit:
            best_action, best_deficit = action, deficit
    return best_action


Step = tuple[Node, EdgeKey]  # a node and the choices applied there


def back_up(path: list[Step], leaf: Node, outcome: list[float]) -> None:
    """Add a leaf's outcome (values, then scores) along the path, from the leaf
    up.  Each seat's arm gets its own value and score; an expectation chance node
    passes up its expected outcome instead."""
    seats = len(outcome) // 2
    _add(leaf, outcome)
    for node, key in reversed(path):
        _add(node, outcome)
        if node.probabilities is not None:
            outcome = node.outcome()
            continue
        for seat, action in key:
            if seat < 0:
                continue  # a sampled chance outcome: no bandit
            arm = node.bandits[seat][action]
            value, score = outcome[seat], outcome[seats + seat]
            arm.visits += 1
            arm.total += value
            arm.score += score
            arm.total_squares += value * value
            arm.score_squares += score * score


def _add(node: Node, outcome: list[float]) -> None:
    node.visits += 1
    totals = node.totals
    for index, value in enumerate(outcome):
        totals[index] += value
