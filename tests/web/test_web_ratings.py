"""Browser test of ratings (docs/server.md, "Ratings, leaderboards and profiles"):
two accounts play rated Road to 300 matches to the end over HTTP, then the
leaderboard page lists both with their ratings moved from the start (mu 25, sigma
8.3) and their uncertainty, the lobby's account panel links to the profile, and
the profile page shows the rating and the finished matches; both pages pass axe."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))  # migration_kit

from a11y import assert_accessible
from migration_kit import play_to_the_end

PASSWORD = "a long enough password"
GAME = "road-to-300"


def account(url: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=url, headers={"Origin": url}, timeout=10)
    body = {"name": name, "password": PASSWORD}
    assert client.post("/api/account/register", json=body).status_code == 201
    return client


def rated_match(ann: httpx.Client, bo: httpx.Client) -> None:
    body = {
        "game": GAME,
        "options": {"players": 2},
        "seats": [{"name": "A"}, {"name": "B"}],
        "rated": True,
    }
    made = ann.post("/api/account/matches", json=body).json()
    tokens = [s["token"] for s in made["seats"]]
    assert bo.post("/api/account/seats", json={"tokens": [tokens[1]]}).json()["seats"][0]["claimed"]
    assert play_to_the_end(ann, made["match"], tokens)["rated"] is True


def test_rated_matches_move_both_ratings_on_the_leaderboard_and_profiles(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    tag = secrets.token_hex(3)
    ann_name, bo_name = f"Ann {tag}", f"Bo {tag}"
    ann, bo = account(live_server.url, ann_name), account(live_server.url, bo_name)
    for _ in range(3):  # the leaderboard lists accounts with 3 rated matches or more
        rated_match(ann, bo)

    page = new_page()
    page.goto(f"{live_server.url}/leaderboard/{GAME}")
    page.wait_for_selector("#leaderboard")
    rows = {
        row.locator("td").nth(1).inner_text(): row.locator("td").nth(2).inner_text()
        for row in page.locator("#leaderboard tbody tr").all()
    }
    assert ann_name in rows and bo_name in rows
    for shown in (rows[ann_name], rows[bo_name]):
        estimate = float(shown.split("(")[1].split("±")[0])
        assert shown != "0.0 (25.0 ± 25.0)" and "±" in shown and estimate > 0
    assert_accessible(page)
    shot(page, "leaderboard")

    page.click(f"text={ann_name}")
    page.wait_for_selector("#profile-ratings")
    assert "Ann" in page.locator("#players-title").inner_text()
    assert page.locator("#profile-matches tbody tr").count() == 3
    assert "3" in page.locator("#profile-ratings tbody tr").first.inner_text()
    assert_accessible(page)
    shot(page, "profile")


def test_the_lobby_account_panel_links_to_the_profile_and_the_leaderboards(
    live_server: Any, new_page: Any
) -> None:
    name = f"Cy {secrets.token_hex(3)}"
    page = new_page()
    page.goto(live_server.url + "/")
    page.fill("#account-user", name)
    page.fill("#account-password", PASSWORD)
    page.click("#register")
    page.wait_for_selector("#profile-link")
    page.click("#profile-link")
    page.wait_for_selector("#profile-no-matches")
    assert name in page.locator("#players-title").inner_text()
    page.goto(live_server.url + "/")
    page.click("#leaderboard-link")
    page.wait_for_selector("#players-title:has-text('Leaderboard')")


def test_the_lobby_creates_a_rated_match_that_every_seat_sees_as_rated(
    live_server: Any, new_page: Any
) -> None:
    lobby = new_page()
    lobby.goto(live_server.url + "/")
    lobby.wait_for_selector("#opt-players")
    lobby.fill("#opt-players", "2")
    lobby.wait_for_selector('.seat-row[data-seat="1"]')
    lobby.check("#rated")
    lobby.click("#create-btn")  # a guest: refused with a sentence, nothing created
    assert "Log in" in lobby.locator("#form-error").inner_text()
    lobby.fill("#account-user", f"Di {secrets.token_hex(3)}")
    lobby.fill("#account-password", PASSWORD)
    lobby.click("#register")
    lobby.wait_for_selector("#account-name")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created:not([hidden])")
    link: str = lobby.locator('[data-link="seat-1"] input').input_value()
    match = new_page()
    match.goto(link)
    match.wait_for_selector("#advice-setting:has-text('Rated match')")
