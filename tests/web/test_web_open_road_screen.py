"""The Open Road's board on one screen, with the keyboard, for every eye (issue 11).

At 1280x800 the map, the viewer's own pannier (their hand) and their choices are all
inside the window without scrolling; the rider pieces are big and the city labels
readable at the default zoom; axe-core finds no WCAG 2.2 A/AA violation on the match
page; a race can be played with the keyboard alone, with a visible focus; the last
move is highlighted; rides and card plays are animated (short, skippable) unless the
reader prefers reduced motion.  Screenshots: test-artifacts/screenshots/
open-road-one-screen.png, open-road-keyboard.png.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file
from a11y import assert_accessible

from roadtrip.games.open_road.actions import PICK_UP

GAME = "open-road"
BOARD = "#board .or-board"
READY = f'{BOARD}[data-await="me"][data-busy="false"]'
TARGET = "#board circle.or-target"
BUTTON = "#board .or-act > .or-actions button[data-action]"


def create(live_server: Any, players: int = 3, **options: Any) -> dict[str, Any]:
    bots = ("Ada", "Bo", "Cy", "Di", "Ed")[: players - 1]
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": GAME,
            "options": {"players": players, **options},
            "seats": [{"name": "You"}, *({"name": n, "bot": "random"} for n in bots)],
        },
    )
    return created


def open_seat(new_page: Any, live_server: Any, created: dict[str, Any], **size: int) -> Any:
    page = new_page(size.get("width", 1280), size.get("height", 800))
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.or-map")
    page.wait_for_selector(READY)
    return page


def through_setup(page: Any) -> None:
    """Keep the first route cards and start from the first coast (by clicking)."""
    while page.locator(BOARD).get_attribute("data-phase") in ("keep", "origin"):
        page.locator(TARGET).first.click()
        page.wait_for_selector(READY)


def inside_window(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= 1280 + 0.5, (selector, box)
    assert box["y"] + box["height"] <= 800 + 0.5, (selector, box)
    return box


def test_map_hand_and_choices_fit_one_screen_at_1280x800(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    created = create(live_server)
    page = open_seat(new_page, live_server, created)
    through_setup(page)
    assert page.locator(BOARD).get_attribute("data-phase") == "act"
    shot(page, "open-road-one-screen", full_page=False)
    assert page.evaluate("window.scrollY") == 0
    drawing = inside_window(page, "#board svg.or-map")
    assert drawing["width"] >= 640  # the map is the main thing on the screen
    inside_window(page, '#board .or-rider[data-seat="0"]')  # your pannier: cubes and cards
    inside_window(page, '#board .or-rider[data-seat="0"] .or-slots')
    inside_window(page, "#board .or-act")  # your choices
    for button in page.locator(BUTTON).all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 800.5


def test_pieces_are_big_and_labels_readable(live_server: Any, new_page: Any) -> None:
    created = create(live_server)
    page = open_seat(new_page, live_server, created)
    through_setup(page)
    piece = page.locator('#board svg.or-map g.or-piece[data-seat="0"] .pin').bounding_box()
    assert piece is not None and piece["width"] >= 16 and piece["height"] >= 18
    sizes = page.locator("#board svg.or-map text.or-label:not(.minor)").evaluate_all(
        "ls => ls.filter(l => getComputedStyle(l).display !== 'none')"
        ".map(l => l.getBoundingClientRect().height)"
    )
    assert len(sizes) >= 20
    assert min(sizes) >= 10  # at least 10 px tall on the screen at the default zoom


def test_the_match_page_has_no_axe_violations(live_server: Any, new_page: Any) -> None:
    created = create(live_server)
    page = open_seat(new_page, live_server, created)
    assert_accessible(page)  # setup: route cards to keep
    through_setup(page)
    assert_accessible(page)  # a turn: rides on the map, cards to play


def focus_ring(page: Any) -> dict[str, str]:
    """The focused element's outline and stroke (a visible focus has one of them)."""
    ring: dict[str, str] = page.evaluate(
        """() => {
            const e = document.activeElement;
            const s = getComputedStyle(e);
            return {tag: e.tagName.toLowerCase(), outline: s.outlineStyle + " " + s.outlineWidth,
                    stroke: s.stroke, width: s.strokeWidth, action: e.dataset.action || ""};
        }"""
    )
    return ring


def tab_to(page: Any, wanted: str, limit: int = 400) -> dict[str, str]:
    """Press Tab until the focus is on an element matching ``wanted``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => document.activeElement.matches(sel)", wanted):
            return focus_ring(page)
    raise AssertionError(f"Tab never reached {wanted}")


def test_a_turn_by_keyboard_alone_with_a_visible_focus(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    """Route cards, the start, a card pick-up and a ride, with Tab and Enter only."""
    created = create(live_server, players=2)
    page = open_seat(new_page, live_server, created)
    while page.locator(BOARD).get_attribute("data-phase") in ("keep", "origin"):
        ring = tab_to(page, "#board .or-act > .or-actions button[data-action]")
        assert ring["outline"].startswith("solid") and not ring["outline"].endswith(" 0px")
        page.keyboard.press("Enter")
        page.wait_for_selector(READY)
    assert page.locator(BOARD).get_attribute("data-phase") == "act"
    energy = page.locator('#board .or-rider[data-seat="0"]').get_attribute("data-energy")
    # a card: pick one up with the keyboard
    pick = f'#board .or-act button[data-action="{PICK_UP}"]'
    tab_to(page, pick)
    page.keyboard.press("Enter")
    page.wait_for_selector(READY)
    # a ride: Tab to a highlighted dot on the map (its focus is drawn) and press Enter
    ring = tab_to(page, "#board circle.or-target")
    assert ring["tag"] == "circle" and ring["stroke"] not in ("none", "") and ring["width"] != "0px"
    dot = ring["action"]
    shot(page, "open-road-keyboard", full_page=False)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(dot) => { const p = document.querySelector('#board g.or-piece[data-seat=\"0\"]');"
        " return p && p.dataset.dot === dot; }",
        arg=dot,
    )
    assert page.locator('#board .or-rider[data-seat="0"]').get_attribute("data-energy") != energy


def test_the_last_move_is_highlighted(live_server: Any, new_page: Any) -> None:
    created = create(live_server, players=2)
    page = open_seat(new_page, live_server, created)
    through_setup(page)
    page.locator(f"{TARGET}.best").first.click()  # a ride of yours
    page.wait_for_selector('#board .or-last[data-seat="1"], #board .or-last[data-seat="0"]')
    line = page.locator("#board .or-last")
    seat = line.get_attribute("data-seat")
    assert seat in ("0", "1") and "last move" in line.inner_text().lower()
    piece = page.locator(f'#board svg.or-map g.or-piece.last[data-seat="{seat}"]')
    assert piece.count() == 1 and piece.locator(".halo").count() == 1
    assert page.locator(f'#board .or-rider.last[data-seat="{seat}"]').count() == 1


def watch_ride(page: Any) -> str:
    """Ride (the ringed dot) and return what the drawing right after it animated."""
    page.evaluate(
        """() => { window.__animated = [];
            new MutationObserver(() => {
                const b = document.querySelector('#board .or-board');
                if (b && b.dataset.animated !== undefined)
                    window.__animated.push(b.dataset.animated);
            }).observe(document.querySelector('#board'), {childList: true, subtree: true,
                attributes: true, attributeFilter: ['data-animated']}); }"""
    )
    page.locator(f"{TARGET}.best").first.click()
    page.wait_for_timeout(300)
    found: list[str] = page.evaluate("window.__animated")
    return " ".join(found)


def test_rides_are_animated_unless_reduced_motion(live_server: Any, new_page: Any) -> None:
    created = create(live_server, players=2)
    page = open_seat(new_page, live_server, created)
    through_setup(page)
    assert "ride" in watch_ride(page)
    running = page.evaluate(
        "document.getAnimations().filter(a => String(a.id).startsWith('or-'))"
        ".map(a => a.effect.getTiming().duration)"
    )
    assert all(d <= 600 for d in running)
    page.keyboard.press("Escape")  # a key finishes them (skippable)
    assert (
        page.evaluate(
            "document.getAnimations().filter(a => String(a.id).startsWith('or-')"
            " && a.playState === 'running').length"
        )
        == 0
    )

    calm = open_seat(new_page, live_server, create(live_server, players=2))
    calm.emulate_media(reduced_motion="reduce")
    through_setup(calm)
    assert "ride" not in watch_ride(calm)


def test_one_palette_chips_and_panniers_show_each_rider_in_the_same_colour(
    live_server: Any, new_page: Any
) -> None:
    """Issue 25 item 4: the same seat has the same colour in the player list, the log
    and the end table (chips) as on the board (its pannier and its piece)."""
    created = create(live_server, players=3)
    page = open_seat(new_page, live_server, created)
    colours = page.evaluate(
        """() => {
          const of = (sel, prop) => Object.fromEntries([...document.querySelectorAll(sel)]
            .map((e) => [e.dataset.seat, e.style.getPropertyValue(prop).trim()]));
          return {
            chips: of('#players .chip', '--chip'),
            panniers: of('#board .or-rider', '--rider'),
          };
        }"""
    )
    assert sorted(colours["chips"]) == ["0", "1", "2"]
    assert colours["panniers"] == colours["chips"]
