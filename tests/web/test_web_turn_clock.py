"""Browser tests of turn timers and correspondence play (docs/server.md, "Turn timers
and correspondence play"): the lobby's "Time per move", "Clock starts when Bo opens
their link" until every person has come, the countdown in the match page's turn
line (in words, counting down, accessible), and "Your matches" with the matches
where it is your turn first, marked in words, with the time left."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file

from a11y import assert_accessible

CHOICE = "#board svg .choice"
CLOCK = '#turn [data-testid="turn-clock"]'


def test_a_timed_match_from_the_lobby_shows_a_countdown_and_your_turn_comes_first(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    lobby = new_page()
    lobby.goto(live_server.url + "/")
    lobby.wait_for_selector("#opt-players")
    lobby.fill("#opt-players", "2")
    lobby.wait_for_selector('.seat-row[data-seat="1"]')
    lobby.fill('input[name="seat-name-0"]', "Ada")
    lobby.fill('input[name="seat-name-1"]', "Bo")
    assert not lobby.locator("#turn-more").is_visible()  # no limit by default
    lobby.select_option("#turn-seconds", "86400")
    lobby.wait_for_selector("#turn-more:not([hidden])")
    assert lobby.locator("#turn-bot").input_value() == "greedy"  # the game's stand-in
    shot(lobby, "new-match-turn-clock")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created:not([hidden])")
    assert lobby.locator("#created-clock").inner_text() == (
        "Time per move: 1 d; when it runs out, the greedy bot moves for the player."
    )
    link_a = lobby.locator('[data-link="seat-0"] input').input_value()
    token_b = lobby.locator('[data-link="seat-1"] input').input_value().split("#t=")[1]
    timed = link_a.split("/m/")[1].split("#")[0]
    token_a = link_a.split("#t=")[1]
    state = live_server.api("GET", f"/api/matches/{timed}/state", token=token_a)
    assert state["clock"]["seconds"] == 86400 and state["clock"]["bot"] == "greedy"

    # The match page: until Bo opens his link the clocks wait for him, and say so.
    page = lobby
    page.goto(link_a)
    page.wait_for_selector(CHOICE)
    waits = page.locator('#turn [data-testid="clock-waiting"]')
    waits.wait_for()
    assert waits.inner_text() == "Clock starts when Bo opens their link or someone moves"
    assert page.locator(CLOCK).count() == 0
    shot(page, "turn-clock-waiting")
    page.goto(live_server.url + "/")  # "Your matches" says it too
    lobby_waits = page.locator(f'.my-match[data-match="{timed}"] .clock-waiting')
    lobby_waits.wait_for()
    assert lobby_waits.inner_text() == "clock starts when Bo opens their link"
    live_server.api("GET", f"/api/matches/{timed}/state", token=token_b)  # Bo comes
    page.goto(link_a)
    page.wait_for_selector(CHOICE)

    # Then Ada's own clock runs, in words, in the turn line.
    clock = page.locator(CLOCK)
    clock.wait_for()
    assert re.fullmatch(
        r"Your time: (1 d|23 h 59 min) left \(then the greedy bot moves for you\)",
        clock.inner_text(),
    ), clock.inner_text()
    assert clock.get_attribute("role") == "timer"
    assert_accessible(page)
    shot(page, "turn-clock")

    # A short limit counts down second by second.
    made = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": "road-to-300",
            "seats": [{"name": "Cy"}],
            "turn_clock": {"seconds": 30, "bot": "random"},
        },
    )
    short = new_page()
    short.goto(live_server.url + made["seats"][0]["url"])
    fast = short.locator(CLOCK + " .left")
    fast.wait_for()
    first = fast.inner_text()
    assert re.fullmatch(r"0:(30|29|28) left", first), first
    short.wait_for_function(
        "first => document.querySelector('#turn [data-testid=\"turn-clock\"] .left')"
        ".textContent !== first",
        arg=first,
    )

    # A second match of this browser where it is not its seat's turn: opened later, so
    # remembered first; the lobby still lists the timed match where it is Ada's turn first.
    other = live_server.api(
        "POST",
        "/api/matches",
        json={"game": "road-rally", "seats": [{"name": "Di"}, {"name": "Ed"}]},
    )
    waiting = next(
        seat
        for seat in other["seats"]
        if not live_server.api("GET", f"/api/matches/{other['match']}/state", token=seat["token"])[
            "choices"
        ]
    )
    page.goto(live_server.url + waiting["url"])
    page.wait_for_selector("#turn .title")
    page.goto(live_server.url + "/")
    items = page.locator(".my-match")
    page.wait_for_selector(f'.my-match[data-match="{other["match"]}"] .badge.green')
    first_item = items.first
    assert first_item.get_attribute("data-match") == timed
    assert first_item.get_attribute("data-your-turn") == "true"
    assert "Your turn" in first_item.locator(".badge").inner_text()
    assert re.search(r"(1 d|23 h 59 min) left", first_item.locator(".deadline").inner_text())
    mine = page.locator(f'.my-match[data-match="{other["match"]}"]')
    assert mine.get_attribute("data-your-turn") == "false"
    assert mine.locator(".badge").inner_text() == "in progress"
    assert "Your turn in 1 match." in page.locator("#your-turn-count").inner_text()
    assert_accessible(page)
    shot(page, "your-turn-first")
