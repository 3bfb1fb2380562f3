"""The Open Road's map and components, as designed (docs/rules/the-open-road.md).

The rulebook (/work/shared/rules/the-open-road.txt) gives the kinds of dot, one energy
per dot and the card counts; FACTS.md says the board follows the United States Bicycle
Route System in equal-distance segments, and that the cities, the network, the route and
Side Trip cards, the Mother Lode split and the pannier slots are not public.  These tests
pin the design down.  Run with -s to see the coast-to-coast distance figures.
"""

from __future__ import annotations

import itertools
import statistics
from collections import Counter

import pytest

from roadtrip.games.open_road import map_data as md
from roadtrip.games.open_road.board import (
    UNREACHABLE,
    DotKind,
    Map,
    build_map,
    great_circle_miles,
    standard_map,
)


@pytest.fixture(scope="module")
def board() -> Map:
    return standard_map()


def ids(board: Map, names: tuple[str, ...]) -> list[int]:
    return [board.id_of(name) for name in names]


def east_west_distances(board: Map) -> list[int]:
    out = []
    for east in ids(board, md.EAST_COAST_CARDS):
        row = board.distances_from(east)
        out.extend(row[west] for west in ids(board, md.WEST_COAST_CARDS))
    return out


# ------------------------------------------------------------------- the graph
def test_the_map_is_connected(board: Map) -> None:
    assert UNREACHABLE not in board.distances_from(0)


def test_building_is_deterministic() -> None:
    again = build_map()
    assert [d.name for d in again.dots] == [d.name for d in standard_map().dots]
    assert again.neighbours == standard_map().neighbours


def test_dot_names_are_unique_and_cities_come_first(board: Map) -> None:
    names = [dot.name for dot in board.dots]
    assert len(names) == len(set(names))
    assert [dot.id for dot in board.dots] == list(range(len(board)))
    assert board.city_ids == tuple(range(len(md.CITIES)))
    assert len({city.key for city in md.CITIES}) == len(md.CITIES)
    assert len({town.key for town in md.CAMP_TOWNS}) == len(md.CAMP_TOWNS)
    assert not {town.key for town in md.CAMP_TOWNS} & {city.key for city in md.CITIES}


def test_every_place_is_in_the_contiguous_united_states(board: Map) -> None:
    south, north, west, east = md.CONTIGUOUS_US_BOUNDS
    for dot in board.dots:
        assert south <= dot.lat <= north and west <= dot.lon <= east, dot
        assert round(dot.lat, 2) == dot.lat and round(dot.lon, 2) == dot.lon, dot


def test_big_and_small_city_counts(board: Map) -> None:
    """Big: the major metros (about 25-35); small: 50-90 more."""
    big = [d for d in board.dots if d.kind is DotKind.BIG_CITY]
    small = [d for d in board.dots if d.kind is DotKind.SMALL_CITY]
    camps = [d for d in board.dots if d.kind is DotKind.CAMP]
    print(f"\nOpen Road map: {len(big)} big cities, {len(small)} small cities, {len(camps)} camp")
    print(f"sites ({len(md.CAMP_TOWNS)} named for towns and parks), {len(board.legs)} legs,")
    print(f"{len(list(board.edges()))} segments, {len(board.route_names)} named routes")
    assert len(big) == 34
    assert 25 <= len(big) <= 35
    assert 50 <= len(small) <= 90
    assert len(camps) > len(big) + len(small)


def test_one_dot_is_one_segment_of_roughly_equal_length(board: Map) -> None:
    """FACTS.md: "split into equal-distance segments"; every segment within a factor 2
    of the median."""
    miles = [board.edge_miles(a, b) for a, b in board.edges()]
    median = statistics.median(miles)
    print(
        f"\nsegment length: min {min(miles):.0f} median {median:.0f} max {max(miles):.0f} miles"
        f" (scale {md.MILES_PER_DOT:.0f} great-circle miles per dot)"
    )
    assert 0.85 * md.MILES_PER_DOT <= median <= 1.1 * md.MILES_PER_DOT
    assert max(miles) <= 2 * median
    assert min(miles) >= median / 2


def test_legs_run_city_to_city_and_every_camp_site_is_on_one_leg(board: Map) -> None:
    on_legs: Counter[int] = Counter()
    for leg in board.legs:
        a, b = leg.ends
        assert board.dots[a].is_city and board.dots[b].is_city and a != b
        assert all(board.dots[d].is_camp for d in leg.camps)
        assert leg.routes
        assert leg.length == len(leg.dots) - 1 >= 1
        on_legs.update(leg.camps)
        for camp in leg.camps:
            assert board.leg_of(camp) is leg
    assert set(on_legs) == set(board.camp_ids)
    assert set(on_legs.values()) == {1}
    for camp in board.camp_ids:
        assert len(board.neighbours[camp]) == 2  # junctions are cities


def test_every_segment_belongs_to_exactly_one_leg(board: Map) -> None:
    seen: Counter[tuple[int, int]] = Counter()
    for leg in board.legs:
        for a, b in itertools.pairwise(leg.dots):
            seen[(min(a, b), max(a, b))] += 1
    assert set(seen) == set(board.edges())
    assert set(seen.values()) == {1}
    assert all(b in board.neighbours[a] for a, b in board.edges())


def test_legs_do_not_cross_on_the_board(board: Map) -> None:
    """Routes meet only at cities, so the board can be drawn without crossings."""

    def orient(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    segments = []
    for a, b in board.edges():
        da, db = board.dots[a], board.dots[b]
        segments.append((a, b, (da.lon, da.lat), (db.lon, db.lat)))
    for (a, b, p1, p2), (c, d, p3, p4) in itertools.combinations(segments, 2):
        if len({a, b, c, d}) < 4:
            continue
        if max(p1[0], p2[0]) < min(p3[0], p4[0]) or max(p3[0], p4[0]) < min(p1[0], p2[0]):
            continue
        crosses = (orient(p3, p4, p1) * orient(p3, p4, p2) < 0) and (
            orient(p1, p2, p3) * orient(p1, p2, p4) < 0
        )
        assert not crosses, (board.dots[a].name, board.dots[b].name, board.dots[c].name)


def test_named_routes_follow_their_stops(board: Map) -> None:
    for route in md.ROUTES:
        path = board.route(route.name)
        assert all(b in board.neighbours[a] for a, b in itertools.pairwise(path))
        assert len(set(path)) == len(path), route.name
        names = {board.dots[d].name for d in path}
        for stop in route.stop_keys:
            assert stop in names or f"{stop.split(', ')[0]} camp, {stop.split(', ')[1]}" in names
        cities = board.route_cities(route.name)
        assert board.dots[cities[0]].name == route.stop_keys[0]
        assert board.dots[cities[-1]].name == route.stop_keys[-1]
    transam = [board.dots[d].name for d in board.route_cities("TransAmerica Trail")]
    assert transam[0] == "Newport, OR" and transam[-1] == "Yorktown, VA"
    assert "Missoula, MT" in transam and "Pueblo, CO" in transam
    with pytest.raises(KeyError):
        board.route("Route 67")


# --------------------------------------------------------- coast to coast
def test_every_coast_to_coast_pair_is_reachable_in_a_sensible_number_of_dots(
    board: Map,
) -> None:
    """The 16 x 12 East-West pairs: 35-60 dots is the aim (3 energy to start, 10 at
    most, two actions a turn)."""
    distances = east_west_distances(board)
    assert len(distances) == 16 * 12
    assert UNREACHABLE not in distances
    median = statistics.median(distances)
    counts = Counter(distances)
    print(
        f"\ncoast-to-coast shortest rides, 192 East-West pairs: min {min(distances)}"
        f" median {median:g} mean {statistics.mean(distances):.1f} max {max(distances)} dots"
    )
    print("histogram:", " ".join(f"{d}:{counts[d]}" for d in sorted(counts)))
    assert min(distances) >= 30
    assert 35 <= median <= 45
    assert max(distances) <= 55


def test_route_card_cities_are_cities_on_the_map(board: Map) -> None:
    for name in md.EAST_COAST_CARDS + md.WEST_COAST_CARDS + md.HEARTLAND_CARDS:
        assert board.dot(name).is_city, name
    for trip in md.SIDE_TRIP_CARDS:
        for name in trip.cities:
            assert board.dot(name).is_city, name


def test_coast_cards_are_on_their_coasts_and_heartland_cards_inland(board: Map) -> None:
    east = [board.dot(n) for n in md.EAST_COAST_CARDS]
    west = [board.dot(n) for n in md.WEST_COAST_CARDS]
    heart = [board.dot(n) for n in md.HEARTLAND_CARDS]
    atlantic = {"ME", "NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "DC", "VA"}
    atlantic |= {"NC", "SC", "GA", "FL"}
    assert all(d.state in atlantic and d.lon > -82 for d in east)
    assert all(d.state in {"WA", "OR", "CA"} and d.lon < -117 for d in west)
    assert all(-118 < d.lon < -85 for d in heart)
    assert len(set(md.EAST_COAST_CARDS)) == 16 and len(set(md.WEST_COAST_CARDS)) == 12
    assert len(set(md.HEARTLAND_CARDS)) == 21
    coasts = set(md.EAST_COAST_CARDS) | set(md.WEST_COAST_CARDS)
    assert not coasts & set(md.HEARTLAND_CARDS)


def test_camp_sites_are_never_route_card_cities(board: Map) -> None:
    card_cities = set(md.EAST_COAST_CARDS + md.WEST_COAST_CARDS + md.HEARTLAND_CARDS)
    card_cities |= {c for trip in md.SIDE_TRIP_CARDS for c in trip.cities}
    for camp in board.camp_ids:
        assert board.dots[camp].name not in card_cities
    assert not card_cities & {town.key for town in md.CAMP_TOWNS}


def test_side_trip_cards(board: Map) -> None:
    """Seven cards of 2-4 cities; no city on two cards, none a coast or Heartland city."""
    assert len(md.SIDE_TRIP_CARDS) == 7
    assert len({trip.name for trip in md.SIDE_TRIP_CARDS}) == 7
    listed = [c for trip in md.SIDE_TRIP_CARDS for c in trip.cities]
    assert all(2 <= len(trip.cities) <= 4 for trip in md.SIDE_TRIP_CARDS)
    assert len(listed) == len(set(listed))
    other = set(md.EAST_COAST_CARDS + md.WEST_COAST_CARDS + md.HEARTLAND_CARDS)
    assert not other & set(listed)


# -------------------------------------------------------------------- the cards
def test_playing_cards_match_the_rulebook() -> None:
    counts = {kind.name: kind.copies for kind in md.PLAYING_CARD_KINDS}
    assert counts == {
        "Extra Money": 20,
        "Extra Energy": 20,
        "Headwind": 4,
        "Free Night Stay": 2,
        "Couch Surf": 4,
        "Saddle Sores": 4,
        "Broken Spoke": 1,
        "Cracked Fork": 1,
        "Snapped Pedal": 1,
        "Bent Rim": 1,
        "Tune Up": 2,
    }
    assert len(md.PLAYING_DECK) == 60
    assert Counter(md.PLAYING_DECK) == {k.key: k.copies for k in md.PLAYING_CARD_KINDS}


def test_mother_lode_cards_twelve_of_eight_kinds() -> None:
    names = [kind.name for kind in md.MOTHER_LODE_KINDS]
    assert names == [
        "Lost I.D.",
        "Better Tent",
        "Bandit",
        "Credit Card",
        "Road Closure",
        "Peloton",
        "Slow Leak",
        "Lottery Ticket",
    ]
    assert len(md.MOTHER_LODE_DECK) == 12
    assert all(kind.copies >= 1 for kind in md.MOTHER_LODE_KINDS)
    split = {kind.key: kind.copies for kind in md.MOTHER_LODE_KINDS}
    assert split["road_closure"] == 1  # "(1) Road Closure Cube (red)"
    assert sorted(split.values()) == [1, 1, 1, 1, 2, 2, 2, 2]


def test_card_keys_are_unique_and_the_pannier_has_room_for_the_trades() -> None:
    keys = [k.key for k in md.PLAYING_CARD_KINDS + md.MOTHER_LODE_KINDS]
    assert len(keys) == len(set(keys))
    # Trading 5 playing cards for a Mother Lode card while holding the other one allowed.
    assert md.PANNIER_CARD_SLOTS == 8
    assert md.PANNIER_CARD_SLOTS >= 5 + 1


# --------------------------------------------------------------- the helpers
def test_shortest_paths_are_paths_of_the_table_length(board: Map) -> None:
    picks = board.city_ids[::7] + board.camp_ids[::23]
    for a, b in itertools.product(picks, repeat=2):
        path = board.shortest_path(a, b)
        assert path is not None and path[0] == a and path[-1] == b
        assert len(path) - 1 == board.distance(a, b) == board.distance(b, a)
        assert all(y in board.neighbours[x] for x, y in itertools.pairwise(path))


def test_the_city_table_is_symmetric(board: Map) -> None:
    table = board.city_distances()
    n = len(board.city_ids)
    assert all(table[i][j] == table[j][i] for i in range(n) for j in range(n))
    assert all(table[i][i] == 0 for i in range(n))


def test_a_road_closure_cuts_its_leg(board: Map) -> None:
    """A closed camp site cannot be entered: riders go round by another leg."""
    seattle, astoria = board.id_of("Seattle, WA"), board.id_of("Astoria, OR")
    direct = next(leg for leg in board.legs_at(seattle) if astoria in leg.ends)
    closed = {direct.camps[0]}
    assert board.distance(seattle, astoria) == direct.length
    detour = board.distance(seattle, astoria, closed)
    assert detour is not None and detour > direct.length
    path = board.shortest_path(seattle, astoria, closed)
    assert path is not None and not closed & set(path)
    assert board.shortest_path(seattle, direct.camps[0], closed) is None
    # A rider on the closed camp site may still ride off it.
    assert board.shortest_path(direct.camps[0], astoria, closed) is not None
    assert board.distance(direct.camps[0], astoria, closed) is not None
    # Closing every leg out of a city isolates it.
    everything = {leg.camps[0] if leg.camps else -1 for leg in board.legs_at(astoria)}
    if -1 not in everything:
        assert board.distance(seattle, astoria, everything) is None


def test_rides_up_to_n_dots(board: Map) -> None:
    denver = board.id_of("Denver, CO")
    for n in range(0, 8):
        within = board.within(denver, n)
        rides = list(board.rides(denver, n))
        assert {ride[-1] for ride in rides} == set(within)
        assert all(len(ride) <= n and len(set(ride)) == len(ride) for ride in rides)
        assert all(denver not in ride for ride in rides)
        assert all(within[d] == board.distance(denver, d) for d in within)
        mask = board.within_mask(denver, n)
        assert mask == sum(1 << d for d in within)
    # A closed dot is never entered.
    first = board.neighbours[denver][0]
    assert first not in board.within(denver, 5, {first})
    assert not any(first in ride for ride in board.rides(denver, 5, {first}))
    assert not board.within_mask(denver, 5, 1 << first) >> first & 1


def test_lookups(board: Map) -> None:
    assert board.dot("Denver, CO").is_big
    assert board.dot("Moab, UT").kind is DotKind.SMALL_CITY
    walden = board.dot("Walden camp, CO")
    assert walden.is_camp and walden.state == "CO"
    assert board.dot("Lassen camp, CA").landmark == "Lassen Volcanic National Park"
    with pytest.raises(KeyError, match="no dot named"):
        board.id_of("Atlantis, XX")
    assert great_circle_miles(40.71, -74.01, 34.05, -118.24) == pytest.approx(2447, abs=10)
    ny_la = board.distance(board.id_of("New York, NY"), board.id_of("Los Angeles, CA"))
    assert ny_la is not None and 35 <= ny_la <= 45
