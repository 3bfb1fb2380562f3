"""States to test a bot's decision on: random play until a seat must decide."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.core import sample_chance
from roadtrip.core.state import State


def decision(game: roadtrip.Game, seed: int, moves: int, seat: int = 0) -> State:
    """A state where ``seat`` decides, after at least ``moves`` random actions
    (the test is skipped if the random game ends first)."""
    state = game.new_initial_state()
    rng = Random(seed)
    made = 0
    while made < moves or state.is_chance_node() or seat not in state.active_seats():
        if state.is_terminal():
            pytest.skip("the random game ended early")
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            actor = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(actor)), actor)
        made += 1
    return state
