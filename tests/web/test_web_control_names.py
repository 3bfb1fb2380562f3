"""Controls named in words, and counts not shown only as dots (issue 27, item 4: the
Open Road's zoom buttons were named "+", "−" and "⤢"; Road to 300's failed rolls
were three dots a screen reader could not count)."""

from __future__ import annotations

from typing import Any


def open_match(live_server: Any, new_page: Any, game: str, seats: list[dict[str, Any]]) -> Any:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={"game": game, "options": {"players": len(seats)}, "seats": seats},
    )
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board *")
    return page


def test_the_open_road_zoom_buttons_are_named_in_words(live_server: Any, new_page: Any) -> None:
    page = open_match(
        live_server, new_page, "open-road", [{"name": "Ann"}, {"name": "Bot", "bot": "random"}]
    )
    page.wait_for_selector(".or-zoom-btn")
    for name in ("Zoom in", "Zoom out", "Whole map"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.get_by_role("button", name="+", exact=True).count() == 0


def test_road_to_300_failed_rolls_are_counted_in_words(live_server: Any, new_page: Any) -> None:
    page = open_match(live_server, new_page, "road-to-300", [{"name": "Ann"}])
    failed = page.locator("#board .failed").first
    failed.wait_for()
    assert "0 of 3" in failed.inner_text()
    assert failed.locator(".pip-dot[aria-hidden=true]").count() == 3
