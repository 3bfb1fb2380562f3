"""The Open Road in the simulator: rounds and endings read from the state, and the
balance hook (cards and Mother Lode cards played, actions, bonuses and setbacks),
checked against the history, the final state and a scripted bankruptcy."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.core import sample_chance
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.board import standard_map
from roadtrip.games.open_road.cards import PLAYING_CARD_KINDS
from roadtrip.games.open_road.rules import OpenRoadGame, OpenRoadState
from roadtrip.sim.balance import GROUP_ROWS, game_stats, open_road_stats, stat_tables
from roadtrip.sim.runner import ending_of, rounds_of, simulate

BOARD = standard_map()
KIND = A.KIND_INDEX


def dot(name: str) -> int:
    return BOARD.id_of(name)


def heuristic_race(players: int, seed: int) -> OpenRoadState:
    game = roadtrip.load_game("open-road", players=players)
    bots = [make_bot("heuristic", game) for _ in range(players)]
    state, chance, rng = game.new_initial_state(), Random(seed), Random(seed + 1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.current_player()
        state.apply_action(bots[seat].choose(observe(state, seat), rng), seat)
    assert isinstance(state, OpenRoadState)
    return state


@pytest.mark.parametrize("players", [2, 4])
def test_counts_match_the_history_and_the_final_state(players: int) -> None:
    state = heuristic_race(players, seed=players)
    counts = open_road_stats(state)
    history = [(seat, action) for seat, action in state.history() if seat >= 0]
    played = Counter(a - A.PLAY_BASE for _, a in history if A.PLAY_BASE <= a < A.PLAY_BASE + 11)
    for kind, card in enumerate(PLAYING_CARD_KINDS):
        assert counts[f"playing.{card.key}.all"] == played[kind]
    hotels = sum(1 for _, a in history if a == A.HOTEL)
    assert counts["actions.hotel.all"] == hotels
    # Every Heartland bonus puts the card reached at the bottom of the deck (after
    # the one card each rider put back at setup).
    assert counts["bonuses.heartland.all"] == len(state.bottom[F.D_HEART]) - players
    paid = sum(bin(mask).count("1") for mask in state.side_paid)
    assert counts["bonuses.side_trip.all"] == paid
    assert 0 < counts["actions.ride.winner"] <= counts["actions.ride.all"]
    shortest = [BOARD.distance(state.origin[s], state.dest[s]) for s in range(players)]
    assert counts["dots.coast_to_coast.all"] == sum(d or 0 for d in shortest)
    assert counts["dots.ridden.winner"] >= counts["dots.coast_to_coast.winner"] > 0
    assert rounds_of(state) == state.round and ending_of(state) == "destination"


def test_a_scripted_bankruptcy_and_send_back_are_counted() -> None:
    """Seat 1 cashes in (10 -> 5 money) and rides off its origin; three Saddle Sores
    take 5 -> 3 -> 1 -> 0 money: a bankruptcy, and back to its last big city."""
    state = OpenRoadGame(players=2).new_initial_state()
    routes = [
        ("New York, NY", "Los Angeles, CA", "Denver, CO", "Los Angeles, CA"),
        ("Yorktown, VA", "Astoria, OR", "Cheyenne, WY", "Yorktown, VA"),
    ]
    spare = iter(["Miami, FL", "Seattle, WA", "Boise, ID", "Boston, MA", "Eureka, CA", "Omaha, NE"])
    for seat, (east, west, heart, start) in enumerate(routes):
        for city in (east, next(spare), west, next(spare), heart, next(spare)):
            state.apply_action(A.CITY_BASE + dot(city))
        for city in (east, west, heart):
            state.apply_action(dot(city), seat)
        state.apply_action(A.SIDE_BASE + seat)
        state.apply_action(dot(start), seat)

    def pick_up(seat: int, key: str) -> None:
        state.apply_action(A.PICK_UP, seat)
        state.apply_action(A.CARD_BASE + KIND[key])

    saddle = A.PLAY_BASE + KIND["saddle_sores"]
    pick_up(0, "saddle_sores")
    pick_up(0, "saddle_sores")
    state.apply_action(A.CASH_IN, 1)
    camp = next(d for d in state.legal_actions(1) if d < A.N_DOTS and d not in BOARD.city_ids)
    state.apply_action(camp, 1)
    pick_up(0, "saddle_sores")
    state.apply_action(saddle, 0)
    pick_up(1, "extra_money")
    pick_up(1, "extra_money")
    state.apply_action(saddle, 0)
    assert state.money[1] == 1
    state.apply_action(saddle, 0)
    assert state.money[1] == 0 and state.pos[1] != camp
    counts = open_road_stats(state)
    assert counts["bonuses.bankruptcy.all"] == 1
    assert counts["bonuses.bankrupt_sent_back.all"] == 1
    assert counts["playing.saddle_sores.all"] == 3
    assert counts["actions.pick_up.all"] == 5
    assert counts["actions.cash_in.all"] == 1 and counts["actions.ride.all"] == 1
    assert counts["dots.ridden.all"] == BOARD.distance(dot("Yorktown, VA"), camp)
    assert "bonuses.bankruptcy.winner" not in counts  # nobody has won yet


def test_tables_list_cards_in_deck_order() -> None:
    means = {"playing.tune_up.all": 1.0, "playing.extra_money.all": 9.0, "actions.pass.all": 0.1}
    means["actions.ride.all"] = 8.0
    tables = stat_tables(means)
    assert tables["playing"][0] == ["extra_money", "tune_up"]
    assert tables["actions"][0] == ["ride", "pass"]
    assert list(tables) == ["playing", "actions"]  # in GROUP_ROWS order
    assert set(GROUP_ROWS) == {"playing", "mother_lode", "actions", "bonuses", "dots"}


def test_simulate_reports_rounds_endings_and_card_counts() -> None:
    bots = ["heuristic", "random", "random", "random"]
    summary = simulate("open-road", {"players": 4}, bots, 6, seed=2)
    assert summary.endings == {"destination": 6}
    assert summary.mean_rounds is not None and summary.mean_rounds > 5
    stats = summary.stats
    assert stats["playing.extra_energy.all"] > 0
    assert stats["actions.ride.all"] > 0 and stats["actions.pick_up.all"] > 0
    limited = simulate("open-road", {"players": 3, "max_rounds": 3}, "random", 2, seed=1)
    assert limited.endings == {"max_rounds": 2} and limited.mean_rounds == 3
    assert game_stats(roadtrip.load_game("road-to-300").new_initial_state()) == Counter()
