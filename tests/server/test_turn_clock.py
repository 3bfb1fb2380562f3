"""Turn timers (docs/server.md, "Turn timers and correspondence play"): a per-move
time limit set at creation; when it runs out the stand-in bot moves for the seat,
or the seat passes where the game has a pass; the deadline is stored and survives
a restart; a move that races the expiry is applied once.  Time is a fake clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_kit import old_solo_row, seats
from sqlalchemy import create_engine, insert, inspect

from roadtrip.server.coordinator import Coordinator, StaleVersion
from roadtrip.server.deadlines import TIMED_OUT
from roadtrip.server.migrate import BASELINE, scripts
from roadtrip.server.sql_store import SqlStore, matches
from roadtrip.server.storage import Grant, MatchStore, MemoryStore, StoredMatch
from roadtrip.server.timers import ManualTimers
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.turn_clock import TimerError, TurnClock, turn_clock_of
from roadtrip.server.visibility import moves_by


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def timed(
    store: MatchStore, clock: Clock, game: str, people: list[str | None], **turn: object
) -> tuple[Coordinator, ManualTimers, str]:
    """A timed match whose people have all opened their links (its clocks run)."""
    timers = ManualTimers()
    coordinator = Coordinator(store, MemoryTransport(), clock=clock, timers=timers)
    spec = {"seconds": 60, **turn}
    created = coordinator.create_match(
        game, {}, seats(*people), seed=7, turn_clock=turn_clock_of(game, spec)
    )
    for token in created.seat_tokens.values():
        coordinator.authorize(created.match_id, token)
    return coordinator, timers, created.match_id


def test_a_seat_whose_time_runs_out_gets_the_stand_in_bots_move() -> None:
    clock, store = Clock(), MemoryStore()
    coordinator, timers, match_id = timed(store, clock, "road-to-300", [None, "greedy"])
    live = coordinator.live(match_id)
    assert 0 in live.match.state.active_seats()
    at, moves = live.stored.deadlines[0]
    assert at == clock.now + 60 and moves == 0
    assert timers.times[match_id] == at  # the timer is armed for that deadline
    clock.now += 59
    assert not coordinator.expire(match_id)  # not yet
    assert moves_by(coordinator.live(match_id).match.state, 0) == 0
    clock.now += 1
    assert timers.due(clock.now) == [match_id]
    transport = coordinator.transport
    assert isinstance(transport, MemoryTransport)
    ann = Grant(match_id, (0,))
    transport.connect(ann)
    assert coordinator.expire(match_id)
    # the page is told at once: the move in its log, marked, and the next deadline
    told = transport.messages_for(ann)[-1]
    assert any(line.endswith(TIMED_OUT) for line in told["log"])
    assert told["clock"]["deadlines"][0]["remaining_ms"] == 60_000
    state = coordinator.live(match_id).match.state
    assert moves_by(state, 0) == 1
    texts = [e.texts[0] for e in coordinator.live(match_id).log if e.texts[0].endswith(TIMED_OUT)]
    assert len(texts) == 1 and texts[0].startswith("Player 1: ")
    # the next decision of seat 0 (its move after its cross) has a fresh minute, stored
    assert 0 in state.active_seats()
    assert store.load(match_id).deadlines[0][0] == clock.now + 60  # type: ignore[union-attr]


def test_the_seat_passes_where_the_game_has_a_pass() -> None:
    """America's Main Street: a turn ends with "conclude" (STOP); on expiry with
    on_expiry=pass the seat concludes its turn instead of drawing on."""
    clock = Clock()
    coordinator, _, match_id = timed(
        MemoryStore(), clock, "get-your-kicks", [None, None], on_expiry="pass"
    )
    clock.now += 61
    assert coordinator.expire(match_id)
    live = coordinator.live(match_id)
    timed_out = [e.texts[0] for e in live.log if e.texts[0].endswith(TIMED_OUT)]
    assert timed_out == [f"Player 1: conclude: place the casino cubes on the mat{TIMED_OUT}"]
    assert live.match.state.active_seats() == (1,)  # seat 0's turn is over
    assert set(live.stored.deadlines) == {1} and live.stored.deadlines[1][0] == clock.now + 60


def test_pass_falls_back_to_the_bot_where_the_game_has_no_pass() -> None:
    """Road to 300 has no decision that passes: the stand-in bot moves."""
    clock = Clock()
    coordinator, _, match_id = timed(
        MemoryStore(), clock, "road-to-300", [None], on_expiry="pass", bot="greedy"
    )
    clock.now += 60
    assert coordinator.expire(match_id)
    assert moves_by(coordinator.live(match_id).match.state, 0) == 1


def test_a_restart_rearms_from_the_stored_deadline(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'clock.sqlite3'}"
    clock = Clock()
    store = SqlStore(url)
    coordinator, _, match_id = timed(store, clock, "road-to-300", [None, None])
    deadline = coordinator.live(match_id).stored.deadlines[0][0]
    store.close()
    clock.now += 30  # the server was down for half a minute
    again = SqlStore(url)
    timers = ManualTimers()
    restarted = Coordinator(again, MemoryTransport(), clock=clock, timers=timers)
    assert restarted.resume_all() == 1
    # the same deadline, not a fresh minute from the restart
    assert restarted.live(match_id).stored.deadlines[0][0] == deadline
    assert timers.times == {match_id: deadline}
    clock.now = deadline
    assert again.overdue(clock.now, 10) == [match_id]
    assert restarted.expire_overdue() == 1
    assert moves_by(restarted.live(match_id).match.state, 0) == 1
    again.close()
    # the move the clock made stays marked after another restart
    third = Coordinator(SqlStore(url), MemoryTransport(), clock=clock)
    marked = [e for e in third.live(match_id).log if e.texts[0].endswith(TIMED_OUT)]
    assert [e.seat for e in marked] == [0, 1]  # both decided on the same roll


def test_a_move_racing_the_expiry_is_applied_once() -> None:
    """The player's click arrives just after the clock moved for them: the click
    (made on the state the player saw) is refused as stale; and a click that came
    first leaves nothing for the clock to do."""
    clock = Clock()
    coordinator, _, match_id = timed(MemoryStore(), clock, "road-to-300", [None, None])
    ann = Grant(match_id, (0,))
    state = coordinator.live(match_id).match.state
    seen = moves_by(state, 0)
    action = state.legal_actions(0)[0]
    clock.now += 60
    assert coordinator.expire(match_id)
    with pytest.raises(StaleVersion):
        coordinator.act(ann, action, 0, my_moves=seen)
    assert moves_by(coordinator.live(match_id).match.state, 0) == seen + 1
    # the other way round (a solo match): the move just before the deadline leaves
    # nothing for the clock to do, and the next decision has its own minute
    solo, _, solo_id = timed(MemoryStore(), clock, "road-to-300", [None])
    state = solo.live(solo_id).match.state
    clock.now += 59.9
    solo.act(Grant(solo_id, (0,)), state.legal_actions(0)[0], 0, my_moves=moves_by(state, 0))
    clock.now += 0.1
    assert not solo.expire(solo_id)
    assert moves_by(solo.live(solo_id).match.state, 0) == 1
    assert solo.live(solo_id).stored.timeouts == []


def test_another_seats_move_does_not_restart_a_running_deadline() -> None:
    clock = Clock()
    coordinator, _, match_id = timed(MemoryStore(), clock, "road-to-300", [None, None, None])
    live = coordinator.live(match_id)
    state = live.match.state
    waiting = sorted(live.stored.deadlines)
    assert len(waiting) >= 2, "everyone decides on the same roll"
    first, other = waiting[0], waiting[1]
    old = live.stored.deadlines[other]
    clock.now += 20
    coordinator.act(Grant(match_id, (first,)), state.legal_actions(first)[0], first)
    assert coordinator.live(match_id).stored.deadlines[other] == old


def test_the_state_message_carries_the_clock() -> None:
    clock = Clock()
    coordinator, _, match_id = timed(MemoryStore(), clock, "road-to-300", [None, "greedy"])
    clock.now += 15.5
    message = coordinator.message(match_id, Grant(match_id, ()))
    assert message["clock"]["seconds"] == 60 and message["clock"]["server_time"] == clock.now
    assert message["clock"]["deadlines"] == [
        {"seat": 0, "at": clock.now + 44.5, "remaining_ms": 44_500}
    ]
    untimed = Coordinator(MemoryStore(), MemoryTransport())
    made = untimed.create_match("road-to-300", {}, seats(None), seed=1)
    assert untimed.message(made.match_id, Grant(made.match_id, (0,)))["clock"] is None


def test_a_rematch_keeps_the_turn_clock() -> None:
    clock = Clock()
    coordinator, _, match_id = timed(MemoryStore(), clock, "road-to-300", [None], bot="random")
    live = coordinator.live(match_id)
    while not live.match.state.is_terminal():
        clock.now += 60
        coordinator.expire(match_id)
        live = coordinator.live(match_id)
    created, _ = coordinator.rematch(Grant(match_id, (0,)))
    assert coordinator.live(created.match_id).stored.clock == TurnClock(60.0, "bot", "random")


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"seconds": 5}, "from 10 to 2592000"),
        ({"seconds": 10**9}, "from 10 to 2592000"),
        ({"seconds": "60"}, "must be a number"),
        ({"seconds": True}, "must be a number"),
        ({"seconds": 60, "on_expiry": "resign"}, "one of bot, pass"),
        ({"seconds": 60, "bot": "nobody"}, "stand-in bot must be one of"),
        ({"seconds": 60, "minutes": 1}, "no setting 'minutes'"),
    ],
)
def test_bad_turn_clocks_are_refused_naming_the_problem(
    spec: dict[str, object], words: str
) -> None:
    with pytest.raises(TimerError, match=words):
        turn_clock_of("road-to-300", spec)


def test_no_limit_is_the_default() -> None:
    assert turn_clock_of("road-to-300", None) is None
    assert turn_clock_of("road-to-300", {"seconds": 0}) is None
    assert turn_clock_of("open-road", {"seconds": 86_400}) == TurnClock(
        86_400.0, "bot", "heuristic"
    )


def test_a_database_from_before_turn_clocks_loads_and_gains_the_table(tmp_path: Path) -> None:
    """A database made before match_clocks existed: its matches load without a clock
    (and resume), and a timed match can be created in it."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = create_engine(url)
    # The tables of that release: the baseline's (later revisions' tables, accounts
    # and the like, came after it), all but match_clocks.
    old = scripts().get_revision(BASELINE).module.baseline_tables()
    old.create_all(engine, tables=[t for n, t in old.tables.items() if n != "match_clocks"])
    with engine.begin() as conn:
        conn.execute(insert(matches).values(**old_solo_row("old1", seed=5)))
    assert not inspect(engine).has_table("match_clocks")
    engine.dispose()
    store = SqlStore(url)
    clock = Clock()
    coordinator = Coordinator(store, MemoryTransport(), clock=clock, timers=ManualTimers())
    assert coordinator.resume_all() == 1
    old = coordinator.live("old1")
    assert old.stored.clock is None and old.stored.deadlines == {}
    assert coordinator.message("old1", Grant("old1", (0,)))["clock"] is None
    made = coordinator.create_match(
        "road-to-300", {}, seats(None), turn_clock=TurnClock(60.0, "bot", "greedy")
    )
    assert store.load(made.match_id).clock == TurnClock(60.0, "bot", "greedy")  # type: ignore[union-attr]
    store.close()


def test_one_overdue_match_that_cannot_be_played_never_stops_the_others() -> None:
    clock, store = Clock(), MemoryStore()
    broken = StoredMatch(
        "broken1",
        "road-to-300",
        {"players": 1},
        1,
        seats(None),
        actions=[(0, 9999)],  # a history the rules refuse
        clock=TurnClock(60.0, "bot", "greedy"),
        deadlines={0: (clock.now - 5, 0)},
    )
    store.create(broken, {})
    coordinator, _, match_id = timed(store, clock, "road-to-300", [None])
    clock.now += 60
    assert store.overdue(clock.now, 10) == ["broken1", match_id]
    assert coordinator.expire_overdue() == 1
    assert moves_by(coordinator.live(match_id).match.state, 0) == 1
    assert "broken1" in coordinator.unplayable()
    assert coordinator.expire_overdue() == 0  # the set-aside match is skipped now
