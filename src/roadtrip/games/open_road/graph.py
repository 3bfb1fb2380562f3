"""The Open Road's board as a graph: dots, legs, neighbours, distances and rides.

The rulebook: "The game board is marked with riding routes broken up by (3) different
dots: BIG CITIES ..., SMALL CITIES ..., CAMP SITES ...  The distance between each dot
represents (1) ENERGY cube."  So the board is a graph whose vertices are the dots and
whose edges join adjacent dots; every edge costs one energy, and shortest distances are
breadth-first searches.

* Dots are numbered from 0: the cities first, in the order of ``map_data.CITIES``, then
  the camp sites leg by leg.  A dot's name is unique: "Denver, CO" (a city), "Walden
  camp, CO" (a camp site at a town or park), "TransAm camp 7" (an unnamed camp site).
* A leg is the chain of dots between two cities along one stretch of road; its inner
  dots are camp sites, each on exactly one leg.  A road closure on a camp site cuts
  that leg.
* Distances between every city and every dot are computed once (a table of bytes per
  city); distances from a camp site are computed on first use.  Every query takes an
  optional set of closed dots (the road closure), which may not be entered.

:mod:`roadtrip.games.open_road.board` builds the :class:`Map` from map_data.  Pure
computation on data; no I/O, no randomness.
"""

from __future__ import annotations

import itertools
import math
from collections import deque
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from roadtrip.games.open_road import map_data as md

UNREACHABLE = 255  # in a distance table row: no path


class DotKind(Enum):
    """The three kinds of dot on the board."""

    BIG_CITY = "big"
    SMALL_CITY = "small"
    CAMP = "camp"


@dataclass(frozen=True)
class Dot:
    """One dot of the board."""

    id: int
    name: str
    kind: DotKind
    lat: float
    lon: float
    state: str  # "" for an unnamed camp site
    landmark: str = ""  # the park a named camp site is at, if any

    @property
    def is_city(self) -> bool:
        return self.kind is not DotKind.CAMP

    @property
    def is_big(self) -> bool:
        return self.kind is DotKind.BIG_CITY

    @property
    def is_camp(self) -> bool:
        return self.kind is DotKind.CAMP


@dataclass(frozen=True)
class Leg:
    """The dots from one city to the next along a stretch of road, both cities included."""

    id: int
    dots: tuple[int, ...]
    routes: tuple[str, ...]  # the named routes that ride this leg
    miles: float  # great-circle miles through the leg's stops

    @property
    def ends(self) -> tuple[int, int]:
        return self.dots[0], self.dots[-1]

    @property
    def camps(self) -> tuple[int, ...]:
        return self.dots[1:-1]

    @property
    def length(self) -> int:
        """Dots to ride from one end to the other (one energy each)."""
        return len(self.dots) - 1


def great_circle_miles(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The great-circle distance in miles (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * md.EARTH_RADIUS_MILES * math.asin(math.sqrt(h))


def neighbours_of(dots: int, masks: Sequence[int]) -> int:
    """The union of ``masks[d]`` over the dots ``d`` set in the bitmask ``dots``
    (``masks``: each dot's neighbours as a bitmask): one step of a breadth-first
    search over bitmasks."""
    spread = 0
    while dots:
        low = dots & -dots
        spread |= masks[low.bit_length() - 1]
        dots ^= low
    return spread


class Map:
    """The board as a graph, with distance tables and ride helpers.

    Build it with :func:`build_map` (or share :func:`standard_map`).  Dot ids are ints;
    methods that take ``closed`` treat those dots as impassable (the road closure): a
    path may start on one but never enters one.
    """

    def __init__(
        self, dots: tuple[Dot, ...], legs: tuple[Leg, ...], routes: dict[str, tuple[int, ...]]
    ) -> None:
        self.dots = dots
        self.legs = legs
        self._routes = routes
        n = len(dots)
        adjacent: list[set[int]] = [set() for _ in range(n)]
        self._edge_miles: dict[tuple[int, int], float] = {}
        self._leg_of: dict[int, Leg] = {}
        legs_at: list[list[Leg]] = [[] for _ in range(n)]
        for leg in legs:
            for a, b in itertools.pairwise(leg.dots):
                if b in adjacent[a]:
                    raise ValueError(f"two legs join {dots[a].name} and {dots[b].name}")
                adjacent[a].add(b)
                adjacent[b].add(a)
                da, db = dots[a], dots[b]
                self._edge_miles[(min(a, b), max(a, b))] = great_circle_miles(
                    da.lat, da.lon, db.lat, db.lon
                )
            for camp in leg.camps:
                self._leg_of[camp] = leg
            legs_at[leg.dots[0]].append(leg)
            legs_at[leg.dots[-1]].append(leg)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in adjacent)
        self.neighbour_masks: tuple[int, ...] = tuple(
            sum(1 << v for v in nbrs) for nbrs in self.neighbours
        )
        self._legs_at = tuple(tuple(x) for x in legs_at)
        self._by_name = {dot.name: dot.id for dot in dots}
        if len(self._by_name) != n:
            raise ValueError("dot names are not unique")
        self.city_ids: tuple[int, ...] = tuple(d.id for d in dots if d.is_city)
        self.big_city_ids: tuple[int, ...] = tuple(d.id for d in dots if d.is_big)
        self.camp_ids: tuple[int, ...] = tuple(d.id for d in dots if d.is_camp)
        # The city table: distances from every city to every dot, computed now.
        self._rows: list[bytes | None] = [None] * n
        for city in self.city_ids:
            self._rows[city] = self._row(city)

    # ------------------------------------------------------------------ lookups
    def __len__(self) -> int:
        return len(self.dots)

    def id_of(self, name: str) -> int:
        """The id of the dot called ``name`` ("Denver, CO", "Walden camp, CO")."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no dot named {name!r} on the map") from None

    def dot(self, name_or_id: str | int) -> Dot:
        if isinstance(name_or_id, str):
            return self.dots[self.id_of(name_or_id)]
        return self.dots[name_or_id]

    @property
    def route_names(self) -> tuple[str, ...]:
        return tuple(self._routes)

    def route(self, name: str) -> tuple[int, ...]:
        """Every dot of the named route in riding order (its first stop to its last)."""
        try:
            return self._routes[name]
        except KeyError:
            raise KeyError(f"no route named {name!r}; routes: {sorted(self._routes)}") from None

    def route_cities(self, name: str) -> tuple[int, ...]:
        """The cities on the named route, in riding order."""
        return self.cities_on(self.route(name))

    def cities_on(self, path: Sequence[int]) -> tuple[int, ...]:
        """The cities among ``path``'s dots, in its order."""
        return tuple(d for d in path if self.dots[d].is_city)

    def leg_of(self, camp: int) -> Leg:
        """The leg a camp site lies on."""
        return self._leg_of[camp]

    def legs_at(self, city: int) -> tuple[Leg, ...]:
        """The legs that start or end at a city."""
        return self._legs_at[city]

    def edges(self) -> Iterator[tuple[int, int]]:
        """Every pair of adjacent dots once, lower id first."""
        return iter(self._edge_miles)

    def edge_miles(self, a: int, b: int) -> float:
        """The great-circle miles between two adjacent dots."""
        return self._edge_miles[(min(a, b), max(a, b))]

    # ---------------------------------------------------------------- distances
    def _row(self, source: int, closed: Collection[int] = ()) -> bytes:
        dist = bytearray([UNREACHABLE]) * len(self.dots)
        dist[source] = 0
        queue = deque([source])
        neighbours = self.neighbours
        while queue:
            u = queue.popleft()
            du = dist[u] + 1
            for v in neighbours[u]:
                if dist[v] == UNREACHABLE and v not in closed:
                    dist[v] = du
                    queue.append(v)
        return bytes(dist)

    def distances_from(self, source: int, closed: Collection[int] = ()) -> bytes:
        """Dots from ``source`` to every dot (``UNREACHABLE`` where there is no path)."""
        if closed:
            return self._row(source, closed)
        row = self._rows[source]
        if row is None:
            row = self._rows[source] = self._row(source)
        return row

    def distance(self, a: int, b: int, closed: Collection[int] = ()) -> int | None:
        """The fewest dots from ``a`` to ``b``, or None if ``closed`` cuts every path."""
        if closed:
            d = self._row(a, closed)[b]
        elif self._rows[a] is not None:
            d = self.distances_from(a)[b]
        else:
            d = self.distances_from(b)[a]
        return None if d == UNREACHABLE else d

    def shortest_path(self, a: int, b: int, closed: Collection[int] = ()) -> tuple[int, ...] | None:
        """A shortest path from ``a`` to ``b`` (both included), or None.

        Deterministic: at each dot it steps to the lowest-numbered neighbour that is one
        dot nearer to ``b``.
        """
        if a in closed:  # a ride may start on a closed dot
            closed = set(closed) - {a}
        to_b = self.distances_from(b, closed)
        if to_b[a] == UNREACHABLE or (b in closed and a != b):
            return None
        path = [a]
        while path[-1] != b:
            here = to_b[path[-1]]
            path.append(next(v for v in self.neighbours[path[-1]] if to_b[v] == here - 1))
        return tuple(path)

    def city_distances(self) -> tuple[tuple[int, ...], ...]:
        """The all-pairs table between cities, indexed by position in ``city_ids``."""
        return tuple(tuple(self.distances_from(a)[b] for b in self.city_ids) for a in self.city_ids)

    # -------------------------------------------------------------------- rides
    def within(self, start: int, max_dots: int, closed: Collection[int] = ()) -> dict[int, int]:
        """Every dot a ride of 1 to ``max_dots`` dots can end on, with its fewest dots.

        Riding "up to the amount of ENERGY cubes", a rider can end on any of these (the
        shortest way there is a simple path of that many dots).
        """
        found: dict[int, int] = {}
        frontier = [start]
        seen = {start}
        for step in range(1, max_dots + 1):
            nxt: list[int] = []
            for u in frontier:
                for v in self.neighbours[u]:
                    if v not in seen and v not in closed:
                        seen.add(v)
                        found[v] = step
                        nxt.append(v)
            if not nxt:
                break
            frontier = nxt
        return found

    def within_mask(self, start: int, max_dots: int, closed_mask: int = 0) -> int:
        """:meth:`within` as a bitmask of dot ids (bit ``d`` set: dot ``d`` reachable)."""
        masks = self.neighbour_masks
        seen = 1 << start
        frontier = seen
        for _ in range(max_dots):
            frontier = neighbours_of(frontier, masks) & ~seen & ~closed_mask
            if not frontier:
                break
            seen |= frontier
        return seen & ~(1 << start)

    def rides(
        self, start: int, max_dots: int, closed: Collection[int] = ()
    ) -> Iterator[tuple[int, ...]]:
        """Every simple path of 1 to ``max_dots`` dots from ``start``: the dots entered.

        A ride never enters a dot twice nor returns to ``start``.  Paths come in a
        fixed order (depth first, lower-numbered neighbours first), shorter prefixes
        before their extensions.
        """
        path: list[int] = []
        on_path = {start}

        def extend(here: int) -> Iterator[tuple[int, ...]]:
            for v in self.neighbours[here]:
                if v in on_path or v in closed:
                    continue
                path.append(v)
                on_path.add(v)
                yield tuple(path)
                if len(path) < max_dots:
                    yield from extend(v)
                path.pop()
                on_path.discard(v)

        if max_dots > 0:
            yield from extend(start)
