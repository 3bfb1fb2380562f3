"""The examples in docs/ai.md run as written: every ```python block of the file,
each in a fresh interpreter (from a scratch folder, so that nothing but the
installed package is importable), must exit cleanly within its time limit."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"
TIMEOUT_S = 180
_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[tuple[str, str]]:
    """(label, code) for each python block: the section it is in, and its number."""
    text = DOC.read_text(encoding="utf-8")
    blocks = []
    for number, match in enumerate(_BLOCK.finditer(text), 1):
        headings = re.findall(r"^## (.+)$", text[: match.start()], re.MULTILINE)
        section = headings[-1] if headings else "intro"
        blocks.append((f"{number}-{section.lower().replace(' ', '-')}", match.group(1)))
    return blocks


BLOCKS = python_blocks()


def test_the_guide_has_examples() -> None:
    assert DOC.exists()
    assert any("openspiel" in label for label, _ in BLOCKS)


@pytest.mark.slow
@pytest.mark.parametrize("code", [code for _, code in BLOCKS], ids=[label for label, _ in BLOCKS])
def test_example_runs_as_written(code: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stderr[-3000:]}"
    assert result.stdout.strip(), "the example prints its result"
