"""The advisor engines of particular games, registered when the advisor loads.

- Road to 300: solo, with numba installed, every decision valued by the expert's
  compiled rollouts (:mod:`roadtrip.bots.road_to_300.advising`); otherwise the
  generic search with playouts by the ``greedy`` bot (a random playout of a solo
  sheet never reaches 300, so its win figures would all be 0).
- America's Main Street solo (one mat): flat Monte Carlo with ``push-your-luck``
  playouts, measuring the turns the game takes (the solo goal: fewest turns).
  An exact solver, once registered for these games, takes over.
"""

from __future__ import annotations

from importlib.util import find_spec
from random import Random

from roadtrip.bots.advice.advisor import register_advisor
from roadtrip.bots.advice.engines import EngineResult, bot_policy, flat_engine, mcts_engine
from roadtrip.bots.base import Observation
from roadtrip.bots.main_street import MAIN_STREET_GAMES, make_push_your_luck_bot
from roadtrip.bots.road_to_300.greedy import GreedyRoadTo300Bot
from roadtrip.bots.search.mcts import Budget
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State


def turns_taken(state: State, seat: int) -> float:
    """The turns a finished solo game took (its rounds: one turn each)."""
    return float(state.rounds_played() or 0)


def is_solo(game: Game) -> bool:
    return game.num_players() == 1


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
    )
    register_advisor(
        ("road-to-300",),
        road_to_300_rollouts,
        name="the expert's rollouts",
        applies=solo_with_numba,
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
        )
