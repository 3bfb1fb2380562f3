"""`roadtrip learn`: a tutorial driven from scripted input, to the hand-over."""

from __future__ import annotations

from typer.testing import CliRunner

from roadtrip.cli.main import app
from roadtrip.core import State
from roadtrip.core.tutorial import Tutorial
from roadtrip.games.tutorials import tutorial_script

runner = CliRunner()
Keys = tuple[str, ...]


def _intended_fields(game_id: str) -> list[str]:
    """The intended move of every step, typed as its number in the board's list."""
    from roadtrip.cli.learn import _chooser
    from roadtrip.cli.play import ui_for

    tutorial = Tutorial(tutorial_script(game_id))
    ui = _chooser(ui_for(game_id))
    typed: list[str] = []
    while not tutorial.finished:
        intended = tutorial.intended_action()
        choices = ui.choices(tutorial.state, tutorial.seat)
        typed.append(str([c.action for c in choices].index(intended) + 1))
        tutorial.attempt(intended)
    return typed


def test_learn_road_to_300_with_scripted_input_reaches_the_hand_over() -> None:
    typed = _intended_fields("road-to-300")
    # A wrong field at the first step (legal, not the tutorial's), then the prompts.
    stdin = "\n".join(["4,1", *typed, "q"]) + "\n"
    result = runner.invoke(app, ["learn", "road-to-300", "--seed", "3"], input=stdin)
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())  # Rich wraps lines at the terminal's width
    assert "step 1 of 8" in output and "step 8 of 8" in output
    assert "tutorial keeps the 1 for moving" in output
    assert "This step's move: cross 3,4 (move 1)." in output
    assert "docs/rules/road-to-300.md#step-2-cross-out-a-field" in output
    assert "Rules for later" in output
    assert "From here the dice and cards come from seed 3." in output
    assert "You quit the game." in output


def test_learn_typed_fields_work_like_in_play() -> None:
    stdin = "3,4\nq\n"
    result = runner.invoke(app, ["learn", "road-to-300"], input=stdin)
    assert result.exit_code == 0, result.output
    assert "step 2 of 8" in result.output
    assert "You left the tutorial." in result.output


def test_learn_an_unknown_game_is_a_usage_error_naming_the_tutorials() -> None:
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2
    assert "road-to-300" in result.output


def test_learn_road_rally_lists_one_action_per_choice_and_hands_over_to_a_bot() -> None:
    typed = _intended_fields("road-rally")
    stdin = "\n".join([*typed, "q"]) + "\n"
    result = runner.invoke(app, ["learn", "road-rally", "--seed", "4"], input=stdin)
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert f"step {len(typed)} of {len(typed)}" in output
    assert "plays a green 2" in output
    assert "reveals rally point card 1" in output
    assert "docs/rules/road-rally-usa.md#rally-scoring" in output
    assert "From here the dice and cards come from seed 4." in output


def test_learn_open_road_explains_a_wrong_card_and_hands_over_to_a_bot() -> None:
    typed = _intended_fields("open-road")
    # Miami instead of Jacksonville at the first step (legal, not the tutorial's).
    wrong = str(3 - int(typed[0]))
    stdin = "\n".join([wrong, *typed, "q"]) + "\n"
    result = runner.invoke(app, ["learn", "open-road", "--seed", "3"], input=stdin)
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert f"step 1 of {len(typed)}" in output and f"step {len(typed)} of {len(typed)}" in output
    assert "Miami lies further down Florida" in output
    assert "This step's move: keeps the East Coast card Jacksonville, FL." in output
    assert "docs/rules/the-open-road.md#landing-the-hotel-heartland-and-side-trip" in output
    # The other rider's scripted moves are told, as the board tells a bot's.
    assert "Player 2 plays Headwind against you" in output
    assert "Rules for later" in output
    assert "From here the dice and cards come from seed 3." in output
    assert "bots ride the other bikes: Player 2 (heuristic)" in output
    assert "You quit the game." in output


def test_learn_marks_the_steps_fields_and_dice_on_the_road_to_300_sheet() -> None:
    from rich.console import Console

    from roadtrip.cli.learn import run_tutorial
    from roadtrip.cli.road_to_300.board import MARKED, RoadTo300UI

    shown: list[tuple[str, ...]] = []

    class Spy(RoadTo300UI):
        def render_marked(self, console: Console, state: State, seat: int, keys: Keys) -> None:
            shown.append(keys)
            super().render_marked(console, state, seat, keys)

    tutorial = Tutorial(tutorial_script("road-to-300"))
    console = Console(record=True, width=120)
    assert run_tutorial(console, tutorial, Spy(), lambda prompt: "q") == "quit"
    assert shown == [("dice", "field:3,4")]  # the first step's keys, on the board
    ui = RoadTo300UI()
    table = ui.sheet_table(tutorial.state, 0, frozenset({"1,1"}), frozenset({"3,4"}))
    column_3 = list(table.columns[3].cells)  # columns: row number, then col 1..6
    assert column_3[3].style == MARKED  # row 4
    assert all(cell.style != MARKED for row, cell in enumerate(column_3) if row != 3)
    status = ui._status(tutorial.state, 0, frozenset({"dice"}))
    marked = [status.plain[s.start : s.end] for s in status.spans if s.style == MARKED]
    assert len(marked) == 1 and marked[0].startswith("Dice ")
