"""Regenerate America's Main Street's solved tables (src/roadtrip/bots/main_street/tables).

    PYTHONPATH=src python scripts/solve_main_street.py [--game get-your-kicks]

Get Your Kicks: for each solo_six_black value, every canonical state's expected
turns in three models (rounded to 12 significant digits): ``upper`` (a second cube
of each colour tracked; the one the ``expert`` plays; a few minutes), ``coarse``
(colours only) and ``lower`` (the relaxation; seconds each).

Your Mileage May Vary: each canonical mat's exact expected turns under the best
policy that stops after at most two fill-ups (9 significant digits; the
``expert`` improves on it at play time) and their standard deviation (5 digits),
as lists in the order of ``keys`` (mat keys); and from the empty mat the
relaxation's lower bound and the first-fill-up policy's value (about 10 minutes).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from roadtrip.bots.main_street import mileage_dp
from roadtrip.bots.main_street.kicks_expert import MODELS
from roadtrip.bots.main_street.kicks_solver import SIX_BLACK_MODES, KicksModel, solve
from roadtrip.bots.main_street.mileage_solver import solve_first_fill_up
from roadtrip.bots.main_street.tables import KICKS_TABLE, MILEAGE_TABLE, state_key

TABLES = Path(__file__).resolve().parent.parent / "src/roadtrip/bots/main_street/tables"


def solve_kicks() -> dict[str, object]:
    """Every Get Your Kicks model's values."""
    out: dict[str, object] = {"game": "get-your-kicks", "models": {}}
    models: dict[str, object] = {}
    for mode in SIX_BLACK_MODES:
        for bound, (relaxed, spares) in MODELS.items():
            started = time.perf_counter()
            values = solve(KicksModel(mode, relaxed, spares=spares))
            name = f"{mode}/{bound}"
            models[name] = {key: float(f"{v:.12g}") for key, v in _keyed(values).items()}
            seconds = time.perf_counter() - started
            print(f"{name}: start {values[(0, 0)]:.4f} turns ({seconds:.1f} s)")
    out["models"] = models
    return out


def solve_mileage() -> dict[str, object]:
    """The two-fill-up table of every canonical Your Mileage May Vary mat, and the
    bounds at the start (a few minutes)."""
    setup = mileage_dp.REAL
    started = time.perf_counter()
    values, squares = mileage_dp.solve(setup)
    keys = sorted(setup.key(m) for m in setup.mats())
    print(
        f"mileage two-fill-up: start {values[0]:.4f} turns ({time.perf_counter() - started:.1f} s)"
    )
    started = time.perf_counter()
    lower, _ = mileage_dp.solve(setup, lower=True)
    print(
        f"mileage lower bound: start {lower[0]:.4f} turns ({time.perf_counter() - started:.1f} s)"
    )
    first = solve_first_fill_up()[(0,) * 9]
    sds = [math.sqrt(max(squares[k] - values[k] ** 2, 0.0)) for k in keys]
    return {
        "game": "mileage-may-vary",
        "model": "two-fill-ups",
        "upper": float(f"{values[0]:.9g}"),
        "lower": float(f"{lower[0]:.9g}"),
        "first_fill_up": float(f"{first:.9g}"),
        "keys": keys,
        "values": [float(f"{values[k]:.9g}") for k in keys],
        "sd": [float(f"{sd:.5g}") for sd in sds],
    }


def _keyed(values: dict[tuple[int, int], float]) -> dict[str, float]:
    return {state_key(state): value for state, value in sorted(values.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--game", choices=("get-your-kicks", "mileage-may-vary", "all"), default="all"
    )
    args = parser.parse_args()
    TABLES.mkdir(parents=True, exist_ok=True)
    if args.game in ("get-your-kicks", "all"):
        table = solve_kicks()
        (TABLES / KICKS_TABLE).write_text(json.dumps(table, separators=(",", ":")) + "\n")
    if args.game in ("mileage-may-vary", "all"):
        table = solve_mileage()
        (TABLES / MILEAGE_TABLE).write_text(json.dumps(table, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
