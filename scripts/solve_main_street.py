"""Regenerate America's Main Street's solved tables (src/roadtrip/bots/main_street/tables).

    PYTHONPATH=src python scripts/solve_main_street.py [--game get-your-kicks]

Get Your Kicks: for each solo_six_black value, every canonical state's expected
turns in three models (rounded to 12 significant digits): ``upper`` (a second cube
of each colour tracked; the one the ``expert`` plays; a few minutes), ``coarse``
(colours only) and ``lower`` (the relaxation; seconds each).  Your Mileage May Vary:
V1, the exact expected turns of the policy that stops after every first fill-up,
for every canonical mat (about 10 s), rounded to 9 significant digits.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from roadtrip.bots.main_street.kicks_expert import MODELS
from roadtrip.bots.main_street.kicks_solver import SIX_BLACK_MODES, KicksModel, solve
from roadtrip.bots.main_street.mileage_solver import mat_key, solve_first_fill_up
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
    """V1 of every canonical Your Mileage May Vary mat (about 10 s)."""
    started = time.perf_counter()
    values = solve_first_fill_up()
    seconds = time.perf_counter() - started
    print(f"mileage V1: start {values[(0,) * 9]:.4f} turns ({seconds:.1f} s)")
    return {
        "game": "mileage-may-vary",
        "model": "first-fill-up",
        "values": {str(mat_key(mat)): float(f"{v:.9g}") for mat, v in sorted(values.items())},
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
