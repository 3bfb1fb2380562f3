"""Compiled turn paths of solo Your Mileage May Vary (numba), for
:mod:`roadtrip.bots.main_street.mileage_dual`: the solver's inner loop, never
used at play time (numba is the optional ``fast`` extra).

For one mat, each path is one turn's fill-ups drawn from the exact bag (three
cubes without replacement each, fewer from a short bag as the engine draws them)
until one busts, the mat is complete or the bag cannot fill up again.  The first
fill-up is enumerated (every one with its exact chance, ``per_first`` paths
each); the later ones are drawn.  After every fill-up the path records, with
the exact one-step odds from the bag at that point (every possible next
fill-up), what the two solvers need:

* **dual** (the lower bound): the penalised value of stopping after each
  fill-up, ``Y_k - M_k`` (see ``mileage_dual``), kept as the least over the
  options worth the mat's own value (a bust, or a turn that filled nothing) and
  the least over the others: ``(A1, A0)``;
* **primal** (the policy): the value of stopping now and of one more fill-up,
  both by the primal table, as ``a + b·V`` (``V`` the mat's own value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np

Function = TypeVar("Function", bound=Callable[..., Any])


def jit(function: Function) -> Function:
    """``function`` compiled in nopython mode, cached on disk (same signature for
    mypy)."""
    return cast(Function, numba.njit(cache=True)(function))


FILL_UP = 3
MAX_FILL_UPS = 48  # more than any turn can make: 125 cubes / 3
MAX_OPTIONS = MAX_FILL_UPS + 1  # stopping after each, or busting after the last


@jit
def _comb(n: int, k: int) -> float:  # pragma: no cover - compiled
    if n < k:
        return 0.0
    if k == 0:
        return 1.0
    if k == 1:
        return float(n)
    if k == 2:
        return n * (n - 1) / 2.0
    return n * (n - 1) * (n - 2) / 6.0


@jit
def _value(
    key: int, own: int, complete: int, canon: Any, table: Any
) -> tuple[float, float]:  # pragma: no cover - compiled
    """Stopping at the mat ``key``: (a, b) of a + b·V; the turn's own mat is V."""
    if key == own:
        return 0.0, 1.0
    if key == complete:
        return 0.0, 0.0
    return table[canon[key]], 0.0


@jit
def _look_ahead(
    bag: Any,
    total: int,
    u: Any,
    key: int,
    fuel: int,
    own: int,
    complete: int,
    boxes: Any,
    weights: Any,
    canon: Any,
    lower: Any,
    primal: Any,
    fc: Any,
    fk: Any,
    fnz: Any,
    fmask: Any,
    offsets: Any,
) -> tuple[float, float, float, float, float]:  # pragma: no cover - compiled
    """One more fill-up then stopping, exact odds: (lower a, lower b, primal a,
    primal b, chance of a bust), values as a + b·V (a bust is V)."""
    size = min(FILL_UP, total)
    ways_all = _comb(total, size)
    la = lb = pa = pb = bust = 0.0
    for row in range(offsets[size - 1], offsets[size]):
        ways = 1.0
        for i in range(fnz[row]):
            ways *= _comb(bag[fc[row, i]], fk[row, i])
        if ways == 0.0:
            continue
        p = ways / ways_all
        if fmask[row] & fuel == 0:
            bust += p
            lb += p
            pb += p
            continue
        new = key
        for i in range(fnz[row]):
            c = fc[row, i]
            new += weights[c] * min(fk[row, i], boxes[c] - u[c])
        a, b = _value(new, own, complete, canon, lower)
        la += p * a
        lb += p * b
        a, b = _value(new, own, complete, canon, primal)
        pa += p * a
        pb += p * b
    return la, lb, pa, pb, bust


@jit
def _draw(bag: Any, total: int, size: int, out: Any) -> int:  # pragma: no cover - compiled
    """Draw ``size`` cubes without replacement from ``bag`` (taken out of it) into
    ``out`` (cubes per colour); returns the mask of their colours."""
    mask = 0
    for c in range(len(out)):
        out[c] = 0
    for _ in range(size):
        r = np.random.randint(0, total)
        c = 0
        while r >= bag[c]:
            r -= bag[c]
            c += 1
        bag[c] -= 1
        out[c] += 1
        total -= 1
        mask |= 1 << c
    return mask


@jit
def turn_paths(
    mat: Any,
    full: Any,
    boxes: Any,
    weights: Any,
    canon: Any,
    lower: Any,
    primal: Any,
    fc: Any,
    fk: Any,
    fnz: Any,
    fmask: Any,
    offsets: Any,
    per_first: int,
    seed: int,
    partial: bool,
) -> tuple[Any, Any, Any, Any, Any, Any]:  # pragma: no cover - compiled
    """The paths of one mat's turn.  Returns per path its weight (its chance); the
    dual's options ``(n, MAX_OPTIONS, 2)`` (a, b of a + b·V: the penalised value of
    stopping after each fill-up, and of going on into the bust that ended the
    path) and how many; the primal's steps ``(n, MAX_FILL_UPS, 4)`` (stop a, stop
    b, go a, go b; go a = nan: must stop) and how many; and whether the path
    ended in a bust."""
    colours = len(full)
    np.random.seed(seed)
    own = 0
    complete = 0
    for c in range(colours):
        own += mat[c] * weights[c]
        complete += boxes[c] * weights[c]
    bag0 = full - mat
    total0 = bag0.sum()
    size = min(FILL_UP, total0)
    first_rows = np.arange(offsets[size - 1], offsets[size])
    n = len(first_rows) * per_first
    weight = np.zeros(n)
    options = np.full((n, MAX_OPTIONS, 2), np.nan)
    n_options = np.zeros(n, dtype=np.int64)
    steps = np.full((n, MAX_FILL_UPS, 4), np.nan)
    count = np.zeros(n, dtype=np.int64)
    busted = np.zeros(n, dtype=np.bool_)
    drawn = np.zeros(colours, dtype=np.int64)
    u = np.zeros(colours, dtype=np.int64)
    path = 0
    for row in first_rows:
        ways = 1.0
        for i in range(fnz[row]):
            ways *= _comb(bag0[fc[row, i]], fk[row, i])
        if ways == 0.0:
            continue
        p1 = ways / _comb(total0, size)
        first_done = False
        first = (0.0, 0.0, 0.0, 0.0, 0.0)
        for _ in range(per_first):
            bag = bag0.copy()
            total = total0 - size
            key = 0
            for c in range(colours):
                u[c] = mat[c]
            for i in range(fnz[row]):
                c = fc[row, i]
                bag[c] -= fk[row, i]
                u[c] = min(boxes[c], u[c] + fk[row, i])
            for c in range(colours):
                key += u[c] * weights[c]
            fuel = fmask[row]
            weight[path] = p1 / per_first
            # R_k = -M_k = sum_(j<k) (E[h_(j+1) | so far] - h_(j+1)), h = Y: a + b·V
            run_a = run_b = 0.0
            ya, yb = _value(key, own, complete, canon, lower)
            j = 0
            k = 0
            while True:
                options[path, k, 0] = ya + run_a
                options[path, k, 1] = yb + run_b
                k += 1
                sa, sb = _value(key, own, complete, canon, primal)
                steps[path, j, 0] = sa
                steps[path, j, 1] = sb
                count[path] = j + 1
                if total == 0 or (not partial and total < FILL_UP):
                    break
                if j or not first_done:  # after the first fill-up: once per fill-up
                    la, lb, pa, pb, q = _look_ahead(
                        bag,
                        total,
                        u,
                        key,
                        fuel,
                        own,
                        complete,
                        boxes,
                        weights,
                        canon,
                        lower,
                        primal,
                        fc,
                        fk,
                        fnz,
                        fmask,
                        offsets,
                    )
                    if not j:
                        first = (la, lb, pa, pb, q)
                        first_done = True
                else:
                    la, lb, pa, pb, q = first
                if key == complete:
                    # Going on after completing: busting at once is worth R + E[h];
                    # every later option is worth at least that (V >= 0).
                    options[path, k, 0] = run_a + la
                    options[path, k, 1] = run_b + lb
                    k += 1
                    break
                steps[path, j, 2] = pa
                steps[path, j, 3] = pb
                more = min(FILL_UP, total)
                mask = _draw(bag, total, more, drawn)
                total -= more
                if mask & fuel == 0:  # bust: S = V - M_(j+1) = R + E[h] (h = V)
                    options[path, k, 0] = run_a + la
                    options[path, k, 1] = run_b + lb
                    k += 1
                    busted[path] = True
                    break
                for c in range(colours):
                    if drawn[c]:
                        gain = min(drawn[c], boxes[c] - u[c])
                        u[c] += gain
                        key += gain * weights[c]
                ya, yb = _value(key, own, complete, canon, lower)
                run_a += la - ya
                run_b += lb - yb
                j += 1
            n_options[path] = k
            path += 1
    return (
        weight[:path],
        options[:path],
        n_options[:path],
        steps[:path],
        count[:path],
        busted[:path],
    )


@jit
def dual_value(weight: Any, options: Any, n_options: Any) -> float:  # pragma: no cover
    """The largest V with V <= 1 + sum_n w_n min_k (a_nk + b_nk·V): Newton from
    above on the convex V - 1 - (...); inf when the paths give none."""
    beta = 1e9
    for _ in range(500):
        a_sum = 0.0
        b_sum = 0.0
        for n in range(len(weight)):
            best = np.inf
            best_b = 0.0
            for k in range(n_options[n]):
                v = options[n, k, 0] + options[n, k, 1] * beta
                if v < best:
                    best = v
                    best_b = options[n, k, 1]
            a_sum += weight[n] * (best - best_b * beta)
            b_sum += weight[n] * best_b
        if b_sum >= 1.0:
            return np.inf
        new = (1.0 + a_sum) / (1.0 - b_sum)
        if new >= beta - 1e-12:
            return min(beta, new)
        beta = new
    return beta


@jit
def primal_value(
    weight: Any, steps: Any, count: Any, busted: Any, start: float
) -> float:  # pragma: no cover - compiled
    """The fixed point V = 1 + E[stopping value] of the policy that fills up again
    while one more fill-up (then stopping, by the primal table) is worth less than
    stopping now, V its own bust value: policy iteration from ``start``."""
    beta = start
    for _ in range(100):
        a_sum = 0.0
        b_sum = 0.0
        for n in range(len(weight)):
            a = b = 0.0
            for j in range(count[n]):
                sa, sb, ga, gb = steps[n, j, 0], steps[n, j, 1], steps[n, j, 2], steps[n, j, 3]
                go = not np.isnan(ga) and ga + gb * beta < sa + sb * beta - 1e-12
                if not go:
                    a, b = sa, sb
                    break
                if j == count[n] - 1:  # went on into the bust that ended the path
                    a, b = 0.0, 1.0
            a_sum += weight[n] * a
            b_sum += weight[n] * b
        if b_sum >= 1.0:
            return np.inf
        new = (1.0 + a_sum) / (1.0 - b_sum)
        if new >= beta - 1e-12:
            return min(beta, new)
        beta = new
    return beta


__all__ = ["MAX_FILL_UPS", "MAX_OPTIONS", "dual_value", "primal_value", "turn_paths"]
