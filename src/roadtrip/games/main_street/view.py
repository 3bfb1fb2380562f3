"""What a seat sees of America's Main Street: everything, since every cube's place
is public and the bag's contents follow from the mats.  Views list the colours
(with state, points and boxes, for drawing), the bag, each mat and this turn's
cubes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roadtrip.games.main_street.data import BOXES, COLORS, ROUTE_ORDER, mat_points

if TYPE_CHECKING:
    from roadtrip.games.main_street.base import MainStreetState

PALETTE = [
    {
        "color": i,
        "key": c.key,
        "name": c.name,
        "place": c.place,
        "points": c.points,
        "boxes": c.boxes,
        "cubes": c.cubes,
        "hex": c.hex,
        "mark": c.mark,
    }
    for i, c in enumerate(COLORS)
]


def _common(state: MainStreetState, seat: int | None) -> dict[str, Any]:
    terminal = state.is_terminal()
    return {
        "you": seat,
        "players": len(state.mats),
        "colors": PALETTE,
        "route": list(ROUTE_ORDER),
        "phase": "over" if terminal else ("draw" if state.is_chance_node() else "decide"),
        "current_seat": None if terminal else state.seat,
        "active_seats": list(state.active_seats()),
        "round": state.round,
        "turns": list(state.turns),
        "busts": list(state.busts),
        "last_bust": list(state.last_bust),
        "bag": list(state.bag),
        "bag_total": state.bag_total,
        "drawn": list(state.drawn),
        "cubes_to_draw": state.drawing,
        "can_go_on": state.can_go_on(),
        "ended": state.ended,
        "trigger": state.trigger,
        "winners": state.winners() if terminal else None,
    }


def kicks_view(state: MainStreetState, seat: int | None) -> dict[str, Any]:
    view = _common(state, seat)
    view["game"] = "get-your-kicks"
    view["casino"] = list(state.drawn)
    view["mats"] = [
        {
            "seat": s,
            "cubes": list(mat),
            "points": mat_points(mat),
            "colors_placed": sum(1 for n in mat if n),
            "black": mat[0],
        }
        for s, mat in enumerate(state.mats)
    ]
    return view


def mileage_view(state: MainStreetState, seat: int | None) -> dict[str, Any]:
    view = _common(state, seat)
    view["game"] = "mileage-may-vary"
    view["pumps"] = list(state.drawn)
    view["fuel"] = [c for c in range(len(COLORS)) if state.fuel_mask >> c & 1]
    view["fill_ups"] = state.fill_ups
    view["fill_start"] = state.fill_start
    view["mats"] = [
        {
            "seat": s,
            "cubes": list(mat),
            "boxes": list(BOXES),
            "boxes_filled": state.boxes_filled(s),
            "boxes_total": sum(BOXES),
        }
        for s, mat in enumerate(state.mats)
    ]
    return view
