"""Game review: the advisor's verdict on every decision one seat made in a match.

:func:`review_match` replays a record and, at each decision of the seat (one with
a real choice: forced moves are counted but not judged), asks the advisor for
every legal choice's figures.  A decision's *cost* is what the choice made gave
up against the advisor's best: the chance to win, or in games scored by turns
(solo Main Street: fewer is better) the expected turns.  The review totals the
costs and names the three costliest decisions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from roadtrip.bots.advice.advisor import DEFAULT_SECONDS, advise
from roadtrip.bots.advice.figures import Advice, AdviceReport
from roadtrip.core.errors import IllegalMove
from roadtrip.core.records import MatchRecord, replay_states
from roadtrip.core.state import State

COSTLIEST = 3

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each decision judged."""

Advisor = Callable[..., AdviceReport]
"""Called as :func:`advise` is: ``advisor(state, seat, seconds, seed=..., names=...)``
(the web app passes one that computes in its bot processes)."""


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision: the record's action ``index``, the choice made and the best."""

    index: int
    chosen: Advice
    best: Advice
    options: int
    win_lost: float  # chance to win given up (0..1)
    score_lost: float  # score given up: points fewer, or turns more
    cost: float  # the review's measure: win_lost, or score_lost where fewer is better

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "options": self.options,
            "chosen": self.chosen.to_json(),
            "best": self.best.to_json(),
            "win_lost": self.win_lost,
            "score_lost": self.score_lost,
            "cost": self.cost,
        }


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

    @property
    def total(self) -> float:
        return sum(d.cost for d in self.decisions)

    @property
    def total_win_lost(self) -> float:
        return sum(d.win_lost for d in self.decisions)

    @property
    def total_score_lost(self) -> float:
        return sum(d.score_lost for d in self.decisions)

    def costliest(self, count: int = COSTLIEST) -> list[ReviewedDecision]:
        """The ``count`` decisions that gave up most (ties: the earlier first)."""
        ranked = sorted(self.decisions, key=lambda d: (-d.cost, d.index))
        return [d for d in ranked[:count] if d.cost > 0]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "method": self.method,
            "score_name": self.score_name,
            "measure": self.measure,
            "forced": self.forced,
            "decisions": [d.to_json() for d in self.decisions],
            "total": self.total,
            "total_win_lost": self.total_win_lost,
            "total_score_lost": self.total_score_lost,
            "costliest": [d.index for d in self.costliest()],
        }


def decisions_of(record: MatchRecord, seat: int) -> list[tuple[int, State]]:
    """``(index, state before it)`` of every action ``seat`` took in ``record``."""
    out = []
    for index, state in enumerate(replay_states(record)):
        if index < len(record.actions) and record.actions[index][0] == seat:
            out.append((index, state))
    return out


def review_match(
    record: MatchRecord,
    seat: int,
    seconds: float = DEFAULT_SECONDS,
    *,
    progress: Progress | None = None,
    names: list[str] | None = None,
    advisor: Advisor = advise,
) -> Review:
    """Judge every decision of ``seat`` in ``record`` (a finished match), giving
    ``advisor`` ``seconds`` for each."""
    states = decisions_of(record, seat)
    if not states:
        raise IllegalMove(f"seat {seat} made no decision in this match")
    choices = [(i, s) for i, s in states if len(s.legal_actions(seat)) > 1]
    judged: list[ReviewedDecision] = []
    method, score_name, lower_is_better = "", "points", False
    for done, (index, state) in enumerate(choices, start=1):
        report = advisor(state, seat, seconds, seed=f"review:{index}", names=names)
        method, score_name = report.method, report.score_name
        lower_is_better = report.lower_is_better
        chosen, best = report.choice(record.actions[index][1]), report.best
        win_lost = max(0.0, best.win - chosen.win)
        score_gap = chosen.score - best.score if lower_is_better else best.score - chosen.score
        score_lost = max(0.0, score_gap)
        judged.append(
            ReviewedDecision(
                index=index,
                chosen=chosen,
                best=best,
                options=len(report.choices),
                win_lost=win_lost,
                score_lost=score_lost,
                cost=score_lost if lower_is_better else win_lost,
            )
        )
        if progress is not None:
            progress(done, len(choices))
    return Review(
        game=record.game,
        seat=seat,
        decisions=tuple(judged),
        forced=len(states) - len(choices),
        method=method or "none (every move was forced)",
        score_name=score_name,
        measure="turns" if lower_is_better else "win",
    )
