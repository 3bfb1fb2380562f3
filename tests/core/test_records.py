"""Match records (core/records.py): JSON, exact replay, and CorruptRecord saying
what and where.  Every game's records are also checked by tests/conformance."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.core import CHANCE, CorruptRecord, Match, MatchRecord, State, replay, replay_states
from roadtrip.core.records import RECORD_FORMAT, RECORD_VERSION

SEED = 42  # the seed the fixture's match is played with (its records carry it)


def _play(players: int = 2, seed: int = SEED, **options: Any) -> State:
    """A match played to the end: chance from ``seed`` (as a Match draws it),
    decisions at random."""
    game = roadtrip.load_game("road-to-300", players=players, **options)
    rng = Random(seed)
    match = Match(game, seed)
    match.advance()
    while not match.state.is_terminal():
        seat = rng.choice(match.state.active_seats())
        match.act(rng.choice(match.state.legal_actions(seat)), seat)
    return match.state


@pytest.fixture(scope="module")
def finished() -> State:
    return _play(no_cross="pass")


@pytest.fixture
def data(finished: State) -> dict[str, Any]:
    return MatchRecord.of(finished, SEED, who="test").to_dict()


def test_record_holds_everything_needed(finished: State, data: dict[str, Any]) -> None:
    assert data["format"] == RECORD_FORMAT and data["version"] == RECORD_VERSION
    assert data["game"] == "road-to-300"
    assert data["options"] == dict(finished.game.options)
    assert data["seed"] == SEED
    assert data["actions"] == [list(pair) for pair in finished.history()]
    assert data["returns"] == finished.returns()
    assert data["meta"] == {"who": "test"}


def test_json_round_trip_is_exact(finished: State) -> None:
    record = MatchRecord.of(finished, SEED, who="test")
    for indent in (None, 2):
        assert MatchRecord.from_json(record.to_json(indent=indent)) == record
    assert MatchRecord.from_json(record.to_json().encode()) == record


def test_replay_rebuilds_the_final_state(finished: State) -> None:
    state = replay(MatchRecord.of(finished, SEED))
    assert state.history() == finished.history()
    assert state.view(None) == finished.view(None)
    assert state.returns() == finished.returns()


def test_replay_states_yields_every_state(finished: State) -> None:
    record = MatchRecord.of(finished, SEED)
    states = list(replay_states(record))
    assert len(states) == len(record.actions) + 1
    assert states[0].history() == []
    for index, state in enumerate(states):
        assert state.history() == list(record.actions[:index])
    assert states[-1].view(None) == finished.view(None)
    assert states[0].view(None) != states[-1].view(None)
    # Each yielded state is its own copy: playing on one leaves the next alone.
    second = states[1].view(None)
    states[0].apply_action(record.actions[0][1])
    assert states[1].view(None) == second


def test_an_unfinished_record_has_no_returns_and_replays() -> None:
    game = roadtrip.load_game("road-to-300")
    state = game.new_initial_state()
    state.apply_action(0)  # roll 1-1-1
    record = MatchRecord.of(state, None)
    assert record.returns is None and record.seed is None
    again = MatchRecord.from_json(record.to_json())
    assert replay(again).legal_actions() == state.legal_actions() == [0]


def test_optional_fields_default(data: dict[str, Any]) -> None:
    for key in ("options", "meta", "returns"):
        data.pop(key)
    data["options"] = {"players": 2, "no_cross": "pass"}
    record = MatchRecord.from_dict(data)
    assert record.meta == {} and record.returns is None
    assert replay(record).is_terminal()


def _corrupt(data: dict[str, Any], **changes: Any) -> str:
    return json.dumps({**data, **changes})


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"format": "pgn"}, "not a roadtrip match record"),
        ({"version": 2}, "version 2 is not supported"),
        ({"game": 300}, "'game' must be a game id"),
        ({"options": []}, "'options' must be an object"),
        ({"seed": True}, "'seed' must be an integer"),
        ({"seed": 1.5}, "'seed' must be an integer"),
        ({"actions": None}, "'actions' must be a list"),
        ({"actions": [[-1, 3], [0]]}, "action 1 must be a"),
        ({"actions": [[-1, True]]}, "action 0 must be a"),
        ({"actions": [(-1, 3.0)]}, "action 0 must be a"),
        ({"returns": 1.0}, "'returns' must be a list"),
        ({"returns": [True, 0.0]}, "'returns' must be a list"),
        ({"meta": "x"}, "'meta' must be an object"),
    ],
)
def test_malformed_records_say_what_is_wrong(
    data: dict[str, Any], changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(CorruptRecord, match=words):
        MatchRecord.from_json(_corrupt(data, **changes))


@pytest.mark.parametrize("text", ["", "{", "[1, 2", b"\xff\xfe", "null", "[]", '"record"'])
def test_not_json_or_not_an_object(text: str | bytes) -> None:
    with pytest.raises(CorruptRecord):
        MatchRecord.from_json(text)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game": "road-to-3000"}, "cannot be loaded: no game 'road-to-3000'"),
        ({"options": {"players": 9}}, "cannot be loaded: .*between 1 and 6"),
        ({"options": {"player": 2}}, "cannot be loaded: .*has no option"),
    ],
)
def test_records_whose_game_cannot_be_loaded(
    data: dict[str, Any], changes: dict[str, Any], words: str
) -> None:
    record = MatchRecord.from_json(_corrupt(data, **changes))
    with pytest.raises(CorruptRecord, match=words):
        replay(record)


def test_an_illegal_action_is_named_with_its_index(data: dict[str, Any]) -> None:
    actions = [list(pair) for pair in data["actions"]]
    index = next(i for i, (seat, _) in enumerate(actions) if seat >= 0)
    actions[index][1] = 71 if actions[index][1] != 71 else 70
    record = MatchRecord.from_json(_corrupt(data, actions=actions))
    with pytest.raises(CorruptRecord, match=rf"action {index} \(seat \d: \d+\) does not replay"):
        replay(record)


def test_a_chance_outcome_by_a_seat_is_refused(data: dict[str, Any]) -> None:
    actions = [[0, data["actions"][0][1]], *data["actions"][1:]]
    with pytest.raises(CorruptRecord, match=r"action 0 .*does not replay"):
        replay(MatchRecord.from_json(_corrupt(data, actions=actions)))


def test_a_decision_recorded_as_chance_is_refused(data: dict[str, Any]) -> None:
    actions = [list(pair) for pair in data["actions"]]
    index = next(i for i, (seat, _) in enumerate(actions) if seat >= 0)
    actions[index][0] = CHANCE
    with pytest.raises(CorruptRecord, match=rf"action {index} \(chance"):
        replay(MatchRecord.from_json(_corrupt(data, actions=actions)))


def test_a_claimed_result_needs_a_finished_game(data: dict[str, Any]) -> None:
    record = MatchRecord.from_json(_corrupt(data, actions=data["actions"][:-1]))
    with pytest.raises(CorruptRecord, match="do not finish the game"):
        replay(record)
    with pytest.raises(CorruptRecord, match="do not finish the game"):
        list(replay_states(record))


@pytest.mark.parametrize("returns", [[0.25, 0.25], [1.0], [0.0, 0.0, 0.0]])
def test_wrong_returns_are_refused(data: dict[str, Any], returns: list[float]) -> None:
    assert data["returns"] != returns
    record = MatchRecord.from_json(_corrupt(data, returns=returns))
    with pytest.raises(CorruptRecord, match="do not match replay"):
        replay(record)


def test_returns_within_rounding_are_accepted(data: dict[str, Any]) -> None:
    nudged = [r + 1e-12 for r in data["returns"]]
    assert replay(MatchRecord.from_json(_corrupt(data, returns=nudged))).is_terminal()


def test_actions_after_the_end_are_refused(data: dict[str, Any]) -> None:
    actions = [*data["actions"], data["actions"][0]]
    with pytest.raises(CorruptRecord, match=rf"action {len(actions) - 1} .*game is over"):
        replay(MatchRecord.from_json(_corrupt(data, actions=actions, returns=None)))
