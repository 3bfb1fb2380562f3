"""`roadtrip play` for America's Main Street (Get Your Kicks, Your Mileage May Vary):
whole games from scripted stdin, the words typed, busts, placements and endings
explained, the odds shown, seeds, hot seat and hints."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import roadtrip
from roadtrip.cli.choices import InputError
from roadtrip.cli.main import app
from roadtrip.cli.main_street import draw
from roadtrip.cli.main_street.board import KicksUI, MileageUI
from roadtrip.cli.play import BOARDS, read_choice, ui_for
from roadtrip.core import Match, OptionValue, State
from roadtrip.games.main_street.base import GO_ON, STOP

runner = CliRunner()
GYK, YMMV = "get-your-kicks", "mileage-may-vary"
GO_WORDS = {GYK: ("c", "continue", "d", "draw", "2", " Draw "), YMMV: ("f", "fill", "fill up", "2")}
STOP_WORDS = {GYK: ("s", "stop", "conclude", "1", "Conclude"), YMMV: ("s", "stop", "1", "STOP")}
ALWAYS_STOP = "s\n" * 400


def play(game_id: str, *args: str, stdin: str = ALWAYS_STOP) -> Result:
    return runner.invoke(app, ["play", game_id, *args], input=stdin)


def flat(result: Result) -> str:
    """The output with line wrapping undone (Rich wraps at the terminal width)."""
    return " ".join(result.output.split())


def check_clean(result: Result) -> str:
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return flat(result)


def taken(state: State) -> int:
    """Cubes in the casino (Get Your Kicks) or fill-ups on the pumps (Mileage)."""
    view = state.view(None)
    return len(view["casino"]) if view["game"] == GYK else int(view["fill_ups"])


def drive(
    game_id: str, seed: int, players: int = 1, go_until: int = 0, **options: OptionValue
) -> tuple[Match, list[str]]:
    """Play a match going on while fewer than ``go_until`` cubes (GYK) or fill-ups
    (YMMV) are out, typing the decisions in every spelling; returns the lines typed."""
    match = Match(roadtrip.load_game(game_id, players=players, **options), seed)
    match.advance()
    lines: list[str] = []
    while not match.state.is_terminal():
        seat = match.state.current_player()
        go = GO_ON in match.state.legal_actions(seat) and taken(match.state) < go_until
        words = GO_WORDS[game_id] if go else STOP_WORDS[game_id]
        lines.append(words[len(lines) % len(words)])
        match.act(GO_ON if go else STOP, seat)
    return match, lines


def stdin(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


@cache
def solo_gyk_endings() -> dict[int, str]:
    """How solo Get Your Kicks ends for seeds 0..59, always concluding at once."""
    return {seed: str(drive(GYK, seed)[0].state.view(None)["ended"]) for seed in range(60)}


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize(("game_id", "go_until"), [(GYK, 2), (YMMV, 2)])
def test_a_solo_game_typed_in_words_reaches_the_right_result(game_id: str, go_until: int) -> None:
    match, lines = drive(game_id, 21, go_until=go_until)
    out = check_clean(play(game_id, "--seed", "21", stdin=stdin(lines)))
    view = match.state.view(None)
    turns = view["turns"][0]
    assert "The game ended:" in out and "The game is over:" in out
    assert "is not a choice" not in out and "Nothing was typed" not in out
    if view["winners"] == [0]:
        assert f"You win in {turns} turns" in out
    else:
        assert f"Not a win this time: {turns} turns" in out
    if game_id == GYK:
        assert f"{view['mats'][0]['points']} points" in out
    else:
        assert f"{view['mats'][0]['boxes_filled']} of 25 boxes" in out


@pytest.mark.parametrize("game_id", [GYK, YMMV])
def test_a_three_seat_hot_seat_game_plays_to_the_end(game_id: str) -> None:
    match, lines = drive(game_id, 8, players=3, go_until=2)
    out = check_clean(play(game_id, "--seed", "8", "--players", "3", stdin=stdin(lines)))
    view = match.state.view(None)
    for seat in range(3):
        assert f"Player {seat + 1}'s turn · their turn" in out
        assert f"Player {seat + 1}'s mat" in out
    assert re.search(r"Other mats \([a-z ,0-9]+\): Player 2: CA", out)
    assert "Final table" in out
    for seat, mat in enumerate(view["mats"]):
        score = mat["points"] if game_id == GYK else f"{mat['boxes_filled']}/25"
        turns, busts = view["turns"][seat], view["busts"][seat]
        assert re.search(rf"Player {seat + 1}(?: ★)? (?:\S+ ){{9}}{score} {turns} {busts} ", out)
    winners = view["winners"]
    if len(winners) == 1:
        assert f"Player {winners[0] + 1} wins with" in out
    else:
        assert "Shared win:" in out


def test_a_solo_game_with_the_choice_numbers() -> None:
    match, _ = drive(YMMV, 4)
    out = check_clean(play(YMMV, "--seed", "4", stdin="1\n" * 400))
    assert f"You win in {match.state.view(None)['turns'][0]} turns" in out


# ---------------------------------------------------------------- input
def test_bad_input_is_explained_and_the_game_goes_on() -> None:
    out = check_clean(play(GYK, "--seed", "5", stdin="hello\nf\n\n9\nfill up\n" + ALWAYS_STOP))
    assert "'hello' is not a choice here: type c (continue: draw another cube) or s" in out
    assert "'f' is a word of Your Mileage May Vary; in this game type c" in out
    assert "Nothing was typed" in out
    assert "There is no choice 9: the choices are numbered 1 to 2" in out
    assert "'fill up' is a word of Your Mileage May Vary" in out
    assert "The game ended:" in out


def test_bad_input_in_mileage_names_the_right_words() -> None:
    out = check_clean(play(YMMV, "--seed", "5", stdin="c\nconclude\nmaybe\n" + ALWAYS_STOP))
    assert "'c' is a word of Get Your Kicks; in this game type f (fill up again" in out
    assert "'conclude' is a word of Get Your Kicks" in out
    assert "'maybe' is not a choice here: type f (fill up again: three more cubes) or s" in out
    assert "You win in" in out


def test_going_on_is_refused_when_the_bag_cannot_fill_up() -> None:
    state = roadtrip.load_game(YMMV, short_bag="refuse").new_initial_state()
    for cube in (1, 1, 2):
        state.apply_action(cube)
    state.bag = [0, 2] + [0] * 7  # type: ignore[attr-defined]
    state.bag_total = 2  # type: ignore[attr-defined]
    ui = MileageUI()
    assert [c.action for c in ui.choices(state, 0)] == [STOP]
    with pytest.raises(InputError, match="the bag holds only 2 cubes and a fill-up needs 3"):
        ui.parse("f", state, 0)
    assert read_choice("S", ui, state, 0, ui.choices(state, 0)) == STOP
    assert ui.prompt(state, 0) == "Stop (s)? (or 1; q quits): "


def test_quit_and_end_of_input_leave_cleanly() -> None:
    quit_out = check_clean(play(GYK, "--seed", "1", stdin="s\nq\n"))
    assert "You quit the game." in quit_out and "The game is not finished." in quit_out
    eof_out = check_clean(play(YMMV, "--seed", "1", "--players", "2", stdin="s\n"))
    assert "End of input" in eof_out and "Standing so far" in eof_out


# ---------------------------------------------------------------- seeds, hints, records
@pytest.mark.parametrize("game_id", [GYK, YMMV])
def test_the_same_seed_gives_the_same_game(game_id: str) -> None:
    first, second = play(game_id, "--seed", "42"), play(game_id, "--seed", "42")
    check_clean(first)
    assert first.output == second.output
    assert play(game_id, "--seed", "43").output != first.output


@pytest.mark.parametrize("game_id", [GYK, YMMV])
def test_hint_prints_a_recommendation_with_expected_turns(game_id: str) -> None:
    result = play(game_id, "--seed", "2", "--hint", "--hint-seconds", "0.02")
    out = check_clean(result)
    hints = re.findall(r"Hint \(advisor\): (\w+)", out)
    assert hints and set(hints) <= {"conclude", "continue", "stop", "fill"}
    assert "expected turns (95%)" in out
    # solo: the solved tables, exact (no interval), to the hundredth of a turn; won
    assert "Advice (exact: the solved solo tables" in out
    assert re.search(r"100%\s+\d+\.\d\d\s", out)


def test_every_main_street_game_has_its_board() -> None:
    assert GYK in BOARDS and YMMV in BOARDS
    assert isinstance(ui_for(GYK), KicksUI) and isinstance(ui_for(YMMV), MileageUI)


def test_save_and_options_write_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "kicks.json"
    result = play(
        GYK, "--seed", "9", "-o", "end=finish_round", "--players", "2", "--save", str(path)
    )
    assert "Record saved to" in check_clean(result)
    record = roadtrip.MatchRecord.from_json(path.read_text())
    assert record.seed == 9 and record.returns is not None
    replayed = check_clean(runner.invoke(app, ["replay", str(path)]))
    assert "Player 1 draws a" in replayed and "Final table" in replayed


# ---------------------------------------------------------------- events in words
def test_draws_busts_and_placements_in_get_your_kicks() -> None:
    match, lines = drive(GYK, 6, go_until=4)
    assert match.state.view(None)["busts"][0] > 0
    out = check_clean(play(GYK, "--seed", "6", stdin=stdin(lines)))
    assert re.search(r"You draw an? [a-z ]+ cube \([A-Z][A-Za-z 0-9]+\)", out)
    assert re.search(r"([A-Z][a-z ]+) again! The casino busts: \d cubes go back into the bag", out)
    assert re.search(r"You conclude: \d cubes? placed: [a-z ]+ on ", out)
    assert "Turn 2 begins." in out


def test_fill_ups_busts_and_excess_in_mileage() -> None:
    match, lines = drive(YMMV, 6, go_until=3)
    assert match.state.view(None)["busts"][0] > 0
    out = check_clean(play(YMMV, "--seed", "6", stdin=stdin(lines)))
    assert re.search(r"Fill-up 1: [a-z ,]+\. Your fuel colours this turn: ", out)
    assert re.search(r"Fill-up 2: [a-z ,]+\. [A-Z][a-z ,]+ matches your fuel: 6 cubes", out)
    assert re.search(r"No cube matches your fuel colours [a-z ,]+: all \d+ cubes go back", out)
    assert re.search(r"You stop: \d+ cubes? placed; \d+ excess [a-z ,()]+ returns? to the bag", out)
    assert "You fill up again (fill-up 2)." in out


@pytest.mark.parametrize(
    ("option", "verdict"), [("loss", "Not a win this time"), ("win", "You win")]
)
def test_six_black_cubes_end_a_solo_game(option: str, verdict: str) -> None:
    seed = next(s for s, ended in solo_gyk_endings().items() if ended == "six_black")
    match, _ = drive(GYK, seed)
    turns = match.state.view(None)["turns"][0]
    out = check_clean(play(GYK, "--seed", str(seed), "-o", f"solo_six_black={option}"))
    assert "The game is over: you have six black cubes on the Route 66 sign." in out
    assert f"It ended by six black cubes after {turns} turns: with solo_six_black={option}" in out
    assert f"that counts as a {option}" in out
    assert f"{verdict}{' in' if option == 'win' else ':'} {turns} turns" in out


def test_a_complete_mat_wins_solo_get_your_kicks() -> None:
    seed = next(s for s, ended in solo_gyk_endings().items() if ended == "complete")
    out = check_clean(play(GYK, "--seed", str(seed)))
    assert "you have a cube on all eight states and the Route 66 sign" in out
    assert "You win in" in out


def test_finish_round_announces_the_last_round() -> None:
    seed, lines = next(
        (seed, lines)
        for seed in range(40)
        for match, lines in [drive(YMMV, seed, players=3, end="finish_round")]
        if match.state.view(None)["trigger"] != 2
    )
    args = ("--seed", str(seed), "--players", "3", "-o", "end=finish_round")
    out = check_clean(play(YMMV, *args, stdin=stdin(lines)))
    assert re.search(r"Player [12] has filled all 25 boxes: the game ends when this round", out)


# ---------------------------------------------------------------- the odds shown
def test_the_bust_chance_is_exact_from_the_bag() -> None:
    match = Match(roadtrip.load_game(GYK), 12)
    match.advance()
    state = match.state
    state.apply_action(GO_ON, 0)
    first = state.view(0)["casino"][0]
    state.apply_action(next(c for c, _ in state.chance_outcomes() if c != first))
    view = state.view(0)
    drawing = state.clone()
    drawing.apply_action(GO_ON, 0)
    exact = sum((p for c, p in drawing.chance_outcomes_exact() if c in view["casino"]), Fraction())
    assert draw.bust_chance(view) == exact
    label = KicksUI().choices(state, 0)[1].label
    assert f"({exact * view['bag_total']}/{view['bag_total']} = " in label


def _miss(state: State, fuel: set[int], left: int) -> Fraction:
    """Exact chance (by enumerating the draws) that the next ``left`` cubes miss ``fuel``."""
    if not left:
        return Fraction(1)
    total = Fraction(0)
    for cube, chance in state.chance_outcomes_exact():
        if cube not in fuel:
            after = state.clone()
            after.apply_action(cube)
            total += chance * _miss(after, fuel, left - 1)
    return total


def test_the_fill_up_miss_chance_is_the_hypergeometric_one() -> None:
    match = Match(roadtrip.load_game(YMMV), 3)
    match.advance()
    view = match.state.view(0)
    going_on = match.state.clone()
    going_on.apply_action(GO_ON, 0)
    expected = _miss(going_on, set(view["fuel"]), 3)
    assert draw.miss_chance(view, 3) == expected
    screen = check_clean(play(YMMV, "--seed", "3", stdin="q\n"))
    assert f"(and busts): {draw.percent(expected)}" in screen


def test_an_empty_bag_ends_the_game_in_words() -> None:
    state = roadtrip.load_game(GYK).new_initial_state()
    state.bag = [0, 1] + [0] * 7  # type: ignore[attr-defined]
    state.bag_total = 1  # type: ignore[attr-defined]
    state.apply_action(1)
    ui = KicksUI()
    assert ui.choice_title(state, 0) == "Turn 1: the bag is empty, so you can only conclude"
    with pytest.raises(InputError, match="You cannot continue now: the bag is empty"):
        ui.parse("c", state, 0)
    after = state.clone()
    after.apply_action(STOP, 0)
    events = ui.explain(state, 0, STOP, after)
    assert events == [
        "You conclude: 1 cube placed: red on Arizona (+2 points, 2 in all).",
        "The game is over: the bag is empty, so no turn can start.",
    ]
    console = Console(record=True, width=100)
    ui.render_result(console, after)
    text = console.export_text()
    assert "The game ended: the bag is empty, so no turn can start." in text
    assert "Not a win this time: 1 turn, 2 points." in text
