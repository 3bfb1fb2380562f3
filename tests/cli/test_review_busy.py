"""`roadtrip review RECORD --seat S --json` run twice with the same seed gives
identical decisions, the second time with both cores busy (issue 23, item 4):
budgets are units of work, so the load changes how long it takes, never what it
says."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from test_review import run, save

BUSY = "while True:\n    pass\n"


@contextmanager
def busy_cores() -> Iterator[None]:
    """Two busy-loop processes (one per core of the reference machine)."""
    loops = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def decisions(record: Path, seed: str) -> list[dict[str, object]]:
    result = run(
        "review", str(record), "--seat", "1", "--seconds", "0.05", "--seed", seed, "--json"
    )
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["decisions"]
    return [*review["decisions"], review["total"], review["total_interval"]]


def test_the_same_seed_gives_the_same_review_on_a_busy_machine(tmp_path: Path) -> None:
    record = tmp_path / "r300.json"
    save(record, "road-to-300", seed=13, pick=-1)
    quiet = decisions(record, "4")
    with busy_cores():
        busy = decisions(record, "4")
    assert busy == quiet


def test_the_same_multiplayer_review_on_a_busy_machine(tmp_path: Path) -> None:
    record = tmp_path / "gyk.json"
    save(record, "get-your-kicks", seed=4, pick=-1, players=2)
    quiet = decisions(record, "9")
    with busy_cores():
        busy = decisions(record, "9")
    assert busy == quiet
