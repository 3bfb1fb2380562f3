"""Road Rally USA's designed components: track tiles, layouts and decks.

The rulebook (/work/shared/rules/road-rally-usa.txt) does not publish the board or
the decks; FACTS.md says what is public (tiles of 8 segments, 21 rally points, 6
checkpoint tiles, 21-card decks of green 1-2, yellow 2-3, red 3-4).  The design is a
ruling documented in docs/rules/road-rally-usa.md; these tests pin it down, the
demo track space by space.
"""

from __future__ import annotations

import pytest

import roadtrip
from roadtrip.games.road_rally import data
from roadtrip.games.road_rally.rules import RoadRallyGame
from roadtrip.games.road_rally.track import GAS, MECHANIC, PLAIN, STORE, build_track

LEGEND = set(".RGMSC<>")


def game(**options: object) -> RoadRallyGame:
    loaded = roadtrip.load_game("road-rally", **options)
    assert isinstance(loaded, RoadRallyGame)
    return loaded


# --------------------------------------------------------------------- tiles
def test_every_tile_has_eight_segments_in_the_legend() -> None:
    """FACTS.md: 'each tile 8 track segments'; the tile strings use the legend of
    data.py ('.', R, G, M, S, C and a shortcut's > and <)."""
    tiles = [data.START_TILE, data.FINISH_TILE, *data.STANDARD_TILES.values()]
    assert all(len(tile) == data.SEGMENTS_PER_TILE == 8 for tile in tiles)
    assert set(data.START_TILE) == {"."}
    assert data.FINISH_TILE[0] == "F" and set(data.FINISH_TILE[1:]) == {"."}
    for name, tile in data.STANDARD_TILES.items():
        assert set(tile) <= LEGEND, name
        assert tile.count(">") == tile.count("<") <= 1, name
        if ">" in tile:
            assert tile.index(">") < tile.index("<"), f"{name}: a shortcut leads forward"


def test_ten_standard_tiles_carry_21_rally_spaces_and_5_checkpoint_spots() -> None:
    """FACTS.md: '1 start tile, 10 standard track tiles and 1 finish tile'; '21
    rally point chips'; '6 checkpoint tiles' (5 spots on standard tiles and one on the
    approach to the finish)."""
    assert sorted(data.STANDARD_TILES) == list("ABCDEFGHIJ") == list(data.DEMO_ORDER)
    tiles = data.STANDARD_TILES.values()
    assert sum(t.count("R") for t in tiles) == data.RALLY_POINTS == 21
    assert sum(t.count("C") for t in tiles) == data.CHECKPOINT_TILES - 1 == 5
    assert sum(t.count(">") for t in tiles) == 5
    assert sum(t.count("G") for t in tiles) == 4
    assert sum(t.count("M") for t in tiles) == 2
    assert sum(t.count("S") for t in tiles) == 3


def test_decks_have_21_cards_of_the_published_colours_and_values() -> None:
    """FACTS.md: '5 movement decks of 21 cards'; 'green cards are 1s and 2s, yellow
    2s and 3s, red 3s and 4s'.  Each deck option is a split of those six kinds."""
    kinds = [(data.COLOR_NAMES[c.color], c.value) for c in data.CARD_TYPES]
    expected = [("green", 1), ("green", 2), ("yellow", 2), ("yellow", 3), ("red", 3), ("red", 4)]
    assert kinds == expected
    assert set(data.DECKS) == {"balanced", "green_heavy", "red_heavy"}
    for name, deck in data.DECKS.items():
        assert len(deck) == data.NUM_TYPES and sum(deck) == 21, name
        assert all(count > 0 for count in deck), name
    assert data.DECKS["balanced"] == (4, 3, 4, 3, 4, 3)
    assert data.DECKS["green_heavy"] == (5, 4, 3, 3, 3, 3)
    assert data.DECKS["red_heavy"] == (3, 2, 3, 3, 5, 5)


@pytest.mark.parametrize("deck", sorted(data.DECKS))
def test_the_deck_option_chooses_each_cars_21_cards(deck: str) -> None:
    state = game(deck=deck).new_initial_state()
    for cards in state.cards:
        assert tuple(cards.unknown) == data.DECKS[deck]
        assert cards.deck_size == 21 and cards.hand_size == 0


# -------------------------------------------------------------- demo layout
def test_demo_track_space_by_space() -> None:
    """Demo Set Up A-C on the demo layout (layout=0, tiles=12): start, A-J in order,
    finish; rally points 1-21 on the rally spaces in order from the start line;
    the checkpoint tiles on the checkpoint spots."""
    track = game().track
    assert track.tiles == ("start", *"ABCDEFGHIJ", "finish")
    assert track.length == 96 and track.last_space == 95
    assert track.finish == 88  # the first space of the finish tile
    assert track.rally_space == {
        1: 10, 2: 14, 3: 18, 4: 23, 5: 26, 6: 30, 7: 33, 8: 39, 9: 42, 10: 47,
        11: 49, 12: 55, 13: 58, 14: 62, 15: 66, 16: 70, 17: 71, 18: 74, 19: 78,
        20: 81, 21: 87,
    }  # fmt: skip
    assert track.rally_at == {s: n for n, s in track.rally_space.items()}
    assert track.checkpoint_space == (8, 24, 40, 56, 72, 87)
    assert track.shortcut == {17: 21, 35: 38, 50: 53, 65: 69, 83: 85}
    special = {i: f for i, f in enumerate(track.features) if f != PLAIN}
    assert special == {
        12: GAS, 27: STORE, 36: MECHANIC, 45: GAS, 51: STORE,
        60: MECHANIC, 67: GAS, 76: STORE, 84: GAS,
    }  # fmt: skip


def test_shortcut_entrances_and_exits_are_plain_road() -> None:
    """Shortcut: 'move across the shortcut to the opposite track space' (a U-shaped
    tile: the shortcut joins opposite spaces across the bend)."""
    for layout in (0, 1, 2, 99):
        track = build_track(layout, 12)
        for entrance, exit_ in track.shortcut.items():
            assert entrance < exit_
            assert entrance // 8 == exit_ // 8, "a shortcut stays within its tile"
            assert track.features[entrance] == track.features[exit_] == PLAIN
            assert entrance not in track.rally_at and exit_ not in track.rally_at
            assert entrance not in track.checkpoint_space
            assert exit_ not in track.checkpoint_space


# ---------------------------------------------------------- seeded layouts
def test_seeded_layouts_are_deterministic_permutations() -> None:
    """Layout option: any other number gives the tiles in an order built
    deterministically from it (the same number, the same track)."""
    orders = {data.tile_order(seed, 10) for seed in range(1, 60)}
    assert all(sorted(order) == list("ABCDEFGHIJ") for order in orders)
    assert len(orders) > 50, "different seeds give different tracks"
    assert data.tile_order(7, 10) == data.tile_order(7, 10)
    assert build_track(7, 12) == build_track(7, 12)
    assert data.tile_order(0, 10) == "ABCDEFGHIJ"
    assert data.tile_order(7, 5) == data.tile_order(7, 10)[:5]


@pytest.mark.parametrize("layout", [0, 1, 7, 12345])
def test_every_full_layout_has_21_rally_points_and_6_checkpoints(layout: int) -> None:
    """Demo Set Up B: 'Place the 21 rally point tokens on the rally point spaces, in
    order, beginning at the Start Line'; C: checkpoint tiles on their spots."""
    track = build_track(layout, 12)
    assert track.rally_numbers() == list(range(1, 22))
    spaces = [track.rally_space[n] for n in range(1, 22)]
    assert spaces == sorted(spaces)
    assert len(track.checkpoint_space) == 6
    assert list(track.checkpoint_space) == sorted(set(track.checkpoint_space))
    assert track.checkpoint_space[-1] == track.finish - 1
    assert all(0 < s < track.finish for s in (*spaces, *track.checkpoint_space))


@pytest.mark.parametrize(("tiles", "rally"), [(4, 4), (5, 6), (7, 10), (12, 21)])
def test_race_length_in_tiles(tiles: int, rally: int) -> None:
    """Demo Set Up A: 'adding boards as you wish until adding the Finish tile'.
    FACTS.md: a short race about 7 tiles, the full race 12.  Rally points beyond the
    track are left out with their cards; the halves A and B follow the track."""
    g = game(tiles=tiles)
    assert len(g.track.tiles) == tiles
    assert g.track.length == tiles * 8
    assert g.track.rally_numbers() == list(range(1, rally + 1))
    assert g.rally_a == tuple(range(1, rally // 2 + 1))
    assert g.rally_b == tuple(range(rally // 2 + 1, rally + 1))
    assert 1 <= len(g.track.checkpoint_space) <= 6


def test_rally_decks_a_and_b_are_1_to_10_and_11_to_21() -> None:
    """FACTS.md: 'two from the first half of the race (deck A) and two from the
    second half (deck B). Deck A = rally points 1-10 and deck B = 11-21'."""
    g = game()
    assert g.rally_a == tuple(range(1, 11))
    assert g.rally_b == tuple(range(11, 22))
