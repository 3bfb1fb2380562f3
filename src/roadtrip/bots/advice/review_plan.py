"""How a review spends a per-match budget: the decisions that matter first.

A review judges each decision at the advisor's budget (``seconds``).  A long match
has more decisions than a match's budget (``match_seconds``) buys; then
:func:`plan_review` says which decisions get the full budget:

- where a quick look at every decision fits in half the match's budget (the
  advisor's minimum units for each, by its calibration), every decision gets one
  and the costliest of them (the highest top of their cost interval) are judged
  again at the full budget, as many as the rest of the budget buys;
- otherwise (a match of thousands of decisions) no quick look: the decisions where
  the seat did not play what the game's base policy would have (``greedy``,
  ``push-your-luck``, ``heuristic``: microseconds a decision) come first, then the
  others, in the order of the match, and those the budget buys are judged at the
  full budget; the rest are counted as not judged.

Either way the work is bounded by the match's budget, whatever its length.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random

from roadtrip.bots.advice.advisor import advisor_for
from roadtrip.bots.base import UnknownBot, make_bot, observe
from roadtrip.core.records import MatchRecord
from roadtrip.core.state import State

# The base policy of each game that ranks decisions when there is no time for a
# quick look at every one (a cheap bot: it deviates where the play may have cost).
BASE_POLICY = {
    "road-to-300": "greedy",
    "get-your-kicks": "push-your-luck",
    "mileage-may-vary": "push-your-luck",
    "road-rally": "heuristic",
    "open-road": "heuristic",
}
QUICK_SHARE = 0.5  # at most this share of a match's budget goes to quick looks


@dataclass(frozen=True)
class ReviewPlan:
    """``quick``: every decision gets a quick look first; ``full``: the indices
    judged at the full budget (None: every decision)."""

    quick: bool
    full: frozenset[int] | None
    affordable: int


def affordable(match_seconds: float, seconds: float) -> int:
    """How many decisions ``match_seconds`` buys at ``seconds`` each (a hair of
    slack: 0.06 / 0.02 is 2.9999... in floating point)."""
    return max(0, math.floor(match_seconds / seconds + 1e-9))


def quick_seconds(state: State) -> float:
    """About how long the advisor's quick look (its minimum units) takes here."""
    calibration = advisor_for(state.game).calibration(state.game)
    return 0.0 if calibration is None else calibration.seconds(calibration.minimum)


def plan_review(
    record: MatchRecord,
    choices: Iterator[tuple[int, State]],
    total: int,
    first: State,
    seconds: float,
    match_seconds: float | None,
) -> ReviewPlan:
    """Which of the ``total`` decisions (``choices``: their states, streamed) get
    the full budget within ``match_seconds`` (see the module doc); ``first`` is a
    state of the match (for its game)."""
    if match_seconds is None:
        return ReviewPlan(quick=False, full=None, affordable=total)
    # A look costs at least the advisor's minimum units, however small ``seconds``.
    look = quick_seconds(first)
    seconds = max(seconds, look)
    if affordable(match_seconds, seconds) >= total:
        return ReviewPlan(quick=False, full=None, affordable=total)
    quick = total * look
    if quick <= QUICK_SHARE * match_seconds:
        count = affordable(match_seconds - quick, seconds)
        return ReviewPlan(quick=True, full=None, affordable=min(total, count))
    count = affordable(match_seconds, seconds)
    return ReviewPlan(
        quick=False, full=_first_by_deviation(record, choices, count), affordable=count
    )


def _first_by_deviation(
    record: MatchRecord, choices: Iterator[tuple[int, State]], count: int
) -> frozenset[int]:
    """The first ``count`` decisions, those that left the base policy first."""
    name = BASE_POLICY.get(record.game)
    deviated: list[int] = []
    agreed: list[int] = []
    bot = None
    for index, state in choices:
        seat, action = record.actions[index]
        if bot is None and name is not None:
            try:
                bot = make_bot(name, state.game)
            except UnknownBot:
                name = None
        if bot is not None:
            played = bot.choose(observe(state, seat), Random(f"review-plan:{index}"))
            (deviated if played != action else agreed).append(index)
        else:
            agreed.append(index)
        if len(deviated) >= count:
            break
    return frozenset([*deviated, *agreed][:count])
