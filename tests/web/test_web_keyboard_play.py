"""Browser tests: each of the five games played to the end with the keyboard alone,
listening as a screen reader would (issue 27).

One human seat against one quick bot, with the short options each game has
(max_rounds), no click and no ``focus()`` from the test: Tab, Shift+Tab, Enter
and Space only (keyboard_play.py).  The polite live region is recorded from the page's
first paint; at the end every line of the match's log (from the API) must have been
said exactly once, nothing said twice, "Sending your move…" never, and after no
move (the player's or a bot's) the focus may be on ``<body>``.  Chromium's
accessibility tree is checked for The Open Road (the focused choice is a named
button; the map's drawing is not read shape by shape) and the Get Your Kicks mat
(which states hold cubes and the cube just drawn can be read).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # keyboard_play.py, next to this file
from a11y import assert_accessible
from keyboard_play import check_transcript, press_choice, watch

END = "#end-screen:not([hidden])"
MAX_MOVES = 400

# game -> options, what "Read the table" says, bot, when the page awaits this
# player, what to press
GAMES: dict[str, dict[str, Any]] = {
    "road-to-300": {
        "options": {"max_rounds": 3},
        "table": ["Ann (you)'s sheet", "Bot Bo's sheet", "Score:", "Crossed out"],
        "bot": "greedy",
        "ready": "#board .choice",
        "press": "#board .choice",
    },
    "get-your-kicks": {
        "options": {"max_rounds": 2},
        "table": ["Ann (you)'s mat", "Bot Bo's mat", "Points:", "The bag"],
        "bot": "push-your-luck",
        "ready": "#board button.ms-action[data-action]:not([disabled])",
        "press": "#board button.ms-action[data-action]:not([disabled])",
    },
    "mileage-may-vary": {
        "options": {"max_rounds": 2},
        "table": ["Ann (you)'s mat", "Boxes filled", "The bag"],
        "bot": "push-your-luck",
        "ready": "#board button.ms-action[data-action]:not([disabled])",
        "press": "#board button.ms-action[data-action]:not([disabled])",
    },
    "road-rally": {
        "options": {"players": 2, "max_rounds": 3},
        "table": ["The cars in race order", "Your cards (only you see them)", "Bot Bo: space"],
        "bot": "heuristic",
        "ready": '#board .rr-board[data-await="me"][data-busy="false"]',
        "press": "#board .rr-mine button[data-action]:not([disabled])",
    },
    "open-road": {
        "options": {"players": 2, "max_rounds": 2},
        "table": ["Ann (you)", "Bot Bo", "Energy", "Pannier"],
        "bot": "heuristic",
        "ready": '#board .or-board[data-await="me"][data-busy="false"]',
        "press": (
            "#board .or-actions button[data-action]:not([disabled]), "
            '#board circle.or-target[tabindex="0"]'
        ),
    },
}
RALLY_CARD = "#board .rr-hand button[data-card-type]:not([disabled])"
RALLY_DRIVE = '#board button[data-action="6"]:not([disabled])'

LOG_MARK = (
    "() => { const l = document.querySelector('#log li:last-child .n');"
    " return l ? l.textContent : ''; }"
)


def create(live_server: Any, game: str) -> dict[str, Any]:
    spec = GAMES[game]
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": game,
            "options": spec["options"],
            "seats": [{"name": "Ann"}, {"name": "Bot Bo", "bot": spec["bot"]}],
        },
    )
    return created


def one_move(page: Any, game: str, moves: int) -> None:
    """Make this player's next decision with the keyboard."""
    spec = GAMES[game]
    if game == "road-rally" and page.locator('#board .rr-board[data-phase="play"]').count():
        if page.locator(RALLY_DRIVE).count() == 0:
            press_choice(page, RALLY_CARD, "Space")
        press_choice(page, RALLY_DRIVE)
        return
    # Alternate the keys a keyboard user presses on a button.
    press_choice(page, spec["press"], "Enter" if moves % 2 == 0 else "Space")


def play_to_the_end(page: Any, game: str, stop: int = MAX_MOVES) -> int:
    """Play until the end (or ``stop`` moves): the number of moves made."""
    spec = GAMES[game]
    moves = 0
    while moves < stop:
        page.wait_for_selector(f"{spec['ready']}, {END}")
        if page.locator(END).count():
            return moves
        mark = page.evaluate(LOG_MARK)
        one_move(page, game, moves)
        moves += 1
        # The move is in when the log grew (or the game ended).
        page.wait_for_function(
            f"m => ({LOG_MARK})() !== m || document.querySelector('{END}')", arg=mark
        )
    if stop < MAX_MOVES:
        return moves
    raise AssertionError(f"{game} did not end in {MAX_MOVES} moves")


def final_state(live_server: Any, created: dict[str, Any]) -> dict[str, Any]:
    token = created["seats"][0]["token"]
    state: dict[str, Any] = live_server.api(
        "GET", f"/api/matches/{created['match']}/state", token=token
    )
    assert state["finished"]
    return state


def ax_node(page: Any, selector: str | None = None) -> dict[str, Any]:
    """Chromium's accessibility node of the focused element (or of ``selector``)."""
    cdp = page.context.new_cdp_session(page)
    expression = f"document.querySelector({selector!r})" if selector else "document.activeElement"
    found = cdp.send("Runtime.evaluate", {"expression": expression})
    nodes = cdp.send(
        "Accessibility.getPartialAXTree",
        {"objectId": found["result"]["objectId"], "fetchRelatives": False},
    )["nodes"]
    node: dict[str, Any] = nodes[-1]
    return node


def ax_text(node: dict[str, Any], field: str) -> str:
    return str((node.get(field) or {}).get("value", ""))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_played_to_the_end_by_keyboard_is_heard_move_by_move(
    live_server: Any, new_page: Any, game: str
) -> None:
    created = create(live_server, game)
    page = new_page(1280, 900)
    watch(page)
    page.goto(live_server.url + created["seats"][0]["url"])
    moves = play_to_the_end(page, game)
    assert moves > 0
    state = final_state(live_server, created)
    check_transcript(page, state)
    if "busts" in state["view"]:
        # Every Main Street bust was said once: the player's own in the assertive
        # region, the bot's in the polite one.
        said = page.evaluate("window.__transcript.concat(window.__alerts)")
        assert sum(" busted" in t for t in said) == sum(state["view"]["busts"]), said
    # "Read the table": the board in words, opened with the keyboard.
    press_choice(page, "#table-text summary")
    page.wait_for_selector("#table-text-body section")  # filled on the toggle event
    table = page.locator("#table-text-body").inner_text()
    for words in GAMES[game]["table"]:
        assert words in table, table
    assert table.count("Hand:") <= 1, table  # Road Rally: your own hand, no other
    assert_accessible(page, include="#table-text")


def test_open_road_focus_and_map_in_the_accessibility_tree(live_server: Any, new_page: Any) -> None:
    created = create(live_server, "open-road")
    page = new_page(1280, 900)
    watch(page)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector(GAMES["open-road"]["ready"])
    page.wait_for_selector("#board svg.or-map")
    for moves in range(4):
        page.wait_for_selector(GAMES["open-road"]["ready"])
        mark = page.evaluate(LOG_MARK)
        one_move(page, "open-road", moves)
        page.wait_for_function(f"m => ({LOG_MARK})() !== m", arg=mark)
        page.wait_for_selector(GAMES["open-road"]["ready"])
        # The focus stayed on a choice: a named button in the accessibility tree.
        focused = ax_node(page)
        assert ax_text(focused, "role") == "button", focused
        assert ax_text(focused, "name"), focused
    # "Show the route" (a rider's name) redraws the board: the focus stays on it.
    press_choice(page, '#board .or-rider-head[aria-pressed="false"]')
    page.wait_for_selector('#board .or-rider-head[aria-pressed="true"]:focus')
    # The map's drawing (states, roads, hundreds of dots) is not in the reading
    # order: only the dots that can be chosen now are.
    snapshot = page.locator("#board svg.or-map").aria_snapshot()
    assert len(snapshot.splitlines()) < 60, snapshot[:2000]


def test_get_your_kicks_mat_names_its_states_and_the_cube_drawn(
    live_server: Any, new_page: Any
) -> None:
    created = create(live_server, "get-your-kicks")
    page = new_page(1280, 900)
    watch(page)
    page.goto(live_server.url + created["seats"][0]["url"])
    ready = GAMES["get-your-kicks"]["ready"]
    page.wait_for_selector(ready)
    mat = '#board svg.ms-mat[data-seat="0"]'
    drawn = page.locator(f"{mat} .casino .cube").last.get_attribute("data-color")
    assert drawn is not None
    snapshot = page.locator(mat).aria_snapshot()
    # Every state is named with its cubes, and the cube just drawn is named.
    assert "Route 66 sign" in snapshot and "Illinois" in snapshot, snapshot
    assert "the last one drawn" in snapshot, snapshot
    # Play on (stop at once) until a state holds a cube: the tree says which.
    for _ in range(20):
        if page.locator(f"{mat} .state.has").count():
            break
        press_choice(page, '#board button.ms-action[data-action="0"]:not([disabled])')
        page.wait_for_selector(f"{ready}, {END}")
    holding = page.locator(f"{mat} .state.has").first
    place = holding.get_attribute("data-place")
    node = ax_node(page, f'{mat} .state.has[data-place="{place}"]')
    assert ax_text(node, "role") == "image", node
    assert place in ax_text(node, "name") and "1 " in ax_text(node, "name"), node


def test_a_reload_and_a_server_restart_repeat_no_move(live_server: Any, new_page: Any) -> None:
    """Lines are said by their index in the match's log: a reconnect (the server
    restarted) or a reload says each new line once and no old one again."""
    created = create(live_server, "road-to-300")
    page = new_page(1280, 900)
    watch(page)
    page.goto(live_server.url + created["seats"][0]["url"])
    play_to_the_end(page, "road-to-300", stop=2)
    live_server.restart()
    page.wait_for_selector('#conn[data-state="online"]', timeout=15_000)
    play_to_the_end(page, "road-to-300", stop=2)
    page.reload()
    play_to_the_end(page, "road-to-300")
    check_transcript(page, final_state(live_server, created))
