"""Browser test of optional accounts (docs/server.md, "Accounts"): a guest's match
claimed into a new account, a correspondence match created while logged in, both
seen and played on a second browser context standing for another device (the
lobby's "Your matches" comes from the server), and an invite link opened while
logged in to another account making that seat its own."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # a11y.py, next to this file

from a11y import assert_accessible

CHOICE = "#board svg .choice"
PASSWORD = "a long enough password"


def create_in_lobby(lobby: Any) -> str:
    """A two-person correspondence Road to 300 match from the lobby's form: its id."""
    lobby.wait_for_selector("#opt-players")
    lobby.fill("#opt-players", "2")
    lobby.wait_for_selector('.seat-row[data-seat="1"]')
    lobby.fill('input[name="seat-name-0"]', "Ada")
    lobby.fill('input[name="seat-name-1"]', "Bo")
    lobby.select_option("#turn-seconds", "86400")
    lobby.click("#create-btn")
    lobby.wait_for_selector("#created:not([hidden])")
    link: str = lobby.locator('[data-link="seat-0"] input').input_value()
    return link.split("/m/")[1].split("#")[0]


def listed(page: Any, *matches: str) -> None:
    """Wait until the account's "Your matches" (from the server) lists ``matches``."""
    for match in matches:
        page.wait_for_selector(f'#my-matches[data-source="account"] [data-match="{match}"]')


def test_an_account_claims_a_guest_match_and_its_matches_show_on_a_second_device(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    name = f"Ada {secrets.token_hex(4)}"
    laptop = new_page()
    laptop.goto(live_server.url + "/")
    guest_match = create_in_lobby(laptop)  # as a guest, exactly as before

    # An account, then this browser's guest match claimed into it.
    laptop.fill("#account-user", name)
    laptop.fill("#account-password", PASSWORD)
    laptop.click("#register")
    laptop.wait_for_selector("#account-name")
    assert name in laptop.locator("#account-name").inner_text()
    laptop.locator("#claim-guests").click()
    listed(laptop, guest_match)
    assert "Added 1 match" in laptop.locator("#claim-note").inner_text()

    # A match created while logged in is the account's at once.
    laptop.goto(live_server.url + "/")
    made_match = create_in_lobby(laptop)
    bo_link = laptop.locator('[data-link="seat-1"] input').input_value()
    listed(laptop, guest_match, made_match)
    assert_accessible(laptop)
    shot(laptop, "account-matches")

    # Another device: log in, see both, open one with a link of its own and move.
    phone = new_page(420, 860)
    phone.goto(live_server.url + "/")
    phone.fill("#account-user", name.upper())  # names compare case-folded
    phone.fill("#account-password", PASSWORD)
    phone.click("#login")
    listed(phone, guest_match, made_match)
    assert phone.locator('#my-matches [data-your-turn="true"]').count() >= 1
    phone.locator(f'[data-open="{made_match}"]').click()
    phone.wait_for_url(f"**/m/{made_match}#t=*")
    phone.wait_for_selector(CHOICE)
    before = phone.locator("#log li").count()
    phone.locator(CHOICE).first.click()
    phone.wait_for_function(
        "n => document.querySelectorAll('#log li').length > n", arg=before, polling=100
    )
    phone.goto(live_server.url + "/")
    listed(phone, guest_match, made_match)

    # Bo, logged in to an account of his own, opens his invite link: the seat is his.
    bo = new_page()
    bo.goto(live_server.url + "/")
    bo.fill("#account-user", f"Bo {secrets.token_hex(4)}")
    bo.fill("#account-password", PASSWORD)
    bo.click("#register")
    bo.wait_for_selector("#account-name")
    with bo.expect_response("**/api/account/seats") as claimed:
        bo.goto(bo_link)
    assert claimed.value.json()["seats"][0]["claimed"]
    bo.wait_for_selector("#players .player")
    bo.goto(live_server.url + "/")
    listed(bo, made_match)
    assert bo.locator("#my-matches [data-match]").count() == 1

    # Bo's browser still reaches its own links (the spectators' too) when he asks.
    bo.click("#switch-view")
    bo.wait_for_selector("#my-matches:not([data-source])")
    bo.click("#switch-view")
    listed(bo, made_match)

    # Back on the laptop: the same list; logging out there returns to the guest lobby.
    laptop.goto(live_server.url + "/")
    listed(laptop, guest_match, made_match)
    laptop.click("#logout")
    laptop.wait_for_selector("#account-form")
    laptop.wait_for_selector("#my-matches:not([data-source])")
