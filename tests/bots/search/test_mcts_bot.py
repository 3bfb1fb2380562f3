"""The registered ``mcts`` bot: every game has it, it plays only legal actions,
it is reproducible for a seed with an iteration budget, it turns seconds into
iterations, and it plays solo Road to 300 far better than chance."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import Bot, bot_names, make_bot, observe
from roadtrip.bots.search import MCTSBot, make_mcts_bot
from roadtrip.bots.search.bot import iterations_calibration
from roadtrip.bots.work import safety_cap
from roadtrip.core import sample_chance
from roadtrip.core.state import State


def _decision_state(game: roadtrip.Game, seed: int, moves: int = 0) -> State:
    """A state where a seat must decide, after ``moves`` random decisions."""
    state = game.new_initial_state()
    rng = Random(seed)
    made = 0
    while True:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if made >= moves:
            return state
        seat = state.current_player()
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        made += 1


def test_mcts_is_registered_for_every_game() -> None:
    for info in roadtrip.list_games():
        assert "mcts" in bot_names(info.id)
        bot = make_bot("mcts", roadtrip.load_game(info.id))
        assert isinstance(bot, Bot)
        assert isinstance(bot, MCTSBot)
        assert bot.name == "mcts"


@pytest.mark.parametrize("game_id", [info.id for info in roadtrip.list_games()])
def test_mcts_chooses_only_legal_actions(game_id: str) -> None:
    game = roadtrip.load_game(game_id)
    bot = make_mcts_bot(game, iterations=8, seconds=None)
    for seed in range(3):
        state = _decision_state(game, seed, moves=seed * 5)
        for seat in state.active_seats():
            observation = observe(state, seat)
            assert bot.choose(observation, Random(seed)) in observation.legal_actions


def test_same_seed_and_iteration_budget_give_the_same_choice() -> None:
    game = roadtrip.load_game("road-to-300")
    state = _decision_state(game, seed=4, moves=6)
    first = make_mcts_bot(game, iterations=150, seconds=None)
    second = make_mcts_bot(game, iterations=150, seconds=None)
    a = first.search(observe(state, 0), Random(11))
    b = second.search(observe(state, 0), Random(11))
    again = first.search(observe(state, 0), Random(11))
    assert a.action == b.action == again.action
    assert a.actions == b.actions == again.actions
    assert a.iterations == 150


def test_seconds_are_turned_into_iterations_by_the_games_calibration() -> None:
    """``seconds`` asks for about that long: the search runs the iterations that
    buy on the reference machine (the game's calibration), however long they take
    here; wall time is only the safety cap."""
    game = roadtrip.load_game("road-to-300")
    state = _decision_state(game, seed=2, moves=3)
    bot = make_mcts_bot(game, iterations=None, seconds=0.2)
    result = bot.search(observe(state, 0), Random(1))
    assert result.iterations == iterations_calibration("road-to-300").units(0.2)
    assert not result.capped
    assert bot.settings.budget.cap == safety_cap(0.2)
    again = make_mcts_bot(game, seconds=0.2).search(observe(state, 0), Random(1))
    assert again.actions == result.actions


def test_a_single_legal_action_is_played_without_searching() -> None:
    game = roadtrip.load_game("road-to-300")
    for seed in range(200):
        state = _decision_state(game, seed, moves=seed % 20)
        if not state.is_terminal() and len(state.legal_actions(0)) == 1:
            break
    else:
        pytest.skip("no forced move among the sampled states")
    result = make_mcts_bot(game).search(observe(state, 0), Random(0))
    assert result.action == state.legal_actions(0)[0]
    assert result.iterations == 0


def _play_solo(game: roadtrip.Game, bot: Bot, seed: int) -> tuple[float, float]:
    state = game.new_initial_state()
    chance, decisions = Random(f"dice:{seed}"), Random(f"bot:{seed}")
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
        else:
            state.apply_action(bot.choose(observe(state, 0), decisions), 0)
    return state.returns()[0], state.scores()[0]


def test_mcts_beats_random_play_in_solo_road_to_300() -> None:
    """12 games each on the same dice: random play never reaches 300 (0 wins in
    3,000 trial games, median 150 points); 100 playouts a decision score far more
    and win some."""
    game = roadtrip.load_game("road-to-300")
    searcher = make_mcts_bot(game, iterations=100, seconds=None)
    chance = make_bot("random", game)
    searched = [_play_solo(game, searcher, seed) for seed in range(12)]
    randomly = [_play_solo(game, chance, seed) for seed in range(12)]
    searched_wins = sum(won for won, _ in searched)
    random_wins = sum(won for won, _ in randomly)
    searched_mean = sum(score for _, score in searched) / 12
    random_mean = sum(score for _, score in randomly) / 12
    assert searched_wins >= 2 and searched_wins > random_wins
    assert searched_mean > random_mean + 60
