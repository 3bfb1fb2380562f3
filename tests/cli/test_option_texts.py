"""The terminal's words follow the match's variant options, not only the defaults:
The Open Road's Road Closure text (option road_closure) and Side Trip cities
(option side_trip), Road Rally USA's "who may reveal" (option trigger).  The
browser board says the same (tests/web/test_web_option_texts.py)."""

from __future__ import annotations

import re
from random import Random
from typing import Any, cast

import pytest

import roadtrip
from roadtrip.cli.open_road import events as road_events
from roadtrip.cli.open_road.board import OpenRoadUI
from roadtrip.cli.open_road.draw import Names as RoadNames
from roadtrip.cli.open_road.draw import rider_lines
from roadtrip.cli.open_road.menu import ride_notes
from roadtrip.cli.road_rally import events as rally_events
from roadtrip.cli.road_rally.draw import Names as RallyNames
from roadtrip.core import CHANCE, sample_chance
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.cards import SIDE_TRIP_CARDS
from roadtrip.games.open_road.rules import OpenRoadState

MOUNTAIN = next(i for i, c in enumerate(SIDE_TRIP_CARDS) if c.name == "Mountain Towns")
BRECKENRIDGE = BOARD.id_of("Breckenridge, CO")  # 2nd of Mountain Towns, near Denver
ROAD_CLOSURE = A.ML_INDEX["road_closure"]


def started(players: int = 2, **options: Any) -> OpenRoadState:
    """A race after its setup (first legal choices), seat 0 to ride."""
    game = roadtrip.load_game("open-road", players=players, **options)
    state = cast(OpenRoadState, game.new_initial_state())
    rng = Random(3)
    while state.mode_name != "act":
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.current_player()
            state.apply_action(state.legal_actions(seat)[0], seat)
    assert state.turn == 0
    return state


def ui() -> OpenRoadUI:
    board = OpenRoadUI()
    board.bots, board.humans = {1: "random"}, [0]
    return board


def label_of(state: OpenRoadState, action: int) -> str:
    return next(o.label for o in ui().menu(state, 0).options if o.action == action)


# ------------------------------------------------------------ road closure
@pytest.mark.parametrize("rule", ["stays", "moves"])
def test_the_road_closure_menu_and_draw_say_what_the_option_does(rule: str) -> None:
    """'The ROAD CLOSURE CARD can shut down any route for the remainder of the game.'
    Option road_closure: stays (default), the cube stays for the rest of the game;
    moves, the next card moves it and the camp site it leaves reopens.  The menu's
    label and the narrated draw of the card say which."""
    state = started(road_closure=rule)
    state.ml[0][ROAD_CLOSURE] += 1
    state.ml_deck[ROAD_CLOSURE] -= 1
    state._legal_cache = None
    label = label_of(state, A.MOTHER_LODE_BASE + ROAD_CLOSURE)
    # A Mother Lode card drawn: 5 Extra Money cards traded, the Road Closure drawn.
    state.ml[0][ROAD_CLOSURE] -= 1
    state.ml_deck[ROAD_CLOSURE] += 1
    money = A.KIND_INDEX["extra_money"]
    state.hand[0][money] += 5
    state.draw_pile[money] -= 5
    state._legal_cache = None
    state.apply_action(A.TRADE_FOR_MOTHER_LODE, 0)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions(0)[0], 0)
    before = state.clone()
    draw = A.MOTHER_LODE_CARD_BASE + ROAD_CLOSURE
    state.apply_action(draw)
    told = " ".join(road_events.explain(before, CHANCE, draw, state, RoadNames(0)))
    assert "Road Closure" in label and "the Mother Lode card Road Closure" in told
    for text in (label, told):
        if rule == "stays":
            assert "closes a camp site for the rest of the game" in text
        else:
            assert "until the next Road Closure moves it" in text and "reopens" in text
            assert "for good" not in text and "rest of the game" not in text


def test_moving_the_road_closure_cube_is_narrated_as_a_move() -> None:
    """Option road_closure=moves: a second Road Closure moves the one cube and the
    camp site it leaves reopens; the narration says so."""
    state = started(road_closure="moves")
    closed = []
    for _ in range(2):
        state.ml[0][ROAD_CLOSURE] += 1
        state.ml_deck[ROAD_CLOSURE] -= 1
        state._legal_cache = None
        state.apply_action(A.MOTHER_LODE_BASE + ROAD_CLOSURE, 0)
        before, camp = state.clone(), state.legal_actions(0)[0]
        state.apply_action(camp, 0)
        closed.append(BOARD.dots[camp].name)
    told = " ".join(road_events.explain(before, 0, camp, state, RoadNames(0)))
    assert f"You move the road closure cube from {closed[0]} to {closed[1]}" in told, told
    assert f"{closed[0]} reopens" in told


# ------------------------------------------------------------ side trip
@pytest.mark.parametrize(
    ("rule", "pays"),
    [("each_city", True), ("once", False), ("every_landing", True)],
)
def test_side_trip_cities_are_shown_as_the_option_pays_them(rule: str, pays: bool) -> None:
    """'If you land on any city listed on your SIDE TRIP CARD you get (3) ENERGY and
    (3) MONEY cubes'. With Bend (Mountain Towns) paid: each_city, the other cities
    still pay; once, none does; every_landing, all do, Bend too.  The ride menu's
    note and the rider's lines (a distance beside a city that pays, none beside one
    that pays nothing now) say so."""
    state = started(side_trip=rule)
    state.side[0], state.side_paid[0] = MOUNTAIN, 1  # Bend paid
    state.pos[0], state.energy[0] = BOARD.id_of("Denver, CO"), 3
    state._legal_cache = None
    view = state.view(None)
    assert BRECKENRIDGE in [ride[0] for ride in state.view(0)["rides"]]
    assert ("Side Trip +3/+3" in ride_notes(state, view["riders"][0], BRECKENRIDGE)) == pays
    line = next(t.plain for t in rider_lines(view, 0, RoadNames(0)) if "Side Trip" in t.plain)
    assert bool(re.search(r"Breckenridge \d+", line)) == pays
    assert bool(re.search(r"Bend \d+", line)) == (rule == "every_landing")
    assert ("Bend ✓" in line) == (rule != "every_landing")


# ------------------------------------------------------------ ending
def test_a_shared_finish_names_every_winner() -> None:
    """Option ending=finish_round: 'the riders with the fewest dots left to their
    destination (those who arrived) share the victory'.  Seats 0 and 2 arrive in
    Denver in the same round: the end line names both, not seat 0 alone."""
    state = started(players=3, ending="finish_round")
    denver = BOARD.id_of("Denver, CO")
    for seat in (0, 2):
        state.dest[seat] = denver
        state.pos[seat], state.energy[seat] = BOARD.id_of("Pueblo, CO"), 2
    state._legal_cache = None
    state.apply_action(denver, 0)
    while state.turn != 2 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, Random(1)))
        else:
            seat = state.current_player()
            legal = state.legal_actions(seat)
            state.apply_action(A.PICK_UP if A.PICK_UP in legal else legal[0], seat)
    state.apply_action(denver, 2)
    assert state.is_terminal() and state.winners() == [0, 2]
    line = road_events.ending(state.view(None), RoadNames(0))
    assert "You and Player 3" in line and "share the victory" in line, line


# ------------------------------------------------------------ road rally
def first_reveal_lines(trigger: str) -> list[str]:
    """The narration of the step that first asks whether to reveal a rally card, in a
    three-car race of random moves."""
    game = roadtrip.load_game("road-rally", players=3, trigger=trigger)
    state, rng = game.new_initial_state(), Random(5)
    while not state.is_terminal():
        before = state.clone()
        if state.is_chance_node():
            seat, action = CHANCE, sample_chance(state, rng)
        else:
            seat = state.current_player()
            action = rng.choice(state.legal_actions(seat))
        state.apply_action(action, seat)
        if state.view(None)["phase"] == "reveal":
            found = rally_events.entry_events(before, seat, action, state, RallyNames())
            return [event.text for event in found]
    raise AssertionError("no rally point was crossed")


@pytest.mark.parametrize("trigger", ["any", "passed"])
def test_who_may_reveal_a_crossed_rally_point_follows_the_trigger_option(trigger: str) -> None:
    """'If a player wants to score that rally point, they reveal the rally point card'.
    Option trigger: any (default), whoever holds the card; passed, only a player whose
    car is on or beyond the rally point.  The narration says which."""
    lines = [t for t in first_reveal_lines(trigger) if "was crossed" in t]
    assert len(lines) == 1
    match = re.search(r"rally point (\d+) was crossed; whoever holds rally card \1 ", lines[0])
    assert match, lines[0]
    beyond = f"if their car is on or beyond rally point {match.group(1)}"
    assert (beyond in lines[0]) == (trigger == "passed")
