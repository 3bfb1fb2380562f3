"""Road to 300 as numbers: the observation tensor (what ``view(seat)`` shows).

Every entry lies in [0, 1].  The sheets come in seat-relative order: the observing
seat's own sheet first, then the next seats round the table (seat ``s + 1``,
``s + 2`` ... modulo the number of players), and so do the per-seat masks.  The
layout, for ``n`` players:

* phase one-hot (3): roll, decide, over;
* round / (3 x 36 + 3), the target / 600;
* rolling seats (n), active seats (n), winners (n, all zero before the end);
* per sheet (203 each, n sheets):

  - crossed fields (36) and circled fields (36), cell ``(row - 1) * 6 + (col - 1)``;
  - position one-hot (37): index 0 is "outside the grid", 1 + cell otherwise;
  - the sheet's last roll as face counts / 3 (6: faces 1..6);
  - failed rolls in a row / 3;
  - step one-hot (5): roll, cross, move, waiting, over;
  - movement die one-hot (6: 1..6; zero when none);
  - cross options (36) and movement destinations (36) as cell masks;
  - score / 640 (every field), reached the target, ended by no cross / no move (2).

Every seat sees every sheet, except that while the seats decide on a shared roll
(competitive mode) another seat's sheet is as it was before this round's decisions,
as in ``view(seat)``: a pending choice is never in another seat's tensor.  Who has
chosen follows from the active seats and the sheets' steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.sheet import (
    END_NO_CROSS,
    END_NO_MOVE,
    OUTSIDE,
    OVER,
    STEP_NAMES,
    Sheet,
)

if TYPE_CHECKING:
    from roadtrip.games.road_to_300.rules import RoadTo300State

PHASES = ("roll", "decide", "over")
MAX_ROUNDS = board.CELLS * 3 + 3
MAX_TARGET = 600
MAX_FAILED = 3
FACES = 6
DICE = 3
MAX_SCORE = sum(board.VALUES)
SHEET_SIZE = (
    board.CELLS * 2  # crossed, circled
    + board.CELLS
    + 1  # position
    + FACES  # dice
    + 1  # failed rolls
    + len(STEP_NAMES)  # step
    + FACES  # movement die
    + board.CELLS * 2  # cross options, destinations
    + 1  # score
    + 1  # reached the target
    + 2  # ended: no cross / no move
)
GLOBAL_SIZE = len(PHASES) + 2


def tensor_size(players: int) -> int:
    """Length of the observation tensor for ``players`` sheets."""
    return GLOBAL_SIZE + 3 * players + SHEET_SIZE * players


def _mask(bits: int) -> list[float]:
    return [float(bits >> cell & 1) for cell in range(board.CELLS)]


def _cells(cells: list[int] | tuple[int, ...]) -> list[float]:
    out = [0.0] * board.CELLS
    for cell in cells:
        out[cell] = 1.0
    return out


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _seat_mask(seats: list[int] | tuple[int, ...], order: list[int]) -> list[float]:
    chosen = set(seats)
    return [1.0 if seat in chosen else 0.0 for seat in order]


def sheet_tensor(sheet: Sheet, final_field: str, target: int) -> list[float]:
    """The 203 numbers of one sheet."""
    out = _mask(sheet.crossed) + _mask(sheet.circled)
    out += _one_hot(0 if sheet.position == OUTSIDE else 1 + sheet.position, board.CELLS + 1)
    faces = [0.0] * FACES
    if sheet.roll >= 0:
        for die in board.ROLLS[sheet.roll]:
            faces[die - 1] += 1.0 / DICE
    out += faces
    out.append(min(sheet.failed, MAX_FAILED) / MAX_FAILED)
    out += _one_hot(sheet.step, len(STEP_NAMES))
    out += _one_hot(sheet.move_die - 1, FACES)
    out += _cells([cell for cell, _ in sheet.cross_options])
    out += _cells(sheet.destinations)
    score = sheet.score(final_field)
    out.append(score / MAX_SCORE)
    out.append(1.0 if score >= target else 0.0)
    out.append(1.0 if sheet.step == OVER and sheet.ended == END_NO_CROSS else 0.0)
    out.append(1.0 if sheet.step == OVER and sheet.ended == END_NO_MOVE else 0.0)
    return out


def observation_tensor(state: RoadTo300State, seat: int) -> list[float]:
    """What ``seat`` sees (every sheet, others' pending choices not), seat-relative."""
    n = len(state.sheets)
    order = [(seat + k) % n for k in range(n)]
    options = state.game.options
    final_field = str(options["final_field"])
    target = int(options["target"])
    phase = 2 if state.is_terminal() else (0 if state.is_chance_node() else 1)  # PHASES
    out = _one_hot(phase, len(PHASES))
    out.append(min(state.round, MAX_ROUNDS) / MAX_ROUNDS)
    out.append(target / MAX_TARGET)
    out += _seat_mask(state.rolling_seats(), order)
    out += _seat_mask(state.active_seats(), order)
    out += _seat_mask(state.winners(), order)
    for other in order:
        out += sheet_tensor(state.shown_sheet(other, seat), final_field, target)
    return out
