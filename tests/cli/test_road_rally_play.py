"""`roadtrip play road-rally`: whole games against bots and in a hot seat from
scripted stdin, cards typed in words, rule violations explained, seeds, and no
hidden card (another hand, rally card, Mechanic order or draw) ever on screen."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from random import Random
from typing import cast

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import roadtrip
from roadtrip.bots import bot_names, make_bot, observe
from roadtrip.cli.choices import InputError
from roadtrip.cli.main import app
from roadtrip.cli.play import BOARDS, ui_for
from roadtrip.cli.road_rally import events as events
from roadtrip.cli.road_rally.board import RoadRallyUI, decision
from roadtrip.cli.road_rally.draw import Names
from roadtrip.cli.road_rally.input import parse_cards
from roadtrip.cli.seating import SeatError, bot_rng, default_bot, seat_bots
from roadtrip.core import CHANCE, Match, MatchRecord, State, replay_states
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import CARD_TYPES, NUM_TYPES
from roadtrip.games.road_rally.rules import MECH, RoadRallyState

runner = CliRunner()
GAME = "road-rally"
FIRST = "1\n" * 3000
"""Always the first choice (and Enter at every 'pass the keyboard')."""
TOKENS = ("g1", "g2", "y2", "y3", "r3", "r4")
HIDDEN_DRAW = re.compile(r"Player \d (?:each )?draws? [^.]*?\b(?:green|yellow|red) [1-4]")


def play(*args: str, stdin: str = FIRST, bots: str = "random") -> Result:
    """``roadtrip play road-rally`` with ``bots`` on the bot seats ('' for none)."""
    seats = ["--bots", bots] if bots else []
    return runner.invoke(app, ["play", GAME, *seats, *args], input=stdin)


def flat(result: Result) -> str:
    """The output with Rich's line wrapping undone."""
    return " ".join(result.output.split())


def check_clean(result: Result) -> str:
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return flat(result)


Decision = tuple[int, State]


def drive(
    seed: int,
    players: int = 4,
    humans: int = 1,
    stop: Callable[[State, int], bool] | None = None,
) -> tuple[Match, list[Decision]]:
    """The game the CLI plays with FIRST: humans take the first option, bots play
    as seated.  Returns the match and the states of the humans' decisions."""
    game = roadtrip.load_game(GAME, players=players)
    ui = RoadRallyUI()
    everyone = humans == players
    ui.bots = seat_bots(game, None if everyone else "random", humans, everyone)
    ui.humans = [s for s in range(players) if s not in ui.bots]
    bots = {seat: make_bot(name, game) for seat, name in ui.bots.items()}
    rngs = {seat: bot_rng(seed, seat) for seat in bots}
    match = Match(game, seed)
    match.advance()
    decisions: list[Decision] = []
    while not match.state.is_terminal():
        state = match.state
        seat = state.active_seats()[0]
        if seat in bots:
            match.act(bots[seat].choose(observe(state, seat), rngs[seat]), seat)
            continue
        if stop is not None and stop(state, seat):
            break
        options = ui.options(state, seat)
        if humans > 1 or len(options) > 1 or decision(state) != "reveal":
            decisions.append((seat, state.clone()))
        for action in options[0].actions:
            match.act(action, seat)
    return match, decisions


def at_decision(phase: str, seeds: range = range(40)) -> tuple[RoadRallyState, int]:
    """The first state where the human (seat 0) faces ``phase`` with a real choice."""
    for seed in seeds:
        match, _ = drive(
            seed,
            stop=lambda s, seat: decision(s) == phase and len(RoadRallyUI().options(s, seat)) > 1,
        )
        if not match.state.is_terminal():
            return cast(RoadRallyState, match.state), 0
    raise AssertionError(f"no {phase} decision found")


def hand_counts(text: str) -> list[int]:
    """'g1 ×2 y3' as counts per card type."""
    counts = [0] * NUM_TYPES
    for tok, times in re.findall(r"([gyr][1-4])(?: ×(\d+))?", text):
        counts[TOKENS.index(tok)] += int(times or 1)
    return counts


@cache
def whole_game(seed: int) -> tuple[Result, Match, list[Decision]]:
    match, decisions = drive(seed)
    return play("--seed", str(seed)), match, decisions


# ---------------------------------------------------------------- registry
def test_road_rally_has_a_board() -> None:
    assert GAME in BOARDS
    assert isinstance(ui_for(GAME), RoadRallyUI)
    assert default_bot(GAME) == ("heuristic" if "heuristic" in bot_names(GAME) else "random")


# -------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", [7, 21])
def test_a_whole_game_against_three_bots_reaches_the_right_result(seed: int) -> None:
    result, match, decisions = whole_game(seed)
    out = check_clean(result)
    view = match.state.view(None)
    assert "You are Player 1 (car [1]); bots drive the other cars: Player 2 (random)" in out
    assert "Starting row (the order of play in round 1):" in out
    assert "The race is over." in out and "Finish scoring:" in out and "Final table" in out
    assert "is not a card" not in out and "Nothing was typed" not in out
    assert out.count("Your play?") == sum(1 for _, s in decisions if decision(s) == "play")
    for seat, car in enumerate(view["cars"]):
        who = "You" if seat == 0 else rf"Player {seat + 1} \(random\)"
        row = rf"{who}(?: ★)? {car['space']}(?: F)? {car['points']} {car['checkpoints']} "
        assert re.search(row + rf"{len(car['chips'])} {car['total']}", out), row
    winner = view["winners"][0]
    best = view["cars"][winner]["total"]
    name = "You win" if winner == 0 else f"Player {winner + 1} wins"
    tied = [c for c in view["cars"] if c["total"] == best]
    assert (f"{name} with {best} points!" in out) == (len(tied) == 1)
    assert len(tied) == 1 or "the final order of the cars breaks the tie" in out


def test_each_screen_shows_your_true_hand_and_rally_cards() -> None:
    result, _, decisions = whole_game(7)
    out = check_clean(result)
    shown = re.findall(r"Your hand \((\d+)\): (.*?) deck \d+", out)
    assert len(shown) == len(decisions)
    for (seat, state), (size, text) in zip(decisions, shown, strict=True):
        mine = state.view(seat)["mine"]
        assert hand_counts(text) == mine["hand"] and int(size) == sum(mine["hand"])
    rally = re.findall(r"Your rally cards \(secret\): (.*?)(?: scored:| type| Rally)", out)
    first = decisions[0][1].view(0)
    spaces = {p["number"]: p["space"] for p in first["track"]["rally_points"]}
    expected = " · ".join(f"{n} (space {spaces[n]})" for n in first["mine"]["rally_cards"])
    assert rally[0] == expected


def test_the_same_seed_plays_the_same_game() -> None:
    first = check_clean(play("--seed", "5", stdin="1\n" * 40 + "q\n"))
    again = check_clean(play("--seed", "5", stdin="1\n" * 40 + "q\n"))
    other = check_clean(play("--seed", "6", stdin="1\n" * 40 + "q\n"))
    assert first == again
    assert first != other


def test_quit_and_end_of_input_leave_cleanly() -> None:
    out = check_clean(play("--seed", "3", stdin="q\n"))
    assert "You quit the game." in out and "Standing so far" in out
    assert "The game is not finished." in out
    out = check_clean(play("--seed", "3", stdin="1\n1\n"))
    assert "End of input: leaving the game unfinished." in out


def test_the_default_bots_and_the_hint() -> None:
    out = check_clean(runner.invoke(app, ["play", GAME, "--seed", "2"], input="q\n"))
    bot = default_bot(GAME)
    assert f"Player 2 ({bot}), Player 3 ({bot}), Player 4 ({bot})" in out
    out = check_clean(play("--seed", "2", "--hint", "--hint-seconds", "0.05", stdin="q\n"))
    assert re.search(r"Hint \(advisor\): \S", out)
    assert re.search(r"win \(95%\).*points \(95%\)", out)


def test_one_bot_per_seat_and_seating_mistakes() -> None:
    out = check_clean(play("--players", "3", "--seed", "1", stdin="q\n", bots="random,random"))
    assert "Player 2 (random), Player 3 (random)" in out
    for args, message in [
        (["--players", "4", "--bots", "random,random"], "--bots names 2 bots for 3 bot seats"),
        (["--bots", "nosuchbot"], "no bot 'nosuchbot' for road-rally"),
        (["--humans", "5"], "--humans must be 1 to 4"),
        (["--hotseat", "--bots", "random"], "--hotseat puts a human on every seat"),
        (["--humans", "4", "--bots", "random"], "there is no seat for --bots"),
    ]:
        result = runner.invoke(app, ["play", GAME, "--seed", "1", *args], input="q\n")
        assert result.exit_code == 2, result.output
        assert message in flat(result)
    result = runner.invoke(app, ["play", "road-to-300", "--bots", "random"], input="q\n")
    assert result.exit_code == 2
    assert "not offered for road-to-300" in flat(result)


def test_seat_bots() -> None:
    game = roadtrip.load_game(GAME, players=5)
    assert seat_bots(game, "a,b,c,d", None, False) == {1: "a", 2: "b", 3: "c", 4: "d"}
    assert seat_bots(game, "a", 3, False) == {3: "a", 4: "a"}
    assert seat_bots(game, None, None, True) == {}
    with pytest.raises(SeatError):
        seat_bots(game, None, 0, False)


def test_a_saved_game_replays_with_the_board(tmp_path: Path) -> None:
    record = tmp_path / "rally.json"
    check_clean(play("--seed", "4", "--save", str(record)))
    out = check_clean(runner.invoke(app, ["replay", str(record)]))
    assert "Final table" in out and "Finish scoring:" in out


# -------------------------------------------------------------------- input
def test_bad_input_is_explained_and_asked_again() -> None:
    match, _ = drive(11, stop=lambda s, seat: True)
    state = match.state
    hand = state.view(0)["mine"]["hand"]
    missing = next(TOKENS[c] for c in range(NUM_TYPES) if not hand[c])
    have = [c for c in range(NUM_TYPES) if hand[c]]
    colours = {CARD_TYPES[c].color: TOKENS[c] for c in have}
    assert len(colours) > 1, "seed 11 should deal two colours"
    mixed = " ".join(list(colours.values())[:2])
    stdin = "\n".join(["zz", missing, "g3", mixed, "rainbow: " + mixed, "", "99", "?", "q"])
    out = check_clean(play("--seed", "11", stdin=stdin + "\n"))
    assert "'zz' is not a card: write cards as g1 g2 y2 y3 r3 r4" in out
    assert "You have no " + {"g": "green", "y": "yellow", "r": "red"}[missing[0]] in out
    assert "There is no green 3: green cards are 1 and 2, yellow 2 and 3, red 3 and 4." in out
    assert "All the cards you play must be the same colour" in out
    assert "A rainbow play is only for a turn that starts on a General Store (S)" in out
    assert "Nothing was typed" in out and "There is no choice 99" in out
    assert "q quits." in out and "You quit the game." in out


def test_a_play_typed_in_words_becomes_the_action_sequence() -> None:
    state, seat = at_decision("play")
    ui = RoadRallyUI()
    options = ui.options(state, seat)
    hand = state.view(seat)["mine"]["hand"]
    card = next(c for c in range(NUM_TYPES) if hand[c])
    expected = [A.PLAY_BASE + card, A.DONE_PLAYING]
    for text in (TOKENS[card], CARD_TYPES[card].name, f"  {TOKENS[card].upper()} "):
        assert ui.read_actions(text, state, seat, options) == expected
    assert ui.read_actions("1", state, seat, options) == list(options[0].actions)
    if hand[card] > 1:
        twice = [A.PLAY_BASE + card] * 2 + [A.DONE_PLAYING]
        assert ui.read_actions(f"{TOKENS[card]} {TOKENS[card]}", state, seat, options) == twice
        assert ui.read_actions(f"2x{TOKENS[card]}", state, seat, options) == twice
    with pytest.raises(InputError, match="only"):
        ui.read_actions(f"{TOKENS[card]} " * (hand[card] + 1), state, seat, options)


def _store_state() -> tuple[RoadRallyState, int]:
    state, seat = at_decision("play")
    state = cast(RoadRallyState, state.clone())
    state.rainbow = True  # as if the turn started on a General Store
    state.cards[seat].hand = [2, 2, 2, 2, 0, 2]
    return state, seat


def test_a_general_store_allows_five_cards_of_any_colours() -> None:
    state, seat = _store_state()
    ui = RoadRallyUI()
    options = ui.options(state, seat)
    assert any(o.label.startswith("rainbow: r4 r4 y3 y3 g2 (fastest)") for o in options)
    played = ui.read_actions("rainbow: g1 y3 r4", state, seat, options)
    assert played == [A.PLAY_BASE + 0, A.PLAY_BASE + 3, A.PLAY_BASE + 5, A.DONE_PLAYING]
    assert ui.read_actions("g1 y2", state, seat, options)[-1] == A.DONE_PLAYING
    with pytest.raises(InputError, match="at most 5 cards; that is 6"):
        ui.read_actions("g1 g1 g2 g2 y2 y2", state, seat, options)
    with pytest.raises(InputError, match="You have no red 3"):
        ui.read_actions("rainbow: r3", state, seat, options)
    assert "up to 5 cards of any colours" in ui.choice_title(state, seat)


def test_the_mechanic_order_is_typed_top_first() -> None:
    state, seat = at_decision("play")
    state = cast(RoadRallyState, state.clone())
    state.mode, state.mover = MECH, seat  # as if the car stopped at a Mechanic
    state.mech_cards, state.mech_order = [1, 0, 1, 0, 1, 2], []
    state.tasks.appendleft(("next_turn",))  # what follows the Mechanic
    ui = RoadRallyUI()
    options = ui.options(state, seat)
    assert [o.typed for o in options] == ["r4 r4 r3 y2 g1", "g1 y2 r3 r4 r4"]
    placed = ui.read_actions("r4 g1 r4 y2 r3", state, seat, options)
    assert placed == [A.MECH_BASE + c for c in (5, 0, 5, 2)]  # the last one follows
    assert ui.read_actions("y2", state, seat, options)[0] == A.MECH_BASE + 2
    with pytest.raises(InputError, match="g2 is not among the cards to put back"):
        ui.read_actions("g2 g1", state, seat, options)
    with pytest.raises(InputError, match="You typed y2 2 times but only 1 are shown"):
        ui.read_actions("y2 y2", state, seat, options)


@pytest.mark.parametrize(
    ("phase", "yes", "no", "yes_action", "no_action"),
    [
        ("shortcut", "y", "stay", A.TAKE_SHORTCUT, A.SKIP_SHORTCUT),
        ("reveal", "reveal", "n", A.REVEAL, A.PASS),
        ("reward", "p", "cards", A.TAKE_POINTS, A.TAKE_CARDS),
        ("gas", "b", "after", A.GAS_BEFORE, A.GAS_AFTER),
    ],
)
def test_yes_and_no_decisions(
    phase: str, yes: str, no: str, yes_action: int, no_action: int
) -> None:
    state, seat = at_decision(phase)
    ui = RoadRallyUI()
    options = ui.options(state, seat)
    assert ui.read_actions(yes, state, seat, options) == [yes_action]
    assert ui.read_actions(no, state, seat, options) == [no_action]
    assert ui.read_actions("2", state, seat, options) == [no_action]
    with pytest.raises(InputError, match="is not a choice here"):
        ui.read_actions("maybe", state, seat, options)


def test_parse_cards() -> None:
    assert parse_cards("g1, y3 + r4 and 2xg2") == [0, 3, 5, 1, 1]
    assert parse_cards("green 1 red4x2") == [0, 5, 5]
    for text, message in [("", "No cards"), ("b1", "is not a card"), ("y1", "no yellow 1")]:
        with pytest.raises(InputError, match=message):
            parse_cards(text)


# ----------------------------------------------------------------- hot seat
def test_a_hot_seat_game_hides_each_hand_between_turns() -> None:
    match, decisions = drive(8, players=3, humans=3)
    out = check_clean(play("--seed", "8", "--players", "3", "--hotseat", bots=""))
    assert "Hot seat: Player 1, Player 2 and Player 3 share this terminal" in out
    assert "The race is over." in out and "Final table" in out
    segments = re.split(r"Pass the keyboard to Player (\d) and press Enter \(q quits\):", out)
    assert "your hand" not in segments[0]  # before the first pass: nothing private
    holders = [int(n) - 1 for n in segments[1::2]]
    assert len(holders) > 10
    shown: list[tuple[int, list[int]]] = []
    for holder, text in zip(holders, segments[2::2], strict=True):
        assert f"Player {holder + 1} at the keyboard" in text
        owners = {int(n) - 1 for n in re.findall(r"Player (\d), your (?:hand|rally)", text)}
        assert owners == {holder}, (holder, owners)
        assert not HIDDEN_DRAW.search(text)
        for seat, cards in re.findall(r"Player (\d), your hand \(\d+\): (.*?) deck \d+", text):
            shown.append((int(seat) - 1, hand_counts(cards)))
    assert shown == [(seat, state.view(seat)["mine"]["hand"]) for seat, state in decisions]
    assert match.state.is_terminal()


def test_humans_and_bots_share_a_game() -> None:
    out = check_clean(play("--seed", "9", "--humans", "2", stdin="1\n" * 30 + "q\n"))
    assert "Hot seat: Player 1 and Player 2 share this terminal" in out
    assert "Bots drive the other cars: Player 3 (random), Player 4 (random)." in out
    assert "Pass the keyboard to Player 1" in out


# ---------------------------------------------------------- hidden information
def test_the_output_never_shows_another_seats_hidden_cards(tmp_path: Path) -> None:
    record_file = tmp_path / "rally.json"
    out = check_clean(play("--seed", "7", "--save", str(record_file)))
    record = MatchRecord.from_json(record_file.read_text(encoding="utf-8"))
    states = list(replay_states(record))
    others_drew = 0
    own: list[str] = []
    for index, (seat, action) in enumerate(record.actions):
        before = cast(RoadRallyState, states[index])
        if seat == CHANCE and before.mode_name == "draw" and not before.draw_to_top:
            if before.draw_seat == 0:
                own.append(CARD_TYPES[action].name)
            else:
                others_drew += 1
    assert others_drew > 50 and own
    assert not HIDDEN_DRAW.search(out)
    assert "You draw " + own[0] in out
    assert not re.search(r"Player \d (?:is|are) dealt rally cards \d", out)
    dealt = sorted(n for s, n in _deals(record, states) if s == 0)
    assert "You are dealt rally cards " + ", ".join(map(str, dealt[:-1])) in out
    for seat in (1, 2, 3):
        assert f"Player {seat + 1}, your hand" not in out
        assert not re.search(rf"Player {seat + 1}'s (?:hand|rally cards)", out)


def _deals(record: MatchRecord, states: list[State]) -> list[tuple[int, int]]:
    deals = []
    for index, (seat, action) in enumerate(record.actions):
        before = cast(RoadRallyState, states[index])
        if seat == CHANCE and before.mode_name == "deal":
            deals.append((before.deal_plan[0][0], action - A.RALLY_BASE + 1))
    return deals


def _lines(before: State, seat: int, action: int, viewer: int) -> list[str]:
    after = before.clone()
    after.apply_action(action, seat)
    names = Names(viewer, {s: "random" for s in range(1, 4)})
    return events.compact(events.entry_events(before, seat, action, after, names), names)


def test_narration_is_the_same_whatever_another_seat_drew() -> None:
    """Every draw, deal and Mechanic order of seats 1-3 could have been any other
    possible one: the lines seat 0 reads must not change."""
    match, _ = whole_game(21)[1:]
    states = [match.state.game.new_initial_state()]
    for seat, action in match.state.history():
        states.append(states[-1].clone())
        states[-1].apply_action(action, seat)
    checked = 0
    for index, (seat, action) in enumerate(match.state.history()):
        before = cast(RoadRallyState, states[index])
        owner = None
        if seat == CHANCE and before.mode_name in ("draw", "deal"):
            owner = before.draw_seat if before.mode_name == "draw" else before.deal_plan[0][0]
        elif seat != CHANCE and before.mode == MECH:
            owner = seat
        if owner is None or owner == 0:
            continue
        real = _lines(before, seat, action, viewer=0)
        phase = states[index + 1].view(None)["phase"]
        for other in before.legal_actions(None if seat == CHANCE else seat):
            after = before.clone()
            after.apply_action(other, seat)
            if after.view(None)["phase"] == phase:  # how many Mechanic steps is public
                assert _lines(before, seat, other, viewer=0) == real, (index, action, other)
        checked += 1
    assert checked > 50


def _screen(ui: RoadRallyUI, state: State, seat: int) -> str:
    console = quiet_console()
    ui.render(console, state, seat)
    for number, option in enumerate(ui.options(state, seat), start=1):
        console.print(f"{number}) {option.label}")
    text = console.export_text()
    assert "hand" in text
    return text


def quiet_console() -> Console:
    """A console that records what it prints instead of showing it."""
    return Console(record=True, width=100, color_system=None, file=io.StringIO())


def test_screens_are_the_same_whatever_the_others_hold() -> None:
    """Redeal everything seat 0 cannot see: its screen and choices stay the same."""
    _, decisions = drive(21)
    rng = Random(4)
    ui = RoadRallyUI()
    ui.bots, ui.humans, ui.legend_shown = {1: "random", 2: "random", 3: "random"}, [0], {0}
    for seat, state in decisions[::3]:
        real = _screen(ui, state, seat)
        for _ in range(2):
            assert _screen(ui, state.resample_hidden(seat, rng), seat) == real


def test_your_own_mechanic_order_is_told_only_to_you() -> None:
    state, seat = at_decision("mechanic")
    steps = [(seat, a) for a in RoadRallyUI().options(state, seat)[0].actions]
    mine = events.narrate(state, steps, Names(seat))
    theirs = events.narrate(state, steps, Names(1))
    assert any(line.startswith("You put the cards back on your deck, top first: ") for line in mine)
    assert not any(re.search(r"\b[gyr][1-4]\b|green|yellow|red", line) for line in theirs)


def test_a_tie_is_broken_by_the_final_order_of_the_cars() -> None:
    state = cast(RoadRallyState, whole_game(7)[1].state.clone())
    first, second = state.race_order()[:2]
    state.points[second] += state.totals()[first] - state.totals()[second]
    assert state.winners() == [first]
    console = quiet_console()
    RoadRallyUI().render_result(console, state)
    text = " ".join(console.export_text().split())
    total = state.totals()[first]
    pair = sorted((first, second), key=state.race_order().index)
    assert (
        f"Player {pair[0] + 1} and Player {pair[1] + 1} tie on {total} points; the final order "
        f"of the cars breaks the tie: Player {first + 1} is ahead, so Player {first + 1} wins."
    ) in text
