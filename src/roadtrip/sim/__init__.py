"""Simulations of many games bot against bot: runs, results files, reports, studies.

For notebooks, ``roadtrip.sim.run``, ``compare`` and ``fairness``
(:mod:`roadtrip.sim.notebook`) give a run's games and the report's statistics as
pandas DataFrames; they are imported on first use, so the rest of the package
needs neither pandas nor pyarrow.
"""

from __future__ import annotations

from typing import Any

__all__ = ["compare", "fairness", "run"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from roadtrip.sim import notebook

        return getattr(notebook, name)
    raise AttributeError(f"module 'roadtrip.sim' has no attribute {name!r}")
