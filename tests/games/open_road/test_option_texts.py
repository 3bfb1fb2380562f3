"""The Open Road: the engine's words follow the match's variant options.

A card's effect text and the view's Side Trip cities that still pay are what both
clients (terminal and browser) show; each must be right under every option value,
not only the default (docs/rules/the-open-road.md, "Mother Lode cards" and "Landing").
"""

from __future__ import annotations

import pytest
from race_kit import MOUNTAIN_TOWNS, dot, give_ml, place, play_ml, ready

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, SIDE_TRIP_CARDS
from roadtrip.games.open_road.rules import ACT, CLOSE, OpenRoadGame
from roadtrip.games.open_road.texts import card_effect

ROAD_CLOSURE = next(kind for kind in MOTHER_LODE_KINDS if kind.key == "road_closure")
MOUNTAIN = SIDE_TRIP_CARDS[MOUNTAIN_TOWNS].cities  # Bend, Breckenridge, Roanoke, North Conway


def test_road_closure_effect_follows_the_road_closure_option() -> None:
    """'The ROAD CLOSURE CARD can shut down any route for the remainder of the game.';
    '(1) Road Closure Cube (red)'. Option road_closure=stays (default): the text says
    the closure is for the rest of the game; moves: the next card moves the one cube
    and the camp site it leaves reopens, so the text must not say "for good"."""
    stays = card_effect(ROAD_CLOSURE, OpenRoadGame().rulings)
    assert "for the rest of the game" in stays
    moves = card_effect(ROAD_CLOSURE, OpenRoadGame(road_closure="moves").rulings)
    assert "moves it" in moves and "reopens" in moves
    assert "for good" not in moves and "rest of the game" not in moves
    for kind in MOTHER_LODE_KINDS:  # no other card's words depend on road_closure
        if kind.key != "road_closure":
            assert card_effect(kind, OpenRoadGame(road_closure="moves").rulings) == kind.effect


def test_moving_the_road_closure_cube_is_told_as_a_move() -> None:
    """Option road_closure=moves: 'the card moves the one cube (the camp site it
    leaves reopens)'. The action's words say so, not 'puts the cube on'."""
    state = ready(players=2, road_closure="moves")
    camp = "Front Range camp 1"
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    assert state.action_to_string(dot(camp), 0) == f"puts the road closure cube on {camp}"
    state.apply_action(dot(camp), 0)
    give_ml(state, 0, "road_closure")
    state.apply_action(play_ml("road_closure"), 0)
    assert state.mode == CLOSE
    other = state.legal_actions(0)[0]
    words = state.action_to_string(other, 0)
    assert words == f"moves the road closure cube to {A.dot_name(other)} ({camp} reopens)"


@pytest.mark.parametrize(
    ("rule", "open_after"),
    [
        ("each_city", ["Bend, OR", "Roanoke, VA", "North Conway, NH"]),
        ("once", []),
        ("every_landing", list(MOUNTAIN)),
    ],
)
def test_the_view_lists_the_side_trip_cities_that_still_pay(
    rule: str, open_after: list[str]
) -> None:
    """'If you land on any city listed on your SIDE TRIP CARD you get (3) ENERGY and
    (3) MONEY cubes'. Option side_trip: each_city pays once a city, once pays once in
    all, every_landing every time. The view's side_trip_open (what the boards show as
    still paying) is every city before the first bonus, and after it follows the
    option; and it predicts the engine: a listed city pays, an unlisted one does not."""
    state = ready(players=2, specs={0: {"side": MOUNTAIN_TOWNS}}, side_trip=rule)
    state.heart[0] = dot("Omaha, NE")
    assert state.view(None)["riders"][0]["side_trip_open"] == list(MOUNTAIN)
    place(state, 0, "Denver, CO", energy=2, money=0)
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert state.money[0] == 3
    rider = state.view(None)["riders"][0]
    assert rider["side_trip_paid"] == ["Breckenridge, CO"]
    assert rider["side_trip_open"] == open_after
    # Back to Breckenridge next turn: it pays again exactly when the view said so.
    state.apply_action(dot("Denver, CO"), 0)
    state.apply_action(A.NO_HOTEL, 0)
    state.turn, state.actions_left, state.mode, state._legal_cache = 0, 2, ACT, None
    state.energy[0] = 2
    state.apply_action(dot("Breckenridge, CO"), 0)
    assert state.money[0] == (6 if "Breckenridge, CO" in open_after else 3)
