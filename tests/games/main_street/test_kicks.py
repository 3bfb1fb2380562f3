"""Game #1, Get Your Kicks, sentence by sentence
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
from roadtrip.core import CHANCE, TERMINAL, GameOver, IllegalMove, NotYourTurn
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import (
    BLACK,
    COLOR_INDEX,
    FULL_BAG,
    NUM_COLORS,
    POINTS,
    mat_points,
)
from roadtrip.games.main_street.kicks import GetYourKicksState

C = COLOR_INDEX
ALL_KEYS = list(C)


# ------------------------------------------------------------------ helpers
def new(**options: Any) -> GetYourKicksState:
    state = roadtrip.load_game("get-your-kicks", **options).new_initial_state()
    assert isinstance(state, GetYourKicksState)
    return state


def draw(state: GetYourKicksState, key: str) -> None:
    assert state.current_player() == CHANCE
    state.apply_action(C[key])


def turn(state: GetYourKicksState, *keys: str, stop: bool = True) -> None:
    """Draw ``keys`` one by one (continuing between them), then conclude unless the
    turn busted or ``stop`` is False."""
    seat = state.seat
    draw(state, keys[0])
    for key in keys[1:]:
        state.apply_action(GO_ON, seat)
        draw(state, key)
    if stop and state.current_player() == seat and state.drawn:
        state.apply_action(STOP, seat)


def check_conserved(state: GetYourKicksState) -> None:
    """Every cube is in the bag, on a mat or in the casino; the odds are the bag's."""
    check_cubes(state)
    assert len(set(state.drawn)) == len(state.drawn)  # the casino never repeats a colour


FULL_MAT = {key: 1 for key in ALL_KEYS}  # a cube on every state and the sign


# ------------------------------------------------------------ the turn
def test_a_turn_starts_by_drawing_one_cube() -> None:
    """'On your turn, draw one cube from the bag and place it on the Casino in the lower
    right corner of your player mat.'"""
    state = new()
    assert state.current_player() == CHANCE
    assert state.view(0)["cubes_to_draw"] == 1
    draw(state, "red")
    assert state.current_player() == 0
    assert state.view(0)["casino"] == [C["red"]]
    assert state.bag[C["red"]] == 19 and state.bag_total == 124


def test_after_a_cube_conclude_or_continue() -> None:
    """'After you draw the first cube, you must decide to: 1) conclude your turn; or 2)
    continue your turn.'  Ruling (encoding): 0 = conclude, 1 = continue."""
    state = new()
    draw(state, "pink")
    assert state.legal_actions() == [STOP, GO_ON]
    assert state.action_to_string(STOP) == "conclude: place the casino cubes on the mat"
    assert state.action_to_string(GO_ON) == "continue: draw another cube"
    assert state.view(0)["phase"] == "decide" and state.view(0)["can_go_on"] is True
    state.apply_action(GO_ON)
    assert state.current_player() == CHANCE and state.view(0)["phase"] == "draw"


@pytest.mark.parametrize(
    ("key", "place_name"),
    [
        ("black", "Route 66 sign"),
        ("red", "Arizona"),
        ("yellow", "Oklahoma"),
        ("light_blue", "Missouri"),
        ("pink", "New Mexico"),
        ("green", "Illinois"),
        ("dark_blue", "California"),
        ("orange", "Texas"),
        ("purple", "Kansas"),
    ],
)
def test_concluding_places_the_cube_on_its_state(key: str, place_name: str) -> None:
    """'Conclude your turn – Place the cube drawn on the State of the same color. Once
    again, black cubes are put on the Route 66 highway sign. Now pass the bag to the
    player or team on your left who then takes their turn.'"""
    state = new(players=2)
    assert state.view(0)["colors"][C[key]]["place"] == place_name
    turn(state, key)
    assert state.mats[0] == mat_of(**{key: 1})
    assert state.mats[1] == [0] * NUM_COLORS
    assert state.bag[C[key]] == FULL_BAG[C[key]] - 1  # placed cubes leave the bag
    assert state.drawn == []
    assert state.seat == 1 and state.current_player() == CHANCE


def test_a_new_colour_lets_the_player_decide_again() -> None:
    """'b. If the new cube does not match the color of any of the cubes already in the
    Casino, then you must again decide whether to conclude your turn or continue your
    turn.'"""
    state = new()
    turn(state, "red", "yellow", "black", stop=False)
    assert state.current_player() == 0
    assert state.legal_actions() == [STOP, GO_ON]
    assert state.view(0)["casino"] == [C["red"], C["yellow"], BLACK]


def test_concluding_keeps_every_casino_cube() -> None:
    """'i. If you conclude your turn, you keep the cubes you collected by placing each
    of the cubes onto each of the States (or the Route 66 highway sign) of the matching
    color; and then pass the bag to the next player/team.'"""
    state = new(players=3)
    turn(state, "red", "dark_blue", "black", "purple")
    assert state.mats[0] == mat_of(red=1, dark_blue=1, black=1, purple=1)
    assert state.bag_total == 121
    assert state.seat == 1
    check_conserved(state)


def test_nine_different_colours_can_all_be_kept() -> None:
    """'JUST REMEMBER: You may conclude your turn by placing on the map, and keeping, all
    the cubes on any given turn IF they are all of different colors' – a turn can draw
    all nine colours (the tenth draw must repeat one)."""
    state = new()
    turn(state, *ALL_KEYS, stop=False)
    assert state.legal_actions() == [STOP, GO_ON]
    state.apply_action(STOP)
    assert state.mats[0] == [1] * NUM_COLORS
    assert state.is_terminal() and state.winners() == [0]


def test_grant_red_missouri_blue_red_busts_and_all_three_go_back() -> None:
    """Example: 'Grant first pulled an Arizona red cube, and continued on, pulling a
    Missouri blue cube. He decides to risk another pull, but draws a second red cube!
    He must put all 3 cubes back in the bag and end his turn.'"""
    state = new(players=2)
    assert state.view(None)["colors"][C["light_blue"]]["place"] == "Missouri"
    draw(state, "red")
    state.apply_action(GO_ON)
    draw(state, "light_blue")
    state.apply_action(GO_ON)
    assert state.bag_total == 123
    draw(state, "red")
    assert state.bag == list(FULL_BAG) and state.bag_total == 125  # all 3 back
    assert state.mats[0] == [0] * NUM_COLORS  # 'You gain nothing for this turn.'
    assert state.last_bust == [C["red"], C["light_blue"], C["red"]]
    assert state.busts == [1, 0]
    assert state.seat == 1 and state.current_player() == CHANCE  # the bag passes on
    view = state.view(None)
    assert view["casino"] == [] and view["last_bust"] == [C["red"], C["light_blue"], C["red"]]


@pytest.mark.parametrize("repeat", ["red", "yellow", "black", "purple"])
def test_matching_any_casino_cube_busts(repeat: str) -> None:
    """'a. If the new cube matches the color of any of the cubes already in the Casino,
    then your turn ends immediately. Place all of the cubes you collected in the Casino
    back into the bag and pass the bag to the next player/team.'"""
    state = new(players=2)
    place(state, 0, green=1)  # cubes already on the mat stay there
    turn(state, "red", "yellow", "black", "purple", repeat)
    assert state.mats[0] == mat_of(green=1)
    assert state.bag_total == 124 and state.bag[C["green"]] == 9
    assert state.seat == 1
    check_conserved(state)


def test_a_colour_on_the_mat_does_not_bust() -> None:
    """Only the casino counts: 'matches the color of any of the cubes already in the
    Casino'.  A colour already on the mat may be drawn and kept again."""
    state = new()
    turn(state, "red")
    turn(state, "red", "yellow")
    assert state.mats[0] == mat_of(red=2, yellow=1)


def test_turns_pass_to_the_left_in_seat_order() -> None:
    """Setup: 'Select one player to start. Players in both games take turns in clockwise
    order.'  Ruling: seat 0 starts; the bag passes 0, 1, ..., n-1, 0."""
    state = new(players=3)
    seats = []
    for key in ["red", "yellow", "pink", "green", "orange"]:
        seats.append(state.seat)
        turn(state, key)
    assert seats == [0, 1, 2, 0, 1]
    assert state.seat == 2
    assert state.turns == [2, 2, 2]  # turns started, the current one included
    assert state.round == 2


def test_only_the_seat_whose_turn_it_is_may_act() -> None:
    """'On your turn' – the others wait; chance draws the cubes."""
    state = new(players=2)
    with pytest.raises(NotYourTurn):
        state.apply_action(STOP, 0)
    draw(state, "red")
    assert state.legal_actions(1) == []
    with pytest.raises(NotYourTurn):
        state.apply_action(STOP, 1)
    with pytest.raises(IllegalMove):
        state.apply_action(2)


def test_exact_odds_follow_the_bag_after_draws() -> None:
    """Cubes drawn or placed leave the bag, so every draw's odds are the bag's counts
    out of what is left: after three black cubes are placed, black is 22/122."""
    state = new()
    for _ in range(3):
        turn(state, "black")
    outcomes = dict(state.chance_outcomes_exact())
    assert outcomes[BLACK] == Fraction(22, 122)
    assert outcomes[C["red"]] == Fraction(20, 122)
    assert sum(outcomes.values()) == 1
    turn(state, "red", "purple", stop=False)
    state.apply_action(GO_ON)
    outcomes = dict(state.chance_outcomes_exact())
    assert outcomes[C["purple"]] == Fraction(4, 120)
    assert outcomes[C["red"]] == Fraction(19, 120)
    assert dict(state.chance_outcomes())[BLACK] == pytest.approx(22 / 120)


def test_a_colour_gone_from_the_bag_cannot_be_drawn() -> None:
    """The bag's exact contents drive chance: a colour with no cube left is no outcome."""
    state = new(players=2)
    place(state, 1, orange=5)
    assert C["orange"] not in state.legal_actions()
    with pytest.raises(IllegalMove):
        state.apply_action(C["orange"])


# ------------------------------------------------------------ game end
def test_a_cube_on_every_state_and_the_sign_ends_the_game() -> None:
    """Game End: 'The game ends for everyone when any one player/team has gathered at
    least one cube (of the correct color) in each of the eight States and on the Route
    66 highway sign.'"""
    state = new(players=3)
    place(state, 0, **{**FULL_MAT, "purple": 0})
    turn(state, "purple")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.ended == "complete" and state.trigger == 0
    assert state.view(None)["ended"] == "complete"
    with pytest.raises(GameOver):
        state.apply_action(C["red"])


def test_eight_colours_without_the_sign_do_not_end_the_game() -> None:
    """The goal needs the sign too: 'in each of the eight U.S. States and on the Route
    66 highway sign'."""
    state = new()
    place(state, 0, **{**FULL_MAT, "black": 0, "red": 0})
    turn(state, "red")
    assert not state.is_terminal()
    turn(state, "black")
    assert state.is_terminal() and state.ended == "complete"


def test_the_end_is_checked_when_the_player_concludes() -> None:
    """'The game ends for everyone when any one player/team has gathered at least one
    cube [...] in each of the eight States and on the Route 66 highway sign'; cubes are
    gathered by concluding ('you keep the cubes you collected by placing each of the
    cubes onto each of the States').  Ruling: a casino holding the last missing colour
    (or a sixth black cube) ends nothing; the player may still continue, and a bust
    returns those cubes."""
    state = new(players=2)
    place(state, 0, **{**FULL_MAT, "purple": 0, "black": 5})
    turn(state, "purple", "black", stop=False)
    assert not state.is_terminal() and state.trigger is None
    assert state.legal_actions() == [STOP, GO_ON]
    state.apply_action(GO_ON)
    draw(state, "purple")  # a repeat: the bust returns the winning cubes
    assert not state.is_terminal() and state.mats[0][C["purple"]] == 0
    assert state.mats[0][BLACK] == 5 and state.seat == 1
    check_conserved(state)


def test_six_black_cubes_on_the_sign_end_the_game() -> None:
    """Game End: 'Alternatively, the game also ends when any one player has collected
    six black cubes on the Route 66 highway sign.'"""
    state = new(players=2)
    place(state, 1, black=5)
    turn(state, "red")
    turn(state, "black")  # seat 1: sixth black
    assert state.is_terminal() and state.ended == "six_black" and state.trigger == 1
    assert state.mats[1][BLACK] == 6


def test_five_black_cubes_do_not_end_the_game() -> None:
    """'six black cubes' – five are not enough."""
    state = new()
    place(state, 0, black=4)
    turn(state, "black")
    assert not state.is_terminal()


def test_the_game_ends_for_everyone_at_once_by_default() -> None:
    """'The game ends for everyone when any one player/team has gathered [...]'.
    Option ``end``, default ``immediate``: the later seats get no more turn."""
    state = new(players=3)
    place(state, 1, **{**FULL_MAT, "pink": 0})
    turn(state, "red")
    turn(state, "pink")
    assert state.is_terminal() and state.turns == [1, 1, 0]


def test_end_finish_round_lets_the_later_seats_play() -> None:
    """Option ``end`` = ``finish_round``: the seats after the one who triggered the end
    (up to the last seat) still take their turn, so every seat has had as many turns."""
    state = new(players=3, end="finish_round")
    place(state, 1, **{**FULL_MAT, "pink": 0})
    turn(state, "red")
    turn(state, "pink")
    assert not state.is_terminal() and state.seat == 2 and state.trigger == 1
    turn(state, "purple", "orange")
    assert state.is_terminal() and state.turns == [1, 1, 1]
    assert state.ended == "complete" and state.trigger == 1


def test_finish_round_the_game_ends_for_the_triggers_reason() -> None:
    """'Alternatively, the game also ends when any one player has collected six black
    cubes on the Route 66 highway sign.'  With ``end=finish_round`` the seat that
    collected them ended the game, even if a later seat completes its mat while the
    round is played out: ``ended`` is the trigger's reason (six_black), as ``trigger``
    names that seat; points decide the winner as always."""
    state = new(players=3, end="finish_round")
    place(state, 0, black=5)
    place(state, 1, **{**FULL_MAT, "purple": 0})
    turn(state, "black")  # seat 0: the sixth black cube triggers the end
    assert not state.is_terminal() and state.trigger == 0
    turn(state, "purple")  # seat 1 completes its mat in the last round
    turn(state, "red")
    assert state.is_terminal() and state.trigger == 0
    assert state.ended == "six_black" and state.view(None)["ended"] == "six_black"
    assert state.ending() == "six_black"
    assert state.winners() == [1]  # 29 points against 6 and 2


def test_finish_round_ends_at_once_when_the_last_seat_triggers() -> None:
    """``end=finish_round``: when the last seat triggers the end, the round is over."""
    state = new(players=2, end="finish_round")
    place(state, 1, black=5)
    turn(state, "red")
    turn(state, "black")
    assert state.is_terminal() and state.ended == "six_black"


def test_jasmines_43_points() -> None:
    """Example: 'Jasmine succeeded in getting at least one cube of each color, ending the
    game. She tallies up her score, which is 43 points! (3x1 + 1x4 + 1x2 + 2x3 + 1x5 +
    1x2 + 2x5 + 1x3 + 2x4 = 43)'  Her last turn brings the ninth colour; the game's
    scoring (``mat_points`` and ``scores()``) gives 43.  Her mat is the example read in
    the order of the highway (FACTS.md): the sign, then California to Illinois."""
    jasmine = mat_of(
        black=3,  # Route 66 sign
        dark_blue=1,  # California
        red=1,  # Arizona
        pink=2,  # New Mexico
        orange=1,  # Texas
        yellow=1,  # Oklahoma
        purple=2,  # Kansas
        light_blue=1,  # Missouri
        green=2,  # Illinois
    )
    terms = sorted(zip(jasmine, POINTS, strict=True))
    assert terms == sorted([(3, 1), (1, 4), (1, 2), (2, 3), (1, 5), (1, 2), (2, 5), (1, 3), (2, 4)])
    state = new(players=2)
    before = {k: n for k, n in zip(ALL_KEYS, jasmine, strict=True)}
    before["light_blue"] = 0
    place(state, 0, **before)
    place(state, 1, black=2, red=3, yellow=3, light_blue=1)  # 2 + 6 + 6 + 3 = 17
    turn(state, "light_blue")
    assert state.is_terminal() and state.ended == "complete"
    assert state.mats[0] == jasmine
    assert mat_points(state.mats[0]) == 43
    assert state.scores() == [43.0, 17.0]
    assert state.view(None)["mats"][0]["points"] == 43
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


def test_highest_points_win_even_if_another_player_ended_the_game() -> None:
    """'When the game ends, all players/teams count the number of cubes they have on each
    of the U.S. States and the Route 66 highway sign and then multiply that number
    times the points shown [...] Highest total points wins the game!'"""
    state = new(players=2)
    place(state, 0, **{**FULL_MAT, "purple": 0})  # 24 points, no purple yet
    place(state, 1, purple=4, orange=4)  # 40 points
    turn(state, "purple")  # seat 0 completes its mat: 29 points
    assert state.is_terminal() and state.trigger == 0
    assert state.scores() == [29.0, 40.0]
    assert state.winners() == [1] and state.returns() == [0.0, 1.0]
    assert state.view(None)["winners"] == [1]


def test_a_tie_shares_the_victory() -> None:
    """'In case of a tie, share the victory.'  Ruling: returns give each of the k tied
    seats 1/k."""
    state = new(players=3)
    place(state, 0, **{**FULL_MAT, "black": 0})  # 28 points
    place(state, 1, purple=4, yellow=2, light_blue=1, black=2)  # 20 + 4 + 3 + 2 = 29
    place(state, 2, orange=4)  # 20
    turn(state, "black")  # seat 0 completes: 29
    assert state.is_terminal()
    assert state.scores() == [29.0, 29.0, 20.0]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


# ------------------------------------------------------------ solo
def test_solo_counts_the_turns_it_takes_to_win() -> None:
    """Solo Play: 'just play by all the above rules and count the number of turns it
    takes you to win.'  Ruling: busted turns count; the count is ``turns[0]`` (and
    ``round``)."""
    state = new()
    turn(state, "red", "yellow", "black", "orange")
    turn(state, "pink", "pink")  # bust: still a turn
    turn(state, "pink", "light_blue", "green")
    assert state.busts == [1]
    assert state.turns == [4] and state.round == 4  # the fourth turn has begun
    turn(state, "dark_blue", "purple")
    assert state.is_terminal() and state.ended == "complete"
    assert state.winners() == [0] and state.returns() == [1.0]
    assert state.turns == [4] and state.view(0)["round"] == 4
    assert state.view(0)["turns"] == [4]


def test_solo_six_black_ends_the_game_as_a_loss_by_default() -> None:
    """'the game also ends when any one player has collected six black cubes'; Solo
    Play: 'count the number of turns it takes you to win'.  Option ``solo_six_black``,
    default ``loss``: the goal was not reached.  The view reports the ending
    (``"ended": "six_black"``)."""
    state = new()
    place(state, 0, black=5, red=1)
    turn(state, "black")
    assert state.is_terminal()
    assert state.view(0)["ended"] == "six_black"
    assert state.winners() == [] and state.returns() == [0.0]
    assert state.view(0)["winners"] == []
    assert state.scores() == [8.0]


def test_solo_six_black_win_option() -> None:
    """Option ``solo_six_black`` = ``win``: six black cubes end the solo game as a win in
    that many turns."""
    state = new(solo_six_black="win")
    place(state, 0, black=5)
    turn(state, "black")
    assert state.is_terminal() and state.view(0)["ended"] == "six_black"
    assert state.winners() == [0] and state.returns() == [1.0]
    assert state.turns == [1]


def test_solo_six_black_with_every_colour_is_a_win() -> None:
    """A sixth black cube that also completes the mat reaches the goal: the ending is
    ``complete`` and a win under either ``solo_six_black``."""
    state = new()
    place(state, 0, **{**FULL_MAT, "black": 5, "red": 0})
    turn(state, "black", "red")
    assert state.ended == "complete" and state.returns() == [1.0]


def test_solo_six_black_does_not_matter_with_more_players() -> None:
    """With two or more mats, six black cubes end the game and points decide, whatever
    ``solo_six_black`` says."""
    for option in ("loss", "win"):
        state = new(players=2, solo_six_black=option)
        place(state, 0, black=5)
        place(state, 1, orange=3)
        turn(state, "black")
        assert state.ended == "six_black" and state.winners() == [1]


# ------------------------------------------------------------ the bag runs dry
def five_mats_holding(state: GetYourKicksState, left: dict[str, int]) -> None:
    """Five mats hold every cube but ``left``, none complete and none with six black:
    each has five black; mat 0 lacks purple, mats 1-4 lack orange."""
    spread = {"red": 4, "yellow": 4, "light_blue": 3, "pink": 3, "green": 2, "dark_blue": 2}
    for seat in range(5):
        place(state, seat, black=5, **spread)
    place(state, 0, orange=5)
    place(state, 1, purple=2)
    for seat in (2, 3, 4):
        place(state, seat, purple=1)
    for key, n in left.items():  # put these back in the bag, from the last mat
        assert state.mats[4][C[key]] >= n
        state.mats[4][C[key]] -= n
        state.bag[C[key]] += n
        state.bag_total += n
    assert state.bag_total == sum(left.values())


def test_an_empty_bag_forbids_drawing_again() -> None:
    """Ruling (mid-turn empty bag): 'You may continue to draw another cube [...] from the
    bag' – with no cube left there is nothing to draw, so the player must conclude."""
    state = new(players=5)
    five_mats_holding(state, {"red": 1, "yellow": 1})
    turn(state, "red", "yellow", stop=False)
    assert state.bag_total == 0
    assert state.legal_actions() == [STOP]
    assert state.view(0)["can_go_on"] is False
    with pytest.raises(IllegalMove):
        state.apply_action(GO_ON)
    state.apply_action(STOP)
    check_conserved(state)


def test_a_turn_that_cannot_start_ends_the_game() -> None:
    """Ruling (empty bag at turn start): 'On your turn, draw one cube from the bag' – if
    the bag is empty, no turn can be played and the game ends; the points decide as at
    any end (``"ended": "empty_bag"``)."""
    state = new(players=5)
    five_mats_holding(state, {"red": 1, "yellow": 1})
    turn(state, "red", "yellow")
    assert state.is_terminal() and state.ended == "empty_bag" and state.trigger is None
    assert state.turns == [1, 0, 0, 0, 0]
    scores = state.scores()
    best = max(scores)
    assert state.winners() == [s for s, p in enumerate(scores) if p == best]
    assert state.winners() == [0]  # mat 0 has the five orange cubes
    check_conserved(state)


def test_an_empty_bag_after_the_end_is_triggered_keeps_the_reason() -> None:
    """With ``end=finish_round``, if the player who triggers the end takes the last cubes,
    the next turn cannot start: the game ends, reported for the trigger's reason."""
    state = new(players=5, end="finish_round")
    five_mats_holding(state, {"purple": 1})
    turn(state, "purple")  # seat 0 completes its mat and empties the bag
    assert state.is_terminal()
    assert state.ended == "complete" and state.trigger == 0
    assert state.winners() == [0]


# ------------------------------------------------------------ views
def test_the_view_shows_everything() -> None:
    """Ruling (perfect information): the bag's contents follow from the mats, so every
    seat sees the bag, every mat, the casino and the turn counts."""
    state = new(players=2)
    turn(state, "red", "black", stop=False)
    view = state.view(1)
    assert view["game"] == "get-your-kicks" and view["you"] == 1
    assert view["casino"] == view["drawn"] == [C["red"], BLACK]
    assert view["current_seat"] == 0 and view["active_seats"] == [0]
    assert view["bag_total"] == 123 and view["winners"] is None
    state.apply_action(STOP)
    mat = state.view(None)["mats"][0]
    assert mat == {
        "seat": 0,
        "cubes": mat_of(red=1, black=1),
        "points": 3,
        "colors_placed": 2,
        "black": 1,
    }
    assert state.view(0) == {**state.view(None), "you": 0}


# ------------------------------------------------------------ properties
def random_path(state: GetYourKicksState, rng: Random, weighted: bool, steps: int) -> None:
    """Play up to ``steps`` steps: chance by the bag's odds (``weighted``) or uniformly
    over the colours left (which drains the rare colours and tests the edges)."""
    for _ in range(steps):
        check_conserved(state)
        if state.is_terminal():
            return
        if state.is_chance_node() and weighted:
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    end=st.sampled_from(["immediate", "finish_round"]),
    weighted=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_cubes_are_conserved_along_random_paths(
    players: int, end: str, weighted: bool, seed: int
) -> None:
    """Every cube is always in the bag, on a mat or in the casino (125 in all, per
    colour); the casino never holds a colour twice; the odds are the bag's counts."""
    state = new(players=players, end=end)
    random_path(state, Random(seed), weighted, 3000)
    assert state.is_terminal()
    assert state.ended in ("complete", "six_black", "empty_bag")
    if state.ended != "empty_bag":
        assert state.trigger is not None
        mat = state.mats[state.trigger]
        assert all(mat) or mat[BLACK] >= 6
    if players > 1:  # someone always has the most points
        assert sum(state.returns()) == pytest.approx(1.0)
