"""The boards' words follow the match's variant options, not only the defaults.

The Open Road: the Road Closure card's words and the close prompt (option
road_closure: "for the rest of the game", or "until the next Road Closure moves the
cube"), the Side Trip card and its cities (option side_trip, and the view's
side_trip_open), the rules dialog (those two, bankruptcy as the rulebook says it:
"If a player forces their opponents to lose their last MONEY cubes, the result is
BANKRUPTCY ... If they are already in a BIG CITY they are safe from BANKRUPTCY", the
hotel, pass_through, ending).  Road Rally USA's rules dialog: Gas and the empty hand
(both shuffle the discards back), Gas's timing (option gas), who may reveal (option
trigger), the finish's double (finish_double).  Each in a match created with the
non-default options and in one with the defaults.  The terminal says the same
(tests/cli/test_option_texts.py).
"""

from __future__ import annotations

from typing import Any

OPEN_ROAD = "open-road"
OR_BOARD = "#board .or-board"
OR_READY = f'{OR_BOARD}[data-await="me"][data-busy="false"]'
OR_TARGET = "#board circle.or-target"
RALLY = "road-rally"
RR_READY = '#board .rr-board[data-await="me"][data-busy="false"]'
SIDE_CARD = '#board .or-rider[data-seat="0"] .or-route-card.side'
OR_CHANGED = {
    "side_trip": "once",
    "road_closure": "moves",
    "hotel": "first_visit",
    "pass_through": False,
    "ending": "finish_round",
}
RR_CHANGED = {"trigger": "passed", "gas": "before", "finish_double": False}


def create(live_server: Any, game: str, players: int, **options: Any) -> dict[str, Any]:
    bots = ("Ada", "Bo", "Cy", "Di")[: players - 1]
    created: dict[str, Any] = live_server.api(
        "POST",
        "/api/matches",
        json={
            "game": game,
            "options": {"players": players, **options},
            "seats": [{"name": "You"}, *({"name": n, "bot": "random"} for n in bots)],
        },
    )
    return created


def open_road_seat(new_page: Any, live_server: Any, **options: Any) -> Any:
    """Seat 0 of a two-rider race, after its setup (the first route cards kept and
    the first coast chosen, by clicking), on its turn."""
    created = create(live_server, OPEN_ROAD, 2, **options)
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.or-map")
    page.wait_for_selector(OR_READY)
    while page.locator(OR_BOARD).get_attribute("data-phase") in ("keep", "origin"):
        page.locator(OR_TARGET).first.click()
        page.wait_for_selector(OR_READY)
    assert page.locator(OR_BOARD).get_attribute("data-phase") == "act"
    return page


def rules_text(page: Any) -> str:
    page.click("#rules-btn")
    text: str = page.locator("#rules-dialog").inner_text()
    page.locator("#rules-dialog").get_by_role("button", name="Close").click()
    return text


# The open board's rider 0 drawn again from the server's view, holding a Road
# Closure card, with its Side Trip card's first city paid and none open (as under
# side_trip=once), and the close prompt with the cube out; under `options`.
REDRAWN = """async (options) => {
  const panels = await import('/static/boards/open_road/panels.js');
  const board = await import('/static/boards/open_road/board.js');
  const token = location.hash.slice(3);
  const match = location.pathname.split('/').pop();
  const response = await fetch(`/api/matches/${match}/state`,
    { headers: { authorization: `Bearer ${token}` } });
  const view = (await response.json()).view;
  const rider = structuredClone(view.riders[0]);
  rider.mother_lode = { road_closure: 1 };
  rider.side_trip_paid = [rider.side_trip_cities[0]];
  rider.side_trip_open = [];
  const ctx = { players: [{ name: 'You' }, { name: 'Ada' }], options };
  const panel = panels.riderPanel(view, ctx, rider, { selected: false, onSelect() {} });
  const cities = [...panel.querySelectorAll('.or-side-cities li')];
  const closing = structuredClone(view);
  closing.phase = 'close';
  closing.road_closure = 0;
  closing.road_closure_at = 'Somewhere camp';
  const root = document.createElement('div');
  board.render(root, closing, { ...ctx, interactive: true, onChoose() {}, motion: false,
    previous: null, lastMove: null,
    choices: [{ action: 1, label: 'puts the road closure cube there' }] });
  return {
    card: panel.querySelector('.or-card[data-card="road_closure"]').getAttribute('title'),
    side: panel.querySelector('.or-route-card.side').getAttribute('title'),
    cities: cities.map((li) => [li.className, li.dataset.open, li.getAttribute('title')]),
    prompt: root.querySelector('.or-prompt').textContent,
  };
}"""


def test_open_road_words_follow_non_default_options(live_server: Any, new_page: Any) -> None:
    """side_trip=once, road_closure=moves, hotel=first_visit, pass_through=false,
    ending=finish_round: the card titles, the prompt and the rules dialog say what
    these options do; bankruptcy is told as the rulebook says it."""
    page = open_road_seat(new_page, live_server, **OR_CHANGED)
    side = page.locator(SIDE_CARD).get_attribute("title") or ""
    assert "once, in the first of its cities you land in" in side, side
    assert "each of its cities" not in side
    opened = page.locator(f"{SIDE_CARD} li").evaluate_all("ls => ls.map(l => l.dataset.open)")
    assert opened and set(opened) == {"true"}  # nothing paid yet: every city pays
    rules = rules_text(page)
    assert "until the next Road Closure card moves it (that camp site reopens)" in rules
    assert "for good" not in rules and "rest of the game" not in rules
    assert "gives 3 and 3 once, in the first of its cities you land in" in rules
    assert "on your first arrival in each big city only" in rules
    assert "a ride ends at the first city it enters" in rules
    assert "every rider who arrives in it shares the victory" in rules
    assert "A rival's card that takes your last money (Saddle Sores) is bankruptcy" in rules
    assert "unless you are in a big city" in rules
    assert "Spending your own money is never bankruptcy" in rules
    drawn = page.evaluate(REDRAWN, OR_CHANGED)
    assert "until the next Road Closure moves the cube" in drawn["card"], drawn
    assert "for good" not in drawn["card"] and "rest of the game" not in drawn["card"]
    assert "once, in the first of its cities" in drawn["side"]
    first, *others = drawn["cities"]
    assert first[0] == "paid" and first[1] == "false" and first[2].endswith(": bonus collected")
    for cls, opened_now, title in others:  # unpaid, but the card has paid: nothing now
        assert (cls, opened_now) == ("spent", "false") and "pays nothing now" in title
    assert "move the red cube there (Somewhere camp reopens)" in drawn["prompt"], drawn


def test_open_road_words_under_the_default_options(live_server: Any, new_page: Any) -> None:
    """The defaults (side_trip=each_city, road_closure=stays): each city once, the
    closure for the rest of the game; nothing of the other options' words."""
    page = open_road_seat(new_page, live_server)
    side = page.locator(SIDE_CARD).get_attribute("title") or ""
    assert "3 energy and 3 money in each of its cities, once each" in side, side
    rules = rules_text(page)
    assert "closes a camp site to every rider for the rest of the game" in rules
    assert "moves it" not in rules
    assert "each city of your Side Trip card gives 3 and 3, once each" in rules
    assert "first arrival in each big city only" not in rules
    assert "a ride ends at the first city it enters" not in rules
    assert "unless you are in a big city" in rules
    drawn = page.evaluate(REDRAWN, {"side_trip": "every_landing", "road_closure": "stays"})
    assert "close a camp site for the rest of the game" in drawn["card"], drawn
    assert "every time you land in one of its cities" in drawn["side"]


def rally_rules(new_page: Any, live_server: Any, **options: Any) -> str:
    created = create(live_server, RALLY, 3, **options)
    page = new_page(1280, 800)
    page.goto(live_server.url + created["seats"][0]["url"])
    page.wait_for_selector("#board svg.rr-track")
    page.wait_for_selector(RR_READY)
    return rules_text(page)


def test_road_rally_rules_follow_the_options(live_server: Any, new_page: Any) -> None:
    """'The gas station spaces are important, as they are the only way to get played
    cards back into your draw deck.' and the empty hand's reshuffle: both are said.
    Option trigger=passed: only a car on or beyond the rally point may reveal; gas:
    when Gas reshuffles; finish_double=false: nobody doubles at the finish."""
    changed = rally_rules(new_page, live_server, **RR_CHANGED)
    gas = "before you draw (the only way to get them back besides an empty hand)"
    assert gas in changed, changed
    reveal = "whoever holds its card may reveal it, if their car is on or beyond that rally point"
    assert reveal in changed
    assert "(nobody doubled)" in changed and "(the first one doubled)" not in changed
    default = rally_rules(new_page, live_server)
    assert "before or after you draw, as you choose (the only way" in default
    assert "whoever holds its card may reveal it. Then" in default
    assert "on or beyond" not in default
    assert "(the first one doubled)" in default
