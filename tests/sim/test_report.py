"""``roadtrip.sim.report`` as a study uses it: any number of runs, each compared
with the first, in one self-contained HTML file."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from roadtrip.sim.recording import simulate_recorded
from roadtrip.sim.report import ReportError, ResultSet, load_result_set, report_html
from roadtrip.sim.runner import simulate_run

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module


def test_every_run_is_compared_with_the_first() -> None:
    optional_module("matplotlib", "lab")
    runs = [
        ResultSet(
            f"target={target}", *simulate_run("road-to-300", {"target": target}, "greedy", 40, 1)
        )
        for target in (300, 250, 200)
    ]
    html = report_html(runs, title="Road to 300: the target")
    assert "<h1>Road to 300: the target</h1>" in html
    assert "target=250 against target=300" in html and "target=200 against target=300" in html
    assert "target=200 against target=250" not in html
    assert "Options of every run:" in html and "target=200" in html
    images = re.findall(r"<img src='data:image/png;base64,[A-Za-z0-9+/=]+' alt='[^']+'>", html)
    assert len(images) == html.count("<img") >= 4
    assert "<script" not in html


def test_a_report_from_a_file_equals_one_from_the_run(tmp_path: Path) -> None:
    optional_module("matplotlib", "lab")
    out = tmp_path / "run.jsonl"
    summary, tally = simulate_recorded("road-rally", {"players": 3}, "heuristic", 6, 2, out)
    loaded = load_result_set(out)
    assert loaded.label == "run" and loaded.tally == tally
    assert loaded.summary.seats == summary.seats and loaded.summary.stats == summary.stats
    with pytest.raises(ReportError, match="at least one run"):
        report_html([])
