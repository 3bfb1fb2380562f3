"""When turn clocks start (docs/server.md, "When the clocks start"): only once every
human seat has opened its link, or, for a correspondence clock, at a person's
first move; a rematch waits the same; the arrivals are stored (a restart keeps
them, another process sees them); the state message says whom the clock waits for.
Time is a fake clock."""

from __future__ import annotations

from pathlib import Path

from server_kit import seats
from test_turn_clock import Clock
from test_turn_clock_cluster import process

from roadtrip.server.cluster import MemoryBus
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.created import Created
from roadtrip.server.deadlines import TIMED_OUT
from roadtrip.server.leases import MemoryLeases
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, MatchStore, MemoryStore, StoredMatch
from roadtrip.server.timers import ManualTimers
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.turn_clock import TurnClock
from roadtrip.server.turns import turn_of
from roadtrip.server.visibility import moves_by

GAME = "road-to-300"  # everyone decides on the same roll: both people must act at once
LIVE = TurnClock(30.0, "bot", "greedy")
CORRESPONDENCE = TurnClock(86_400.0, "bot", "greedy")


def made(
    store: MatchStore, clock: Clock, turn_clock: TurnClock = LIVE
) -> tuple[Coordinator, ManualTimers, Created]:
    """Two invited people and a bot, as in the report: nobody has opened a link."""
    timers = ManualTimers()
    coordinator = Coordinator(store, MemoryTransport(), clock=clock, timers=timers)
    created = coordinator.create_match(
        GAME, {}, seats(None, None, "greedy"), seed=3, turn_clock=turn_clock
    )
    return coordinator, timers, created


def timed_out_moves(coordinator: Coordinator, match_id: str) -> list[str]:
    return [e.texts[0] for e in coordinator.live(match_id).log if e.texts[0].endswith(TIMED_OUT)]


def wait_hours(coordinator: Coordinator, timers: ManualTimers, clock: Clock, match: str) -> None:
    """Let hours pass, firing whatever would fire: the timers, the sweep, the expiry."""
    for _ in range(6):
        clock.now += 3600
        for due in timers.due(clock.now):
            coordinator.expire(due)
        coordinator.expire_overdue()
        coordinator.expire(match)


def test_no_clock_runs_while_an_invited_person_has_not_opened_the_link() -> None:
    clock = Clock()
    coordinator, timers, created = made(MemoryStore(), clock)
    match_id = created.match_id
    wait_hours(coordinator, timers, clock, match_id)  # nobody there
    live = coordinator.live(match_id)
    assert live.stored.deadlines == {} and timers.times == {}
    coordinator.authorize(match_id, created.seat_tokens[0])  # Ann opens her link
    state = coordinator.live(match_id).match.state
    assert {0, 1} <= set(state.active_seats())  # both must decide; the bot already has
    # Ann even moves (a live clock does not start on a move): still nothing runs
    coordinator.act(Grant(match_id, (0,)), state.legal_actions(0)[0], 0, my_moves=0)
    wait_hours(coordinator, timers, clock, match_id)
    live = coordinator.live(match_id)
    assert timed_out_moves(coordinator, match_id) == []
    assert live.stored.deadlines == {} and live.stored.timeouts == []
    assert moves_by(live.match.state, 1) == 0
    # The lobby asking whether it is Bo's turn is not Bo opening the link.
    assert turn_of(coordinator, created.seat_tokens[1])["deadline"] is None
    assert coordinator.live(match_id).stored.deadlines == {}
    # Bo opens his link: the clocks run from now
    coordinator.authorize(match_id, created.seat_tokens[1])
    live = coordinator.live(match_id)
    running = {seat: at for seat, (at, _) in live.stored.deadlines.items()}
    assert running and all(at == clock.now + 30 for at in running.values())
    assert timers.times == {match_id: clock.now + 30}
    clock.now += 30
    assert coordinator.expire(match_id)
    assert timed_out_moves(coordinator, match_id)


def test_the_state_message_says_whom_the_clock_waits_for() -> None:
    clock = Clock()
    coordinator, _, created = made(MemoryStore(), clock)
    match_id = created.match_id
    spectator = Grant(match_id, ())
    first = coordinator.message(match_id, spectator)["clock"]
    assert first["started"] is False and first["deadlines"] == []
    assert first["waiting_for"] == [
        {"seat": 0, "name": "Player 1"},
        {"seat": 1, "name": "Player 2"},
    ]
    assert first["starts_on_move"] is False  # a live clock waits for everyone
    coordinator.authorize(match_id, created.spectator_token)  # a spectator opens nothing
    coordinator.authorize(match_id, created.seat_tokens[1])
    transport = coordinator.transport
    assert isinstance(transport, MemoryTransport)
    transport.connect(spectator)
    assert coordinator.message(match_id, spectator)["clock"]["waiting_for"] == [
        {"seat": 0, "name": "Player 1"}
    ]
    coordinator.authorize(match_id, created.seat_tokens[0])
    # the pages already there are told at once that the clocks run
    told = transport.messages_for(spectator)[-1]["clock"]
    assert told["started"] is True and told["waiting_for"] == []
    assert {d["seat"] for d in told["deadlines"]} >= {0, 1}
    assert all(d["remaining_ms"] == 30_000 for d in told["deadlines"])


def test_a_rematch_waits_for_its_people_too() -> None:
    clock = Clock()
    coordinator, _, created = made(MemoryStore(), clock)
    match_id = created.match_id
    for token in created.seat_tokens.values():
        coordinator.authorize(match_id, token)
    while not coordinator.live(match_id).match.state.is_terminal():
        clock.now += 30
        coordinator.expire(match_id)  # the stand-in plays the match to its end
    again, _ = coordinator.rematch(Grant(match_id, (0,)))
    rematch = again.match_id
    assert coordinator.live(rematch).stored.clock == LIVE
    coordinator.authorize(rematch, again.seat_tokens[0])  # the one who asked goes there
    clock.now += 3600  # the other has not followed the link yet
    coordinator.expire_overdue()
    coordinator.expire(rematch)
    live = coordinator.live(rematch)
    assert live.stored.deadlines == {} and timed_out_moves(coordinator, rematch) == []
    assert coordinator.message(rematch, Grant(rematch, ()))["clock"]["waiting_for"] == [
        {"seat": 1, "name": "Player 2"}
    ]
    coordinator.authorize(rematch, again.seat_tokens[1])
    assert {at for at, _ in coordinator.live(rematch).stored.deadlines.values()} == {clock.now + 30}


def test_a_correspondence_clock_starts_at_a_persons_first_move() -> None:
    """The ruling: a correspondence clock starts when everyone has opened the link,
    or as soon as a person moves; then the one who has not come yet has a day."""
    clock = Clock()
    coordinator, _, created = made(MemoryStore(), clock, CORRESPONDENCE)
    match_id = created.match_id
    assert coordinator.message(match_id, Grant(match_id, ()))["clock"]["starts_on_move"]
    coordinator.authorize(match_id, created.seat_tokens[0])
    clock.now += 3 * 86_400  # Ann only looks for three days: nothing runs
    assert coordinator.expire_overdue() == 0
    assert coordinator.live(match_id).stored.deadlines == {}
    state = coordinator.live(match_id).match.state
    coordinator.act(Grant(match_id, (0,)), state.legal_actions(0)[0], 0, my_moves=0)
    live = coordinator.live(match_id)
    assert live.stored.clock_started_at == clock.now
    assert live.stored.deadlines[1][0] == clock.now + 86_400  # Bo's day runs from Ann's move
    clock.now += 86_400
    assert coordinator.expire(match_id)
    assert any(text.startswith("Player 2: ") for text in timed_out_moves(coordinator, match_id))


def test_a_restart_keeps_the_arrivals_and_the_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'arrivals.sqlite3'}"
    clock = Clock()
    store = SqlStore(url)
    coordinator, _, created = made(store, clock)
    match_id = created.match_id
    coordinator.authorize(match_id, created.seat_tokens[0])
    store.close()
    again = SqlStore(url)
    restarted = Coordinator(again, MemoryTransport(), clock=clock, timers=ManualTimers())
    assert restarted.resume_all() == 1
    assert restarted.live(match_id).stored.arrived == {0}
    clock.now += 3600
    assert restarted.expire_overdue() == 0 and restarted.live(match_id).stored.deadlines == {}
    restarted.authorize(match_id, created.seat_tokens[1])  # the second person: the start
    started = restarted.live(match_id).stored.deadlines
    assert started and all(at == clock.now + 30 for at, _ in started.values())
    again.close()
    third = Coordinator(SqlStore(url), MemoryTransport(), clock=clock, timers=ManualTimers())
    live = third.live(match_id)
    assert live.stored.clock_started_at == clock.now and live.stored.deadlines == started
    clock.now += 30
    assert third.expire_overdue() == 1


def test_arrivals_are_a_union_and_the_first_start_stands(store: MatchStore) -> None:
    store.create(
        StoredMatch("t1", GAME, {"players": 3}, 1, seats(None, None, None), clock=LIVE), {}
    )
    store.create(StoredMatch("u1", GAME, {"players": 1}, 1, seats(None)), {})
    assert store.arrive("u1", [0]) is None  # no clock, nothing to wait for
    first = store.arrive("t1", [2])
    assert first is not None and first.arrived == {2} and first.started_at is None
    second = store.arrive("t1", [0])  # another process, whose copy did not know of seat 2
    assert second is not None and second.arrived == {0, 2}
    read = store.arrive("t1", [])
    assert read is not None and read.arrived == {0, 2}
    began = store.start_clock("t1", 500.0)
    late = store.start_clock("t1", 501.0)
    assert began is not None and late is not None and began.started_at == late.started_at == 500.0
    loaded = store.load("t1")
    assert loaded is not None and (loaded.arrived, loaded.clock_started_at) == ({0, 2}, 500.0)


def test_a_seat_opening_its_link_on_another_process_starts_the_clocks_everywhere() -> None:
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = process("a", store, bus, leases, clock)
    b = process("b", store, bus, leases, clock)
    created = a.create_match(GAME, {}, seats(None, None), seed=5, turn_clock=LIVE)
    match_id = created.match_id
    a.authorize(match_id, created.seat_tokens[0])
    watcher = Grant(match_id, ())
    transport = a.transport
    assert isinstance(transport, MemoryTransport)
    transport.connect(watcher)  # a page on process a: a follows the match's events
    a.presence_changed(match_id)
    assert a.live(match_id).stored.deadlines == {}
    b.authorize(match_id, created.seat_tokens[1])  # Bo arrives on the other process
    stored = store.load(match_id)
    assert stored is not None and {at for at, _ in stored.deadlines.values()} == {clock.now + 30}
    # a's page hears it, from a's copy reloaded with the stored clock
    told = transport.messages_for(watcher)[-1]["clock"]
    assert told["started"] and {d["seat"] for d in told["deadlines"]} == {0, 1}
    clock.now += 30
    assert a.expire(match_id) and len(store.load(match_id).timeouts) == 2  # type: ignore[union-attr]


def test_a_process_without_pages_learns_the_start_at_the_next_request() -> None:
    """Process a served Ann's requests (no page follows the match there, so it hears
    no event); Bo arrives on b: Ann's next request on a shows the running clocks."""
    clock = Clock()
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(clock)
    a = process("a", store, bus, leases, clock)
    b = process("b", store, bus, leases, clock)
    created = a.create_match(GAME, {}, seats(None, None), seed=5, turn_clock=LIVE)
    match_id = created.match_id
    ann = a.authorize(match_id, created.seat_tokens[0])
    assert a.message(match_id, ann)["clock"]["waiting_for"] == [{"seat": 1, "name": "Player 2"}]
    b.authorize(match_id, created.seat_tokens[1])
    ann = a.authorize(match_id, created.seat_tokens[0])
    clock_message = a.message(match_id, ann)["clock"]
    assert clock_message["started"] and clock_message["waiting_for"] == []
    assert [d["remaining_ms"] for d in clock_message["deadlines"]] == [30_000, 30_000]
