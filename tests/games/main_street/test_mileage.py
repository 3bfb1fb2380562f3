"""Game #2, Your Mileage May Vary, sentence by sentence
(/work/shared/rules/americas-main-street.txt).

Each test's docstring quotes the rulebook sentence (or the ruling in
docs/rules/americas-main-street.md) that it checks.  Draws are chosen, not rolled:
at a chance node ``state.apply_action(color)`` draws a cube of that colour, so every
scenario is exact.  Mats are set up by moving cubes from the bag onto them
(``place``), which keeps all 125 cubes accounted for.
"""

from __future__ import annotations

from fractions import Fraction
from random import Random
from typing import Any

import pytest
from cubes import check_cubes, mat_of, place
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roadtrip
from roadtrip.core import CHANCE, GameOver, IllegalMove
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BLACK, BOXES, COLOR_INDEX, FULL_BAG, NUM_COLORS
from roadtrip.games.main_street.mileage import MileageState

C = COLOR_INDEX
ALL_KEYS = list(C)
FULL = {key: BOXES[C[key]] for key in ALL_KEYS}  # every box filled


# ------------------------------------------------------------------ helpers
def new(**options: Any) -> MileageState:
    state = roadtrip.load_game("mileage-may-vary", **options).new_initial_state()
    assert isinstance(state, MileageState)
    return state


def fill(state: MileageState, *keys: str) -> None:
    """Draw one fill-up (three cubes, or fewer when the bag is short)."""
    assert state.drawing == len(keys), (state.drawing, keys)
    for key in keys:
        assert state.current_player() == CHANCE
        state.apply_action(C[key])


def fill_again(state: MileageState, *keys: str) -> None:
    state.apply_action(GO_ON, state.seat)
    fill(state, *keys)


def all_but(*keys: str) -> dict[str, int]:
    """A mat with every box filled but one box of each of ``keys``."""
    counts = dict(FULL)
    for key in keys:
        counts[key] -= 1
    return counts


def check_conserved(state: MileageState) -> None:
    """Every cube is in the bag, on a mat or on the pumps; no box is overfilled; the
    fuel colours are the first fill-up's; the odds are the bag's counts."""
    check_cubes(state)
    assert all(0 <= m <= b for mat in state.mats for m, b in zip(mat, BOXES, strict=True))
    first = state.drawn[:3] if state.fill_ups else []
    assert state.view(None)["fuel"] == sorted(set(first))


def grant(state: MileageState) -> None:
    """Grant's first two fill-ups: black, red, pink; then black and two yellows."""
    fill(state, "black", "red", "pink")
    fill_again(state, "black", "yellow", "yellow")


# ------------------------------------------------------------ fill up
def test_a_turn_starts_with_a_fill_up_of_three_cubes() -> None:
    """'To begin each turn of this game you must first "fuel up" by drawing a total of 3
    cubes from the bag and placing them on the white boxes at the base of the gas
    pumps on your player mat.'"""
    state = new()
    for left, key in zip((3, 2, 1), ("red", "black", "pink"), strict=True):
        assert state.current_player() == CHANCE and state.view(0)["cubes_to_draw"] == left
        state.apply_action(C[key])
    view = state.view(0)
    assert state.current_player() == 0 and view["phase"] == "decide"
    assert view["pumps"] == [C["red"], BLACK, C["pink"]]
    assert view["fill_ups"] == 1 and state.bag_total == 122


@pytest.mark.parametrize(
    "keys",
    [
        ("red", "green", "purple"),
        ("red", "red", "green"),
        ("black", "black", "black"),
    ],
)
def test_a_fill_up_may_be_any_three_cubes(keys: tuple[str, ...]) -> None:
    """'These cubes could be all different colors; or they might be two alike & one
    different; or even all three alike.'  Your first 'fill-up [...] determines the
    type(s) of fuel you must continue to use on this particular turn.'"""
    state = new()
    fill(state, *keys)
    assert state.legal_actions() == [STOP, GO_ON]
    assert state.view(0)["fuel"] == sorted({C[k] for k in keys})


def test_after_the_first_fill_up_continue_or_stop() -> None:
    """'After you draw the first three cubes, you must decide to EITHER: Continue on your
    journey by filling up again (drawing three more cubes) OR Stop for the turn'.
    Ruling (encoding): 0 = stop, 1 = fill up again."""
    state = new()
    fill(state, "red", "yellow", "pink")
    assert state.legal_actions() == [STOP, GO_ON]
    assert state.action_to_string(STOP) == "stop: fill the boxes on the mat"
    assert state.action_to_string(GO_ON) == "fill up again: draw three more cubes"
    state.apply_action(GO_ON)
    assert state.current_player() == CHANCE and state.drawing == 3
    assert state.view(0)["fill_start"] == 3


def test_stopping_places_the_cubes_and_passes_the_bag() -> None:
    """'Stop for the turn and record your progress on your map by placing them in the
    appropriate boxes on the States; and passing the bag to the player/team on your
    left.'"""
    state = new(players=2)
    fill(state, "red", "yellow", "black")
    state.apply_action(STOP)
    assert state.mats[0] == mat_of(red=1, yellow=1, black=1)
    assert state.bag_total == 122  # cubes on a mat leave the bag
    assert state.seat == 1 and state.current_player() == CHANCE
    assert state.view(None)["fuel"] == [] and state.view(None)["pumps"] == []


def test_grant_second_fill_up_continues_because_black_matches() -> None:
    """Example: 'This second fill-up produces a black cube and 2 yellows. Since the black
    cube matches one of his first 3 fuel cubes, he may continue his journey if he
    chooses to and risk another fill-up; or he can stop here, ending his turn by
    placing all six cubes on his map.'"""
    state = new(players=2)
    grant(state)
    assert state.current_player() == 0
    assert state.legal_actions() == [STOP, GO_ON]
    assert state.view(0)["fill_ups"] == 2 and len(state.drawn) == 6
    state.apply_action(STOP)
    assert state.mats[0] == mat_of(black=2, red=1, pink=1, yellow=2)
    assert state.bag_total == 119


def test_grant_third_fill_up_without_a_match_returns_all_nine() -> None:
    """Example: 'Grant wants to fill-up one more time, so he draws 3 new cubes from the
    bag. Unfortunately none of these 3 new cubes match any of his first fill-up on the
    gas pumps! Grant must return ALL 9 cubes he drew this turn to the bag and pass it
    to the next player.'"""
    state = new(players=2)
    grant(state)
    fill_again(state, "green", "orange", "dark_blue")
    assert state.bag == list(FULL_BAG) and state.bag_total == 125
    assert state.mats[0] == [0] * NUM_COLORS
    assert len(state.last_bust) == 9 and state.busts == [1, 0]
    assert state.seat == 1 and state.current_player() == CHANCE


def test_only_the_first_fill_ups_colours_count() -> None:
    """'you must continue to draw at least one cube [...] that matches the color of at
    least one of your first fill-up of three cubes (only those first three cubes, not
    the cubes you might have drawn on subsequent fill-ups)'.  Yellow came in the second
    fill-up only, so a third fill-up of yellow, green, orange busts."""
    state = new(players=2)
    grant(state)
    fill_again(state, "yellow", "green", "orange")
    assert state.mats[0] == [0] * NUM_COLORS and state.bag_total == 125
    assert state.seat == 1


@pytest.mark.parametrize(
    "second",
    [
        ("red", "green", "orange"),  # one match
        ("green", "orange", "pink"),  # the match may come last
        ("red", "pink", "black"),  # 'more than one is okay'
        ("red", "red", "red"),
    ],
)
def test_one_matching_cube_is_enough(second: tuple[str, ...]) -> None:
    """'at least one cube (more than one is okay) that matches the color of at least one
    of your first fill-up of three cubes'; 'each fill-up must include at least one cube
    that matches your first fill-up'."""
    state = new()
    fill(state, "black", "red", "pink")
    fill_again(state, *second)
    assert state.current_player() == 0 and state.legal_actions() == [STOP, GO_ON]


def test_the_match_is_judged_on_the_whole_fill_up() -> None:
    """'if you continue to fill up by drawing groups of three cubes, and none match the
    color of your original three, then your turn is over' – the three cubes are drawn
    before the fill-up is judged; there is no decision in between."""
    state = new()
    fill(state, "black", "red", "pink")
    state.apply_action(GO_ON)
    state.apply_action(C["green"])
    state.apply_action(C["orange"])
    assert state.current_player() == CHANCE  # no bust yet, no decision either
    state.apply_action(C["red"])
    assert state.current_player() == 0


def test_a_turn_may_go_on_for_many_fill_ups() -> None:
    """'you may stop at any time (after one, or two, or three, etc. successful
    fill-ups)'."""
    state = new()
    fill(state, "black", "red", "pink")
    for fills in (("red", "green", "orange"), ("pink", "pink", "yellow"), ("black",) * 3):
        fill_again(state, *fills)
        assert state.legal_actions() == [STOP, GO_ON]
    assert state.view(0)["fill_ups"] == 4 and state.bag_total == 113
    state.apply_action(STOP)
    assert state.mats[0] == mat_of(black=4, red=2, pink=3, green=1, orange=1, yellow=1)
    assert state.bag_total == 113


def test_a_bust_returns_every_cube_of_the_turn_only() -> None:
    """'ALL cubes drawn on that turn are put back into the bag, and you have made no
    further progress on your journey.'  Cubes placed on earlier turns stay."""
    state = new()
    fill(state, "orange", "purple", "green")
    state.apply_action(STOP)
    fill(state, "red", "red", "red")
    fill_again(state, "yellow", "yellow", "yellow")
    assert state.mats[0] == mat_of(orange=1, purple=1, green=1)
    assert state.bag_total == 122 and state.bag[C["red"]] == 20
    check_conserved(state)


# ------------------------------------------------------------ placing
def test_stopping_fills_needed_boxes_and_returns_the_excess() -> None:
    """'place any of your cubes drawn that are needed to fill up boxes on the correct
    States and the Route 66 highway sign; then end your turn. If by chance you have
    drawn extra cubes that are not needed on a State (because you already have the
    required number) then simply return those excess cubes to the bag.'"""
    state = new(players=2)
    place(state, 0, orange=1, red=3)
    fill(state, "orange", "red", "red")
    fill_again(state, "orange", "black", "purple")
    state.apply_action(STOP)
    assert state.mats[0] == mat_of(orange=1, red=4, black=1, purple=1)
    assert state.bag[C["orange"]] == 4  # both drawn oranges went back
    assert state.bag[C["red"]] == 16  # one red placed, one back
    assert state.bag_total == 125 - 1 - 4 - 1 - 1
    check_conserved(state)


@pytest.mark.parametrize("key", ALL_KEYS)
def test_each_state_takes_its_number_of_boxes(key: str) -> None:
    """'filling all the boxes on each of the 8 U.S. States [...] plus 5 black cubes'.
    Boxes: red, yellow 4; light blue, pink 3; green, dark blue 2; orange, purple 1;
    the sign 5 (FACTS.md).  A state never takes more than its boxes."""
    state = new()
    while state.mats[0][C[key]] < BOXES[C[key]] + 1:
        fill(state, key, key, key)
        state.apply_action(STOP)
        assert state.mats[0][C[key]] == min(3 * state.turns[0] - 3, BOXES[C[key]])
        if state.mats[0][C[key]] == BOXES[C[key]]:
            break
    assert state.mats[0][C[key]] == BOXES[C[key]]
    assert state.bag[C[key]] == FULL_BAG[C[key]] - BOXES[C[key]]


def test_placement_is_automatic() -> None:
    """Ruling: stopping places every needed cube (keeping a needed cube is never worse
    than returning it), so stopping is one action."""
    state = new()
    fill(state, "red", "red", "black")
    assert state.legal_actions() == [STOP, GO_ON]
    state.apply_action(STOP)
    assert state.mats[0] == mat_of(red=2, black=1)


# ------------------------------------------------------------ the race ends
def test_the_first_complete_mat_wins_at_once() -> None:
    """The Race Ends: 'The Race Ends immediately when one player has filled all of the
    boxes on all of the 8 States and the five boxes on the Route 66 highway sign. That
    player has won the race – and the game!'"""
    state = new(players=3)
    place(state, 1, **all_but("purple", "black"))
    place(state, 2, **all_but("green"))  # closer, but not first
    fill(state, "red", "red", "red")
    state.apply_action(STOP)
    fill(state, "purple", "black", "green")
    state.apply_action(STOP)
    assert state.is_terminal() and state.ended == "complete" and state.trigger == 1
    assert state.turns == [1, 1, 0]
    assert state.winners() == [1] and state.returns() == [0.0, 1.0, 0.0]
    assert state.scores() == [3.0, 25.0, 24.0]
    assert state.bag[C["green"]] == 10 - 2 - 1  # the extra green went back
    assert state.view(None)["pumps"] == [] and state.view(None)["fuel"] == []
    with pytest.raises(GameOver):
        state.apply_action(C["red"])


def test_a_complete_mat_needs_the_sign_too() -> None:
    """'plus 5 black cubes that are placed on the Route 66 highway sign'; 'The Route 66
    highway sign requires 5 black cubes before you can finish the race'."""
    state = new()
    place(state, 0, **{**FULL, "black": 3})
    fill(state, "black", "red", "red")
    state.apply_action(STOP)
    assert not state.is_terminal()
    fill(state, "black", "red", "red")
    state.apply_action(STOP)
    assert state.is_terminal() and state.winners() == [0]


def test_cubes_on_the_pumps_fill_no_box_until_the_player_stops() -> None:
    """'The Race Ends immediately when one player has filled all of the boxes'; boxes
    are filled by 'place any of your cubes drawn that are needed [...]; then end your
    turn'.  Ruling: the race ends when the player stops with every box filled; pumps
    holding every missing cube do not end it, the player may still fill up again, and a
    bust then returns the cubes that would have won."""
    state = new(players=2)
    place(state, 0, **all_but("orange"))
    fill(state, "orange", "red", "red")
    assert not state.is_terminal() and state.trigger is None
    assert state.legal_actions() == [STOP, GO_ON]
    fill_again(state, "green", "yellow", "pink")  # no orange or red: a bust
    assert not state.is_terminal() and state.boxes_filled(0) == 24
    assert state.seat == 1 and state.bag[C["orange"]] == 5
    check_conserved(state)


def test_end_finish_round_every_complete_mat_shares_the_win() -> None:
    """Option ``end`` = ``finish_round``: the seats after the one who completed the race
    still play out the round; every mat complete at the end shares the win."""
    state = new(players=3, end="finish_round")
    place(state, 0, **all_but("orange"))
    place(state, 1, **all_but("purple"))
    fill(state, "orange", "red", "red")
    state.apply_action(STOP)
    assert not state.is_terminal() and state.trigger == 0
    fill(state, "purple", "red", "red")
    state.apply_action(STOP)
    fill(state, "green", "red", "red")
    state.apply_action(STOP)
    assert state.is_terminal() and state.turns == [1, 1, 1]
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5, 0.0]


def test_end_finish_round_the_trigger_alone_wins_if_alone_complete() -> None:
    """``end=finish_round``: a later seat that does not complete its mat does not win."""
    state = new(players=2, end="finish_round")
    place(state, 0, **all_but("orange"))
    fill(state, "orange", "red", "red")
    state.apply_action(STOP)
    fill(state, "purple", "red", "red")
    state.apply_action(STOP)
    assert state.is_terminal() and state.winners() == [0]


def test_solo_race_counts_the_turns_it_takes_to_win() -> None:
    """Solo Play: 'just play by all the above rules and count the number of turns it
    takes you to win.'  Ruling: busted turns count; the count is ``turns[0]`` (and
    ``round``)."""
    state = new()
    place(state, 0, **all_but("orange", "purple"))
    fill(state, "orange", "red", "red")
    state.apply_action(STOP)
    fill(state, "red", "red", "red")
    fill_again(state, "green", "black", "yellow")  # bust
    fill(state, "purple", "red", "red")
    state.apply_action(STOP)
    assert state.is_terminal() and state.ended == "complete"
    assert state.turns == [3] and state.round == 3 and state.busts == [1]
    assert state.winners() == [0] and state.returns() == [1.0]
    assert state.view(0)["round"] == 3


# ------------------------------------------------------------ odds
def test_exact_odds_follow_the_bag() -> None:
    """Cubes drawn this turn and cubes on mats are out of the bag: after three black cubes
    are drawn, black is 22/122; a bust puts them back (25/125)."""
    state = new()
    fill(state, "black", "black", "black")
    state.apply_action(GO_ON)
    outcomes = dict(state.chance_outcomes_exact())
    assert outcomes[BLACK] == Fraction(22, 122)
    assert outcomes[C["purple"]] == Fraction(5, 122)
    assert sum(outcomes.values()) == 1
    fill(state, "red", "red", "red")  # no black: bust
    assert dict(state.chance_outcomes_exact())[BLACK] == Fraction(25, 125)
    fill(state, "black", "black", "black")
    state.apply_action(STOP)
    assert dict(state.chance_outcomes_exact())[BLACK] == Fraction(22, 122)


# ------------------------------------------------------------ the bag runs low
def five_nearly_full(state: MileageState, missing: list[str]) -> None:
    """Five mats, mat s lacking one cube of ``missing[s]``; the bag holds the rest."""
    for seat, key in enumerate(missing):
        place(state, seat, **all_but(key))
    assert state.bag_total == 5


def test_short_bag_partial_draws_what_is_left() -> None:
    """'filling up again (drawing three more cubes)' with two cubes in the bag.  Option
    ``short_bag``, default ``partial``: the fill-up draws the cubes that are left; it
    still must match.  An empty bag then forbids filling up again: the player stops."""
    state = new(players=5)
    five_nearly_full(state, ["black", "black", "red", "yellow", "red"])
    fill(state, "black", "red", "yellow")
    assert state.bag_total == 2 and state.legal_actions() == [STOP, GO_ON]
    state.apply_action(GO_ON)
    assert state.drawing == 2 and state.view(0)["cubes_to_draw"] == 2
    fill(state, "red", "black")
    assert state.bag_total == 0
    assert state.legal_actions() == [STOP] and state.view(0)["can_go_on"] is False
    with pytest.raises(IllegalMove):
        state.apply_action(GO_ON)
    state.apply_action(STOP)
    assert state.is_terminal() and state.winners() == [0]
    check_conserved(state)


def test_short_bag_partial_fill_up_can_bust() -> None:
    """A short fill-up is judged like any other: no match, and the whole turn goes back."""
    state = new(players=5)
    five_nearly_full(state, ["black", "black", "red", "yellow", "red"])
    fill(state, "red", "yellow", "red")
    fill_again(state, "black", "black")
    assert state.bag_total == 5 and state.seat == 1
    check_conserved(state)


def test_short_bag_refuse_forbids_a_short_fill_up() -> None:
    """Option ``short_bag`` = ``refuse``: 'drawing three more cubes' needs three; with
    fewer in the bag the player may not fill up again."""
    state = new(players=5, short_bag="refuse")
    five_nearly_full(state, ["black", "black", "red", "yellow", "red"])
    fill(state, "black", "red", "yellow")
    assert state.bag_total == 2
    assert state.legal_actions() == [STOP]
    state.apply_action(STOP)
    assert state.is_terminal() and state.winners() == [0]


@pytest.mark.parametrize("short_bag", ["partial", "refuse"])
def test_a_first_fill_up_may_be_short(short_bag: str) -> None:
    """'To begin each turn of this game you must first "fuel up" by drawing a total of 3
    cubes' – with fewer in the bag the turn still starts (under either ``short_bag``),
    with the cubes that are left.  This happens only while ``end=finish_round`` plays
    out the round: here all five mats complete and share the win."""
    state = new(players=5, end="finish_round", short_bag=short_bag)
    five_nearly_full(state, ["black", "red", "yellow", "pink", "green"])
    fill(state, "black", "red", "yellow")  # seat 0 completes
    state.apply_action(STOP)
    assert state.trigger == 0 and state.bag_total == 4
    fill(state, "red", "yellow", "pink")
    state.apply_action(STOP)
    fill(state, "yellow", "pink", "green")
    state.apply_action(STOP)
    assert state.seat == 3 and state.bag_total == 2
    fill(state, "pink", "green")  # a short first fill-up
    assert state.view(3)["fuel"] == [C["pink"], C["green"]]
    state.apply_action(STOP)
    fill(state, "green")
    assert state.legal_actions() == [STOP]
    state.apply_action(STOP)
    assert state.is_terminal() and state.ended == "complete" and state.bag_total == 0
    assert state.winners() == [0, 1, 2, 3, 4] and state.returns() == [0.2] * 5


def stall(state: MileageState) -> None:
    """A state the rules cannot reach (see ``test_the_race_never_stalls_in_play``): seat
    0 stops, and the bag is then found empty for the next turn."""
    fill(state, "red", "red", "red")
    state.bag = [0] * NUM_COLORS
    state.bag_total = 0
    state.apply_action(STOP)
    assert state.is_terminal() and state.ended == "empty_bag"


def test_a_stalled_race_goes_to_the_most_boxes_filled() -> None:
    """Ruling (stall): if a turn cannot start because the bag is empty, the race ends;
    the most boxes filled wins, ties share."""
    state = new(players=3)
    place(state, 1, red=4, black=3)
    place(state, 2, yellow=4, orange=1)
    stall(state)
    assert state.scores() == [3.0, 7.0, 5.0]
    assert state.winners() == [1] and state.returns() == [0.0, 1.0, 0.0]
    state = new(players=3)
    place(state, 1, red=1)
    place(state, 2, yellow=3, orange=1)
    stall(state)
    assert state.scores() == [3.0, 1.0, 4.0]
    state.mats[0][C["black"]] = 1
    assert state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]


def test_a_stalled_solo_race_is_a_loss() -> None:
    """Ruling (stall, solo): the race was not finished, so it is not won."""
    state = new()
    stall(state)
    assert state.winners() == [] and state.returns() == [0.0]


def test_the_race_never_stalls_in_play() -> None:
    """Why the stall ruling never applies in play: a mat holds at most 25 cubes (the
    excess goes back), so an empty bag at a turn's start needs five complete mats; the
    first complete mat ends the race (``immediate``), and with ``finish_round`` a later
    seat's mat would have been complete before the trigger.  Random races end
    ``complete``."""
    for players in (1, 2, 5):
        for end in ("immediate", "finish_round"):
            game = roadtrip.load_game("mileage-may-vary", players=players, end=end)
            for seed in range(4):
                rng = Random(seed)
                state = game.new_initial_state()
                assert isinstance(state, MileageState)
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(
                            rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                        )
                    else:
                        state.apply_action(rng.choice(state.legal_actions()))
                assert state.ended == "complete"
                assert sum(state.returns()) == pytest.approx(1.0)


# ------------------------------------------------------------ views
def test_the_view_shows_the_pumps_and_the_mats() -> None:
    """Ruling (perfect information): every seat sees the bag, every mat, the pumps, the
    fuel colours and the fill-ups."""
    state = new(players=2)
    fill(state, "red", "red", "black")
    state.apply_action(GO_ON)
    state.apply_action(C["pink"])
    view = state.view(1)
    assert view["game"] == "mileage-may-vary" and view["you"] == 1
    assert view["pumps"] == view["drawn"] == [C["red"], C["red"], BLACK, C["pink"]]
    assert view["fuel"] == [BLACK, C["red"]]
    assert view["fill_ups"] == 1 and view["fill_start"] == 3 and view["cubes_to_draw"] == 2
    assert view["mats"][0] == {
        "seat": 0,
        "cubes": [0] * NUM_COLORS,
        "boxes": list(BOXES),
        "boxes_filled": 0,
        "boxes_total": 25,
    }
    assert state.view(0) == {**state.view(None), "you": 0}


# ------------------------------------------------------------ properties
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    end=st.sampled_from(["immediate", "finish_round"]),
    short_bag=st.sampled_from(["partial", "refuse"]),
    weighted=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_cubes_are_conserved_along_random_races(
    players: int, end: str, short_bag: str, weighted: bool, seed: int
) -> None:
    """Every cube is always in the bag, on a mat or on the pumps (125 in all, per
    colour); no state gets more cubes than boxes; the odds are the bag's counts.
    Chance follows the odds (``weighted``) or picks uniformly among the colours left,
    which drains the rare colours and tests the edges."""
    rng = Random(seed)
    state = new(players=players, end=end, short_bag=short_bag)
    for _ in range(5000):
        check_conserved(state)
        if state.is_terminal():
            break
        if state.is_chance_node() and weighted:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_terminal() and state.ended == "complete"
    assert state.winners() and all(state.boxes_filled(s) == 25 for s in state.winners())
