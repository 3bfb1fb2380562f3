"""The Open Road: the rulings of issue 11, each beside the rulebook sentence it rests on
(docs/rules/the-open-road.md).

Places: Pueblo (small) - Front Range camp 1 - Denver (big); San Francisco and
Sacramento are big cities one dot apart.
"""

from __future__ import annotations

from random import Random

import pytest
from race_kit import (
    BOARD,
    dot,
    end_turn_with_pickups,
    give,
    give_ml,
    place,
    play,
    play_ml,
    ready,
)

from roadtrip.core import ROUND_LIMIT_ENDING, sample_chance
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.cards import PLAYING_CARD_KINDS, RESERVE_CUBES
from roadtrip.games.open_road.options import OPTIONS
from roadtrip.games.open_road.riding import distances_to
from roadtrip.games.open_road.rules import ACT, CLOSE, HOTEL, TARGET, OpenRoadGame

CAMP = "Front Range camp 1"


def close(state: object, seat: int, name: str) -> None:
    give_ml(state, seat, "road_closure")  # type: ignore[arg-type]
    state.apply_action(play_ml("road_closure"), seat)  # type: ignore[attr-defined]
    state.apply_action(dot(name), seat)  # type: ignore[attr-defined]


# ------------------------------------------------------------- road closure
def test_a_rider_on_the_closed_camp_site_is_not_cut_off() -> None:
    """'The ROAD CLOSURE cube (red) can be placed on any CAMP SITE indicating the route
    is closed to all players.' A rider standing on it may leave: their own dot is not
    closed for them, so their distance, score, tensor and view stay finite."""
    state = ready(players=2)
    state.dest[1] = dot("Denver, CO")
    place(state, 1, CAMP, energy=1)
    close(state, 0, CAMP)
    assert state.remaining(1) == 1
    assert state.scores()[1] == -1.0
    assert state.view(None)["riders"][1]["remaining"] == 1
    tensor = state.observation_tensor(1)
    assert all(0.0 <= x <= 1.0 for x in tensor)
    assert dot("Denver, CO") in state.legal_actions(1) or state.turn != 1


def test_max_rounds_ranks_a_rider_on_the_closed_camp_site_by_their_dots() -> None:
    """max_rounds ranks riders by dots left; the rider on the closure is 1 dot away,
    not 255, and wins the round-limited race."""
    state = ready(players=2, max_rounds=1)
    state.dest = [dot("Denver, CO"), dot("Denver, CO")]
    place(state, 0, "Chicago, IL")
    place(state, 1, CAMP)
    close(state, 0, CAMP)
    while not state.is_terminal():
        end_turn_with_pickups(state)
    assert state.ending() == ROUND_LIMIT_ENDING
    assert state.winners() == [1]


def test_road_closure_stays_for_the_remainder_of_the_game() -> None:
    """'The ROAD CLOSURE CARD can shut down any route for the remainder of the game.'
    Option road_closure=stays (default): the cube never moves, the card that placed it
    is set aside with it, so a Road Closure card cannot be played again."""
    state = ready(players=2)
    assert OpenRoadGame().options["road_closure"] == "stays"
    close(state, 0, CAMP)
    assert state.closure == dot(CAMP) and state.closure_aside == 1
    assert state.ml_deck[P.ROAD_CLOSURE] == 0
    state.ml_deck[P.ROAD_CLOSURE] += 1  # a second card, as if the deck held two
    give_ml(state, 0, "road_closure")
    assert play_ml("road_closure") not in state.legal_actions()
    assert state.closure == dot(CAMP)


def test_road_closure_moves_option() -> None:
    """Option road_closure=moves: there is one cube, a second card moves it."""
    state = ready(players=2, road_closure="moves")
    close(state, 0, CAMP)
    assert state.ml_deck[P.ROAD_CLOSURE] == 1 and state.closure_aside == 0
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    assert state.mode == CLOSE and dot(CAMP) not in state.legal_actions()


# ---------------------------------------------------------- last big city
def test_route_last_big_city_view_matches_lost_id() -> None:
    """'the last BIG CITY on their route': with last_big_city=route the view (and the
    tensor) show the city Lost I.D. and bankruptcy send the rider to."""
    state = ready(
        players=2,
        last_big_city="route",
        specs={1: {"east": "New York, NY", "west": "San Francisco, CA"}},
    )
    place(state, 1, "Cheyenne, WY")
    shown = state.view(None)["riders"][1]["last_big_city"]
    give_ml(state, 0, "lost_id")
    state.apply_action(play_ml("lost_id"), 0)
    assert BOARD.dots[state.pos[1]].name == shown
    assert shown != BOARD.dots[state.origin[1]].name  # a big city on the way, not the start


# ------------------------------------------------------------- credit card
def test_two_credit_cards_may_both_be_used_in_one_turn() -> None:
    """'The CREDIT CARD allows the player to collect (3) ... for any (2) turns.' Option
    credit_card=per_card (default): the limit is each card's, so a rider holding two
    uses both in one turn; each card still counts its own two turns."""
    state = ready(players=2)
    give_ml(state, 0, "credit_card")
    give_ml(state, 0, "credit_card")
    state.energy[0], state.money[0] = 0, 0
    state.apply_action(play_ml("credit_card"), 0)
    state.apply_action(A.CREDIT_BASE + 3, 0)
    assert play_ml("credit_card") in state.legal_actions()
    state.apply_action(play_ml("credit_card"), 0)
    state.apply_action(A.CREDIT_BASE + 3, 0)
    assert state.energy[0] == 6 and state.credit_spent[0] == 2
    assert state.ml[0][P.CREDIT_CARD] == 2  # each used once
    assert state.turn == 1  # the two uses were the turn's two actions
    end_turn_with_pickups(state)
    state.energy[0] = 0
    for _ in range(2):
        state.apply_action(play_ml("credit_card"), 0)
        state.apply_action(A.CREDIT_BASE + 3, 0)
    assert state.ml[0][P.CREDIT_CARD] == 0 and state.ml_deck[P.CREDIT_CARD] == 2


def test_credit_card_per_rider_option() -> None:
    """Option credit_card=per_rider: one Credit Card use a turn, however many held."""
    state = ready(players=2, credit_card="per_rider")
    give_ml(state, 0, "credit_card")
    give_ml(state, 0, "credit_card")
    state.apply_action(play_ml("credit_card"), 0)
    state.apply_action(A.CREDIT_BASE, 0)
    assert play_ml("credit_card") not in state.legal_actions()


# ------------------------------------------------------------------- hotel
def test_the_hotel_between_two_adjacent_big_cities_pays_no_more_than_cash_in() -> None:
    """'Upon arriving in a BIG CITY you have may stay in a hotel by exchanging (2) MONEY
    cubes for (2) ENERGY cubes.' hotel=each_arrival (default): riding San Francisco -
    Sacramento - San Francisco offers the hotel at both arrivals, 3 energy / 10 money
    to 5 / 6: each ride is one of the two actions and costs its dot, so every action
    nets 1 energy for 2 money (cash in: 2 energy for 5), and the money runs out."""
    state = ready(players=2)
    place(state, 0, "San Francisco, CA", energy=3, money=10)
    for city in ("Sacramento, CA", "San Francisco, CA"):
        state.apply_action(dot(city), 0)
        assert state.mode == HOTEL
        state.apply_action(A.HOTEL, 0)
    assert (state.energy[0], state.money[0]) == (5, 6)
    assert state.turn == 1  # the two rides were the turn's two actions


def test_first_visit_hotel_ends_the_back_and_forth() -> None:
    """hotel=first_visit: the origin and each big city offer it once."""
    state = ready(players=2, hotel="first_visit")
    place(state, 0, "San Francisco, CA", energy=3, money=10)
    state.been_big[0] |= 1 << dot("San Francisco, CA")
    state.apply_action(dot("Sacramento, CA"), 0)
    state.apply_action(A.HOTEL, 0)
    state.apply_action(dot("San Francisco, CA"), 0)
    assert (state.energy[0], state.money[0]) == (3, 8) and state.turn == 1


# ------------------------------------------------ the silent sentences
@pytest.mark.parametrize("key", ["free_night_stay", "couch_surf", "tune_up"])
def test_cards_under_the_against_heading_help_the_player(key: str) -> None:
    """'The following playing cards are played against an opposing player:' heads the
    list that holds Free Night Stay, Couch Surf and Tune Up, whose own texts give the
    player a hotel night, a couch, a tune-up. Ruling: they are played for oneself (no
    target is asked; no other rider changes)."""
    state = ready(players=2)
    place(state, 0, "Denver, CO", energy=0)
    give(state, 0, key)
    other = (state.pos[1], state.energy[1], state.money[1], state.lost[1])
    state.apply_action(play(key), 0)
    assert state.mode != TARGET
    assert (state.pos[1], state.energy[1], state.money[1], state.lost[1]) == other
    assert not PLAYING_CARD_KINDS[A.KIND_INDEX[key]].against


def test_each_card_gives_what_its_corner_shows() -> None:
    """'In the lower corner of each card is an indicator of the ENERGY or MONEY they get
    by playing it. ENERGY is the lower left corner, MONEY is the lower right corner.'
    The corners are data (and in the view); playing a card gives exactly them."""
    state = ready(players=2)
    corners = state.view(0)["card_corners"]
    assert corners["extra_money"] == [0, 2] and corners["extra_energy"] == [2, 0]
    assert corners["free_night_stay"] == [2, 0] and corners["couch_surf"] == [1, 0]
    assert corners["headwind"] == [0, 0] and corners["tune_up"] == [0, 0]
    for key in ("extra_money", "extra_energy", "free_night_stay", "couch_surf"):
        state = ready(players=2)
        place(state, 0, "Denver, CO", energy=0, money=0)
        give(state, 0, key)
        state.apply_action(play(key), 0)
        assert [state.energy[0], state.money[0]] == corners[key]


def test_the_60_cube_reserve_never_runs_out() -> None:
    """'(60) Energy Cubes (plain)', '(60) Money Cubes (green)'. Six panniers of at most
    10 hold at most 60: the reserve never runs out; the view shows what is left."""
    assert RESERVE_CUBES >= 6 * 10
    game = OpenRoadGame(players=6, max_rounds=15)
    rng = Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.current_player()
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        reserve = state.view(None)["reserve"]
        assert reserve["energy"] == RESERVE_CUBES - sum(state.energy) >= 0
        assert reserve["money"] == RESERVE_CUBES - sum(state.money) >= 0


# ---------------------------------------------------------------- max_rounds
def test_max_rounds_is_the_core_round_limit() -> None:
    """max_rounds is the core's round_limit_option: default 0, ending() 'max_rounds'."""
    option = next(o for o in OPTIONS if o.name == "max_rounds")
    assert option.default == 0 and option.maximum == 10000
    state = ready(players=2, max_rounds=1)
    end_turn_with_pickups(state)
    end_turn_with_pickups(state)
    assert state.is_terminal() and state.ending() == ROUND_LIMIT_ENDING
    assert state.mode != ACT


def test_distances_never_leave_a_rider_unreachable() -> None:
    """Every camp site as the closure: the closed dot's own entry is finite."""
    for camp in BOARD.camp_ids[:40]:
        assert distances_to(dot("Denver, CO"), camp)[camp] != UNREACHABLE


# ------------------------------------------------------------------- words
def test_chance_and_target_texts_name_the_seat() -> None:
    """Texts mention seats (roadtrip.core.mention): callers' names replace them, and
    every viewer reads the same words (everything is face up)."""
    state = ready(players=2)
    names = ["Ann", "Ben"]
    state.apply_action(A.PICK_UP, 0)
    outcome = state.chance_outcomes()[0][0]
    for viewer in (None, 0, 1):
        text = state.describe_action(outcome, -1, viewer, names)
        assert text.startswith("Ann picks up") and "seat" not in text
    assert state.action_to_string(outcome, -1).startswith("seat 1 picks up")
    state.apply_action(outcome)
    give(state, 0, "headwind")
    state.apply_action(play("headwind"), 0)  # one opponent: no question asked
    assert state.energy[1] == 1
    state = ready(players=3)
    give(state, 0, "headwind")
    state.apply_action(play("headwind"), 0)
    target = A.TARGET_BASE + 2
    assert state.describe_action(target, 0, 1, [*names, "Cy"]) == "plays it against Cy"


# ---------------------------------------------- what the rulebook leaves open
def test_a_card_may_be_played_against_a_rider_with_nothing_to_lose() -> None:
    """'causing them to lose (2) ENERGY cubes'; 'causing them to lose (2) MONEY cubes'.
    Ruling: a rider loses what they have, down to 0, and a card may be played against
    a rider with nothing to lose: it is spent for nothing, and a rider without money
    is not made bankrupt again (they stay where they are)."""
    state = ready(players=2)
    place(state, 1, "Pueblo, CO", energy=0, money=0)
    give(state, 0, "headwind")
    give(state, 0, "saddle_sores")
    legal = state.legal_actions()
    assert play("headwind") in legal and play("saddle_sores") in legal
    state.apply_action(play("headwind"), 0)
    state.apply_action(play("saddle_sores"), 0)
    assert (state.energy[1], state.money[1], state.pos[1]) == (0, 0, dot("Pueblo, CO"))


def test_no_mother_lode_trade_when_the_mother_lode_deck_is_empty() -> None:
    """'Players can trade (5) PLAYING CARDS for (1) MOTHER LODE CARD'. Six riders may
    hold all 12 Mother Lode cards. Ruling: with the deck empty there is no trade (five
    cards are never given for nothing)."""
    state = ready(players=2)
    give(state, 0, "extra_money", 5)
    assert A.TRADE_FOR_MOTHER_LODE in state.legal_actions()
    state.ml_deck = [0] * A.N_ML
    state._legal_cache = None
    assert A.TRADE_FOR_MOTHER_LODE not in state.legal_actions()


def test_starting_in_a_big_city_is_no_arrival() -> None:
    """'Upon arriving in a BIG CITY you may stay in a hotel'. Ruling: the starting
    city is not arrived in: a rider starting in New York (a big city) is offered no
    hotel; their turn begins with the two actions."""
    state = ready(players=2, specs={0: {"east": "New York, NY"}})
    assert state.pos[0] == dot("New York, NY") and BOARD.dot(state.pos[0]).is_big
    assert state.mode == ACT and state.actions_left == 2
