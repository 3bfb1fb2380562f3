"""America's Main Street in the browser for every player (issue 11): zero axe-core
violations (WCAG 2.2 A/AA) during play and at the end, a whole solo game played
with the keyboard alone (with a visible focus ring), every cube and place told apart
without colour (a two-letter mark), the last draw and the cubes just placed
highlighted, cube draws animated (short, skippable, never under reduced motion),
and at 1280x800 the mat and the choices inside the first 800 px.

Screenshots: test-artifacts/screenshots/ms-1280x800-*.png.
"""

from __future__ import annotations

from typing import Any

from tests.web.a11y import assert_accessible

KICKS = "get-your-kicks"
MILEAGE = "mileage-may-vary"
GO = '#board button[data-action="1"]'
STOP = '#board button[data-action="0"]'
MINE = '#board .ms-actions[data-state="mine"]'
END = "#end-screen"
SETTLED = f'#board .ms-actions:not([data-state="pending"]), {END}:not([hidden])'
MARKS = {"66", "CA", "AZ", "NM", "TX", "OK", "KS", "MO", "IL"}


def start(live_server: Any, new_page: Any, game: str, *, players: int = 1, **options: Any) -> Any:
    """A match created through the API, its first seat's page open at 1280x800; the
    other seats are bots."""
    seats: list[dict[str, str]] = [{"name": "Ann"}]
    seats += [{"name": name, "bot": "threshold"} for name in ["Ben", "Cy"][: players - 1]]
    created = live_server.api(
        "POST",
        "/api/matches",
        json={"game": game, "options": {"players": players, **options}, "seats": seats},
    )
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector(f"{MINE}, {END}:not([hidden])")
    return page


def wait_settled(page: Any) -> bool:
    """Wait until this seat may decide (True) or the game is over (False)."""
    page.wait_for_selector(f"{MINE}, {END}:not([hidden])")
    return not page.locator(END).is_visible()


def click_until_bust(page: Any) -> None:
    """Draw again and again (Get Your Kicks) until this seat's casino busts."""
    stats = "#board .ms-card.large .ms-card-stats"
    for _ in range(12):
        if "0 busts" not in page.locator(stats).inner_text():
            return
        assert wait_settled(page), "the game ended before a bust"
        page.click(GO if not page.locator(GO).is_disabled() else STOP)
        page.wait_for_selector(SETTLED)
    raise AssertionError("no bust in twelve draws")


def focused(page: Any) -> dict[str, Any]:
    info: dict[str, Any] = page.evaluate(
        """() => {
          const a = document.activeElement;
          const s = getComputedStyle(a);
          return {
            action: a && a.matches('button.ms-action') ? a.dataset.action : null,
            outline: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
          };
        }"""
    )
    return info


# -------------------------------------------------------------- axe-core
def test_no_axe_violations_during_play_and_at_the_end(live_server: Any, new_page: Any) -> None:
    page = start(live_server, new_page, KICKS, players=2, max_rounds=6)
    assert_accessible(page)  # the first decision
    click_until_bust(page)
    wait_settled(page)
    assert_accessible(page)  # after a bust: the last turns
    page.click("#rules-btn")
    assert_accessible(page)  # the rules dialog with its colour table
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()
    while wait_settled(page):
        page.click(STOP)
    page.locator(END).wait_for()
    assert_accessible(page)  # the end screen


def test_no_axe_violations_in_mileage(live_server: Any, new_page: Any) -> None:
    page = start(live_server, new_page, MILEAGE, max_rounds=2)
    assert_accessible(page)
    if not page.locator(GO).is_disabled():
        page.click(GO)
    while wait_settled(page):
        page.click(STOP)
    end = page.locator(END).inner_text()
    assert "Cut off after 2 turns" in end and "max_rounds" in end  # a solo race cut off is lost
    assert_accessible(page)


# -------------------------------------------------------------- keyboard
def test_a_solo_get_your_kicks_game_with_the_keyboard_alone(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    """Tab to the board's buttons, Enter to press; the focus stays on the buttons from
    one decision to the next, with a visible ring; played to the end."""
    page = start(live_server, new_page, KICKS)
    for _ in range(40):  # Tab from the top of the page to the board's buttons
        page.keyboard.press("Tab")
        if focused(page)["action"] is not None:
            break
    ring = focused(page)
    assert ring["action"] == "1", "Tab reaches 'Draw a cube' first"
    assert ring["outline"] != "none" and ring["width"] >= 2, ring
    shot(page, "ms-keyboard-focus", full_page=False)
    presses = 0
    while wait_settled(page):
        presses += 1
        assert presses < 400, "the game did not end"
        casino = page.locator("#board .ms-card.large .casino .cube").count()
        want = "1" if casino == 1 and not page.locator(GO).is_disabled() else "0"
        now = focused(page)["action"]
        assert now in ("0", "1"), "the focus stays on the board's buttons"
        if now != want:
            page.keyboard.press("Tab" if want == "0" else "Shift+Tab")
        assert focused(page)["action"] == want
        page.keyboard.press("Enter")
        page.wait_for_selector(SETTLED)
    assert "Game over" in page.locator("#turn").inner_text()
    assert presses >= 2


# -------------------------------------------------------- without colour
def test_every_cube_and_place_has_its_mark(live_server: Any, new_page: Any) -> None:
    """The whole game is colour matching: every cube carries the two-letter mark of
    its place (CA ... IL, 66 for the sign), and every place shows that mark."""
    page = start(live_server, new_page, KICKS, players=2)
    click_until_bust(page)
    page.wait_for_selector(MINE)
    page.click(STOP)
    wait_settled(page)
    marks = page.evaluate(
        """() => {
          const board = document.querySelector('#board');
          const cubes = [...board.querySelectorAll('svg g.cube')].map((g) => ({
            color: g.dataset.color, mark: g.dataset.mark,
            text: (g.querySelector('text.cube-mark') || {}).textContent }));
          const minis = [...board.querySelectorAll('.mini-cube')].map((m) => ({
            color: m.dataset.color, mark: m.dataset.mark, text: m.textContent }));
          const places = [...board.querySelectorAll('.ms-card.large g.state')].map((g) => ({
            color: g.dataset.color,
            text: (g.querySelector('text.state-mark') || {}).textContent }));
          return { cubes, minis, places };
        }"""
    )
    assert marks["cubes"] and marks["minis"]
    by_colour: dict[str, str] = {}
    for cube in marks["cubes"] + marks["minis"]:
        assert cube["text"] == cube["mark"] and cube["mark"] in MARKS, cube
        assert by_colour.setdefault(cube["color"], cube["mark"]) == cube["mark"]
    assert len(marks["places"]) == 8
    for place in marks["places"]:
        assert place["text"] in MARKS - {"66"}
        assert by_colour.get(place["color"], place["text"]) == place["text"]
    assert len({p["text"] for p in marks["places"]}) == 8
    assert page.locator("#board .ms-card.large g.sign text.shield-66").text_content() == "66"


# ------------------------------------------------ highlight and animation
def test_the_last_draw_is_highlighted_and_animated(live_server: Any, new_page: Any) -> None:
    page = start(live_server, new_page, KICKS)
    latest = "#board .ms-card.large .casino .cube.latest"
    assert page.locator(latest).count() == 1
    page.click(GO)
    page.wait_for_selector(f"{MINE}, {END}:not([hidden])")
    if page.locator("#board .bust-alert").count() == 0:
        casino = page.locator("#board .ms-card.large .casino .cube")
        assert casino.count() == 2 and page.locator(latest).count() == 1
        assert "latest" in (casino.nth(1).get_attribute("class") or "")
        anim = page.evaluate(
            """() => {
              const g = document.querySelector('#board .casino .cube.latest');
              const s = getComputedStyle(g);
              return { name: s.animationName, ms: parseFloat(s.animationDuration) * 1000,
                       drop: g.classList.contains('drop-in') };
            }"""
        )
        assert anim["drop"] and anim["name"] == "ms-drop" and 0 < anim["ms"] <= 600, anim
        page.keyboard.press("Shift")  # any key finishes the animation
        assert page.locator("#board .drop-in").count() == 0
    page.wait_for_selector(MINE)
    page.click(STOP)
    wait_settled(page)
    placed = page.locator(
        "#board .ms-card.large g.state .cube.latest.placed, #board g.sign .cube.latest.placed"
    )
    assert placed.count() >= 1  # the cubes the stop put on the mat
    assert page.locator("#board .turn-line.latest").count() == 1


def test_no_animation_under_reduced_motion(live_server: Any, browser: Any) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={"game": KICKS, "options": {"players": 1}, "seats": [{"name": "Ann"}]},
    )
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(live_server.url + created["seats"][0]["url"])
        page.wait_for_selector(MINE)
        for _ in range(3):
            if page.locator(GO).is_disabled():
                break
            page.click(GO)
            wait_settled(page)
            assert page.locator("#board .ms-board.still").count() == 1
            assert page.locator("#board .drop-in").count() == 0
    finally:
        context.close()


# -------------------------------------------------------------- one screen
def _inside_first_screen(page: Any) -> None:
    for selector in ("#board .ms-card.large svg.ms-mat", "#board .ms-actions"):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)


def test_the_mat_and_the_choices_fit_1280x800(live_server: Any, new_page: Any, shot: Any) -> None:
    page = start(live_server, new_page, KICKS)
    _inside_first_screen(page)
    shot(page, "ms-1280x800-kicks", full_page=False)
    click_until_bust(page)
    wait_settled(page)
    assert page.locator("#board .bust-alert").count() == 1
    assert_accessible(page)  # the bust alert too
    _inside_first_screen(page)  # with the bust alert
    shot(page, "ms-1280x800-kicks-bust", full_page=False)
    three = start(live_server, new_page, MILEAGE, players=3)
    _inside_first_screen(three)
    shot(three, "ms-1280x800-mileage-three", full_page=False)


RENDER_WITH = """async ([motion, previous]) => {
  const board = await import('/static/boards/main_street/kicks.js');
  const token = location.hash.slice(3);
  const match = location.pathname.split('/').pop();
  const response = await fetch(`/api/matches/${match}/state`,
    { headers: { authorization: `Bearer ${token}` } });
  const before = (await response.json()).view;
  const after = structuredClone(before);
  const cube = [1, 2, 3, 4, 5, 6, 7, 8].find((c) => !before.casino.includes(c) && before.bag[c]);
  after.casino.push(cube); after.drawn.push(cube);
  after.bag[cube] -= 1; after.bag_total -= 1;
  const root = document.createElement('div');
  document.body.append(root);
  const ctx = { players: [{ seat: 0, name: 'Ann', colour: '#aa3366' }], motion,
                previous: previous ? before : null,
                lastMove: { seat: 0, text: 'continue: draw another cube' } };
  board.render(root, after, ctx);
  const cubes = [...root.querySelectorAll('.casino .cube')];
  const out = {
    count: cubes.length,
    latest: cubes.map((g) => g.classList.contains('latest')),
    drop: cubes.map((g) => g.classList.contains('drop-in')),
    still: root.querySelector('.ms-board').classList.contains('still'),
    lastMove: (root.querySelector('.ms-last-move') || {}).textContent,
    chip: Boolean(root.querySelector('.seat-chip')),
  };
  root.remove();
  return out;
}"""


def test_the_board_follows_ctx_motion_and_previous(live_server: Any, new_page: Any) -> None:
    """The board contract (boards/index.js): ctx.previous is the view drawn last time
    (the new cube is animated), ctx.motion false switches animations off, ctx.lastMove
    is shown, and a seat's colour chip is drawn."""
    page = start(live_server, new_page, KICKS)
    moving = page.evaluate(RENDER_WITH, [True, True])
    assert moving["count"] == 2 and moving["latest"] == [False, True]
    assert moving["drop"] == [False, True] and not moving["still"]
    still = page.evaluate(RENDER_WITH, [False, True])
    assert still["drop"] == [False, False] and still["still"]
    assert still["latest"] == [False, True]  # highlighted even without motion
    first = page.evaluate(RENDER_WITH, [True, False])  # nothing drawn before: no animation
    assert first["drop"] == [False, False]
    assert moving["lastMove"] == "Last move: Ann: continue: draw another cube"
    assert moving["chip"]
