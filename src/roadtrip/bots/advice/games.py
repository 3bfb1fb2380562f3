"""The advisor engines of particular games, registered when the advisor loads.

- Road to 300: solo, with numba installed, every decision valued by compiled
  rollouts (:mod:`roadtrip.bots.road_to_300.advising`: the value network's greedy
  policy where its weights apply, the expert's base policy elsewhere); otherwise the
  generic search with playouts by the ``greedy`` bot (a random playout of a solo
  sheet never reaches 300, so its win figures would all be 0).
- America's Main Street solo (one mat): the solved tables
  (:mod:`roadtrip.bots.main_street.solo_values`): each choice's expected turns
  under the policy the expert plays, exact in its model (zero-width intervals).
  With a round limit (``max_rounds``) the goal is no longer the fewest expected
  turns, and flat Monte Carlo with ``push-your-luck`` playouts advises instead.
"""

from __future__ import annotations

from importlib.util import find_spec
from random import Random

from roadtrip.bots.advice.advisor import register_advisor
from roadtrip.bots.advice.engines import EngineResult, bot_policy, flat_engine, mcts_engine
from roadtrip.bots.advice.figures import Estimate
from roadtrip.bots.base import Observation
from roadtrip.bots.main_street import MAIN_STREET_GAMES, make_push_your_luck_bot
from roadtrip.bots.main_street.solo_values import INFINITY, solo_figures
from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot
from roadtrip.bots.search.mcts import Budget
from roadtrip.bots.work import Calibration
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.games.main_street.base import GO_ON, STOP

# Units of work per second on a quiet core of the reference machine, measured by
# benchmarks/calibrate_advice.py (the solved tables are exact: no units).
GREEDY_SEARCH = Calibration("advisor search, greedy playouts", "iterations", 880, 50)
ROLLOUTS = Calibration("Road to 300 compiled rollouts", "rollouts per choice x choices", 10000, 64)
SOLO_SAMPLES = Calibration("solo turns by sampling", "samples", 2400, 40)


def turns_taken(state: State, seat: int) -> float:
    """The turns a finished solo game took (its rounds: one turn each)."""
    return float(state.rounds_played() or 0)


def is_solo(game: Game) -> bool:
    return game.num_players() == 1


def is_solved_solo(game: Game) -> bool:
    """A solo Main Street game the solved tables cover (no round limit)."""
    return is_solo(game) and not game.options.get("max_rounds")


def solved_solo_engine(observation: Observation, budget: Budget, rng: Random) -> EngineResult:
    """Exact figures from the solved solo tables: expected turns (this turn and
    those played included) and the chance to win (1, or 0 for a losing end)."""
    view = observation.view
    figures = solo_figures(observation.game.id, observation.game.options, view)
    played = float(view["turns"][observation.seat])
    after = {STOP: figures.stop, GO_ON: figures.go_on}
    estimates = []
    for action in observation.legal_actions:
        turns = after.get(action)
        if turns is None:
            continue
        lost = turns == INFINITY
        estimates.append(
            Estimate(
                action, 0, 0.0 if lost else 1.0, played if lost else played + turns, exact=True
            )
        )
    return EngineResult(
        tuple(estimates),
        0,
        "exact: the solved solo tables (the expert's policy)",
        score_name="expected turns",
        lower_is_better=True,
    )


def road_to_300_rollouts(observation: Observation, budget: Budget, rng: Random) -> EngineResult:
    """The Road to 300 rollout engine, imported on first use (it needs numpy)."""
    from roadtrip.bots.road_to_300.advising import rollout_engine

    return rollout_engine(observation, budget, rng)


def solo_with_numba(game: Game) -> bool:
    return is_solo(game) and find_spec("numba") is not None


def register_game_advisors() -> None:
    register_advisor(
        ("road-to-300",),
        mcts_engine(
            bot_policy(GreedyRoadTo300Bot()), method="Monte Carlo tree search, greedy playouts"
        ),
        name="search with greedy playouts",
        calibration=GREEDY_SEARCH,
    )
    register_advisor(
        ("road-to-300",),
        road_to_300_rollouts,
        name="the expert's rollouts",
        applies=solo_with_numba,
        calibration=ROLLOUTS,
    )
    for game_id in MAIN_STREET_GAMES:
        push = make_push_your_luck_bot(load_game(game_id, players=1))
        register_advisor(
            (game_id,),
            flat_engine(
                bot_policy(push),
                measure=turns_taken,
                method="flat Monte Carlo, push-your-luck playouts",
                score_name="expected turns",
                lower_is_better=True,
            ),
            name="solo turns by sampling",
            applies=is_solo,
            calibration=SOLO_SAMPLES,
        )
        register_advisor(
            (game_id,), solved_solo_engine, name="solved solo tables", applies=is_solved_solo
        )
