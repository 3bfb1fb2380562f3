"""Browser tests of America's Main Street: both games played to the end by clicking.

Get Your Kicks and Your Mileage May Vary, each solo and with three seats in three
separate browsers (invite links), on the real app (see conftest.py).  Every seat
clicks the board's big buttons (``button[data-action="1"]``: draw a cube / fill up
again, ``button[data-action="0"]``: conclude / stop) with a simple policy read
from the page itself: go on while the bust chance shown is low and the turn is
short, else stop.  The bust chance shown is checked against the exact odds
worked out here from the server's view.  Screenshots go to
test-artifacts/screenshots/ (gyk-solo, gyk-three, ymmv-solo, ymmv-three and their
end screens).
"""

from __future__ import annotations

import re
from math import comb
from typing import Any

KICKS = "get-your-kicks"
MILEAGE = "mileage-may-vary"
GO = '#board button[data-action="1"]'
STOP = '#board button[data-action="0"]'
ACTIONS = "#board .ms-actions"
END = "#end-screen"
MAX_CLICKS = 700
ROUTE = [
    "California",
    "Arizona",
    "New Mexico",
    "Texas",
    "Oklahoma",
    "Kansas",
    "Missouri",
    "Illinois",
]
READ_BOARD = """() => {
  const b = document.querySelector('#board .ms-board');
  const risk = b.querySelector('.ms-risk');
  const go = b.querySelector('button[data-action="1"]');
  return {
    current: b.dataset.current === '' ? null : Number(b.dataset.current),
    phase: b.dataset.phase,
    drawn: Number(b.dataset.drawn),
    fillUps: Number(b.dataset.fillUps || 0),
    chance: risk ? Number(risk.dataset.chance) : null,
    canGo: Boolean(go && !go.disabled),
  };
}"""


# ------------------------------------------------------------------ helpers
def create(live_server: Any, game: str, names: list[str]) -> dict[str, Any]:
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": game,
            "options": {"players": len(names)},
            "seats": [{"name": name} for name in names],
        },
    )
    return created


def server_view(live_server: Any, created: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    token = created["seats"][seat]["token"]
    state = live_server.api("GET", f"/api/matches/{created['match']}/state", token=token)
    view: dict[str, Any] = state["view"]
    return view


def exact_risk(view: dict[str, Any]) -> float:
    """The chance the next draw busts: Get Your Kicks exactly, Mileage by the
    hypergeometric law (no fuel colour among the next three cubes)."""
    bag: list[int] = view["bag"]
    total: int = view["bag_total"]
    if view["game"] == KICKS:
        casino: list[int] = view["casino"]
        return sum(bag[c] for c in set(casino)) / total
    fuel: list[int] = view["fuel"]
    good = sum(bag[c] for c in fuel)
    draw = min(3, total)
    return comb(total - good, draw) / comb(total, draw)


def go_on(info: dict[str, Any], game: str) -> bool:
    """The policy: go on while the chance shown is low and the turn still short."""
    if not info["canGo"] or info["chance"] is None:
        return False
    chance = float(info["chance"])
    if game == KICKS:
        return chance < 0.25 and int(info["drawn"]) < 4
    return chance < 0.35 and int(info["fillUps"]) < 3


def wait_for_turn_or_end(page: Any) -> bool:
    """Wait until this page may decide (True) or shows the end screen (False)."""
    page.wait_for_selector(f'{ACTIONS}[data-state="mine"], {END}:not([hidden])')
    return not page.locator(END).is_visible()


def play(
    pages: list[Any],
    game: str,
    *,
    greedy: frozenset[int] = frozenset(),
    on_turn: Any = None,
    clicks: int | None = None,
) -> list[int]:
    """Each seat's page clicks when it is that seat's turn, until the game ends
    (or ``clicks`` clicks were made).  Seats in ``greedy`` always go on when they
    may.  ``on_turn(seat, page, made)`` runs before each click."""
    made = [0] * len(pages)
    current = pages[0].evaluate(READ_BOARD)["current"]
    while current is not None and (clicks is None or sum(made) < clicks):
        page = pages[current]
        if not wait_for_turn_or_end(page):
            break
        info = page.evaluate(READ_BOARD)
        assert info["current"] == current
        for seat, other in enumerate(pages):
            if seat != current:  # the other seats cannot click
                assert other.locator(GO).is_disabled() and other.locator(STOP).is_disabled()
        if on_turn:
            on_turn(current, page, sum(made))
        more = info["canGo"] and (current in greedy or go_on(info, game))
        page.click(GO if more else STOP)
        made[current] += 1
        assert sum(made) < MAX_CLICKS, "the game did not end"
        page.wait_for_selector(f'{ACTIONS}:not([data-state="pending"]), {END}:not([hidden])')
        after = page.evaluate(READ_BOARD)
        current = None if after["phase"] == "over" else after["current"]
    return made


def open_seats(
    new_page: Any, live_server: Any, created: dict[str, Any], sizes: list[tuple[int, int]]
) -> list[Any]:
    pages = []
    for seat, size in zip(created["seats"], sizes, strict=True):
        page = new_page(*size)
        page.goto(live_server.url + seat["url"])
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#board svg.ms-mat")
    return pages


DESKTOPS = [(1280, 900), (1100, 900), (1100, 900)]


def check_mat(page: Any, game: str) -> None:
    """The large mat: the eight states west to east, each with its points or boxes,
    the Route 66 sign, and the casino or the pumps."""
    mat = page.locator("#board .ms-card.large svg.ms-mat")
    places = mat.locator("g.state").evaluate_all("gs => gs.map(g => g.dataset.place)")
    assert places == ROUTE
    names = mat.locator("text.state-name").all_text_contents()
    assert [n.upper() for n in ROUTE] == names
    assert mat.locator("g.sign").count() == 1
    if game == KICKS:
        points = mat.locator("g.state .points-text").all_text_contents()
        assert points == ["4", "2", "3", "5", "2", "5", "3", "4"]  # highway order (FACTS.md)
        assert mat.locator("g.casino").count() == 1
        assert mat.locator("g.sign rect.slot").count() + mat.locator("g.sign .cube").count() >= 6
    else:
        assert mat.locator("g.state rect.box").count() == 20
        assert mat.locator("g.sign rect.box").count() == 5
        assert mat.locator("g.pumps").count() == 1


# -------------------------------------------------------------------- solo
def test_get_your_kicks_solo_from_the_lobby(live_server: Any, new_page: Any, shot: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    card = page.locator(f'.game-card[data-game="{KICKS}"]')
    card.wait_for()
    assert "Get Your Kicks" in card.inner_text()
    card.get_by_role("button", name="New match").click()
    page.click("#variant-options summary")  # the variant rules are folded away
    page.wait_for_selector("#opt-solo_six_black")
    assert page.locator("#opt-solo_six_black option").count() == 3  # loss, win, ignore
    page.fill('input[name="seat-name-0"]', "You")
    page.click("#create-btn")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#play-now")
    page.wait_for_url(re.compile(r"/m/[^/#]+#t="))
    match = page.url.split("/m/")[1].split("#")[0]
    token = page.url.split("#t=")[1]
    created = {"match": match, "seats": [{"token": token}]}

    # The first cube is in the casino; the two big buttons; the odds, exact.
    page.wait_for_selector(f'{ACTIONS}[data-state="mine"]')
    check_mat(page, KICKS)
    assert page.locator("#board .ms-card.large .casino .cube").count() == 1
    assert page.locator(GO).inner_text().startswith("Draw a cube")
    assert page.locator(STOP).inner_text().startswith("Conclude")
    assert page.locator("#choices button").count() == 0  # the board has its own buttons
    view = server_view(live_server, created)
    risk = page.locator("#board .ms-risk")
    assert abs(float(risk.get_attribute("data-chance")) - exact_risk(view)) < 1e-4
    assert f"{round(exact_risk(view) * 100)}%" in risk.inner_text()
    assert page.locator("#board .bag-total").inner_text() == f"{view['bag_total']} cubes"
    bag = page.locator("#board .bag-row").evaluate_all("rs => rs.map(r => Number(r.dataset.count))")
    assert bag == view["bag"]
    casino_colour = view["casino"][0]
    assert page.locator(f'#board .bag-row.hot[data-color="{casino_colour}"]').count() == 1
    assert "Your turn" in page.locator("#turn").inner_text()

    # The rules summary is one click away.
    page.click("#rules-btn")
    dialog = page.locator("#rules-dialog")
    rules = dialog.inner_text()
    assert "casino" in rules and "bust" in rules and "six black" in rules
    shot(page, "gyk-rules", full_page=False)
    dialog.get_by_role("button", name="Close").click()

    # Play a few decisions, reload in the middle, then play to the end.
    made = sum(play([page], KICKS, clicks=6))
    if wait_for_turn_or_end(page):
        before = page.evaluate(READ_BOARD)
        total = page.locator("#board .bag-total").inner_text()
        chip = page.locator("#board .round-chip").inner_text()
        page.reload()
        page.wait_for_selector(f'{ACTIONS}[data-state="mine"]')
        assert page.evaluate(READ_BOARD) == before
        assert page.locator("#board .bag-total").inner_text() == total
        assert page.locator("#board .round-chip").inner_text() == chip
        shot(page, "gyk-solo")
        made += sum(play([page], KICKS))

    # The end screen: win or not, in how many turns, how it ended.
    page.locator(END).wait_for()
    view = server_view(live_server, created)
    end = page.locator(END).inner_text()
    turns = view["turns"][0]
    assert f"{turns} turn" in end
    won = view["winners"] == [0]
    assert ("a win!" in end) == won
    if view["ended"] == "complete":
        assert won and "all eight states and the Route 66 sign" in end
    elif view["ended"] == "six_black":
        assert not won and "six black cubes" in end
    points = view["mats"][0]["points"]
    assert page.locator(f"{END} .final-score .score").inner_text() == f"{points} pts"
    assert "Game over" in page.locator("#turn").inner_text()
    assert page.locator(GO).count() == 0
    assert made >= turns
    shot(page, "gyk-solo-end")

    # The replay draws the same board, read-only.
    page.click("#end-replay")
    page.wait_for_url(re.compile(r"/replay/"))
    page.wait_for_selector("#board svg.ms-mat")
    page.click("#next-btn")
    page.keyboard.press("End")
    page.wait_for_selector('#board .ms-board[data-phase="over"]')
    assert page.locator("#board button[data-action]").count() == 0
    assert page.locator("#board .ms-card").get_attribute("data-score") == str(points)


def test_mileage_solo(live_server: Any, new_page: Any, shot: Any) -> None:
    created = create(live_server, MILEAGE, ["You"])
    page = new_page()
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector(f'{ACTIONS}[data-state="mine"]')
    check_mat(page, MILEAGE)

    # Three cubes on the first pump: the fuel colours, marked in the bag too.
    view = server_view(live_server, created)
    pumps = page.locator("#board .ms-card.large g.pumps")
    assert pumps.locator(".pump.fuel .cube").count() == 3
    fuel = page.locator("#board .bag-row.hot.fuel").evaluate_all(
        "rs => rs.map(r => Number(r.dataset.color))"
    )
    assert fuel == sorted(view["fuel"])
    assert page.locator(GO).inner_text().startswith("Fill up again")
    assert page.locator(STOP).inner_text().startswith("Stop")
    risk = page.locator("#board .ms-risk")
    assert abs(float(risk.get_attribute("data-chance")) - exact_risk(view)) < 1e-4
    assert "fill-up busts" in risk.inner_text()
    page.click("#rules-btn")
    rules = page.locator("#rules-dialog").inner_text()
    assert "fuel" in rules and "25 boxes" in rules
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()

    def on_turn(_seat: int, p: Any, made: int) -> None:
        if made == 8:
            shot(p, "ymmv-solo")

    made = sum(play([page], MILEAGE, on_turn=on_turn))
    page.locator(END).wait_for()
    view = server_view(live_server, created)
    end = page.locator(END).inner_text()
    turns = view["turns"][0]
    assert f"{turns} turn" in end
    mat = view["mats"][0]
    if view["ended"] == "complete":
        assert view["winners"] == [0] and "finished Route 66" in end
        assert mat["boxes_filled"] == 25
    score = page.locator(f"{END} .final-score .score").inner_text()
    assert score == f"{mat['boxes_filled']}/25 boxes"
    assert made >= turns
    shot(page, "ymmv-solo-end")


# --------------------------------------------------------------- three seats
def end_rows(page: Any) -> list[str]:
    rows: list[str] = page.locator(f"{END} tbody tr").all_inner_texts()
    return rows


def check_three_seat_end(live_server: Any, created: dict[str, Any], pages: list[Any]) -> None:
    for page in pages:
        page.locator(END).wait_for()
    view = server_view(live_server, created)
    winners = view["winners"]
    assert winners
    rows = end_rows(pages[0])
    assert len(rows) == 3 and all(end_rows(p) == rows for p in pages[1:])
    for seat, row in enumerate(rows):
        assert ("winner" in row) == (seat in winners), (row, winners)
    names = ["Ada", "Bo", "Cy"]
    for seat, page in enumerate(pages):
        headline = page.locator(f"{END} h2").inner_text()
        if seat in winners:
            assert "You win" in headline or "shared win" in headline
        else:
            assert any(names[w] in headline for w in winners)


def test_get_your_kicks_three_seats(live_server: Any, new_page: Any, shot: Any) -> None:
    created = create(live_server, KICKS, ["Ada", "Bo", "Cy"])
    pages = open_seats(new_page, live_server, created, [(1280, 900), (1100, 900), (390, 844)])
    ada = pages[0]
    # Every mat is visible, yours first and larger.
    assert ada.locator("#board .ms-card").count() == 3
    assert ada.locator("#board .ms-card.large").get_attribute("data-seat") == "0"
    assert pages[1].locator("#board .ms-card.large").get_attribute("data-seat") == "1"
    assert "Waiting for Ada" in pages[1].locator("#turn").inner_text()
    assert pages[1].locator(f'{ACTIONS}[data-state="waiting"]').count() == 1
    seen: dict[str, bool] = {"bust": False, "phone": False}

    def on_turn(seat: int, page: Any, made: int) -> None:
        if seat == 2 and not seen["phone"]:  # Cy plays on a phone
            shot(page, "gyk-phone")
            seen["phone"] = True
        # Cy always draws on, so Cy busts; Ada, next, sees it at once.
        if seat == 0 and not seen["bust"] and page.locator("#board .bust-alert").count():
            alert = page.locator("#board .bust-alert").inner_text()
            if "Cy drew a second" in alert:
                assert "went back into the bag" in alert
                seen["bust"] = True
                shot(page, "gyk-three")

    made = play(pages, KICKS, greedy=frozenset({2}), on_turn=on_turn)
    assert all(made), made
    assert seen["bust"], "Cy's bust was not shown"
    check_three_seat_end(live_server, created, pages)
    view = server_view(live_server, created)
    assert view["ended"] in ("complete", "six_black")
    assert view["busts"][2] >= 1
    shot(ada, "gyk-three-end")


def test_mileage_three_seats_with_a_reload(live_server: Any, new_page: Any, shot: Any) -> None:
    created = create(live_server, MILEAGE, ["Ada", "Bo", "Cy"])
    pages = open_seats(new_page, live_server, created, DESKTOPS)
    state = {"reloaded": False}
    # A spectator sees every mat, the current one large, and no buttons.
    watcher = new_page(1000, 800)
    watcher.goto(live_server.url + created["spectator"]["url"])
    watcher.wait_for_selector("#board svg.ms-mat")
    assert watcher.locator("#board .ms-card").count() == 3
    assert watcher.locator("#board .ms-card.large").get_attribute("data-seat") == "0"
    assert watcher.locator("#board button[data-action]").count() == 0
    assert "Ada's pumps" in watcher.locator("#board .ms-risk").inner_text()

    def on_turn(seat: int, page: Any, made: int) -> None:
        if made >= 12 and not state["reloaded"] and seat != 1:
            bo = pages[1]
            before = bo.locator("#board .ms-card").evaluate_all(
                "cs => cs.map(c => c.dataset.score)"
            )
            bo.reload()
            bo.wait_for_selector(f'{ACTIONS}[data-state="waiting"]')
            after = bo.locator("#board .ms-card").evaluate_all("cs => cs.map(c => c.dataset.score)")
            assert after == before
            state["reloaded"] = True
            shot(page, "ymmv-three")

    made = play(pages, MILEAGE, on_turn=on_turn)
    assert all(made), made
    assert state["reloaded"]
    check_three_seat_end(live_server, created, pages)
    watcher.locator(END).wait_for()
    assert end_rows(watcher) == end_rows(pages[0])
    view = server_view(live_server, created)
    if view["ended"] == "complete":
        assert any(m["boxes_filled"] == 25 for m in view["mats"])
        assert "filled every box" in pages[0].locator(END).inner_text()
    shot(pages[0], "ymmv-three-end")


def test_the_log_s_last_move_spans_the_log_as_in_every_game(
    live_server: Any, new_page: Any
) -> None:
    """The board's own "Last move" pill once shared its class with the log's
    highlighted line, which then shrank to a right-aligned pill cut to a few letters
    ("7 ■ Ann: c"): the log's line must keep the log's width and its whole text."""
    created = create(live_server, KICKS, ["Ann"])
    page = new_page()
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector(f'{ACTIONS}[data-state="mine"]')
    page.locator(GO).click()
    last = page.locator("#log li.last-move")
    last.wait_for()
    box, log = last.bounding_box(), page.locator("#log").bounding_box()
    assert box is not None and log is not None
    assert box["width"] > 0.8 * log["width"], (box, log)
    assert last.evaluate("li => li.scrollWidth <= li.clientWidth + 1")
    assert "Ann: continue" in last.inner_text()
