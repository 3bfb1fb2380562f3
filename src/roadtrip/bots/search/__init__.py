"""Generic search bots over the core State API (no game-specific code here).

- :mod:`.mcts`: UCT with chance nodes (sampled or expectation), multi-seat phases
  (decoupled bandits) and information-set search for hidden information.
- :mod:`.evaluation`: rollout policies and leaf evaluators.
- :mod:`.bot`: the ``mcts`` bot and :func:`make_mcts_bot` with its settings.
"""

from roadtrip.bots.search.bot import MCTSBot, make_mcts_bot
from roadtrip.bots.search.evaluation import (
    Evaluation,
    LeafEvaluator,
    RolloutEvaluator,
    RolloutPolicy,
    SearchSettingError,
    leaders_share,
    random_policy,
)
from roadtrip.bots.search.mcts import ActionStats, Budget, SearchResult, SearchSettings, search

__all__ = [
    "ActionStats",
    "Budget",
    "Evaluation",
    "LeafEvaluator",
    "MCTSBot",
    "RolloutEvaluator",
    "RolloutPolicy",
    "SearchResult",
    "SearchSettingError",
    "SearchSettings",
    "leaders_share",
    "make_mcts_bot",
    "random_policy",
    "search",
]
