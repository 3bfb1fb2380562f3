"""Touch, focus and colour checks of the boards (issue 25 item 3, issue 27 item 4),
in a real Chromium.

The Open Road's map zooms with two fingers (a pinch sent as touch events through
the DevTools protocol, as a phone sends them); the keyboard focus ring is 3:1 or
more against what surrounds it, tabbing through every board and the lobby; a
skip link leads to the board (the lobby: to the games); Road Rally's colour word
is 4.5:1 or more on its card and red and green cards differ by more than colour.
Contrasts are computed from computed styles (layout.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

_here = Path(__file__).parent


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, _here / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layout = _load("layout")
phone_tests = _load("test_web_phone_layout")
BOARDS = phone_tests.BOARDS
open_board = phone_tests.open_board
contexts = phone_tests.contexts  # the fixture, shared


def test_the_open_road_map_zooms_with_a_pinch(live_server: Any, contexts: Any, shot: Any) -> None:
    page = contexts("phone")
    open_board(live_server, page, "open-road")
    svg = page.locator("#board svg.or-map")
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        touches = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 11):
        touch("touchMove", [(cx - 20 - 8 * step, cy), (cx + 20 + 8 * step, cy)])
    touch("touchEnd", [])
    zoom = float(svg.get_attribute("data-zoom") or 1)
    assert zoom > 2.5, zoom  # the fingers went from 40 px apart to 200 px
    shot(page, "layout-open-road-pinched", full_page=False)
    # one finger then drags the zoomed map
    before = svg.get_attribute("viewBox")
    touch("touchStart", [(cx, cy)])
    for step in range(1, 8):
        touch("touchMove", [(cx + 10 * step, cy + 6 * step)])
    touch("touchEnd", [])
    assert svg.get_attribute("viewBox") != before


def _focus_failures(page: Any, presses: int = 40) -> list[str]:
    failures = []
    seen = set()
    for _ in range(presses):
        page.keyboard.press("Tab")
        ring = layout.focus_ring_contrast(page)
        if ring is None or ring["what"] in seen:
            continue
        seen.add(ring["what"])
        if ring["ratio"] < 3:
            failures.append(
                f"{ring['what']}: {ring['ratio']:.2f} ({ring['ring']} on {ring['behind']})"
            )
    return failures


@pytest.mark.parametrize("board", [*BOARDS, "lobby"])
def test_the_focus_ring_contrasts_3_to_1_with_its_surroundings(
    live_server: Any, contexts: Any, board: str
) -> None:
    page = contexts("desk")
    if board == "lobby":
        page.goto(live_server.url + "/")
        page.wait_for_selector(".game-card")
    else:
        open_board(live_server, page, board)
    if board == "road-rally":  # a card picked: Drive is enabled, and focusable
        page.locator("#board .rr-hand button[data-card-type]:not([disabled])").first.click()
    assert _focus_failures(page) == []


@pytest.mark.parametrize(("where", "target"), [("road-to-300-solo", "board"), ("lobby", "content")])
def test_a_skip_link_comes_first_and_leads_to_the_board(
    live_server: Any, contexts: Any, where: str, target: str
) -> None:
    page = contexts("desk")
    if where == "lobby":
        page.goto(live_server.url + "/")
        page.wait_for_selector(".game-card")
    else:
        open_board(live_server, page, where)
    page.keyboard.press("Tab")
    link = page.evaluate(
        """() => { const e = document.activeElement, r = e.getBoundingClientRect();
                   return {cls: e.className, text: e.textContent,
                           top: r.top, bottom: r.bottom}; }"""
    )
    assert link["cls"] == "skip-link" and link["text"].startswith("Skip to the"), link
    assert link["top"] >= 0 and link["bottom"] <= 800, link  # shown when focused
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == target
    page.keyboard.press("Tab")
    assert page.evaluate(f"!!document.activeElement.closest('#{target}')")


CARDS = """() => {
  const board = document.createElement('div');
  board.className = 'rr-board';
  board.id = 'cue-test';
  board.innerHTML = ['green', 'yellow', 'red'].map(c => `<div class="rr-hand">
      <button class="rr-card ${c}" data-colour="${c}"><span class="corner">3</span>
      <span class="value">3</span><span class="color-name">${c}</span></button>
      <button class="rr-card small ${c}" data-colour="${c}"><span class="value">3</span></button>
    </div>`).join('');
  document.querySelector('#board').append(board);
}"""


def test_road_rally_colour_words_read_4_5_to_1_and_red_and_green_differ_by_shape(
    live_server: Any, contexts: Any
) -> None:
    page = contexts("desk")
    open_board(live_server, page, "road-rally")
    page.evaluate(CARDS)
    ratios = layout.text_contrast(page, "#cue-test .color-name")
    assert len(ratios) == 3 and all(r >= 4.5 for _, r in ratios), ratios
    cues = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#cue-test .rr-card')].map(b => [
             b.dataset.colour + (b.classList.contains('small') ? '-small' : ''),
             {shape: getComputedStyle(b.querySelector('.value'), '::after').content,
              pattern: getComputedStyle(b).backgroundImage.includes('repeating')}]))"""
    )
    for size in ("", "-small"):
        red, green = cues["red" + size], cues["green" + size]
        assert red["shape"] not in ("none", "normal", "") or red["pattern"], cues
        assert (red["shape"], red["pattern"]) != (green["shape"], green["pattern"]), cues
    # the full-size cards carry a shape each
    assert len({cues[c]["shape"] for c in ("red", "green", "yellow")}) == 3, cues


def test_road_rally_card_edges_contrast_3_to_1_with_what_is_behind_them(
    live_server: Any, contexts: Any
) -> None:
    """WCAG 1.4.11: a card's edge is what tells it from the table (the yellow
    card's edge was 2.95:1 on sand)."""
    page = contexts("desk")
    open_board(live_server, page, "road-rally")
    page.evaluate(CARDS)
    edges = page.evaluate(
        f"""() => {{
          const backdrops = {layout.BACKDROPS};
          // color-mix() computes as color(srgb r g b) in 0-1: as rgb() for the check
          const rgb = (t) => t.startsWith('color(srgb')
            ? `rgb(${{t.slice(11, -1).split(/\\s+/).slice(0, 3)
                .map(v => Math.round(255 * v)).join(', ')}})`
            : t;
          return [...document.querySelectorAll('#cue-test .rr-card')].map(c => ({{
            card: c.dataset.colour + (c.classList.contains('small') ? '-small' : ''),
            edge: rgb(getComputedStyle(c).borderTopColor),
            behind: backdrops(c.parentElement)}}));
        }}"""
    )
    assert len(edges) >= 3
    low = {
        e["card"]: round(min(layout.contrast(e["edge"], b) for b in e["behind"]), 2) for e in edges
    }
    assert all(ratio >= 3.0 for ratio in low.values()), low
