"""The soak's accounting of acknowledged moves (benchmarks/soak_ledger.py).

Soak run 3 reported one acknowledged move missing (docs/history.md, "Soak").
Its client counted a move as acknowledged by any later state whose ``my_moves`` was
past the move's index, and kept one answer per index, overwriting.  A state older
than one already received (the server could queue one: test_state_order.py) made
it act again at an index it had already played, and the next state "acknowledged"
that second move over the first, which was the one stored.  The ledger reads the
server's answer exactly (a fence after each act), ignores states that go back, and
never overwrites an acknowledged index.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from server_kit import GAME, seats

from roadtrip.server.coordinator import Coordinator, StaleVersion
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.transport import MemoryTransport

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def ledger_module() -> ModuleType:
    name = "soak_ledger"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def fence_answer(fence: str) -> tuple[str, str]:
    """The server's answer to a fence, as roadtrip.server.websocket words it."""
    return "bad_message", f"Unknown message type '{fence}'; use act or sync"


def test_a_state_older_than_one_received_is_ignored_and_cannot_acknowledge_a_replay() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p0#1")
    assert ledger.state(version=1, my_moves=0)
    fence = ledger.sent(index=0, action=16, version=1)
    assert ledger.state(version=2, my_moves=1)  # the move's own state
    assert ledger.error(*fence_answer(fence))
    assert ledger.acked[0].action == 16
    # The old state (built before the move, queued after it) arrives now: the old
    # client chose again at index 0 here, and the next state "acknowledged" it.
    assert not ledger.state(version=1, my_moves=0)
    assert ledger.out_of_order == 1
    assert not ledger.waiting  # nothing sent on it; the newest state stays the one to use
    assert ledger.acked[0].action == 16


def test_a_refusal_before_the_fence_is_not_acknowledged_even_after_a_state_past_it() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p1#2")
    assert ledger.state(version=5, my_moves=2)
    fence = ledger.sent(index=2, action=7, version=5)
    # A state showing a move at index 2 that is not this one (stored by a killed
    # process, say), then the refusal, then the fence's answer.
    assert ledger.state(version=6, my_moves=3)
    assert not ledger.error("stale", "Seat 0 has made 3 moves, not 2")
    assert ledger.waiting
    assert ledger.error(*fence_answer(fence))
    assert 2 not in ledger.acked
    assert ledger.moves[-1].outcome == "refused"


def test_an_accepted_move_is_acknowledged_with_its_process_and_version() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p2#4")
    ledger.state(version=9, my_moves=3)
    fence = ledger.sent(index=3, action=26, version=9)
    ledger.state(version=9, my_moves=3)  # another seat's view change, not ours yet
    assert ledger.moves[-1].shown_version is None
    ledger.state(version=12, my_moves=4)  # our move and the bots after it
    assert ledger.error(*fence_answer(fence))
    move = ledger.acked[3]
    assert (move.action, move.server, move.version, move.shown_version) == (26, "p2#4", 9, 12)
    assert move.outcome == "acknowledged"


def test_a_move_whose_connection_drops_before_its_answer_is_not_counted() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p0#1")
    ledger.state(version=3, my_moves=1)
    ledger.sent(index=1, action=4, version=3)
    ledger.state(version=4, my_moves=2)  # shown, but the fence's answer never came
    ledger.connected("p1#1")  # the process was killed: another one
    assert not ledger.acked and ledger.moves[-1].outcome == "dropped"
    assert ledger.state(version=4, my_moves=2)  # versions start over per connection


def test_an_accepted_move_without_a_state_showing_it_is_not_counted() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p0#1")
    ledger.state(version=3, my_moves=1)
    fence = ledger.sent(index=1, action=4, version=3)
    assert ledger.error(*fence_answer(fence))
    assert not ledger.acked and ledger.moves[-1].outcome == "no_state"


def test_two_different_moves_acknowledged_at_one_index_are_a_conflict_not_an_overwrite() -> None:
    ledger: Any = ledger_module().SeatLedger()
    ledger.connected("p0#1")
    for version, action in ((3, 4), (5, 8)):
        ledger.state(version=version, my_moves=1)
        fence = ledger.sent(index=1, action=action, version=version)
        ledger.state(version=version + 1, my_moves=2)
        ledger.error(*fence_answer(fence))
    assert ledger.acked[1].action == 4
    assert [c["second"]["action"] for c in ledger.conflicts] == [8]


def test_a_missing_move_is_reported_with_what_explains_it(tmp_path: Path) -> None:
    module = ledger_module()
    ledger: Any = module.SeatLedger()
    ledger.connected("p1#3")
    ledger.state(version=4, my_moves=1)
    fence = ledger.sent(index=1, action=16, version=4)
    ledger.state(version=6, my_moves=2)
    ledger.error(*fence_answer(fence))
    log = tmp_path / "p1.log"
    log.write_text(
        "\n==== start 3 at 1.0\n"
        'INFO: ... "WebSocket /ws/matches/abc" [accepted]\n'
        "INFO: other line\n"
        "WARNING: automatic play of match abc handed over: ...\n"
    )
    stored = [(-1, 0), (0, 5), (1, 9), (-1, 2), (0, 7), (1, 3)]
    report = module.diagnose("abc", 0, ledger.acked[1], stored, ledger, [log])
    assert report["acknowledged"]["server"] == "p1#3"
    assert report["stored_seat_moves"] == {
        0: {"position": 1, "action": 5},
        1: {"position": 4, "action": 7},
    }
    assert report["stored_actions_around"][4] == [0, 7]
    assert [m["action"] for m in report["sent_at_this_index"]] == [16]
    assert report["log_lines"] == [
        "p1: ==== start 3 at 1.0",
        'p1: INFO: ... "WebSocket /ws/matches/abc" [accepted]',
        "p1: WARNING: automatic play of match abc handed over: ...",
    ]


def test_the_server_logs_every_stored_change_and_stale_refusal_for_the_soak_to_quote(
    caplog: pytest.LogCaptureFixture,
) -> None:
    coordinator = Coordinator(MemoryStore(), MemoryTransport())
    created = coordinator.create_match(GAME, {"players": 2}, seats(None, None), seed=3)
    ann = Grant(created.match_id, (0,))
    state = coordinator.live(ann.match_id).match.state
    with caplog.at_level(logging.INFO, logger="roadtrip.server.moves"):
        coordinator.act(ann, state.legal_actions(0)[0], 0, my_moves=0)
        with pytest.raises(StaleVersion):
            coordinator.act(ann, state.legal_actions(0)[0], 0, my_moves=0)
    lines = [r.getMessage() for r in caplog.records if r.name == "roadtrip.server.moves"]
    start = state.move_number()
    assert lines[0].startswith(f"match {ann.match_id}: stored actions {start}-")
    assert lines[-1] == (
        f"match {ann.match_id}: seat 0's move refused as stale (my_moves 0, made 1)"
    )
