"""`roadtrip replay` checks a record against its seed and says so (issue 25): the
forged Road to 300 record is refused in one line; records saved by ``roadtrip
play`` and by ``roadtrip simulate --save-game`` verify, for every game; the terminal
draws 62-bit seeds and keeps a Road Rally seat's seed (hidden cards) to the end;
``--bots`` with one name per seat sets the number of seats."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from roadtrip.cli.main import app
from roadtrip.core import MatchRecord, replay

runner = CliRunner()
FORGED = Path(__file__).parents[1] / "core" / "records" / "forged-road-to-300-325.json"
VERIFIED = "verified by its seed"
NO_SEED = "No seed: chance outcomes only checked as possible"

# `roadtrip play` for every game: arguments and typed input (the first choice
# throughout; the long races are left after some moves, their record then unfinished).
PLAYS = {
    "road-to-300": ([], "1\n" * 400),
    "get-your-kicks": (["--players", "2"], "1\n" * 400),
    "mileage-may-vary": (["--players", "2"], "1\n" * 60 + "q\n"),
    "road-rally": (["--bots", "heuristic,heuristic"], "1\n" * 60 + "q\n"),
    "open-road": (["--players", "2", "--bots", "heuristic"], "1\n" * 60 + "q\n"),
}


def run(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def flat(result: Result) -> str:
    return " ".join(result.output.split())


def test_the_forged_record_is_refused_in_one_line_naming_the_step() -> None:
    result = run("replay", str(FORGED))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "You win" not in result.output
    assert result.stderr.startswith("Error: action 0 (chance: roll 1-4-6, outcome 17)")
    assert "is not what seed 1 draws there" in result.stderr
    assert result.stderr.strip().count("\n") == 0


def test_a_record_without_a_seed_says_its_outcomes_are_only_possible(tmp_path: Path) -> None:
    data = json.loads(FORGED.read_text(encoding="utf-8"))
    path = tmp_path / "no-seed.json"
    path.write_text(json.dumps({**data, "seed": None}), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert NO_SEED in flat(result) and VERIFIED not in flat(result)


@pytest.mark.parametrize("game_id", sorted(PLAYS))
def test_a_record_saved_by_play_verifies_by_its_seed(game_id: str, tmp_path: Path) -> None:
    args, typed = PLAYS[game_id]
    path = tmp_path / "played.json"
    played = run(
        "play", game_id, "--seed", "1234567890123", *args, "--save", str(path), stdin=typed
    )
    assert played.exit_code == 0, played.output
    record = MatchRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.seed == 1234567890123 and any(seat == -1 for seat, _ in record.actions)
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert f"Seed 1234567890123: {VERIFIED}" in flat(replayed)


@pytest.mark.parametrize(
    ("game_id", "args"),
    [
        ("road-to-300", ["--bot", "greedy"]),
        ("get-your-kicks", ["--players", "2", "--bot", "threshold"]),
        ("mileage-may-vary", ["--players", "2", "--bot", "threshold"]),
        ("road-rally", ["--players", "3", "--bot", "heuristic"]),
        ("open-road", ["--players", "2", "--bot", "heuristic"]),
    ],
)
def test_a_game_saved_by_simulate_is_that_game_and_verifies(
    game_id: str, args: list[str], tmp_path: Path
) -> None:
    path, rows = tmp_path / "game2.json", tmp_path / "run.jsonl"
    simulated = run(
        "simulate", game_id, *args, "-n", "3", "--seed", "9", "--engine",
        "--out", str(rows), "--save-game", "2", str(path), "--json",
    )  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    assert "wrote game 2 of the run" in " ".join(simulated.stderr.split())
    record = MatchRecord.from_json(path.read_text(encoding="utf-8"))
    row = next(r for r in map(json.loads, rows.read_text().splitlines()) if r["index"] == 2)
    assert record.run_game == 2 and record.seed == 9
    assert replay(record).scores() == row["scores"]  # the run's own game 2
    replayed = run("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert f"Seed 9 (game 2 of a simulator run): {VERIFIED}" in flat(replayed)


def test_save_game_outside_the_run_is_refused() -> None:
    result = run("simulate", "road-to-300", "-n", "3", "--save-game", "3", "x.json")
    assert result.exit_code == 2
    assert "--save-game 3: the games of this run are 0 to 2" in result.stderr


# ------------------------------------------------------------------ seeds
def drawn_seed(result: Result) -> int:
    found = re.search(
        r"(?:Seed|This was seed) (\d+) \(play this game again with --seed \1\)", flat(result)
    )
    assert found is not None, result.output
    return int(found.group(1))


def test_the_terminal_draws_62_bit_seeds() -> None:
    seeds = [drawn_seed(run("play", "road-to-300", stdin="q\n")) for _ in range(4)]
    assert all(0 <= seed < 2**62 for seed in seeds)
    assert max(seeds) >= 2**40  # below a million before: searchable from one's own cards


def test_a_road_rally_seed_is_shown_only_when_the_game_is_left() -> None:
    result = run("play", "road-rally", "--bots", "random", stdin="1\n" * 30 + "q\n")
    assert result.exit_code == 0, result.output
    out = flat(result)
    assert "Seed drawn at random: shown when the game ends" in out
    seed = drawn_seed(result)
    shown = out.index(f"This was seed {seed}")
    assert str(seed) not in out[:shown]
    assert out.index("You quit the game.") < shown
    again = run(
        "play", "road-rally", "--bots", "random", "--seed", str(seed), stdin="1\n" * 30 + "q\n"
    )
    assert (
        flat(again).split("You quit the game.")[0].split("Road Rally USA:", 1)[1]
        == (out.split("You quit the game.")[0].split("Road Rally USA:", 1)[1])
    )


def test_a_road_rally_seed_given_is_echoed_and_a_finished_game_names_it() -> None:
    given = run("play", "road-rally", "--bots", "random", "--seed", "77", stdin="q\n")
    assert "Seed 77" in flat(given) and "drawn at random" not in flat(given)
    finished = run(
        "play", "road-rally", "--players", "2", "--bots", "heuristic", stdin="1\n" * 3000
    )
    assert finished.exit_code == 0, finished.output
    out = flat(finished)
    seed = int(re.findall(r"this was seed (\d+)\)\.", out)[-1])
    assert str(seed) not in out[: out.index(f"this was seed {seed}")]


# ------------------------------------------------------------- seat count
def test_bots_named_one_per_seat_set_the_number_of_cars() -> None:
    result = run("play", "road-rally", "--bots", "heuristic,random", "--seed", "3", stdin="q\n")
    assert result.exit_code == 0, result.output
    assert "Player 2 (heuristic), Player 3 (random)" in flat(result)
    assert "Player 4" not in flat(result)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bots", "a,b,c,d,e"], "--bots names 5 bots and 1 human(s) play: that is 6 cars, "),
        (["--humans", "2", "--bots", "a,b,c,d"], "that is 6 cars, but road-rally seats 2-5"),
        (["--players", "4", "--bots", "random,random"], "--bots names 2 bots for 3 bot seats"),
    ],
)
def test_a_seat_count_that_cannot_be_is_explained(args: list[str], words: str) -> None:
    result = run("play", "road-rally", *args, stdin="q\n")
    assert result.exit_code == 2, result.output
    assert words in flat(result) and "Traceback" not in result.output
