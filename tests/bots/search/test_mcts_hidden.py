"""Hidden information: information-set MCTS searches determinizations drawn from
what its seat may see, so on two Road Rally states that differ only in what that
seat cannot see (the other players' hands, decks and rally cards) it makes the
same choices, with the same seed and iteration budget."""

from __future__ import annotations

from random import Random

import pytest
from decisions import decision

import roadtrip
from roadtrip.bots import Observation, observe
from roadtrip.bots.search import make_mcts_bot
from roadtrip.core.state import State


@pytest.mark.parametrize(("players", "seed", "moves"), [(2, 1, 10), (3, 3, 40), (4, 7, 80)])
def test_choices_are_identical_on_states_differing_only_in_hidden_information(
    players: int, seed: int, moves: int
) -> None:
    game = roadtrip.load_game("road-rally", players=players)
    assert not game.info.perfect_information
    state = decision(game, seed=seed, moves=moves)
    bot = make_mcts_bot(game, iterations=60, seconds=None)
    reference = bot.search(observe(state, 0), Random(21))
    others_differ = False
    for draw in range(3):
        twin = state.resample_hidden(0, Random(100 + draw))
        assert twin.view(0) == state.view(0)  # seat 0 cannot tell them apart
        others_differ |= any(twin.view(s) != state.view(s) for s in range(1, players))
        again = bot.search(observe(twin, 0), Random(21))
        assert again.action == reference.action
        assert again.actions == reference.actions
    assert others_differ  # the hidden parts really were dealt again


def test_each_iteration_searches_a_new_determinization() -> None:
    game = roadtrip.load_game("road-rally", players=2)
    state = decision(game, seed=2, moves=6)
    drawn: list[State] = []

    def counting(rng: Random) -> State:  # counts the draws the search asks for
        drawn.append(state.resample_hidden(0, rng))
        return drawn[-1]

    observation = Observation(
        game, 0, tuple(state.legal_actions(0)), lambda: state.view(0), counting
    )
    result = make_mcts_bot(game, iterations=25, seconds=None).search(observation, Random(4))
    assert len(observation.legal_actions) > 1
    assert len(drawn) == result.iterations == 25
    assert len({str(s.view(1)) for s in drawn}) > 1


def test_a_determinization_depends_only_on_the_seats_view_and_the_generator() -> None:
    """What a seat cannot see must not steer its samples: twins drawn with the same
    generator are dealt the same hidden cards (Road Rally sorted its pools first)."""
    game = roadtrip.load_game("road-rally", players=3)
    state = decision(game, seed=5, moves=30)
    twin = state.resample_hidden(0, Random(77))
    one, two = state.resample_hidden(0, Random(3)), twin.resample_hidden(0, Random(3))
    assert [one.view(s) for s in range(3)] == [two.view(s) for s in range(3)]
