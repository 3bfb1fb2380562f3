"""Road Rally USA's edge cases that the rulebook leaves open (docs/rules/road-rally-usa.md,
the rulings named in each docstring): several checkpoints in one move, a turn
without a move on a special space, the last round's limits and the chips that a
shortcut or the finish line do not give.  Scenarios on the demo track: 8 and 24
checkpoints, 10/14/18/23 rally 1-4, 12 Gas, 17 -> 21 a shortcut (rally 3 on 18
between its ends), 27 and 76 General Stores, 36 Mechanic, rally 19 (78), 20 (81),
21 and the last checkpoint (87), the finish line (88)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.games.road_rally.test_rules import (
    G2,
    R3,
    R4,
    Y3,
    draws_of,
    everyone,
    give,
    place,
    play,
    rally,
    ready,
    round_of,
)

import roadtrip
from roadtrip.games.road_rally import actions as A


def test_each_checkpoint_passed_in_one_move_gives_its_tile_and_two_cards() -> None:
    """Checkpoint: 'If you are the first driver to pass one of these tiles, take the
    tile ... Simultaneously, the driver in the last position on the course draws two
    cards.'  Ruling: a move passing two free checkpoints takes both tiles, and the
    last car draws two cards for each (four)."""
    state = ready(players=3)
    rally(state, [], [], [])
    give(state, 0, hand=[R4, R4, R4, R3, R3])
    place(state, {0: 7, 1: 3, 2: 1})
    round_of(state, 0)
    play(state, R4, R4, R4, R3, R3)  # 7 -> 25: the checkpoints on 8 and 24
    assert state.checkpoint_holder[:2] == [0, 0]
    assert draws_of(state, 2) == 4
    assert state.cards[2].hand_size == 5 + 4
    assert state.totals()[0] == 4


@pytest.mark.parametrize(("space", "feature"), [(27, "S"), (36, "M"), (12, "G")])
def test_a_turn_without_a_move_has_no_board_effect(space: int, feature: str) -> None:
    """Game Play: 'If you have no cards in your hand at the beginning of your turn,
    shuffle ... and then draw two cards. Your turn is now over.'  Ruling: the car
    does not move, so the space it stands on does nothing: no Rainbow move or
    General Store draw, no Mechanic look, no Gas decision; the two cards are plain
    draws.  A General Store still counts at the car's next turn that has cards."""
    state = ready(players=3)
    assert state.game.track.features[space] == feature  # type: ignore[attr-defined]
    give(state, 0, hand=[], discard=[G2, Y3])
    place(state, {0: space})
    round_of(state, 0, 1)
    assert state.mode_name == "draw" and not state.draw_to_top
    assert draws_of(state, 0) == 2
    assert state.position[0] == space and state.cards[0].hand_size == 2
    assert state.mode_name == "play" and state.current_player() == 1
    round_of(state, 0)
    assert state.rainbow == (feature == "S")


def test_the_finish_scores_after_the_two_rally_points_and_gives_no_chip() -> None:
    """Rally Scoring: 'After the first two rally chips have been resolved, no further
    checkpoints can be scored this round.'  Finish Line: 'all cars making it across
    the finish line score as if it were a rally point.'  Ruling: the finish is not
    one of the two rally points of the last round (it scores after them, whatever
    they were), and a car on the finish line's space takes no chip (there are only
    the 21 rally chips)."""
    state = ready(players=3)
    rally(state, [], [], [19, 20])
    give(state, 0, hand=[R4, R4, R3])
    place(state, {0: 77, 1: 50, 2: 40})
    round_of(state, 0)
    play(state, R4, R4, R3)  # 77 -> 88: rally 19, 20, 21, the last checkpoint, the line
    assert state.final_round and state.finishers == [0]
    assert draws_of(state, 2) == 2  # the last car, for the checkpoint on 87
    for number in (19, 20):
        assert state.mode_name == "reveal" and state.rally_current == number
        everyone(state, A.PASS, but={2: A.REVEAL})
    assert state.is_terminal() and state.ending() == "finish"
    assert state.rally_status[21] == "removed"
    assert state.points == [5 + 5 + 10, 4 + 4, 6 + 6]
    assert state.chips == [[], [], []]
    assert state.rally_results[-1] == {"finish": True, "round": 1, "earned": {0: 10}}
    assert state.totals() == [22, 8, 12]


def test_the_last_rounds_rally_points_still_offer_fourth_place_the_cards() -> None:
    """Rally Scoring: '4th place car: 2 points or draw 2 cards'.  Ruling: in the last
    round a scored rally point still offers the choice (the rulebook gives it for
    every rally point), although cards are then worth nothing; only the finish's
    own scoring pays 4th and 5th in points."""
    state = ready(players=4)
    rally(state, [], [21], [], [])
    give(state, 0, hand=[G2])
    place(state, {0: 86, 1: 60, 2: 50, 3: 40})
    round_of(state, 0)
    play(state, G2)  # 86 -> 88: rally 21, the last checkpoint, the finish line
    assert draws_of(state, 3) == 2  # the last car, for the checkpoint on 87
    assert draws_of(state, 0) == 2  # the green move's cards
    state.apply_action(A.REVEAL, 1)
    assert state.mode_name == "reward" and state.active_seats() == (3,)
    assert state.legal_actions(3) == [A.TAKE_POINTS, A.TAKE_CARDS]
    state.apply_action(A.TAKE_CARDS, 3)
    assert draws_of(state, 3) == 2
    assert state.is_terminal() and state.points == [5 + 10, 8, 3, 0]


def test_trigger_passed_lets_a_car_beyond_by_a_shortcut_reveal() -> None:
    """Option trigger=passed ('on or beyond' the rally point).  Ruling: a car that
    skipped the rally point by a shortcut (shortcut_passes=false) is beyond it and
    may reveal its card, though it never passed its space."""
    state = ready(players=3, trigger="passed")
    rally(state, [], [3], [])
    give(state, 0, hand=[Y3])
    place(state, {1: 21, 0: 15})
    round_of(state, 0)
    play(state, Y3)  # 15 -> 18, rally 3; seat 1 took the shortcut 17 -> 21 before
    draws_of(state, 0)
    assert state.mode_name == "reveal" and state.rally_current == 3
    assert state.legal_actions(1) == [A.REVEAL, A.PASS]


@pytest.mark.parametrize(("take", "chip"), [(True, None), (False, 0)])
def test_entrance_rally_point_chip_needs_the_car_still_on_the_entrance(
    take: bool, chip: int | None
) -> None:
    """Option shortcut_rally=entrance.  Rally Scoring: 'If a player is on the space
    (or first on the space) with a scored rally point, that player takes the rally
    point chip.'  Ruling: a car that lands on the entrance's rally point and takes
    the shortcut is no longer on the space at the scoring: no chip; staying on the
    road keeps it."""
    state = ready(players=3, shortcut_rally="entrance")
    rally(state, [], [], [3])
    give(state, 0, hand=[G2])
    place(state, {0: 15})
    round_of(state, 0)
    play(state, G2)  # 15 -> 17: the entrance, rally 3
    state.apply_action(A.TAKE_SHORTCUT if take else A.SKIP_SHORTCUT)
    draws_of(state, 0)
    state.apply_action(A.REVEAL, 2)
    assert state.rally_results[-1]["chip"] == chip


def test_the_options_table_lists_every_option_with_its_default_and_choices() -> None:
    """The rulings doc's 'Options at a glance' table names every option of the game
    with its default and, for a choice, every alternative (start_fix once lacked
    off_start_other, the balance fix, and called off_start the fix)."""
    doc = Path(__file__).parents[3] / "docs" / "rules" / "road-rally-usa.md"
    table = doc.read_text().split("## Options at a glance")[1].split("\n## ")[0]
    rows = {
        line.split("|")[1].strip().strip("`"): line.split("|")[2:4]
        for line in table.splitlines()
        if line.startswith("| `")
    }
    game = roadtrip.load_game("road-rally")
    for option in game.options_spec:
        assert option.name in rows, option.name
        default, alternatives = rows[option.name]
        shown = str(option.default).lower() if option.kind == "bool" else str(option.default)
        assert f"`{shown}`" in default, option.name
        for choice in option.choices:
            if choice != option.default:
                assert f"`{choice}`" in alternatives, (option.name, choice)
