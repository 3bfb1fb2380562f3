"""Thinking budgets in units of work: the same answer on any machine, at any load.

A bot, the advisor or the review that stops on the clock thinks less on a busy or
slow machine than on a quiet one, so its answer (and its strength) changes with the
load.  Every method that thinks therefore counts its own *units of work* (playouts,
iterations, samples, rollouts: whatever it repeats) and stops after a budget of
them; with the same seed and budget it gives the same answer anywhere.

People still ask for "about a second": ``seconds`` are turned into units once, by a
:class:`Calibration` per method (how many units one second buys on a quiet core of
the reference machine, measured once and written down beside it; see
``docs/architecture.md``, "Budgets").  Time is only a *safety cap*
(:func:`safety_cap`): far above the budget's nominal time, so that it binds only on
a machine many times slower or a runaway search, and an answer cut by it says so.
The cap reads :func:`cap_clock`, the thinking process's own CPU time: other work on
the machine (a load of 12 on two cores, or a bot process paused by the server's
scheduler) slows a search down without bringing it nearer its cap.

    from roadtrip.bots.work import Calibration
    PLAYOUTS = Calibration("road-rally expert", "playouts", per_second=5200)
    PLAYOUTS.units(1.0)        # 5200: the default budget of 1 s
    PLAYOUTS.units(0.05)       # at least PLAYOUTS.minimum
    safety_cap(1.0)            # 10.0 s of CPU: only a far slower machine reaches it
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from roadtrip.core.errors import RoadtripError

SAFETY_FACTOR = 10.0  # the cap is this many times the nominal time ...
MIN_CAP_SECONDS = 5.0  # ... and never below this many seconds
DEFAULT_SECONDS = 1.0  # what a thinking method is given when nobody says


class BudgetError(RoadtripError, ValueError):
    """A budget that cannot be met: no units, or a time that is not positive."""


@dataclass(frozen=True)
class Calibration:
    """How many ``unit`` one second of thinking buys, for one method.

    ``per_second`` was measured once on a quiet core of the reference machine (the
    two-core machine the project is built on); ``minimum`` is the fewest units
    any budget gets (a decision needs some evidence)."""

    method: str
    unit: str
    per_second: float
    minimum: int = 1

    def __post_init__(self) -> None:
        if not self.per_second > 0 or self.minimum < 1:
            raise BudgetError(f"{self.method}: a calibration needs positive rates")

    def units(self, seconds: float = DEFAULT_SECONDS) -> int:
        """The units that ``seconds`` of thinking buy (at least ``minimum``)."""
        check_seconds(seconds)
        return max(self.minimum, round(seconds * self.per_second))

    def seconds(self, units: int) -> float:
        """About how long ``units`` take on the reference machine."""
        return units / self.per_second


def check_seconds(seconds: float) -> float:
    """``seconds`` if it is a positive, finite number; BudgetError otherwise."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise BudgetError(f"a time budget is a number of seconds; got {seconds!r}")
    if not (seconds > 0 and math.isfinite(seconds)):
        raise BudgetError(f"a time budget must be more than 0 seconds; got {seconds!r}")
    return float(seconds)


def safety_cap(seconds: float = DEFAULT_SECONDS) -> float:
    """The cap (seconds of :func:`cap_clock`, the process's CPU time) of a budget
    meant to take about ``seconds``: far enough above it that only a machine many
    times slower than the reference one, or a runaway search, reaches it."""
    return max(MIN_CAP_SECONDS, SAFETY_FACTOR * check_seconds(seconds))


def cap_clock() -> float:
    """The clock safety caps are read on: this process's CPU time in seconds (never
    the wall clock, which a busy machine runs past a search's work)."""
    return time.process_time()
