"""The lab for notebooks: ``roadtrip.sim.run`` gives the frame of a Parquet results
file, ``compare`` and ``fairness`` the report's statistics; docs/lab-notebook.md runs."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from roadtrip.bots import UnknownBot
from roadtrip.sim.recording import simulate_recorded
from roadtrip.sim.report import load_result_set
from roadtrip.sim.report_plots import ReportError
from roadtrip.sim.seat_fairness import seat_fairness
from roadtrip.sim.significance import compare_runs

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module

PAGE = Path(__file__).resolve().parents[2] / "docs" / "lab-notebook.md"
TWO: dict[str, Any] = {"options": {"players": 2}, "bots": ["greedy", "random"], "seed": 3}


@pytest.fixture(autouse=True)
def _lab() -> None:
    optional_module("pyarrow", "lab")
    optional_module("pandas", "lab")


def test_the_notebook_page_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cells = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(cells) >= 4
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {}
    for number, cell in enumerate(cells, start=1):
        exec(compile(cell, f"{PAGE.name} cell {number}", "exec"), namespace)
    assert namespace["table"]["paired"].all()
    assert namespace["again"]["p_adjusted"].equals(namespace["table"]["p_adjusted"])


def test_run_gives_the_frame_of_a_parquet_results_file(tmp_path: Path) -> None:
    import pandas as pd

    from roadtrip import sim

    frame = sim.run("road-to-300", n=300, **TWO)
    out = tmp_path / "run.parquet"
    simulate_recorded("road-to-300", TWO["options"], TWO["bots"], 300, TWO["seed"], out)
    written = pd.read_parquet(out).sort_values("index", ignore_index=True)
    pd.testing.assert_frame_equal(frame, written)
    assert frame["path"].unique().tolist() == ["fast"]
    assert frame["option_players"].dtype.kind == "i"
    table = sim.run("road-to-300", n=300, arrow=True, **TWO)
    assert table.to_pandas().equals(frame)


def test_compare_and_fairness_give_the_report_statistics(tmp_path: Path) -> None:
    from roadtrip import sim

    files = []
    for name, cross in (("a", False), ("b", True)):
        out = tmp_path / f"{name}.parquet"
        options = {**TWO["options"], "cross_standing": cross}
        simulate_recorded("road-to-300", options, TWO["bots"], 400, TWO["seed"], out)
        files.append(out)
    base = sim.run("road-to-300", n=400, **TWO)
    other = sim.run("road-to-300", **{**TWO, "options": {"players": 2, "cross_standing": True}},
                    n=400)  # fmt: skip
    table = sim.compare(base, other, labels=["a", "b"])
    report = compare_runs(load_result_set(files[0], "a"), load_result_set(files[1], "b"))
    assert report.paired and table["paired"].all()
    verdict = table[table["family"].isin(["wins", "play"])]
    assert verdict["figure"].tolist() == [d.what for d in report.differences]
    assert verdict["p_adjusted"].tolist() == [d.p_adjusted for d in report.differences]
    assert verdict["significant"].tolist() == [d.significant for d in report.differences]
    fair = sim.fairness(base)
    expected = seat_fairness(load_result_set(files[0]).games)  # type: ignore[arg-type]
    assert expected is not None
    assert fair["seat"].tolist() == [1, 2]
    assert fair["share"].tolist() == [share.share for share in expected.shares]
    assert fair.attrs["p"] == expected.p_value and fair.attrs["fair"] is expected.fair


def test_bad_requests_raise_clear_errors() -> None:
    from roadtrip import sim

    base = sim.run("road-to-300", n=20, **TWO)
    with pytest.raises(ReportError, match="two runs or more"):
        sim.compare(base)
    with pytest.raises(ReportError, match="one label per run"):
        sim.compare(base, base, labels=["only"])
    with pytest.raises(UnknownBot):
        sim.run("road-to-300", bots="nobody", n=5)
    solo = sim.run("road-to-300", bots="greedy", n=5)
    with pytest.raises(ReportError, match="no fairness test"):
        sim.fairness(solo)
