"""America's Main Street's terminal words (issue 11, "Words"): articles by sound, the
number of cubes a fill-up can still draw, singular and plural of the excess, and
the round limit told in words."""

from __future__ import annotations

from rich.console import Console

import roadtrip
from roadtrip.cli.main_street.board import KicksUI, MileageUI
from roadtrip.core import CHANCE
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import COLOR_INDEX

C = COLOR_INDEX


def test_an_orange_cube_not_a_orange_cube() -> None:
    state = roadtrip.load_game("get-your-kicks").new_initial_state()
    after = state.clone()
    after.apply_action(C["orange"])
    events = KicksUI().explain(state, CHANCE, C["orange"], after)
    assert events[0] == "You draw an orange cube (Texas)"
    assert not any("a orange" in e for e in events)


def _pumps(*keys: str, bag: dict[str, int] | None = None, mat: dict[str, int] | None = None):  # type: ignore[no-untyped-def]
    state = roadtrip.load_game("mileage-may-vary").new_initial_state()
    for key, n in (mat or {}).items():
        state.bag[C[key]] -= n  # type: ignore[attr-defined]
        state.bag_total -= n  # type: ignore[attr-defined]
        state.mats[0][C[key]] += n  # type: ignore[attr-defined]
    for key in keys:
        state.apply_action(C[key])
    if bag is not None:
        state.bag = [0] * len(C)  # type: ignore[attr-defined]
        for key, n in bag.items():
            state.bag[C[key]] = n  # type: ignore[attr-defined]
        state.bag_total = sum(bag.values())  # type: ignore[attr-defined]
    return state


def test_fill_up_again_says_how_many_cubes_are_left() -> None:
    """No 'draw three more cubes' (nor 'draw 2 more cubes' passed off as a fill-up)
    when fewer than three are left: the label says how many."""
    ui = MileageUI()
    full = _pumps("red", "yellow", "black")
    assert ui.go_label(full.view(None), full).startswith("fill up again: draw 3 more cubes")
    two = _pumps("red", "yellow", "black", bag={"pink": 2})
    assert ui.go_label(two.view(None), two).startswith("fill up again: draw the last 2 cubes")
    one = _pumps("red", "yellow", "black", bag={"pink": 1})
    assert ui.go_label(one.view(None), one).startswith("fill up again: draw the last 1 cube in")
    assert "1 more cubes" not in ui.go_label(one.view(None), one)


def test_one_excess_cube_goes_back_in_the_singular() -> None:
    """No '1 excess go back': 'one excess cube goes back', 'two excess cubes go back'."""
    ui = MileageUI()
    one = _pumps("orange", "red", "yellow", mat={"orange": 1})
    assert ui.stop_label(one.view(None), one).endswith("; 1 excess cube goes back")
    two = _pumps("orange", "purple", "red", mat={"orange": 1, "purple": 1})
    assert ui.stop_label(two.view(None), two).endswith("; 2 excess cubes go back")


def test_max_rounds_is_told_in_words() -> None:
    state = roadtrip.load_game("get-your-kicks", max_rounds=1).new_initial_state()
    state.apply_action(C["red"])
    before = state.clone()
    state.apply_action(STOP, 0)
    events = KicksUI().explain(before, 0, STOP, state)
    assert events[-1] == "The game is over: the match was cut off after 1 turn (max_rounds)."
    console = Console(record=True, width=100)
    KicksUI().render_result(console, state)
    assert "Not a win this time: 1 turn, 2 points." in console.export_text()
    three = roadtrip.load_game("mileage-may-vary", players=2, max_rounds=2).new_initial_state()
    while not three.is_terminal():
        if three.is_chance_node():
            three.apply_action(three.chance_outcomes()[0][0])
        else:
            three.apply_action(STOP)
    assert three.ending() == "max_rounds"
    console = Console(record=True, width=120)
    MileageUI().render_result(console, three)
    assert "cut off after 2 rounds (max_rounds)" in " ".join(console.export_text().split())


def test_several_matching_colours_match_one_matches() -> None:
    """'Red, black match your fuel' but 'Red matches your fuel'."""
    ui = MileageUI()
    for second, expected in (
        (("red", "black", "pink"), "Red, black match your fuel: 6 cubes on the pumps."),
        (("red", "pink", "pink"), "Red matches your fuel: 6 cubes on the pumps."),
    ):
        state = _pumps("red", "black", "yellow")
        state.apply_action(GO_ON, 0)
        for key in second[:2]:
            state.apply_action(C[key])
        after = state.clone()
        after.apply_action(C[second[2]])
        events = ui.explain(state, CHANCE, C[second[2]], after)
        assert events[1].endswith(expected), events
