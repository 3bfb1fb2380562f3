"""Every board and the lobby on a phone, on one desktop screen and at 320 px
(issue 25 item 3, issue 27 item 4), in a real Chromium.

On a 390x844 phone (Playwright's "iPhone 13" descriptor adapted to Chromium:
touch, mobile viewport, 3x pixels) nothing scrolls sideways and every control is
at least 44x44 px; at 1280x800 your own panel, the opponents and the choices are
inside the first screen; at 320 px wide nothing scrolls sideways (WCAG reflow).
Screenshots: test-artifacts/screenshots/layout-<board>-<size>.png.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_spec = importlib.util.spec_from_file_location("layout", Path(__file__).with_name("layout.py"))
assert _spec is not None and _spec.loader is not None
layout = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(layout)

# board id: game, options, the bots' name, the key parts that must be on the first
# screen at 1280x800 (your own panel, the opponents, the choices)
BOARDS: dict[str, tuple[str, dict[str, int], str | None, list[str]]] = {
    "road-to-300-solo": (
        "road-to-300",
        {"players": 1},
        None,
        ["#board .sheet-card", "#choices .choice-btn"],
    ),
    "road-to-300": (
        "road-to-300",
        {"players": 4},
        "greedy",
        ["#board .sheet-card.mine", "#board .r3-others .sheet-card", "#choices .choice-btn"],
    ),
    "get-your-kicks": (
        "get-your-kicks",
        {"players": 4},
        "threshold",
        ["#board .ms-card.large", "#board .ms-others .ms-card", "#board .ms-action"],
    ),
    "mileage-may-vary": (
        "mileage-may-vary",
        {"players": 4},
        "random",
        ["#board .ms-card.large", "#board .ms-others .ms-card", "#board .ms-action"],
    ),
    "road-rally": (
        "road-rally",
        {"players": 4},
        "random",
        ["#board .rr-mine", "#board .rr-race-order", "#board .rr-drive", "#board svg.rr-track"],
    ),
    "open-road": (
        "open-road",
        {"players": 4},
        "heuristic",
        ["#board .or-act", "#board .or-rider", "#board .or-map-frame"],
    ),
}
# The Open Road's map dots are small by nature; the map zooms (wheel, buttons,
# pinch) and every dot you may choose is also a full-size button in the list
# under "Keep one..." / "or pick from the list".
EXEMPT = {"open-road": "svg.or-map [role=button]"}
NAMES = ".player .name, .sheet-name, .ms-card-name, .or-rider-head .name, .rr-race-order li"


@pytest.fixture
def contexts(browser: Any) -> Iterator[Any]:
    """make(kind) -> a page in a new context: "phone", "desk" or "narrow" (320 px)."""
    made: list[Any] = []
    errors: list[str] = []

    def make(kind: str) -> Any:
        if kind == "phone":
            context = layout.phone_context(browser)
        else:
            width, height = layout.DESK if kind == "desk" else (layout.NARROW, 700)
            context = browser.new_context(
                viewport={"width": width, "height": height}, bypass_csp=True
            )
            context.set_default_timeout(10_000)
        made.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in made:
        context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


def open_board(live_server: Any, page: Any, board: str) -> None:
    """A new match of ``board`` with the first seat human, open at its first turn."""
    game, options, bot, _ = BOARDS[board]
    names = ["Player One"] + [f"Player {n}" for n in range(2, options["players"] + 1)]
    seats: list[dict[str, Any]] = [{"name": names[0]}]
    seats += [{"name": name, "bot": bot} for name in names[1:]]
    created = live_server.api(
        "POST", "/api/matches", json={"game": game, "options": options, "seats": seats}
    )
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector('#turn[data-mine="true"]')
    page.wait_for_selector("#board > *")
    page.wait_for_timeout(300)  # the first animations settle


@pytest.mark.parametrize("board", [*BOARDS, "lobby"])
def test_a_phone_shows_no_sideways_scroll_and_44_px_targets(
    live_server: Any, contexts: Any, shot: Any, board: str
) -> None:
    page = contexts("phone")
    if board == "lobby":
        page.goto(live_server.url + "/")
        page.wait_for_selector("#opt-players, .game-card")
    else:
        open_board(live_server, page, board)
    shot(page, f"layout-{board}-phone", full_page=False)  # a full-page shot drops touch
    wide = layout.overflow(page, layout.PHONE[0])
    assert wide["scroll"] <= wide["width"], wide
    small = layout.small_targets(page, EXEMPT.get(board, ""))
    assert small == [], small
    assert layout.truncated(page, NAMES) == []


@pytest.mark.parametrize("board", BOARDS)
def test_the_whole_table_fits_1280_by_800(
    live_server: Any, contexts: Any, shot: Any, board: str
) -> None:
    page = contexts("desk")
    open_board(live_server, page, board)
    shot(page, f"layout-{board}-desk", full_page=False)
    below = {part: layout.bottom_of(page, part) for part in BOARDS[board][3]}
    assert all(y <= layout.DESK[1] for y in below.values()), below
    assert page.evaluate("window.scrollY") == 0
    # the names in full: the panels never cut a name to "Playe…"
    assert layout.truncated(page, NAMES) == []


def test_opponents_sheets_are_legible_in_competitive_road_to_300(
    live_server: Any, contexts: Any
) -> None:
    """The other sheets beside yours show nothing smaller than 9 px: the fields'
    numbers, the same on every sheet, give way to the marks and the heat colours."""
    page = contexts("desk")
    open_board(live_server, page, "road-to-300")
    tiny = page.evaluate(
        """() => [...document.querySelectorAll('#board .r3-others svg text')]
             .filter(t => t.getClientRects().length && getComputedStyle(t).display !== 'none')
             .map(t => t.getBoundingClientRect().height).filter(h => h < 9)"""
    )
    assert tiny == [], f"{len(tiny)} texts under 9 px in the other sheets"


@pytest.mark.parametrize("board", [*BOARDS, "lobby"])
def test_320_px_wide_reflows_without_sideways_scroll(
    live_server: Any, contexts: Any, shot: Any, board: str
) -> None:
    page = contexts("narrow")
    if board == "lobby":
        page.goto(live_server.url + "/")
        page.wait_for_selector("#opt-players, .game-card")
    else:
        open_board(live_server, page, board)
    wide = layout.overflow(page, layout.NARROW)
    if wide["scroll"] > wide["width"]:
        shot(page, f"layout-{board}-320")
    assert wide["scroll"] <= wide["width"], wide


@pytest.mark.parametrize(
    ("game", "bot"), [("get-your-kicks", "threshold"), ("mileage-may-vary", "random")]
)
def test_the_end_screen_fits_a_phone(
    live_server: Any, contexts: Any, shot: Any, game: str, bot: str
) -> None:
    """Three bots play to the end; a spectator on a phone sees the scores table
    without sideways scrolling (Get Your Kicks' was 532 px wide)."""
    seats = [{"name": name, "bot": bot} for name in ("Ann", "Bo", "Cy")]
    created = live_server.api(
        "POST", "/api/matches", json={"game": game, "options": {"players": 3}, "seats": seats}
    )
    page = contexts("phone")
    page.goto(live_server.url + created["spectator"]["url"])
    page.wait_for_selector("#end-screen:not([hidden])", timeout=60_000)
    shot(page, f"layout-{game}-end-phone", full_page=False)
    wide = layout.overflow(page, layout.PHONE[0])
    assert wide["scroll"] <= wide["width"], wide
    assert layout.small_targets(page) == []
