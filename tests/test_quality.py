"""Code quality gates that are part of the suite: ruff, mypy (strict) and the
import-linter layering contracts (core <- games <- everything else)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_lint_is_clean() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", "src", "tests", "benchmarks", "scripts")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run(
        sys.executable, "-m", "ruff", "format", "--check", "src", "tests", "benchmarks", "scripts"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_layers_hold() -> None:
    """core <- games <- bots <- sim <- cli; rules do no I/O and draw no random numbers."""
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.fail("lint-imports (import-linter) is not installed; install '.[test]'")
    result = _run(exe, "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" in result.stdout and "0 broken" in result.stdout


def test_no_asserts_in_source() -> None:
    """Input is validated with typed errors; asserts vanish under python -O."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "src").rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if line.strip().startswith("assert ")
    ]
    assert offenders == []
