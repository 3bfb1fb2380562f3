"""Solo Your Mileage May Vary past two fill-ups: a lower bound on the optimum by
an information relaxation of each turn with a penalty, and the value table of a
policy that fills up as often as it likes (played against the ``expert`` by
``benchmarks/mileage_relaxation.py``: no measurable gain, not shipped).  Used by
that benchmark and the tests, never at play time; the paths are compiled
(:mod:`roadtrip.bots.main_street.mileage_paths`, numba).

**The turn as optimal stopping.**  From mat ``m`` (value ``V*(m)``, the
optimum's expected turns) a turn is a stopping problem: after the k-th fill-up
stopping is worth ``Y_k = V*(u_k)`` (``u_k`` the mat the pumps would make; a
bust, or a turn that fills nothing, is ``V*(m)``), and
``V*(m) = 1 + inf_τ E[Y_τ]`` over the stopping times of the turn.

**The relaxation** (the dual of optimal stopping, Rogers 2002; Haugh and Kogan
2004; Brown, Smith and Sun 2010): for any martingale ``M`` with ``M_0 = 0``
(optional stopping: ``E[M_τ] = 0``) ``inf_τ E[Y_τ] = inf_τ E[Y_τ - M_τ] >=
E[min_k (Y_k - M_k)]``: a player who sees the whole turn's fill-ups in advance
but pays the penalty ``M_k`` does at least as well.  Here ``M`` is built from
``h_k`` = the relaxation's own value of stopping after fill-up k: ``M_k =
sum_(j<k) (h_(j+1) - E[h_(j+1) | fill-ups so far])``, the conditional
expectation exact (every possible next fill-up with its odds from the bag).
Were ``h`` the true value of the turn, the bound would be exact; with ``h`` the
value of stopping it is exact wherever the one-step rule is optimal (the
"monotone case").  Going on after completing the mat is charged what busting at
once would be, below every later option.  Children's values are the lower bound
``L`` itself (fuller mats, solved first): since ``L <= V*`` and ``Y`` only grows
with the values, the bound stays below ``V*(m)``.  The mat's own value ``V``
enters every option linearly (``a + b·V``); every ``V`` with ``V <= 1 +
E[min_k (Y_k(V) - M_k(V))]`` is below ``V*(m)`` (the real turn's ``1 + inf_τ
E[Y_τ(V)] - V`` falls as ``V`` grows and is 0 at ``V*(m)``), and ``L(m)`` is the
largest such ``V`` (Newton from above on a convex function).

**Estimated, not enumerated.**  The turn's first fill-up is enumerated with its
exact odds; the rest of each path is drawn (``per_first`` paths per first
fill-up).  The minimum inside the expectation is concave in the children's
values, so noise in them only lowers the estimate (Jensen); the mat's own fixed
point is a ratio estimate with a bias of order 1/paths.  The tests check the
estimate against the exact relaxation and the brute-force optimum on small
bags.

**The primal table** ``P``: along the same paths, the policy that fills up again
while one more fill-up (then stopping, valued by ``P``, a bust by ``P(m)``) is
worth less than stopping now, and ``P(m)`` the fixed point of its turn: a
policy consistent with its own table (estimated like the bound; the expert's
simulated games measure the policy itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from roadtrip.bots.main_street.mileage_setup import REAL, Floats, Mat, Setup

SEED_STRIDE = 1_000_003


def fill_arrays(setup: Setup) -> tuple[Any, Any, Any, Any, Any]:
    """Every fill-up of 1, 2 and 3 cubes as (colours, counts, how many colours,
    colour mask) rows, and the offsets of each size: ``offsets[s-1]:offsets[s]``."""
    colours, counts, nonzero, masks, offsets = [], [], [], [], [0]
    for size in (1, 2, 3):
        for cubes in combinations_with_replacement(range(setup.colours), size):
            distinct = sorted(set(cubes))
            colours.append(distinct + [0] * (3 - len(distinct)))
            counts.append([cubes.count(c) for c in distinct] + [0] * (3 - len(distinct)))
            nonzero.append(len(distinct))
            masks.append(sum(1 << c for c in distinct))
        offsets.append(len(masks))
    return (
        np.array(colours, dtype=np.int64),
        np.array(counts, dtype=np.int64),
        np.array(nonzero, dtype=np.int64),
        np.array(masks, dtype=np.int64),
        np.array(offsets, dtype=np.int64),
    )


class Solver:
    """The relaxation and the primal table of one setup, mat by mat."""

    def __init__(self, setup: Setup = REAL, *, per_first: int = 4, seed: int = 1) -> None:
        from roadtrip.bots.main_street import mileage_paths

        self.paths = mileage_paths
        self.setup = setup
        self.per_first = per_first
        self.seed = seed
        self.fills = fill_arrays(setup)
        self.full = np.array(setup.full, dtype=np.int64)
        self.boxes = np.array(setup.boxes, dtype=np.int64)
        self.lower = np.zeros(setup.num_mats)
        self.primal = np.zeros(setup.num_mats)

    def run(self, mat: Mat, per_first: int, seed: int, partial: bool = True) -> tuple[Any, ...]:
        """One mat's paths (``mileage_paths.turn_paths``)."""
        setup = self.setup
        return tuple(
            self.paths.turn_paths(
                np.array(mat, dtype=np.int64),
                self.full,
                self.boxes,
                setup.weights,
                setup.canon,
                self.lower,
                self.primal,
                *self.fills,
                per_first,
                seed % 2**32,
                partial,
            )
        )

    def solve_mat(self, mat: Mat, partial: bool = True) -> tuple[float, float]:
        """(lower bound, primal value) of ``mat``, every fuller mat solved (the
        paths' seed is the solver's and the mat's key: a mat's figures do not
        depend on which other mats are solved)."""
        seed = self.seed * SEED_STRIDE + self.setup.key(mat)
        weight, options, n_options, steps, count, busted = self.run(
            mat, self.per_first, seed, partial
        )
        low = float(self.paths.dual_value(weight, options, n_options))
        high = float(self.paths.primal_value(weight, steps, count, busted, 1e6))
        return low, high

    def solve(
        self, mats: Sequence[Mat] | None = None, partial: bool = True
    ) -> tuple[Floats, Floats]:
        """Every canonical mat (or ``mats``, fullest first, every fuller one
        already in ``self.lower`` and ``self.primal``): (lower, primal) by key."""
        setup = self.setup
        order = setup.mats() if mats is None else list(mats)
        for mat in order:
            key = setup.key(mat)
            if setup.complete(mat):
                self.lower[key] = self.primal[key] = 0.0
                continue
            self.lower[key], self.primal[key] = self.solve_mat(mat, partial)
        return self.lower, self.primal


__all__ = ["Solver", "fill_arrays"]
