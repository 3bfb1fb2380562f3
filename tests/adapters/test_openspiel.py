"""The OpenSpiel adapter, checked by OpenSpiel itself: ``pyspiel.random_sim_test``
with serialization on every game, OpenSpiel's MCTS bot (and ISMCTS on Road Rally)
playing whole matches, its observers respecting hidden cards, parameters, the
match-length bounds, and a clean interpreter exit."""

from __future__ import annotations

import subprocess
import sys
from random import Random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

import roadtrip
from roadtrip.adapters import openspiel as adapter
from roadtrip.core import InvalidOption, game_class, sample_chance

# Every game, solo and multi-player where it has both, a variant or two; Road Rally
# on a short track and The Open Road for a few rounds (a full race is long for Python
# MCTS with random rollouts).
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("road-to-300", {}),
    ("road-to-300", {"players": 3, "no_cross": "pass"}),
    ("get-your-kicks", {}),
    ("get-your-kicks", {"players": 3, "end": "finish_round"}),
    ("mileage-may-vary", {}),
    ("mileage-may-vary", {"players": 2, "short_bag": "refuse"}),
    ("road-rally", {"players": 2, "tiles": 4}),
    ("road-rally", {"players": 4, "tiles": 4, "rally_deal": "mixed"}),
    ("open-road", {"players": 2, "max_rounds": 6}),
    ("open-road", {"players": 4, "max_rounds": 4, "landing": "pass"}),
]
IDS = [f"{game}-{opts.get('players', 1)}p" for game, opts in CONFIGS]


def load(game_id: str, options: dict[str, Any]) -> Any:
    return pyspiel.load_game(adapter.openspiel_name(game_id), options)


def sample(state: Any, rng: np.random.RandomState) -> int:
    actions, probabilities = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(actions, p=probabilities))


def play(state: Any, bots: list[Any], rng: np.random.RandomState) -> list[float]:
    """Play to the end: chance by its odds, each seat by its bot."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def random_states(game: Any, seed: int) -> list[Any]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


def test_every_registered_game_loads_with_its_options_as_parameters() -> None:
    assert {game for game, _ in CONFIGS} == {info.id for info in roadtrip.list_games()}
    names = set(pyspiel.registered_names())
    for info in roadtrip.list_games():
        name = adapter.openspiel_name(info.id)
        assert name in names and name == "roadtrip_" + info.id.replace("-", "_")
        game = pyspiel.load_game(name)
        defaults = {o.name: o.default for o in game_class(info.id).options_spec}
        params = game.get_parameters()
        assert {k: params[k] for k in defaults} == defaults
        assert game.num_players() == roadtrip.load_game(info.id).num_players()
        assert game.get_type().provides_observation_tensor


def test_parameters_reach_the_rules() -> None:
    game = pyspiel.load_game("roadtrip_road_to_300(players=3,first_move=corner_free)")
    assert game.num_players() == 3
    assert game.core_game.options["first_move"] == "corner_free"
    rally = adapter.load("road-rally", players=5, tiles=4, trigger="passed")
    assert rally.num_players() == 5 and rally.core_game.options["trigger"] == "passed"
    with pytest.raises(InvalidOption):
        pyspiel.load_game("roadtrip_road_to_300", {"players": 9})


def test_game_types() -> None:
    solo, duo = load("road-to-300", {}), load("road-to-300", {"players": 2})
    kinds = pyspiel.GameType
    assert solo.get_type().utility == kinds.Utility.GENERAL_SUM
    assert duo.get_type().utility == kinds.Utility.CONSTANT_SUM and duo.utility_sum() == 1.0
    assert (solo.min_utility(), solo.max_utility()) == (0.0, 1.0)
    rally = load("road-rally", {"tiles": 4})
    assert rally.get_type().information == kinds.Information.IMPERFECT_INFORMATION
    assert solo.get_type().information == kinds.Information.PERFECT_INFORMATION
    for game in (solo, duo, rally):
        assert game.get_type().dynamics == kinds.Dynamics.SEQUENTIAL
        assert game.get_type().chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_random_sim_test_with_serialization(game_id: str, options: dict[str, Any]) -> None:
    game = load(game_id, options)
    sims = 2 if game_id == "road-rally" else 4
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_serialized_states_rebuild_from_their_history(
    game_id: str, options: dict[str, Any]
) -> None:
    game = load(game_id, options)
    states = random_states(game, 1)
    for state in states[:: max(1, len(states) // 8)]:
        text = pyspiel.serialize_game_and_state(game, state)
        _, copy = pyspiel.deserialize_game_and_state(text)
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.core.history() == state.core.history()
        assert copy.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_observers_give_tensors_and_strings(game_id: str, options: dict[str, Any]) -> None:
    game = load(game_id, options)
    observation_size = game.observation_tensor_size()
    info_size = game.information_state_tensor_size()
    assert observation_size == game.core_game.observation_tensor_size()
    for state in random_states(game, 2)[::5]:
        for seat in range(game.num_players()):
            observation = np.array(state.observation_tensor(seat))
            info = np.array(state.information_state_tensor(seat))
            assert observation.shape == (observation_size,) and info.shape == (info_size,)
            assert ((observation >= 0) & (observation <= 1)).all()
            assert ((info >= 0) & (info <= 1)).all()
            assert state.observation_string(seat).startswith("{")
            assert state.information_state_string(seat).startswith(state.observation_string(seat))
            if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
                assert info.tolist() == observation.tolist()


def test_observations_respect_hidden_cards() -> None:
    """Two Road Rally states that differ only in cards hidden from seat 0 look the
    same to seat 0 (every observer), and not always to the seats whose cards moved."""
    game = load("road-rally", {"players": 3, "tiles": 4})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others_differ = 0
    for state in random_states(game, 3)[::3]:
        if state.is_terminal():
            continue
        other = state.resample_from_infostate(0, sampler)
        assert other.observation_tensor(0) == state.observation_tensor(0)
        assert other.observation_string(0) == state.observation_string(0)
        assert other.information_state_tensor(0) == state.information_state_tensor(0)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.current_player() == state.current_player()
        if state.current_player() == 0:
            assert other.legal_actions() == state.legal_actions()
        others_differ += any(
            other.observation_tensor(s) != state.observation_tensor(s) for s in (1, 2)
        )
    assert others_differ > 0


def test_a_determinization_serializes_whole() -> None:
    """No history leads to a state made by resample_from_infostate: it is pickled
    whole, and comes back as it was."""
    game = load("road-rally", {"players": 3, "tiles": 4})
    state = random_states(game, 4)[60]
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, other))
    assert str(copy) == str(other)
    # The determinization keeps no history (the real one names other seats' draws).
    assert copy.core.history() == other.core.history() == []


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_mcts_plays_a_whole_match(game_id: str, options: dict[str, Any]) -> None:
    """OpenSpiel's MCTS bot (random rollouts) for every seat of a two-seat game, or
    seat 0 against uniform random bots."""
    game = load(game_id, options)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    budget = 8 if game_id == "road-rally" else 16
    n = game.num_players()
    bots: list[Any] = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=budget, evaluator=evaluator, random_state=rng)
        if seat == 0 or n == 2
        else UniformRandomBot(seat, rng)
        for seat in range(n)
    ]
    returns = play(game.new_initial_state(), bots, rng)
    assert len(returns) == n and all(0.0 <= r <= 1.0 for r in returns)
    if n > 1:
        assert sum(returns) == pytest.approx(1.0)


def test_ismcts_plays_road_rally_from_information_states() -> None:
    """OpenSpiel's ISMCTS searches determinizations (resample_from_infostate) keyed
    by information-state strings: it never sees the other hands."""
    game = load("road-rally", {"players": 3, "tiles": 4})
    rng = np.random.RandomState(11)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots: list[Any] = [ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rng)]
    bots += [UniformRandomBot(seat, rng) for seat in (1, 2)]
    assert sum(play(game.new_initial_state(), bots, rng)) == pytest.approx(1.0)


def test_main_street_matches_are_cut_at_max_game_length() -> None:
    for players in (1, 3):
        game = adapter.load("get-your-kicks", players=players, max_game_length=12)
        assert game.max_game_length() == 12
        state = game.new_initial_state()
        rng = np.random.RandomState(0)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state, rng))
            else:
                state.apply_action(1)  # always draw again: the turns keep busting
        assert len(state.history()) == 12
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert sum(state.returns()) == (0.0 if players == 1 else pytest.approx(1.0))
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_open_road_without_max_rounds_is_cut_and_won_by_the_nearest_rider() -> None:
    """The rulebook's race has no limit: OpenSpiel gets max_game_length, and a cut
    match is won by the riders with the fewest dots left (scores: minus the dots)."""
    game = adapter.load("open-road", players=3, max_game_length=300)
    assert game.max_game_length() == 300
    assert adapter.load("open-road", max_rounds=10).max_game_length() == (
        roadtrip.load_game("open-road", max_rounds=10).max_game_length()
    )
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.history()) == 300
    left = [-score for score in state.core.scores()]
    nearest = [seat for seat in range(3) if left[seat] == min(left)]
    assert state.returns() == [1 / len(nearest) if s in nearest else 0.0 for s in range(3)]


def test_road_rally_bound_holds_for_full_races() -> None:
    for players in (2, 5):
        game = roadtrip.load_game("road-rally", players=players)
        bound = adapter.road_rally_bound(game)
        for seed in range(3):
            rng, state = Random(seed), game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            assert len(state.history()) <= bound


def test_the_core_never_imports_openspiel_and_the_process_exits_cleanly() -> None:
    code = (
        "import sys, roadtrip\n"
        "roadtrip.load_game('road-rally').new_initial_state()\n"
        "assert 'pyspiel' not in sys.modules\n"
        "from roadtrip.adapters import openspiel\n"
        "import pyspiel\n"
        "g = pyspiel.load_game('roadtrip_road_rally', {'tiles': 4})\n"
        "pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "ok"
