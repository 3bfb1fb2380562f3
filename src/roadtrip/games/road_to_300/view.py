"""What each seat sees of Road to 300, and actions in a player's words.

Every sheet and the roll are public, with one exception: in the competitive mode
the seats decide on the shared roll at the same time, so while some still decide,
another seat's sheet is shown as it was before this round's decisions (its cross and
its end of movement are revealed with everyone's once all have chosen);
``chosen_seats`` says who has chosen, never what.  Solo, a seat's view equals a
spectator's apart from ``you``.  Cells are listed row by row with their value, X
and circle, which is all a board needs to draw a sheet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roadtrip.core.state import CHANCE
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.sheet import OUTSIDE, OVER, STEP_NAMES, Sheet

if TYPE_CHECKING:
    from roadtrip.games.road_to_300.rules import RoadTo300State

MOVE_BASE = board.CELLS
# (cell, column, row, value) of every cell, in the view's order: the fixed part of
# a sheet's 36 cells, worked out once (a view is built for every state sent).
_CELLS: tuple[tuple[int, int, int, int], ...] = tuple(
    (cell, *board.coords(cell), board.VALUES[cell]) for cell in range(board.CELLS)
)


def _field(cell: int) -> dict[str, int]:
    col, row = board.coords(cell)
    return {"col": col, "row": row}


def sheet_view(state: RoadTo300State, seat: int, viewer: int | None = None) -> dict[str, Any]:
    sheet: Sheet = state.shown_sheet(seat, viewer)
    game = state.game
    final_field = str(game.options["final_field"])
    target = int(game.options["target"])
    score = sheet.score(final_field)
    crossed, circled = sheet.crossed, sheet.circled
    cells = [
        {
            "col": col,
            "row": row,
            "value": value,
            "crossed": bool(crossed >> cell & 1),
            "circled": bool(circled >> cell & 1),
        }
        for cell, col, row, value in _CELLS
    ]
    return {
        "seat": seat,
        "cells": cells,
        "position": None if sheet.position == OUTSIDE else _field(sheet.position),
        "dice": list(board.ROLLS[sheet.roll]) if sheet.roll >= 0 else None,
        "failed_rolls": sheet.failed,
        "step": STEP_NAMES[sheet.step],
        "cross_options": [
            {**_field(cell), "move_die": die, "action": cell} for cell, die in sheet.cross_options
        ],
        "move_die": sheet.move_die or None,
        "destinations": [{**_field(c), "action": MOVE_BASE + c} for c in sheet.destinations],
        "score": score,
        "reached_target": score >= target,
        "over": sheet.step == OVER,
        "ended": sheet.ended,
    }


def build_view(state: RoadTo300State, seat: int | None) -> dict[str, Any]:
    terminal = state.is_terminal()
    return {
        "game": "road-to-300",
        "you": seat,
        "players": len(state.sheets),
        "round": state.round,
        "target": int(state.game.options["target"]),
        "phase": "over" if terminal else ("roll" if state.is_chance_node() else "decide"),
        "rolling_seats": list(state.rolling_seats()),
        "active_seats": list(state.active_seats()),
        "chosen_seats": list(state.chosen_seats()),
        "sheets": [sheet_view(state, s, seat) for s in range(len(state.sheets))],
        "winners": state.winners() if terminal else None,
    }


def action_text(state: RoadTo300State, action: int, seat: int) -> str:
    """The action in words: 'roll 2-4-5', 'cross 2,4 (move 5)', 'end on 1,1 (30)'."""
    if seat == CHANCE:
        if not 0 <= action < len(board.ROLLS):
            return f"invalid roll {action}"
        return "roll " + "-".join(str(d) for d in board.ROLLS[action])
    if 0 <= action < MOVE_BASE:
        die = (
            next((d for c, d in state.sheets[seat].cross_options if c == action), None)
            if 0 <= seat < len(state.sheets)
            else None
        )
        suffix = f" (move {die})" if die else ""
        return f"cross {board.cell_name(action)}{suffix}"
    if MOVE_BASE <= action < 2 * MOVE_BASE:
        cell = action - MOVE_BASE
        return f"end on {board.cell_name(cell)} ({board.VALUES[cell]} points)"
    return f"invalid action {action}"
