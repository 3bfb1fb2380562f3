"""Every game ends under a round limit, whatever the players do (issue 11, "Every
game": a ``max_rounds`` option in the core so that learning agents and simulations
of policies that never stop end).

Each registered game declares the core's ``max_rounds`` option (off by default).
With it set, matches played by policies that never stop (always the first legal
action, always the last) end; a match cut off says so in ``ending()`` and keeps the
state contract.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest

import roadtrip
from roadtrip.core import ROUND_LIMIT_ENDING, Game, State, game_class, sample_chance

from .test_conformance import check_invariants

GAMES = [info.id for info in roadtrip.list_games()]
STEP_CAP = 200_000  # a guard so that a broken limit fails instead of hanging


def _load(game_id: str, limit: int) -> Game:
    cls = game_class(game_id)
    options: dict[str, object] = {"max_rounds": limit}
    if any(o.name == "players" for o in cls.options_spec):
        options["players"] = max(2, cls.info.min_players)
    return roadtrip.load_game(game_id, **options)


def _play(game: Game, policy: Callable[[list[int]], int], seed: int) -> State:
    rng = Random(seed)
    state = game.new_initial_state()
    for _ in range(STEP_CAP):
        check_invariants(state, game)
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.active_seats()[0]
        state.apply_action(policy(state.legal_actions(seat)), seat)
    pytest.fail(f"{game.id} did not end within {STEP_CAP} steps under max_rounds")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_the_core_round_limit(game_id: str) -> None:
    spec = {o.name: o for o in game_class(game_id).options_spec}
    assert "max_rounds" in spec, f"{game_id} has no max_rounds option"
    option = spec["max_rounds"]
    assert option.kind == "int" and option.default == 0 and option.minimum == 0


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("policy", ["first", "last", "random"])
def test_policies_that_never_stop_end_under_the_round_limit(game_id: str, policy: str) -> None:
    rng = Random(7)
    choose: Callable[[list[int]], int] = {
        "first": lambda legal: legal[0],
        "last": lambda legal: legal[-1],
        "random": lambda legal: rng.choice(legal),
    }[policy]
    game = _load(game_id, 3)
    for seed in range(3):
        final = _play(game, choose, seed)
        assert len(final.returns()) == game.num_players()
        assert set(final.winners()) <= set(range(game.num_players()))
        if final.ending() == ROUND_LIMIT_ENDING:
            rounds = final.rounds_played()
            assert rounds is None or rounds <= 4, f"cut off in round {rounds}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_round_limit_of_one_cuts_the_match_short(game_id: str) -> None:
    """With max_rounds=1 at least one of a few random matches is cut off, and says so."""
    game = _load(game_id, 1)
    rng = Random(3)
    endings = {_play(game, lambda legal: rng.choice(legal), seed).ending() for seed in range(5)}
    assert ROUND_LIMIT_ENDING in endings
