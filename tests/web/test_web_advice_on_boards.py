"""The advisor's figures where the player looks, on every board (issue 25, item 5).

Real Chromium at 1280x800 against the real app (conftest.py).  On the boards that
draw their own controls (Get Your Kicks, Your Mileage May Vary, Road Rally, The
Open Road), switching Advice on puts each choice's figure on or right beside the
control that makes that choice (its bounding box meets the control's), inside the
first screen without scrolling; the best one carries a star (not colour alone);
the control's accessible description holds the full text with its 95% interval;
nothing on the board moves when the figures arrive; with advice off, and for
spectators, no figure is drawn.  Screenshots:
test-artifacts/screenshots/advice-on-*.png.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file
from a11y import assert_accessible

WIDTH, HEIGHT = 1280, 800
FIGURE = "#board .advice-tag:not(.waiting), #board .advice-mark"
BEST = "#board .advice-tag.best, #board .advice-mark.best"

# Per choice: its controls, its figure (in the control, or the map's tag for it),
# the boxes of both, the figure's text and the control's accessible description.
GEOMETRY = """([selector, action]) => {
  const box = (n) => {
    const r = n.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height};
  };
  return [...document.querySelectorAll(selector)].map((control) => {
    const figure = control.querySelector(':scope > .advice-tag')
      || document.querySelector(`#board .advice-mark[data-for="${action}"]`);
    const ids = (control.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean);
    const note = ids.map((id) => (document.getElementById(id) || {}).textContent || '').join(' ');
    return {
      control: box(control),
      figure: figure ? box(figure) : null,
      text: figure ? figure.textContent : '',
      best: figure ? figure.classList.contains('best') : false,
      note,
    };
  });
}"""


@pytest.fixture
def quick_advisor(live_server: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The live server's advisor with a small budget, so that the tests stay quick."""
    service = live_server._server.config.app.state.advisor
    monkeypatch.setattr(service, "seconds", 0.25)
    yield service


def create(live_server: Any, game: str, players: int, bots: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"name": "Ann"}]
    seats += [{"name": f"Bot {i + 1}", "bot": "random"} for i in range(bots)]
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={"game": game, "options": {"players": players}, "seats": seats},
    )
    assert created["advice"] is True
    return created


def choices(live_server: Any, created: dict[str, Any]) -> list[int]:
    state = live_server.api(
        "GET", f"/api/matches/{created['match']}/state", created["seats"][0]["token"]
    )
    return [c["action"] for c in state["choices"]]


def touches(a: dict[str, float], b: dict[str, float]) -> bool:
    """Do the boxes intersect or touch (a pixel of tolerance for rounding)?"""
    return (
        a["x"] <= b["x"] + b["w"] + 1
        and b["x"] <= a["x"] + a["w"] + 1
        and a["y"] <= b["y"] + b["h"] + 1
        and b["y"] <= a["y"] + a["h"] + 1
    )


def inside_window(box: dict[str, float]) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["w"] <= WIDTH + 0.5
        and box["y"] + box["h"] <= HEIGHT + 0.5
    )


def switch_on(page: Any, steady: str | None = None) -> None:
    """Switch advice on and wait for the figures; the boxes of the ``steady``
    controls (the board's own) do not move when the figures arrive."""
    assert page.locator(FIGURE).count() == 0  # off by default
    before = boxes(page, steady) if steady else None
    page.click("#advice-toggle")
    page.wait_for_selector(BEST, state="attached", timeout=30_000)
    if steady:
        after = boxes(page, steady)
        assert len(after) == len(before or []) and all(
            abs(a[k] - b[k]) <= 0.5 for a, b in zip(after, before or [], strict=True) for k in a
        ), (before, after)


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.locator(selector).evaluate_all(
        "ns => ns.map(n => { const r = n.getBoundingClientRect(); "
        "return {x: r.x, y: r.y, w: r.width, h: r.height}; })"
    )
    assert found, selector
    return found


def check_figures(page: Any, actions: list[int], control_of: Any) -> None:
    """Every choice's figure is on or beside one of its controls, inside the first
    screen; one best, starred; the full text in the accessible description."""
    assert page.evaluate("window.scrollY") == 0
    bests = 0
    for action in actions:
        found = page.evaluate(GEOMETRY, [control_of(action), action])
        marked = [c for c in found if c["figure"]]
        assert marked, f"no figure on the controls of choice {action} ({control_of(action)})"
        for item in marked:
            assert touches(item["figure"], item["control"]), (action, item)
            assert inside_window(item["figure"]), (action, item)
            assert inside_window(item["control"]), (action, item)
            number = re.search(r"[\d.]+", item["text"])
            assert number and number.group() in item["note"], (action, item)
            # the full text: a figure with its 95% interval, "(24–39%)" / "(11.2–13.0)"
            assert re.search(r"\([\d.?]+%?–[\d.?]+%?\)", item["note"]), item["note"]
            assert item["note"].startswith("Advice (best):" if item["best"] else "Advice:")
            assert item["text"].startswith("★") == item["best"], item
        bests += any(item["best"] for item in marked)
    assert bests == 1
    assert page.locator(f"{FIGURE}.best, #board .advice-mark.best").count() >= 1


def switch_off(page: Any) -> None:
    page.click("#advice-toggle")
    page.wait_for_function(
        "document.querySelectorAll('#board .advice-tag, #board .advice-mark, "
        "#board .advised').length === 0"
    )
    assert page.locator("#choices .choice-btn").count() == 0


@pytest.mark.parametrize("game", ["get-your-kicks", "mileage-may-vary"])
def test_main_street_figures_sit_on_the_two_big_buttons(
    live_server: Any, new_page: Any, quick_advisor: Any, shot: Any, game: str
) -> None:
    created = create(live_server, game, players=2, bots=1)
    page = new_page(WIDTH, HEIGHT)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board button.ms-action:not([disabled])")
    switch_on(page, steady="#board button.ms-action, #board .ms-card")
    actions = choices(live_server, created)
    check_figures(page, actions, lambda a: f'#board button.ms-action[data-action="{a}"]')
    assert page.locator("#choices .choice-btn").count() == 0  # no list below the board
    assert "Advice (" in page.locator("#advice-status").inner_text()
    assert_accessible(page, include="#board")
    shot(page, f"advice-on-{game}", full_page=False)
    watcher = new_page(WIDTH, HEIGHT)
    watcher.goto(live_server.url + created["spectator"]["url"])
    watcher.wait_for_selector("#board button.ms-action, #board .ms-board")
    assert watcher.locator("#advice-toggle").is_hidden()
    assert watcher.locator("#board .advice-tag, #board .advised").count() == 0
    switch_off(page)


def test_road_rally_figures_sit_on_the_cards_and_buttons(
    live_server: Any, new_page: Any, quick_advisor: Any, shot: Any
) -> None:
    created = create(live_server, "road-rally", players=4, bots=3)
    page = new_page(WIDTH, HEIGHT)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector('#board .rr-board[data-await="me"][data-busy="false"]')
    assert page.locator('#board .rr-board[data-phase="play"]').count() == 1
    switch_on(page, steady="#board .rr-hand button, #board .rr-drive, #board svg.rr-track")
    actions = choices(live_server, created)

    def control_of(action: int) -> str:
        if action < 6:
            return f'#board .rr-hand button[data-card-type="{action}"]'
        return f'#board .rr-mine button[data-action="{action}"]'

    check_figures(page, actions, control_of)
    assert page.locator("#choices .choice-btn").count() == 0
    assert_accessible(page, include="#board")
    shot(page, "advice-on-road-rally", full_page=False)
    switch_off(page)


def test_open_road_figures_sit_beside_the_dots_and_on_the_buttons(
    live_server: Any, new_page: Any, quick_advisor: Any, shot: Any
) -> None:
    created = create(live_server, "open-road", players=3, bots=2)
    page = new_page(WIDTH, HEIGHT)
    page.goto(live_server.url + created["seats"][0]["url"])
    ready = '#board .or-board[data-await="me"][data-busy="false"]'
    page.wait_for_selector(ready)

    def control_of(action: int) -> str:
        return (
            f'#board circle.or-target[data-action="{action}"], '
            f'#board .or-act > .or-actions button[data-action="{action}"]'
        )

    switch_on(page)
    seen = set()
    for _ in range(12):
        phase = page.locator("#board .or-board").get_attribute("data-phase")
        page.wait_for_selector(BEST, state="attached", timeout=30_000)
        actions = choices(live_server, created)
        check_figures(page, actions, control_of)
        if phase not in seen:
            shot(page, f"advice-on-open-road-{phase}", full_page=False)
            seen.add(phase)
        if phase == "act":
            break
        step = page.locator("#board .or-board").get_attribute("data-step")
        page.locator("#board circle.or-target").first.click()
        page.wait_for_function(
            f"document.querySelector('#board .or-board').dataset.step !== '{step}'"
        )
        page.wait_for_selector(ready)
    assert "act" in seen
    assert page.locator("#board .or-act .advice-tag").count() >= 1  # the buttons too
    assert_accessible(page, include="#board")
    switch_off(page)
