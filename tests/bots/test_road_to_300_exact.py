"""The exact endgame expectimax of benchmarks/road_to_300_bounds.py (``exact``): its
model of the game agrees with the compiled rollouts (themselves replayed through
the engine), and optimal play is never worse than the base policy."""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("numba")

from numba import types
from numba.typed import Dict

from roadtrip.bots.road_to_300.fast import playouts, policy
from roadtrip.games.road_to_300 import board

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "road_to_300_bounds.py"


def _bounds() -> ModuleType:
    """The benchmark script as a module (loaded once: numba resolves its kernels'
    globals through ``sys.modules``)."""
    if "road_to_300_bounds" not in sys.modules:
        spec = importlib.util.spec_from_file_location("road_to_300_bounds", SCRIPT)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["road_to_300_bounds"] = module
        spec.loader.exec_module(module)
    return sys.modules["road_to_300_bounds"]


def _memo() -> Dict:  # type: ignore[type-arg]
    return Dict.empty(key_type=types.int64, value_type=types.float64)


@pytest.mark.parametrize("cross_standing", [False, True])
def test_the_exact_base_policy_value_matches_its_rollouts(cross_standing: bool) -> None:
    """Rule (End of the Game): the expectimax's win chance of the base policy from
    endgame positions equals the share of compiled base-policy games won from
    them (4,000 each, within 4.5 standard errors), and optimal play wins at least
    as often."""
    bounds = _bounds()
    starts = bounds.endgame_starts(3, 6, 20, 35, cross_standing)
    for crossed, circled, position in starts:
        need = 300 - policy.mask_value(crossed & circled) - board.VALUES[position]
        base = bounds.optimal(int(crossed), int(position), need, cross_standing, _memo(), True)
        best = bounds.optimal(int(crossed), int(position), need, cross_standing, _memo(), False)
        assert 0.0 <= base <= best + 1e-12 <= 1.0 + 1e-12
        one = np.zeros(1, dtype=np.int64)
        scores = np.zeros((1, 4000), dtype=np.int64)
        playouts.rollout_batch(
            playouts.BASE_POLICY,
            one + crossed,
            one + circled,
            one + position,
            0,
            4000,
            np.uint64(11),
            -1,
            300,
            cross_standing,
            0,
            False,
            False,
            scores,
        )
        won = float((scores >= 300).mean())
        error = math.sqrt(max(base * (1 - base), 1e-4) / 4000)
        assert abs(won - base) < 4.5 * error


def test_exact_values_of_settled_positions() -> None:
    """Target reached with the field stood on: won unless three rolls in a row
    cross nothing; walled in short of it: lost."""
    bounds = _bounds()
    stand = board.cell_of(1, 1)
    walled = 1 << board.cell_of(2, 1) | 1 << board.cell_of(1, 2)
    assert bounds.optimal(walled, stand, 30, False, _memo(), False) == 0.0
    open_fields = ~(walled | 1 << stand) & policy.ALL
    q = policy.fail_chance(open_fields)
    assert bounds.optimal(walled, stand, 0, False, _memo(), False) == pytest.approx(1 - q**3)
