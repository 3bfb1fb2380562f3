"""The bag, the mat and the fill-ups of Your Mileage May Vary as numpy arrays, for
the solo solvers (:mod:`roadtrip.bots.main_street.mileage_dp`): the real game by
default, small bags in the tests."""

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


def setup_full(setup: Setup) -> Ints:
    return np.array(setup.full, dtype=np.int64)


def setup_boxes(setup: Setup) -> Ints:
    return np.array(setup.boxes, dtype=np.int64)


__all__ = [
    "CHAIN",
    "FILL_UP",
    "REAL",
    "Bools",
    "Floats",
    "Ints",
    "Mat",
    "Setup",
    "Tail",
    "fill_odds",
    "setup_boxes",
    "setup_full",
]
