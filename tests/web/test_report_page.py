"""``roadtrip report``'s HTML in real Chromium: for every game, a report (two small
runs, so the comparison is drawn too) shows every plot (no broken image: each
<img> decodes to a picture), loads nothing from anywhere, and passes axe-core."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from roadtrip.sim.report import ResultSet, write_report
from roadtrip.sim.runner import simulate_run

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file
from a11y import assert_accessible

# Each game with a line-up of its own bots, few games (the plots need only a few).
GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("road-to-300", {"players": 2}, ["greedy", "random"], 30),
    ("get-your-kicks", {"players": 3}, ["push-your-luck", "threshold", "random"], 12),
    ("mileage-may-vary", {"players": 1}, ["push-your-luck"], 12),
    ("road-rally", {"players": 4}, ["heuristic", "random", "random", "random"], 6),
    ("open-road", {"players": 3}, ["heuristic", "heuristic", "random"], 3),
]


def _matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        message = "needs matplotlib: pip install -e '.[lab]' (part of '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.mark.parametrize(("game", "options", "bots", "games"), GAMES, ids=[g[0] for g in GAMES])
def test_report_shows_every_plot_in_chromium(
    new_page: Any,
    shot: Any,
    tmp_path: Path,
    game: str,
    options: dict[str, Any],
    bots: list[str],
    games: int,
) -> None:
    _matplotlib()
    runs = [
        ResultSet(f"seed {seed}", *simulate_run(game, options, bots, games, seed=seed))
        for seed in (1, 2)
    ]
    path = write_report(runs, tmp_path / f"{game}.html")
    page = new_page(1280, 900)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    images = page.evaluate(
        "Array.from(document.images).map(i => [i.alt, i.complete, i.naturalWidth])"
    )
    titles = page.locator("h2").all_inner_texts()
    assert {"Score distributions", "Win rate by seat", "Balance tables"} <= set(titles)
    if len(bots) > 1:
        assert "Win rate by bot" in titles
    assert "Game length" in titles  # every game counts rounds and endings
    # endings: a chart, or (issue 26) a note where every game ended the same way
    assert "Endings" in titles or "Every game ended the same way" in page.content()
    assert len(images) >= 3
    for alt, complete, width in images:
        assert complete and width > 0, f"broken image: {alt}"
    assert all(url.startswith(("file:", "data:")) for url in requests), requests
    assert "Comparison" in titles and "seed 2 against seed 1" in page.content()
    assert_accessible(page)
    shot(page, f"report-{game}")
