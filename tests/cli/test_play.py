"""`roadtrip play`: whole games from scripted stdin, input checking, seeds, hot seat, hints."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import roadtrip
from roadtrip.cli.choices import InputError
from roadtrip.cli.main import app
from roadtrip.cli.play import GenericUI, read_choice
from roadtrip.cli.road_to_300.board import RoadTo300UI
from roadtrip.core import CHANCE, Match, OptionValue, State
from roadtrip.core.state import fill_mentions, mention
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.sheet import WAITING

runner = CliRunner()
FIRST_CHOICE = "1\n" * 1000
FORMATS = ("{c},{r}", "{c} {r}", "({c}, {r})", " {c} , {r} ")


def play(*args: str, stdin: str = FIRST_CHOICE) -> Result:
    return runner.invoke(app, ["play", "road-to-300", *args], input=stdin)


def finish(
    seed: int,
    players: int = 1,
    picks: tuple[int, ...] = (-1,),
    watch: Callable[[Match], bool] | None = None,
    **options: OptionValue,
) -> tuple[Match, list[str]]:
    """Play a match, seat s choosing legal action ``picks[s % len(picks)]`` each time.

    Returns the match (stopped early once ``watch`` holds) and the fields typed."""
    match = Match(roadtrip.load_game("road-to-300", players=players, **options), seed)
    match.advance()
    lines: list[str] = []
    while not match.state.is_terminal() and not (watch and watch(match)):
        seat = match.state.active_seats()[0]
        action = match.state.legal_actions(seat)[picks[seat % len(picks)]]
        col, row = board.coords(action % board.CELLS)
        lines.append(FORMATS[len(lines) % len(FORMATS)].format(c=col, r=row))
        match.act(action, seat)
    return match, lines


@cache
def first_choice_games() -> dict[int, Match]:
    """Seeds 0..399 played choosing the first listed choice each time (as FIRST_CHOICE does)."""
    return {seed: finish(seed, picks=(0,))[0] for seed in range(400)}


def flat(result: Result) -> str:
    """The output with line wrapping undone (Rich wraps at the terminal width)."""
    return " ".join(result.output.split())


def check_clean(result: Result, code: int = 0) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output


def test_a_whole_game_typed_as_fields_reaches_the_right_score() -> None:
    match, lines = finish(seed=11)
    result = play("--seed", "11", stdin="\n".join(lines) + "\n")
    check_clean(result)
    score = match.state.view(None)["sheets"][0]["score"]
    assert f"Final score: {score}" in result.output
    assert ("You win!" if score >= 300 else "Not this time") in result.output
    assert "The game ended:" in result.output
    assert "is not a field" not in result.output


def test_bad_input_is_explained_and_the_game_goes_on() -> None:
    match = Match(roadtrip.load_game("road-to-300"), 5)
    match.advance()
    legal = set(match.state.legal_actions(0))
    dice = match.state.view(0)["sheets"][0]["dice"]
    unnamed = next(
        board.cell_name(c)
        for c in range(board.CELLS)
        if c not in legal and not {*board.coords(c)} <= {*dice}
    )
    stdin = f"hello\n7,1\n\n0\n{unnamed}\n" + FIRST_CHOICE
    result = play("--seed", "5", stdin=stdin)
    check_clean(result)
    out = flat(result)
    assert "'hello' is not a field" in out
    assert "7,1 is off the sheet" in out
    assert "Nothing was typed" in out
    assert "There is no choice 0" in out
    assert f"do not name {unnamed}" in out and "You can cross:" in out
    assert "Final score:" in out


def test_an_unreachable_destination_is_explained() -> None:
    match = Match(roadtrip.load_game("road-to-300"), 5)
    match.advance()
    match.act(match.state.legal_actions(0)[0], 0)
    destinations = {a - board.CELLS for a in match.state.legal_actions(0)}
    unreachable = next(
        board.cell_name(c)
        for c in range(board.CELLS)
        if c not in destinations and not match.state.sheets[0].blocked >> c & 1
    )
    result = play("--seed", "5", stdin=f"1\n{unreachable}\n" + FIRST_CHOICE)
    check_clean(result)
    assert f"{unreachable} cannot be reached" in flat(result)
    assert "You can end on:" in flat(result)


def test_the_same_seed_gives_the_same_game() -> None:
    first, second = play("--seed", "42"), play("--seed", "42")
    check_clean(first)
    assert first.output == second.output
    assert play("--seed", "43").output != first.output


def test_without_a_seed_one_is_chosen_and_printed() -> None:
    result = play()
    check_clean(result)
    found = re.search(r"Seed (\d+) \(play this game again with --seed \1\)", result.output)
    assert found is not None
    again = play("--seed", found.group(1))
    assert again.output.split("\n", 1)[1] == result.output.split("\n", 1)[1]


def test_a_failed_roll_is_explained() -> None:
    seed = next(
        s
        for s, m in first_choice_games().items()
        if any(a[0] == b[0] == -1 for a, b in pairwise(m.state.history()))
    )
    result = play("--seed", str(seed))
    check_clean(result)
    assert re.search(
        r"No field can be crossed with \d-\d-\d: rolling again \(failed rolls in a row: 1 of 3\)",
        flat(result),
    )


def test_three_failed_rolls_end_the_game_in_words() -> None:
    seed = next(s for s, m in first_choice_games().items() if m.state.sheets[0].ended == "no_cross")
    result = play("--seed", str(seed))
    check_clean(result)
    assert "failed rolls in a row: 3 of 3, so the game is over for you" in flat(result)
    assert "The game ended: three failed rolls in a row" in flat(result)


def test_no_legal_move_ends_the_game_in_words() -> None:
    seed = next(s for s, m in first_choice_games().items() if m.state.sheets[0].ended == "no_move")
    result = play("--seed", str(seed))
    check_clean(result)
    assert "No legal movement of" in flat(result)
    assert "The game ended: no legal move" in flat(result)


def test_hot_seat_two_players_plays_to_the_end() -> None:
    match, lines = finish(seed=8, players=2)
    result = play("--seed", "8", "--players", "2", stdin="\n".join(lines) + "\n")
    check_clean(result)
    out = flat(result)
    assert "Player 1, your field to cross" in out and "Player 2, your field to cross" in out
    assert "Final scores" in out
    winners = match.state.view(None)["winners"]
    scores = match.state.view(None)["sheets"]
    for seat, sheet in enumerate(scores):
        assert re.search(rf"Player {seat + 1}(?: \(winner\))? {sheet['score']} ", out)
    if len(winners) == 1:
        assert f"Player {winners[0] + 1} wins with" in out
    else:
        assert "Shared win" in out


def test_passing_on_a_failed_roll_is_explained() -> None:
    def sat_out(match: Match) -> bool:
        return any(s.failed and s.step == WAITING for s in match.state.sheets)

    seed, lines = next(
        (seed, lines)
        for seed in range(400)
        for match, lines in [finish(seed, players=2, picks=(0, -1), watch=sat_out, no_cross="pass")]
        if match.state.history() and sat_out(match)
    )
    stdin = "\n".join(lines) + "\n" + FIRST_CHOICE
    result = play("--seed", str(seed), "--players", "2", "--option", "no_cross=pass", stdin=stdin)
    check_clean(result)
    assert re.search(r"Player \d: No field can be crossed with \d-\d-\d: sitting out", flat(result))


def test_a_tie_is_shared() -> None:
    result = play("--seed", "3", "--players", "3")
    check_clean(result)
    assert "Shared win: Player 1, Player 2 and Player 3 tie with" in flat(result)


def test_hint_shows_the_advisors_top_choices_with_figures() -> None:
    result = play("--seed", "2", "--hint", "--hint-seconds", "0.05")
    check_clean(result)
    hints = re.findall(r"Hint \(advisor\): (.+)", result.output)
    assert hints and hints[0].startswith("cross ")
    assert any(h.startswith("end on ") for h in hints)
    # Solo with numba: compiled rollouts of the value network's greedy policy (the
    # default game is the one its weights were learned for); without: the search.
    assert (
        "Advice (rollouts of the value network's play, common dice)" in result.output
        if find_spec("numba")
        else "Advice (Monte Carlo tree search, greedy playouts)" in result.output
    )
    assert re.search(r"1\s+cross \d,\d.*\d+% \(\d+%-\d+%\)\s+\d+\.\d \(", result.output)


def test_quit_and_end_of_input_leave_cleanly() -> None:
    quit_result = play("--seed", "1", stdin="1\nq\n")
    check_clean(quit_result)
    assert "You quit the game." in quit_result.output
    assert "The game is not finished." in quit_result.output
    eof_result = play("--seed", "1", stdin="1\n")
    check_clean(eof_result)
    assert "End of input" in eof_result.output


def test_save_writes_the_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seed", "9", "--save", str(path))
    check_clean(result)
    assert "Record saved to" in result.output
    record = roadtrip.MatchRecord.from_json(path.read_text())
    assert record.seed == 9 and record.returns is not None
    assert record.actions == tuple(first_choice_games()[9].state.history())


# ------------------------------------------------------------ input parsing
def rolled(*dice: int) -> State:
    state = roadtrip.load_game("road-to-300").new_initial_state()
    state.apply_action(board.ROLL_INDEX[tuple(sorted(dice))])  # type: ignore[index]
    return state


@pytest.mark.parametrize("text", ["2,3", "2 3", "(2,3)", "2, 3", "2;3"])
def test_fields_are_read_in_several_spellings(text: str) -> None:
    state = rolled(2, 3, 5)
    ui = RoadTo300UI()
    assert read_choice(text, ui, state, 0, ui.choices(state, 0)) == board.cell_of(2, 3)


def test_a_choice_number_picks_from_the_list() -> None:
    state = rolled(2, 3, 5)
    ui = RoadTo300UI()
    choices = ui.choices(state, 0)
    assert read_choice("2", ui, state, 0, choices) == choices[1].action


def test_a_crossed_field_is_refused_with_the_reason() -> None:
    state = rolled(2, 2, 3)
    state.apply_action(board.cell_of(2, 2))
    state.apply_action(state.legal_actions()[0])
    state.apply_action(board.ROLL_INDEX[(2, 2, 5)])
    ui = RoadTo300UI()
    with pytest.raises(InputError, match="2,2 is already crossed out"):
        ui.parse("2,2", state, 0)


class _MentioningState:
    """Just enough of a State for GenericUI: texts that mention seats by mention()."""

    def num_players(self) -> int:
        return 2

    def legal_actions(self, seat: int) -> list[int]:
        return [1]

    def describe_action(
        self, action: int, seat: int, viewer: int | None, names: object = None
    ) -> str:
        return fill_mentions(f"{mention(1)} draws a card", names)  # type: ignore[arg-type]

    def action_to_string(self, action: int, seat: int, names: object = None) -> str:
        return fill_mentions(f"pass the bag to {mention(0)}", names)  # type: ignore[arg-type]


def test_the_terminal_calls_seats_by_their_names_in_chance_lines_and_choices() -> None:
    """Issue 11: "Chance: seat 2 draws a card" named the seat by number."""
    ui = GenericUI()
    state = _MentioningState()
    lines = ui.explain(state, CHANCE, 5, state)  # type: ignore[arg-type]
    assert lines == ["Chance: Player 2 draws a card"]
    assert [c.label for c in ui.choices(state, 0)] == ["pass the bag to Player 1"]  # type: ignore[arg-type]
