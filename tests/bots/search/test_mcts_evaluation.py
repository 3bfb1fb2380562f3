"""The search's plug-ins: a leaf evaluator replaces the playouts, a rollout policy
plays them, and a rollout cut off after ``rollout_depth`` actions is valued by
the cutoff callback (by default the leaders by score share the win)."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import observe
from roadtrip.bots.search import Evaluation, RolloutEvaluator, leaders_share, make_mcts_bot
from roadtrip.bots.search.evaluation import random_policy
from roadtrip.core import sample_chance
from roadtrip.core.state import State


def _road_to_300(players: int = 1, seed: int = 3) -> State:
    state = roadtrip.load_game("road-to-300", players=players).new_initial_state()
    rng = Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def test_a_leaf_evaluator_replaces_the_playouts() -> None:
    state = _road_to_300()
    favourite = max(state.legal_actions(0))
    seen: list[State] = []

    def evaluate(leaf: State, rng: Random) -> Evaluation:
        seen.append(leaf)
        liked = (0, favourite) in leaf.history()[-3:]
        return Evaluation([1.0 if liked else 0.0], [0.0])

    bot = make_mcts_bot(state.game, iterations=60, seconds=None, evaluator=evaluate)
    assert bot.choose(observe(state, 0), Random(1)) == favourite
    assert len(seen) > 1


def test_the_rollout_policy_plays_the_playouts() -> None:
    state = _road_to_300()
    calls: list[int] = []

    def policy(position: State, seat: int, rng: Random) -> int:
        calls.append(seat)
        return random_policy(position, seat, rng)

    bot = make_mcts_bot(state.game, iterations=10, seconds=None, rollout_policy=policy)
    bot.choose(observe(state, 0), Random(2))
    assert calls and set(calls) == {0}


def test_a_cut_off_rollout_is_valued_by_the_cutoff_callback() -> None:
    state = _road_to_300()
    cut: list[int] = []

    def cutoff(position: State) -> list[float]:
        cut.append(position.move_number())
        return [0.5]

    bot = make_mcts_bot(state.game, iterations=10, seconds=None, rollout_depth=4, cutoff=cutoff)
    result = bot.search(observe(state, 0), Random(3))
    assert cut  # every playout stopped after at most four actions
    assert all(0.0 <= stats.value <= 1.0 for stats in result.actions)


def test_leaders_share_ranks_by_score_and_a_lone_seat_has_not_won() -> None:
    assert leaders_share(_road_to_300(players=1)) == [0.0]
    tied = _road_to_300(players=3)
    assert leaders_share(tied) == pytest.approx([1 / 3, 1 / 3, 1 / 3])  # all at 0 points


def test_rollouts_are_averaged_and_playouts_reach_the_end() -> None:
    state = _road_to_300()
    single = RolloutEvaluator()(state, Random(5))
    assert single.values[0] in (0.0, 1.0)
    averaged = RolloutEvaluator(rollouts=8)(state, Random(5))
    assert 0.0 <= averaged.values[0] <= 1.0
    assert averaged.scores[0] > 0  # eight playouts of a whole game score something
