"""The move advisor: every legal decision of a seat with its chance to win and
expected score (95% intervals), best first, from what the seat may see.

    from roadtrip.bots import advise
    report = advise(state, seat, seconds=1.0)
    for advice in report.choices:
        print(advice.label, advice.win, advice.win_interval, advice.score)

See :mod:`.advisor` (the contract and the per-game hooks), :mod:`.engines` (the
generic search and flat Monte Carlo) and :mod:`.figures` (intervals).
"""

from roadtrip.bots.advice.advisor import (
    DEFAULT_SECONDS,
    AdvisorHook,
    advise,
    advisor_for,
    canonical_seed,
    register_advisor,
)
from roadtrip.bots.advice.engines import (
    Engine,
    EngineResult,
    bot_policy,
    flat_engine,
    mcts_engine,
)
from roadtrip.bots.advice.figures import Advice, AdviceReport, Estimate, Interval, Loss
from roadtrip.bots.advice.games import register_game_advisors
from roadtrip.bots.advice.review import LABELS, Review, ReviewedDecision, review_match

register_game_advisors()

__all__ = [
    "DEFAULT_SECONDS",
    "LABELS",
    "Advice",
    "AdviceReport",
    "AdvisorHook",
    "Engine",
    "EngineResult",
    "Estimate",
    "Interval",
    "Loss",
    "Review",
    "ReviewedDecision",
    "advise",
    "advisor_for",
    "bot_policy",
    "canonical_seed",
    "flat_engine",
    "mcts_engine",
    "register_advisor",
    "review_match",
]
