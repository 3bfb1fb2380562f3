"""The match page's chrome, the part every game shares (issue 11, accessibility):
the top bar with its toggles, the turn banner, the list of choices, the players
and the game log have zero axe-core violations (WCAG 2.2 A/AA) in a match of each
game, whatever its board draws.  The boards themselves are checked by each
game's own browser tests.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from tests.web.a11y import assert_accessible

CHROME = ("header.topbar", "#turn", "#choices", "aside")


def game_ids(live_server: Any) -> list[tuple[str, int]]:
    games = httpx.get(live_server.url + "/api/games", timeout=10).json()
    return [(g["id"], g["min_players"]) for g in games]


@pytest.mark.parametrize(
    "game", ["road-to-300", "get-your-kicks", "mileage-may-vary", "road-rally", "open-road"]
)
def test_the_match_chrome_of_every_game_is_accessible(
    live_server: Any, new_page: Any, game: str
) -> None:
    known = dict(game_ids(live_server))
    assert game in known, f"{game} is not served; the list of games changed"
    players = max(2, known[game])  # a bot too, so that the log and players panel fill
    seats = [{"name": "Ann"}] + [{"name": f"Robot {i}", "bot": "random"} for i in range(1, players)]
    created = live_server.api(
        "POST",
        "/api/matches",
        json={"game": game, "options": {"players": players}, "seats": seats},
    )
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#main:not([hidden]) #turn .title")
    page.wait_for_selector("#log li")
    for region in CHROME:
        assert_accessible(page, include=region)
    buttons = page.locator("#choices button.choice-btn")
    if buttons.count():
        buttons.first.click()
        page.wait_for_timeout(300)
        for region in CHROME:
            assert_accessible(page, include=region)
