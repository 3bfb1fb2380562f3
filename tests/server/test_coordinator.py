"""The match coordinator on the in-memory fakes: the only authority over matches."""

from __future__ import annotations

import copy
import json
from random import Random
from typing import Any

import pytest
from server_kit import (
    GAME,
    CheckingTransport,
    choose,
    decisions_of,
    human_step,
    play_to_end,
    reference_state,
    seats,
)

from roadtrip.bots import bot_names
from roadtrip.core.errors import GameOver, IllegalMove, InvalidOption, NotYourTurn, UnknownGame
from roadtrip.core.records import replay
from roadtrip.core.state import CHANCE
from roadtrip.server.coordinator import AccessDenied, Coordinator, NotFound, StaleVersion
from roadtrip.server.seats import SetupError
from roadtrip.server.storage import Grant, MemoryStore, StorageError
from roadtrip.server.tokens import token_hash
from roadtrip.server.transport import MemoryTransport

Checked = tuple[Coordinator, MemoryStore, CheckingTransport]


def connect_all(transport: MemoryTransport, coordinator: Coordinator, created: Any) -> list[Grant]:
    """Connect every seat and the spectator; return the seat grants in seat order."""
    mid = created.match_id
    grants = [coordinator.authorize(mid, t) for _, t in sorted(created.seat_tokens.items())]
    for grant in [*grants, coordinator.authorize(mid, created.spectator_token)]:
        transport.connect(grant)
    return grants


def snapshot(coordinator: Coordinator, store: MemoryStore, transport: MemoryTransport, mid: str):  # type: ignore[no-untyped-def]
    live = coordinator.live(mid)
    return (
        live.match.state.view(None),
        live.match.state.history(),
        len(live.log),
        store.load(mid),
        len(transport.sent),
    )


# ------------------------------------------------------------------ playing
def test_solo_match_plays_to_the_end_and_is_stored_first(checked: Checked) -> None:
    coordinator, store, transport = checked
    created = coordinator.create_match(GAME, {}, seats(None), seed=7)
    grants = connect_all(transport, coordinator, created)
    moves = play_to_end(coordinator, grants, Random(1))
    state = coordinator.live(created.match_id).match.state
    assert state.is_terminal() and moves > 0
    stored = store.load(created.match_id)
    assert stored is not None and stored.finished
    assert stored.returns == state.returns()
    assert stored.actions == state.history()
    assert transport.checked == len(transport.sent) > 0
    # the game log has one entry per action
    assert len(coordinator.live(created.match_id).log) == len(state.history())
    # every message the seat got is the last one's predecessor: versions only grow
    versions = [m["version"] for m in transport.messages_for(grants[0])]
    assert versions == sorted(versions) and versions[-1] == len(state.history())


def test_three_seats_with_bots_play_to_the_end(checked: Checked) -> None:
    coordinator, store, transport = checked
    kinds = [k for k in ("random", "greedy") if k in bot_names(GAME)]
    assert "random" in kinds
    bots = [None, *kinds, "random"][:3]
    created = coordinator.create_match(GAME, {"players": 3}, seats(*bots), seed=11)
    assert sorted(created.seat_tokens) == [0]
    grants = connect_all(transport, coordinator, created)
    play_to_end(coordinator, grants, Random(2))
    state = coordinator.live(created.match_id).match.state
    stored = store.load(created.match_id)
    assert stored is not None and stored.finished and stored.actions == state.history()
    seats_that_moved = {seat for seat, _ in state.history() if seat != CHANCE}
    assert seats_that_moved == {0, 1, 2}
    # the server's match is exactly what the core computes from the seed and decisions
    expected = reference_state(stored, decisions_of(stored.actions))
    assert expected.history() == state.history()
    assert transport.checked == len(transport.sent)


def test_bots_only_match_finishes_at_creation(checked: Checked) -> None:
    coordinator, store, _ = checked
    created = coordinator.create_match(GAME, {"players": 2}, seats("random", "random"), seed=3)
    assert created.seat_tokens == {} and created.hotseat_token is None
    stored = store.load(created.match_id)
    assert stored is not None and stored.finished
    assert replay(
        coordinator.record(coordinator.authorize(created.match_id, created.spectator_token))
    ).is_terminal()


def test_creation_errors_store_nothing(checked: Checked) -> None:
    coordinator, store, _ = checked
    with pytest.raises(UnknownGame):
        coordinator.create_match("no-such-game", {}, seats(None))
    with pytest.raises(InvalidOption, match="corner_step"):
        coordinator.create_match(GAME, {"first_move": "jump"}, seats(None))
    with pytest.raises(SetupError, match="1 seats"):
        coordinator.create_match(GAME, {"players": 1}, seats(None, None))
    with pytest.raises(Exception, match="choose from"):
        coordinator.create_match(GAME, {"players": 2}, seats(None, "nobody"))
    assert store.unfinished() == [] and store.recent(10) == []


# --------------------------------------------------------------- refusals
@pytest.fixture
def duel(checked: Checked) -> tuple[Coordinator, MemoryStore, CheckingTransport, Any, list[Grant]]:
    """Two human seats in a competitive match, both connected, at their first roll."""
    coordinator, store, transport = checked
    created = coordinator.create_match(
        GAME, {"players": 2}, seats(None, None), hotseat=True, seed=5
    )
    grants = connect_all(transport, coordinator, created)
    return coordinator, store, transport, created, grants


def _refusals(coordinator: Coordinator, created: Any, grants: list[Grant]) -> list[Any]:
    mid = created.match_id
    state = coordinator.live(mid).match.state
    spectator = coordinator.authorize(mid, created.spectator_token)
    legal = state.legal_actions(0)
    illegal = next(a for a in range(72) if a not in legal)
    return [
        (lambda: coordinator.act(grants[0], illegal), IllegalMove),
        (lambda: coordinator.act(grants[0], -5), IllegalMove),
        (lambda: coordinator.act(spectator, legal[0]), AccessDenied),
        (lambda: coordinator.act(spectator, legal[0], 0), AccessDenied),
        (lambda: coordinator.act(grants[0], legal[0], 1), AccessDenied),
        (lambda: coordinator.act(grants[1], legal[0], 0), AccessDenied),
        (lambda: coordinator.act(grants[0], legal[0], 0, my_moves=5), StaleVersion),
        (lambda: coordinator.act(grants[0], legal[0], None, my_moves=-1), StaleVersion),
    ]


def test_refused_moves_change_nothing(duel: Any) -> None:
    coordinator, store, transport, created, grants = duel
    mid = created.match_id
    before = snapshot(coordinator, store, transport, mid)
    for attempt, error in _refusals(coordinator, created, grants):
        with pytest.raises(error):
            attempt()
        assert snapshot(coordinator, store, transport, mid) == before


def test_out_of_turn_and_stale_repeat_change_nothing(duel: Any) -> None:
    coordinator, store, transport, created, grants = duel
    mid = created.match_id
    rng = Random(3)
    state = coordinator.live(mid).match.state
    seen = coordinator.message(mid, grants[0])
    cross = choose(state, 0, rng)
    coordinator.act(grants[0], cross, 0, my_moves=seen["my_moves"])
    # the same click again (the client had not yet seen the answer): stale
    before = snapshot(coordinator, store, transport, mid)
    with pytest.raises(StaleVersion):
        coordinator.act(grants[0], cross, 0, my_moves=seen["my_moves"])
    assert snapshot(coordinator, store, transport, mid) == before
    # seat 0 ends its movement; then it must wait for seat 1 on this roll
    state = coordinator.live(mid).match.state
    coordinator.act(grants[0], choose(state, 0, rng), 0)
    state = coordinator.live(mid).match.state
    assert state.active_seats() == (1,)
    before = snapshot(coordinator, store, transport, mid)
    for action in (0, 5, 40):
        with pytest.raises(NotYourTurn):
            coordinator.act(grants[0], action, 0)
        assert snapshot(coordinator, store, transport, mid) == before
    # another seat's move never makes a move stale: seat 1 echoes its own count
    seat1 = transport.messages_for(grants[1])[-1]
    assert seat1["my_moves"] == 0 and seat1["choices"]
    coordinator.act(grants[1], choose(state, 1, rng), 1, my_moves=seat1["my_moves"])


def test_moves_after_the_end_are_refused(checked: Checked) -> None:
    coordinator, store, transport = checked
    created = coordinator.create_match(GAME, {}, seats(None), seed=9)
    grants = connect_all(transport, coordinator, created)
    play_to_end(coordinator, grants, Random(4))
    before = snapshot(coordinator, store, transport, created.match_id)
    with pytest.raises(GameOver):
        coordinator.act(grants[0], 0)
    assert snapshot(coordinator, store, transport, created.match_id) == before


def test_unknown_match_and_bad_tokens(checked: Checked) -> None:
    coordinator, _, _ = checked
    created = coordinator.create_match(GAME, {}, seats(None), seed=1)
    other = coordinator.create_match(GAME, {}, seats(None), seed=2)
    with pytest.raises(NotFound):
        coordinator.live("no-such-match")
    for token in (None, "", "x" * 32, other.seat_tokens[0]):
        with pytest.raises(AccessDenied):
            coordinator.authorize(created.match_id, token)
    assert coordinator.authorize(created.match_id, created.seat_tokens[0]).seats == (0,)


# ------------------------------------------------------------ failing store
class FailingStore(MemoryStore):
    """A store whose writes can be made to fail (disk full, database gone)."""

    def __init__(self) -> None:
        super().__init__()
        self.fail_append: Exception | None = None
        self.fail_finish: Exception | None = None

    def append(self, match_id: str, start: int, actions: list[tuple[int, int]]) -> None:
        if self.fail_append is not None:
            raise self.fail_append
        super().append(match_id, start, actions)

    def finish(self, match_id: str, returns: list[float]) -> None:
        if self.fail_finish is not None:
            raise self.fail_finish
        super().finish(match_id, returns)


@pytest.mark.parametrize("error", [StorageError("disk full"), OSError("database is gone")])
def test_a_failing_store_changes_nothing_and_sends_nothing(error: Exception) -> None:
    store = FailingStore()
    transport = MemoryTransport()
    coordinator = Coordinator(store, transport)
    created = coordinator.create_match(GAME, {"players": 2}, seats(None, "random"), seed=21)
    grants = connect_all(transport, coordinator, created)
    mid = created.match_id
    rng = Random(5)
    human_step(coordinator, grants, rng)
    before = snapshot(coordinator, store, transport, mid)
    state = coordinator.live(mid).match.state
    store.fail_append = error
    with pytest.raises(type(error)):
        coordinator.act(grants[0], choose(state, 0, rng), 0)
    assert snapshot(coordinator, store, transport, mid) == before
    # once the store works again, play goes on from where it was
    store.fail_append = None
    play_to_end(coordinator, grants, rng)
    stored = store.load(mid)
    assert stored is not None and stored.finished
    assert stored.actions == coordinator.live(mid).match.state.history()


def test_a_failed_finish_leaves_the_live_match_as_stored() -> None:
    """If the last actions were stored but marking the match finished failed, the
    coordinator must not keep a live state that disagrees with the store."""
    store = FailingStore()
    transport = MemoryTransport()
    coordinator = Coordinator(store, transport)
    created = coordinator.create_match(GAME, {}, seats(None), seed=8)
    grants = connect_all(transport, coordinator, created)
    mid = created.match_id
    rng = Random(6)
    store.fail_finish = OSError("database is gone")
    with pytest.raises(OSError):
        play_to_end(coordinator, grants, rng)
    store.fail_finish = None
    stored = store.load(mid)
    assert stored is not None and not stored.finished
    assert coordinator.live(mid).match.state.history() == stored.actions
    # loading it again (here; a restart too) stores the finish the store missed
    assert Coordinator(store, MemoryTransport()).resume_all() == 0
    final = store.load(mid)
    assert final is not None and final.finished and final.actions == stored.actions


# ------------------------------------------------------------------ restart
def test_restart_resumes_every_unfinished_match_exactly() -> None:
    store = MemoryStore()
    first = Coordinator(store, MemoryTransport())
    rng = Random(7)
    setups: list[tuple[dict[str, Any], list[str | None]]] = [
        ({}, [None]),
        ({"players": 2}, [None, "random"]),
        ({"players": 3, "no_cross": "pass"}, [None, None, "random"]),
    ]
    matches = []
    for seed, (options, bots) in enumerate(setups, 100):
        created = first.create_match(GAME, options, seats(*bots), seed=seed)
        grants = [first.authorize(created.match_id, t) for t in created.seat_tokens.values()]
        for _ in range(6):
            human_step(first, grants, rng)
        assert not first.live(created.match_id).match.state.is_terminal()
        matches.append((created, grants))
    finished = first.create_match(GAME, {}, seats(None), seed=99)
    play_to_end(first, [first.authorize(finished.match_id, finished.seat_tokens[0])], rng)

    reference_store = copy.deepcopy(store)  # the server that never went down
    reference = Coordinator(reference_store, MemoryTransport())
    second = Coordinator(store, MemoryTransport())
    assert second.resume_all() == len(setups)
    for created, grants in matches:
        mid = created.match_id
        old, new = first.live(mid).match.state, second.live(mid).match.state
        assert new.view(None) == old.view(None)
        assert new.history() == old.history()
        assert second.live(mid).log == first.live(mid).log
        # and the future is the same: the same moves bring the same dice
        moves = 0
        while not reference.live(mid).match.state.is_terminal() and moves < 40:
            state = reference.live(mid).match.state
            grant = next(g for g in grants if set(g.seats) & set(state.active_seats()))
            seat = next(s for s in grant.seats if s in state.active_seats())
            action = choose(state, seat, rng)
            reference.act(grant, action, seat)
            second.act(grant, action, seat)
            expected = reference.live(mid).match.state
            assert second.live(mid).match.state.view(None) == expected.view(None)
            moves += 1
        assert store.load(mid) == reference_store.load(mid)


def test_bots_move_after_a_restart() -> None:
    store = MemoryStore()
    first = Coordinator(store, MemoryTransport())
    created = first.create_match(GAME, {"players": 2}, seats(None, "random"), seed=12)
    mid = created.match_id
    expected = first.live(mid).match.state
    assert any(seat == 1 for seat, _ in expected.history())  # the bot moved already
    # A server that went down after storing the roll but before the bot's moves:
    crashed = MemoryStore()
    stored = store.load(mid)
    assert stored is not None
    roll_only = copy.deepcopy(stored)
    roll_only.actions = stored.actions[:1]
    crashed.create(roll_only, {token_hash(created.seat_tokens[0]): Grant(mid, (0,))})
    restarted = Coordinator(crashed, MemoryTransport())
    assert restarted.resume_all() == 1
    state = restarted.live(mid).match.state
    assert state.history() == expected.history()  # the bot made the very same moves
    reloaded = crashed.load(mid)
    assert reloaded is not None and reloaded.actions == expected.history()
    # and it keeps moving when it must, after the human's moves
    grant = restarted.authorize(mid, created.seat_tokens[0])
    rng = Random(8)
    before = sum(1 for seat, _ in state.history() if seat == 1)
    for _ in range(6):
        human_step(restarted, [grant], rng)
    after = restarted.live(mid).match.state
    assert sum(1 for seat, _ in after.history() if seat == 1) > before
    assert 1 not in after.active_seats()  # the bot never leaves the match waiting


def test_a_finished_match_keeps_its_record_and_record_waits_for_the_end() -> None:
    store = MemoryStore()
    coordinator = Coordinator(store, MemoryTransport())
    created = coordinator.create_match(GAME, {"players": 2}, seats(None, "greedy"), seed=31)
    mid = created.match_id
    grant = coordinator.authorize(mid, created.seat_tokens[0])
    spectator = coordinator.authorize(mid, created.spectator_token)
    rng = Random(9)
    human_step(coordinator, [grant], rng)
    for who in (grant, spectator):
        with pytest.raises(AccessDenied, match="once the match is over"):
            coordinator.record(who)
    play_to_end(coordinator, [grant], rng)
    record = coordinator.record(spectator)
    assert record.seed == 31 and record.meta["match_id"] == mid
    assert [s["bot"] for s in record.meta["seats"]] == [None, "greedy"]
    # after a restart, the finished match is not resumed but keeps its full record
    again = Coordinator(store, MemoryTransport())
    assert again.resume_all() == 0
    kept = again.record(again.authorize(mid, created.seat_tokens[0]))
    assert kept == record
    final = replay(kept)
    assert final.is_terminal() and tuple(final.returns()) == record.returns


# ------------------------------------------------------------------- tokens
def test_tokens_are_unguessable_and_stored_only_as_hashes() -> None:
    store = MemoryStore()
    transport = MemoryTransport()
    coordinator = Coordinator(store, transport)
    tokens: list[str] = []
    for _ in range(20):
        created = coordinator.create_match(
            GAME, {"players": 3}, seats(None, None, "random"), hotseat=True
        )
        assert created.hotseat_token is not None
        tokens += [*created.seat_tokens.values(), created.spectator_token, created.hotseat_token]
        for token in tokens[-4:]:
            transport.connect(coordinator.authorize(created.match_id, token))
        grants = [coordinator.authorize(created.match_id, t) for t in tokens[-4:-2]]
        for _ in range(4):
            human_step(coordinator, grants, Random(len(tokens)))
    assert len(set(tokens)) == len(tokens) == 80
    assert all(len(t) >= 32 for t in tokens)  # 192 random bits, URL-safe
    assert all(t.replace("-", "").replace("_", "").isalnum() for t in tokens)
    # the store holds hashes only
    stored_keys = set(store._grants)
    assert stored_keys == {token_hash(t) for t in tokens}
    assert not stored_keys & set(tokens)
    dumped = repr(store._matches) + repr(store._grants)
    assert not any(t in dumped for t in tokens)
    # no message sent to anyone carries a token or its hash
    assert transport.sent
    sent = json.dumps([message for _, _, message in transport.sent])
    for token in tokens:
        assert token not in sent and token_hash(token) not in sent


def test_hotseat_token_plays_every_human_seat(checked: Checked) -> None:
    coordinator, _, transport = checked
    created = coordinator.create_match(
        GAME, {"players": 3}, seats(None, "random", None), hotseat=True, seed=4
    )
    assert created.hotseat_token is not None
    hotseat = coordinator.authorize(created.match_id, created.hotseat_token)
    assert hotseat.seats == (0, 2)
    transport.connect(hotseat)
    state = coordinator.live(created.match_id).match.state
    coordinator.act(hotseat, choose(state, 2, Random(1)), 2)  # seat chosen explicitly
    state = coordinator.live(created.match_id).match.state
    assert [s for s, _ in state.history() if s in (0, 2)] == [2]
    coordinator.act(hotseat, choose(state, 0, Random(1)))  # default: first seat to act
    assert transport.messages_for(hotseat)[-1]["my_seats"] == [0, 2]
    with pytest.raises(AccessDenied):
        coordinator.act(hotseat, 0, 1)  # the bot's seat
