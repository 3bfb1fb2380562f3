"""America's Main Street as numbers: the observation tensors of Get Your Kicks and
Your Mileage May Vary (what ``view(seat)`` shows: everything is public).

Every entry lies in [0, 1]; colours are in ``data.COLORS`` order (black, red,
yellow, light blue, pink, green, dark blue, orange, purple), and cube counts are
divided by that colour's cubes in the game (``data.FULL_BAG``).  Per-seat blocks
come in seat-relative order: the observing seat first, then seat ``s + 1``,
``s + 2`` ... modulo the number of players.  The layout, for ``n`` players:

* phase one-hot (3): draw, decide, over;
* the bag (9), the cubes in the bag / 125, cubes still to draw / 3, may go on;
* this turn's cubes (9: the casino, or the gas pumps);
* the last busted turn's cubes (9);
* why the game ended (4): complete, six black, empty bag, max_rounds;
* per seat (14 each): whose turn, triggered the end, a winner, turns started / 100
  and busts / 100 (capped at 1), and the mat (9; Your Mileage May Vary: boxes
  filled per colour / boxes of that colour);
* Your Mileage May Vary only (19): the fuel colours (9), fill-ups this turn / 42,
  and the current fill-up's cubes / 3 (9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roadtrip.games.main_street.data import BOXES, FULL_BAG, NUM_COLORS, TOTAL_CUBES

if TYPE_CHECKING:
    from roadtrip.games.main_street.base import MainStreetState

PHASES = ("draw", "decide", "over")
END_REASONS = ("complete", "six_black", "empty_bag", "max_rounds")
FILL_UP = 3
MAX_FILL_UPS = -(-TOTAL_CUBES // FILL_UP)
COUNT_SCALE = 100  # turns and busts are divided by this and capped at 1
COMMON_SIZE = len(PHASES) + NUM_COLORS + 3 + NUM_COLORS * 2 + len(END_REASONS)
SEAT_SIZE = 5 + NUM_COLORS
MILEAGE_SIZE = NUM_COLORS + 1 + NUM_COLORS


def kicks_tensor_size(players: int) -> int:
    return COMMON_SIZE + SEAT_SIZE * players


def mileage_tensor_size(players: int) -> int:
    return kicks_tensor_size(players) + MILEAGE_SIZE


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _cubes(cubes: list[int]) -> list[float]:
    """Counts of each colour among ``cubes``, divided by that colour's total."""
    counts = [0] * NUM_COLORS
    for cube in cubes:
        counts[cube] += 1
    return [count / total for count, total in zip(counts, FULL_BAG, strict=True)]


def _capped(count: int) -> float:
    return min(count, COUNT_SCALE) / COUNT_SCALE


def _common(state: MainStreetState, seat: int, per_colour: tuple[int, ...]) -> list[float]:
    n = len(state.mats)
    terminal = state.is_terminal()
    phase = 2 if terminal else (0 if state.is_chance_node() else 1)  # PHASES
    out = _one_hot(phase, len(PHASES))
    out += [count / total for count, total in zip(state.bag, FULL_BAG, strict=True)]
    out.append(state.bag_total / TOTAL_CUBES)
    out.append(min(state.drawing, FILL_UP) / FILL_UP)
    out.append(1.0 if state.can_go_on() else 0.0)
    out += _cubes(state.drawn)
    out += _cubes(state.last_bust)
    reason = END_REASONS.index(state.ended) if state.ended in END_REASONS else -1
    out += _one_hot(reason, len(END_REASONS))
    winners = set(state.winners()) if terminal else set()
    for k in range(n):
        other = (seat + k) % n
        out.append(1.0 if not terminal and state.seat == other else 0.0)
        out.append(1.0 if state.trigger == other else 0.0)
        out.append(1.0 if other in winners else 0.0)
        out.append(_capped(state.turns[other]))
        out.append(_capped(state.busts[other]))
        mat = state.mats[other]
        out += [min(count, top) / top for count, top in zip(mat, per_colour, strict=True)]
    return out


def kicks_tensor(state: MainStreetState, seat: int) -> list[float]:
    """Get Your Kicks as ``seat`` sees it (mats divided by each colour's cubes)."""
    return _common(state, seat, FULL_BAG)


def mileage_tensor(state: MainStreetState, seat: int) -> list[float]:
    """Your Mileage May Vary as ``seat`` sees it (mats as boxes filled)."""
    out = _common(state, seat, BOXES)
    out += [float(state.fuel_mask >> c & 1) for c in range(NUM_COLORS)]
    out.append(min(state.fill_ups, MAX_FILL_UPS) / MAX_FILL_UPS)
    fill = [0] * NUM_COLORS
    for cube in state.drawn[state.fill_start :]:
        fill[cube] += 1
    out += [min(count, FILL_UP) / FILL_UP for count in fill]
    return out
