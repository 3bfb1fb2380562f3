"""Views are built once per state and seat (server/visibility.py, SeatViews), and a
seat never reads another seat's: the cache is keyed by the seat that sees."""

from __future__ import annotations

from typing import Any

import pytest
from server_kit import seats

from roadtrip.core.state import State
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.transport import MemoryTransport


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    """The seats ``State.view`` was asked for, in order (every game's state)."""
    calls: list[int | None] = []
    original = State.view

    def view(self: State, seat: int | None) -> Any:
        calls.append(seat)
        return original(self, seat)

    monkeypatch.setattr(State, "view", view)
    return calls


def duel() -> tuple[Coordinator, str, MemoryTransport]:
    transport = MemoryTransport()
    coordinator = Coordinator(MemoryStore(), transport)
    created = coordinator.create_match("road-rally", {"players": 2}, seats(None, None))
    return coordinator, created.match_id, transport


def test_each_seat_s_view_of_a_state_is_built_once(counted: list[int | None]) -> None:
    coordinator, match_id, _ = duel()
    first, second, spectator = Grant(match_id, (0,)), Grant(match_id, (1,)), Grant(match_id, ())
    for _ in range(3):  # pages asking again and again (sync), and each seat's own
        for grant in (first, second, spectator):
            coordinator.message(match_id, grant)
    assert sorted(counted, key=str) == [0, 1, None]


def test_a_move_makes_new_views(counted: list[int | None]) -> None:
    coordinator, match_id, _ = duel()
    grant = Grant(match_id, (0,))
    before = coordinator.message(match_id, grant)
    seat = coordinator.live(match_id).match.state.active_seats()[0]
    mover = Grant(match_id, (seat,))
    coordinator.act(mover, coordinator.message(match_id, mover)["choices"][0]["action"])
    after = coordinator.message(match_id, grant)
    assert after["version"] > before["version"]
    assert counted.count(0) == 2  # once per state


def test_the_cached_views_are_each_seat_s_own(counted: list[int | None]) -> None:
    coordinator, match_id, _ = duel()
    state = coordinator.live(match_id).match.state
    for seat in (0, 1, None):
        grant = Grant(match_id, () if seat is None else (seat,))
        coordinator.message(match_id, grant)  # built and kept
        shown = coordinator.message(match_id, grant)["view"]  # read from the cache
        assert shown == state.view(seat)  # built afresh: the same
    hands = [coordinator.message(match_id, Grant(match_id, (s,)))["view"] for s in (0, 1)]
    assert hands[0] != hands[1]
