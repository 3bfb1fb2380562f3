"""Observation tensors, for every configuration that ``conftest.py`` derives from
``roadtrip.list_games()``: ``state.observation_tensor(seat)`` has
``game.observation_tensor_size()`` entries, all finite and in [0, 1], computing it
changes nothing, and it holds exactly what ``view(seat)`` holds: a seat's tensor
is the same for every determinization ``resample_hidden(seat, rng)`` (it cannot
tell them apart), while another seat's tensor changes exactly when that seat's
view does (when the cards hidden from the first seat are dealt differently).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator
from random import Random

import pytest

from roadtrip.core import Game, InvalidSeat, State, sample_chance

STATES_PER_CONFIG = 40  # states checked per configuration, spread over whole matches
RESAMPLES = 2  # determinizations per seat and state


def random_states(game: Game, seed: int) -> Iterator[State]:
    """Every state of a random match (the live state: do not keep it)."""
    rng = Random(seed)
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = rng.choice(state.active_seats())
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        yield state


def sampled_states(game: Game) -> Iterator[State]:
    """About STATES_PER_CONFIG states (clones) from two random matches, first to last."""
    length = max(1, sum(1 for _ in random_states(game, 0)))
    stride = max(1, 2 * length // STATES_PER_CONFIG)
    for seed in range(2):
        for index, state in enumerate(random_states(game, seed)):
            if index % stride == 0 or state.is_terminal():
                yield state.clone()


def check_tensor(state: State, seat: int, size: int) -> list[float]:
    tensor = state.observation_tensor(seat)
    assert isinstance(tensor, list)
    assert len(tensor) == size, f"seat {seat}: {len(tensor)} numbers, expected {size}"
    bad = [i for i, x in enumerate(tensor) if not (math.isfinite(x) and 0.0 <= x <= 1.0)]
    assert not bad, f"seat {seat}: entries {bad[:5]} are not finite numbers in [0, 1]"
    return tensor


def test_tensors_have_their_size_and_are_finite(game: Game) -> None:
    size = game.observation_tensor_size()
    assert size > 0
    for state in sampled_states(game):
        before = json.dumps(state.view(None), sort_keys=True)
        for seat in range(game.num_players()):
            check_tensor(state, seat, size)
        assert json.dumps(state.view(None), sort_keys=True) == before, "tensors change nothing"


def test_a_seat_cannot_tell_determinizations_apart(game: Game) -> None:
    """Same tensor for every resample_hidden(seat); other seats' tensors change exactly
    when their views do (hidden-information games: at least once)."""
    n = game.num_players()
    size = game.observation_tensor_size()
    others_changed = 0
    for index, state in enumerate(sampled_states(game)):
        tensors = [check_tensor(state, seat, size) for seat in range(n)]
        views = [state.view(seat) for seat in range(n)]
        for seat, k in itertools.product(range(n), range(RESAMPLES)):
            other = state.resample_hidden(seat, Random(index * 100 + k))
            assert check_tensor(other, seat, size) == tensors[seat], (
                f"seat {seat} can tell a determinization apart by its tensor"
            )
            for them in range(n):
                if them == seat:
                    continue
                same_view = other.view(them) == views[them]
                same_tensor = check_tensor(other, them, size) == tensors[them]
                assert same_view == same_tensor, (
                    f"seat {them}'s tensor {'changed' if same_view else 'did not change'} "
                    f"when its view {'did not' if same_view else 'did'}"
                )
                others_changed += not same_tensor
    if game.info.perfect_information:
        assert others_changed == 0
    elif n > 1:
        assert others_changed > 0, "no determinization changed another seat's tensor"


def test_tensor_rejects_a_missing_seat(default_game: Game) -> None:
    state = default_game.new_initial_state()
    with pytest.raises(InvalidSeat):
        state.observation_tensor(default_game.num_players())
    with pytest.raises(InvalidSeat):
        state.observation_tensor(-1)
