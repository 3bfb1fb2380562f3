"""Riding across The Open Road: where a ride may end, what it costs, its way, landing.

"RIDE - players can advance their RIDER PIECES up to the amount of ENERGY cubes in
their PANNIER."  "The distance between each dot represents (1) ENERGY cube."

A ride is encoded by the dot where it ends.  :func:`layers` is a breadth-first search
over bitmasks (``board.neighbour_masks``): ``layers[k]`` holds the dots first reached
after ``k`` dots.  A ride never enters the road closure, never rides on beyond the
rider's destination (arriving there wins), and with ``pass_through=false`` never
rides on beyond a city.  The cost of a ride of ``k`` dots is ``k`` energy, ``ceil(k /
2)`` under a Peloton, and nothing on a Tune Up cruise.

The way a ride takes among equally short ones matters only for which cities it rides
through (``landing=pass``, ``last_big_city=passed``): it is the fixed one found
backwards from the end, through the lowest-numbered dot of each layer.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.board import UNREACHABLE
from roadtrip.games.open_road.cards import SIDE_TRIP_CARDS

if TYPE_CHECKING:
    from roadtrip.games.open_road.rules import OpenRoadState

NEIGHBOURS = BOARD.neighbour_masks
CITY_MASK = sum(1 << d for d in BOARD.city_ids)
BIG_MASK = sum(1 << d for d in BOARD.big_city_ids)
CAMP_IDS = BOARD.camp_ids
SIDE_TRIP_DOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(BOARD.id_of(city) for city in card.cities) for card in SIDE_TRIP_CARDS
)
TUNE_UP_DOTS = 2
HEARTLAND_CUBES = 5
SIDE_TRIP_CUBES = 3
HOTEL_PRICE = 2
HOTEL_ENERGY = 2
MAX_CUBES = 10

Task = tuple[Any, ...]


@lru_cache(maxsize=4096)
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


def layers(start: int, budget: int, barrier: int, closed: int) -> list[int]:
    """Dots by their fewest dots from ``start``: ``out[0]`` is the start alone and
    ``out[k]`` the dots first reached after ``k`` dots, ``k <= budget``.  Dots in
    ``closed`` are never entered; dots in ``barrier`` are entered but not left."""
    seen = 1 << start
    frontier = seen
    out = [frontier]
    for step in range(budget):
        expand = frontier if step == 0 else frontier & ~barrier
        spread = 0
        while expand:
            low = expand & -expand
            spread |= NEIGHBOURS[low.bit_length() - 1]
            expand ^= low
        new = spread & ~seen & ~closed
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


def dot_cost(index: int, peloton: bool, tune: bool) -> int:
    """Energy for the ``index``-th dot of a ride (1-based)."""
    if tune:
        return 0
    if peloton:
        return index % 2
    return 1


def plan_ride(state: OpenRoadState, seat: int, target: int, tune: bool) -> list[Task]:
    """The arrival tasks of a ride of ``seat`` to ``target``."""
    game = state.game_rules
    lay = state.reach(seat, tune)
    peloton = state.peloton and not tune
    k = depth(lay, target)
    need_way = game.landing_pass or game.last_big_rule == "passed"
    if not need_way:
        cost = 0 if tune else ((k + 1) // 2 if peloton else k)
        return [("arrive", seat, target, cost, True, -1)]
    path = way(lay, target, state.barrier(seat))
    tasks: list[Task] = []
    spent = 0
    via_big = -1
    for index, dot in enumerate(path, 1):
        spent += dot_cost(index, peloton, tune)
        if index == len(path):
            tasks.append(("arrive", seat, dot, spent, True, via_big))
        elif CITY_MASK >> dot & 1:
            if game.landing_pass:
                tasks.append(("arrive", seat, dot, spent, False, -1))
                spent = 0
            elif BIG_MASK >> dot & 1:
                via_big = dot
    return tasks


def arrive(state: OpenRoadState, seat: int, dot: int, cost: int, final: bool, via: int) -> None:
    """The rider enters ``dot`` (the end of a ride if ``final``) having spent ``cost``."""
    game = state.game_rules
    state.energy[seat] -= cost
    state.pos[seat] = dot
    rule = game.last_big_rule
    if via >= 0 and rule == "passed":
        state.last_big[seat] = via
    big = bool(BIG_MASK >> dot & 1)
    if big and (rule == "passed" or (rule == "stopped" and final)):
        state.last_big[seat] = dot
    if dot == state.dest[seat]:
        state.win(seat)
        return
    if CITY_MASK >> dot & 1 and (final or game.landing_pass):
        land(state, seat, dot)


def land(state: OpenRoadState, seat: int, dot: int) -> None:
    """Landing on a city: the Heartland and Side Trip bonuses, then the hotel."""
    from roadtrip.games.open_road.flow import D_HEART

    game = state.game_rules
    steps: list[Task] = []
    if dot == state.heart[seat]:
        # "you get (5) ENERGY cubes, (5) MONEY cubes, and you randomly select another
        # HEARTLAND CARD"; Lottery Ticket: "max out their ENERGY and MONEY cubes".
        if state.lottery[seat]:
            state.lottery[seat] = False
            state.gain(seat, MAX_CUBES, MAX_CUBES)
        else:
            state.gain(seat, HEARTLAND_CUBES, HEARTLAND_CUBES)
        steps.append(("draw", D_HEART, seat, True))
    side = SIDE_TRIP_DOTS[state.side[seat]]
    if dot in side:
        bit = 1 << side.index(dot)
        rule = game.side_trip_rule
        paid = state.side_paid[seat]
        # each_city: a city pays once; once: the card's first city only; every_landing.
        if rule == "every_landing" or not paid & (bit if rule == "each_city" else ~0):
            state.side_paid[seat] = paid | bit
            state.gain(seat, SIDE_TRIP_CUBES, SIDE_TRIP_CUBES)
    if BIG_MASK >> dot & 1:
        seen = state.been_big[seat] >> dot & 1
        state.been_big[seat] |= 1 << dot
        if not (seen and game.hotel_first_visit):
            steps.append(("hotel", seat))
    state.push(steps)


def last_big_city(state: OpenRoadState, seat: int) -> int:
    """'The last BIG CITY on their route', as the ``last_big_city`` option says."""
    game = state.game_rules
    if game.last_big_rule != "route":
        return state.last_big[seat]
    origin, dest = state.origin[seat], state.dest[seat]
    here = BOARD.distance(state.pos[seat], dest)
    behind = [
        (far, big) for far, big in game.route_bigs(origin, dest) if here is None or far >= here
    ]
    return min(behind)[1] if behind else origin


def send_back(state: OpenRoadState, seat: int) -> None:
    """Bankruptcy and Lost I.D.: back to the last big city (a rider in one stays)."""
    here = state.pos[seat]
    if BIG_MASK >> here & 1:
        return
    target = last_big_city(state, seat)
    state.pos[seat] = target
    state.last_big[seat] = target
