"""Optional extras in the simulation tests: Ray (``[ray]``), pyarrow and
matplotlib (``[lab]``), all part of ``[test]``.  Without one, a test that needs
it is skipped with the reason, except in CI (``CI`` set), where that fails."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

IN_CI = bool(os.environ.get("CI"))


def optional_module(name: str, extra: str) -> ModuleType:
    """Import ``name``, or skip the test saying which extra brings it (fail in CI)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        message = f"needs {name}: pip install -e '.[{extra}]' (part of '.[test]')"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
