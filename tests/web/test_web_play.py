"""Browser tests: a new user plays through the real pages, as a person would.

Each test drives Chromium against the real app (see conftest.py): the lobby's
one-click solo start played to the end by clicking the glowing fields, with a
reload and a server restart on the way, the replay and the record download; a
two-player game in two separate browsers deciding on the same roll; a
spectator; and links with a bad token.  Screenshots of each screen go to
test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from roadtrip.core import MatchRecord, replay

CHOICE = "#board svg .choice"
END = "#end-screen"
MAX_CLICKS = 400  # a Road to 300 sheet takes at most 72 decisions


def wait_for_turn_or_end(page: Any) -> bool:
    """Wait until the page offers a choice (True) or shows the end screen (False)."""
    page.wait_for_selector(f"{CHOICE}, {END}:not([hidden])")
    return not page.locator(END).is_visible()


def play(page: Any, clicks: int | None = None) -> int:
    """Click the first glowing field until the game ends (or ``clicks`` were made)."""
    made = 0
    while clicks is None or made < clicks:
        if not wait_for_turn_or_end(page):
            break
        page.locator(CHOICE).first.click()
        made += 1
        assert made < MAX_CLICKS, "the game did not end"
    return made


def round_of(page: Any) -> int:
    return int(page.locator(".r3-board").get_attribute("data-round"))


def test_solo_game_from_the_lobby_to_the_replay(
    live_server: Any, new_page: Any, shot: Any, tmp_path: Path
) -> None:
    page = new_page()
    page.goto(live_server.url + "/")

    # The lobby lists the game and builds the form from its declared options.
    page.wait_for_selector("#quick-solo")
    card = page.locator('.game-card[data-game="road-to-300"]')
    assert "Road to 300" in card.inner_text() and "1–6 players" in card.inner_text()
    assert page.locator("#opt-first_move option").count() == 2  # a choice: a select
    assert page.locator("#opt-cross_standing").get_attribute("type") == "checkbox"
    target = page.locator("#opt-target")
    assert (target.get_attribute("min"), target.get_attribute("max")) == ("1", "600")
    page.click("#variant-options summary")  # the variant rules are folded away
    help_text = page.locator('[data-option="target"]').inner_text()
    assert "Score needed to win" in help_text and "Rulebook:" in help_text
    shot(page, "lobby")

    # One click into a solo game: the cross step, its fields glowing.
    page.click("#quick-solo")
    page.wait_for_url(re.compile(r"/m/[^/#]+#t="))
    match_id = page.url.split("/m/")[1].split("#")[0]
    page.wait_for_selector(CHOICE)
    crosses = page.locator(f"{CHOICE}.cross")
    assert crosses.count() >= 1
    first = crosses.first
    assert first.get_attribute("data-action").isdigit()
    assert 1 <= int(first.get_attribute("data-col")) <= 6
    assert 1 <= int(first.get_attribute("data-row")) <= 6
    # the same choices as a list of buttons, with their labels
    buttons = page.locator("#choices button.choice-btn")
    assert buttons.count() == crosses.count()
    assert buttons.first.inner_text().startswith("Cross ")
    assert "Your turn" in page.locator("#turn").inner_text()
    assert page.locator("#board svg.die").count() == 3
    first.hover()
    assert "then move" in page.locator(".hover-hint").inner_text()
    shot(page, "board-cross-step", full_page=False)

    # The move step: the destinations glow.
    first.click()
    page.wait_for_selector(f"{CHOICE}.move")
    assert page.locator(f"{CHOICE}.cross").count() == 0
    assert "Step 4: move" in page.locator("#turn").inner_text()
    shot(page, "board-move-step", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "board-phone")
    page.set_viewport_size({"width": 1280, "height": 900})

    # The rules summary is one click away.
    page.click("#rules-btn")
    dialog = page.locator("#rules-dialog")
    assert "Cross out a field" in dialog.inner_text() and "300" in dialog.inner_text()
    dialog.get_by_role("button", name="Close").click()

    # Play on; a reload in the middle just reconnects and shows the same state.
    made = 1 + play(page, clicks=5)
    if wait_for_turn_or_end(page):
        before = round_of(page)
        page.reload()
        page.wait_for_selector(CHOICE)
        assert round_of(page) == before
        # A server restart: the page reconnects by itself and goes on.
        live_server.stop()
        page.wait_for_selector('#conn[data-state="offline"]')
        assert page.locator(CHOICE).count() == 0  # nothing to click while offline
        assert "reconnecting" in page.locator("#turn").inner_text()
        live_server.start()
        page.wait_for_selector('#conn[data-state="online"]', timeout=15_000)
        page.wait_for_selector(CHOICE)
        made += play(page)

    # The end screen: the score, how it ended, replay and download.
    end = page.locator(END)
    end.wait_for()
    shown = int(end.locator(".final-score .score").inner_text())
    assert f"{shown} points" in end.inner_text()
    assert "ended because" in end.inner_text()
    assert "Game over" in page.locator("#turn").inner_text()
    assert page.locator(CHOICE).count() == 0
    shot(page, "end-screen")

    with page.expect_download() as download_info:
        page.click("#end-download")
    download = download_info.value
    assert download.suggested_filename.endswith(".json")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    record = MatchRecord.from_json(saved.read_text())
    final = replay(record)
    assert final.is_terminal()
    assert final.scores() == [shown]  # type: ignore[attr-defined]
    assert sum(1 for seat, _ in record.actions if seat == 0) == made

    # The replay: step through it with the buttons, the slider and the keys.
    page.click("#end-replay")
    page.wait_for_url(re.compile(r"/replay/"))
    steps = len(record.actions)
    counter = page.locator("#counter")
    page.wait_for_selector("#board svg.sheet")
    assert counter.inner_text() == f"Step 0 / {steps}"
    assert page.locator("#log li").count() == steps + 1
    page.click("#next-btn")
    page.click("#next-btn")
    assert counter.inner_text() == f"Step 2 / {steps}"
    assert page.locator('#log li.current[data-step="2"]').count() == 1
    page.keyboard.press("ArrowRight")
    assert counter.inner_text() == f"Step 3 / {steps}"
    page.click("#prev-btn")
    assert counter.inner_text() == f"Step 2 / {steps}"
    page.keyboard.press("End")
    assert counter.inner_text() == f"Step {steps} / {steps}"
    page.wait_for_function(
        "text => document.querySelector('#step-text').textContent.startsWith(text)",
        arg=f"{steps}.",
    )
    assert page.locator(CHOICE).count() == 0  # read-only
    page.locator('#log li[data-step="6"]').click()
    assert counter.inner_text() == f"Step 6 / {steps}"
    page.wait_for_function("document.querySelector('#step-text').textContent.startsWith('6.')")
    shot(page, "replay")
    assert page.locator("#download-btn").is_visible()

    # The lobby remembers the match under "Your matches".
    page.goto(live_server.url + "/")
    assert record.meta.get("match_id") == match_id
    mine = page.locator(f'.my-match[data-match="{match_id}"]')
    mine.wait_for()
    assert "Play as Player 1" in mine.inner_text()
    mine.locator(".badge", has_text="finished").wait_for()


def test_two_players_in_two_browsers_decide_on_the_same_roll(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    lobby = new_page()
    lobby.goto(live_server.url + "/")
    lobby.wait_for_selector("#opt-players")
    lobby.fill("#opt-players", "2")
    lobby.wait_for_selector('.seat-row[data-seat="1"]')
    lobby.fill('input[name="seat-name-0"]', "Ada")
    lobby.fill('input[name="seat-name-1"]', "Bo")
    shot(lobby, "new-match-form")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created:not([hidden])")
    link_a = lobby.locator('[data-link="seat-0"] input').input_value()
    link_b = lobby.locator('[data-link="seat-1"] input').input_value()
    assert lobby.locator('[data-link="spectator"]').count() == 1
    assert lobby.locator("#play-now").get_attribute("href") in link_a
    lobby.click('[data-copy="seat-1"]')
    lobby.wait_for_selector('[data-copy="seat-1"]:text("Copied")')
    shot(lobby, "match-links")

    a, b = new_page(), new_page(1000, 900)
    a.goto(link_a)
    b.goto(link_b)
    a.wait_for_selector(CHOICE)
    b.wait_for_selector(CHOICE)
    # The same roll on both screens, and both may decide at once.
    dice = ".sheet-card.mine svg.die"
    values = "ds => ds.map(d => d.dataset.value)"
    assert a.locator(dice).evaluate_all(values) == b.locator(dice).evaluate_all(values)
    assert a.locator(".sheet-card").count() == 2 and b.locator(".sheet-card").count() == 2
    a.locator(CHOICE).first.click()
    a.wait_for_selector(f"{CHOICE}.move")  # Ada moves on while Bo has not decided
    assert b.locator(f"{CHOICE}.cross").count() >= 1
    other = a.locator('.sheet-card.small[data-seat="1"]')
    assert "deciding" in other.inner_text()
    a.wait_for_selector('.player[data-seat="1"] .dot[data-online="true"]')
    shot(a, "competitive")

    # Play on in both browsers, with a reload of one of them in the middle.
    reloaded = False
    clicks = 1
    deadline = time.monotonic() + 60
    while not (a.locator(END).is_visible() and b.locator(END).is_visible()):
        assert time.monotonic() < deadline, "the two-player game did not end"
        progressed = False
        for page, pick in ((a, "first"), (b, "last")):  # two different ways to play
            choices = page.locator(CHOICE)
            if choices.count():
                try:
                    getattr(choices, pick).click(timeout=2_000)
                except Exception:  # redrawn under the pointer: try again next pass
                    continue
                clicks += 1
                progressed = True
        if clicks >= 12 and not reloaded:
            b.reload()
            b.wait_for_selector(f"{CHOICE}, {END}:not([hidden]), .turn-banner .title")
            reloaded = True
        if not progressed:
            a.wait_for_timeout(25)
    assert reloaded

    end_a = a.locator(END).inner_text()
    end_b = b.locator(END).inner_text()
    rows_a = a.locator(f"{END} tbody tr").all_inner_texts()
    assert len(rows_a) == 2 and rows_a == b.locator(f"{END} tbody tr").all_inner_texts()
    assert "winner" in " ".join(rows_a)
    assert ("You win" in end_a) != ("You win" in end_b) or "shared win" in end_a
    shot(a, "competitive-end")


def test_a_spectator_sees_the_game_but_cannot_play(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": "road-to-300",
            "options": {"players": 2},
            "seats": [{"name": "Ann"}, {"name": "Greedy", "bot": "greedy"}],
        },
    )
    match, ann = created["match"], created["seats"][0]["token"]
    page = new_page()
    page.goto(live_server.url + created["spectator"]["url"])
    page.wait_for_selector("#board svg.sheet")
    assert page.locator("#board svg.sheet").count() == 2
    assert "Watching" in page.locator("#turn").inner_text()
    log_before = page.locator("#log li").count()

    # Ann moves (over HTTP); the spectator sees it live and still cannot play.
    state = live_server.api("GET", f"/api/matches/{match}/state", token=ann)
    action = state["choices"][0]["action"]
    live_server.api(
        "POST",
        f"/api/matches/{match}/actions",
        token=ann,
        json={"action": action, "my_moves": state["my_moves"]},
    )
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {log_before}")
    assert page.locator(CHOICE).count() == 0
    assert page.locator("#choices button").count() == 0
    assert page.locator('.player[data-seat="1"] .dot[data-online="true"]').count() == 1
    shot(page, "spectator")


def test_a_bad_token_shows_a_clear_error(live_server: Any, new_page: Any, shot: Any) -> None:
    created = live_server.api(
        "POST", "/api/matches", json={"game": "road-to-300", "seats": [{"name": "Cy"}]}
    )
    match = created["match"]
    page = new_page()

    page.goto(f"{live_server.url}/m/{match}#t=not-a-real-token")
    fatal = page.locator("#fatal")
    fatal.wait_for()
    assert "not valid" in fatal.inner_text()
    assert page.locator("#main").is_hidden()
    shot(page, "bad-token")

    page.goto(f"{live_server.url}/m/{match}")
    page.reload()
    fatal.wait_for()
    assert "no token" in fatal.inner_text()

    page.goto(f"{live_server.url}/replay/{match}#t=not-a-real-token")
    page.locator("#fatal").wait_for()
    assert "not valid" in page.locator("#fatal").inner_text()
