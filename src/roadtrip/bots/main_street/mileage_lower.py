"""The relaxation behind the lower bound of solo Your Mileage May Vary: what any
continuation of a turn provably costs at least (:mod:`roadtrip.bots.main_street.
mileage_dp` solves the turns with these in place of the real continuations).

Both bounds follow a turn's further fill-ups as a chain: the j-th further
fill-up busts with at least the least chance any bag could then have (every cube
drawn since a non-fuel one), and a turn that stops
after gaining g boxes is at a mat at least as good as the best mat with at most
g more boxes (:func:`reach_bounds`).  A bust (worth the start's value V) is
never better than the best stop, so more bust chance never helps, and backward
induction over the chain gives a value no real continuation beats.

* :func:`continuation_tail`, after two fill-ups: each further fill-up may bring
  any three boxes.
* :func:`useful_tail`, after one fill-up: each further fill-up brings at most a
  Binomial(3, π) number of boxes, π the most useful cubes (of colours still
  needed) the bag could hold per cube drawn; the surviving fill-ups are taken to
  be the ones with the most useful cubes (the worst coupling of bust and gain).
"""

from __future__ import annotations

import numpy as np

from roadtrip.bots.main_street.mileage_setup import (
    FILL_UP,
    Bools,
    Floats,
    Ints,
    Setup,
    Tail,
    setup_boxes,
    setup_full,
)


def reach_bounds(setup: Setup, values: Floats, solved: Bools) -> Floats:
    """For g = 0..3·chain and every mat u (by key), the least value of a solved mat
    u' >= u with at most g more boxes (inf if none): (3·chain + 1, mats)."""
    shape = setup.shape
    current = np.where(solved[setup.canon], values[setup.canon], np.inf).reshape(shape)
    out = [current.reshape(-1).copy()]
    for _ in range(FILL_UP * setup.chain):  # one more box each time
        step = current.copy()
        for axis in range(setup.colours):
            src = [slice(None)] * setup.colours
            dst = [slice(None)] * setup.colours
            src[axis], dst[axis] = slice(1, None), slice(None, -1)
            step[tuple(dst)] = np.minimum(step[tuple(dst)], current[tuple(src)])
        current = step
        out.append(current.reshape(-1).copy())
    return np.array(out)


def continuation_tail(setup: Setup, here: Ints, reach: Floats) -> Tail:
    """A lower bound on filling up a third time, for every (first, second)
    fill-up, as a function of V (the start's value) giving (a, b): a + b·V.

    After two fill-ups at stop-mat u, any continuation survives its j-th further
    fill-up with a chance of at most 1 - q_j, q_j the least bust chance any bag
    could then have (every cube drawn since was a non-fuel one); if it stops after
    j of them it is at a mat u' >= u with at most 3j more boxes, worth at least
    ``reach[j][u]``, and at least 0 whatever it does.  Busting (worth V) is never
    better than min(V, that floor), so by backward induction the continuation is
    worth at least G_1 of the chain C_chain = 0, C_j = min(min(V, reach_j),
    q_{j+1}·V + (1 - q_{j+1})·C_{j+1}), G_1 = q_1·V + (1 - q_1)·C_1.  A busted
    second fill-up cannot go on."""
    pumps = setup.pair_sums
    live = np.clip(setup_full(setup) - here - pumps, 0, None)
    total = live.sum(axis=2)
    fuel = (setup.fills > 0)[:, None, :]
    non_fuel = np.where(fuel, 0, live).sum(axis=2)
    floors = reach[::FILL_UP, np.minimum(setup_boxes(setup), here + pumps) @ setup.weights]
    q = []
    for j in range(setup.chain):
        n = np.clip(non_fuel - FILL_UP * j, 0, None).astype(float)
        t = np.clip(total - FILL_UP * j, FILL_UP, None).astype(float)
        q.append(n * (n - 1) * (n - 2) / (t * (t - 1) * (t - 2)))
    busts = setup.busts

    def tail(beta: float) -> tuple[Floats, Floats]:
        c_a = np.zeros(total.shape)
        c_b = np.zeros(total.shape)
        for j in range(setup.chain - 1, 0, -1):
            go_a, go_b = (1.0 - q[j]) * c_a, q[j] + (1.0 - q[j]) * c_b
            below = floors[j] < beta
            stop_a = np.where(below, floors[j], 0.0)
            stop_b = np.where(below, 0.0, 1.0)
            take = stop_a + stop_b * beta <= go_a + go_b * beta
            c_a, c_b = np.where(take, stop_a, go_a), np.where(take, stop_b, go_b)
        a = np.where(busts, 0.0, (1.0 - q[0]) * c_a)
        b = np.where(busts, 1.0, q[0] + (1.0 - q[0]) * c_b)
        return a, b

    return tail


LONG_TURN = 30  # further fill-ups the useful-cube chain follows


def useful_tail(setup: Setup, here: Ints, reach: Floats) -> Tail:
    """A lower bound on filling up again after the first fill-up, for each of them,
    as a function of V (the start's value) giving (a, b): a + b·V.

    From the bag after the first fill-up (N cubes, n of them not fuel, U of
    colours the mat still needs), the j-th further fill-up busts with chance at
    least q_j = C(n - 3(j-1), 3) / C(N - 3(j-1), 3), and each of its cubes is of
    a needed colour with chance at most π_j = U / (N - 3(j-1) - 2) whatever came
    before, so the boxes it fills are at most a Binomial(3, π_j) count.  The
    chain's state is (j, boxes gained g); stopping is worth min(V, reach_g); going
    on is worth q·V plus the survival mass 1 - q laid on the largest gains (no
    real joint law of bust and gain does better, as more boxes never cost more).
    After ``LONG_TURN`` further fill-ups the value is taken as 0."""
    fills = setup.fills
    live = np.clip(setup_full(setup) - here - fills, 0, None)  # (F, colours)
    total = live.sum(axis=1).astype(float)
    non_fuel = np.where(fills > 0, 0, live).sum(axis=1).astype(float)
    after = np.minimum(setup_boxes(setup), here + fills)
    useful = np.where(after < setup_boxes(setup), live, 0).sum(axis=1).astype(float)
    floors = reach[:, after @ setup.weights].T  # (F, top + 1)
    steps = []
    for j in range(LONG_TURN):
        n = np.clip(non_fuel - FILL_UP * j, 0, None)
        t = np.clip(total - FILL_UP * j, FILL_UP, None)
        q = n * (n - 1) * (n - 2) / (t * (t - 1) * (t - 2))
        pi = np.clip(useful / np.clip(t - 2, 1, None), 0.0, 1.0)
        gains = [(1 - pi) ** 3, 3 * pi * (1 - pi) ** 2, 3 * pi * pi * (1 - pi), pi**3]
        left = 1.0 - q
        weights = [np.zeros_like(q)] * 4
        for k in (3, 2, 1, 0):  # survival on the largest gains first
            weights[k] = np.minimum(gains[k], left)
            left = left - weights[k]
        steps.append((q, weights))

    def shifted(values: Floats, k: int) -> Floats:
        if k == 0:
            return values
        pad = np.repeat(values[:, -1:], k, axis=1)  # g beyond the top: as the top
        return np.concatenate([values[:, k:], pad], axis=1)

    def tail(beta: float) -> tuple[Floats, Floats]:
        below = floors < beta
        stop_a = np.where(below, floors, 0.0)
        stop_b = np.where(below, 0.0, 1.0)
        c_a = np.zeros_like(floors)
        c_b = np.zeros_like(floors)
        for j in range(LONG_TURN - 1, -1, -1):
            q, weights = steps[j]
            go_a = sum(w[:, None] * shifted(c_a, k) for k, w in enumerate(weights))
            go_b = q[:, None] + sum(w[:, None] * shifted(c_b, k) for k, w in enumerate(weights))
            if j == 0:
                return np.asarray(go_a[:, 0]), np.asarray(go_b[:, 0])
            take = stop_a + stop_b * beta <= go_a + go_b * beta
            c_a, c_b = np.where(take, stop_a, go_a), np.where(take, stop_b, go_b)
        raise AssertionError("unreachable")  # pragma: no cover

    return tail


__all__ = ["continuation_tail", "reach_bounds", "useful_tail"]
