"""`roadtrip review RECORD`: the advisor's verdict on each decision of a seat in a
finished match (issue 12, item 4): best choice, what the choice made gave up, the
total and the three costliest decisions; --json; clear errors."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from random import Random

import pytest
from typer.testing import CliRunner, Result

import roadtrip
from roadtrip.bots.advice import advisor_for
from roadtrip.cli.main import app
from roadtrip.core import Match, replay_states

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def save(path: Path, game_id: str, seed: int, pick: int = 0, **options: int) -> Match:
    """Play a match to the end, every seat taking its ``pick``-th legal choice (or a
    random one with pick -1), and save its record at ``path``."""
    match = Match(roadtrip.load_game(game_id, **options), seed)
    rng = Random(seed)
    match.advance()
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        legal = match.state.legal_actions(seat)
        match.act(legal[pick] if pick >= 0 else rng.choice(legal), seat)
    path.write_text(match.record().to_json(indent=2), encoding="utf-8")
    return match


def test_json_review_judges_every_real_decision_of_the_seat(tmp_path: Path) -> None:
    record = tmp_path / "r300.json"
    match = save(record, "road-to-300", seed=21, pick=-1)
    result = run("review", str(record), "--seconds", "0.05", "--json")
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["measure"] == "win" and review["seat"] == 0
    history = match.state.history()
    states = list(replay_states(match.record()))
    choices = [
        i
        for i, (seat, _) in enumerate(history)
        if seat == 0 and len(states[i].legal_actions(0)) > 1
    ]
    assert [d["index"] for d in review["decisions"]] == choices
    assert review["forced"] == sum(1 for seat, _ in history if seat == 0) - len(choices)
    for decision in review["decisions"]:
        index = decision["index"]
        assert decision["chosen"]["action"] == history[index][1]
        assert decision["chosen"]["label"] == states[index].describe_action(history[index][1], 0, 0)
        assert decision["win_lost"] == pytest.approx(
            decision["best"]["win"] - decision["chosen"]["win"]
        )
        assert decision["cost"] == decision["win_lost"] >= 0
        low, high = decision["cost_interval"]
        assert -1.0 <= low <= decision["cost"] <= high <= 1.0
        low, high = decision["win_lost_interval"]
        assert low <= decision["win_lost"] <= high
        assert decision["budget"] == "full"
        if decision["label"] is not None:  # only where the interval supports it
            assert low > review["thresholds"]["inaccuracy"]
    assert review["total"] == pytest.approx(sum(d["cost"] for d in review["decisions"]))
    costs = {d["index"]: d["cost"] for d in review["decisions"]}
    costliest = review["costliest"]
    assert len(costliest) <= 3
    assert [costs[i] for i in costliest] == sorted((costs[i] for i in costliest), reverse=True)
    others = [c for i, c in costs.items() if i not in costliest]
    assert all(c <= min(costs[i] for i in costliest) for c in others) if costliest else True


def test_the_table_names_best_choices_total_and_costliest(tmp_path: Path) -> None:
    record = tmp_path / "r300.json"
    save(record, "road-to-300", seed=5, pick=-1)
    result = run("review", str(record), "--seconds", "0.05")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Review of Player 1 (seat 1) in road-to-300" in out
    assert "advisor's best" in out and "given up" in out
    assert re.search(
        r"Total given up: \d+\.\d percentage points of the chance to win "
        r"\(\d+\.\d-\d+\.\d\) over \d+",
        out,
    )
    assert "Costliest decisions: 1. move" in out or "No decision gave anything up" in out


def test_solo_main_street_is_reviewed_in_expected_turns(tmp_path: Path) -> None:
    record = tmp_path / "gyk.json"
    save(record, "get-your-kicks", seed=3, pick=0, players=1)
    result = run("review", str(record), "--seconds", "0.02", "--json")
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["measure"] == "turns" and review["score_name"] == "expected turns"
    for decision in review["decisions"]:
        assert decision["cost"] == max(decision["score_lost"], 0.0) >= 0
        # The solved tables: exact figures, zero-width intervals, paired by nature.
        assert decision["cost_interval"] == [decision["cost"], decision["cost"]]
    table = run("review", str(record), "--seconds", "0.02")
    assert "expected turns (exact) over" in " ".join(table.stdout.split())


def test_another_seat_of_a_multiplayer_match(tmp_path: Path) -> None:
    record = tmp_path / "gyk2.json"
    save(record, "get-your-kicks", seed=4, pick=-1, players=2)
    result = run("review", str(record), "--seat", "2", "--seconds", "0.02", "--json")
    review = json.loads(result.stdout)
    assert review["seat"] == 1 and review["measure"] == "win"
    record_data = json.loads(record.read_text(encoding="utf-8"))
    seats = {record_data["actions"][d["index"]][0] for d in review["decisions"]}
    assert seats == {1}


def test_a_seat_the_match_does_not_have_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "r300.json"
    save(record, "road-to-300", seed=2)
    result = run("review", str(record), "--seconds", "0.02", "--seat", "3")
    assert result.exit_code == 2 and "this match has 1 seat\n" in result.stderr


def test_an_unfinished_or_missing_record_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "half.json"
    match = Match(roadtrip.load_game("road-to-300"), 3)
    match.advance()
    record.write_text(match.record().to_json(), encoding="utf-8")
    result = run("review", str(record))
    assert result.exit_code == 2 and "not finished" in result.stderr
    missing = run("review", str(tmp_path / "nothing.json"))
    assert missing.exit_code == 2 and "cannot read the record" in missing.stderr


def test_a_given_up_chance_is_never_printed_as_a_negative_chance(tmp_path: Path) -> None:
    """The review once printed "-100%" in the given-up column: a chance to win
    given up is printed as percentage points with its interval, never as a
    negative percentage."""
    record = tmp_path / "rr.json"
    save(record, "road-rally", seed=8, pick=-1, players=2)
    result = run("review", str(record), "--seconds", "0.01", "--match-seconds", "0.05")
    assert result.exit_code == 0, result.output
    assert not re.search(r"-\d+%", result.stdout)
    out = " ".join(result.stdout.split())
    # no room for a quick look at every decision in 0.05 s: the rest are counted
    assert "beyond the match's budget and not judged" in out


def test_a_match_budget_judges_the_costliest_first_and_says_so(tmp_path: Path) -> None:
    """Issue 23 item 4: with room for a quick look at every decision (half the
    match's budget), the costliest of them are judged again at the full budget."""
    record = tmp_path / "r300.json"
    save(record, "road-to-300", seed=21, pick=-1)
    game = roadtrip.load_game("road-to-300")
    calibration = advisor_for(game).calibration(game)
    assert calibration is not None
    quick = calibration.seconds(calibration.minimum)
    # The quick looks alone (every engine's minimum units), with no match budget.
    tiny = run("review", str(record), "--seconds", "0.001", "--json")
    plain = json.loads(tiny.stdout)
    count = len(plain["decisions"])
    match_seconds = 2 * count * quick  # the quick looks take half of it
    result = run(
        "review", str(record), "--seconds", "0.02", "--match-seconds", f"{match_seconds}", "--json"
    )
    review = json.loads(result.stdout)
    full = [d for d in review["decisions"] if d["budget"] == "full"]
    quick_only = [d for d in review["decisions"] if d["budget"] == "minimum"]
    assert len(full) == math.floor((match_seconds - count * quick) / 0.02 + 1e-9) > 0
    assert review["at_minimum_budget"] == len(quick_only) > 0
    # Those judged again were the ones whose first look left the most room for loss.
    first = {d["index"]: d["cost_interval"][1] for d in plain["decisions"]}
    assert min(first[d["index"]] for d in full) >= max(first[d["index"]] for d in quick_only)
