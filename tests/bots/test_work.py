"""Budgets in units of work (roadtrip.bots.work): seconds become units, the cap is far."""

import math

import pytest

from roadtrip.bots.work import (
    MIN_CAP_SECONDS,
    SAFETY_FACTOR,
    BudgetError,
    Calibration,
    check_seconds,
    safety_cap,
)


def test_seconds_become_units_at_the_calibrated_rate() -> None:
    rate = Calibration("test", "playouts", per_second=1000, minimum=8)
    assert rate.units(1.0) == 1000
    assert rate.units(0.25) == 250
    assert rate.units(0.001) == 8  # never below the minimum
    assert rate.seconds(500) == pytest.approx(0.5)


def test_the_cap_is_far_above_the_nominal_time() -> None:
    assert safety_cap(1.0) == max(MIN_CAP_SECONDS, SAFETY_FACTOR)
    assert safety_cap(0.01) == MIN_CAP_SECONDS
    assert safety_cap(3.0) == 3.0 * SAFETY_FACTOR


@pytest.mark.parametrize("bad", [0, -1.0, math.inf, math.nan, True, "1"])
def test_bad_times_are_refused(bad: object) -> None:
    with pytest.raises(BudgetError):
        check_seconds(bad)  # type: ignore[arg-type]


def test_bad_calibrations_are_refused() -> None:
    with pytest.raises(BudgetError):
        Calibration("test", "playouts", per_second=0)
    with pytest.raises(BudgetError):
        Calibration("test", "playouts", per_second=10, minimum=0)
