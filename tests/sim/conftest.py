"""Fixtures of the simulation tests: a small local Ray for the ray backend.

Ray is an optional extra (``pip install 'roadtrip[ray]'``, part of ``[test]``).
Without it the tests that need it are skipped with the reason, except in CI
(``CI`` set), where that is a failure.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[ModuleType]:
    """A local Ray with two CPUs and no dashboard for a test module, shut down after
    it (so no Ray lingers through the rest of the suite); the ray backend uses this
    connection and leaves it open."""
    ray = optional_module("ray", "ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield ray
    finally:
        ray.shutdown()
