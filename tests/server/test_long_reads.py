"""Reads of long matches stay cheap and exact: replay steps from checkpoints
(core/checkpoints.py, server/match_reads.py) and the record made once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth

from roadtrip.core import checkpoints as checkpoints_module
from roadtrip.core.checkpoints import Checkpoints
from roadtrip.core.match import Match
from roadtrip.core.records import MatchRecord, replay_states
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.server import match_reads
from roadtrip.server.app import create_app
from roadtrip.server.storage import Grant, MemoryStore, SeatSpec, StoredMatch
from roadtrip.server.tokens import token_hash

SPECTATOR = "long-reads-spectator"


def random_match(game_id: str, players: int, seed: int) -> Match:
    match = Match(load_game(game_id, players=players), seed)
    match.advance()
    rng = Random(seed)
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(rng.choice(match.state.legal_actions(seat)), seat)
    return match


def stored_client(match: Match, seat_tokens: bool) -> Iterator[tuple[TestClient, MemoryStore]]:
    """An app whose store holds ``match`` (finished, all seats random bots) with a
    spectator token and, if asked, one token per seat (``seat-<n>``)."""
    store = MemoryStore()
    players = match.state.num_players()
    grants = {token_hash(SPECTATOR): Grant("long", ())}
    if seat_tokens:
        grants |= {token_hash(f"seat-{n}"): Grant("long", (n,)) for n in range(players)}
    store.create(
        StoredMatch(
            id="long",
            game=match.game.id,
            options=dict(match.game.options),
            seed=match.seed,
            seats=[SeatSpec(f"Random {n + 1}", bot="random") for n in range(players)],
            actions=match.state.history(),
            finished=True,
            returns=list(match.state.returns()),
            created_at=0.0,
        ),
        grants,
    )
    with TestClient(create_app(store)) as client:
        yield client, store


@pytest.fixture
def rally() -> Iterator[tuple[TestClient, Match]]:
    match = random_match("road-rally", 3, 4)
    for client, _ in stored_client(match, seat_tokens=True):
        yield client, match


def test_checkpoints_give_the_state_of_a_full_replay_at_every_step() -> None:
    match = random_match("road-rally", 3, 1)
    history = match.state.history()
    record = MatchRecord("road-rally", dict(match.game.options), match.seed, tuple(history))
    checkpoints = Checkpoints(match.game.new_initial_state(), every=7)
    for step, expected in enumerate(replay_states(record)):
        rebuilt = checkpoints.state_at(history, step)
        assert rebuilt.history() == expected.history()
        assert rebuilt.active_seats() == expected.active_seats()
        for viewer in (None, 0, 1, 2):
            assert rebuilt.view(viewer) == expected.view(viewer), (step, viewer)
    assert len(checkpoints) == len(history) // 7 + 1  # made once, as the steps passed them


def test_checkpoints_refuse_a_step_outside_the_history() -> None:
    match = random_match("road-rally", 3, 2)
    checkpoints = Checkpoints(match.game.new_initial_state())
    with pytest.raises(ValueError, match="between 0 and"):
        checkpoints.state_at(match.state.history(), match.state.move_number() + 1)


@pytest.mark.parametrize("every", [16, 256])
def test_replay_steps_equal_a_full_replay_for_every_seat_and_hide_the_other_hands(
    rally: tuple[TestClient, Match], every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, match = rally
    monkeypatch.setattr(checkpoints_module, "EVERY", every)
    history = match.state.history()
    record = MatchRecord("road-rally", dict(match.game.options), match.seed, tuple(history))
    states = list(replay_states(record))
    steps = [0, 1, 15, 16, 17, 100, 257, len(history) - 1, len(history)]
    differs = False
    for step in steps:
        expected = states[step]
        for token, viewer in [(SPECTATOR, None), ("seat-0", 0), ("seat-1", 1), ("seat-2", 2)]:
            shown = client.get(f"/api/matches/long/replay/{step}", headers=auth(token)).json()
            assert shown["step"] == step and shown["steps"] == len(history)
            assert shown["view"] == json.loads(json.dumps(expected.view(viewer))), (step, viewer)
        differs |= expected.view(0) != expected.view(1)
    assert differs, "the seats' views differ somewhere (hidden hands), so the check means it"


def counting_actions(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count every State.apply_action from now on (in a one-item list)."""
    count = [0]
    original = State.apply_action

    def counted(self: State, action: int, seat: int | None = None) -> None:
        count[0] += 1
        original(self, action, seat)

    monkeypatch.setattr(State, "apply_action", counted)
    return count


def test_a_replay_step_applies_fewer_actions_than_a_checkpoint_span_at_any_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = random_match("open-road", 2, 0)  # 9,737 moves
    total = match.state.move_number()
    assert total > 20 * checkpoints_module.EVERY
    for client, _ in stored_client(match, seat_tokens=False):
        client.get("/api/matches/long/state", headers=auth(SPECTATOR))  # loads it
        count = counting_actions(monkeypatch)
        for step in (total, total - 1, total // 2 + 255, 1, 0):
            before = count[0]
            shown = client.get(f"/api/matches/long/replay/{step}", headers=auth(SPECTATOR))
            assert shown.status_code == 200 and shown.json()["step"] == step
            # Was a replay from the start: ``step`` actions, 9,737 for the last.
            assert count[0] - before < checkpoints_module.EVERY


def test_the_record_is_serialized_once_and_reads_back_the_same(
    rally: tuple[TestClient, Match], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, match = rally
    made: list[Any] = []
    original = match_reads.record_json

    def counted(record: MatchRecord) -> str:
        made.append(record)
        return original(record)

    monkeypatch.setattr(match_reads, "record_json", counted)
    texts = [
        client.get("/api/matches/long/record", headers=auth(token)).text
        for token in (SPECTATOR, "seat-0", SPECTATOR)
    ]
    assert len(made) == 1 and texts[0] == texts[1] == texts[2]
    record = MatchRecord.from_json(texts[0])
    assert record.actions == tuple(match.state.history())
    assert record.to_dict() == json.loads(texts[0])
    assert record.meta["match_id"] == "long" and record.seed == match.seed
    assert texts[0].count("\n") < 2 * len(record.actions)  # one line per action, not 4


def test_record_json_of_a_record_without_actions() -> None:
    record = MatchRecord("road-to-300", {"players": 1}, 3, ())
    assert json.loads(match_reads.record_json(record)) == record.to_dict()
