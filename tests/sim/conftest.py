"""Fixtures of the simulation tests: a small local Ray for the ray backend.

Ray is an optional extra (``pip install 'roadtrip[ray]'``, part of ``[test]``).
Without it the tests that need it are skipped with the reason, except in CI
(``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest

IN_CI = bool(os.environ.get("CI"))


def optional_module(name: str, extra: str) -> ModuleType:
    """Import ``name``, or skip the test saying which extra brings it (fail in CI)."""
    try:
        return __import__(name)
    except ImportError:
        message = f"needs {name}: pip install -e '.[{extra}]' (part of '.[test]')"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[ModuleType]:
    """A local Ray with two CPUs and no dashboard for the whole session, shut down
    after it; the ray backend uses this connection (and leaves it open)."""
    ray = optional_module("ray", "ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield ray
    finally:
        ray.shutdown()
