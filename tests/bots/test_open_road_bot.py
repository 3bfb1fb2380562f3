"""The Open Road heuristic bot: always legal (every player count and variant option),
finishes races, beats random riders, and does what its scenarios name.

Scenarios start from a state after setup with chosen route cards (``ready``), then
set a rider up directly (position, cubes, cards), as tests/games/open_road does.
Places (board.standard_map()): New York - Philadelphia (1 dot) - Keystone camp 1 -
Harrisburg camp - Pittsburgh (big) - USBR 50 camp 2 - Columbus (big); Los Angeles -
Barstow - ... on the way to New York (35 dots).
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import roadtrip
from roadtrip.bots import OpenRoadBot, make_bot, observe
from roadtrip.bots.open_road import decide
from roadtrip.bots.open_road.evaluation import Weights
from roadtrip.core import NotSupported, sample_chance
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.board import standard_map
from roadtrip.games.open_road.cards import EAST_COAST_CARDS, HEARTLAND_CARDS, WEST_COAST_CARDS
from roadtrip.games.open_road.rules import OpenRoadGame, OpenRoadState
from roadtrip.sim.runner import simulate

BOARD = standard_map()
VARIANTS: list[dict[str, Any]] = [
    {},
    {"landing": "pass"},
    {"pass_through": False},
    {"side_trip": "once"},
    {"side_trip": "every_landing"},
    {"last_big_city": "stopped"},
    {"last_big_city": "route"},
    {"hotel": "first_visit"},
    {"landing": "pass", "pass_through": False, "side_trip": "every_landing"},
]


def dot(name: str) -> int:
    return BOARD.id_of(name)


# ------------------------------------------------------------------ helpers
def ready(players: int, routes: dict[int, tuple[str, str, str]] | None = None) -> OpenRoadState:
    """A game after its setup (seat 0 to act): each seat keeps ``routes[seat]`` (East
    Coast, West Coast, Heartland; by default the n-th card of each deck), draws the
    Side Trip card of its seat number and starts from the West Coast (so that its
    destination is the East Coast city)."""
    state = OpenRoadGame(players=players).new_initial_state()
    chosen = {
        s: (EAST_COAST_CARDS[s], WEST_COAST_CARDS[s], HEARTLAND_CARDS[s]) for s in range(players)
    }
    chosen.update(routes or {})
    reserved = {dot(city) for cities in chosen.values() for city in cities}
    for seat in range(players):
        for deck, city in zip((F.D_EAST, F.D_WEST, F.D_HEART), chosen[seat], strict=True):
            kept = dot(city)
            filler = next(c for c in state.unknown[deck] if c != kept and c not in reserved)
            for card in (kept, filler):
                if state.mode == F.DRAW and state.draw[:2] == (deck, seat):
                    state.apply_action(A.CITY_BASE + card)
        for city in chosen[seat]:
            state.apply_action(dot(city), seat)
        state.apply_action(A.SIDE_BASE + seat)
        state.apply_action(dot(chosen[seat][1]), seat)
    return state


def set_rider(
    state: OpenRoadState,
    seat: int,
    at: str | None = None,
    energy: int | None = None,
    money: int | None = None,
    cards: dict[str, int] | None = None,
) -> None:
    if at is not None:
        state.pos[seat] = dot(at)
    if energy is not None:
        state.energy[seat] = energy
    if money is not None:
        state.money[seat] = money
    for key, count in (cards or {}).items():
        kind = A.KIND_INDEX[key]
        state.draw_pile[kind] -= count
        state.hand[seat][kind] += count
    state._legal_cache = None


def choice(state: OpenRoadState, seat: int | None = None) -> int:
    seat = state.current_player() if seat is None else seat
    return OpenRoadBot(state.game).choose(observe(state, seat), Random(0))


# ---------------------------------------------------------------- legality
def mixed_game(options: dict[str, Any], seed: int, follow: str) -> int:
    """A game where every decision is asked of the heuristic (asserting it is legal)
    and the ``follow``-ed bot's choice is played: "heuristic" or "random" (random
    riders reach states a heuristic never would: full panniers, odd targets).
    Returns the number of decisions checked."""
    game = roadtrip.load_game("open-road", **options)
    bot = OpenRoadBot(game)
    state, chance, rng = game.new_initial_state(), Random(seed), Random(-seed)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.current_player()
        legal = state.legal_actions(seat)
        action = bot.choose(observe(state, seat), rng)
        assert action in legal, (options, seed, state.mode_name, action)
        checked += 1
        state.apply_action(action if follow == "heuristic" else rng.choice(legal), seat)
    return checked


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_always_legal_in_every_variant_and_player_count(index: int) -> None:
    options = VARIANTS[index]
    for players in (2, 3, 4, 5, 6):
        seed = 100 * index + players
        limited = {**options, "players": players, "max_rounds": 40}
        assert mixed_game(limited, seed, "random") > 100
        assert mixed_game(limited, seed + 50, "random") > 100
        assert mixed_game({**options, "players": players}, seed, "heuristic") > 20


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10**6),
    variant=st.sampled_from(VARIANTS),
)
def test_legal_from_any_state_random_riders_reach(
    players: int, seed: int, variant: dict[str, Any]
) -> None:
    mixed_game({**variant, "players": players, "max_rounds": 20}, seed, "random")


# ------------------------------------------------------------------ results
def test_races_finish_in_a_sensible_number_of_rounds() -> None:
    summary = simulate("open-road", {"players": 4}, "heuristic", 12, seed=3)
    assert summary.endings == {"destination": 12}
    assert summary.mean_rounds is not None and 12 <= summary.mean_rounds <= 40
    assert summary.median_rounds is not None and summary.median_rounds <= 40


def test_beats_random_riders_overwhelmingly() -> None:
    bots = ["heuristic", "random", "random", "random"]
    summary = simulate("open-road", {"players": 4, "max_rounds": 80}, bots, 100, seed=5)
    heuristic = next(bot for bot in summary.by_bot() if bot.bot == "heuristic")
    assert heuristic.win_rate > 0.95


def test_registered_as_heuristic_for_open_road_beside_road_rally() -> None:
    bot = make_bot("heuristic", roadtrip.load_game("open-road"))
    assert isinstance(bot, OpenRoadBot) and bot.name == "heuristic"
    assert type(make_bot("heuristic", roadtrip.load_game("road-rally"))).__name__ == "RoadRallyBot"
    with pytest.raises(NotSupported):
        OpenRoadBot(roadtrip.load_game("road-rally"))


# ---------------------------------------------------------------- scenarios
def test_rides_to_the_destination_when_in_reach() -> None:
    state = ready(2, {0: ("New York, NY", "Los Angeles, CA", "Denver, CO")})
    set_rider(state, 0, at="Pittsburgh, PA", energy=6, cards={"extra_energy": 2})
    assert dot("New York, NY") in state.legal_actions(0)
    assert choice(state) == dot("New York, NY")


def test_plays_extra_energy_when_it_brings_the_destination_in_reach() -> None:
    state = ready(2, {0: ("New York, NY", "Los Angeles, CA", "Denver, CO")})
    set_rider(state, 0, at="Pittsburgh, PA", energy=3, cards={"extra_energy": 1})
    assert dot("New York, NY") not in state.legal_actions(0)
    assert choice(state) == A.PLAY_BASE + A.KIND_INDEX["extra_energy"]


def test_takes_the_hotel_when_low_on_energy_not_when_nearly_full() -> None:
    for energy, expected in ((3, A.HOTEL), (10, A.NO_HOTEL)):
        state = ready(2, {0: ("New York, NY", "Los Angeles, CA", "Denver, CO")})
        set_rider(state, 0, at="Harrisburg camp, PA", energy=energy, money=8)
        state.apply_action(dot("Pittsburgh, PA"), 0)  # 2 dots into a big city
        assert state.mode == F.HOTEL
        assert choice(state) == expected, energy


def test_plays_headwind_against_the_leader_not_the_last_rider() -> None:
    """Seat 2 is 8 dots from its destination with 6 energy and an Extra Energy card
    (it could finish on its next turn); seat 3 is at its origin with more energy."""
    state = ready(3)
    set_rider(state, 0, energy=0, cards={"headwind": 1})
    near = state.dest[1]
    state.pos[1] = next(d for d in range(A.N_DOTS) if BOARD.distance(d, near) == 8)
    set_rider(state, 1, energy=6, cards={"extra_energy": 1})
    set_rider(state, 2, energy=9)
    assert choice(state) == A.PLAY_BASE + A.KIND_INDEX["headwind"]
    state.apply_action(A.PLAY_BASE + A.KIND_INDEX["headwind"], 0)
    assert state.mode == F.TARGET
    assert choice(state) == A.TARGET_BASE + 1


def test_keeps_the_route_cards_of_the_shorter_coast_to_coast_ride() -> None:
    """New York - Los Angeles is 35 dots and passes Denver; New York - Seattle is 37,
    Boise 7 dots off its way; anything from Miami is longer."""
    state = OpenRoadGame(players=2).new_initial_state()
    offers = (
        ("Miami, FL", "New York, NY"),
        ("Seattle, WA", "Los Angeles, CA"),
        ("Boise, ID", "Denver, CO"),
    )
    for cities in offers:
        for city in cities:
            state.apply_action(A.CITY_BASE + dot(city))
    assert state.mode == F.KEEP and state.keep_deck == F.D_EAST
    assert choice(state, 0) == dot("New York, NY")
    state.apply_action(dot("New York, NY"), 0)
    assert choice(state, 0) == dot("Los Angeles, CA")
    state.apply_action(dot("Los Angeles, CA"), 0)
    assert choice(state, 0) == dot("Denver, CO")


def test_decide_scores_every_decision_of_a_turn_without_raising() -> None:
    """decide() directly, on every decision of a heuristic race (the bot's own API)."""
    game = roadtrip.load_game("open-road", players=3)
    state, chance = game.new_initial_state(), Random(9)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.current_player()
        legal = state.legal_actions(seat)
        copy = state.clone()
        assert isinstance(copy, OpenRoadState)
        action = decide(copy, seat, legal, Weights())
        assert action in legal
        state.apply_action(action, seat)
