"""Solo Your Mileage May Vary by dynamic programming over the exact bag and mat,
a turn cut at two fill-ups (numpy; used by ``scripts/solve_main_street.py`` and
the tests, never at play time).

**Exact up to the cut.**  Between turns the state is the mat (the bag is the full
set minus the mat).  Within a turn it is every cube on the pumps: after the first
fill-up (165 possible, exact hypergeometric odds) the player stops or fills up
again; the second fill-up (165 more, from the bag without the first three cubes)
busts when it holds no fuel colour, back to the turn's starting mat.  So a turn
has 165 × 165 outcomes, enumerated for each of the 16,200 canonical mats, fullest
first; a mat's own value appears in its turn (a bust, or cubes that fill nothing)
and is solved by policy iteration on the scalar fixed point ``V = 1 + f(V)``.

* ``upper`` (:func:`solve`): the optimal policy **among those that stop after at
  most two fill-ups**, with its exact value: a real policy (the ``expert`` plays
  it), so an upper bound on the optimum.
* ``lower`` (``solve(lower=True)``): a relaxation, a lower bound on the optimum.
  After the second fill-up the player may also go on, and is then charged only
  what :func:`continuation_tail` proves any continuation costs at least.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from roadtrip.bots.main_street.mileage_lower import continuation_tail, reach_bounds, useful_tail
from roadtrip.bots.main_street.mileage_setup import (
    REAL,
    Bools,
    Floats,
    Mat,
    Setup,
    Tail,
    fill_odds,
    setup_boxes,
    setup_full,
)


def solve_mat(
    setup: Setup,
    mat: Mat,
    values: Floats,
    reach: Floats | None = None,
    squares: Floats | None = None,
) -> tuple[float, float]:
    """(value, E[turns²]) of ``mat`` given ``values`` (by key) of every fuller
    canonical mat: the two-fill-up optimum and, with ``squares`` (E[turns²] of the
    fuller mats), the second moment of its turns (else 0); or with ``reach``
    (:func:`reach_bounds`) the relaxation's value."""
    canon, fills, boxes = setup.canon, setup.fills, setup_boxes(setup)
    here = np.array(mat, dtype=np.int64)
    own = int(canon[setup.key(mat)])
    bag = setup_full(setup) - here
    first = fill_odds(setup, bag)
    second = fill_odds(setup, bag[None, :] - fills)
    second[first == 0] = 0.0
    after_one = canon[np.minimum(boxes, here + fills) @ setup.weights]
    after_two = canon[np.minimum(boxes, here + setup.pair_sums) @ setup.weights]
    self_one = after_one == own
    self_two = (after_two == own) | setup.busts
    stop = (np.where(self_one, 0.0, values[after_one]), self_one.astype(float))
    two = (np.where(self_two, 0.0, values[after_two]), self_two.astype(float))
    tail = None if reach is None else continuation_tail(setup, here, reach)
    value, go = _policy_iteration(first, second, stop, two, tail)
    if reach is not None:  # the better of the two relaxations (both lower bounds)
        return max(
            value, _one_fill_up_relaxation(first, stop, useful_tail(setup, here, reach))
        ), 0.0
    if squares is None:
        return value, 0.0
    # E[T²] = E[(1 + T')²] over the next mat's T', T' = the next mat's turns; the
    # mat itself comes back with chance b: S (1 - b) = sum over other outcomes of
    # p (1 + 2 V + S) + b (1 + 2 V(mat)).
    one = np.where(self_one, 0.0, 1.0 + 2.0 * values[after_one] + squares[after_one])
    two_s = np.where(self_two, 0.0, 1.0 + 2.0 * values[after_two] + squares[after_two])
    a = float(first @ np.where(go, (second * two_s).sum(axis=1), one))
    b = float(first @ np.where(go, (second * two[1]).sum(axis=1), stop[1]))
    return value, (a + b * (1.0 + 2.0 * value)) / (1.0 - b)


def _policy_iteration(
    first: Floats,
    second: Floats,
    stop: tuple[Floats, Floats],
    two: tuple[Floats, Floats],
    tail: Tail | None,
) -> tuple[float, Bools]:
    """Solve V = 1 + sum_c1 p(c1) min(stop, go), each option's value linear in V
    (a + b·V) for a fixed policy: policy iteration from 'always stop' (the value
    falls at each step; it ends when the policy no longer improves it).  Returns
    the value and, per first fill-up, whether the policy fills up again."""
    beta = np.inf
    stop_a, stop_b = stop
    go = np.zeros(len(first), dtype=bool)
    for iteration in range(200):
        end_a, end_b = two
        if tail is not None and iteration:
            tail_a, tail_b = tail(beta)
            better = tail_a + tail_b * beta < end_a + end_b * beta - 1e-12
            end_a, end_b = np.where(better, tail_a, end_a), np.where(better, tail_b, end_b)
        go_a = (second * end_a).sum(axis=1)
        go_b = (second * end_b).sum(axis=1)
        new_go = np.zeros(len(first), dtype=bool)
        if iteration:
            new_go = go_a + go_b * beta < stop_a + stop_b * beta - 1e-12
        a = float(first @ np.where(new_go, go_a, stop_a))
        b = float(first @ np.where(new_go, go_b, stop_b))
        new = (1.0 + a) / (1.0 - b)
        if new >= beta - 1e-12:
            return float(min(beta, new)), go
        beta, go = new, new_go
    return float(beta), go


def _one_fill_up_relaxation(first: Floats, stop: tuple[Floats, Floats], tail: Tail) -> float:
    """V = 1 + sum_c1 p(c1) min(stop, tail): the first fill-up exact, everything
    after it bounded by ``tail``; policy iteration as :func:`_policy_iteration`."""
    beta = np.inf
    stop_a, stop_b = stop
    for iteration in range(200):
        go = np.zeros(len(first), dtype=bool)
        go_a = go_b = np.zeros(len(first))
        if iteration:
            go_a, go_b = tail(beta)
            go = go_a + go_b * beta < stop_a + stop_b * beta - 1e-12
        a = float(first @ np.where(go, go_a, stop_a))
        b = float(first @ np.where(go, go_b, stop_b))
        new = (1.0 + a) / (1.0 - b)
        if new >= beta - 1e-12:
            return float(min(beta, new))
        beta = new
    return float(beta)


def solve(
    setup: Setup = REAL,
    *,
    lower: bool = False,
    mats: Sequence[Mat] | None = None,
    values: Floats | None = None,
    squares: Floats | None = None,
) -> tuple[Floats, Floats]:
    """Every canonical mat's value, indexed by mat key (other keys: not solved),
    and (``upper``) the second moment of its turns: the two-fill-up optimum, or
    (``lower``) the relaxation's value.  ``mats`` (fullest first) limits the solve
    to them, given ``values`` (and ``squares``) of every fuller mat."""
    out = np.zeros(setup.num_mats) if values is None else values.copy()
    second = np.zeros(setup.num_mats) if squares is None else squares.copy()
    order = setup.mats() if mats is None else list(mats)
    todo = [m for m in order if not setup.complete(m)]
    solved = np.full(setup.num_mats, values is not None)
    solved[setup.key(setup.boxes)] = True  # the complete mat: 0 turns
    for mat in todo:
        solved[setup.key(mat)] = False
    reach = None
    level = -1
    for mat in todo:
        if lower and sum(mat) != level:
            level = sum(mat)
            reach = reach_bounds(setup, out, solved)
        key = setup.key(mat)
        out[key], second[key] = solve_mat(setup, mat, out, reach, None if lower else second)
        solved[key] = True
    return out, second


__all__ = ["REAL", "Setup", "fill_odds", "solve", "solve_mat"]
