"""The Open Road's ``ending`` option (docs/rules/the-open-road.md, "ending"):
``finish_round`` finishes the round in which a rider arrives, so every rider has
had the same number of turns, and the riders with the fewest dots left (those who
arrived) share the victory; the rulebook's ``first_arrival`` ends the race at once."""

from __future__ import annotations

from race_kit import dot, end_turn_with_pickups, give, give_ml, place, play, play_ml, ready

from roadtrip.core import TERMINAL
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.rules import ACT, TARGET, OpenRoadState

DENVER, PUEBLO = "Denver, CO", "Pueblo, CO"


def test_first_arrival_is_the_rulebook_default() -> None:
    """'The player to reach their destination city first, WINS!': the race ends
    during seat 0's turn, before the later seats have had theirs."""
    state = ready(players=3)
    state.dest[0] = dot(DENVER)
    place(state, 0, PUEBLO, energy=2)
    state.apply_action(dot(DENVER), 0)
    assert state.is_terminal() and state.winners() == [0] and state.round == 1


def test_finish_round_gives_every_rider_the_same_number_of_turns() -> None:
    """ending=finish_round: seat 0 arrives on its first action; its turn ends there
    and seats 1 and 2 still play round 1; the race ends after seat 2's turn."""
    state = ready(players=3, ending="finish_round")
    state.dest[0] = dot(DENVER)
    place(state, 0, PUEBLO, energy=2)
    state.apply_action(dot(DENVER), 0)
    assert not state.is_terminal()
    assert state.turn == 1 and state.mode == ACT and state.arrived == [True, False, False]
    assert [rider["arrived"] for rider in state.view(1)["riders"]] == [True, False, False]
    end_turn_with_pickups(state)  # seat 1's turn, both actions
    assert not state.is_terminal() and state.turn == 2
    end_turn_with_pickups(state)  # seat 2's turn: the last of the round
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.round == 1 and state.ending() == "destination"
    assert state.winners() == [0] and state.returns() == [1.0, 0.0, 0.0]


def test_finish_round_riders_arriving_in_the_same_round_share_the_victory() -> None:
    """ending=finish_round: seat 2 arrives in the round seat 0 arrived in: both
    have no dots left and share the victory; seat 1, with dots left, loses."""
    state = ready(players=3, ending="finish_round")
    state.dest[0] = state.dest[2] = dot(DENVER)
    place(state, 0, PUEBLO, energy=2)
    place(state, 2, PUEBLO, energy=2)
    state.apply_action(dot(DENVER), 0)
    end_turn_with_pickups(state)
    state.apply_action(dot(DENVER), 2)
    assert state.is_terminal() and state.winners() == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5]
    scores = state.scores()
    assert scores[0] == scores[2] == 0.0 and scores[1] < 0  # minus the dots left


def arrived_at_denver(players: int, energy: int) -> OpenRoadState:
    """A finish_round race in which seat 0 has just arrived at Denver (its
    destination) from Pueblo with ``energy`` cubes, and seat 1 is to act."""
    state = ready(players=players, ending="finish_round")
    state.dest[0] = dot(DENVER)
    place(state, 0, PUEBLO, energy=energy)
    state.apply_action(dot(DENVER), 0)
    return state


def test_finish_round_an_arrived_rider_is_out_of_reach_of_cards() -> None:
    """ending=finish_round: a rider who has arrived cannot be the target of a card
    played against an opponent (its race is run): seat 1's Headwind may only go to
    seat 2, and with two riders it cannot be played at all."""
    state = arrived_at_denver(3, energy=5)
    kept = state.energy[0]
    assert kept > 0
    give(state, 1, "headwind")
    state.apply_action(play("headwind"), 1)  # the only target left: no question
    assert state.mode != TARGET and state.energy[2] == 1 and state.energy[0] == kept
    duel = arrived_at_denver(2, energy=2)
    give(duel, 1, "headwind")
    assert play("headwind") not in duel.legal_actions()
    assert A.PICK_UP in duel.legal_actions()


def test_finish_round_a_slow_leak_spares_an_arrived_rider() -> None:
    """'The SLOW LEAK card causes all opposing players to lose (3) ENERGY cubes to the
    reserve pile.' With ending=finish_round a rider who has arrived is out of reach of
    every card: seat 1's Slow Leak costs seat 2 its energy, not seat 0, who arrived;
    with two riders it cannot be played at all."""
    state = arrived_at_denver(3, energy=5)
    kept = state.energy[0]
    assert kept > 0
    state.energy[2] = 4
    give_ml(state, 1, "slow_leak")
    state.apply_action(play_ml("slow_leak"), 1)
    assert state.energy[2] == 1 and state.energy[0] == kept
    duel = arrived_at_denver(2, energy=2)
    give_ml(duel, 1, "slow_leak")
    assert play_ml("slow_leak") not in duel.legal_actions()
