"""Road Rally USA's balance variants (docs/rules/road-rally-usa.md, "The starting
row" and "Rally points"): ``start_fix`` (who draws for a checkpoint while cars
are still on the start) and ``shortcut_rally`` (rally points moved out of
shortcuts).  Scenarios on the demo track: 8 the first checkpoint, 17 -> 21 a
shortcut with rally 3 on 18 between its ends, 65 -> 69 one with rally 15 on 66."""

from __future__ import annotations

import pytest
from tests.games.road_rally.test_rules import (
    G2,
    R4,
    Y3,
    draw,
    draws_of,
    give,
    place,
    play,
    ready,
    round_of,
)

import roadtrip
from roadtrip.games.road_rally import actions as A


def test_rulebook_start_the_back_of_the_starting_row_draws_for_the_first_checkpoint() -> None:
    """Checkpoint: 'Simultaneously, the driver in the last position on the course
    draws two cards.' (start_fix=none): the car drawn last in the row, still on the
    start, is last and draws when the first car passes the checkpoint in round 1."""
    state = ready(players=4)
    give(state, 0, hand=[R4, R4])
    round_of(state, 0, 1)
    play(state, R4, R4)  # 0 -> 8, the first checkpoint
    assert state.checkpoint_holder[0] == 0
    draw(state, 3, G2, Y3)
    assert state.cards[3].hand_size == 5 + 2


def test_start_fix_off_start_the_first_car_to_leave_draws_for_its_own_checkpoint() -> None:
    """start_fix=off_start: a car still on the start line is not on the course, so
    when the first car to leave passes a checkpoint it is itself the last car on
    the course and draws the two cards; the back of the row draws nothing."""
    state = ready(players=4, start_fix="off_start")
    give(state, 0, hand=[R4, R4])
    round_of(state, 0, 1)
    play(state, R4, R4)
    assert state.checkpoint_holder[0] == 0
    draw(state, 0, G2, Y3)  # the checkpoint's two cards go to the passing car
    assert state.cards[0].hand_size == 2  # a red move draws nothing more
    assert state.cards[3].hand_size == 5
    assert state.current_player() == 1 and state.mode_name == "play"


def test_start_fix_off_start_the_last_car_that_has_left_the_start_draws() -> None:
    """start_fix=off_start: with cars on the start and others on the course, the
    last of those on the course draws (seat 1 on 3), not the car on the start."""
    state = ready(players=4, start_fix="off_start")
    give(state, 0, hand=[Y3])
    place(state, {0: 6, 1: 3})  # seats 2 and 3 still on the start
    round_of(state, 0, 2)
    play(state, Y3)  # 6 -> 9: past the checkpoint on 8
    assert state.checkpoint_holder[0] == 0
    draw(state, 1, G2, Y3)
    assert state.cards[1].hand_size == 5 + 2
    assert state.cards[3].hand_size == 5
    assert draws_of(state, 0) == 1  # then the yellow move's own draw


def test_start_fix_off_start_changes_nothing_once_every_car_has_left() -> None:
    """start_fix=off_start: when no car is on the start, the last car draws as in
    the rulebook."""
    state = ready(players=4, start_fix="off_start")
    give(state, 0, hand=[Y3])
    place(state, {0: 6, 1: 3, 3: 1, 2: 1})  # seat 2 arrived after seat 3: last
    round_of(state, 0, 1)
    play(state, Y3)
    draw(state, 2, G2, Y3)
    assert state.cards[2].hand_size == 5 + 2


def test_rulebook_rally_points_between_a_shortcuts_ends_can_be_skipped() -> None:
    """Set Up B: the 21 rally points go on the rally spaces in order; two of those
    spaces lie between a shortcut's ends (shortcut_rally=inside)."""
    track = roadtrip.load_game("road-rally").track  # type: ignore[attr-defined]
    assert track.rally_space[3] == 18 and track.rally_space[15] == 66
    inside = [
        number
        for number, space in track.rally_space.items()
        if any(a < space < b for a, b in track.shortcut.items())
    ]
    assert inside == [3, 15]


@pytest.mark.parametrize("layout", [0, 7, 12345])
def test_shortcut_rally_entrance_moves_rally_points_out_of_shortcuts(layout: int) -> None:
    """shortcut_rally=entrance: a rally point that would lie between a shortcut's
    ends goes on the shortcut's entrance; every other point keeps its space, all 21
    are on the track, in order, and none lies inside a shortcut."""
    inside = roadtrip.load_game("road-rally", layout=layout).track  # type: ignore[attr-defined]
    moved = roadtrip.load_game(  # type: ignore[attr-defined]
        "road-rally", layout=layout, shortcut_rally="entrance"
    ).track
    assert sorted(moved.rally_space) == list(range(1, 22))
    spaces = [moved.rally_space[n] for n in range(1, 22)]
    assert spaces == sorted(spaces) and len(set(spaces)) == 21
    for number, space in inside.rally_space.items():
        around = [(a, b) for a, b in inside.shortcut.items() if a < space < b]
        expected = around[0][0] if around else space
        assert moved.rally_space[number] == expected
    assert not any(a < s < b for s in spaces for a, b in moved.shortcut.items())


def test_shortcut_rally_entrance_a_car_taking_the_shortcut_crosses_the_point() -> None:
    """shortcut_rally=entrance: a car must end its move on the entrance to take the
    shortcut, so it crosses rally 3 (now on 17) before jumping to 21."""
    state = ready(players=3, shortcut_rally="entrance")
    give(state, 0, hand=[G2])
    place(state, {0: 15})
    round_of(state, 0, 1)
    play(state, G2)  # 15 -> 17, the entrance, rally 3
    assert state.crossed == [3]
    state.apply_action(A.TAKE_SHORTCUT)
    assert state.position[0] == 21 and state.crossed == [3]


def test_start_fix_off_start_other_the_first_car_to_leave_draws_nothing() -> None:
    """start_fix=off_start_other: the passing car never counts as the last car, and
    cars on the start are not on the course: when the first car to leave passes a
    checkpoint nobody draws."""
    state = ready(players=4, start_fix="off_start_other")
    give(state, 0, hand=[R4, R4])
    round_of(state, 0, 1)
    play(state, R4, R4)
    assert state.checkpoint_holder[0] == 0
    assert state.cards[0].hand_size == 0 and state.cards[3].hand_size == 5
    assert state.current_player() == 1 and state.mode_name == "play"


def test_start_fix_off_start_other_the_last_other_car_on_the_course_draws() -> None:
    """start_fix=off_start_other: seat 0 on 3 has left the start; seat 1 passes the
    checkpoint from the start: seat 0 draws, not seats 2 and 3 on the start."""
    state = ready(players=4, start_fix="off_start_other")
    give(state, 1, hand=[R4, R4])
    place(state, {0: 3})
    round_of(state, 1, 2)
    play(state, R4, R4)
    assert state.checkpoint_holder[0] == 1
    draw(state, 0, G2, Y3)
    assert state.cards[0].hand_size == 5 + 2 and state.cards[3].hand_size == 5
