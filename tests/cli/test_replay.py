"""`roadtrip replay`: saved records step through in words; corrupt ones give exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from roadtrip.cli.main import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def flat(result: Result) -> str:
    return " ".join(result.output.split())


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, Result]:
    path = tmp_path / "game.json"
    result = run("play", "road-to-300", "--seed", "21", "--save", str(path), stdin="1\n" * 400)
    assert result.exit_code == 0, result.output
    return path, result


def final_score(result: Result) -> str:
    return next(line for line in result.output.splitlines() if line.startswith("Final score"))


def test_replay_prints_every_move_in_words_and_the_result(saved: tuple[Path, Result]) -> None:
    path, played = saved
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seed 21" in out
    assert "1. Roll " in out
    assert "You: cross " in out and "You: end on " in out
    assert "Step 3: your starting field" in out
    assert final_score(result) == final_score(played)
    record = json.loads(path.read_text())
    assert f"{len(record['actions'])} actions" in out


def test_replay_step_waits_for_enter(saved: tuple[Path, Result]) -> None:
    path, played = saved
    result = run("replay", str(path), "--step", stdin="\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Press Enter for the next move" in result.output
    assert "Your sheet" in result.output
    assert final_score(result) == final_score(played)


def test_replay_step_can_stop_or_run_out_of_input(saved: tuple[Path, Result]) -> None:
    path, _ = saved
    stopped = run("replay", str(path), "--step", stdin="\nq\n")
    assert stopped.exit_code == 0 and "Replay stopped." in stopped.output
    assert "Final score" not in stopped.output
    ran_out = run("replay", str(path), "--step", stdin="\n")
    assert ran_out.exit_code == 0 and "Final score" in ran_out.output
    assert ran_out.output.count("Press Enter") == 2


def test_an_unfinished_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    result = run("play", "road-to-300", "--seed", "2", "--save", str(path), stdin="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert "The game is not finished." in replayed.output


def test_a_two_player_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    args = ("play", "road-to-300", "--seed", "6", "--players", "2", "--save", str(path))
    played = run(*args, stdin="1\n" * 800)
    assert played.exit_code == 0, played.output
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "Player 2: cross " in result.output
    assert "Final scores" in result.output


def corrupt(path: Path, change: str) -> None:
    record = json.loads(path.read_text())
    if change == "action":
        first = next(i for i, (seat, _) in enumerate(record["actions"]) if seat == 0)
        record["actions"][first][1] = 71
    elif change == "returns":
        record["returns"] = [0.5]
    elif change == "game":
        record["game"] = "road-to-400"
    elif change == "format":
        record["format"] = "something else"
    elif change == "pair":
        record["actions"][0] = "roll"
    path.write_text(json.dumps(record))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("action", "(seat 0: 71) does not replay: 71 is not a legal action"),
        ("returns", "do not match replay"),
        ("game", "cannot be loaded"),
        ("format", "not a roadtrip match record"),
        ("pair", "action 0 must be a [seat, action] pair"),
    ],
)
def test_a_corrupt_record_exits_2_with_a_clear_message(
    saved: tuple[Path, Result], change: str, words: str
) -> None:
    path, _ = saved
    corrupt(path, change)
    result = run("replay", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Error: ") and words in result.stderr
    assert result.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("content", ["not json at all", "[1, 2]", "", "\xff\xfe"])
def test_a_file_that_is_not_a_record_exits_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1"))
    result = run("replay", str(path))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ")
    assert "Traceback" not in result.output


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("replay", str(tmp_path / "nowhere.json"))
    assert result.exit_code == 2
    assert "cannot read the record" in result.stderr
