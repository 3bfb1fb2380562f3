"""What the rules tests of both America's Main Street games share: mats set up by
moving cubes from the bag (``place``), mats written by colour (``mat_of``), and the
check that every cube is accounted for and the chance odds are the bag's."""

from __future__ import annotations

from fractions import Fraction

from roadtrip.games.main_street.base import MainStreetState
from roadtrip.games.main_street.data import COLOR_INDEX, FULL_BAG, NUM_COLORS

C = COLOR_INDEX


def place(state: MainStreetState, seat: int, **counts: int) -> None:
    """Move cubes from the bag onto ``seat``'s mat (as earlier turns would have)."""
    for key, n in counts.items():
        assert state.bag[C[key]] >= n
        state.bag[C[key]] -= n
        state.bag_total -= n
        state.mats[seat][C[key]] += n


def mat_of(**counts: int) -> list[int]:
    mat = [0] * NUM_COLORS
    for key, n in counts.items():
        mat[C[key]] = n
    return mat


def check_cubes(state: MainStreetState) -> None:
    """Every cube is in the bag, on a mat or among this turn's; the bag's total is
    its cubes; at a chance node the odds are the bag's counts."""
    for c in range(NUM_COLORS):
        on_mats = sum(mat[c] for mat in state.mats)
        assert state.bag[c] + on_mats + state.drawn.count(c) == FULL_BAG[c]
    assert state.bag_total == sum(state.bag)
    if state.is_chance_node():
        assert state.chance_outcomes_exact() == [
            (c, Fraction(n, state.bag_total)) for c, n in enumerate(state.bag) if n
        ]
