"""Browser tests of issue 11's web-app items: the HTML 404 page, the lobby (one-click
"play against bots" for every game, pictures, variant rules folded away, the name
limit said before sending, Main Street teams, keyboard use, axe-core), distinct seat
names with colour chips, the rematch, and the replay page's error cases."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file

from a11y import assert_accessible

GAMES = ["road-to-300", "get-your-kicks", "mileage-may-vary", "road-rally", "open-road"]


def finish_by_api(live_server: Any, match: str, tokens: list[str]) -> None:
    """Play every human seat's first choice over HTTP until the match is over."""
    for _ in range(3000):
        progressed = False
        for token in tokens:
            state = live_server.api("GET", f"/api/matches/{match}/state", token=token)
            if state["finished"]:
                return
            if state["choices"]:
                live_server.api(
                    "POST",
                    f"/api/matches/{match}/actions",
                    token=token,
                    json={"action": state["choices"][0]["action"], "my_moves": state["my_moves"]},
                )
                progressed = True
        assert progressed, "nobody may move in an unfinished match"
    raise AssertionError("the match did not end")


# ------------------------------------------------------------------- 404
def test_an_unknown_page_is_an_html_page_with_a_way_back(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    page = new_page()
    response = page.goto(live_server.url + "/no/such/page")
    assert response.status == 404
    assert "Not Found" not in page.content() and '"detail"' not in page.content()
    assert page.locator("h1").inner_text() == "This page does not exist"
    assert_accessible(page)
    shot(page, "not-found")
    page.click("#back-to-lobby")
    page.wait_for_selector(".game-card")
    assert page.url.rstrip("/") == live_server.url


# ------------------------------------------------------------------ lobby
def test_the_lobby_has_pictures_bots_for_every_game_and_folded_variants(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-card")
    headline = page.locator("h1").inner_text()
    assert "Dice" not in headline and headline
    for game in GAMES:
        card = page.locator(f'.game-card[data-game="{game}"]')
        assert card.locator("svg.game-picture").count() == 1
        assert card.locator(f'button[data-quick-bots="{game}"]').is_visible()
    # Variant rules stay folded until asked for.
    assert page.locator("#variant-options").get_attribute("open") is None
    assert page.locator("#opt-first_move").is_hidden()
    page.click("#variant-options summary")
    assert page.locator("#opt-first_move").is_visible()
    assert_accessible(page)
    shot(page, "lobby")


def test_the_lobby_works_with_the_keyboard(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector('button[data-new-match="road-rally"]')
    wanted = '[data-new-match="road-rally"]'
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches('{wanted}')"):
            break
    else:
        raise AssertionError("Tab never reached the Road Rally 'New match' button")
    page.keyboard.press("Enter")
    page.wait_for_selector('.game-card.selected[data-game="road-rally"]')
    page.focus("#variant-options summary")
    page.keyboard.press("Enter")
    assert page.locator("#variant-options").get_attribute("open") is not None
    assert page.locator("#opt-tiles").is_visible()


def test_play_against_bots_is_one_click_for_every_game(live_server: Any, new_page: Any) -> None:
    page = new_page()
    for game in GAMES:
        page.goto(live_server.url + "/")
        page.click(f'button[data-quick-bots="{game}"]')
        # Generous: on a loaded machine a match with bots took over 10 s to open.
        page.wait_for_url(re.compile(r"/m/[^/#]+#t="), timeout=45_000)
        page.wait_for_selector("#players .player")
        players = page.locator("#players .player")
        assert players.count() >= 2, game
        assert "bot" in players.nth(1).inner_text(), game


def test_a_name_over_the_limit_is_refused_before_sending(live_server: Any, new_page: Any) -> None:
    page = new_page()
    page.goto(live_server.url + "/")
    page.wait_for_selector('input[name="seat-name-0"]')
    page.fill('input[name="seat-name-0"]', "A" * 45)
    note = page.locator("#seat-note-0")
    assert note.is_visible() and "at most 40 characters" in note.inner_text()
    assert page.locator('input[name="seat-name-0"]').input_value() == "A" * 45  # not cut
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    page.click("#create-btn")
    error = page.locator("#form-error")
    error.wait_for()
    assert "at most 40 characters" in error.inner_text()
    assert requests == [] and page.locator("#created").is_hidden()
    assert_accessible(page)


def test_a_main_street_team_gets_two_links_and_both_play_the_mat(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    lobby = new_page()
    lobby.goto(live_server.url + "/")
    lobby.click('button[data-new-match="get-your-kicks"]')
    lobby.wait_for_selector('input[name="seat-partner-0"]')
    lobby.fill('input[name="seat-name-0"]', "Ann")
    lobby.fill('input[name="seat-partner-0"]', "Bob")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created:not([hidden])")
    link_ann = lobby.locator('[data-link="seat-0"] input').input_value()
    link_bob = lobby.locator('[data-link="seat-0-partner"] input').input_value()
    assert link_ann != link_bob
    assert "Bob" in lobby.locator('[data-link="seat-0-partner"]').inner_text()
    assert_accessible(lobby)  # the links to share, and "Your matches", too
    ann, bob = new_page(), new_page()
    ann.goto(link_ann)
    bob.goto(link_bob)
    for page in (ann, bob):
        page.wait_for_selector("#players .player")
        assert "Ann & Bob" in page.locator("#players").inner_text()
    go = "#board button[data-action]:not([disabled])"  # the mat's own big buttons
    bob.wait_for_selector(go)
    before = ann.locator("#log li").count()
    bob.locator(go).first.click()
    ann.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    shot(ann, "team-seat")


# ---------------------------------------------------------- names, chips
def test_two_bots_of_a_kind_have_distinct_names_and_colour_chips(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    seats = [{"name": "Greedy bot", "bot": "greedy"}, {"name": "Greedy bot", "bot": "greedy"}]
    created = live_server.api("POST", "/api/matches", json={"game": "road-to-300", "seats": seats})
    page = new_page()
    page.goto(live_server.url + created["spectator"]["url"])
    page.wait_for_selector("#end-screen:not([hidden])")
    names = page.locator("#players .player .name").all_inner_texts()
    assert names[0].startswith("Greedy bot 1") and names[1].startswith("Greedy bot 2")
    # One script both finds and reads the chips: a locator's evaluate_all finds
    # them first and reads them in a second round trip, and a redraw between the
    # two (the end screen re-renders the panel) leaves detached chips with no style.
    colours = page.evaluate(
        "() => [...document.querySelectorAll('#players .chip')]"
        ".map(c => getComputedStyle(c).backgroundColor)"
    )
    assert len(colours) == 2 and colours[0] != colours[1]
    assert page.locator("#end-screen .chip").count() == 2
    assert page.locator("#log li .chip").count() > 0
    assert re.search(r"Greedy bot [12]", page.locator("#end-screen").inner_text())
    shot(page, "distinct-bots")


# ---------------------------------------------------------------- rematch
def test_rematch_seats_the_same_players_each_with_their_own_link(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": "road-to-300",
            "options": {"target": 40},
            "seats": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Greedy bot", "bot": "greedy"}],
        },
    )
    tokens = [s["token"] for s in created["seats"]]
    finish_by_api(live_server, created["match"], tokens)
    ada, bo = new_page(), new_page()
    ada.goto(live_server.url + created["seats"][0]["url"])
    bo.goto(live_server.url + created["seats"][1]["url"])
    for page in (ada, bo):
        page.wait_for_selector("#end-screen:not([hidden]) #rematch-btn")
    ada.click("#rematch-btn")
    ada.wait_for_url(lambda url: "/m/" in url and created["match"] not in url)
    new_match = ada.url.split("/m/")[1].split("#")[0]
    ada_token = ada.url.split("#t=")[1]
    join = bo.locator("#rematch-join")
    join.wait_for()
    href = join.get_attribute("href")
    assert href.startswith(f"/m/{new_match}#t=")
    bo_token = href.split("#t=")[1]
    assert bo_token != ada_token and ada_token not in bo.content()
    shot(bo, "rematch-offer")
    join.click()
    bo.wait_for_url(re.compile(new_match))
    bo.wait_for_selector("#players .player")
    assert "Ada" in bo.locator("#players").inner_text()
    state = live_server.api("GET", f"/api/matches/{new_match}/state", token=bo_token)
    assert state["seat"] == 1 and state["options"]["target"] == 40
    assert [p["bot"] for p in state["players"]] == [None, None, "greedy"]


# ----------------------------------------------------------------- replay
def test_a_replay_with_a_wrong_token_offers_no_dead_button(live_server: Any, new_page: Any) -> None:
    created = live_server.api(
        "POST", "/api/matches", json={"game": "road-to-300", "seats": [{"name": "Cy"}]}
    )
    page = new_page()
    page.goto(f"{live_server.url}/replay/{created['match']}#t=not-a-real-token")
    page.locator("#fatal").wait_for()
    assert page.locator("#match-link").is_hidden()
    assert page.locator("#fatal a[href='/']").is_visible()
    assert_accessible(page)


def test_the_replay_of_an_unfinished_match_asks_for_nothing_refused(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    created = live_server.api(
        "POST", "/api/matches", json={"game": "road-to-300", "seats": [{"name": "Cy"}]}
    )
    page = new_page()
    refused: list[str] = []
    errors: list[str] = []
    page.on(
        "response", lambda r: refused.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/replay/{created['match']}#t={created['seats'][0]['token']}")
    page.wait_for_selector("#step-text:not(:empty)")
    page.keyboard.press("End")
    page.wait_for_timeout(300)
    assert page.locator("#download-btn").is_hidden()
    assert refused == [] and errors == []
    assert_accessible(page)
    shot(page, "replay-unfinished")
