"""Multi-seat decision phases: in competitive Road to 300 every player uses the
same roll, and every active seat decides on it; the search lets each of them
pick in turn with ``apply_action(action, seat)``, none seeing the others' picks."""

from __future__ import annotations

from random import Random

import roadtrip
from roadtrip.bots import observe
from roadtrip.bots.search import make_mcts_bot
from roadtrip.core import sample_chance
from roadtrip.sim.runner import play_game


def _shared_roll(seed: int) -> roadtrip.State:
    state = roadtrip.load_game("road-to-300", players=2).new_initial_state()
    rng = Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def test_every_active_seat_decides_on_the_same_roll() -> None:
    state = _shared_roll(seed=5)
    assert state.active_seats() == (0, 1)
    game = state.game
    bot = make_mcts_bot(game, iterations=120, seconds=None)
    for seat in (0, 1):
        observation = observe(state, seat)
        result = bot.search(observation, Random(seat))
        assert result.action in observation.legal_actions
        # Every iteration applied this seat's pick: the other seat's pick on the
        # same roll did not take the decision away from it.
        assert sum(stats.visits for stats in result.actions) == result.iterations == 120


def test_both_choices_apply_to_the_state_they_were_made_on() -> None:
    state = _shared_roll(seed=8)
    bot = make_mcts_bot(state.game, iterations=40, seconds=None)
    choices = {seat: bot.choose(observe(state, seat), Random(seat)) for seat in (0, 1)}
    for seat, action in choices.items():
        state.apply_action(action, seat)  # raises if the choice were not legal


def test_a_two_player_game_between_searchers_plays_to_the_end() -> None:
    game = roadtrip.load_game("road-to-300", players=2)
    bots = [make_mcts_bot(game, iterations=15, seconds=None) for _ in range(2)]
    result = play_game(game, bots, Random(1), Random(2))
    assert result.decisions > 10
    assert any(result.wins)
