"""Browser tests: the words the boards show about a rule follow the match's variant
options (ctx.options, boards/index.js), each checked under the default and the
alternative.

- America's Main Street, option ``short_bag`` (docs/rules/americas-main-street.md,
  "drawing a total of 3 cubes from the bag"): under ``refuse`` the rules dialog no
  longer offers "the last one or two" cubes for a fill-up.
- Option ``solo_six_black`` ("the game also ends when any one player has collected
  six black cubes"): under ``ignore`` a solo game goes on, and neither the rules
  dialog nor the Route 66 sign (match page and replay) says six black cubes end it.
- With 2 cubes left under ``short_bag=refuse`` no fill-up can come: no bust odds,
  and the status line says to stop.
- The turn history read from the game log: a short fill-up ("fill up again: draw
  the last 2 cubes in the bag") is judged once its cubes are drawn, as the engine
  does, so a short fill-up without a fuel colour is a bust of that turn.
- Road to 300, options ``no_cross`` ("you must roll again!") and ``target`` ("If you
  have now reached 300 or more points, you win"): the rules dialog says "sit out the
  round" under ``pass`` and names the match's target.
"""

from __future__ import annotations

from typing import Any

from roadtrip import load_game
from roadtrip.core import CHANCE
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BOXES, COLORS
from roadtrip.server.gamelog import log_entry

KICKS = "get-your-kicks"
MILEAGE = "mileage-may-vary"
MINE = '#board .ms-actions[data-state="mine"]'
CHOICE = "#board svg .choice"
END = "#end-screen"
SIGN = "#board .ms-card.large g.sign"
C = {c.key: i for i, c in enumerate(COLORS)}


def create(live_server: Any, game: str, **options: Any) -> dict[str, Any]:
    """A solo match of ``game`` with ``options``, created through the API."""
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={"game": game, "options": {"players": 1, **options}, "seats": [{"name": "Ann"}]},
    )
    return created


def open_seat(new_page: Any, live_server: Any, created: dict[str, Any], ready: str) -> Any:
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector(f"{ready}, {END}:not([hidden])")
    return page


def rules_text(page: Any) -> str:
    """The text of the match page's rules dialog (opened, read, closed)."""
    page.click("#rules-btn")
    dialog = page.locator("#rules-dialog")
    text: str = dialog.inner_text()
    dialog.get_by_role("button", name="Close").click()
    return text


# ------------------------------------------------------------ Main Street
def test_fill_up_again_words_follow_short_bag(live_server: Any, new_page: Any) -> None:
    """short_bag=partial (default): a fill-up takes the last one or two cubes;
    refuse: filling up again needs three cubes in the bag."""
    partial = open_seat(new_page, live_server, create(live_server, MILEAGE), MINE)
    text = rules_text(partial)
    assert "or the last one or two, when the bag holds fewer" in text
    refuse = open_seat(
        new_page, live_server, create(live_server, MILEAGE, short_bag="refuse"), MINE
    )
    text = rules_text(refuse)
    assert "only while the bag still holds three or more" in text
    assert "the last one or two" not in text


def test_six_black_words_follow_solo_six_black(live_server: Any, new_page: Any) -> None:
    """solo_six_black=loss (default): six black cubes end a solo game, a loss; the
    sign says so and marks the sixth slot END.  ignore: they end nothing."""
    loss = open_seat(new_page, live_server, create(live_server, KICKS), MINE)
    assert "Six black cubes end a solo game too: a loss." in rules_text(loss)
    title = loss.locator(SIGN).first.get_attribute("aria-label") or ""
    assert title.endswith("six black cubes end the game")
    assert loss.locator(f"{SIGN} .end-mark").count() == 1
    assert loss.locator(f"{SIGN} .sign-note").text_content() == "6 black cubes end the game"

    created = create(live_server, KICKS, solo_six_black="ignore")
    ignore = open_seat(new_page, live_server, created, MINE)
    text = rules_text(ignore)
    assert "Six black cubes do not end a solo game" in text
    assert "a loss" not in text
    title = ignore.locator(SIGN).first.get_attribute("aria-label") or ""
    assert title.endswith("six black cubes do not end a solo game")
    assert ignore.locator(f"{SIGN} .end-mark").count() == 0
    assert ignore.locator(f"{SIGN} .sign-note").text_content() == "No end at 6 black (solo)"

    # The replay page passes the match's options to the board too.
    replay = new_page(1280, 800)
    token = created["seats"][0]["token"]
    replay.goto(f"{live_server.url}/replay/{created['match']}#t={token}")
    replay.wait_for_selector("#step-text:not(:empty)")
    replay.wait_for_selector(SIGN)
    title = replay.locator(SIGN).first.get_attribute("aria-label") or ""
    assert title.endswith("six black cubes do not end a solo game")


def test_the_six_black_words_stand_with_several_mats(live_server: Any, new_page: Any) -> None:
    """With two or more mats six black cubes end the game whatever solo_six_black says."""
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": KICKS,
            "options": {"players": 2, "solo_six_black": "ignore"},
            "seats": [{"name": "Ann"}, {"name": "Ben", "bot": "threshold"}],
        },
    )
    page = open_seat(new_page, live_server, created, MINE)
    title = page.locator(SIGN).first.get_attribute("aria-label") or ""
    assert title.endswith("six black cubes end the game")


def _mileage_log(
    players: int, steps: list[tuple[int, int]], mats: list[str], short_bag: str = "partial"
) -> dict[str, Any]:
    """The engine's own log texts (spectator lines) for ``steps`` (seat, action) of a
    Your Mileage May Vary match whose mat s lacks one cube of ``mats[s]`` (an empty
    list: empty mats), with the view's colours and the players, as the page has them,
    and the state reached."""
    state = load_game(MILEAGE, players=players, short_bag=short_bag).new_initial_state()
    for seat, key in enumerate(mats):
        for colour, boxes in enumerate(BOXES):
            n = boxes - (1 if colour == C[key] else 0)
            state.bag[colour] -= n
            state.bag_total -= n
            state.mats[seat][colour] += n
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][:players]
    log = []
    for seat, action in steps:
        log.append(log_entry(state, seat, action, names).texts[0])
        state.apply_action(action)
    view = state.view(None)
    players_list = [{"seat": s, "name": n} for s, n in enumerate(names)]
    return {"view": view, "log": log, "players": players_list, "state": state}


READ_TURNS = """async ([view, log, players]) => {
  const m = await import('/static/boards/main_street/common.js');
  return m.turnsFromLog(view, { log, players, logStart: 0 })
    .map((t) => ({ seat: t.seat, fills: t.fills, outcome: t.outcome }));
}"""


def test_a_short_fill_up_without_fuel_is_read_as_a_bust(live_server: Any, new_page: Any) -> None:
    """short_bag=partial: with 2 cubes left, "fill up again" draws them ("draw the last
    2 cubes in the bag") and the engine judges that fill-up then: no fuel colour, a
    bust.  The turn history reads the same: Ann busts with 3 + 2 cubes, then Bo's own
    turn (not 3 + 3 cubes for Ann and a 2-cube turn for Bo)."""
    red, yellow, black = C["red"], C["yellow"], C["black"]
    steps = [(CHANCE, red), (CHANCE, yellow), (CHANCE, red), (0, GO_ON)]
    steps += [(CHANCE, black), (CHANCE, black)]  # the short fill-up: a bust
    steps += [(CHANCE, black), (CHANCE, black), (CHANCE, red), (1, STOP)]  # Bo's turn
    game = _mileage_log(5, steps, ["black", "black", "red", "yellow", "red"])
    assert game["log"][3] == "Ann: fill up again: draw the last 2 cubes in the bag"
    page = new_page()
    page.goto(live_server.url + "/")
    turns = page.evaluate(READ_TURNS, [game["view"], game["log"], game["players"]])
    assert turns == [
        {"seat": 0, "fills": [[red, yellow, red], [black, black]], "outcome": "bust"},
        {"seat": 1, "fills": [[black, black, red]], "outcome": "stop"},
    ]


def test_a_full_fill_up_without_fuel_is_read_as_a_bust(live_server: Any, new_page: Any) -> None:
    """The default case: "fill up again: draw three more cubes" is judged after three."""
    red, yellow, pink, green, orange = (C[k] for k in ("red", "yellow", "pink", "green", "orange"))
    steps = [(CHANCE, red), (CHANCE, yellow), (CHANCE, pink), (0, GO_ON)]
    steps += [(CHANCE, green), (CHANCE, green), (CHANCE, orange)]  # no fuel colour: a bust
    game = _mileage_log(1, steps, [])
    assert game["log"][3] == "Ann: fill up again: draw three more cubes"
    page = new_page()
    page.goto(live_server.url + "/")
    turns = page.evaluate(READ_TURNS, [game["view"], game["log"], game["players"]])
    assert turns == [
        {"seat": 0, "fills": [[red, yellow, pink], [green, green, orange]], "outcome": "bust"}
    ]


SHORT_BAG_WORDS = """async ([view, players]) => {
  const board = await import('/static/boards/main_street/mileage.js');
  const ctx = { players, you: 0, choices: [{ action: 0 }], interactive: true,
                onChoose: () => {}, log: [], motion: false };
  const root = document.createElement('div');
  document.body.append(root);
  board.render(root, view, ctx);
  const risk = root.querySelector('.ms-risk');
  const out = { status: board.statusLine(view, ctx), risk: risk ? risk.textContent : null,
                go: root.querySelector('button[data-action="1"]').textContent };
  root.remove();
  return out;
}"""


def _two_cubes_left(short_bag: str) -> dict[str, Any]:
    """Ann's view after a first fill-up that leaves 2 cubes in the bag (five mats)."""
    steps = [(CHANCE, C["black"]), (CHANCE, C["red"]), (CHANCE, C["yellow"])]
    game = _mileage_log(5, steps, ["black", "black", "red", "yellow", "red"], short_bag)
    view: dict[str, Any] = game["state"].view(0)
    assert view["bag_total"] == 2 and view["phase"] == "decide"
    return {"view": view, "players": game["players"]}


def test_no_odds_of_a_fill_up_that_short_bag_refuses(live_server: Any, new_page: Any) -> None:
    """short_bag=refuse, 2 cubes in the bag: no fill-up can come, so the board shows
    no bust odds and the status says to stop; partial (default): the odds of a
    2-cube fill-up."""
    page = new_page()
    page.goto(live_server.url + "/")
    refuse = _two_cubes_left("refuse")
    assert refuse["view"]["can_go_on"] is False
    shown = page.evaluate(SHORT_BAG_WORDS, [refuse["view"], refuse["players"]])
    assert shown["risk"] is None and "the bag has too few cubes" in shown["go"]
    assert "Too few cubes in the bag to fill up again: stop" in shown["status"]
    assert "%" not in shown["status"]
    partial = _two_cubes_left("partial")
    assert partial["view"]["can_go_on"] is True
    shown = page.evaluate(SHORT_BAG_WORDS, [partial["view"], partial["players"]])
    assert "Chance the next fill-up (2 cubes) busts" in shown["risk"]
    assert "the last 2 cubes in the bag" in shown["go"]
    assert "Fill up again (" in shown["status"] and "chance of a bust" in shown["status"]


# ------------------------------------------------------------ Road to 300
def test_road_to_300_rules_follow_no_cross_and_target(live_server: Any, new_page: Any) -> None:
    """no_cross=reroll, target=300 (defaults): "you roll again", "reach 300 points";
    no_cross=pass, target=250: "sit out the round", "reach 250 points"."""
    default = open_seat(new_page, live_server, create(live_server, "road-to-300"), CHOICE)
    text = rules_text(default)
    assert "can be crossed, you roll again." in text and "sit out" not in text
    assert "Aim for 300." in text and "Solo: reach 300 points to win." in text
    created = create(live_server, "road-to-300", no_cross="pass", target=250)
    varied = open_seat(new_page, live_server, created, CHOICE)
    text = rules_text(varied)
    assert "you sit out the round and wait for the next roll." in text
    assert "roll again" not in text
    assert "Aim for 250." in text and "Solo: reach 250 points to win." in text
    assert "300 points" not in text
