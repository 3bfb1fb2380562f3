"""Browser tests of The Open Road: the map, the panniers and every decision, by clicking.

A four-rider race (you and three bots: the "heuristic" bot where it is registered
for open-road, else "random") is played to the end through the board alone, with
the default options (no round limit): keep the first route card offered and start
from the first coast city offered (both by clicking the highlighted city on the
map), then at each turn ride to the highlighted dot nearest the destination when
holding 4 or more energy (or enough to arrive), else play an energy card, cash in,
pick up a card..., always take the hotel, and answer every other decision with its
first button.  The page is reloaded in the middle.  All along, the page is
compared with the server's view: riders, cubes, the road closure and the
highlighted dots (with the dots each leaves to the destination, computed here
from the board).  A spectator link shows the same board without controls.
Screenshots go to test-artifacts/screenshots/ (open-road-keep, open-road-ride,
open-road-wide, open-road-spectator, open-road-end).
"""

from __future__ import annotations

import json
import time
from typing import Any

from roadtrip.games.open_road.board import standard_map

GAME = "open-road"
BOARD = "#board .or-board"
END = "#end-screen"
READY = f'{BOARD}[data-await="me"][data-busy="false"], {END}:not([hidden])'
TARGET = "#board circle.or-target"
BUTTON = "#board .or-act > .or-actions button[data-action]"
MAX_DECISIONS = 600
RIDE_AT = 4  # ride once holding this much energy (or enough to arrive)
# The buttons the human prefers when not riding, best first (server labels).
PREFERRED = (
    "stays in a hotel",
    "plays Extra Energy",
    "plays Free Night Stay",
    "plays Couch Surf",
    "plays Tune Up",
    "trades 3 Extra Money",
    "cashes in 5 money",
    "picks up a playing card",
    "plays Extra Money",
)
MAP = standard_map()


# ------------------------------------------------------------------ helpers
def bot_kind(live_server: Any) -> str:
    games = live_server.api("GET", "/api/games")
    listed = games["games"] if isinstance(games, dict) else games
    game = next(g for g in listed if g["id"] == GAME)
    names = {b["name"] for b in game["bots"]}
    return "heuristic" if "heuristic" in names else "random"


def state_of(live_server: Any, created: dict[str, Any], seat: int | None) -> dict[str, Any]:
    token = created["seats"][seat]["token"] if seat is not None else created["spectator"]["token"]
    state: dict[str, Any] = live_server.api(
        "GET", f"/api/matches/{created['match']}/state", token=token
    )
    return state


def board_attr(page: Any, name: str) -> str:
    value: str = page.locator(BOARD).get_attribute(name) or ""
    return value


def settled_view(
    page: Any, live_server: Any, created: dict[str, Any], seat: int | None
) -> dict[str, Any]:
    """The server's view once the page shows the same moment (bots move between two
    reads: read until the board's step count matches the server's)."""
    for _ in range(100):
        state = state_of(live_server, created, seat)
        step = state["log_start"] + len(state["log"])
        if board_attr(page, "data-step") == str(step):
            view: dict[str, Any] = state["view"]
            return view
        time.sleep(0.05)
    raise AssertionError("the page never showed the server's current state")


def distance_to(dest: int, dot: int, closure: int | None) -> int | None:
    return MAP.distance(dot, dest, closed=() if closure is None else (closure,))


def check_board(page: Any, view: dict[str, Any], *, mine: bool) -> None:
    """The board drawn from the view: every dot, the riders' pieces and panniers,
    the road closure, and (when this page must ride) exactly the legal rides."""
    assert page.locator("#board svg.or-map circle.or-dot").count() == len(MAP)
    assert page.locator("#board svg.or-map path.or-state").count() >= 48
    for rider in view["riders"]:
        seat = rider["seat"]
        panel = page.locator(f'#board .or-rider[data-seat="{seat}"]')
        assert panel.get_attribute("data-dot") == str(rider["dot"])
        assert panel.get_attribute("data-energy") == str(rider["energy"])
        assert panel.get_attribute("data-money") == str(rider["money"])
        assert panel.locator(".or-cube.energy.on").count() == rider["energy"]
        assert panel.locator(".or-cube.money.on").count() == rider["money"]
        cards = sum(rider["cards"].values()) + sum(rider["mother_lode"].values())
        assert panel.locator(".or-card[data-card]").count() == cards
        assert panel.locator(".or-card").count() == view["pannier_slots"]
        piece = page.locator(f'#board svg.or-map g.or-piece[data-seat="{seat}"]')
        if rider["dot"] >= 0:
            assert piece.get_attribute("data-dot") == str(rider["dot"])
        else:
            assert piece.count() == 0
    closure = page.locator("#board svg.or-map .or-closure")
    if view["road_closure"] is None:
        assert closure.count() == 0
    else:
        assert closure.get_attribute("data-dot") == str(view["road_closure"])
    targets = page.locator(TARGET)
    if mine and view["phase"] in ("act", "cruise") and view["rides"]:
        shown = targets.evaluate_all(
            "ts => ts.map(t => [Number(t.dataset.dot), Number(t.dataset.dots),"
            " Number(t.dataset.cost), Number(t.dataset.left)])"
        )
        rider = view["riders"][view["turn"]]
        expected = [
            [dot, dots, cost, distance_to(rider["destination_dot"], dot, view["road_closure"])]
            for dot, dots, cost in view["rides"]
        ]
        assert sorted(shown) == sorted(expected)
    elif not mine:
        assert targets.count() == 0


def check_geography(page: Any) -> None:
    """Cities where they belong: Seattle up and left, Miami down and right, Denver
    between, each drawn where the map asset puts it."""
    boxes = {}
    for name in ("Seattle, WA", "Miami, FL", "Denver, CO", "Boston, MA", "San Diego, CA"):
        dot = page.locator(f'#board svg.or-map circle.or-dot[data-dot="{MAP.id_of(name)}"]')
        box = dot.bounding_box()
        assert box is not None, name
        boxes[name] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    (sx, sy), (mx, my) = boxes["Seattle, WA"], boxes["Miami, FL"]
    dx, dy = boxes["Denver, CO"]
    assert sx < dx < mx and sy < dy < my
    assert boxes["Boston, MA"][0] > dx and boxes["Boston, MA"][1] < dy
    assert boxes["San Diego, CA"][0] < dx and boxes["San Diego, CA"][1] > dy
    # the dot of Seattle lies inside the outline of Washington
    inside = page.evaluate(
        """([x, y]) => {
            const state = document.elementsFromPoint(x, y).find(e => e.matches("path.or-state"));
            return state ? state.dataset.state : null;
        }""",
        [sx, sy + 9],
    )
    assert inside == "WA"


def my_energy(page: Any, seat: int) -> int:
    return int(page.locator(f'#board .or-rider[data-seat="{seat}"]').get_attribute("data-energy"))


def best_target(page: Any) -> Any:
    """The highlighted dot nearest the destination (the cheapest of those)."""
    found = page.locator(TARGET).evaluate_all(
        "ts => ts.map(t => [Number(t.dataset.left), Number(t.dataset.cost), Number(t.dataset.dot)])"
    )
    _left, _cost, dot = min(found)
    return page.locator(f'{TARGET}[data-dot="{dot}"]'), found


def decide(page: Any, seat: int) -> str:
    """One decision of this page's rider, by clicking; returns what was clicked."""
    phase = board_attr(page, "data-phase")
    targets = page.locator(TARGET)
    buttons = page.locator(BUTTON)
    labels = buttons.all_inner_texts()
    if phase in ("keep", "origin", "close") and targets.count():
        targets.first.click()
        return f"{phase}-dot"
    if phase == "cruise" and targets.count():
        best_target(page)[0].click()
        return "cruise"
    if phase == "act" and targets.count():
        target, found = best_target(page)
        energy = my_energy(page, seat)
        arrives = min(found)[0] == 0
        if energy >= RIDE_AT or arrives:
            target.click()
            return "ride"
    for wanted in PREFERRED:
        for i, text in enumerate(labels):
            if text.lower().startswith(wanted.lower()):
                buttons.nth(i).click()
                return wanted
    if phase == "act" and targets.count():
        best_target(page)[0].click()
        return "ride"
    buttons.first.click()
    return labels[0] if labels else "?"


# ------------------------------------------------------------------- tests
def test_four_riders_race_coast_to_coast_by_clicking(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    started = time.monotonic()
    bot = bot_kind(live_server)
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": GAME,
            "options": {"players": 4},
            "seats": [{"name": "You"}, *({"name": n, "bot": bot} for n in ("Ada", "Bo", "Cy"))],
        },
    )
    page = new_page(1280, 900)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.or-map")
    page.wait_for_selector(READY)

    # Setup: the two East Coast cards offered are highlighted on the map and offered
    # as buttons; the board draws its own controls.
    view = settled_view(page, live_server, created, 0)
    assert view["phase"] == "keep" and view["pending"]["deck"] == 0
    offered = [MAP.id_of(name) for name in view["pending"]["keep"]]
    dots = page.locator(TARGET).evaluate_all("ts => ts.map(t => Number(t.dataset.dot))")
    assert sorted(dots) == sorted(offered)
    assert page.locator("#choices button").count() == 0
    assert "Keeps the East Coast card" in page.locator("#board .or-act").inner_text()
    check_board(page, view, mine=True)
    check_geography(page)
    shot(page, "open-road-keep", full_page=False)

    # The rules summary is one click away.
    page.click("#rules-btn")
    rules = page.locator("#rules-dialog").inner_text()
    assert "Heartland" in rules and "Cash in 5 money" in rules and "hotel" in rules
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()

    made: dict[str, int] = {}
    state = {"reloaded": False, "ride_shot": False, "checks": 0}
    while sum(made.values()) < MAX_DECISIONS:
        page.wait_for_selector(READY)
        if page.locator(END).is_visible():
            break
        count = sum(made.values())
        if count % 10 == 0:
            view = settled_view(page, live_server, created, 0)
            check_board(page, view, mine=True)
            state["checks"] += 1
        if (
            not state["ride_shot"]
            and board_attr(page, "data-phase") == "act"
            and page.locator(TARGET).count() >= 3
            and my_energy(page, 0) >= RIDE_AT
        ):
            # The rides: highlighted dots with their cost; the nearest is ringed.
            view = settled_view(page, live_server, created, 0)
            check_board(page, view, mine=True)
            assert page.locator(f"{TARGET}.best").count() >= 1
            # its name (no <title> repeating it: issue 27)
            title = page.locator(f"{TARGET}.best").first.get_attribute("aria-label") or ""
            assert title.startswith("Rides ") and "energy" in title
            shot(page, "open-road-ride", full_page=False)
            state["ride_shot"] = True
        if count >= 25 and not state["reloaded"]:
            # A reload in the middle shows the same race and goes on.
            before = page.locator("#board .or-rider").evaluate_all(
                "rs => rs.map(r => [r.dataset.dot, r.dataset.energy, r.dataset.money])"
            )
            round_text = page.locator("#board .or-round").inner_text()
            page.reload()
            page.wait_for_selector("#board svg.or-map")
            page.wait_for_selector(READY)
            after = page.locator("#board .or-rider").evaluate_all(
                "rs => rs.map(r => [r.dataset.dot, r.dataset.energy, r.dataset.money])"
            )
            if not page.locator(END).is_visible():
                assert page.locator("#board .or-round").inner_text() == round_text
                assert after[0] == before[0]
            state["reloaded"] = True
            continue
        what = decide(page, 0)
        made[what] = made.get(what, 0) + 1
    assert state["reloaded"] and state["ride_shot"] and state["checks"] >= 3
    assert made.get("ride", 0) >= 3, made
    assert made.get("keep-dot", 0) == 3 and made.get("origin-dot", 0) == 1, made

    # The end: the winner reached their destination (or shares the closest finish).
    end = page.locator(END)
    end.wait_for()
    view = state_of(live_server, created, 0)["view"]
    assert view["phase"] == "over" and view["winners"]
    names = ["You", "Ada", "Bo", "Cy"]
    headline = end.locator("h2").inner_text()
    if view["end"] == "destination":
        (winner,) = view["winners"]
        assert view["riders"][winner]["dot"] == view["riders"][winner]["destination_dot"]
        assert ("You win" in headline) if winner == 0 else (f"{names[winner]} wins" in headline)
    rows = end.locator("tbody tr").all_inner_texts()
    assert len(rows) == 4
    assert sum("winner" in row for row in rows) == len(view["winners"])
    check_board(page, view, mine=False)
    assert page.locator(f"{BOARD} button[data-action]").count() == 0
    shot(page, "open-road-end")
    elapsed = time.monotonic() - started
    print(f"open-road race: {json.dumps(made)}; round {view['round']}; {elapsed:.1f} s")

    # The replay draws the same board, read-only, up to the end.
    page.click("#end-replay")
    page.wait_for_selector("#board svg.or-map")
    page.keyboard.press("End")
    page.wait_for_selector(f'{BOARD}[data-phase="over"]')
    assert page.locator(TARGET).count() == 0
    assert page.locator("#board button[data-action]").count() == 0


def test_spectator_and_wide_screen_show_the_board(
    live_server: Any, new_page: Any, shot: Any
) -> None:
    bot = bot_kind(live_server)
    created = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": GAME,
            "options": {"players": 3, "max_rounds": 40},
            "seats": [{"name": "Ada"}, {"name": "Bo", "bot": bot}, {"name": "Cy", "bot": bot}],
        },
    )
    # Ada plays on a wide screen: the panniers stand beside the map.
    page = new_page(1680, 1000)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.or-map")
    page.wait_for_selector(READY)
    for _ in range(8):  # the setup, and the first turn under way
        page.wait_for_selector(READY)
        decide(page, 0)
    page.wait_for_selector(READY)
    side = page.locator("#board .or-side-rest").bounding_box()
    drawing = page.locator("#board svg.or-map").bounding_box()
    assert side is not None and drawing is not None
    assert side["x"] > drawing["x"] + drawing["width"] - 1  # beside, not below
    assert drawing["width"] > 900
    # zoom in and back: the viewBox follows, the dots stay clickable
    page.locator("#board .or-zoom-btn").first.click()
    assert float(page.locator("#board svg.or-map").get_attribute("data-zoom") or 0) > 1
    page.locator("#board .or-zoom-btn").nth(2).click()
    assert page.locator("#board svg.or-map").get_attribute("data-zoom") == "1.00"
    view = settled_view(page, live_server, created, 0)
    check_board(page, view, mine=True)
    shot(page, "open-road-wide", full_page=False)

    # A spectator sees the same map and panniers, and no controls.
    watcher = new_page(1100, 850)
    watcher.goto(live_server.url + created["spectator"]["url"])
    watcher.wait_for_selector("#board svg.or-map")
    view = settled_view(watcher, live_server, created, None)
    check_board(watcher, view, mine=False)
    assert watcher.locator("#board .or-rider").count() == 3
    assert watcher.locator("#board button[data-action], #board .or-target").count() == 0
    check_geography(watcher)
    # clicking a rider's name shows their route on the map
    watcher.locator('#board .or-rider[data-seat="1"] .or-rider-head').click()
    assert watcher.locator('#board svg.or-map g.or-route[data-seat="1"]').count() == 1
    shot(watcher, "open-road-spectator", full_page=False)
