"""The random bot: legal, reproducible given its generator, and honest when stuck."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import Bot, Observation, RandomBot, bot_names, make_bot, observe
from roadtrip.core import IllegalMove, sample_chance


def _decision_state(seed: int, players: int = 1) -> roadtrip.State:
    state = roadtrip.load_game("road-to-300", players=players).new_initial_state()
    rng = Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def test_random_is_registered_for_every_game() -> None:
    for info in roadtrip.list_games():
        assert "random" in bot_names(info.id)
        bot = make_bot("random", roadtrip.load_game(info.id))
        assert isinstance(bot, Bot)
        assert bot.name == "random"


def test_random_plays_only_legal_actions_to_the_end() -> None:
    game = roadtrip.load_game("road-to-300", players=3)
    bot = RandomBot(game)
    chance, choices = Random(1), Random(2)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            for seat in state.active_seats():
                action = bot.choose(observe(state, seat), choices)
                assert action in state.legal_actions(seat)
                state.apply_action(action, seat)


def test_random_is_reproducible_given_its_generator() -> None:
    observation = observe(_decision_state(3), 0)
    first = [RandomBot().choose(observation, Random(9)) for _ in range(5)]
    assert len(set(first)) == 1
    picks = {RandomBot().choose(observation, Random(seed)) for seed in range(200)}
    assert picks == set(observation.legal_actions)  # every legal action gets picked


def test_random_refuses_an_observation_without_legal_actions() -> None:
    state = _decision_state(4)
    empty = Observation(
        game=state.game,
        seat=0,
        legal_actions=(),
        view=lambda: state.view(0),
        sampler=lambda rng: state.clone(),
    )
    with pytest.raises(IllegalMove, match="no legal action"):
        RandomBot().choose(empty, Random(0))
