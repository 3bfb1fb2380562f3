"""Browser tests of Road Rally USA: the track, the hand and every decision, by clicking.

A four-car race (you and three bots: the "heuristic" bot where it is registered
for road-rally, else "random") is played to the end on the full track through
the board alone: select the first card that may be played, "Drive", and answer
every other decision (shortcut, Mechanic, reveal, points or cards) with its first
button; the page is reloaded in the middle.  Then two people in two separate
browsers (one on a phone) race two bots on a short track.  All along, each page
is compared with the server's view of its seat: its own hand as cards, never
another seat's (only their counts).  Screenshots go to
test-artifacts/screenshots/ (rally-track, rally-hand, rally-reveal when a reveal
came up, rally-phone, rally-end).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

GAME = "road-rally"
BOARD = "#board .rr-board"
END = "#end-screen"
READY = f'{BOARD}[data-await="me"][data-busy="false"], {END}:not([hidden])'
HAND_CARD = "#board .rr-hand button[data-card-type]"
DRIVE = '#board button[data-action="6"]'
DECISION = "#board .rr-mine button[data-action]:not([disabled])"
MAX_DECISIONS = 400


# ------------------------------------------------------------------ helpers
def bot_kind(live_server: Any) -> str:
    games = live_server.api("GET", "/api/games")
    listed = games["games"] if isinstance(games, dict) else games
    game = next(g for g in listed if g["id"] == GAME)
    names = {b["name"] for b in game["bots"]}
    return "heuristic" if "heuristic" in names else "random"


def create(live_server: Any, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={"game": GAME, "options": {"players": len(seats), **options}, "seats": seats},
    )
    return created


def server_view(live_server: Any, created: dict[str, Any], seat: int) -> dict[str, Any]:
    token = created["seats"][seat]["token"]
    state = live_server.api("GET", f"/api/matches/{created['match']}/state", token=token)
    view: dict[str, Any] = state["view"]
    return view


def board_attr(page: Any, name: str) -> str:
    value: str = page.locator(BOARD).get_attribute(name) or ""
    return value


def check_track(page: Any, view: dict[str, Any]) -> None:
    """The track drawn from the view: spaces, special spaces, chips, gates, cars."""
    track = view["track"]
    drawing = page.locator("#board svg.rr-track")
    assert drawing.get_attribute("data-spaces") == str(track["length"])
    assert drawing.locator(".rr-plate").count() == len(track["tiles"])
    assert drawing.locator(".rr-cell").count() == track["length"]
    features = Counter(track["features"])
    assert drawing.locator(".rr-badge.gas").count() == features["G"]
    assert drawing.locator(".rr-badge.mech").count() == features["M"]
    assert drawing.locator(".rr-badge.store").count() == features["S"]
    chips = drawing.locator(".rr-chip").evaluate_all(
        "cs => cs.map(c => [Number(c.dataset.rally), c.dataset.status])"
    )
    assert sorted(chips) == sorted([p["number"], p["status"]] for p in track["rally_points"])
    assert drawing.locator(".rr-checkpoint").count() == len(track["checkpoints"])
    assert drawing.locator(".rr-shortcut").count() == len(track["shortcuts"])
    assert drawing.locator(".rr-finish").count() == 1
    cars = drawing.locator(".rr-car").evaluate_all("cs => cs.map(c => Number(c.dataset.seat))")
    assert sorted(cars) == list(range(view["players"]))
    order = page.locator("#board .rr-race-order li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.seat))"
    )
    assert order == view["order"]


def check_privacy(page: Any, view: dict[str, Any]) -> None:
    """The page shows its own seat's hand as cards and nobody else's: the other
    cars only as counts, which match the server's view of this seat."""
    me = view["you"]
    mine = view["mine"]
    # every card element of the board is in this seat's own panel
    outside = page.locator(
        f'#board [data-card-type]:not(.rr-mine[data-seat="{me}"] [data-card-type])'
    )
    assert outside.count() == 0
    hand = Counter(
        int(t)
        for t in page.locator("#board .rr-hand [data-card-type]").evaluate_all(
            "cs => cs.map(c => c.dataset.cardType)"
        )
    )
    selected = view["selected"] if view["phase"] == "play" and view["mover"] == me else [0] * 6
    expected = Counter({c: n + selected[c] for c, n in enumerate(mine["hand"]) if n + selected[c]})
    assert hand == expected
    # rally cards: this seat's hidden ones, and only the public revealed ones of others
    shown = page.locator("#board [data-rally-card]").evaluate_all(
        "ts => ts.map(t => Number(t.dataset.rallyCard))"
    )
    assert sorted(shown) == sorted(mine["rally_cards"])
    revealed = {
        int(n)
        for n in page.locator("#board [data-revealed-rally]").evaluate_all(
            "ts => ts.map(t => t.dataset.revealedRally)"
        )
    }
    assert revealed == {n for car in view["cars"] for n in car["rally_revealed"]}
    for car in view["cars"]:
        card = page.locator(f'#board .rr-car-card[data-seat="{car["seat"]}"]')
        assert card.locator("[data-hand-size]").get_attribute("data-hand-size") == str(
            car["hand_size"]
        )
        assert card.locator("[data-deck-size]").get_attribute("data-deck-size") == str(
            car["deck_size"]
        )
        assert card.locator("[data-rally-hidden]").get_attribute("data-rally-hidden") == str(
            car["rally_cards_hidden"]
        )
        assert card.locator("[data-card-type]").count() == 0


def settled_view(page: Any, live_server: Any, created: dict[str, Any], seat: int) -> Any:
    """The server's view of ``seat`` once the page shows the same moment (bots keep
    moving between two reads, so read until the page and the server agree)."""
    for _ in range(40):
        view = server_view(live_server, created, seat)
        if (
            board_attr(page, "data-phase") == view["phase"]
            and board_attr(page, "data-round") == str(view["round"])
            and page.locator("#board .rr-race-order li").evaluate_all(
                "ls => ls.map(l => Number(l.dataset.seat))"
            )
            == view["order"]
            and page.locator("#board .rr-hand [data-card-type]").count()
            == sum(view["mine"]["hand"]) + (sum(view["selected"]) if view["mover"] == seat else 0)
        ):
            return view
        time.sleep(0.05)
    return None


def check_privacy_now(page: Any, live_server: Any, created: dict[str, Any], seat: int) -> None:
    """check_privacy against the server's current view, retried while bots are
    still moving (the page then shows a moment the server has already left)."""
    error: AssertionError | None = None
    for _ in range(40):
        try:
            check_privacy(page, server_view(live_server, created, seat))
            return
        except AssertionError as exc:
            error = exc
            time.sleep(0.05)
    assert error is not None
    raise error


def play_card(page: Any, view: dict[str, Any] | None = None) -> int:
    """Select the first card that may be played (unless one is already chosen) and
    drive; returns the steps the Drive button announced."""
    if page.locator(f"{HAND_CARD}.selected").count() == 0:
        page.locator(f"{HAND_CARD}:not([disabled])").first.click()
    drive = page.locator(DRIVE)
    steps = int(drive.get_attribute("data-steps") or 0)
    assert steps > 0 and drive.inner_text().startswith("Drive ")
    if view is not None and not view["rainbow"]:
        # one colour: the cards that may still join are of the chosen colour
        colour = page.locator(f"{HAND_CARD}.selected").first.get_attribute("class").split()[1]
        for cls in page.locator(f"{HAND_CARD}:not([disabled])").evaluate_all(
            "cs => cs.map(c => c.className)"
        ):
            assert colour in cls.split()
    drive.click()
    return steps


def decide(page: Any) -> str:
    """One decision on this page: the phase it was in."""
    phase = board_attr(page, "data-phase")
    if phase == "play":
        play_card(page)
    else:
        page.locator(DECISION).first.click()
    return phase


# ------------------------------------------------------------------- tests
def test_four_cars_race_to_the_finish_by_clicking(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    bot = bot_kind(live_server)
    created = create(
        live_server,
        [{"name": "You"}, *({"name": n, "bot": bot} for n in ("Ada", "Bo", "Cy"))],
    )
    page = new_page(1280, 900)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.rr-track")
    page.wait_for_selector(READY)

    # The board: your hand as cards, the whole track, the cars in race order.
    view = settled_view(page, live_server, created, 0)
    assert view is not None
    check_track(page, view)
    check_privacy_now(page, live_server, created, 0)
    assert page.locator("#choices button").count() == 0  # the board draws its own controls
    assert page.locator(".rr-mine .rr-my-rally").inner_text().count("only you see them") == 1
    shot(page, "rally-track")

    # The rules summary is one click away.
    page.click("#rules-btn")
    rules = page.locator("#rules-dialog").inner_text()
    assert "5 / 4 / 3 / 2 / 1" in rules and "Rainbow 5" in rules and "checkpoint" in rules
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()

    decisions: Counter[str] = Counter()
    state = {"hand_shot": False, "reveal_shot": False, "reloaded": False}
    while sum(decisions.values()) < MAX_DECISIONS:
        page.wait_for_selector(READY)
        if page.locator(END).is_visible():
            break
        phase = board_attr(page, "data-phase")
        made = sum(decisions.values())
        if made % 9 == 0:
            check_privacy_now(page, live_server, created, 0)
        if phase == "play" and not state["hand_shot"]:
            # The planned move: the card lifts, the Drive button counts the spaces,
            # the track shows where the car stops.
            view = settled_view(page, live_server, created, 0)
            assert view is not None and "Your turn" in page.locator("#turn").inner_text()
            page.locator(f"{HAND_CARD}:not([disabled])").first.click()
            steps = int(page.locator(DRIVE).get_attribute("data-steps") or 0)
            space = view["cars"][0]["space"]
            ghost = page.locator("#board svg.rr-track .rr-ghost")
            assert ghost.get_attribute("data-space") == str(
                min(space + steps, view["track"]["length"] - 1)
            )
            shot(page, "rally-hand", full_page=False)
            state["hand_shot"] = True
            decisions[phase] += 1
            play_card(page, view)
            continue
        if (
            phase == "reveal"
            and not state["reveal_shot"]
            and page.locator('#board .rr-mine button[data-action="15"]').count()
        ):
            box = page.locator("#board .rr-decide-box.reveal").inner_text()
            assert "reveal your card?" in box and "doubled for you" in box
            page.locator("#board .rr-decide-box.reveal").scroll_into_view_if_needed()
            shot(page, "rally-reveal", full_page=False)
            state["reveal_shot"] = True
        if made >= 12 and not state["reloaded"]:
            # A reload in the middle shows the same race and goes on.
            chip = page.locator("#board .round-chip").inner_text()
            cards = page.locator(HAND_CARD).count()
            page.reload()
            page.wait_for_selector(READY)
            if not page.locator(END).is_visible():
                assert page.locator("#board .round-chip").inner_text() == chip
                assert page.locator(HAND_CARD).count() == cards
            state["reloaded"] = True
            continue
        decisions[decide(page)] += 1
    assert state["reloaded"] and state["hand_shot"]
    assert decisions["play"] >= 3, decisions

    # The end: totals (points + 2 per checkpoint tile and chip), the winner.
    end = page.locator(END)
    end.wait_for()
    view = server_view(live_server, created, 0)
    assert view["phase"] == "over"
    winners = view["winners"]
    assert len(winners) == 1
    names = ["You", "Ada", "Bo", "Cy"]
    headline = end.locator("h2").inner_text()
    assert "You win" in headline if winners == [0] else f"{names[winners[0]]} wins" in headline
    rows = end.locator("tbody tr").all_inner_texts()
    assert len(rows) == 4
    for seat, row in zip(view["order"], rows, strict=True):
        car = view["cars"][seat]
        assert car["total"] == car["points"] + 2 * (car["checkpoints"] + len(car["chips"]))
        assert row.startswith(names[seat]) and f"{car['total']} pts" in row
        assert ("winner" in row) == (seat in winners)
    tally = page.locator("#board .rr-final-table tbody tr").evaluate_all(
        "rs => rs.map(r => [Number(r.dataset.seat), r.querySelector('.total').textContent])"
    )
    assert tally == [[s, str(view["cars"][s]["total"])] for s in view["order"]]
    # the rally scoring summary: every scored point, the trigger's points doubled
    scored = [r for r in view["rally_results"] if r.get("scored")]
    table = page.locator("#board .rr-final .rr-rally-table")
    assert table.locator("tbody tr[data-rally]").evaluate_all(
        "rs => rs.map(r => Number(r.dataset.rally))"
    ) == [r["rally"] for r in scored]
    assert table.locator("tbody tr.finish").count() == 1
    for r in scored:
        assert r["earned"][str(r["trigger"])] % 2 == 0  # doubled
        row = table.locator(f'tbody tr[data-rally="{r["rally"]}"]').inner_text()
        assert f"{names[r['trigger']]} ×2" in row and f"+{r['earned'][str(r['trigger'])]}" in row
    check_track(page, view)
    check_privacy(page, view)
    assert page.locator(f"{BOARD} button[data-action]").count() == 0
    shot(page, "rally-end")

    # The replay draws the same board, read-only, from the first step to the last.
    page.click("#end-replay")
    page.wait_for_selector("#board svg.rr-track")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    page.wait_for_selector(f'{BOARD}[data-phase="over"]')
    assert page.locator("#board button[data-action]").count() == 0
    assert page.locator("#board .rr-final-table tbody tr").count() == 4


def test_two_people_each_see_only_their_own_hand(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    bot = bot_kind(live_server)
    created = create(
        live_server,
        [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy", "bot": bot}, {"name": "Dee", "bot": bot}],
        tiles=6,
    )
    sizes = [(1280, 900), (390, 844)]  # Bo plays on a phone
    pages = []
    for seat, size in zip(created["seats"][:2], sizes, strict=True):
        page = new_page(*size)
        page.goto(live_server.url + seat["url"])
        pages.append(page)
    for page in pages:
        page.wait_for_selector("#board svg.rr-track")

    # Each page knows its own seat's cards only; the other human's hidden rally
    # cards appear nowhere on it.
    for seat, page in enumerate(pages):
        check_privacy_now(page, live_server, created, seat)
        other = server_view(live_server, created, 1 - seat)["mine"]["rally_cards"]
        shown = page.locator("#board [data-rally-card]").evaluate_all(
            "ts => ts.map(t => Number(t.dataset.rallyCard))"
        )
        assert not set(shown) & set(other)
        assert page.locator(f'#board .rr-mine[data-seat="{seat}"]').count() == 1
        assert page.locator("#board .rr-mine").count() == 1

    # A spectator sees the track and every car's counts, and no cards at all.
    watcher = new_page(1000, 800)
    watcher.goto(live_server.url + created["spectator"]["url"])
    watcher.wait_for_selector("#board svg.rr-track")
    assert watcher.locator("#board .rr-car-card").count() == 4
    assert (
        watcher.locator(
            "#board [data-card-type], #board [data-rally-card], #board .rr-mine"
        ).count()
        == 0
    )
    assert watcher.locator("#board button[data-action]").count() == 0

    made = [0, 0]
    checks = 0
    phone_shot = False
    deadline = time.monotonic() + 60
    while not all(p.locator(END).is_visible() for p in pages):
        assert time.monotonic() < deadline, "the race did not end"
        acted = False
        for seat, page in enumerate(pages):
            board = page.locator(BOARD)
            if (
                board.get_attribute("data-await") != "me"
                or board.get_attribute("data-busy") != "false"
            ):
                continue
            if seat == 1 and not phone_shot and board_attr(page, "data-phase") == "play":
                shot(page, "rally-phone", full_page=False)
                phone_shot = True
            if sum(made) % 6 == 0:
                check_privacy_now(page, live_server, created, seat)
                checks += 1
            decide(page)
            made[seat] += 1
            acted = True
        if not acted:
            pages[0].wait_for_timeout(40)
        assert sum(made) < 2 * MAX_DECISIONS
    assert all(made), made
    assert checks >= 2
    view = server_view(live_server, created, 0)
    assert view["phase"] == "over"
    rows = [p.locator(f"{END} tbody tr").all_inner_texts() for p in pages]
    assert rows[0] == rows[1] and len(rows[0]) == 4
    for seat, page in enumerate(pages):
        check_privacy_now(page, live_server, created, seat)
