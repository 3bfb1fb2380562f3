"""A WebSocket connection never receives a state older than one it already got.

Several threads build state messages for one connection: the move's worker thread,
the cluster's bus worker (an event from another process), the event loop (hello,
``sync``).  A message built from a copy that a move then replaced can reach the
queue after the move's own newer message.  A client that believed it (the soak's
random player did) would act on the old state, and count the move it then made as
acknowledged by the next state whose move count is past it: the soak's one
"lost" move of run 3 (docs/history.md, "Soak").  The writer drops a state
older than the newest it sent (``roadtrip.server.websocket._write``).
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

from server_kit import GAME, seats

from roadtrip.server.cluster import ClusterCoordinator, MemoryBus
from roadtrip.server.leases import MemoryLeases
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.transport import MemoryTransport, Message, QueueHub
from roadtrip.server.websocket import _write


class RecordingSocket:
    """What a WebSocket client receives, in order."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.received.append(json.loads(text))


def written(queue: asyncio.Queue[Message]) -> list[dict[str, Any]]:
    """Run the connection's writer until it has sent everything queued."""

    async def drain() -> list[dict[str, Any]]:
        socket = RecordingSocket()
        writer = asyncio.create_task(_write(socket, queue))  # type: ignore[arg-type]
        while not queue.empty():
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        writer.cancel()
        return socket.received

    return asyncio.run(drain())


def versions(messages: list[dict[str, Any]]) -> list[int]:
    return [m["version"] for m in messages if m["type"] == "state"]


def test_a_state_built_before_a_move_and_queued_after_it_never_reaches_the_client() -> None:
    store, bus, leases = MemoryStore(), MemoryBus(), MemoryLeases(lambda: 1000.0)
    a = ClusterCoordinator(
        store,
        MemoryTransport(),
        bus=bus,
        leases=leases,
        process_id="a",
        local_seats=lambda match_id: set(),
    )
    hub = QueueHub()  # no event loop bound: each message is queued when posted
    b = ClusterCoordinator(
        store, hub, bus=bus, leases=leases, process_id="b", local_seats=hub.connected_seats
    )
    bus.subscribe(a.receive)
    bus.subscribe(b.receive)
    created = a.create_match(GAME, {"players": 2}, seats(None, None), seed=3)
    ann = Grant(created.match_id, (0,))
    _, queue = hub.register(ann)  # Ann's page is connected to process b
    b.presence_changed(ann.match_id)  # as the cluster runtime does: b follows the match
    before = b.live(ann.match_id).match.state

    # Process a announces the match (version `before`); process b's bus worker
    # builds Ann's message from its copy and is held before queueing it ...
    built, release = threading.Event(), threading.Event()
    own_message = b.message

    def slow_message(match_id: str, grant: Grant) -> dict[str, Any]:
        message = own_message(match_id, grant)
        if threading.current_thread().name == "bus-worker":
            built.set()
            release.wait(10)
        return message

    b.message = slow_message  # type: ignore[method-assign]
    worker = threading.Thread(target=a.notify, args=(ann.match_id,), name="bus-worker")
    worker.start()
    assert built.wait(10)
    # ... while Ann's move on b is stored and announced (a newer version) ...
    b.act(ann, before.legal_actions(0)[0], 0, my_moves=0)
    after = b.live(ann.match_id).match.state.move_number()
    assert after > before.move_number()
    release.set()
    worker.join(10)

    # ... then the old message is queued behind the new one.
    queued = versions(list(queue._queue))  # type: ignore[attr-defined]
    assert queued[-2:] == [after, before.move_number()]
    sent = versions(written(queue))
    assert sent == sorted(sent) and sent[-1] == after
    assert before.move_number() not in sent[sent.index(after) :]


def test_the_writer_sends_errors_presence_and_same_version_states_as_they_come() -> None:
    queue: asyncio.Queue[Message] = asyncio.Queue()
    for message in (
        {"type": "state", "version": 3},
        {"type": "state", "version": 5, "clock": None},
        {"type": "error", "code": "stale"},
        {"type": "state", "version": 4},
        {"type": "presence", "online": [0]},
        {"type": "state", "version": 5, "clock": {"left": 9}},
        {"type": "state", "version": 6},
    ):
        queue.put_nowait(message)
    received = written(queue)
    assert [(m["type"], m.get("version")) for m in received] == [
        ("state", 3),
        ("state", 5),
        ("error", None),
        ("presence", None),
        ("state", 5),
        ("state", 6),
    ]
