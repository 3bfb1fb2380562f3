"""`roadtrip play open-road`: a whole four-rider game (you and three bots) typed from
scripted stdin, places typed by name, bad input explained without changing the game,
the board showing every rider's position and pannier, the narration and the replay."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import roadtrip
from roadtrip.bots import bot_names
from roadtrip.cli.choices import InputError
from roadtrip.cli.main import app
from roadtrip.cli.open_road import events
from roadtrip.cli.open_road.board import OpenRoadUI
from roadtrip.cli.open_road.draw import Names
from roadtrip.cli.open_road.input import match_places
from roadtrip.cli.play import BOARDS, ui_for
from roadtrip.cli.seating import SeatError, default_bot, seat_bots
from roadtrip.core import Match, State
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.actions import BOARD
from roadtrip.games.open_road.cards import MOTHER_LODE_KINDS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.playing import ROAD_CLOSURE
from roadtrip.games.open_road.rules import OpenRoadState

runner = CliRunner()
GAME = "open-road"
BOT = "heuristic" if "heuristic" in bot_names(GAME) else "random"


def quiet_console(width: int = 100) -> Console:
    """A console that records what it prints instead of showing it."""
    return Console(record=True, width=width, color_system=None, file=io.StringIO())


def flat(text: str) -> str:
    """Text with Rich's line wrapping undone."""
    return " ".join(text.split())


def check_clean(result: Result) -> str:
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return flat(result.output)


def _play_key(state: State, seat: int, key: str) -> bool:
    return A.PLAY_BASE + A.KIND_INDEX[key] in state.legal_actions(seat)


def policy(ui: OpenRoadUI, state: State, seat: int, count: int) -> str:
    """What the scripted human types: choice 1 when it is a ride nearer the destination
    (by number or, every other time, by the place's name), else a sensible action."""
    view = state.view(seat)
    phase, rider = view["phase"], view["riders"][seat]
    legal = state.legal_actions(seat)
    if phase == "hotel":
        return "y" if rider["energy"] < 8 else "n"
    if phase == "credit":
        return "3 energy"
    if phase != "act":
        return "1"
    energy, money = rider["energy"], rider["money"]
    if _play_key(state, seat, "extra_energy") and energy <= 8:
        return "extra energy"
    if _play_key(state, seat, "extra_money") and money <= 5:
        return "extra money"
    first = ui.menu(state, seat).options[0]
    left = re.search(r"(\d+) to go", first.label)
    if first.action < A.N_DOTS and left and int(left.group(1)) < rider["remaining"]:
        return BOARD.dots[first.action].name.lower() if count % 2 else "1"
    if A.CASH_IN in legal and energy < 2:
        return "cash"
    if A.PICK_UP in legal:
        return "pick"
    return "1"


def drive(seed: int, bots: str = BOT, stop: int | None = None) -> tuple[Match, list[str], str]:
    """Play through ``OpenRoadUI.play_seated`` with the policy typing for seat 0 (up to
    ``stop`` decisions).  Returns the match, the lines typed and the screen."""
    match = Match(roadtrip.load_game(GAME, players=4), seed)
    ui = OpenRoadUI()
    console = quiet_console()
    typed: list[str] = []

    def read(prompt: str) -> str:
        if stop is not None and len(typed) >= stop:
            raise EOFError
        line = policy(ui, match.state, 0, len(typed))
        typed.append(line)
        return line

    ui.play_seated(console, match, read, bots=bots)
    return match, typed, console.export_text()


@cache
def played(seed: int) -> tuple[Match, list[str], str]:
    """A whole scripted game (shared by the tests)."""
    return drive(seed)


@cache
def whole_game(seed: int) -> tuple[Match, list[str], Result]:
    """The game ``drive`` plays, then the same lines typed into ``roadtrip play``
    (in a 100-column terminal)."""
    match, typed, _ = played(seed)
    args = ["play", GAME, "--players", "4", "--seed", str(seed), "--bots", BOT]
    stdin = "\n".join(typed) + "\n"
    return match, typed, runner.invoke(app, args, input=stdin, env={"COLUMNS": "100"})


def _ui() -> OpenRoadUI:
    ui = OpenRoadUI()
    ui.bots, ui.humans = {1: BOT, 2: BOT, 3: BOT}, [0]
    return ui


def find(
    phase: str, min_round: int = 0, seeds: tuple[int, ...] = (7, 11, *range(20))
) -> OpenRoadState:
    """The first state of the scripted games where seat 0 decides in ``phase`` from
    round ``min_round`` on (for "act": with at least 2 energy and 2 actions left)."""
    for seed in seeds:
        match, _, _ = played(seed)
        state = match.state.game.new_initial_state()
        for seat, action in match.state.history():
            view = state.view(None)
            if state.current_player() == 0 and view["phase"] == phase:
                rider = view["riders"][0]
                ready = phase != "act" or (rider["energy"] >= 2 and view["actions_left"] == 2)
                if view["round"] >= min_round and ready:
                    return cast(OpenRoadState, state)
            state.apply_action(action, seat)
    raise AssertionError(f"no {phase} decision found")


@cache
def _mid_game() -> OpenRoadState:
    return find("act", min_round=6)


def mid_game() -> tuple[OpenRoadState, OpenRoadUI]:
    """Seat 0's turn in round 6 or later, able to ride (a copy)."""
    return cast(OpenRoadState, _mid_game().clone()), _ui()


# ---------------------------------------------------------------- registry
def test_open_road_has_a_board() -> None:
    assert GAME in BOARDS
    assert isinstance(ui_for(GAME), OpenRoadUI)
    assert default_bot(GAME) == BOT


def test_seat_bots() -> None:
    game = roadtrip.load_game(GAME, players=4)
    assert seat_bots(game, None, None, False) == {1: BOT, 2: BOT, 3: BOT}
    assert seat_bots(game, "a,b,c", None, False) == {1: "a", 2: "b", 3: "c"}
    assert seat_bots(game, None, None, True) == {}
    for bots, humans in (("a,b", None), (None, 5), ("a", 4)):
        with pytest.raises(SeatError):
            seat_bots(game, bots, humans, False)


# ---------------------------------------------------------- (a) whole games
@pytest.mark.parametrize("seed", [7, 11])
def test_a_four_rider_game_against_three_bots_plays_to_the_end(seed: int) -> None:
    match, typed, result = whole_game(seed)
    out = check_clean(result)
    assert match.state.is_terminal()
    view = match.state.view(None)
    bots = ", ".join(f"Player {s} ({BOT})" for s in (2, 3, 4))
    assert f"You are Player 1; bots ride the other bikes: {bots}." in out
    assert out.count("Your choice (? for help, q quits):") == len(typed)
    assert "neither a choice" not in out and "Nothing was typed" not in out
    assert "Round 1." in out and "Final standing" in out
    names = Names(0, {1: BOT, 2: BOT, 3: BOT})
    assert flat(events.ending(view, names)) in out
    assert re.search(r"reach(?:es)? .+ and wins? the race!", out)
    for rider in view["riders"]:
        who = "You" if rider["seat"] == 0 else f"Player {rider['seat'] + 1} \\({BOT}\\)"
        row = rf"● {who}(?: ★)? {re.escape(rider['at'])} {re.escape(rider['destination'])} "
        assert re.search(row + rf"{rider['remaining']} {rider['energy']} {rider['money']}", out)


def test_the_same_seed_plays_the_same_game() -> None:
    stdin = "1\n" * 12 + "q\n"
    first = check_clean(runner.invoke(app, ["play", GAME, "--seed", "5"], input=stdin))
    again = check_clean(runner.invoke(app, ["play", GAME, "--seed", "5"], input=stdin))
    assert first == again
    assert "You quit the game." in first and "Standing so far" in first
    assert "The game is not finished." in first


def test_hint_hot_seat_and_replay(tmp_path: Path) -> None:
    hinted = ["play", GAME, "--seed", "2", "--hint", "--hint-seconds", "0.1"]
    out = check_clean(runner.invoke(app, hinted, input="q\n"))
    assert re.search(r"Hint \(advisor\): \d+\) keeps the East Coast card", out)
    assert re.search(r"\d+\s+keeps the East Coast card .*\d+% \(\d+%-\d+%\)", out)
    record = tmp_path / "open-road.json"
    args = ["play", GAME, "--players", "2", "--hotseat", "--seed", "3", "-o", "max_rounds=3"]
    out = check_clean(runner.invoke(app, [*args, "--save", str(record)], input="1\n" * 200))
    assert "Hot seat: Player 1 and Player 2 share this terminal" in out
    assert "Player 2, your choice" in out and "The race ends after round 3" in out
    out = check_clean(runner.invoke(app, ["replay", str(record)]))
    assert "Final standing" in out and "Round 3." in out


# ------------------------------------------------------------ (b) bad input
def test_bad_input_is_explained_and_asked_again_without_changing_the_game() -> None:
    match, setup, _ = drive(7, stop=4)  # setup done: seat 0's first turn
    state = match.state
    rider = state.view(0)["riders"][0]
    moves = len(state.history())
    stdin = ["zzz", "99", "", "   ", rider["destination"].lower(), "jackson", "q"]
    args = ["play", GAME, "--seed", "7", "--bots", BOT]
    out = check_clean(runner.invoke(app, args, input="\n".join(setup + stdin) + "\n"))
    assert "'zzz' is neither a choice here nor a place on the map: type a number" in out
    assert "There is no choice 99: the choices are numbered 1 to" in out
    assert out.count("Nothing was typed: type a number, a place to ride to") == 2
    far = state.view(0)["riders"][0]["remaining"]
    assert f"{rider['destination']} is {far} dots away; with 3 energy you can ride at most" in out
    assert "'jackson' fits several places on the map (Jackson, MS; Jackson, WY)" in out
    assert out.count("Round 1 · your turn · 2 actions left") == 1
    assert out.count("Your choice (? for help, q quits):") == len(setup + stdin)
    assert "You quit the game." in out
    ui = _ui()
    menu = ui.menu(state, 0)
    before = state.view(None)
    for text in ("zzz", "0", "99", "", rider["destination"], "jackson", "y", "p9"):
        with pytest.raises(InputError):
            ui.read_action(text, state, 0, menu)
    assert len(state.history()) == moves and state.view(None) == before


def test_actions_that_are_not_possible_now_say_why() -> None:
    state, ui = mid_game()
    state.ml[0] = [0] * A.N_ML
    state.hand[0] = [0] * A.N_KINDS
    state.hand[0][A.KIND_INDEX["extra_money"]] = 8
    state.money[0] = 3
    state._legal_cache = None  # cached before the pannier was changed
    menu = ui.menu(state, 0)
    for text, reason in [
        ("pick", "Your pannier is full (8 of 8 cards)"),
        ("cash", "Cashing in takes 5 money; you have 3."),
        ("headwind", "You hold no Headwind card."),
        ("tune up", "You hold no Tune Up card."),
        ("y", "The hotel is offered only on arriving in a big city."),
    ]:
        with pytest.raises(InputError, match=re.escape(reason)):
            ui.read_action(text, state, 0, menu)


# ------------------------------------------------------- (c) places by name
def test_rides_are_typed_by_place_name_or_number() -> None:
    state, ui = mid_game()
    menu = ui.menu(state, 0)
    rides = [a for a in state.legal_actions(0) if a < A.N_DOTS]
    assert rides, "seat 0 should be able to ride here"
    for dot in rides:
        name = BOARD.dots[dot].name
        for text in (name, name.lower(), f"  {name.upper()} ", f"ride to {name}"):
            assert ui.read_action(text, state, 0, menu) == dot
    for number, option in enumerate(menu.options, start=1):
        assert ui.read_action(str(number), state, 0, menu) == option.action
    by_name = {BOARD.dots[d].name.lower(): d for d in rides}
    prefixes = [
        name[:n]
        for name in by_name
        for n in range(4, len(name))
        if sum(other.startswith(name[:n]) for other in by_name) == 1
        and not any(w.startswith(name[:n]) for o in menu.options for w in o.words)
        and not match_places(name[:n], list(range(A.N_DOTS)))[0]
    ]
    assert prefixes
    for prefix in prefixes[:5]:
        dot = next(d for name, d in by_name.items() if name.startswith(prefix))
        assert ui.read_action(prefix.upper(), state, 0, menu) == dot
    assert ui.read_action("pick", state, 0, menu) == A.PICK_UP
    with pytest.raises(InputError, match="fits several"):
        ui.read_action("s", state, 0, menu)


def test_the_menu_lists_the_best_rides_first_with_their_notes() -> None:
    state, ui = mid_game()
    view = state.view(0)
    options = [o for o in ui.menu(state, 0).options if o.action < A.N_DOTS]
    left = [int(m.group(1)) for o in options if (m := re.search(r"(\d+) to go", o.label))]
    assert len(left) == len(options) and left[:12] == sorted(left[:12])
    assert len(options) <= 12 + 6
    for option in options:
        dot = option.action
        rider = view["riders"][0]
        assert BOARD.dots[dot].name in option.label
        if dot == rider["heartland_dot"]:
            assert "Heartland +5/+5" in option.label


def test_follow_up_decisions_take_words() -> None:
    state, ui = find("hotel"), _ui()
    menu = ui.menu(state, 0)
    assert ui.read_action("y", state, 0, menu) == A.HOTEL
    assert ui.read_action("no", state, 0, menu) == A.NO_HOTEL
    state, ui = mid_game()
    closing = state
    closing.ml[0][ROAD_CLOSURE] += 1
    closing._legal_cache = None  # the legal actions were cached before the card was given
    closing.apply_action(A.MOTHER_LODE_BASE + ROAD_CLOSURE, 0)
    menu = ui.menu(closing, 0)
    assert menu.groups[0][0].startswith("Put the road closure cube on a camp site")
    assert "more camp sites: type a camp site's name" in menu.more
    listed = {o.action for o in menu.options}
    camp = next(d for d in BOARD.camp_ids if d not in listed)
    assert ui.read_action(BOARD.dots[camp].name, closing, 0, menu) == camp
    with pytest.raises(InputError, match="is a city: the road closure cube goes on a camp site"):
        ui.read_action("denver, co", closing, 0, menu)


# ------------------------------------------------------------ (d) the board
def test_the_board_shows_every_riders_position_and_pannier() -> None:
    state, ui = mid_game()
    console = quiet_console()
    ui.render(console, state, 0)
    screen = console.export_text()
    text = flat(screen)
    view = state.view(0)
    assert re.search(rf"Round {view['round']} · your turn · \d actions? left", text)
    for rider in view["riders"]:
        where = f"at {rider['at']} → {rider['destination']}: {rider['remaining']} dots to go"
        assert where in screen  # on one line of 100 columns
        cubes = rf"energy [█░]{{10}} +{rider['energy']} money [█░]{{10}} +{rider['money']}"
        assert re.search(cubes + rf" cards {rider['slots_used']}/8", text)
        assert f"Heartland {rider['heartland']}" in text
        for kind in (*PLAYING_CARD_KINDS, *MOTHER_LODE_KINDS):
            count = rider["cards"].get(kind.key, 0) or rider["mother_lode"].get(kind.key, 0)
            if count:
                assert kind.name + (f" ×{count}" if count > 1 else "") in text
    assert "Road closure: " in text and "decks: playing" in text and "Roads: " in text


def test_every_step_of_a_game_is_narrated() -> None:
    match, _, screen = played(11)
    text = flat(screen)
    names = Names(0, {1: BOT, 2: BOT, 3: BOT})
    state = match.state.game.new_initial_state()
    rides = 0
    for seat, action in match.state.history():
        before = state.clone()
        state.apply_action(action, seat)
        lines = events.explain(before, seat, action, state, names)
        for line in lines:
            assert flat(line) in text
        if seat >= 0 and action < A.N_DOTS and before.view(None)["phase"] == "act":
            rides += 1
            pattern = r"(?:You ride|Player \d rides) \d+ dots? to .*energy \d+ → \d+"
            assert re.match(pattern, lines[0]), lines
    assert rides > 10
