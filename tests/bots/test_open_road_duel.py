"""The two-rider win chance of The Open Road (bots/open_road/duel.py), which the
expert's playouts are valued by where they are cut off between two riders."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots.open_road.bot import decide
from roadtrip.bots.open_road.duel import duel_win_chance
from roadtrip.bots.open_road.evaluation import Rider, Weights
from roadtrip.bots.open_road.expert import MARGIN_WEIGHT, RaceValue
from roadtrip.core import sample_chance
from roadtrip.core.errors import NotSupported
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.paths import NEIGHBOURS
from roadtrip.games.open_road.rules import OpenRoadState


def turn_starts(seed: int, players: int = 2) -> tuple[list[OpenRoadState], list[float]]:
    """Copies of a heuristic race at the start of every turn, and its returns."""
    game = roadtrip.load_game("open-road", players=players)
    state = game.new_initial_state()
    assert isinstance(state, OpenRoadState)
    chance = Random(seed)
    starts: list[OpenRoadState] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.current_player()
        if state.mode == F.ACT and state.actions_left == F.ACTIONS_PER_TURN:
            copy = state.clone()
            assert isinstance(copy, OpenRoadState)
            starts.append(copy)
        state.apply_action(decide(state, seat, state.legal_actions(seat), Weights()), seat)
    return starts, state.returns()


def test_the_two_riders_chances_add_up_to_about_one() -> None:
    for seed in range(3):
        for state in turn_starts(seed)[0]:
            both = duel_win_chance(state, 0, Weights()) + duel_win_chance(state, 1, Weights())
            assert abs(both - 1.0) < 0.1


def test_the_winner_is_given_the_better_chance_on_average() -> None:
    """On races the model was not fitted to (seeds 100-119), the rider who goes on
    to win holds the better chance at most turn starts."""
    winner_chance: list[float] = []
    for seed in range(100, 120):
        starts, returns = turn_starts(seed)
        if returns[0] == returns[1]:
            continue
        winner = 0 if returns[0] > returns[1] else 1
        winner_chance += [duel_win_chance(state, winner, Weights()) for state in starts]
    assert sum(winner_chance) / len(winner_chance) > 0.6
    assert sum(1 for p in winner_chance if p > 0.5) > 0.6 * len(winner_chance)


def test_a_rider_one_dot_further_along_has_a_better_chance() -> None:
    state = turn_starts(4)[0][0]
    seat = state.current_player()
    before = duel_win_chance(state, seat, Weights())
    rider = Rider(state, seat, Weights())
    here = state.pos[seat]
    nearer = min(R.bits(NEIGHBOURS[here]), key=lambda dot: (rider.plan(dot), dot))
    assert rider.plan(nearer) < rider.plan(here)
    state.pos[seat] = nearer
    assert duel_win_chance(state, seat, Weights()) > before


def test_the_cut_off_value_between_two_riders_is_the_chance_on_the_wins_scale() -> None:
    state = turn_starts(5)[0][6]
    chance = duel_win_chance(state, 1, Weights())
    expected = (1 - MARGIN_WEIGHT) * chance + MARGIN_WEIGHT * (2 * chance - 1)
    assert RaceValue(Weights())(state, 1) == pytest.approx(expected)


def test_a_duel_has_two_riders() -> None:
    state = turn_starts(6, players=4)[0][0]
    with pytest.raises(NotSupported):
        duel_win_chance(state, 0, Weights())
