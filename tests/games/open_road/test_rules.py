"""The Open Road's rules, sentence by sentence (/work/shared/rules/the-open-road.txt).

Each test's docstring quotes the rulebook sentence (or the ruling in
docs/rules/the-open-road.md, "Rules and rulings") that it checks.  Chance is chosen,
not sampled: ``state.apply_action(CARD_BASE + k)`` draws a card of kind ``k``, so every
scenario is exact.  ``ready`` plays the setup with chosen route cards; ``place`` and
``give`` then set a rider up directly (``give`` takes the cards from the draw pile, so
all 60 playing cards stay accounted for).

Places used (board.standard_map()): Pueblo (small) - Front Range camp 1 - Denver (big,
a Heartland city) - Cheyenne (small, a Heartland city); Denver - Breckenridge (small,
on the Mountain Towns Side Trip card) is one dot.
"""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random

import pytest
from race_kit import (
    BOARD,
    ML_CARDS,
    MOUNTAIN_TOWNS,
    dot,
    end_turn_with_pickups,
    give,
    give_ml,
    new,
    place,
    play,
    play_ml,
    playing_cards_total,
    ready,
)

from roadtrip.core import CHANCE, TERMINAL, IllegalMove, sample_chance
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road.cards import (
    EAST_COAST_CARDS,
    HEARTLAND_CARDS,
    PANNIER_CARD_SLOTS,
    WEST_COAST_CARDS,
)
from roadtrip.games.open_road.rules import (
    ACT,
    CLOSE,
    CREDIT,
    CRUISE,
    D_EAST,
    D_HEART,
    D_WEST,
    HOTEL,
    KEEP,
    PICK,
    TARGET,
    OpenRoadGame,
    OpenRoadState,
)


# ------------------------------------------------------------------- setup
def test_each_player_draws_two_route_cards_of_each_deck_and_keeps_one() -> None:
    """'Each player picks up (2) cards from the EAST COAST, WEST COAST, and HEARTLAND
    decks and selects (1) of the (2) to determine their route.'"""
    state = new(players=2)
    assert state.current_player() == CHANCE
    odds = state.chance_outcomes_exact()
    assert sorted(a for a, _ in odds) == sorted(dot(c) for c in EAST_COAST_CARDS)
    assert all(p == Fraction(1, 16) for _, p in odds)
    boston, miami = dot("Boston, MA"), dot("Miami, FL")
    state.apply_action(boston)
    assert dict(state.chance_outcomes_exact())[miami] == Fraction(1, 15)
    state.apply_action(miami)
    for deck in (WEST_COAST_CARDS, HEARTLAND_CARDS):
        state.apply_action(dot(deck[0]))
        state.apply_action(dot(deck[1]))
    assert state.mode == KEEP and state.current_player() == 0
    assert state.legal_actions() == sorted([boston, miami])
    state.apply_action(miami)
    assert state.east[0] == miami


def test_unselected_route_cards_go_to_the_bottom_of_their_deck() -> None:
    """'The unselected cards go back to the bottom of their respective deck.' The next
    player never draws them while cards never drawn are left; deck order stays hidden
    (draws are equally likely among the cards never drawn)."""
    state = ready(players=2)
    # Seat 0 put back one card of each deck; seat 1 drew from the rest.
    assert len(state.bottom[D_EAST]) == 2 and len(state.unknown[D_EAST]) == 16 - 4
    assert not set(state.bottom[D_EAST]) & set(state.unknown[D_EAST])
    # When no card is left unseen, the bottom cards come up, first put back first.
    state.unknown[D_HEART] = []
    first = state.bottom[D_HEART][0]
    place(state, 0, "Cheyenne, WY", energy=1)
    state.heart[0] = dot("Denver, CO")
    state.apply_action(dot("Denver, CO"), 0)
    assert state.heart[0] == first  # no chance node: the only card there is


def test_six_riders_draw_every_west_coast_card() -> None:
    """'(12) West Coast Cards': six riders draw two each, the last drawing the last two."""
    state = ready(players=6)
    assert state.unknown[D_WEST] == [] and len(state.bottom[D_WEST]) == 6
    assert len(set(state.west)) == 6


def test_side_trip_card_is_drawn_at_random() -> None:
    """'After determining their main route, each player then selects (1) SIDE TRIP
    CARD at random.'"""
    state = new(players=2)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    for _ in range(3):
        state.apply_action(state.legal_actions()[0], 0)
    assert state.is_chance_node()
    odds = state.chance_outcomes_exact()
    assert [a for a, _ in odds] == [A.SIDE_BASE + i for i in range(7)]
    assert all(p == Fraction(1, 7) for _, p in odds)


def test_each_player_chooses_the_direction() -> None:
    """'EAST COAST AND WEST COAST CARDS are your origin and destination cities. Each
    player decides if they want to ride EAST-TO-WEST, or WEST-TO-EAST.'"""
    state = ready(players=2, specs={1: {"start": "west"}})
    assert state.origin[0] == dot(EAST_COAST_CARDS[0]) and state.dest[0] == dot(WEST_COAST_CARDS[0])
    assert state.origin[1] == dot(WEST_COAST_CARDS[1]) and state.dest[1] == dot(EAST_COAST_CARDS[1])
    assert state.pos == state.origin


def test_riders_start_with_3_energy_and_10_money() -> None:
    """'Each player begins with (3) ENERGY cubes and (10) MONEY cubes in their PANNIER.'"""
    state = ready(players=3)
    assert state.energy == [3, 3, 3] and state.money == [10, 10, 10]


def test_seat_0_chooses_first_and_plays_first() -> None:
    """'When selecting ROUTE CARDS the oldest player in the room goes first followed by
    the other players in a clockwise direction.' Ruling: seat 0 is the oldest, and
    takes the first turn."""
    state = new(players=3)
    assert state.draw[1] == 0
    state = ready(players=3)
    assert state.current_player() == 0


# ------------------------------------------------------------------- turns
def test_two_actions_per_turn_repeats_allowed() -> None:
    """'Turns consist of players performing (2) of (7) possible ACTIONS. ACTIONS can be
    performed in any order and players are allowed to repeat ACTIONS.'"""
    state = ready(players=2)
    state.apply_action(A.PICK_UP, 0)
    state.apply_action(A.CARD_BASE + P.EXTRA_MONEY)
    assert state.current_player() == 0 and state.actions_left == 1
    state.apply_action(A.PICK_UP, 0)
    state.apply_action(A.CARD_BASE + P.EXTRA_MONEY)
    assert state.current_player() == 1 and state.hand[0][P.EXTRA_MONEY] == 2


def test_a_ride_spends_one_energy_per_dot_up_to_the_energy_held() -> None:
    """'RIDE - players can advance their RIDER PIECES up to the amount of ENERGY cubes
    in their PANNIER.' 'The distance between each dot represents (1) ENERGY cube.'"""
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=3)
    legal = {a for a in state.legal_actions() if a < A.N_DOTS}
    assert legal == set(BOARD.within(dot("Pueblo, CO"), 3))
    state.apply_action(dot("Cheyenne, WY"), 0)
    assert state.pos[0] == dot("Cheyenne, WY") and state.energy[0] == 0
    assert state.actions_left == 1


def test_no_energy_no_ride() -> None:
    """'up to the amount of ENERGY cubes in their PANNIER': with none, no ride."""
    state = ready(players=2)
    state.energy[0] = 0
    state._legal_cache = None
    assert not [a for a in state.legal_actions() if a < A.N_DOTS]


def test_reaching_the_destination_wins() -> None:
    """'The player to reach their destination city first, WINS!' Returns: 1 for the
    winner, 0 for the others."""
    state = ready(players=3)
    state.dest[0] = dot("Denver, CO")
    place(state, 0, "Pueblo, CO", energy=2)
    state.apply_action(dot("Denver, CO"), 0)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.returns() == [1.0, 0.0, 0.0] and state.winners() == [0]


def test_a_ride_ends_at_the_destination() -> None:
    """Ruling: a ride that reaches the destination ends there (the rider has
    arrived); dots beyond it only that way are out of reach."""
    state = ready(players=2)
    state.dest[0] = dot("Denver, CO")
    place(state, 0, "Pueblo, CO", energy=3)
    assert dot("Cheyenne, WY") not in state.legal_actions()
    assert dot("Denver, CO") in state.legal_actions()


# ------------------------------------------------------------------- hotel
def test_hotel_on_arrival_in_a_big_city_outside_the_two_actions() -> None:
    """'Upon arriving in a BIG CITY you have the option to stay in a hotel by exchanging
    (2) MONEY cubes for (2) ENERGY cubes. This is separate from the (7) ACTIONS'."""
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=2, money=10)
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Denver, CO"), 0)
    assert state.mode == HOTEL and state.legal_actions() == [A.HOTEL, A.NO_HOTEL]
    state.apply_action(A.HOTEL, 0)
    assert (state.energy[0], state.money[0]) == (2, 8)
    assert state.mode == ACT and state.actions_left == 1  # the ride was the one action


def test_no_hotel_when_riding_through_a_big_city() -> None:
    """'This may only be done upon arrival in a BIG CITY.' Ruling (landing=ride_end):
    a city ridden through is not arrived in."""
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=3)
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Cheyenne, WY"), 0)
    assert state.mode == ACT


def test_landing_pass_offers_the_hotel_in_a_big_city_ridden_through() -> None:
    """Option landing=pass: every city a ride enters counts as landed on; the ride
    goes on after the hotel, one energy per dot."""
    state = ready(players=2, landing="pass")
    place(state, 0, "Pueblo, CO", energy=3, money=10)
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Cheyenne, WY"), 0)
    assert state.mode == HOTEL and state.pos[0] == dot("Denver, CO") and state.energy[0] == 1
    state.apply_action(A.HOTEL, 0)
    assert state.pos[0] == dot("Cheyenne, WY") and state.energy[0] == 2


def test_no_hotel_without_two_money() -> None:
    """'exchanging (2) MONEY cubes': a rider with less is not offered the hotel."""
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=2, money=1)
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Denver, CO"), 0)
    assert state.mode == ACT


def test_hotel_first_visit_option() -> None:
    """'only available upon your initial arrival in a BIG CITY'. Option
    hotel=first_visit: once per big city; each_arrival (default): every arrival."""
    for rule, second in (("each_arrival", HOTEL), ("first_visit", ACT)):
        state = ready(players=2, hotel=rule)
        state.heart[0] = dot("Omaha, NE")
        place(state, 0, "Pueblo, CO", energy=4, money=10)
        state.apply_action(dot("Denver, CO"), 0)
        state.apply_action(A.NO_HOTEL, 0)
        state.apply_action(dot("Front Range camp 1"), 0)
        state._legal_cache = None
        state.turn, state.actions_left, state.mode = 0, 2, ACT
        state.apply_action(dot("Denver, CO"), 0)
        assert state.mode == second, rule


# ----------------------------------------------------- Heartland, Side Trip
def test_heartland_city_gives_5_and_5_and_a_new_heartland_card() -> None:
    """'If you land on your HEARTLAND CITY at any time during the game you get (5)
    ENERGY cubes, (5) MONEY cubes, and you randomly select another HEARTLAND CARD.'
    Ruling: the card reached goes to the bottom of the Heartland deck."""
    state = ready(players=2)
    state.heart[0] = dot("Cheyenne, WY")
    place(state, 0, "Pueblo, CO", energy=3, money=2)
    state.apply_action(dot("Cheyenne, WY"), 0)
    assert (state.energy[0], state.money[0]) == (5, 7)
    assert state.is_chance_node()
    odds = state.chance_outcomes_exact()
    assert len(odds) == len(state.unknown[D_HEART])
    assert all(p == Fraction(1, len(odds)) for _, p in odds)
    new_card = odds[0][0]
    state.apply_action(new_card)
    assert state.heart[0] == new_card and state.bottom[D_HEART][-1] == dot("Cheyenne, WY")


def test_side_trip_city_gives_3_and_3_once_per_city() -> None:
    """'If you land on any city listed on your SIDE TRIP CARD you get (3) ENERGY and
    (3) MONEY cubes to add to your PANNIER.' Option side_trip=each_city (default):
    each city of the card pays once."""
    state = ready(players=2, specs={0: {"side": MOUNTAIN_TOWNS}})
    place(state, 0, "Denver, CO", energy=4, money=2)
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert (state.energy[0], state.money[0]) == (6, 5)
    state.apply_action(dot("Denver, CO"), 0)  # back: ends the turn (hotel first)
    state.apply_action(A.NO_HOTEL, 0)
    state.turn, state.actions_left, state.mode, state._legal_cache = 0, 2, ACT, None
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert (state.energy[0], state.money[0]) == (4, 5)


@pytest.mark.parametrize(("rule", "pays_again"), [("once", False), ("every_landing", True)])
def test_side_trip_options(rule: str, pays_again: bool) -> None:
    """'can a side-trip bonus be taken more than once': option side_trip=once (the
    card pays once) or every_landing (each landing pays)."""
    state = ready(players=2, specs={0: {"side": MOUNTAIN_TOWNS}}, side_trip=rule)
    state.heart[0] = dot("Omaha, NE")
    place(state, 0, "Denver, CO", energy=2, money=0)
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert state.money[0] == 3
    state.apply_action(dot("Denver, CO"), 0)
    state.apply_action(A.HOTEL, 0)
    state.turn, state.actions_left, state.mode, state._legal_cache = 0, 2, ACT, None
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert state.money[0] == (4 if pays_again else 1)


def test_pannier_holds_at_most_10_energy_and_10_money() -> None:
    """'PANNIERS can store a maximum of (10) ENERGY cubes (plain) and (10) MONEY cubes
    (green)'. Ruling: cubes beyond that are lost."""
    state = ready(players=2)
    state.heart[0] = dot("Cheyenne, WY")
    place(state, 0, "Denver, CO", energy=9, money=9)
    state.apply_action(dot("Cheyenne, WY"), 0)
    assert (state.energy[0], state.money[0]) == (10, 10)


# ----------------------------------------------------------- playing cards
def test_pick_up_draws_by_the_decks_composition() -> None:
    """'(60) Playing Cards' drawn face down: the chance of a kind is its share of the
    cards left in the deck (deck order is never part of the state)."""
    state = ready(players=2)
    state.apply_action(A.PICK_UP, 0)
    odds = dict(state.chance_outcomes_exact())
    assert odds[A.CARD_BASE + P.EXTRA_MONEY] == Fraction(20, 60)
    assert odds[A.CARD_BASE + P.TUNE_UP] == Fraction(2, 60)
    state.apply_action(A.CARD_BASE + P.TUNE_UP)
    state.apply_action(A.PICK_UP, 0)
    assert dict(state.chance_outcomes_exact())[A.CARD_BASE + P.TUNE_UP] == Fraction(1, 59)


def test_no_pick_up_with_a_full_pannier() -> None:
    """'cannot hold more cards than slots available.' Ruling: 8 slots for playing and
    Mother Lode cards together."""
    state = ready(players=2)
    give(state, 0, "extra_money", PANNIER_CARD_SLOTS - 1)
    give_ml(state, 0, "peloton")
    assert A.PICK_UP not in state.legal_actions()


def test_empty_deck_is_made_again_from_the_discards() -> None:
    """Ruling: when the playing deck runs out, the discards are shuffled into a new
    deck."""
    state = ready(players=2)
    state.discard = list(state.draw_pile)
    state.draw_pile = [0] * A.N_KINDS
    state._legal_cache = None
    state.apply_action(A.PICK_UP, 0)
    assert state.is_chance_node() and sum(state.draw_pile) == 60
    assert sum(state.discard) == 0


def test_extra_money_and_extra_energy() -> None:
    """'The EXTRA MONEY card (20 total) allows a player to pick up (2) MONEY cubes when
    played.' 'The EXTRA ENERGY cards (20 total) allow the player to pick up (2) ENERGY
    cubes when played.'"""
    state = ready(players=2)
    give(state, 0, "extra_money")
    give(state, 0, "extra_energy")
    state.money[0] = 5
    state.apply_action(play("extra_money"), 0)
    state.apply_action(play("extra_energy"), 0)
    assert (state.energy[0], state.money[0]) == (5, 7)
    assert state.discard[P.EXTRA_MONEY] == 1 and state.discard[P.EXTRA_ENERGY] == 1
    assert playing_cards_total(state) == 60


def test_headwind_costs_a_chosen_opponent_2_energy() -> None:
    """'The HEADWIND card (4 total) is played against an opposing player causing them
    to lose (2) ENERGY cubes.' The target is a follow-up decision."""
    state = ready(players=3)
    give(state, 0, "headwind")
    state.apply_action(play("headwind"), 0)
    assert state.mode == TARGET
    assert state.legal_actions() == [A.TARGET_BASE + 1, A.TARGET_BASE + 2]
    state.apply_action(A.TARGET_BASE + 2, 0)
    assert state.energy == [3, 3, 1]


def test_the_only_opponent_is_the_target_without_a_question() -> None:
    """With two riders the target of a card against an opponent is the other one."""
    state = ready(players=2)
    state.energy[1] = 1
    give(state, 0, "headwind")
    state.apply_action(play("headwind"), 0)
    assert state.mode == ACT and state.energy[1] == 0


def test_free_night_stay_and_couch_surf_only_in_cities() -> None:
    """'The FREE NIGHT STAY card ... receive (2) ENERGY cubes. This card can be played
    in BIG or SMALL cities only.' 'The COUCH SURF card ... you still receive (1) ENERGY
    cube. This card can be played in BIG or SMALL cities only.'"""
    state = ready(players=2)
    give(state, 0, "free_night_stay")
    give(state, 0, "couch_surf")
    place(state, 0, "Front Range camp 1", energy=0)
    legal = state.legal_actions()
    assert play("free_night_stay") not in legal and play("couch_surf") not in legal
    place(state, 0, "Pueblo, CO", energy=0)
    state.apply_action(play("free_night_stay"), 0)
    state.apply_action(play("couch_surf"), 0)
    assert state.energy[0] == 3


def test_saddle_sores_costs_2_money() -> None:
    """'The SADDLE SORES card (4 total) is played against an opposing player causing
    them to lose (2) MONEY cubes'."""
    state = ready(players=2)
    give(state, 0, "saddle_sores")
    state.apply_action(play("saddle_sores"), 0)
    assert state.money[1] == 8


def test_bankruptcy_sends_the_rider_back_to_the_last_big_city() -> None:
    """'If a player loses their last MONEY cube(s) the result is BANKRUPTCY and they
    must return to the last BIG CITY on their route.' Option last_big_city=passed
    (default): the last big city ridden into or through."""
    state = ready(players=2)
    state.turn, state._legal_cache = 1, None
    state.heart[1] = dot("Omaha, NE")
    place(state, 1, "Pueblo, CO", energy=3)
    state.apply_action(dot("Cheyenne, WY"), 1)  # rides through Denver
    assert state.last_big[1] == dot("Denver, CO")
    state.money[1] = 2
    state.turn, state.actions_left, state._legal_cache = 0, 2, None
    give(state, 0, "saddle_sores")
    state.apply_action(play("saddle_sores"), 0)
    assert state.money[1] == 0 and state.pos[1] == dot("Denver, CO")


def test_a_rider_in_a_big_city_is_safe_from_bankruptcy() -> None:
    """'If they are already in a BIG CITY they are safe from BANKRUPTCY and do not have
    to be sent back.'"""
    state = ready(players=2)
    place(state, 1, "Chicago, IL", money=1)
    give(state, 0, "saddle_sores")
    state.apply_action(play("saddle_sores"), 0)
    assert state.money[1] == 0 and state.pos[1] == dot("Chicago, IL")


def test_bankruptcy_without_a_big_city_behind_sends_back_to_the_origin() -> None:
    """Ruling: a rider who has been in no big city yet goes back to their origin."""
    state = ready(players=2)
    origin = state.origin[1]
    assert not BOARD.dot(origin).is_big
    place(state, 1, "Pueblo, CO", money=2)
    give(state, 0, "saddle_sores")
    state.apply_action(play("saddle_sores"), 0)
    assert state.pos[1] == origin


@pytest.mark.parametrize("rule", ["stopped", "route"])
def test_last_big_city_options(rule: str) -> None:
    """'the last BIG CITY on their route' for a rider who left the shortest way: option
    last_big_city=stopped (where a ride last ended in a big city) or route (the big city
    of the planned route nearest behind the rider)."""
    state = ready(
        players=2,
        last_big_city=rule,
        specs={1: {"east": "New York, NY", "west": "San Francisco, CA"}},
    )
    state.turn, state._legal_cache = 1, None
    state.heart[1] = dot("Omaha, NE")
    place(state, 1, "Pueblo, CO", energy=3)
    state.apply_action(dot("Cheyenne, WY"), 1)  # through Denver
    if rule == "stopped":
        assert state.last_big[1] == state.origin[1]  # New York: the start
        expected = state.origin[1]
    else:
        bigs = OpenRoadGame.route_bigs(state.origin[1], state.dest[1])
        here = BOARD.distance(dot("Cheyenne, WY"), state.dest[1])
        expected = min((far, big) for far, big in bigs if far >= here)[1]
    state.turn, state.actions_left, state._legal_cache = 0, 2, None
    give_ml(state, 0, "lost_id")
    state.apply_action(play_ml("lost_id"), 0)
    assert state.pos[1] == expected


def test_lose_a_turn_cards() -> None:
    """'The BROKEN SPOKE, CRACKED FORK, SNAPPED PEDAL, and BENT RIM cards (1 of each) can
    be played against an opposing player, causing them to lose their next turn.'
    Ruling: a rider already losing their next turn cannot be targeted again."""
    state = ready(players=2)
    give(state, 0, "broken_spoke")
    give(state, 0, "bent_rim")
    state.apply_action(play("broken_spoke"), 0)
    assert state.lost[1]
    assert play("bent_rim") not in state.legal_actions()
    state.apply_action(A.PICK_UP, 0)
    state.apply_action(A.CARD_BASE + P.EXTRA_MONEY)
    assert state.current_player() == 0 and state.round == 2  # seat 1's turn was lost
    assert not state.lost[1]


def test_tune_up_cruises_two_dots_out_of_a_city_for_free() -> None:
    """'The TUNE UP card (2 total) ... Cruise out of a BIG or SMALL CITY (2) dots
    without using any ENERGY.' Ruling: played as its own ride of 1 or 2 dots, the
    destination a follow-up decision."""
    state = ready(players=2)
    give(state, 0, "tune_up")
    place(state, 0, "Front Range camp 1", energy=0)
    assert play("tune_up") not in state.legal_actions()
    place(state, 0, "Pueblo, CO", energy=0)
    state.apply_action(play("tune_up"), 0)
    assert state.mode == CRUISE
    assert set(state.legal_actions()) == set(BOARD.within(dot("Pueblo, CO"), 2))
    state.apply_action(dot("Denver, CO"), 0)
    assert state.pos[0] == dot("Denver, CO") and state.energy[0] == 0


# ------------------------------------------------------------ Mother Lode
def test_trade_5_playing_cards_for_a_mother_lode_card() -> None:
    """'Players can trade (5) PLAYING CARDS for (1) MOTHER LODE CARD as (1) of the (2)
    ACTIONS during their turn.' The cards given are chosen one by one when there is a
    choice; the Mother Lode card is drawn by the deck's composition."""
    state = ready(players=2)
    give(state, 0, "extra_money", 4)
    assert A.TRADE_FOR_MOTHER_LODE not in state.legal_actions()
    give(state, 0, "headwind", 2)
    state.apply_action(A.TRADE_FOR_MOTHER_LODE, 0)
    assert state.mode == PICK
    assert state.legal_actions() == [A.KIND_BASE + P.EXTRA_MONEY, A.KIND_BASE + P.HEADWIND]
    state.apply_action(A.KIND_BASE + P.HEADWIND, 0)
    # Left: 4 Extra Money and a Headwind, 4 more to give: still a choice.
    for _ in range(4):  # the last one still a choice: an Extra Money or the Headwind
        assert state.mode == PICK
        state.apply_action(A.KIND_BASE + P.EXTRA_MONEY, 0)
    assert state.is_chance_node()
    odds = dict(state.chance_outcomes_exact())
    assert odds[A.MOTHER_LODE_CARD_BASE + P.LOST_ID] == Fraction(2, 12)
    state.apply_action(A.MOTHER_LODE_CARD_BASE + P.PELOTON)
    assert state.hand[0][P.EXTRA_MONEY] == 0 and state.hand[0][P.HEADWIND] == 1
    assert state.discard[P.EXTRA_MONEY] == 4 and state.discard[P.HEADWIND] == 1
    assert state.ml[0][P.PELOTON] == 1 and state.current_player() == 0


def test_at_most_two_mother_lode_cards() -> None:
    """'Each player can have a maximum of (2) MOTHER LODE CARDS in their PANNIER.'"""
    state = ready(players=2)
    give(state, 0, "extra_money", 5)
    give_ml(state, 0, "peloton")
    give_ml(state, 0, "better_tent")
    assert A.TRADE_FOR_MOTHER_LODE not in state.legal_actions()


def test_lost_id_sends_a_rider_back() -> None:
    """'The LOST I.D. card is played against an opposing rider and requires that rider
    to go back to the last BIG CITY on their route. Once the card is played, return to
    the MOTHER LODE DECK.'"""
    state = ready(players=2)
    state.last_big[1] = dot("Chicago, IL")
    place(state, 1, "Pueblo, CO")
    give_ml(state, 0, "lost_id")
    state.apply_action(play_ml("lost_id"), 0)
    assert state.pos[1] == dot("Chicago, IL") and state.ml_deck[P.LOST_ID] == 2


def test_better_tent_gives_one_energy_at_the_start_of_each_turn_on_a_camp_site() -> None:
    """'The BETTER TENT card gives the player (1) ENERGY cube from the reserve pile at
    the beginning of every turn if they are on a CAMP SITE. ... The player cannot use
    this card when they are in a BIG or SMALL CITY. The player holds on to this card for
    the remainder of the [game].' Ruling: it works while held; it is never played."""
    state = ready(players=2)
    give_ml(state, 0, "better_tent")
    assert play_ml("better_tent") not in state.legal_actions()
    place(state, 0, "Front Range camp 1", energy=0)
    end_turn_with_pickups(state)
    end_turn_with_pickups(state)
    assert state.current_player() == 0 and state.energy[0] == 1
    state.pos[0] = dot("Pueblo, CO")
    end_turn_with_pickups(state)
    end_turn_with_pickups(state)
    assert state.energy[0] == 1 and state.ml[0][P.BETTER_TENT] == 1


def test_bandit_steals_as_many_playing_cards_as_fit() -> None:
    """'The BANDIT card: the player who has the BANDIT CARD can steal as many PLAYING
    CARDS from another player as will fit in their PANNIER.' Ruling: the thief chooses
    which, one by one, when not all fit."""
    state = ready(players=2)
    give(state, 0, "extra_money", 5)
    give_ml(state, 0, "bandit")
    give(state, 1, "headwind", 2)
    give(state, 1, "extra_energy", 3)
    state.apply_action(play_ml("bandit"), 0)  # 8 slots - 5 cards = 3 free
    assert state.mode == PICK and state.pick_left == 3
    state.apply_action(A.KIND_BASE + P.HEADWIND, 0)
    state.apply_action(A.KIND_BASE + P.HEADWIND, 0)
    assert state.mode == ACT  # one Extra Energy is the only kind left: taken
    assert state.hand[0][P.HEADWIND] == 2 and state.hand[0][P.EXTRA_ENERGY] == 1
    assert sum(state.hand[1]) == 2 and playing_cards_total(state) == 60


def test_credit_card_gives_3_cubes_on_two_turns() -> None:
    """'The CREDIT CARD allows the player to collect (3) of any combination of MONEY
    and ENERGY cubes from the reserve pile for any (2) turns. Once the card is played
    twice, return to the MOTHER LODE DECK.' Ruling: each card once a turn."""
    state = ready(players=2)
    give_ml(state, 0, "credit_card")
    state.money[0] = 5
    state.apply_action(play_ml("credit_card"), 0)
    assert state.mode == CREDIT and len(state.legal_actions()) == 4
    state.apply_action(A.CREDIT_BASE + 1, 0)
    assert (state.energy[0], state.money[0]) == (4, 7)
    assert play_ml("credit_card") not in state.legal_actions()
    state.apply_action(A.PICK_UP, 0)
    state.apply_action(A.CARD_BASE + P.EXTRA_MONEY)
    end_turn_with_pickups(state)
    state.apply_action(play_ml("credit_card"), 0)
    state.apply_action(A.CREDIT_BASE + 3, 0)
    assert state.energy[0] == 7 and state.ml[0][P.CREDIT_CARD] == 0
    assert state.ml_deck[P.CREDIT_CARD] == 2


def test_road_closure_closes_a_camp_site_for_everyone() -> None:
    """'The ROAD CLOSURE cube (red) can be placed on any CAMP SITE indicating the route
    is closed to all players. The ROAD CLOSURE cube cannot be placed on BIG or SMALL
    CITIES.'"""
    state = ready(players=2)
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    assert state.mode == CLOSE
    legal = state.legal_actions()
    assert set(legal) == set(BOARD.camp_ids)
    camp = dot("Front Range camp 1")
    state.apply_action(camp, 0)
    assert state.closure == camp
    place(state, 0, "Pueblo, CO", energy=2)
    assert dot("Denver, CO") not in state.legal_actions()
    assert camp not in state.legal_actions()


def test_no_camp_site_closure_cuts_a_rider_off() -> None:
    """The map has no leg whose closure disconnects it, so a closure never makes a
    destination unreachable (every camp site is a legal place for the cube)."""
    east, west = dot("Bar Harbor, ME"), dot("San Diego, CA")
    for camp in BOARD.camp_ids:
        assert BOARD.distance(east, west, (camp,)) is not None
        row = BOARD.distances_from(east, (camp,))
        assert all(row[c] != 255 for c in BOARD.city_ids)


def test_a_second_road_closure_moves_the_one_cube() -> None:
    """'(1) Road Closure Cube (red)'. Option road_closure=moves: playing the card again
    moves the cube."""
    state = ready(players=2, road_closure="moves")
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    state.apply_action(dot("Front Range camp 1"), 0)
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    assert dot("Front Range camp 1") not in state.legal_actions()
    state.apply_action(dot("TransAm camp 6"), 0)
    assert state.closure == dot("TransAm camp 6")
    place(state, 1, "Pueblo, CO", energy=2)
    state._legal_cache = None
    assert dot("Denver, CO") in state.legal_actions(1)


def test_peloton_doubles_the_distance_for_one_turn() -> None:
    """'The PELOTON card doubles the distance riders advance for (1) turn. ... *For
    example: (3) ENERGY cubes = (6) dots.' Ruling: a ride of k dots costs ceil(k/2)
    energy; no second Peloton in the same turn."""
    state = ready(players=2)
    give_ml(state, 0, "peloton")
    give_ml(state, 0, "peloton")
    place(state, 0, "Pueblo, CO", energy=3)
    state.apply_action(play_ml("peloton"), 0)
    assert state.ml_deck[P.PELOTON] == 1
    rides = {a for a in state.legal_actions() if a < A.N_DOTS}
    assert rides == set(BOARD.within(dot("Pueblo, CO"), 6))
    assert play_ml("peloton") not in state.legal_actions()
    state.heart[0] = dot("Omaha, NE")
    state.apply_action(dot("Cheyenne, WY"), 0)  # 3 dots for 2 energy
    assert state.energy[0] == 1 and state.pos[0] == dot("Cheyenne, WY")
    assert not state.peloton and state.current_player() == 1


def test_slow_leak_costs_every_opponent_3_energy() -> None:
    """'The SLOW LEAK card causes all opposing players to lose (3) ENERGY cubes to the
    reserve pile.'"""
    state = ready(players=3)
    state.energy = [3, 5, 2]
    give_ml(state, 0, "slow_leak")
    state.apply_action(play_ml("slow_leak"), 0)
    assert state.energy == [3, 2, 0]


def test_lottery_ticket_three_cards_and_the_heartland_max_out() -> None:
    """'The LOTTERY TICKET card has (2) benefits: First, the rider gets to immediately
    pick up (3) PLAYING CARDS. Second, if they reach their HEARTLAND CITY they get the
    LOTTERY BONUS of being able to max out their ENERGY and MONEY cubes in their
    PANNIER.' Ruling: the bonus is once, at the next Heartland city reached."""
    state = ready(players=2)
    give_ml(state, 0, "lottery_ticket")
    state.apply_action(play_ml("lottery_ticket"), 0)
    for _ in range(3):
        assert state.is_chance_node()
        state.apply_action(A.CARD_BASE + P.HEADWIND)
    assert state.hand[0][P.HEADWIND] == 3 and state.lottery[0]
    state.heart[0] = dot("Denver, CO")
    place(state, 0, "Pueblo, CO", energy=2, money=1)
    state.apply_action(dot("Denver, CO"), 0)
    assert (state.energy[0], state.money[0]) == (10, 10) and not state.lottery[0]


def test_lottery_draws_stop_at_a_full_pannier() -> None:
    """'cannot hold more cards than slots available': the Lottery Ticket's three cards
    stop when the pannier is full (the ticket's own slot is free)."""
    state = ready(players=2)
    give(state, 0, "extra_money", PANNIER_CARD_SLOTS - 2)
    give_ml(state, 0, "lottery_ticket")
    state.apply_action(play_ml("lottery_ticket"), 0)
    state.apply_action(A.CARD_BASE + P.HEADWIND)
    state.apply_action(A.CARD_BASE + P.HEADWIND)
    assert state.mode == ACT and sum(state.hand[0]) == PANNIER_CARD_SLOTS


def test_lost_id_leaves_a_rider_in_a_big_city() -> None:
    """Ruling: a rider in a big city is at the last big city on their route: Lost I.D.
    leaves them there, as bankruptcy does."""
    state = ready(players=2)
    state.last_big[1] = dot("Chicago, IL")
    place(state, 1, "Denver, CO")
    give_ml(state, 0, "lost_id")
    state.apply_action(play_ml("lost_id"), 0)
    assert state.pos[1] == dot("Denver, CO")


def test_clones_copy_every_list() -> None:
    """A clone shares no mutable list with its original."""
    state = ready(players=3)
    state.legal_actions()
    copy = state.clone()
    assert isinstance(copy, OpenRoadState)
    for name, value in vars(state).items():
        # The ride layers and the legal-action cache are replaced, never changed in place.
        if isinstance(value, list) and name not in ("_reach", "_legal_cache"):
            assert getattr(copy, name) is not value, name
            for row, other in zip(value, getattr(copy, name), strict=True):
                if isinstance(row, list):
                    assert row is not other, name


def test_trade_three_extra_money_cards_for_7_money() -> None:
    """'TRADE (3) EXTRA MONEY CARDS FOR (7) MONEY CUBES'."""
    state = ready(players=2)
    give(state, 0, "extra_money", 3)
    state.money[0] = 1
    state.apply_action(A.TRADE_MONEY, 0)
    assert state.money[0] == 8 and state.discard[P.EXTRA_MONEY] == 3


def test_cash_in_5_money_for_2_energy() -> None:
    """'CASH IN (5) MONEY CUBES FOR (2) ENERGY CUBES.'"""
    state = ready(players=2)
    state.apply_action(A.CASH_IN, 0)
    assert (state.energy[0], state.money[0]) == (5, 5)
    state.apply_action(A.CASH_IN, 0)
    assert (state.energy[0], state.money[0]) == (7, 0) and state.current_player() == 1


def test_a_rider_with_nothing_to_do_passes() -> None:
    """Ruling: a rider who can take none of the seven actions passes the turn."""
    state = ready(players=2)
    place(state, 0, "Front Range camp 1", energy=0, money=0)
    give(state, 0, "couch_surf", 4)
    give(state, 0, "free_night_stay", 2)
    give_ml(state, 0, "better_tent")
    give_ml(state, 0, "peloton")
    state.peloton = True  # one played this turn already
    assert state.legal_actions() == [A.PASS]
    state.apply_action(A.PASS, 0)
    assert state.current_player() == 1


# --------------------------------------------------------------- variants
def test_pass_through_false_ends_a_ride_at_the_first_city() -> None:
    """Option pass_through=false: 'may a rider pass through cities without stopping'
    - no: a ride ends at the first city it enters."""
    state = ready(players=2, pass_through=False)
    place(state, 0, "Pueblo, CO", energy=3)
    legal = state.legal_actions()
    assert dot("Denver, CO") in legal and dot("Cheyenne, WY") not in legal


def test_max_rounds_ranks_riders_by_distance_left() -> None:
    """Option max_rounds: the race ends after that round; the riders nearest their
    destination share the victory."""
    state = ready(players=3, max_rounds=1)
    state.dest = [dot("Denver, CO")] * 3
    state.pos = [dot("Cheyenne, WY"), dot("Front Range camp 1"), dot("Chicago, IL")]
    for _ in range(3):
        end_turn_with_pickups(state)
    assert state.is_terminal() and state.end_reason == "max_rounds"
    assert state.returns() == [0.5, 0.5, 0.0]
    left = [state.remaining(s) for s in range(3)]
    assert state.scores() == [-float(d) for d in left]  # a score is minus the dots left
    assert left[0] == left[1] < left[2]


def test_max_rounds_bounds_the_game_length() -> None:
    """With max_rounds, max_game_length() bounds every random match."""
    game = OpenRoadGame(players=4, max_rounds=5)
    limit = game.max_game_length()
    assert limit is not None
    for seed in range(5):
        rng = Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                seat = state.current_player()
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
        assert len(state.history()) <= limit and state.round <= 5


# ------------------------------------------------------------ information
def test_everything_is_face_up_and_no_deck_order_is_shown() -> None:
    """'All CARDS are kept face up at all times, for all players to see.' Every seat
    sees the same view (but 'you'); decks show only their sizes."""
    state = ready(players=3)
    give(state, 1, "headwind", 2)
    views = [state.view(s) for s in (None, 0, 1, 2)]
    for view in views:
        assert {k: v for k, v in view.items() if k != "you"} == {
            k: v for k, v in views[0].items() if k != "you"
        }
        assert json.loads(json.dumps(view)) == view
    assert views[0]["riders"][1]["cards"] == {"headwind": 2}
    assert views[0]["decks"]["playing"] == 58
    text = json.dumps(views[0])
    assert "unknown" not in text and "bottom" not in text


def test_view_lists_the_rides_with_their_cost() -> None:
    """The view lists every dot the mover may ride to, with its dots and energy."""
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=2)
    rides = {d: (k, c) for d, k, c in state.view(0)["rides"]}
    assert rides[dot("Denver, CO")] == (2, 2)
    assert set(rides) == set(BOARD.within(dot("Pueblo, CO"), 2))


def test_cards_and_cubes_are_conserved_over_random_matches() -> None:
    """60 playing cards, 12 Mother Lode cards and the route decks are all accounted
    for at every step; energy and money stay within 0..10."""
    game = OpenRoadGame(players=4, max_rounds=30)
    for seed in range(4):
        rng = Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                seat = state.current_player()
                state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            assert playing_cards_total(state) == 60
            in_play = sum(state.ml_deck) + sum(sum(m) for m in state.ml)
            assert in_play + state.closure_aside == ML_CARDS
            assert all(0 <= e <= 10 for e in state.energy)
            assert all(0 <= m <= 10 for m in state.money)
            held = [sum(h) + sum(m) for h, m in zip(state.hand, state.ml, strict=True)]
            assert all(h <= PANNIER_CARD_SLOTS for h in held)
            for deck, held, size in (
                (D_EAST, state.east, 16),
                (D_WEST, state.west, 12),
                (D_HEART, state.heart, 21),
            ):
                kept = sum(1 for card in held if card >= 0)
                found = len(state.unknown[deck]) + len(state.bottom[deck]) + kept
                assert found + len(state.offers[deck]) == size


def test_illegal_ride_is_refused() -> None:
    state = ready(players=2)
    place(state, 0, "Pueblo, CO", energy=1)
    with pytest.raises(IllegalMove):
        state.apply_action(dot("Cheyenne, WY"), 0)
    assert state.pos[0] == dot("Pueblo, CO")
