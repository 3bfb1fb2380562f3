"""Learn to play in the browser (issue 29, item 1): a new user finds "Learn to play"
first in the lobby, follows each game's tutorial by its prompts only (the step's
words, the board parts it marks, and the control it points at), gets a wrong move
explained with nothing changed, reaches the hand-over and plays on; afterwards the
lobby no longer puts the tutorial first for that game."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file

from a11y import assert_accessible

GAMES = ["road-to-300", "get-your-kicks", "mileage-may-vary", "road-rally", "open-road"]


def step_title(page: Any) -> str:
    return str(page.locator("#step-title").text_content())


def follow_prompts(page: Any, game: str) -> int:
    """Click what each step points at until the hand-over; the number of steps."""
    for steps in range(40):
        if page.locator("#step").get_attribute("data-finished") == "true":
            return steps
        title = step_title(page)
        assert re.fullmatch(r"Step \d+ of \d+", title), title
        assert page.locator("#step-text").text_content(), "every step says what to do"
        # The control the step points at: on the board where the board draws one
        # for this move (a field, a button, a map dot), else in the list under it
        # (Road Rally's cards are picked in a group, not one control per play).
        on_board = page.locator("#board .tutorial-intended:visible")
        target = on_board if on_board.count() else page.locator("#choices .tutorial-intended")
        target.first.click()
        page.wait_for_function(
            "(t) => document.getElementById('step-title').textContent !== t", arg=title
        )
        assert page.locator("#explain").text_content() == "", "the intended move is taken"
    raise AssertionError("the tutorial did not reach its hand-over")


@pytest.mark.parametrize("game", GAMES)
def test_a_new_user_completes_the_tutorial_by_following_its_prompts(
    live_server: Any, new_page: Any, game: str
) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    first = page.locator(f'a.learn-first[data-learn="{game}"]')
    assert first.is_visible(), "a game never played offers Learn to play first"
    first.click()
    page.wait_for_selector("#step[data-step]")
    assert page.locator("#game-name").text_content().startswith("Learn to play")

    # The first step: its words, its marked board parts, and a rule link that opens
    # the rules page at the rule's heading.
    look = page.locator("#step-look").text_content() or ""
    if look:
        assert "Look at:" in look
        assert page.locator("#board .tutorial-glow").count() > 0, "the step's parts glow"
    link = page.locator("#step-rule a.rule-link")
    if link.count():
        href = link.get_attribute("href")
        anchor = href.split("#", 1)[1]
        rules = httpx.get(live_server.url + href.split("#", 1)[0], timeout=10)
        assert rules.status_code == 200 and f'id="{anchor}"' in rules.text

    assert_accessible(page)

    # A wrong move: its explanation is read out, and the step stays.
    title = step_title(page)
    wrong = page.locator("#choices button.choice-btn:not(.tutorial-intended)")
    if wrong.count():
        wrong.first.click()
        page.wait_for_function("() => document.getElementById('explain').textContent !== ''")
        assert "This step's move:" in page.locator("#explain").text_content()
        assert step_title(page) == title

    steps = follow_prompts(page, game)
    assert steps >= 4
    assert step_title(page) == "Your game"
    assert page.locator("#step-text").text_content(), "the hand-over says what comes next"
    # The game goes on against the bots (solo games: alone): a normal move is taken.
    choices = page.locator("#choices button.choice-btn")
    if choices.count():
        log_lines = page.locator("#log li").count()
        choices.first.click()
        page.wait_for_function(
            "(n) => document.querySelectorAll('#log li').length > n", arg=log_lines
        )

    page.goto(live_server.url + "/")
    page.wait_for_selector(f'[data-learn="{game}"]')
    assert page.locator(f'a.learn-first[data-learn="{game}"]').count() == 0
    assert page.locator(f'a.learn-link[data-learn="{game}"]').is_visible(), "always a link"


def test_a_game_played_as_a_player_no_longer_puts_the_tutorial_first(
    live_server: Any, new_page: Any
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={"game": "get-your-kicks", "seats": [{"name": "Ann"}]},
    )
    page = new_page()
    page.goto(live_server.url + "/")
    assert page.locator('a.learn-first[data-learn="get-your-kicks"]').is_visible()
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board .ms-board")
    page.goto(live_server.url + "/")
    page.wait_for_selector('[data-learn="get-your-kicks"]')
    assert page.locator('a.learn-first[data-learn="get-your-kicks"]').count() == 0
    assert page.locator('a.learn-first[data-learn="road-rally"]').is_visible(), "others unchanged"
