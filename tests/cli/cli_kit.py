"""What the command-line tests share: a stand-in for the roadtrip app that carries
only the commands under test, the matplotlib check, and a run summary without the
figures that change from run to run (timing, workers, backend)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
import typer

# Figures of a run summary that differ between two runs of the same games.
TIMING = ("elapsed_s", "games_per_second", "workers", "backend", "played")


def stand_in_app(*registers: Callable[[typer.Typer], None]) -> typer.Typer:
    """A Typer app with the commands that ``registers`` add (each a module's
    ``register``), as subcommands like in the roadtrip app."""
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """A stand-in for the roadtrip app (a callback keeps commands subcommands)."""

    for register in registers:
        register(app)
    return app


def needs_matplotlib() -> None:
    """Skip the test without matplotlib (the ``lab`` extra); in CI, fail."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        message = "needs matplotlib: pip install -e '.[lab]' (part of '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    """``summary`` without the :data:`TIMING` figures."""
    return {name: value for name, value in summary.items() if name not in TIMING}
