"""Solo Your Mileage May Vary in pure Python: mats, fill-up odds and the
look-ahead the ``expert`` plays on the shipped table.

**The state between turns is exact**: the boxes filled per colour (excess cubes go
back to the bag, so the bag is the full set minus the mat): 6·5·5·4·4·3·3·2·2 =
86,400 mats, 16,200 up to the symmetry of the four pairs of colours with the same
cubes and boxes (red/yellow, light blue/pink, green/dark blue, orange/purple).

The shipped table is the exact value of the best policy with at most two
fill-ups a turn (:mod:`roadtrip.bots.main_street.mileage_dp`, numpy).  Here:
:func:`fill_up_odds` (exact hypergeometric odds), :func:`look_ahead` (stopping now
against one more fill-up, by a table) and ``V1``, the exact value of the policy
that **stops after every first fill-up** (:func:`solve_first_fill_up`, a check
and a figure: 16.92 turns from the empty mat).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb

from roadtrip.games.main_street.data import BOXES, FULL_BAG, NUM_COLORS

PAIRS = ((1, 2), (3, 4), (5, 6), (7, 8))  # colours with the same cubes and boxes
FILL_UP = 3
Mat = tuple[int, ...]  # boxes filled per colour


def canonical(mat: Sequence[int]) -> Mat:
    """The representative of a mat under the pair symmetry (each pair sorted, the
    larger first)."""
    out = list(mat)
    for a, b in PAIRS:
        if out[a] < out[b]:
            out[a], out[b] = out[b], out[a]
    return tuple(out)


def complete(mat: Sequence[int]) -> bool:
    """Is every box filled?"""
    return all(m >= b for m, b in zip(mat, BOXES, strict=True))


def mat_key(mat: Mat) -> int:
    """A mat as one integer (mixed radix over the box counts)."""
    key = 0
    for count, boxes in zip(mat, BOXES, strict=True):
        key = key * (boxes + 1) + count
    return key


def key_mat(key: int) -> Mat:
    """Back from :func:`mat_key`."""
    out = []
    for boxes in reversed(BOXES):
        key, count = divmod(key, boxes + 1)
        out.append(count)
    return tuple(reversed(out))


@cache
def fill_ups(size: int = FILL_UP) -> tuple[tuple[int, ...], ...]:
    """Every fill-up as cubes per colour (165 for three cubes of nine colours)."""
    out = []
    for cubes in combinations_with_replacement(range(NUM_COLORS), size):
        counts = [0] * NUM_COLORS
        for cube in cubes:
            counts[cube] += 1
        out.append(tuple(counts))
    return tuple(out)


def fill_up_odds(bag: Sequence[int], size: int = FILL_UP) -> list[tuple[tuple[int, ...], float]]:
    """Each possible fill-up of ``size`` cubes from ``bag`` with its exact chance
    (hypergeometric: cubes drawn together without replacement)."""
    total = comb(sum(bag), size)
    out = []
    for counts in fill_ups(size):
        ways = 1
        for have, take in zip(bag, counts, strict=True):
            if take:
                ways *= comb(have, take)
                if not ways:
                    break
        if ways:
            out.append((counts, ways / total))
    return out


def place(mat: Sequence[int], cubes: Sequence[int]) -> Mat:
    """The mat after stopping with ``cubes``: each colour fills what boxes it can."""
    return tuple(min(b, m + c) for m, c, b in zip(mat, cubes, BOXES, strict=True))


def all_mats() -> list[Mat]:
    """Every canonical mat, the fullest first (successors before a mat)."""
    mats = {canonical(key_mat(key)) for key in range(mat_key(BOXES) + 1)}
    return sorted(mats, key=lambda m: -sum(m))


def solve_first_fill_up(mats: Sequence[Mat] | None = None) -> dict[Mat, float]:
    """V1 of every canonical mat: the expected turns to complete the mat when every
    turn stops after its first fill-up (exact odds from the bag)."""
    values: dict[Mat, float] = {}
    full_bag = FULL_BAG
    for mat in all_mats() if mats is None else mats:
        values[mat] = value_first_fill_up(mat, values, full_bag)
    return values


def value_first_fill_up(mat: Mat, values: dict[Mat, float], full_bag: Sequence[int]) -> float:
    """V1(mat) from V1 of the fuller mats (``values``, canonical keys)."""
    if complete(mat):
        return 0.0
    bag = [f - m for f, m in zip(full_bag, mat, strict=True)]
    stay = 0.0
    rest = 0.0
    for cubes, p in fill_up_odds(bag):
        after = canonical(place(mat, cubes))
        if after == canonical(mat):
            stay += p
        else:
            rest += p * (0.0 if complete(after) else values[after])
    return (1.0 + rest) / (1.0 - stay)


def look_ahead(
    values: dict[Mat, float],
    start: Sequence[int],
    stop_mat: Sequence[int],
    bag: Sequence[int],
    fuel: Sequence[int],
) -> tuple[float, float]:
    """(value if stopping now, expected value after one more fill-up and then
    stopping), both by ``values`` (canonical mats): ``start`` is the turn's starting
    mat (where a bust leads), ``stop_mat`` the mat if stopping now, ``bag`` the bag
    now (the pumps out of it), ``fuel`` the first fill-up's colours.  With the
    two-fill-up table and one fill-up made, these are the exact values of the two
    choices under the two-fill-up policy (the expert's decision)."""
    stop = values_of(values, stop_mat)
    size = min(FILL_UP, sum(bag))
    bust_value = values_of(values, start)
    fuel_set = set(fuel)
    go = 0.0
    for cubes, p in fill_up_odds(bag, size):
        if any(cubes[c] for c in fuel_set):
            go += p * values_of(values, place(stop_mat, cubes))
        else:
            go += p * bust_value
    return stop, go


def values_of(values: dict[Mat, float], mat: Sequence[int]) -> float:
    """A mat's value from a table of canonical mats (0 when complete)."""
    return 0.0 if complete(mat) else values[canonical(mat)]


__all__ = [
    "PAIRS",
    "canonical",
    "complete",
    "fill_up_odds",
    "fill_ups",
    "key_mat",
    "look_ahead",
    "mat_key",
    "place",
    "solve_first_fill_up",
    "value_first_fill_up",
    "values_of",
]
