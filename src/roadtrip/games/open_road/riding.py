"""Riding across The Open Road: where a ride may end, what it costs, its way, landing.

"RIDE - players can advance their RIDER PIECES up to the amount of ENERGY cubes in
their PANNIER."  "The distance between each dot represents (1) ENERGY cube."

A ride is encoded by the dot where it ends; where it may end comes from
``paths.layers`` (re-exported here with the other path helpers).  A ride never enters
the road closure, never rides on beyond the rider's destination (arriving there wins),
and with ``pass_through=false`` never rides on beyond a city.  The cost of a ride of
``k`` dots is ``k`` energy, ``ceil(k / 2)`` under a Peloton, and nothing on a Tune Up
cruise.

The way a ride takes among equally short ones matters only for which cities it rides
through (``landing=pass``, ``last_big_city=passed``): it is the fixed one found
backwards from the end, through the lowest-numbered dot of each layer.
"""

from __future__ import annotations

from roadtrip.core.caches import clearable
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.paths import (
    BIG_MASK,
    CAMP_IDS,
    CITY_MASK,
    NEIGHBOURS,
    SIDE_TRIP_DOTS,
    bits,
    depth,
    distances_to,
    is_big,
    is_city,
    layers,
    way,
)
from roadtrip.games.open_road.race import D_HEART, MAX_CUBES, TUNE_UP_DOTS, Race, Task

__all__ = [
    "BIG_MASK",
    "CAMP_IDS",
    "CITY_MASK",
    "HEARTLAND_CUBES",
    "HOTEL_ENERGY",
    "HOTEL_PRICE",
    "MAX_CUBES",
    "NEIGHBOURS",
    "SIDE_TRIP_CUBES",
    "SIDE_TRIP_DOTS",
    "TUNE_UP_DOTS",
    "arrive",
    "bits",
    "depth",
    "distances_to",
    "dot_cost",
    "is_big",
    "is_city",
    "land",
    "last_big_city",
    "layers",
    "plan_ride",
    "route_bigs",
    "send_back",
    "side_trip_pays",
    "way",
]

HEARTLAND_CUBES = 5
SIDE_TRIP_CUBES = 3
HOTEL_PRICE = 2
HOTEL_ENERGY = 2


def dot_cost(index: int, peloton: bool, tune: bool) -> int:
    """Energy for the ``index``-th dot of a ride (1-based)."""
    if tune:
        return 0
    if peloton:
        return index % 2
    return 1


def plan_ride(state: Race, seat: int, target: int, tune: bool) -> list[Task]:
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


def arrive(state: Race, seat: int, dot: int, cost: int, final: bool, via: int) -> None:
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


def side_trip_pays(state: Race, seat: int, index: int) -> bool:
    """Would landing on the ``index``-th city of the rider's Side Trip card pay its 3
    energy and 3 money now?  Option ``side_trip``: each_city, a city pays once; once,
    the card pays at its first city only; every_landing, every time."""
    rule = state.game_rules.side_trip_rule
    paid = state.side_paid[seat]
    if rule == "every_landing":
        return True
    return not paid & (1 << index if rule == "each_city" else ~0)


def land(state: Race, seat: int, dot: int) -> None:
    """Landing on a city: the Heartland and Side Trip bonuses, then the hotel."""
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
    if dot in side and side_trip_pays(state, seat, side.index(dot)):
        state.side_paid[seat] |= 1 << side.index(dot)
        state.gain(seat, SIDE_TRIP_CUBES, SIDE_TRIP_CUBES)
    if BIG_MASK >> dot & 1:
        seen = state.been_big[seat] >> dot & 1
        state.been_big[seat] |= 1 << dot
        if not (seen and game.hotel_first_visit):
            steps.append(("hotel", seat))
    state.push(steps)


@clearable(maxsize=None)  # emptied when a server is idle (core/caches.py)
def route_bigs(origin: int, dest: int) -> tuple[tuple[int, int], ...]:
    """The big cities of the planned route (a shortest way on the open board) from
    ``origin`` to ``dest``, each with its distance to ``dest``."""
    path = BOARD.shortest_path(origin, dest) or (origin,)
    to_dest = BOARD.distances_from(dest)
    return tuple((to_dest[d], d) for d in path if is_big(d))


def last_big_city(state: Race, seat: int) -> int:
    """'The last BIG CITY on their route', as the ``last_big_city`` option says."""
    game = state.game_rules
    if game.last_big_rule != "route":
        return state.last_big[seat]
    origin, dest = state.origin[seat], state.dest[seat]
    here = BOARD.distance(state.pos[seat], dest)
    behind = [(far, big) for far, big in route_bigs(origin, dest) if here is None or far >= here]
    return min(behind)[1] if behind else origin


def send_back(state: Race, seat: int) -> None:
    """Bankruptcy and Lost I.D.: back to the last big city (a rider in one stays)."""
    here = state.pos[seat]
    if BIG_MASK >> here & 1:
        return
    target = last_big_city(state, seat)
    state.pos[seat] = target
    state.last_big[seat] = target
