"""America's Main Street's components (/work/shared/rules/americas-main-street.txt)
and the mat reconstructed in FACTS.md, as ``roadtrip.games.main_street.data`` holds
them; the options both games share; and the rulings document
(docs/rules/americas-main-street.md).

Each test's docstring quotes the rulebook sentence, or the FACTS.md reconstruction,
that it checks.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import roadtrip
from roadtrip.core import CHANCE, InvalidOption
from roadtrip.games.main_street import data
from roadtrip.games.main_street.data import (
    BLACK,
    BOXES,
    COLOR_INDEX,
    COLORS,
    FULL_BAG,
    NUM_COLORS,
    PLACE_COLOR,
    POINTS,
    ROUTE_ORDER,
    TOTAL_CUBES,
    mat_points,
)
from roadtrip.games.main_street.view import PALETTE

GAME_IDS = ("get-your-kicks", "mileage-may-vary")

# The rulebook's component list, in its order.
RULEBOOK_CUBES = {
    "black": 25,
    "red": 20,
    "yellow": 20,
    "light_blue": 15,
    "pink": 15,
    "green": 10,
    "dark_blue": 10,
    "orange": 5,
    "purple": 5,
}

# FACTS.md, "Better-supported assignment (supersedes an earlier guess)": Arizona red,
# Oklahoma yellow, Texas orange, Kansas purple; Missouri light blue ("Missouri blue", 3
# points) and New Mexico pink; California dark blue, Illinois green (a ruling).  Black
# cubes go on the Route 66 sign.
FACTS_PLACES = {
    "black": "Route 66 sign",
    "red": "Arizona",
    "yellow": "Oklahoma",
    "light_blue": "Missouri",
    "pink": "New Mexico",
    "green": "Illinois",
    "dark_blue": "California",
    "orange": "Texas",
    "purple": "Kansas",
}

# FACTS.md: "black 1; red, yellow 2; light blue, pink 3; green, dark blue 4; orange,
# purple 5."
FACTS_POINTS = {
    "black": 1,
    "red": 2,
    "yellow": 2,
    "light_blue": 3,
    "pink": 3,
    "green": 4,
    "dark_blue": 4,
    "orange": 5,
    "purple": 5,
}

# FACTS.md: "red, yellow 4; light blue, pink 3; green, dark blue 2; orange, purple 1;
# the sign 5 black boxes."
FACTS_BOXES = {
    "black": 5,
    "red": 4,
    "yellow": 4,
    "light_blue": 3,
    "pink": 3,
    "green": 2,
    "dark_blue": 2,
    "orange": 1,
    "purple": 1,
}

# The rulebook's scoring example, term by term (cubes x points).
JASMINE_TERMS = [(3, 1), (1, 4), (1, 2), (2, 3), (1, 5), (1, 2), (2, 5), (1, 3), (2, 4)]


def jasmine_mat() -> list[int]:
    """A mat with Jasmine's cube counts: each term of the example goes to the first
    colour (in COLORS order) with that many points that has no cubes yet."""
    mat = [0] * NUM_COLORS
    for cubes, points in JASMINE_TERMS:
        color = next(c for c in range(NUM_COLORS) if POINTS[c] == points and mat[c] == 0)
        mat[color] = cubes
    return mat


# ------------------------------------------------------------------ the cubes
def test_the_bag_holds_125_cubes_in_nine_colours() -> None:
    """Components: '126 Wooden Cubes in 10 Colors: 25 Black, 20 Red, 20 Yellow, 15 Light
    Blue, 15 Pink, 10 Green, 10 Dark Blue, 5 Orange, and 5 Purple'; Setup: 'Fill the
    bag with all the cubes except the white cube.'"""
    assert [c.key for c in COLORS] == list(RULEBOOK_CUBES)
    assert {c.key: c.cubes for c in COLORS} == RULEBOOK_CUBES
    assert FULL_BAG == (25, 20, 20, 15, 15, 10, 10, 5, 5)
    assert TOTAL_CUBES == sum(FULL_BAG) == 125
    assert "white" not in COLOR_INDEX
    assert COLOR_INDEX["black"] == BLACK == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_starts_with_the_full_bag_and_empty_mats(game_id: str) -> None:
    """Setup: 'The setup is the same for both games. Give each player a mat [...] Fill
    the bag with all the cubes except the white cube.'  The first draw's odds are the
    bag's counts out of 125, exactly."""
    for players in range(1, 6):
        state = roadtrip.load_game(game_id, players=players).new_initial_state()
        assert state.current_player() == CHANCE
        view = state.view(None)
        assert view["bag"] == list(FULL_BAG) and view["bag_total"] == 125
        assert [m["cubes"] for m in view["mats"]] == [[0] * NUM_COLORS] * players
        assert state.chance_outcomes_exact() == [
            (c, Fraction(n, 125)) for c, n in enumerate(FULL_BAG)
        ]
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_chance_actions_are_colour_indexes_in_the_rulebooks_order() -> None:
    """Ruling (encoding): a chance outcome is the colour of the cube drawn, 0..8 in the
    rulebook's order (black, red, yellow, light blue, pink, green, dark blue, orange,
    purple); a decision is 0 (stop / conclude) or 1 (go on)."""
    for game_id in GAME_IDS:
        game = roadtrip.load_game(game_id)
        assert game.max_chance_outcomes() == NUM_COLORS == 9
        assert game.num_distinct_actions() == 2
        state = game.new_initial_state()
        assert state.legal_actions() == list(range(9))
        assert state.action_to_string(COLOR_INDEX["red"]) == "draw a red cube (Arizona)"
        assert state.action_to_string(BLACK) == "draw a black cube (Route 66 sign)"


# ------------------------------------------------------------------ the mat
def test_the_eight_states_west_to_east_and_the_sign() -> None:
    """FACTS.md: 'The 8 states on Route 66, west to east order on the highway:
    California, Arizona, New Mexico, Texas, Oklahoma, Kansas, Missouri, Illinois.
    Black cubes go on the Route 66 sign.'"""
    assert ROUTE_ORDER == (
        "California",
        "Arizona",
        "New Mexico",
        "Texas",
        "Oklahoma",
        "Kansas",
        "Missouri",
        "Illinois",
    )
    assert sorted(PLACE_COLOR) == sorted([*ROUTE_ORDER, "Route 66 sign"])
    assert COLORS[BLACK].place == "Route 66 sign"
    assert len({c.place for c in COLORS}) == 9  # one colour per state


def test_state_colours_follow_the_rulebook_examples_and_facts() -> None:
    """Get Your Kicks example: 'Grant first pulled an Arizona red cube, and continued on,
    pulling a Missouri blue cube.'  FACTS.md completes the assignment (a ruling)."""
    assert {c.key: c.place for c in COLORS} == FACTS_PLACES
    assert COLORS[PLACE_COLOR["Arizona"]].key == "red"
    assert COLORS[PLACE_COLOR["Missouri"]].key == "light_blue"


def test_jasmines_multipliers_in_highway_order_fit_the_state_colours() -> None:
    """FACTS.md: 'Read in the order of the highway, west to east after the sign,
    Jasmine's multipliers 1 | 4, 2, 3, 5, 2, 5, 3, 4 give California 4, Arizona 2, New
    Mexico 3, Texas 5, Oklahoma 2, Kansas 5, Missouri 3, Illinois 4.'  The points of
    each place's colour are the example's multipliers in that order (issue 11: the
    earlier assignment had Missouri 4, California 3)."""
    places = ["Route 66 sign", *ROUTE_ORDER]
    assert [COLORS[PLACE_COLOR[p]].points for p in places] == [
        points for _, points in JASMINE_TERMS
    ]
    highway_mat = [0] * NUM_COLORS
    for place, (cubes, _) in zip(places, JASMINE_TERMS, strict=True):
        highway_mat[PLACE_COLOR[place]] = cubes
    assert mat_points(highway_mat) == 43


def test_points_fall_as_a_colour_gets_more_common() -> None:
    """FACTS.md: 'The scoring example [...] has nine multipliers, one 1 and two each of
    2, 3, 4, 5: one per color. Points fall as a color gets more common.'"""
    assert {c.key: c.points for c in COLORS} == FACTS_POINTS
    assert Counter(POINTS) == Counter(points for _, points in JASMINE_TERMS)
    for a in COLORS:
        for b in COLORS:
            if a.cubes > b.cubes:
                assert a.points < b.points, (a.key, b.key)
            if a.cubes == b.cubes:
                assert a.points == b.points, (a.key, b.key)


def test_mat_points_reproduce_jasmines_43() -> None:
    """Get Your Kicks example: 'She tallies up her score, which is 43 points! (3x1 + 1x4
    + 1x2 + 2x3 + 1x5 + 1x2 + 2x5 + 1x3 + 2x4 = 43)'"""
    mat = jasmine_mat()
    assert sorted(zip(mat, POINTS, strict=True)) == sorted(JASMINE_TERMS)
    assert all(mat)  # 'getting at least one cube of each color'
    assert mat_points(mat) == 43
    assert mat_points(tuple(mat)) == 43
    assert mat_points([0] * NUM_COLORS) == 0
    assert mat_points(list(FULL_BAG)) == sum(n * p for n, p in zip(FULL_BAG, POINTS, strict=True))


def test_mileage_boxes_one_per_five_cubes() -> None:
    """FACTS.md: 'Game 2 box counts follow the cube counts (one box per five cubes):
    red, yellow 4; light blue, pink 3; green, dark blue 2; orange, purple 1; the sign 5
    black boxes.'  Rulebook: 'plus 5 black cubes that are placed on the Route 66
    highway sign'."""
    assert {c.key: c.boxes for c in COLORS} == FACTS_BOXES
    assert all(c.boxes * 5 == c.cubes for c in COLORS)
    assert BOXES[BLACK] == 5


def test_texas_and_kansas_need_one_cube_arizona_and_oklahoma_four() -> None:
    """Your Mileage May Vary: 'Some States (like Texas and Kansas) [...] only require one
    cube of the correct color (there are fewer cubes of this color in the game). The
    longer distance States (like Arizona and Oklahoma) require more fuel (4 cubes)
    [...] there are more black cubes than any other color in the game.'"""
    boxes = {c.place: c.boxes for c in COLORS}
    assert boxes["Texas"] == boxes["Kansas"] == 1
    assert boxes["Arizona"] == boxes["Oklahoma"] == 4
    assert max(BOXES) == BOXES[BLACK] == 5
    assert FULL_BAG[BLACK] > max(n for c, n in enumerate(FULL_BAG) if c != BLACK)
    fewest = min(FULL_BAG)
    assert {COLORS[c].place for c, n in enumerate(FULL_BAG) if n == fewest} == {"Texas", "Kansas"}


def test_a_mat_has_25_boxes_and_five_mats_take_every_cube() -> None:
    """'filling all the boxes on each of the 8 U.S. States [...] plus 5 black cubes':
    25 boxes per mat; with the components' '5 Player Mats', five full mats would hold
    all 125 cubes."""
    assert sum(BOXES) == 25
    assert 5 * sum(BOXES) == TOTAL_CUBES
    assert all(5 * b == n for b, n in zip(BOXES, FULL_BAG, strict=True))


def test_the_view_palette_is_the_data() -> None:
    """Ruling (views): every view lists the nine colours with their state, points,
    boxes and cube count, for the boards to draw."""
    assert [p["color"] for p in PALETTE] == list(range(NUM_COLORS))
    for entry, color in zip(PALETTE, COLORS, strict=True):
        assert entry["key"] == color.key and entry["place"] == color.place
        assert (entry["points"], entry["boxes"], entry["cubes"]) == (
            color.points,
            color.boxes,
            color.cubes,
        )
        assert re.fullmatch(r"#[0-9a-f]{6}", str(entry["hex"]))
        assert entry["mark"] == color.mark


def test_every_place_has_a_mark_shown_on_its_cubes() -> None:
    """Issue 11: the whole game is colour matching, so every state (and the sign) has
    a two-letter mark that its cubes carry too: told apart without colour."""
    marks = {c.place: c.mark for c in COLORS}
    assert marks == {
        "Route 66 sign": "66",
        "California": "CA",
        "Arizona": "AZ",
        "New Mexico": "NM",
        "Texas": "TX",
        "Oklahoma": "OK",
        "Kansas": "KS",
        "Missouri": "MO",
        "Illinois": "IL",
    }
    assert data.color_list(0b101) == [0, 2]


# ------------------------------------------------------------------ options
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_players_one_to_five_mats(game_id: str) -> None:
    """Components: '5 Player Mats'; Setup: 'Give each player a mat (teams of 2 players
    share one mat)'; Solo Play.  Option ``players``: default 1, range 1..5; a team is
    one seat."""
    game = roadtrip.load_game(game_id)
    assert game.num_players() == 1
    assert (game.info.min_players, game.info.max_players) == (1, 5)
    for players in range(1, 6):
        assert roadtrip.load_game(game_id, players=players).num_players() == players
    for bad in (0, 6, "2", True):
        with pytest.raises(InvalidOption):
            roadtrip.load_game(game_id, players=bad)


OPTION_VALUES: dict[str, dict[str, tuple[Any, tuple[Any, ...]]]] = {
    "get-your-kicks": {
        "players": (1, (2, 3, 4, 5)),
        "end": ("immediate", ("finish_round",)),
        "solo_six_black": ("loss", ("win", "ignore")),
        "max_rounds": (0, (1, 5)),
    },
    "mileage-may-vary": {
        "players": (1, (2, 3, 4, 5)),
        "end": ("immediate", ("finish_round",)),
        "short_bag": ("partial", ("refuse",)),
        "max_rounds": (0, (1, 5)),
    },
}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_default_and_alternative_loads(game_id: str) -> None:
    """Each option's default and every alternative load; anything else raises
    InvalidOption (the documentation lists exactly these)."""
    spec = {o.name: o for o in roadtrip.load_game(game_id).options_spec}
    assert set(spec) == set(OPTION_VALUES[game_id])
    for name, (default, alternatives) in OPTION_VALUES[game_id].items():
        option = spec[name]
        assert option.default == default
        assert option.rule, name
        if option.choices:
            assert set(option.choices) == {default, *alternatives}
        for value in alternatives:
            game = roadtrip.load_game(game_id, **{name: value})
            assert game.options[name] == value
            game.new_initial_state()
        if option.choices:
            with pytest.raises(InvalidOption):
                roadtrip.load_game(game_id, **{name: "nonsense"})
    with pytest.raises(InvalidOption):
        roadtrip.load_game(game_id, nonsense=1)


def test_game_specific_options_do_not_cross_over() -> None:
    """``solo_six_black`` is Get Your Kicks only; ``short_bag`` is Your Mileage May Vary
    only (Get Your Kicks draws one cube at a time)."""
    with pytest.raises(InvalidOption):
        roadtrip.load_game("mileage-may-vary", solo_six_black="win")
    with pytest.raises(InvalidOption):
        roadtrip.load_game("get-your-kicks", short_bag="refuse")


# ------------------------------------------------------- the rulings document
ROOT = Path(__file__).resolve().parents[3]
RULINGS = ROOT / "docs" / "rules" / "americas-main-street.md"


def test_rulings_document_covers_every_option() -> None:
    """docs/rules/americas-main-street.md names every option of both games with its
    default and alternatives."""
    text = RULINGS.read_text()
    for game_id in GAME_IDS:
        for option in roadtrip.load_game(game_id).options_spec:
            assert f"`{option.name}`" in text
            default = str(option.default).lower()
            assert f"`{default}`" in text, (option.name, default)
            for choice in option.choices:
                assert f"`{choice}`" in text, (option.name, choice)


def test_rulings_document_links_only_existing_tests() -> None:
    """Every test the rulings document names exists (renaming a test breaks the link)."""
    text = RULINGS.read_text()
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", text))
    assert len(named) > 40
    defined = {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), re.MULTILINE)
    }
    assert named - defined == set()


def test_rulings_document_table_is_the_data() -> None:
    """The mat table in the rulings document shows the data: colour, state, cubes, Get
    Your Kicks points and Your Mileage May Vary boxes."""
    text = RULINGS.read_text()
    for color in COLORS:
        row = f"| {color.name} | {color.place} | {color.cubes} | {color.points} | {color.boxes} |"
        assert row in text, row
