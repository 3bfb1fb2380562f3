"""Simultaneous choices stay hidden until every seat has chosen (issue 25, item 2).

Where the rules have seats decide "at once" but the engine asks them one at a time
(Road to 300's shared roll in the competitive mode; Road Rally's 4th/5th place
choice of points or cards, and its rally reveal), a seat that has chosen shows to
the others only as "has chosen": two states that differ only in that pending choice
look the same to every other seat and to spectators (view, tensor, every
determinization), and once the last seat has chosen everything is revealed.
The rulings are in docs/rules/road-to-300.md and docs/rules/road-rally-usa.md.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core.state import State
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.race import REVEAL, REWARD
from roadtrip.games.road_rally.rules import RoadRallyState
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300State


# ------------------------------------------------------------------ helpers
def run_chance(state: State, rng: Random) -> None:
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])


def seen_by(state: State, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` (None: a spectator) is shown of ``state``."""
    seen: dict[str, Any] = {"view": state.view(seat)}
    if seat is not None:
        seen["tensor"] = state.observation_tensor(seat)
        seen["samples"] = [state.resample_hidden(seat, Random(k)).view(seat) for k in range(4)]
        seen["sampled_others"] = [
            [state.resample_hidden(seat, Random(k)).view(s) for s in range(state.num_players())]
            for k in range(4)
        ]
    return seen


def r300_deciding(players: int = 2, seed: int = 0) -> RoadTo300State:
    """A competitive Road to 300 match after a few rounds, the seats deciding on the
    shared roll, seat 0 with at least two different crosses."""
    rng = Random(seed)
    game = roadtrip.load_game("road-to-300", players=players)
    state = game.new_initial_state()
    assert isinstance(state, RoadTo300State)
    for _ in range(200):
        run_chance(state, rng)
        if (
            state.round >= 3
            and state.active_seats() == tuple(range(players))
            and len(state.legal_actions(0)) >= 2
        ):
            return state
        for seat in state.active_seats():
            while seat in state.active_seats():
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError("no shared roll with a choice found")


def finish_round(state: State, seat: int, pick: int = 0) -> None:
    """``seat`` makes all of this round's decisions (the ``pick``-th legal each)."""
    while seat in state.active_seats():
        legal = state.legal_actions(seat)
        state.apply_action(legal[pick % len(legal)], seat)


# --------------------------------------------------------------- Road to 300
def test_road_to_300_competitive_is_imperfect_information_solo_is_not() -> None:
    assert roadtrip.load_game("road-to-300").info.perfect_information
    assert not roadtrip.load_game("road-to-300", players=2).info.perfect_information


def test_road_to_300_a_pending_choice_is_the_same_to_every_other_seat_whatever_it_is() -> None:
    """Rule: the seats decide on the shared roll at once.  Seat 0 has crossed and
    ended its move (two different ways), seat 1 has not chosen: seat 1, seat 2 and
    a spectator see identical views, tensors and determinizations; seat 0 has chosen
    (public), not what."""
    base = r300_deciding(players=3)
    before_1 = base.view(1)
    first, second = base.clone(), base.clone()
    finish_round(first, 0, pick=0)
    finish_round(second, 0, pick=1)
    assert first.view(0) != second.view(0)  # the choices differ
    for seat in (1, 2, None):
        assert seen_by(first, seat) == seen_by(second, seat), f"seat {seat} can tell them apart"
    view = first.view(1)
    assert view["chosen_seats"] == [0] and view["active_seats"] == [1, 2]
    assert view["sheets"][0] == before_1["sheets"][0], "seat 0's sheet is as before the round"
    assert first.simultaneous_from() == len(base.history())


def test_road_to_300_halfway_through_a_choice_is_hidden_too() -> None:
    """Seat 0 has crossed but not moved: still deciding to the others, its cross unseen."""
    base = r300_deciding()
    crossed = base.clone()
    crossed.apply_action(crossed.legal_actions(0)[0], 0)
    assert crossed.legal_actions(0)[0] >= MOVE_BASE
    assert crossed.view(1) == base.view(1)
    assert crossed.view(None) == base.view(None)
    assert crossed.observation_tensor(1) == base.observation_tensor(1)


def test_road_to_300_everything_is_revealed_once_every_seat_has_chosen() -> None:
    state = r300_deciding()
    finish_round(state, 0)
    mine = state.view(0)["sheets"][0]
    finish_round(state, 1)
    assert state.simultaneous_from() is None
    assert state.view(1)["sheets"][0]["cells"] == mine["cells"]
    assert state.view(None)["sheets"] == state.view(0)["sheets"]
    assert state.view(1)["chosen_seats"] == []


def test_road_to_300_determinizations_do_not_copy_the_pending_choice() -> None:
    """A bot's ``sample_state`` for seat 1 makes seat 0's choices at random from
    where it stood: over a few samples they are not always the real ones."""
    state = r300_deciding()
    finish_round(state, 0)
    real = (state.sheets[0].crossed, state.sheets[0].circled)
    samples = [state.resample_hidden(1, Random(k)) for k in range(30)]
    assert all(isinstance(s, RoadTo300State) for s in samples)
    made = {(s.sheets[0].crossed, s.sheets[0].circled) for s in samples}  # type: ignore[attr-defined]
    assert made - {real}, "every determinization copied seat 0's real choice"
    for sample in samples:
        assert sample.active_seats() == state.active_seats()
        assert sample.view(1) == state.view(1)
        assert sample.history() == []  # the real history holds the real choice


def test_solo_road_to_300_has_no_simultaneous_decision() -> None:
    state = roadtrip.load_game("road-to-300").new_initial_state()
    run_chance(state, Random(1))
    assert state.simultaneous_from() is None
    state.apply_action(state.legal_actions(0)[0], 0)
    assert state.view(None) == {**state.view(0), "you": None}


# ---------------------------------------------------------------- Road Rally
def rally_at(mode: int, deciders: int, seed_from: int = 0) -> RoadRallyState:
    """A 5-car Road Rally state in ``mode`` (REVEAL or REWARD) with ``deciders``
    seats to decide, none decided yet."""
    game = roadtrip.load_game("road-rally", players=5, tiles=7)
    for seed in range(seed_from, seed_from + 200):
        rng = Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, RoadRallyState)
        while not state.is_terminal():
            run_chance(state, rng)
            if state.is_terminal():
                break
            if state.mode == mode and len(state.deciding) >= deciders and not state.chosen:
                return state
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            # Reveal whenever possible, so that rewards come up.
            state.apply_action(A.REVEAL if A.REVEAL in legal else rng.choice(legal), seat)
    raise AssertionError(f"no state in mode {mode} with {deciders} deciders")


def test_road_rally_a_pending_reward_choice_is_the_same_to_every_other_seat() -> None:
    """Rule: 4th and 5th place choose points or 2 cards at once.  After the first
    chose, the other, the rest and spectators cannot tell which it chose: views
    (points, totals, rally results), tensors and determinizations are identical."""
    base = rally_at(REWARD, 2)
    first_seat, other = base.deciding
    points, cards = base.clone(), base.clone()
    points.apply_action(A.TAKE_POINTS, first_seat)
    cards.apply_action(A.TAKE_CARDS, first_seat)
    assert isinstance(points, RoadRallyState)
    assert points.points == base.points, "the points wait until both have chosen"
    for seat in [*(s for s in range(5) if s != first_seat), None]:
        assert seen_by(points, seat) == seen_by(cards, seat), f"seat {seat} can tell them apart"
    assert points.view(other)["chosen_seats"] == [first_seat]
    assert points.view(other)["deciding"] == [other]


def test_road_rally_rewards_are_applied_together_once_both_have_chosen() -> None:
    state = rally_at(REWARD, 2)
    first_seat, second_seat = state.deciding
    offered = dict(state.reward_points)
    before = list(state.points)
    state.apply_action(A.TAKE_POINTS, first_seat)
    state.apply_action(A.TAKE_CARDS, second_seat)
    assert state.simultaneous_from() is None
    assert state.points[first_seat] == before[first_seat] + offered[first_seat]
    result = state.view(None)["rally_results"][-1]
    assert result["earned"][str(first_seat)] == offered[first_seat]
    assert result["took_cards"] == [second_seat]


def test_road_rally_a_pass_on_a_rally_reveal_shows_only_as_chosen() -> None:
    """Rule: a rally point is offered to every eligible seat at once.  A pass leaves
    the others' views as they were, but for who has chosen."""
    base = rally_at(REVEAL, 2)
    first_seat = base.deciding[0]
    passed = base.clone()
    passed.apply_action(A.PASS, first_seat)
    assert passed.mode == REVEAL
    assert passed.simultaneous_from() == len(base.history())
    for seat in [*(s for s in range(5) if s != first_seat), None]:
        view, old = passed.view(seat), base.view(seat)
        assert view["chosen_seats"] == [first_seat]
        changed = {k for k in view if view[k] != old[k]}
        assert changed <= {"chosen_seats", "deciding", "active_seats"}, changed


@pytest.mark.parametrize("seed", range(3))
def test_the_phase_start_points_at_the_first_decision_of_the_phase(seed: int) -> None:
    state = rally_at(REWARD, 2, seed_from=seed * 50)
    start = len(state.history())
    assert state.simultaneous_from() == start
    state.apply_action(A.TAKE_CARDS, state.deciding[0])
    assert state.simultaneous_from() == start
