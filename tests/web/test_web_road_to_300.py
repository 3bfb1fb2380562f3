"""Browser tests of the match page's player experience, on Road to 300 (issue 11).

Real Chromium against the real app (conftest.py): the last move highlighted in the
log and on the sheet; dice rolls and moves animated briefly and skippably, and not
at all under reduced motion or with the page's "Animations" toggle off; the "your
turn" signal in the tab title (and the optional chime) while the page is in the
background; zero axe-core violations during play and at the end, solo and
competitive; a whole solo game played with the keyboard alone; and the sheet, the
dice and the choices on one 1280x800 screen.
"""

from __future__ import annotations

import re
from typing import Any

from tests.web.a11y import assert_accessible

CHOICE = "#board svg .choice"
END = "#end-screen"
MAX_DECISIONS = 200

# The page's visibility, controlled by the test (Chromium's own cannot be switched
# off in a headless page), and a count of the oscillators the chime starts.
FAKE_VISIBILITY = """
(() => {
  window.__hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", {
    configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
  Object.defineProperty(Document.prototype, "hidden", {
    configurable: true, get() { return window.__hidden; } });
  window.__setHidden = (hidden) => {
    window.__hidden = hidden;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  window.__oscillators = 0;
  const original = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function () {
    window.__oscillators += 1;
    return original.call(this);
  };
})();
"""

OUR_ANIMATIONS = (
    "document.getAnimations()"
    ".filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))"
)


def create(live_server: Any, players: int = 1, bots: int = 0, humans: int = 1) -> dict[str, Any]:
    seats = [{"name": name} for name in ("Ann", "Bo", "Cy")[:humans]]
    seats += [{"name": f"Greedy {i + 1}", "bot": "greedy"} for i in range(bots)]
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={"game": "road-to-300", "options": {"players": players}, "seats": seats},
    )
    return created


def open_seat(page: Any, live_server: Any, created: dict[str, Any], seat: int = 0) -> Any:
    page.goto(live_server.url + created["seats"][seat]["url"])
    page.wait_for_selector(f"{CHOICE}, {END}:not([hidden])")
    return page


def decide(page: Any) -> bool:
    """Click the first glowing field; False when the game is over."""
    page.wait_for_selector(f"{CHOICE}, {END}:not([hidden])")
    if page.locator(END).is_visible():
        return False
    page.locator(CHOICE).first.click()
    return True


def play_to_the_end(page: Any) -> None:
    for _ in range(MAX_DECISIONS):
        if not decide(page):
            return
    raise AssertionError("the game did not end")


def act_over_http(live_server: Any, created: dict[str, Any], seat: int) -> None:
    token, match = created["seats"][seat]["token"], created["match"]
    state = live_server.api("GET", f"/api/matches/{match}/state", token=token)
    live_server.api(
        "POST",
        f"/api/matches/{match}/actions",
        token=token,
        json={"action": state["choices"][0]["action"], "my_moves": state["my_moves"]},
    )


# ------------------------------------------------------------ last move
def test_the_last_move_is_highlighted_in_the_log_and_on_the_sheet(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    page = open_seat(new_page(), live_server, create(live_server))
    assert page.locator("#log li.last-move").count() == 0  # nobody decided yet
    cross = page.locator(f"{CHOICE}.cross").first
    col, row = cross.get_attribute("data-col"), cross.get_attribute("data-row")
    cross.click()
    page.wait_for_selector(f"{CHOICE}.move")
    last = page.locator("#log li.last-move")
    assert last.count() == 1 and f"Ann: cross {col},{row}" in last.inner_text()
    assert last.get_attribute("aria-current") == "true"
    assert page.locator("#log li").last.get_attribute("class") == "last-move"
    marked = page.locator(f'.sheet-card.mine g.cell.last-cross[data-col="{col}"][data-row="{row}"]')
    assert marked.count() == 1 and "the last X" in marked.locator("title").text_content()

    end = page.locator(f"{CHOICE}.move").first
    end_col, end_row = end.get_attribute("data-col"), end.get_attribute("data-row")
    end.click()
    page.wait_for_function(
        "document.querySelector('#log li.last-move').textContent.includes('end on')"
    )
    assert f"Ann: end on {end_col},{end_row}" in page.locator("#log li.last-move").inner_text()
    # The roll that followed is chance, not a move: the highlight stays on Ann's.
    assert page.locator("#log li").last.inner_text().find("Chance:") >= 0
    assert page.locator(f'g.cell.last-end[data-col="{end_col}"][data-row="{end_row}"]').count() == 1
    assert page.locator(f'g.cell.last-cross[data-col="{col}"][data-row="{row}"]').count() == 1
    shot(page, "r3-last-move", full_page=False)


def test_the_other_players_last_moves_are_highlighted_once_everyone_has_chosen(
    live_server: Any, new_page: Any
) -> None:
    """Rule (docs/rules/road-to-300.md): the seats decide on the shared roll at once,
    so the bot's choice, made at once, shows only as "has chosen" until Ann has
    chosen too; then its X and its move are highlighted."""
    created = create(live_server, players=2, bots=1)
    page = open_seat(new_page(), live_server, created)
    bot_sheet = page.locator('.sheet-card[data-seat="1"]')
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')]"
        ".some((li) => li.textContent.includes('Greedy 1: has chosen'))"
    )
    assert bot_sheet.locator("g.cell.last-cross").count() == 0
    assert "end on" not in page.locator("#log").inner_text()
    page.locator(f"{CHOICE}.cross").first.click()
    page.wait_for_selector(f"{CHOICE}.move")
    assert "Greedy 1: cross" not in page.locator("#log").inner_text()
    page.locator(f"{CHOICE}.move").first.click()
    bot_sheet.locator("g.cell.last-cross").wait_for()
    assert bot_sheet.locator("g.cell.last-end").count() == 1
    assert "Greedy 1: end on" in page.locator("#log").inner_text()


# ------------------------------------------------------------ animations
def test_rolls_and_moves_animate_briefly_and_a_key_skips_them(
    live_server: Any, new_page: Any
) -> None:
    page = open_seat(new_page(), live_server, create(live_server))
    assert page.locator("#motion-toggle").get_attribute("aria-pressed") == "true"
    started = "document.documentElement.dataset.animationsStarted || '0'"
    # The first drawing has no previous view (ctx.previous is null): nothing moves;
    # neither does the cross step, which changes no die and moves no pin.
    assert page.evaluate(started) == "0"
    page.locator(f"{CHOICE}.cross").first.click()
    page.wait_for_selector(f"{CHOICE}.move")
    assert page.evaluate(started) == "0"
    page.reload()
    page.wait_for_selector(f"{CHOICE}.move")
    assert page.evaluate(started) == "0"
    page.locator(f"{CHOICE}.move").first.click()
    # The move walks the pin, and the next roll tumbles the dice.
    page.wait_for_function("document.documentElement.dataset.animating === 'true'", polling="raf")
    timings = page.evaluate(f"{OUR_ANIMATIONS}.map(a => a.effect.getComputedTiming().endTime)")
    assert timings and max(timings) <= 600, timings
    targets = page.evaluate(
        f"{OUR_ANIMATIONS}.map(a => a.effect.target.closest('.pin') ? 'pin' : 'die')"
    )
    assert "die" in targets and "pin" in targets, targets
    page.keyboard.press("Shift")  # any key finishes them
    assert page.evaluate("document.documentElement.dataset.animating") == "false"
    assert page.evaluate(f"{OUR_ANIMATIONS}.length") == 0
    # A click finishes them too.
    page.locator(f"{CHOICE}.cross").first.click()
    page.wait_for_selector(f"{CHOICE}.move")
    page.locator(f"{CHOICE}.move").first.click()
    page.wait_for_function("document.documentElement.dataset.animating === 'true'", polling="raf")
    page.mouse.click(5, 700)
    assert page.evaluate(f"{OUR_ANIMATIONS}.length") == 0


def assert_nothing_animates(page: Any, decisions: int = 6) -> None:
    for _ in range(decisions):
        if not decide(page):
            break
        page.wait_for_timeout(60)
        assert page.evaluate("document.getAnimations().length") == 0
    assert page.evaluate("document.documentElement.dataset.animationsStarted || '0'") == "0"
    assert page.evaluate("document.documentElement.dataset.motion") == "off"


def test_nothing_animates_under_reduced_motion(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    open_seat(page, live_server, create(live_server))
    toggle = page.locator("#motion-toggle")
    assert toggle.get_attribute("aria-pressed") == "false" and toggle.is_disabled()
    assert_nothing_animates(page)


def test_the_animations_toggle_switches_them_off_and_is_remembered(
    live_server: Any, new_page: Any
) -> None:
    page = open_seat(new_page(), live_server, create(live_server))
    toggle = page.locator("#motion-toggle")
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert "off" in toggle.inner_text()
    assert page.evaluate("localStorage.getItem('roadtrip.animations')") == "off"
    page.reload()
    page.wait_for_selector(CHOICE)
    assert page.locator("#motion-toggle").get_attribute("aria-pressed") == "false"
    assert_nothing_animates(page)
    page.locator("#motion-toggle").click()  # on again
    assert page.evaluate("localStorage.getItem('roadtrip.animations')") == "on"


# ------------------------------------------------------------ your turn
def test_your_turn_shows_in_the_title_of_a_page_in_the_background(
    live_server: Any, new_page: Any
) -> None:
    created = create(live_server, players=2, humans=2)
    page = new_page()
    page.add_init_script(FAKE_VISIBILITY)
    open_seat(page, live_server, created)
    title = page.title()
    assert not title.startswith("(Your turn)")
    sound = page.locator("#sound-toggle")
    assert sound.get_attribute("aria-pressed") == "false"  # off by default

    def a_turn_in_the_background() -> None:
        decide(page)  # Ann crosses and moves: she waits for Bo
        page.wait_for_selector(f"{CHOICE}.move")
        decide(page)
        page.wait_for_function("!document.querySelector('#board svg .choice')")
        page.evaluate("window.__setHidden(true)")
        act_over_http(live_server, created, 1)
        assert not page.title().startswith("(Your turn)")
        act_over_http(live_server, created, 1)  # Bo is done: a new roll, Ann's turn
        page.wait_for_function("document.title.startsWith('(Your turn) ')")
        assert page.title() == f"(Your turn) {title}"
        page.wait_for_timeout(200)
        assert page.title().startswith("(Your turn)")  # until the page is seen
        page.evaluate("window.__setHidden(false)")
        assert page.title() == title

    a_turn_in_the_background()
    assert page.evaluate("window.__oscillators") == 0  # silent by default

    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('roadtrip.turn-sound')") == "on"
    sampled = page.evaluate("window.__oscillators")  # the toggle plays a sample
    a_turn_in_the_background()
    assert page.evaluate("window.__oscillators") > sampled
    page.reload()
    page.wait_for_selector("#sound-toggle")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"


def test_no_signal_while_the_page_is_visible(live_server: Any, new_page: Any) -> None:
    created = create(live_server, players=2, humans=2)
    page = new_page()
    page.add_init_script(FAKE_VISIBILITY)
    open_seat(page, live_server, created)
    decide(page)
    page.wait_for_selector(f"{CHOICE}.move")
    decide(page)
    act_over_http(live_server, created, 1)
    act_over_http(live_server, created, 1)
    page.wait_for_selector(f"{CHOICE}.cross")
    assert not page.title().startswith("(Your turn)")


# ------------------------------------------------------------ accessibility
def test_the_solo_match_page_is_accessible_during_play_and_at_the_end(
    live_server: Any, new_page: Any
) -> None:
    page = open_seat(new_page(), live_server, create(live_server))
    assert_accessible(page)  # the cross step
    decide(page)
    page.wait_for_selector(f"{CHOICE}.move")
    assert_accessible(page)  # the move step, a last move in the log
    page.locator("#rules-btn").click()
    assert_accessible(page)  # the rules dialog
    page.keyboard.press("Escape")
    play_to_the_end(page)
    page.wait_for_timeout(650)  # the last animations are over
    assert_accessible(page)


def test_the_competitive_match_page_is_accessible_during_play_and_at_the_end(
    live_server: Any, new_page: Any
) -> None:
    page = open_seat(new_page(), live_server, create(live_server, players=3, bots=2))
    assert_accessible(page)
    decide(page)
    page.wait_for_selector(f"{CHOICE}.move")
    assert_accessible(page)
    play_to_the_end(page)
    page.wait_for_timeout(650)
    assert_accessible(page)


def test_a_solo_game_can_be_played_to_the_end_with_the_keyboard_alone(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    page = new_page()
    open_seat(page, live_server, create(live_server))
    focused_choice = "document.activeElement && document.activeElement.matches('#board .choice')"
    decisions = 0
    arrows_checked = False
    for _ in range(MAX_DECISIONS):
        if page.locator(END).is_visible():
            break
        tabs = 0
        while not page.evaluate(focused_choice):
            page.keyboard.press("Tab")
            tabs += 1
            assert tabs < 40, "Tab never reached a choice on the sheet"
        if decisions == 0:
            # The focus is visible: a ring drawn around the focused field.
            assert page.evaluate("document.activeElement.matches(':focus-visible')")
            ring = page.evaluate(
                "getComputedStyle(document.activeElement.querySelector('.focus-ring')).stroke"
            )
            assert ring not in ("none", ""), ring
            shot(page, "r3-keyboard-focus", full_page=False)
        else:
            assert tabs == 0, "the focus did not stay on the sheet after a decision"
        if page.locator(CHOICE).count() > 1 and not arrows_checked:
            # The arrow keys move the focus to another glowing field.
            before = page.evaluate("document.activeElement.dataset.action")
            for arrow in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                page.keyboard.press(arrow)
                if page.evaluate("document.activeElement.dataset.action") != before:
                    arrows_checked = True
                    break
            assert arrows_checked, "no arrow key moved the focus to another choice"
            assert page.evaluate(focused_choice)
        key = "Enter" if decisions % 2 == 0 else " "
        page.keyboard.press(key)
        decisions += 1
        page.wait_for_function(
            f"document.querySelector('{END}:not([hidden])') || "
            "document.querySelector('#turn').dataset.mine === 'true'"
        )
        page.wait_for_timeout(30)
    else:
        raise AssertionError("the game did not end")
    page.locator(END).wait_for()
    assert decisions >= 2
    assert "ended because" in page.locator(END).inner_text()


# ------------------------------------------------------------ one screen
def test_the_sheet_the_dice_and_the_choices_fit_one_1280x800_screen(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    for name, created in (
        ("solo", create(live_server)),
        ("competitive-6", create(live_server, players=6, bots=5)),
    ):
        page = open_seat(new_page(1280, 800), live_server, created)
        for step in ("cross", "move"):
            page.wait_for_selector(f"{CHOICE}.{step}")
            for selector in (
                ".sheet-card.mine svg.sheet",
                ".sheet-card.mine .dice-row",
                "#choices",
            ):
                box = page.locator(selector).first.bounding_box()
                assert box is not None and box["height"] > 0, selector
                assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (
                    name,
                    step,
                    selector,
                    box,
                )
            assert page.locator("#choices button, #choices summary").count() >= 1
            assert page.evaluate("window.scrollY") == 0
            shot(page, f"r3-one-screen-{name}-{step}", full_page=False)
            if step == "cross":
                decide(page)
        assert re.search(r"Round \d+", page.locator(".round-chip").inner_text())


# ------------------------------------------------------------ the helpers
PATHS = """async () => {
  const m = await import("/static/boards/road_to_300/motion.js");
  const sheet = (marks, position, die) => ({
    position, move_die: die,
    cells: Array.from({length: 36}, (_, i) => {
      const col = i % 6 + 1, row = Math.floor(i / 6) + 1;
      const mark = marks[`${col},${row}`] || "";
      return {col, row, crossed: mark.includes("x"), circled: mark.includes("o")};
    }),
  });
  const show = (path) => path && path.map((p) => `${p.col},${p.row}`).join(" ");
  return {
    // From 1,1 (crossed in step 3), 3 steps to 2,3, with 1,2 crossed this round.
    walk: show(m.movePath(sheet({"1,1": "o"}, {col: 1, row: 1}, 3),
                          sheet({"1,1": "xo", "1,2": "x", "2,3": "o"}, {col: 2, row: 3}, 3))),
    // Entering: the first step onto a corner (corner_step), or a free corner.
    entry: show(m.movePath(sheet({}, null, 2), sheet({"6,1": "x", "1,2": "o"}, {col: 1, row: 2}, 2),
                           {first_move: "corner_step"})),
    free: show(m.movePath(sheet({}, null, 1), sheet({"1,2": "o"}, {col: 1, row: 2}, 1),
                          {first_move: "corner_free"})),
    unknown: m.movePath(sheet({}, {col: 1, row: 1}, null), sheet({}, {col: 1, row: 2}, null)),
  };
}"""

LOG_SEATS = """async () => {
  const m = await import("/static/js/lastmove.js");
  const players = [{seat: 0, name: "Ann"}, {seat: 1, name: "Anna"}];
  const log = ["Chance: roll 1-2-3", "Anna: cross 2,3 (move 1)", "Ann: cross 3,2 (move 1)",
               "Chance: roll 4-5-6"];
  return {seats: m.logSeats(log, players), last: m.lastMove(log, players, {logStart: 10}),
          anna: m.movesOf(1, log, players)};
}"""


def test_the_animated_path_is_a_legal_move(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    paths = page.evaluate(PATHS)
    assert paths["walk"] == "1,1 2,1 2,2 2,3"  # around the crossed 1,2
    assert paths["entry"] == "0,0 1,1 1,2"  # from outside onto the corner 1,1
    assert paths["free"] == "0,0 1,1 1,2"
    assert paths["unknown"] is None


def test_log_lines_are_read_as_the_longest_matching_name(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    found = page.evaluate(LOG_SEATS)
    assert found["seats"] == [None, 1, 0, None]
    assert found["last"] == {"seat": 0, "text": "cross 3,2 (move 1)", "index": 12}
    assert found["anna"] == ["cross 2,3 (move 1)"]
