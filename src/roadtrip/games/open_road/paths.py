"""Paths on The Open Road's board: bitmask searches and distance tables.

"The distance between each dot represents (1) ENERGY cube."  Dots are ids of
``board.standard_map()``; a set of dots is a bitmask (bit ``d`` for dot ``d``).
:func:`layers` is a breadth-first search over bitmasks (``board.neighbour_masks``):
``layers[k]`` holds the dots first reached after ``k`` dots.  :func:`distances_to`
gives the dots from every dot to a destination around the road closure.

Pure functions of the board, below the race's data (``race.py``) and the rule steps.
"""

from __future__ import annotations

from roadtrip.core.caches import clearable
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.cards import SIDE_TRIP_CARDS
from roadtrip.games.open_road.graph import neighbours_of

NEIGHBOURS = BOARD.neighbour_masks
CITY_MASK = sum(1 << d for d in BOARD.city_ids)
BIG_MASK = sum(1 << d for d in BOARD.big_city_ids)
CAMP_IDS = BOARD.camp_ids
SIDE_TRIP_DOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(BOARD.id_of(city) for city in card.cities) for card in SIDE_TRIP_CARDS
)


def is_city(dot: int) -> bool:
    return bool(CITY_MASK >> dot & 1)


def is_big(dot: int) -> bool:
    return bool(BIG_MASK >> dot & 1)


def bits(mask: int) -> list[int]:
    """The dot ids set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@clearable(maxsize=4096)  # emptied when a server is idle (core/caches.py)
def distances_to(dest: int, closure: int) -> bytes:
    """Dots from every dot to ``dest`` with the road closure cube on ``closure`` (-1:
    none); ``board.UNREACHABLE`` where there is no way.

    No ride enters the closed camp site, but a rider standing on it may leave: its
    entry is the distance for that rider (one dot to a neighbour, then on), never
    ``UNREACHABLE`` for their own dot."""
    if closure < 0:
        return BOARD.distances_from(dest)
    row = bytearray(BOARD.distances_from(dest, (closure,)))
    if closure != dest:
        out = min(
            (row[n] for n in bits(NEIGHBOURS[closure]) if row[n] != UNREACHABLE),
            default=UNREACHABLE - 1,
        )
        row[closure] = out + 1
    return bytes(row)


def layers(start: int, budget: int, barrier: int, closed: int) -> list[int]:
    """Dots by their fewest dots from ``start``: ``out[0]`` is the start alone and
    ``out[k]`` the dots first reached after ``k`` dots, ``k <= budget``.  Dots in
    ``closed`` are never entered; dots in ``barrier`` are entered but not left."""
    seen = 1 << start
    frontier = seen
    out = [frontier]
    for step in range(budget):
        expand = frontier if step == 0 else frontier & ~barrier
        new = neighbours_of(expand, NEIGHBOURS) & ~seen & ~closed
        if not new:
            break
        out.append(new)
        seen |= new
        frontier = new
    return out


def depth(lay: list[int], dot: int) -> int:
    """How many dots from the start ``dot`` lies (0 if it is not reached)."""
    for k in range(1, len(lay)):
        if lay[k] >> dot & 1:
            return k
    return 0


def way(lay: list[int], target: int, barrier: int) -> list[int]:
    """The dots a ride to ``target`` enters, in order (the start excluded)."""
    k = depth(lay, target)
    path = [target]
    for i in range(k - 1, 0, -1):
        candidates = NEIGHBOURS[path[-1]] & lay[i] & ~barrier
        low = candidates & -candidates
        path.append(low.bit_length() - 1)
    path.reverse()
    return path
