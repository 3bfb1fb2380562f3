"""What the lab shows people: seats and places numbered from 1 in every table, no
chart that says nothing (win rate by bot when every seat has the same bot, endings
when every game ended alike)."""

from __future__ import annotations

import sys
from pathlib import Path

from roadtrip.cli.simulate import summary_table
from roadtrip.sim.balance_tables import stats_cells
from roadtrip.sim.report import ResultSet, report_html
from roadtrip.sim.runner import simulate_run

sys.path.insert(0, str(Path(__file__).resolve().parent))  # optional.py, next to this file
from optional import optional_module


def test_tables_number_seats_and_places_from_one() -> None:
    summary, _ = simulate_run("road-rally", {"players": 3}, "heuristic", 4, 1)
    cells = {table.title: table for table in stats_cells(summary)}
    cards = next(table for title, table in cells.items() if title.startswith("cards"))
    assert "seat 1" in cards.columns and "seat 3" in cards.columns
    assert not any(column.startswith("seat0") or column == "seat 0" for column in cards.columns)
    start = cells["win rate by starting-row place"]
    counted = sorted(int(name.split(".")[1]) for name in summary.stats if name.startswith("start."))
    assert counted and [row[0] for row in start.rows] == [str(place + 1) for place in counted]
    table = summary_table(summary)
    assert list(table.columns[0].cells) == ["1", "2", "3"]


def test_report_leaves_out_charts_that_say_nothing() -> None:
    optional_module("matplotlib", "lab")
    same = ResultSet("same", *simulate_run("get-your-kicks", {"players": 2}, "random", 6, 1))
    html = report_html([same])
    assert "<h2>Win rate by bot</h2>" not in html
    assert "Every seat has the same bot (random)" in html
    mixed = simulate_run("get-your-kicks", {"players": 2}, ["random", "threshold"], 6, 1)
    assert "<h2>Win rate by bot</h2>" in report_html([ResultSet("mixed", *mixed)])
    solo = ResultSet("solo", *simulate_run("road-to-300", {}, "greedy", 5, 1, engine=True))
    assert "<h2>Endings</h2>" not in report_html([solo])
