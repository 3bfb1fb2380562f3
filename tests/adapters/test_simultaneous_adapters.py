"""An adapter's observation never reveals another seat's pending choice (issue 25,
item 2; docs/ai.md).  Competitive Road to 300 asks the seats one at a time about
the shared roll, lowest seat first: when seat 1 observes, seat 0 has already
chosen, and what seat 1 observes must be the same whatever seat 0 chose (OpenSpiel
observation and information state, PettingZoo, Gymnasium); once seat 1 has chosen
too, the information state tells seat 0's choice."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pyspiel

import roadtrip
from roadtrip.adapters import openspiel as adapter
from roadtrip.adapters.gymnasium import SeatEnv
from roadtrip.adapters.pettingzoo import env as pettingzoo_env
from roadtrip.core.state import State


def spiel_deciding(seed: int) -> Any:
    """An OpenSpiel Road to 300 state for 2 players at the first shared roll."""
    game = pyspiel.load_game(adapter.openspiel_name("road-to-300"), {"players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        actions, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=odds)))
    return state


def seat_1_sees(state: Any) -> dict[str, Any]:
    return {
        "observation": state.observation_string(1),
        "observation_tensor": list(state.observation_tensor(1)),
        "information_state": state.information_state_string(1),
        "information_tensor": list(state.information_state_tensor(1)),
    }


def test_openspiel_seat_1_observes_the_same_whatever_seat_0_chose() -> None:
    seen = []
    for pick in (0, -1):
        state = spiel_deciding(seed=4)
        while state.current_player() == 0:
            state.apply_action(state.legal_actions()[pick])
        assert state.current_player() == 1
        seen.append(seat_1_sees(state))
        assert "has chosen" in seen[-1]["information_state"]
        assert "end on" not in seen[-1]["information_state"]
    assert seen[0] == seen[1]


def test_openspiel_reveals_seat_0s_choice_once_seat_1_has_chosen() -> None:
    state = spiel_deciding(seed=4)
    while state.current_player() in (0, 1):
        state.apply_action(state.legal_actions()[0])
    lines = state.information_state_string(1)
    assert "has chosen" not in lines
    assert "seat 1: end on" in lines and "seat 2: end on" in lines


def test_openspiel_types_competitive_road_to_300_as_imperfect_information() -> None:
    kind = pyspiel.GameType.Information
    assert adapter.game_type("road-to-300", 2).information == kind.IMPERFECT_INFORMATION
    assert adapter.game_type("road-to-300", 1).information == kind.PERFECT_INFORMATION


def test_pettingzoo_agent_1_observes_the_same_whatever_agent_0_chose() -> None:
    seen = []
    for pick in (0, -1):
        e = pettingzoo_env("road-to-300", players=2, render_mode="ansi")
        e.reset(seed=6)
        while e.agent_selection == "player_0":
            mask = e.observe("player_0")["action_mask"]
            e.step(int(np.flatnonzero(mask)[pick]))
        assert e.agent_selection == "player_1"
        seen.append((e.observe("player_1")["observation"].tolist(), e.render()))
    assert seen[0] == seen[1]


def before_the_phase(state: State) -> State:
    """``state`` rebuilt up to the start of its simultaneous decision."""
    start = state.simultaneous_from()
    assert start is not None
    earlier = state.game.new_initial_state()
    for seat, action in state.history()[:start]:
        earlier.apply_action(action, None if seat < 0 else seat)
    return earlier


def test_gymnasium_seat_1_observes_the_shared_roll_as_before_the_opponent_chose() -> None:
    """The opponent (seat 0) has chosen when seat 1's observation comes: the sheets
    in it are those seat 1 saw before seat 0 chose (only the active-seat mask tells
    that seat 0 has chosen)."""
    env = SeatEnv("road-to-300", seat=1, opponents="random", players=2)
    sheets_from = 5 + 3 * 2  # phase, round, target; rolling, active, winners masks
    for seed in range(5):
        observation, _ = env.reset(seed=seed)
        state = env.unwrapped.game_state
        assert state.view(1)["chosen_seats"] == [0]
        before = before_the_phase(state)
        expected = np.asarray(before.observation_tensor(1), np.float32)
        assert observation[sheets_from:].tolist() == expected[sheets_from:].tolist()
        assert state.view(1)["sheets"] == before.view(1)["sheets"]


def test_a_determinization_for_seat_1_does_not_copy_seat_0s_choice() -> None:
    game = roadtrip.load_game("road-to-300", players=2)
    env = SeatEnv("road-to-300", seat=1, opponents="random", players=2)
    env.reset(seed=1)
    state = env.unwrapped.game_state
    real = state.history()[state.simultaneous_from() :]
    samples = [state.resample_hidden(1, Random(k)) for k in range(20)]
    assert all(s.history() == [] for s in samples), "a sample carries the real history"
    assert any(s.view(0) != state.view(0) for s in samples), real
    assert game.info.perfect_information is False
