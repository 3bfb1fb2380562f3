"""A record with a seed replays only the chance outcomes that seed draws
(core/records.py, issue 25): the forged Road to 300 record of the issue is refused,
matches' and simulator games' records verify, and the first step that differs is
named.  Every game's configurations: tests/conformance (test_a_record_replays_only_
the_draws_of_its_seed); the server, ``roadtrip play`` and ``roadtrip simulate`` as
sources: tests/server/test_record_seeds.py, tests/cli/test_replay_seeds.py."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import roadtrip
from roadtrip.core import (
    CHANCE,
    ChanceSampler,
    CorruptRecord,
    Match,
    MatchRecord,
    SeedMismatch,
    replay,
    replay_states,
)
from roadtrip.core.chance import ChanceStream, run_game_key
from roadtrip.sim.recording import run_game_record
from roadtrip.sim.runner import SimulationError, game_rngs

FORGED = Path(__file__).parent / "records" / "forged-road-to-300-325.json"


def forged() -> MatchRecord:
    return MatchRecord.from_json(FORGED.read_text(encoding="utf-8"))


def test_the_forged_record_of_the_issue_is_a_possible_winning_game() -> None:
    """The fixture: solo Road to 300, seed 1, dice chosen by hand; every roll is
    possible and the game ends on 325 points, a win (what replay accepted before)."""
    record = forged()
    assert record.game == "road-to-300" and record.seed == 1 and record.returns == (1.0,)
    final = replay(replace(record, seed=None))  # no seed: only possibility is checked
    assert final.scores() == [325.0] and final.returns() == [1.0]


def test_the_forged_record_is_refused_naming_the_first_roll_that_differs() -> None:
    record = forged()
    first = ChanceSampler(1).draw(roadtrip.load_game("road-to-300").new_initial_state(), 0)
    assert record.actions[0] == (CHANCE, 17) and first != 17
    with pytest.raises(SeedMismatch, match=r"^action 0 \(chance: roll 1-4-6, outcome 17\) is not"):
        replay(record)
    with pytest.raises(SeedMismatch, match="seed 1 draws there"):
        list(replay_states(record))
    assert issubclass(SeedMismatch, CorruptRecord)  # the CLI and server already map it


def _played(game_id: str, seed: int, **options: Any) -> Match:
    """A match driven by a fixed rule (the first legal action of the lowest seat)."""
    match = Match(roadtrip.load_game(game_id, **options), seed)
    match.advance()
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(match.state.legal_actions(seat)[0], seat)
    return match


def test_a_later_step_that_differs_is_the_one_named() -> None:
    record = _played("road-to-300", 8).record()
    chances = [i for i, (seat, _) in enumerate(record.actions) if seat == CHANCE]
    state = roadtrip.load_game("road-to-300").new_initial_state()
    for seat, action in record.actions[: chances[2]]:
        state.apply_action(action, None if seat == CHANCE else seat)
    drawn = record.actions[chances[2]][1]
    other = next(a for a, _ in state.chance_outcomes() if a != drawn)
    actions = list(record.actions)
    actions[chances[2]] = (CHANCE, other)
    with pytest.raises(SeedMismatch, match=rf"^action {chances[2]} \(chance: "):
        replay(replace(record, actions=tuple(actions), returns=None))
    assert replay(record).history() == list(record.actions)  # the true one verifies


def test_a_record_without_a_seed_is_not_verified_and_keeps_no_seed() -> None:
    record = replace(_played("road-to-300", 3).record(), seed=None)
    assert not record.verified_by_seed
    again = Match.from_record(record).record()  # a finished match continued as a Match
    assert again.seed is None and replay(again).is_terminal()


def test_a_simulator_game_record_draws_as_the_simulator_did() -> None:
    record = run_game_record("road-to-300", {"players": 2}, "greedy", 7, 4)
    assert record.run_game == 4 and record.seed == 7 and record.verified_by_seed
    text = record.to_json()
    assert json.loads(text)["run_game"] == 4
    again = MatchRecord.from_json(text)
    assert again == record and replay(again).is_terminal()
    # The same key as the runner's generators: one derivation, written once.
    assert game_rngs(7, 4)[0].random() == ChanceStream(7, 4).rng.random()
    assert run_game_key(7, 4) == "7:4"
    # Read as a match's record (or as another game of the run) it does not verify.
    with pytest.raises(SeedMismatch):
        replay(replace(record, run_game=None))
    with pytest.raises(SeedMismatch):
        replay(replace(record, run_game=5))
    assert Match.from_record(again).record().run_game == 4


@pytest.mark.parametrize(
    ("run_game", "words"),
    [
        (-1, "'run_game' must be a game index"),
        ("3", "'run_game' must be a game index"),
        (True, "'run_game' must be a game index"),
    ],
)
def test_a_malformed_run_game_is_refused(run_game: Any, words: str) -> None:
    data = run_game_record("road-to-300", {}, "random", 2, 0).to_dict()
    with pytest.raises(CorruptRecord, match=words):
        MatchRecord.from_dict({**data, "run_game": run_game})
    with pytest.raises(CorruptRecord, match="'run_game' needs the run's 'seed'"):
        MatchRecord.from_dict({**data, "seed": None})


def test_a_match_record_has_no_run_game_key() -> None:
    assert "run_game" not in _played("road-to-300", 1).record().to_dict()


def test_an_unfinished_simulator_record_cannot_continue_as_a_match() -> None:
    record = run_game_record("road-to-300", {}, "random", 2, 0)
    cut = replace(record, actions=record.actions[:3], returns=None)
    with pytest.raises(CorruptRecord, match="only continue from a match's record"):
        Match.from_record(cut)


def test_a_simulator_game_index_must_be_whole_and_not_negative() -> None:
    with pytest.raises(SimulationError, match="numbered from 0"):
        run_game_record("road-to-300", {}, "random", 2, -1)
