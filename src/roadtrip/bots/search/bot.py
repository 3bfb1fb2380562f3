"""The ``mcts`` bot: Monte Carlo tree search from what its seat may see.

It searches from ``observation.sample_state(rng)``: in perfect-information games an
exact copy of the state, drawn once; in hidden-information games
(``game.info.perfect_information`` False) a new determinization every iteration
(information-set MCTS), so it never reads another seat's hand.  All its randomness
comes from the generator ``choose`` is handed.

Settings are keyword arguments of :func:`make_mcts_bot` (the registered ``mcts``
kind uses the defaults)::

    make_mcts_bot(game, iterations=500)                 # 500 iterations a decision
    make_mcts_bot(game, seconds=0.25)                   # about a quarter second here
    make_mcts_bot(game, expect_chance_up_to=64, rollout_depth=200)

Budget, in units of work: ``iterations`` per decision (one root sample, one walk
down the tree, one leaf evaluation: with the default rollouts, one random playout).
``seconds`` (default 1.0, the registry's ``--think``) asks for "about this long"
and is turned into iterations by the game's calibration (:data:`ITERATIONS`,
measured once on a quiet core here by ``benchmarks/calibrate_budgets.py``; games
differ by a factor of ten).  With the same seed and budget the choice is the same
on any machine at any load; wall time is only the safety cap
(:func:`roadtrip.bots.work.safety_cap`; a search it cut says so,
``last_result.capped``).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from roadtrip.bots.base import Observation, legal_or_raise
from roadtrip.bots.search.evaluation import (
    CutoffEvaluator,
    LeafEvaluator,
    RolloutEvaluator,
    RolloutPolicy,
    leaders_share,
    random_policy,
)
from roadtrip.bots.search.mcts import Budget, SearchResult, SearchSettings, search
from roadtrip.bots.work import DEFAULT_SECONDS, Calibration, safety_cap
from roadtrip.core.game import Game
from roadtrip.core.state import State

# Iterations one second buys with the registered settings (random rollouts cut at
# DEFAULT_ROLLOUT_DEPTH, scores blended) on a quiet core of the reference machine,
# per game at its default seat count: measured by benchmarks/calibrate_budgets.py.
ITERATIONS = {
    "get-your-kicks": Calibration("mcts, get-your-kicks", "iterations", 9_000, minimum=20),
    "mileage-may-vary": Calibration("mcts, mileage-may-vary", "iterations", 5_000, minimum=20),
    "open-road": Calibration("mcts, open-road", "iterations", 100, minimum=20),
    "road-rally": Calibration("mcts, road-rally", "iterations", 250, minimum=20),
    "road-to-300": Calibration("mcts, road-to-300", "iterations", 7_500, minimum=20),
}
# A game without its own calibration (a new one): the slowest measured rate.
FALLBACK_ITERATIONS = Calibration("mcts, other games", "iterations", 100, minimum=20)
DEFAULT_ITERATIONS = 2000  # what ``Budget()`` gives a search that names no budget


def iterations_calibration(game_id: str) -> Calibration:
    """How many iterations a second of ``mcts`` buys in game ``game_id``."""
    return ITERATIONS.get(game_id, FALLBACK_ITERATIONS)


# Random play in some games wanders for thousands of actions (The Open Road): the
# registered bot cuts its rollouts off there and ranks the seats by their scores.
DEFAULT_ROLLOUT_DEPTH = 1000
# Random playouts of a solo Road to 300 never reach 300: without the scores the
# search would have nothing to steer by.
DEFAULT_SCORE_WEIGHT = 0.5


class MCTSBot:
    """Chooses by (information-set) Monte Carlo tree search; see :mod:`.mcts`."""

    name = "mcts"

    def __init__(self, game: Game, settings: SearchSettings | None = None) -> None:
        self.game = game
        self.settings = settings if settings is not None else SearchSettings()
        self.last_result: SearchResult | None = None

    def choose(self, observation: Observation, rng: Random) -> int:
        return self.search(observation, rng).action

    def search(self, observation: Observation, rng: Random) -> SearchResult:
        """The full search result for ``observation`` (the chosen action and every
        legal action's visits and value), also kept as ``last_result``."""
        legal = legal_or_raise(observation)
        sample_root: Callable[[Random], State] = observation.sample_state
        if observation.game.info.perfect_information:
            sample_root = _copies_of(observation.sample_state(rng))  # the state: draw once
        result = search(sample_root, observation.seat, legal, self.settings, rng)
        self.last_result = result
        return result


def _copies_of(state: State) -> Callable[[Random], State]:
    def copy(_: Random) -> State:
        return state.clone()

    return copy


def make_mcts_bot(
    game: Game,
    *,
    iterations: int | None = None,
    seconds: float | None = DEFAULT_SECONDS,
    exploration: float = 1.0,
    expect_chance_up_to: int = 0,
    score_weight: float = DEFAULT_SCORE_WEIGHT,
    rollout_policy: RolloutPolicy = random_policy,
    rollout_depth: int | None = DEFAULT_ROLLOUT_DEPTH,
    cutoff: CutoffEvaluator = leaders_share,
    evaluator: LeafEvaluator | None = None,
) -> MCTSBot:
    """An MCTS bot for ``game``.

    - ``iterations``: the budget of each decision, in iterations (None:
      ``seconds`` turned into iterations by :func:`iterations_calibration`);
      ``seconds``: about how long (None: the default, 1 s); both set: the
      iterations, with the safety cap of ``seconds``.
    - ``exploration``: the UCT constant (values are returns, 0..1).
    - ``expect_chance_up_to``: chance nodes with at most this many outcomes are
      taken as an expectation rather than sampled (0: always sample).
    - ``score_weight``: the share of the seat's scaled mean score in what it
      maximizes, beside its chance to win (0: the chance to win alone).
    - ``rollout_policy``: ``policy(state, seat, rng) -> action`` for the playouts
      (default uniform random); ``rollout_depth`` cuts playouts off after that many
      actions (None: play to the end) and ``cutoff(state)`` values the state there
      (default: the leaders by ``scores()`` share the win).
    - ``evaluator``: ``evaluate(state, rng) -> values`` replaces the rollouts
      altogether.
    """
    leaf = (
        evaluator
        if evaluator is not None
        else RolloutEvaluator(rollout_policy, depth=rollout_depth, cutoff=cutoff)
    )
    about = DEFAULT_SECONDS if seconds is None else seconds
    if iterations is None:
        iterations = iterations_calibration(game.id).units(about)
    settings = SearchSettings(
        budget=Budget(iterations=iterations, cap=safety_cap(about)),
        exploration=exploration,
        evaluator=leaf,
        expect_chance_up_to=expect_chance_up_to,
        score_weight=score_weight,
    )
    return MCTSBot(game, settings)
