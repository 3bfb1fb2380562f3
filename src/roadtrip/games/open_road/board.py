"""The Open Road's map, built from map_data: :func:`build_map` and the shared
:func:`standard_map`.

The board itself (dots, legs, the :class:`Map` with its neighbours, distances and
rides) is :mod:`roadtrip.games.open_road.graph`; its names are importable from here
too.  Cities and camp towns come from map_data; between two stops of a route, camp
sites are laid about every ``map_data.MILES_PER_DOT`` miles, and the stretches of road
between two cities become legs shared by every route that rides them.

Pure computation on data; no I/O, no randomness.
"""

from __future__ import annotations

import itertools
from functools import cache

from roadtrip.games.open_road import map_data as md
from roadtrip.games.open_road.graph import (
    UNREACHABLE,
    Dot,
    DotKind,
    Leg,
    Map,
    great_circle_miles,
)

__all__ = [
    "UNREACHABLE",
    "Dot",
    "DotKind",
    "Leg",
    "Map",
    "build_map",
    "great_circle_miles",
    "standard_map",
]


# ---------------------------------------------------------------------- building
def _interpolate(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return round(a[0] + t * (b[0] - a[0]), 2), round(a[1] + t * (b[1] - a[1]), 2)


def build_map() -> Map:
    """Build the board from map_data: cities, camp sites, legs and route paths.

    Raises ValueError where the tables contradict the design rules: a stop that is
    neither a city nor a camp town, a route that does not start and end at a city, a
    camp town on two legs, names that collide.
    """
    dots: list[Dot] = []
    place: dict[str, tuple[float, float]] = {}
    city_id: dict[str, int] = {}
    for city in md.CITIES:
        if city.key in city_id:
            raise ValueError(f"city {city.key} listed twice")
        kind = DotKind.BIG_CITY if city.size == md.BIG else DotKind.SMALL_CITY
        city_id[city.key] = len(dots)
        dots.append(Dot(len(dots), city.key, kind, city.lat, city.lon, city.state))
        place[city.key] = (city.lat, city.lon)
    towns: dict[str, md.CampTown] = {}
    for town in md.CAMP_TOWNS:
        if town.key in towns or town.key in city_id:
            raise ValueError(f"camp town {town.key} listed twice or also a city")
        towns[town.key] = town
        place[town.key] = (town.lat, town.lon)

    legs: list[Leg] = []
    leg_by_stops: dict[tuple[str, ...], tuple[int, tuple[str, ...]]] = {}
    leg_routes: list[list[str]] = []
    town_dot: dict[str, int] = {}
    camp_count: dict[str, int] = {}
    route_paths: dict[str, tuple[int, ...]] = {}

    def new_camp(route: md.Route, lat_lon: tuple[float, float]) -> int:
        camp_count[route.short] = camp_count.get(route.short, 0) + 1
        name = f"{route.short} camp {camp_count[route.short]}"
        dots.append(Dot(len(dots), name, DotKind.CAMP, lat_lon[0], lat_lon[1], ""))
        return len(dots) - 1

    def lay_leg(route: md.Route, stops: tuple[str, ...]) -> None:
        """Create the dots of a new leg: its stops and the camp sites between them."""
        path = [city_id[stops[0]]]
        miles = 0.0
        for a, b in itertools.pairwise(stops):
            pa, pb = place[a], place[b]
            d = great_circle_miles(pa[0], pa[1], pb[0], pb[1])
            miles += d
            segments = max(1, round(d / md.MILES_PER_DOT))
            for i in range(1, segments):
                path.append(new_camp(route, _interpolate(pa, pb, i / segments)))
            if b in city_id:
                path.append(city_id[b])
            else:
                if b in town_dot:
                    raise ValueError(f"camp town {b} lies on two legs; make it a city")
                town = towns[b]
                name = f"{town.name} camp, {town.state}"
                dots.append(
                    Dot(
                        len(dots), name, DotKind.CAMP, town.lat, town.lon, town.state, town.landmark
                    )
                )
                town_dot[b] = len(dots) - 1
                path.append(town_dot[b])
        legs.append(Leg(len(legs), tuple(path), (), miles))
        leg_routes.append([])

    for route in md.ROUTES:
        if route.name in route_paths:
            raise ValueError(f"route {route.name} listed twice")
        stops = route.stop_keys
        for stop in stops:
            if stop not in place:
                raise ValueError(f"route {route.name}: unknown stop {stop!r}")
        if stops[0] not in city_id or stops[-1] not in city_id or len(stops) < 2:
            raise ValueError(f"route {route.name} must run from a city to a city")
        full: list[int] = [city_id[stops[0]]]
        start = 0
        for i in range(1, len(stops)):
            if stops[i] not in city_id:
                continue
            piece = stops[start : i + 1]
            key = min(piece, piece[::-1])
            if key not in leg_by_stops:
                lay_leg(route, piece)  # laid in this route's riding direction
                leg_by_stops[key] = (len(legs) - 1, piece)
            index, laid = leg_by_stops[key]
            if route.name not in leg_routes[index]:
                leg_routes[index].append(route.name)
            leg_dots = legs[index].dots if piece == laid else legs[index].dots[::-1]
            full.extend(leg_dots[1:])
            start = i
        route_paths[route.name] = tuple(full)

    final_legs = tuple(Leg(leg.id, leg.dots, tuple(leg_routes[leg.id]), leg.miles) for leg in legs)
    return Map(tuple(dots), final_legs, route_paths)


@cache
def standard_map() -> Map:
    """The board, built once and shared (read-only)."""
    return build_map()
