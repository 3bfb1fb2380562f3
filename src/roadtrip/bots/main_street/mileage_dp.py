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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from roadtrip.games.main_street.data import BOXES, FULL_BAG

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Tail = Callable[[float], tuple[Floats, Floats]]
Mat = tuple[int, ...]

FILL_UP = 3
CHAIN = 9  # further fill-ups the lower bound follows (3 x 9 >= 25 boxes: any mat)
REAL_PAIRS = ((1, 2), (3, 4), (5, 6), (7, 8))


@dataclass(frozen=True)
class Setup:
    """The bag and mat: cubes and boxes per colour, and pairs of colours with the
    same cubes and boxes (a symmetry).  The real game by default; the tests use
    small ones."""

    full: tuple[int, ...] = FULL_BAG
    boxes: tuple[int, ...] = BOXES
    pairs: tuple[tuple[int, int], ...] = REAL_PAIRS
    chain: int = CHAIN
    _cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def colours(self) -> int:
        return len(self.full)

    @cached_property
    def fills(self) -> Ints:
        """Every fill-up as cubes per colour, (F, colours)."""
        rows = []
        for cubes in combinations_with_replacement(range(self.colours), FILL_UP):
            rows.append([cubes.count(c) for c in range(self.colours)])
        return np.array(rows, dtype=np.int64)

    @cached_property
    def weights(self) -> Ints:
        """The mixed radix of mat keys (as ``mileage_solver.mat_key``)."""
        b = self.boxes
        return np.array(
            [int(np.prod([x + 1 for x in b[i + 1 :]])) for i in range(len(b))], dtype=np.int64
        )

    @property
    def shape(self) -> list[int]:
        return [b + 1 for b in self.boxes]

    @property
    def num_mats(self) -> int:
        return int(np.prod(self.shape))

    @cached_property
    def pair_sums(self) -> Ints:
        """Two fill-ups together, (F, F, colours)."""
        return self.fills[:, None, :] + self.fills[None, :, :]

    @cached_property
    def busts(self) -> Bools:
        """Does the second fill-up (column) share no colour with the first (row)?"""
        fuel = self.fills > 0
        shared: Bools = np.any(fuel[:, None, :] & fuel[None, :, :], axis=2)
        return ~shared

    @cached_property
    def canon(self) -> Ints:
        """For every mat key, the key of its canonical mat (each pair sorted, the
        larger count first)."""
        counts = np.array(np.unravel_index(np.arange(self.num_mats), self.shape)).T
        for a, b in self.pairs:
            low = counts[:, a] < counts[:, b]
            counts[low, a], counts[low, b] = counts[low, b], counts[low, a]
        return np.asarray(counts @ self.weights)

    def key(self, mat: Sequence[int]) -> int:
        return int(np.dot(mat, self.weights))

    def mats(self) -> list[Mat]:
        """Every canonical mat, the fullest first."""
        counts = np.array(np.unravel_index(np.arange(self.num_mats), self.shape)).T
        keep = self.canon == np.arange(self.num_mats)
        mats = [tuple(int(x) for x in row) for row in counts[keep]]
        return sorted(mats, key=lambda m: -sum(m))

    def complete(self, mat: Sequence[int]) -> bool:
        return all(m >= b for m, b in zip(mat, self.boxes, strict=True))


REAL = Setup()


COMB = np.array(
    [
        [1.0] * 200,
        list(range(200)),
        [n * (n - 1) / 2 for n in range(200)],
        [n * (n - 1) * (n - 2) / 6 for n in range(200)],
    ]
)  # comb(n, k), k <= 3


def fill_odds(setup: Setup, bags: Ints) -> Floats:
    """P(each fill-up) from each bag: ``bags`` (..., colours) -> (..., F), exact
    (three cubes without replacement).  Negative counts (impossible) give 0."""
    safe = np.clip(bags, 0, None)
    fills = setup.fills
    ways = np.ones((*bags.shape[:-1], len(fills)))
    for colour in range(setup.colours):
        ways *= COMB[fills[:, colour], safe[..., colour, None]]
    total = safe.sum(axis=-1, keepdims=True)
    return np.asarray(ways / COMB[3, total])


def reach_bounds(setup: Setup, values: Floats, solved: Bools) -> Floats:
    """For j = 0..chain and every mat u (by key), the least value of a solved mat
    u' >= u with at most 3j more boxes (inf if none): (chain + 1, mats)."""
    shape = setup.shape
    current = np.where(solved[setup.canon], values[setup.canon], np.inf).reshape(shape)
    out = [current.reshape(-1).copy()]
    for boxes in range(1, FILL_UP * setup.chain + 1):
        step = current.copy()
        for axis in range(setup.colours):
            src = [slice(None)] * setup.colours
            dst = [slice(None)] * setup.colours
            src[axis], dst[axis] = slice(1, None), slice(None, -1)
            step[tuple(dst)] = np.minimum(step[tuple(dst)], current[tuple(src)])
        current = step
        if boxes % FILL_UP == 0:
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
    floors = reach[:, np.minimum(setup_boxes(setup), here + pumps) @ setup.weights]
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


def setup_full(setup: Setup) -> Ints:
    return np.array(setup.full, dtype=np.int64)


def setup_boxes(setup: Setup) -> Ints:
    return np.array(setup.boxes, dtype=np.int64)


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


__all__ = [
    "CHAIN",
    "REAL",
    "Setup",
    "continuation_tail",
    "fill_odds",
    "reach_bounds",
    "solve",
    "solve_mat",
]
