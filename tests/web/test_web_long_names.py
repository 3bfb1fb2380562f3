"""The longest name a seat may have (40 characters, here without a space to break
at) stays inside its card on every board that draws names in a column: The Open
Road's rider cards and Road to 300's sheets (a walk-through found the Open Road
name pushing the West Coast card out of its panel and Road to 300's overlapping
the next heading).  And the lobby's option menus stay inside their column."""

from __future__ import annotations

from typing import Any

import pytest

LONGEST = "W" * 40

BOARDS = [
    # game, options, the board's name element, the card that must hold it
    ("open-road", {"players": 2}, ".or-rider-head .name", ".or-rider"),
    ("road-to-300", {"players": 2}, ".sheet-name", ".sheet-card"),
]


@pytest.mark.parametrize(("game", "options", "name", "card"), BOARDS)
def test_a_forty_letter_name_stays_inside_its_card(
    live_server: Any, new_page: Any, game: str, options: dict[str, int], name: str, card: str
) -> None:
    bot = "heuristic" if game == "open-road" else "greedy"
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": game,
            "options": options,
            "seats": [{"name": LONGEST}, {"name": "B", "bot": bot}],
        },
    )
    page = new_page(1280, 900)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.locator(f"#board {name}").first.wait_for()
    spills = page.evaluate(
        """([name, card]) => [...document.querySelectorAll(`#board ${name}`)].map(n => {
             const box = n.getBoundingClientRect();
             const holder = n.closest(card).getBoundingClientRect();
             return box.right - holder.right;
           })""",
        [name, card],
    )
    assert spills and max(spills) <= 1, spills
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_lobby_s_option_menus_stay_in_their_column(live_server: Any, new_page: Any) -> None:
    page = new_page(1280, 900)
    page.goto(live_server.url + "/")
    page.click('button[data-new-match="get-your-kicks"]')
    page.wait_for_selector("#turn-seconds")
    page.select_option("#turn-seconds", "30")
    page.wait_for_selector("#turn-more:not([hidden])")
    overlaps = page.evaluate(
        """() => [...document.querySelectorAll('.options-grid select')].map(s => {
             const box = s.getBoundingClientRect(), cell = s.closest('.options-grid > *');
             return box.right - cell.getBoundingClientRect().right;
           })"""
    )
    assert max(overlaps) <= 1, overlaps
