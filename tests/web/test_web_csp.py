"""The browser client under the server's Content-Security-Policy (no inline or
third-party scripts, no eval): the lobby, a whole game, the replay and every
game's board work and nothing is blocked.  (Other browser tests bypass the policy
because Playwright's wait_for_function evaluates strings.)"""

from __future__ import annotations

import re
from typing import Any

import pytest

CHOICE = "#board svg .choice"
END = "#end-screen"

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def guarded_page(new_page: Any) -> tuple[Any, list[str]]:
    page = new_page(enforce_csp=True)
    page.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    page.on(
        "console",
        lambda msg: console.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return page, console


def violations(page: Any, console: list[str]) -> list[str]:
    found: list[str] = page.evaluate("window.__cspViolations")
    return found + console


def test_a_whole_game_and_its_replay_under_the_policy(live_server: Any, new_page: Any) -> None:
    page, console = guarded_page(new_page)
    response = page.goto(live_server.url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("#quick-solo")
    page.click("#quick-solo")
    page.wait_for_url(re.compile(r"/m/[^/#]+#t="))
    for _ in range(400):
        page.wait_for_selector(f"{CHOICE}, {END}:not([hidden])")
        if page.locator(END).is_visible():
            break
        page.locator(CHOICE).first.click()
    assert page.locator(END).is_visible()
    assert violations(page, console) == []
    page.locator("#replay-link").click()
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_selector("#board svg")
    assert violations(page, console) == []


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("open-road", 2),
        ("road-rally", 2),
        ("get-your-kicks", 1),
        ("mileage-may-vary", 1),
    ],
)
def test_every_board_draws_under_the_policy(
    live_server: Any, new_page: Any, game: str, seats: int
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": game,
            "seats": [{"name": "Ann"}] + [{"name": "Bot", "bot": "random"}] * (seats - 1),
        },
    )
    page, console = guarded_page(new_page)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg, #board .board, #board > *")
    page.wait_for_selector("#players li")
    assert violations(page, console) == []
