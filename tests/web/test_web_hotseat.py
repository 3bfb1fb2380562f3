"""Browser tests of hot-seat play: passing the device between people at one screen.

Road Rally USA keeps each car's hand secret, so a hot-seat match of it shows a
"Pass to <name>" cover whenever the seat on screen changes (and after a reload),
and nothing of that seat's private view is in the page until its player presses
"I am <name> — show my cards".  The match is created in the lobby (two people,
hot-seat ticked, a short track) and raced to the end; at every cover the page is
checked against the server's view of the seat that is next: none of its cards,
rally cards or private log lines are in the DOM, and once shown they are exactly
the server's.  A hot-seat Road to 300 match (no hidden information) shows no
cover.  Screenshots: hotseat-cover, hotseat-cover-phone, hotseat-hand, hotseat-end,
hotseat-open.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from typing import Any

GAME = "road-rally"
COVER = "#pass-cover"
SHOW = "#pass-show"
BOARD = "#board .rr-board"
END = "#end-screen"
READY = f'{BOARD}[data-await="me"][data-busy="false"]'
ANY = f"{COVER}:not([hidden]), {READY}, {END}:not([hidden])"
HAND_CARD = "#board .rr-hand button[data-card-type]"
DRIVE = '#board button[data-action="6"]'
DECISION = "#board .rr-mine button[data-action]:not([disabled])"
NAMES = ["Ada", "Bo"]
MAX_STEPS = 600
# private log lines (as the seat itself reads them): a dealt card's number, a drawn card
# (one draw, or a seat's draws grouped on one line: "draws 5 cards: a green 2, ...")
PRIVATE_LOG = re.compile(
    r"is dealt (\d+ rally point cards: )?rally point card \d"
    r"|draws (\d+ cards: )?an? (green|yellow|red) \d",
    re.I,
)


# ------------------------------------------------------------------ helpers
def state_of(live_server: Any, match: str, token: str) -> dict[str, Any]:
    state: dict[str, Any] = live_server.api("GET", f"/api/matches/{match}/state", token=token)
    return state


def create_in_lobby(live_server: Any, page: Any) -> tuple[str, list[str], str]:
    """A two-person hot-seat Road Rally on a short track, from the lobby's form:
    (match id, the two seat tokens, the hot-seat link)."""
    page.goto(live_server.url + "/")
    page.locator(f'.game-card[data-game="{GAME}"] button[data-new-match]').click()
    page.click("#variant-options summary")  # the variant rules are folded away
    page.wait_for_selector('#new-form [data-option="tiles"]')
    page.fill("#opt-players", "2")
    page.wait_for_selector('.seat-row[data-seat="1"]')
    assert page.locator(".seat-row").count() == 2
    for seat, name in enumerate(NAMES):
        page.fill(f'input[name="seat-name-{seat}"]', name)
    page.fill("#opt-tiles", "4")
    page.check("#hotseat")
    assert "Pass to" in page.locator(".field:has(#hotseat) .help").inner_text()
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    links = [page.locator(f'[data-link="seat-{s}"] input').input_value() for s in (0, 1)]
    hotseat = page.locator('[data-link="hotseat"] input').input_value()
    assert page.locator("#play-now").get_attribute("href") in hotseat
    match = hotseat.split("/m/")[1].split("#")[0]
    tokens = [link.split("#t=")[1] for link in links]
    return match, tokens, hotseat


def hand_on_page(page: Any) -> Counter[int]:
    return Counter(
        int(t)
        for t in page.locator("#board .rr-hand [data-card-type]").evaluate_all(
            "cs => cs.map(c => c.dataset.cardType)"
        )
    )


def hand_in_view(view: dict[str, Any], seat: int) -> Counter[int]:
    selected = view["selected"] if view["phase"] == "play" and view["mover"] == seat else [0] * 6
    return Counter(
        {c: n + selected[c] for c, n in enumerate(view["mine"]["hand"]) if n + selected[c]}
    )


def check_covered(page: Any, live_server: Any, match: str, tokens: list[str], seat: int) -> None:
    """The cover names ``seat``, has the focus, and the page holds nothing of its
    private view: no board, choices, players or log, none of its cards' names,
    rally card numbers or private log lines (the server's view of the seat)."""
    cover = page.locator(COVER)
    assert cover.is_visible() and cover.get_attribute("data-seat") == str(seat)
    name = NAMES[seat]
    assert page.locator("#pass-title").inner_text() == f"Pass to {name}"
    assert page.locator(SHOW).inner_text() == f"I am {name} — show my cards"
    assert page.evaluate("document.activeElement.id") == "pass-show"
    assert page.locator("#main").is_hidden()
    for part in ("#board", "#choices", "#players", "#log", "#turn", END):
        assert page.locator(f"{part} > *").count() == 0, part
    assert page.locator("[data-card-type], [data-rally-card], .rr-hand, .rr-mine").count() == 0
    assert page.locator("#replay-link").is_hidden()
    view = state_of(live_server, match, tokens[seat])["view"]
    html = page.content().lower()
    text = page.locator("body").inner_text().lower()
    for c, n in enumerate(view["mine"]["hand"]):
        if n:
            card = view["cards"][c]["name"].lower()
            assert card not in html and card not in text, card
    for number in view["mine"]["rally_cards"]:
        assert f"rally point card {number}" not in text
        assert f'data-rally-card="{number}"' not in html
    assert not PRIVATE_LOG.search(html)


def check_shown(page: Any, live_server: Any, match: str, tokens: list[str], seat: int) -> None:
    """Uncovered: the board is ``seat``'s, with exactly the server's cards for it
    (retried while the page catches up with the server)."""
    error: AssertionError | None = None
    for _ in range(40):
        try:
            assert page.locator(COVER).is_hidden()
            assert page.locator(BOARD).get_attribute("data-you") == str(seat)
            assert page.locator(f'#board .rr-mine[data-seat="{seat}"]').count() == 1
            view = state_of(live_server, match, tokens[seat])["view"]
            assert hand_on_page(page) == hand_in_view(view, seat)
            shown = page.locator("#board [data-rally-card]").evaluate_all(
                "ts => ts.map(t => Number(t.dataset.rallyCard))"
            )
            assert sorted(shown) == sorted(view["mine"]["rally_cards"])
            return
        except AssertionError as exc:
            error = exc
            time.sleep(0.05)
    assert error is not None
    raise error


def decide(page: Any) -> None:
    """One decision with the board: the first playable card and Drive, or the
    first button of any other decision."""
    if page.locator(BOARD).get_attribute("data-phase") == "play":
        if page.locator(f"{HAND_CARD}.selected").count() == 0:
            page.locator(f"{HAND_CARD}:not([disabled])").first.click()
        page.locator(DRIVE).click()
    else:
        page.locator(DECISION).first.click()


# ------------------------------------------------------------------- tests
def test_hot_seat_road_rally_passes_the_device(live_server: Any, new_page: Any, shot: Any) -> None:
    page = new_page(1280, 900)
    match, tokens, hotseat = create_in_lobby(live_server, page)
    page.goto(hotseat)

    # The start: a cover for whoever acts first, and no cards in the page.
    page.wait_for_selector(f"{COVER}:not([hidden])")
    first = state_of(live_server, match, tokens[0])["active_seats"]
    seat = int(page.locator(COVER).get_attribute("data-seat") or -1)
    assert seat in first and seat in (0, 1)
    check_covered(page, live_server, match, tokens, seat)
    shot(page, "hotseat-cover", full_page=False)

    # Enter on the focused button shows that seat's hand, and only that one.
    page.keyboard.press("Enter")
    page.wait_for_selector(READY)
    check_shown(page, live_server, match, tokens, seat)
    assert page.locator(".turn-banner .title").inner_text() == f"{NAMES[seat]}'s turn"
    assert page.locator("#replay-link").is_hidden()  # it shows seat 1's view
    # the private log lines the cover kept out are there now (the check means something)
    assert PRIVATE_LOG.search(page.locator("#log").inner_text())
    shot(page, "hotseat-hand", full_page=False)

    # Race to the end: a cover each time the other person is next, never when the
    # same person goes on; checked against the server's view at every change.
    shown = seat
    covers = 1
    reloaded = False
    used_click = False
    steps = 0
    while True:
        steps += 1
        assert steps < MAX_STEPS, "the race did not end"
        page.wait_for_selector(ANY)
        if page.locator(END).is_visible():
            break
        if page.locator(COVER).is_visible():
            seat = int(page.locator(COVER).get_attribute("data-seat") or -1)
            assert seat != shown, "a cover for the person already at the screen"
            check_covered(page, live_server, match, tokens, seat)
            message = page.locator("#pass-message").inner_text()
            assert f"{NAMES[shown]}'s cards are hidden again" in message
            covers += 1
            if covers == 3 and not reloaded:
                # A reload starts covered again, for the same person.
                page.reload()
                page.wait_for_selector(f"{COVER}:not([hidden])")
                assert page.locator(COVER).get_attribute("data-seat") == str(seat)
                check_covered(page, live_server, match, tokens, seat)
                page.set_viewport_size({"width": 390, "height": 844})  # as on a phone
                assert page.locator(SHOW).bounding_box()["width"] <= 390
                shot(page, "hotseat-cover-phone", full_page=False)
                page.set_viewport_size({"width": 1280, "height": 900})
                reloaded = True
            if used_click:
                page.keyboard.press("Enter")
            else:
                page.click(SHOW)
                used_click = True
            page.wait_for_selector(f"{READY}, {END}:not([hidden])")
            shown = seat
            check_shown(page, live_server, match, tokens, shown)
            continue
        # The board on screen is always the seat that was uncovered.
        assert page.locator(BOARD).get_attribute("data-you") == str(shown)
        decide(page)
    assert covers >= 4 and reloaded and used_click

    # The end screen shows without a cover, with the replay link back.
    final = state_of(live_server, match, tokens[0])
    assert final["finished"] and final["view"]["phase"] == "over"
    assert page.locator(COVER).is_hidden()
    rows = page.locator(f"{END} tbody tr").all_inner_texts()
    assert len(rows) == 2 and any("winner" in r for r in rows)
    assert page.locator("#replay-link").is_visible()
    shot(page, "hotseat-end")


def test_hot_seat_competitive_road_to_300_covers_the_screen_between_seats(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    """Rule (docs/rules/road-to-300.md): the seats choose on the shared roll at once
    and a choice stays hidden until both have chosen, so on a shared screen the
    device is passed (a cover) between Ada's choices and Bo's."""
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": "road-to-300",
            "options": {"players": 2},
            "seats": [{"name": "Ada"}, {"name": "Bo"}],
            "hotseat": True,
        },
    )
    page = new_page(1280, 900)
    page.goto(live_server.url + created["hotseat"]["url"])
    choice = "#board svg .choice"
    seats_covered = []
    for _ in range(12):
        page.wait_for_selector(f"{choice}, {COVER}:not([hidden])")
        if page.locator(COVER).is_visible():
            seats_covered.append(page.locator(COVER).get_attribute("data-seat"))
            # a dice game: what stays hidden is the seat's choice, not cards
            assert page.locator(SHOW).inner_text().endswith("show my sheet")
            assert "cards" not in page.locator("#pass-message").inner_text()
            page.locator(SHOW).click()
            page.wait_for_selector(choice)
        page.locator(choice).first.click()
        if "1" in seats_covered:
            break
    assert seats_covered[:2] == ["0", "1"], seats_covered
    shot(page, "hotseat-open", full_page=False)
