"""Browser tests: the lobby keeps the keyboard focus (issue 27); a match page has one
polite and one assertive live region, and says "your time is almost out" in the
assertive one, once.

"New match" redraws the game cards and "Create match" is disabled while the match
is made: both used to drop the focus to <body>.  Keys only (Tab, Enter), as a
keyboard player would (keyboard_play.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))  # keyboard_play.py, next to this file
from keyboard_play import press_choice, watch

ACTIVE = "() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 120) : ''; }"


def test_new_match_and_create_match_keep_the_focus(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector('[data-new-match="get-your-kicks"]')
    press_choice(page, '[data-new-match="get-your-kicks"]')
    page.wait_for_selector("#new-match:not([hidden]) #create-btn")
    # The same "New match" button (redrawn) still has the focus.
    assert page.evaluate("() => document.activeElement.dataset.newMatch === 'get-your-kicks'"), (
        page.evaluate(ACTIVE)
    )
    press_choice(page, "#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.wait_for_function("() => document.activeElement !== document.body")
    # The next step has the focus: the link into the new match.
    assert page.evaluate("() => document.activeElement.id") == "play-now", page.evaluate(ACTIVE)


def test_time_almost_out_is_said_once_in_the_assertive_region(
    live_server: Any, new_page: Any
) -> None:
    made = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": "road-to-300",
            "seats": [{"name": "Cy"}],
            "turn_clock": {"seconds": 10, "bot": "random"},
        },
    )
    page = new_page()
    watch(page)
    page.goto(live_server.url + made["seats"][0]["url"])
    page.wait_for_selector('#turn [data-testid="turn-clock"]')
    page.wait_for_function(
        "() => window.__alerts.some((t) => t.startsWith('Your time is almost out'))",
        timeout=5000,
    )
    page.wait_for_timeout(2500)  # a few ticks of the clock: said once, not every second
    alerts = page.evaluate("window.__alerts")
    assert sum("almost out" in a for a in alerts) == 1, alerts
    assert not page.evaluate("window.__transcript.filter((t) => t.includes('almost out'))")


def test_the_match_page_has_one_polite_and_one_assertive_region_empty_at_load(
    live_server: Any,
) -> None:
    """The regions are in the page from the start, empty; nothing else is live (the
    turn line, the end screen and the toasts speak through them)."""
    html = httpx.get(live_server.url + "/m/some-match", timeout=10).text
    polite = re.findall(r'<div id="(\w+)"[^>]*aria-live="polite"[^>]*></div>', html)
    assertive = re.findall(r'<div id="(\w+)"[^>]*aria-live="assertive"[^>]*></div>', html)
    assert (polite, assertive) == (["announcer"], ["alert"]), html
    assert html.count("aria-live") == 2 and 'role="status"' not in html, html
