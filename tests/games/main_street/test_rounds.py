"""Bounds and readings issue 11 added to America's Main Street: the ``max_rounds``
option (a round: every mat has had a turn; solo, one turn), the third reading of
the solo six-black rule (``solo_six_black=ignore``) and the words of the action
texts ("an orange cube", "draw the last 2 cubes").

Rulings in docs/rules/americas-main-street.md ("max_rounds: a limit for machines",
"solo_six_black").
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core import CHANCE, ROUND_LIMIT_ENDING
from roadtrip.games.main_street.base import GO_ON, STOP, MainStreetState
from roadtrip.games.main_street.data import BLACK, COLOR_INDEX

C = COLOR_INDEX
GAME_IDS = ("get-your-kicks", "mileage-may-vary")


def new(game_id: str, **options: Any) -> MainStreetState:
    state = roadtrip.load_game(game_id, **options).new_initial_state()
    assert isinstance(state, MainStreetState)
    return state


def place(state: MainStreetState, seat: int, **counts: int) -> None:
    """Move cubes from the bag onto ``seat``'s mat (as earlier turns would have)."""
    for key, n in counts.items():
        state.bag[C[key]] -= n
        state.bag_total -= n
        state.mats[seat][C[key]] += n


def bust_turn(state: MainStreetState) -> None:
    """Play one busted turn of the seat whose turn it is (nothing reaches the mat)."""
    seat = state.seat
    if state.game.id == "get-your-kicks":
        state.apply_action(C["red"])
        state.apply_action(GO_ON, seat)
        state.apply_action(C["red"])
    else:
        for key in ("red", "red", "red"):
            state.apply_action(C[key])
        state.apply_action(GO_ON, seat)
        for key in ("yellow", "yellow", "yellow"):
            state.apply_action(C[key])


# ------------------------------------------------------------------ max_rounds
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_rounds_is_declared_and_off_by_default(game_id: str) -> None:
    """Issue 11: every game declares the core's ``max_rounds`` option, 0 (no limit) by
    default."""
    spec = {o.name: o for o in roadtrip.load_game(game_id).options_spec}
    assert spec["max_rounds"].default == 0
    assert "every mat has had a turn" in spec["max_rounds"].doc


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_rounds_cuts_a_solo_game_off_as_a_loss(game_id: str) -> None:
    """max_rounds=N, solo: the game ends after turn N, ``ending()`` is "max_rounds" and
    the solo game cut off is lost."""
    state = new(game_id, max_rounds=3)
    for turn in range(3):
        assert not state.is_terminal(), turn
        bust_turn(state)
    assert state.is_terminal()
    assert state.ending() == ROUND_LIMIT_ENDING == "max_rounds"
    assert state.turns == [3] and state.round == 3 and state.rounds_played() == 3
    assert state.winners() == [] and state.returns() == [0.0]
    assert state.view(None)["ended"] == "max_rounds" and state.view(None)["winners"] == []


def test_a_player_who_always_draws_ends_with_max_rounds() -> None:
    """Issue 11: 'a Get Your Kicks player who always draws' never concludes; with
    max_rounds the game still ends."""
    game = roadtrip.load_game("get-your-kicks", max_rounds=20)
    state = game.new_initial_state()
    rng = Random(11)
    steps = 0
    while not state.is_terminal():
        steps += 1
        assert steps < 10_000
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(GO_ON if GO_ON in legal else STOP)
    assert state.ending() == "max_rounds" and state.rounds_played() == 20
    assert state.returns() == [0.0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_rounds_waits_for_every_mat_then_the_leader_wins(game_id: str) -> None:
    """A round is every mat's turn: with three mats and max_rounds=1 the match ends
    after seat 2's first turn, not before; the leader by the game's measure (Get Your
    Kicks points, Your Mileage May Vary boxes filled) wins."""
    state = new(game_id, players=3, max_rounds=1)
    place(state, 1, purple=1, orange=1)  # 10 points / 2 boxes
    place(state, 2, black=3)  # 3 points / 3 boxes
    bust_turn(state)
    bust_turn(state)
    assert not state.is_terminal() and state.seat == 2
    bust_turn(state)
    assert state.is_terminal() and state.ending() == "max_rounds"
    expected = [1] if game_id == "get-your-kicks" else [2]
    assert state.winners() == expected
    assert state.returns() == [1.0 if s in expected else 0.0 for s in range(3)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_rounds_tie_shares_the_win(game_id: str) -> None:
    """Several mats cut off with equal scores share the victory."""
    state = new(game_id, players=2, max_rounds=1)
    place(state, 0, red=1)
    place(state, 1, yellow=1)
    bust_turn(state)
    bust_turn(state)
    assert state.ending() == "max_rounds"
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_a_normal_end_in_the_last_round_keeps_its_reason() -> None:
    """The game's own end comes first: a mat completed in the last allowed round ends
    the game as 'complete', not 'max_rounds'."""
    state = new("get-your-kicks", max_rounds=1)
    place(state, 0, **{k: 1 for k in C if k != "red"})
    state.apply_action(C["red"])
    state.apply_action(STOP, 0)
    assert state.ending() == "complete" and state.winners() == [0]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_max_rounds_shows_in_the_tensor(game_id: str) -> None:
    """The observation tensor's end-reason one-hot has a slot for max_rounds."""
    state = new(game_id, max_rounds=1)
    bust_turn(state)
    tensor = state.observation_tensor(0)
    assert len(tensor) == state.game.observation_tensor_size()
    assert all(0.0 <= x <= 1.0 for x in tensor)


# ------------------------------------------------------------ solo_six_black=ignore
def test_solo_six_black_ignore_plays_on_until_the_mat_is_complete() -> None:
    """'Alternatively, the game also ends when any one player has collected six black
    cubes on the Route 66 highway sign.' / Solo Play: 'count the number of turns it
    takes you to win.'  Third reading (option ``solo_six_black=ignore``): six black
    cubes do not end a solo game; it goes on until the mat is complete, a win."""
    state = new("get-your-kicks", solo_six_black="ignore")
    place(state, 0, black=5)
    state.apply_action(BLACK)
    state.apply_action(STOP, 0)
    assert not state.is_terminal() and state.mats[0][BLACK] == 6
    assert state.current_player() == CHANCE
    place(state, 0, **{k: 1 for k in C if k not in ("black", "red")})
    state.apply_action(C["red"])
    state.apply_action(STOP, 0)
    assert state.ending() == "complete" and state.winners() == [0]
    assert state.returns() == [1.0]


def test_solo_six_black_ignore_does_nothing_with_more_mats() -> None:
    """With two or more mats six black cubes end the game under every reading."""
    state = new("get-your-kicks", players=2, solo_six_black="ignore")
    place(state, 0, black=5)
    state.apply_action(BLACK)
    state.apply_action(STOP, 0)
    assert state.ending() == "six_black"


# ------------------------------------------------------------------ words
def test_cube_articles_follow_the_sound() -> None:
    """Issue 11 (words): 'an orange cube', never 'a orange cube'."""
    state = new("get-your-kicks")
    assert state.action_to_string(C["orange"], CHANCE) == "draw an orange cube (Texas)"
    assert state.action_to_string(C["red"], CHANCE) == "draw a red cube (Arizona)"
    for c in range(len(C)):
        assert " a orange" not in state.action_to_string(c, CHANCE)


def test_fill_up_again_says_how_many_cubes_are_left() -> None:
    """Issue 11 (words): no 'draw three more cubes' when fewer than three are left in
    the bag: the action says how many."""
    state = new("mileage-may-vary")
    for key in ("red", "yellow", "black"):
        state.apply_action(C[key])
    assert state.action_to_string(GO_ON, 0) == "fill up again: draw three more cubes"
    for c, n in enumerate(list(state.bag)):
        state.bag[c] = 0
        state.bag_total -= n
    state.bag[C["pink"]] = 2
    state.bag_total = 2
    assert state.action_to_string(GO_ON, 0) == "fill up again: draw the last 2 cubes in the bag"
    state.bag[C["pink"]] = 1
    state.bag_total = 1
    assert state.action_to_string(GO_ON, 0) == "fill up again: draw the last 1 cube in the bag"
