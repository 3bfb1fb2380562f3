"""Game review: the advisor's verdict on every decision one seat made in a match.

:func:`review_match` replays a record (streaming: one state at a time, never the
whole match) and, at each decision of the seat with a real choice (forced moves
are counted but not judged), asks the advisor for every legal choice's figures.
A decision's *loss* is what the choice made gave up against the advisor's best,
in the chance to win and in score (points fewer, or turns more), each with its
95% interval (paired where the engine drew every choice on the same dice; see
:class:`~roadtrip.bots.advice.figures.Loss`).  Its *cost* is the review's measure:
the chance to win, or in games scored by turns (solo Main Street: fewer is
better) the expected turns.  A label (inaccuracy, mistake, blunder) is given only
where the cost's whole interval lies above the game's threshold (:data:`LABELS`,
documented in ``docs/rules/<game>.md``, "Review labels").

Seeds: with ``seed=None`` each decision uses the advisor's canonical seed of its
position, so the review says what the advice during play said; with a seed, each
decision ``f"{seed}:{index}"``.

A per-match budget (``match_seconds``) bounds the work whatever the match's
length: :mod:`~roadtrip.bots.advice.review_plan` says which decisions get the full
budget (a quick look at every decision, then the costliest again; or, for a match
of thousands of decisions, those that left the game's base policy first); the
others say so (``budget: "minimum"``) or are counted as ``not_judged``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from roadtrip.bots.advice.advisor import DEFAULT_SECONDS, advise, canonical_seed
from roadtrip.bots.advice.figures import Advice, AdviceReport, Interval, Loss
from roadtrip.bots.advice.review_plan import plan_review
from roadtrip.core.errors import IllegalMove
from roadtrip.core.records import MatchRecord, replay_states
from roadtrip.core.state import State

COSTLIEST = 3
# The screening pass of a per-match budget asks for this little: every engine's
# calibration gives its minimum units for it.
MINIMUM_SECONDS = 1e-6

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each decision judged."""

Advisor = Callable[..., AdviceReport]
"""Called as :func:`advise` is: ``advisor(state, seat, seconds, seed=..., names=...)``
(the web app passes one that computes in its bot processes)."""


@dataclass(frozen=True)
class Thresholds:
    """A game's label thresholds, in its review measure (win chance, or turns)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def label(self, cost: Interval) -> str | None:
        """The worst label the whole interval ``cost`` lies above, if any."""
        for name, threshold in (
            ("blunder", self.blunder),
            ("mistake", self.mistake),
            ("inaccuracy", self.inaccuracy),
        ):
            if cost.low > threshold:
                return name
        return None


# (game, measure) -> thresholds: win chance given up (0..1), or expected turns more.
# Documented in docs/rules/<game>.md, "Review labels".
LABELS: dict[tuple[str, str], Thresholds] = {
    ("road-to-300", "win"): Thresholds(0.03, 0.08, 0.20),
    ("get-your-kicks", "win"): Thresholds(0.05, 0.10, 0.20),
    ("get-your-kicks", "turns"): Thresholds(0.2, 0.5, 1.0),
    ("mileage-may-vary", "win"): Thresholds(0.05, 0.10, 0.20),
    ("mileage-may-vary", "turns"): Thresholds(0.2, 0.5, 1.0),
    ("road-rally", "win"): Thresholds(0.05, 0.10, 0.20),
    ("open-road", "win"): Thresholds(0.05, 0.10, 0.20),
}
DEFAULT_LABELS = Thresholds(0.05, 0.10, 0.20)


def thresholds_for(game: str, measure: str) -> Thresholds:
    return LABELS.get((game, measure), DEFAULT_LABELS)


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision: the record's action ``index``, the choice made and the best,
    what the choice gave up (``loss``), the cost in the review's measure with its
    interval, the margin of the best over the second-best (how clear it is), the
    label the interval supports, and the budget it was judged at."""

    index: int
    chosen: Advice
    best: Advice
    options: int
    loss: Loss
    cost: float
    cost_interval: Interval
    margin: float
    margin_interval: Interval
    label: str | None
    budget: str  # "full", or "minimum" (beyond a per-match budget)
    seed: str

    @property
    def win_lost(self) -> float:
        return self.loss.win

    @property
    def score_lost(self) -> float:
        return self.loss.score

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "options": self.options,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "win_lost": self.loss.win,
            "win_lost_interval": self.loss.win_interval.to_json(),
            "score_lost": self.loss.score,
            "score_lost_interval": self.loss.score_interval.to_json(),
            "paired": self.loss.paired,
            "cost": self.cost,
            "cost_interval": self.cost_interval.to_json(),
            "margin": self.margin,
            "margin_interval": self.margin_interval.to_json(),
            "label": self.label,
            "budget": self.budget,
            "seed": self.seed,
        }


def _total(values: list[float], intervals: list[Interval]) -> tuple[float, Interval]:
    """A sum of independent estimates and its 95% interval (the half-widths add
    in quadrature, side by side)."""
    total = sum(values)
    low = math.sqrt(sum((v - i.low) ** 2 for v, i in zip(values, intervals, strict=True)))
    high = math.sqrt(sum((i.high - v) ** 2 for v, i in zip(values, intervals, strict=True)))
    return total, Interval(total - low, total + high)


@dataclass(frozen=True)
class Review:
    """Every judged decision of ``seat`` in order, and what they add up to.
    ``measure`` is "win" (the chance to win given up) or "turns"."""

    game: str
    seat: int
    decisions: tuple[ReviewedDecision, ...]
    forced: int
    method: str
    score_name: str
    measure: str
    seconds: float
    match_seconds: float | None = None
    not_judged: int = 0  # decisions beyond the match's budget (a very long match)

    @property
    def total(self) -> float:
        return sum(d.cost for d in self.decisions)

    @property
    def total_interval(self) -> Interval:
        return _total([d.cost for d in self.decisions], [d.cost_interval for d in self.decisions])[
            1
        ]

    @property
    def total_win_lost(self) -> float:
        return sum(d.win_lost for d in self.decisions)

    @property
    def total_score_lost(self) -> float:
        return sum(d.score_lost for d in self.decisions)

    @property
    def at_minimum(self) -> int:
        """Decisions judged only at the minimum budget (beyond the match's)."""
        return sum(1 for d in self.decisions if d.budget == "minimum")

    def costliest(self, count: int = COSTLIEST) -> list[ReviewedDecision]:
        """The ``count`` decisions that gave up most (ties: the earlier first)."""
        ranked = sorted(self.decisions, key=lambda d: (-d.cost, d.index))
        return [d for d in ranked[:count] if d.cost > 0]

    def to_json(self) -> dict[str, Any]:
        labels = thresholds_for(self.game, self.measure)
        return {
            "game": self.game,
            "seat": self.seat,
            "method": self.method,
            "score_name": self.score_name,
            "measure": self.measure,
            "seconds": self.seconds,
            "match_seconds": self.match_seconds,
            "forced": self.forced,
            "at_minimum_budget": self.at_minimum,
            "not_judged": self.not_judged,
            "thresholds": {
                "inaccuracy": labels.inaccuracy,
                "mistake": labels.mistake,
                "blunder": labels.blunder,
            },
            "decisions": [d.to_json() for d in self.decisions],
            "total": self.total,
            "total_interval": self.total_interval.to_json(),
            "total_win_lost": self.total_win_lost,
            "total_score_lost": self.total_score_lost,
            "costliest": [d.index for d in self.costliest()],
        }


def decisions_of(record: MatchRecord, seat: int) -> Iterator[tuple[int, State]]:
    """``(index, state before it)`` of every action ``seat`` took in ``record``,
    replayed lazily (one state held at a time)."""
    actions = record.actions
    for index, state in enumerate(replay_states(record)):
        if index < len(actions) and actions[index][0] == seat:
            yield index, state


def _choices(record: MatchRecord, seat: int) -> Iterator[tuple[int, State]]:
    """The decisions of ``seat`` with more than one legal choice."""
    for index, state in decisions_of(record, seat):
        if len(state.legal_actions(seat)) > 1:
            yield index, state


def judge(
    report: AdviceReport, index: int, chosen_action: int, game: str, budget: str
) -> ReviewedDecision:
    """One decision's verdict from the advisor's ``report``."""
    chosen, best = report.choice(chosen_action), report.best
    loss = report.loss(chosen_action)
    measure = "turns" if report.lower_is_better else "win"
    second = report.loss(report.choices[1].action) if len(report.choices) > 1 else None
    if measure == "turns":
        cost, cost_interval = loss.score, loss.score_interval
        margin = second.score if second else 0.0
        margin_interval = second.score_interval if second else Interval(0.0, 0.0)
    else:
        cost, cost_interval = loss.win, loss.win_interval
        margin = second.win if second else 0.0
        margin_interval = second.win_interval if second else Interval(0.0, 0.0)
    if cost < 0:
        # The best by its own ranking (the chance to win first): a negative gap in
        # turns is no loss in turns (that choice gave up its chance to win instead).
        low = 0.0 if cost_interval.high < 0 else max(cost_interval.low, 0.0)
        cost, cost_interval = 0.0, Interval(low, max(cost_interval.high, 0.0))
    return ReviewedDecision(
        index=index,
        chosen=chosen,
        best=best,
        options=len(report.choices),
        loss=loss,
        cost=cost,
        cost_interval=cost_interval,
        margin=margin,
        margin_interval=margin_interval,
        label=thresholds_for(game, measure).label(cost_interval),
        budget=budget,
        seed=report.seed,
    )


def review_match(
    record: MatchRecord,
    seat: int,
    seconds: float = DEFAULT_SECONDS,
    *,
    progress: Progress | None = None,
    names: list[str] | None = None,
    advisor: Advisor = advise,
    seed: int | str | None = None,
    match_seconds: float | None = None,
) -> Review:
    """Judge every decision of ``seat`` in ``record`` (a finished match), giving
    ``advisor`` about ``seconds`` for each (in units of work: the same review on
    any machine), or, with ``match_seconds``, that much in all for the decisions
    that matter most (see the module doc)."""
    forced = total = 0
    first: State | None = None
    for _index, state in decisions_of(record, seat):
        if first is None:
            first = state.clone()
        if len(state.legal_actions(seat)) > 1:
            total += 1
        else:
            forced += 1
    if first is None:
        raise IllegalMove(f"seat {seat} made no decision in this match")
    plan = plan_review(record, _choices(record, seat), total, first, seconds, match_seconds)
    full = plan.affordable if plan.quick else total
    first_seconds = MINIMUM_SECONDS if plan.quick else seconds
    first_budget = "minimum" if plan.quick else "full"

    def ask(state: State, index: int, budget_seconds: float) -> AdviceReport:
        decision_seed = canonical_seed(state, seat) if seed is None else f"{seed}:{index}"
        return advisor(state, seat, budget_seconds, seed=decision_seed, names=names)

    judged: list[ReviewedDecision] = []
    method, score_name, lower_is_better = "", "points", False
    looked = total if plan.full is None else len(plan.full)
    done = 0
    for index, state in _choices(record, seat):
        if plan.full is not None and index not in plan.full:
            continue  # beyond the match's budget: not judged
        done += 1
        report = ask(state, index, first_seconds)
        method, score_name = report.method, report.score_name
        lower_is_better = report.lower_is_better
        judged.append(judge(report, index, record.actions[index][1], record.game, first_budget))
        if progress is not None and not plan.quick:
            progress(done, looked)
    if full < total:
        # The decisions that may have cost most, judged again at the full budget.
        ranked = sorted(judged, key=lambda d: (-d.cost_interval.high, d.index))
        again = {d.index for d in ranked[:full]}
        position = {d.index: n for n, d in enumerate(judged)}
        done = 0
        for index, state in _choices(record, seat):
            if index in again:
                report = ask(state, index, seconds)
                action = record.actions[index][1]
                judged[position[index]] = judge(report, index, action, record.game, "full")
                done += 1
                if progress is not None:
                    progress(done, full)
        if progress is not None and full == 0:
            progress(0, 0)
    return Review(
        game=record.game,
        seat=seat,
        decisions=tuple(judged),
        forced=forced,
        method=method or "none (every move was forced)",
        score_name=score_name,
        measure="turns" if lower_is_better else "win",
        seconds=seconds,
        match_seconds=match_seconds,
        not_judged=total - looked,
    )


__all__ = [
    "LABELS",
    "Review",
    "ReviewedDecision",
    "Thresholds",
    "decisions_of",
    "review_match",
]
