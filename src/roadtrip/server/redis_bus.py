"""The Redis side of several server processes: the event bus and its background tasks.

:class:`RedisBus` publishes the cluster's small JSON events (see
:mod:`roadtrip.server.cluster`) on one Redis pub/sub channel and delivers every
event it hears to the coordinator, with redis-py's asyncio client.  Redis holds no
state of a match: losing it (or an event) loses no move, only the push to clients
of other processes until it is back; after a reconnection every process reloads
its copies and pushes its clients their current state.

:func:`build_cluster` wires one process: its ClusterCoordinator on the shared store,
SQL leases in the same database, and :meth:`ClusterRuntime.run` for the lifespan of
the app (listen, heartbeat, take over matches whose lease expired).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import socket
import threading
import time
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import redis
import redis.asyncio as aioredis

from roadtrip.core.errors import RoadtripError
from roadtrip.server.cluster import HEARTBEAT_SECONDS, ClusterCoordinator, Event, is_move_event
from roadtrip.server.leases import DEFAULT_LEASE_SECONDS, SqlLeases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.transport import QueueHub

CHANNEL = "roadtrip:events"
LEASE_SECONDS_ENV = "ROADTRIP_LEASE_SECONDS"  # lease time; tests make it short
RECONNECT_SECONDS = 1.0
PUBLISH_PAUSE_SECONDS = 1.0
PUBLISH_QUEUE_EVENTS = 10_000  # events waiting to be sent, at most
PUBLISH_BATCH_EVENTS = 500  # events sent in one pipelined round trip, at most
LISTEN_BATCH_EVENTS = 500  # events handed to the coordinator in one job, at most
LISTEN_POLL_SECONDS = 0.1  # the listener's longest wait: a follow waits this at most
MATCH_CHANNEL_INFIX = ":match:"  # a match's channel: <channel>:match:<match id>

log = logging.getLogger(__name__)


class RedisUnavailable(RoadtripError):
    """Redis cannot be reached when a process starts."""


class RedisBus:
    """An EventBus on Redis pub/sub: one channel every process hears, and one per
    match, heard by the processes that :meth:`follow` it (those with pages on it).

    :meth:`publish` only queues the event: one thread of the bus sends the queue in
    order, as many events as are waiting in one pipelined round trip.  So a move
    never waits for Redis (it waited for a whole round trip before), and under load
    many events share one round trip instead of one each."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.url = url
        self.channel = channel
        self._client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        # After a failed publish, skip publishing for a moment rather than make every
        # event wait for a timeout; the subscription's resync covers the gap.
        self._quiet_until = 0.0
        self.dropped = 0  # events not sent: Redis down, or the queue full
        self._queue: queue.Queue[Event | None] = queue.Queue(maxsize=PUBLISH_QUEUE_EVENTS)
        self._sender = threading.Thread(target=self._send_all, name="roadtrip-publish", daemon=True)
        self._sender.start()
        # The matches whose channels this process listens to (see follow()); the
        # listener applies changes between its polls.
        self._followed: set[str] = set()
        self._follow_changes = 0
        self._follow_lock = threading.Lock()

    def ping(self) -> None:
        """Raise ``redis.RedisError`` when Redis cannot be reached (checked at start)."""
        self._client.ping()

    def publish(self, event: Event) -> None:
        """Queue ``event`` for the bus's thread; never waits for Redis, never raises."""
        try:
            self._queue.put(event, timeout=PUBLISH_PAUSE_SECONDS)
        except queue.Full:  # Redis far slower than the moves: the push is late
            self.dropped += 1
            log.warning("the Redis publish queue is full; an event is dropped")

    def flush(self, timeout: float = PUBLISH_PAUSE_SECONDS) -> bool:
        """Wait until every queued event was sent (or dropped); False on timeout."""
        deadline = time.monotonic() + timeout
        while self._queue.unfinished_tasks and time.monotonic() < deadline:
            time.sleep(0.001)
        return not self._queue.unfinished_tasks

    def _send_all(self) -> None:
        while True:
            batch = [self._queue.get()]
            while len(batch) < PUBLISH_BATCH_EVENTS:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            events = [event for event in batch if event is not None]
            if events:
                self._send(events)
            for _ in batch:
                self._queue.task_done()
            if len(events) < len(batch):  # the stop sign
                return

    def _send(self, events: list[Event]) -> None:
        if time.monotonic() < self._quiet_until:
            self.dropped += len(events)
            return
        try:
            pipe = self._client.pipeline(transaction=False)
            for event in events:
                pipe.publish(self.channel_of(event), json.dumps(event))
            pipe.execute()
        except redis.RedisError as exc:  # the moves are stored; only the push is late
            self._quiet_until = time.monotonic() + PUBLISH_PAUSE_SECONDS
            self.dropped += len(events)
            log.warning("cannot publish to Redis: %s", exc)

    # ------------------------------------------------------- subscribing
    def channel_of(self, event: Event) -> str:
        """A move's event goes to its match's channel, heard only by the processes
        that follow the match; presence and everything else to the shared one."""
        match_id = event.get("match")
        if is_move_event(event) and isinstance(match_id, str):
            return self.channel + MATCH_CHANNEL_INFIX + match_id
        return self.channel

    def follow(self, match_id: str, receiver: object = None) -> None:
        """Hear the moves of ``match_id`` from now on (this process has pages on it).
        Once Redis confirms, a ``followed`` event is delivered: events published
        before that were not heard, so the receiver looks at the store then.
        Called from any thread; ``receiver`` is for MemoryBus (one per process)."""
        with self._follow_lock:
            if match_id in self._followed:
                return
            self._followed.add(match_id)
            self._follow_changes += 1

    def unfollow(self, match_id: str, receiver: object = None) -> None:
        """Stop hearing the moves of ``match_id`` (no page on it here any more)."""
        with self._follow_lock:
            if match_id not in self._followed:
                return
            self._followed.discard(match_id)
            self._follow_changes += 1

    async def listen(
        self, deliver: Callable[[list[Event]], None], subscribed: asyncio.Event | None = None
    ) -> None:
        """Deliver the events heard, in batches, until cancelled (``subscribed`` is
        set once listening); reconnect on errors and then deliver ``{"kind":
        "resync"}`` (events may have been missed meanwhile)."""
        first = True
        while True:
            try:
                async for events in self._batches():
                    if events:
                        deliver(events)
                        continue
                    if not first:
                        deliver([{"kind": "resync", "origin": "redis"}])
                    first = False
                    if subscribed is not None:
                        subscribed.set()
            except (redis.RedisError, OSError) as exc:
                log.warning("Redis subscription lost (%s); reconnecting", exc)
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _batches(self) -> AsyncIterator[list[Event]]:
        """The events of one connection, as many as have arrived in each batch; an
        empty batch once subscribed.  Follows and unfollows are applied between
        polls."""
        client = aioredis.Redis.from_url(self.url)
        pubsub = client.pubsub()
        prefix = self.channel + MATCH_CHANNEL_INFIX
        listening: set[str] = set()
        seen_changes = -1
        try:
            await pubsub.subscribe(self.channel)
            yield []
            while True:
                if seen_changes != self._follow_changes:
                    with self._follow_lock:
                        wanted, seen_changes = set(self._followed), self._follow_changes
                    if wanted - listening:
                        await pubsub.subscribe(*(prefix + m for m in wanted - listening))
                    if listening - wanted:
                        await pubsub.unsubscribe(*(prefix + m for m in listening - wanted))
                    listening = wanted
                batch: list[Event] = []
                message = await pubsub.get_message(timeout=LISTEN_POLL_SECONDS)
                while message is not None:
                    event = _event_of(message, prefix)
                    if event is not None:
                        batch.append(event)
                    if len(batch) >= LISTEN_BATCH_EVENTS:
                        break  # the rest in the next batch (none read and left behind)
                    message = await pubsub.get_message(timeout=0.0)
                if batch:
                    yield batch
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call,unused-ignore]  # typed from redis 8
            with contextlib.suppress(Exception):
                await client.aclose()

    def close(self) -> None:
        """Send what is queued (a moment at most), then stop the thread and disconnect."""
        self.flush()
        with contextlib.suppress(queue.Full):
            self._queue.put(None, timeout=PUBLISH_PAUSE_SECONDS)
        self._sender.join(timeout=PUBLISH_PAUSE_SECONDS)
        self._client.close()


@dataclass
class ClusterRuntime:
    """The background work of one process of a cluster.

    Everything it does that may wait on the database, Redis or a match's lock (the
    events heard, heartbeats, presence, takeovers) runs on one worker thread of its
    own, in order, never on the event loop."""

    coordinator: ClusterCoordinator
    bus: RedisBus
    worker: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="roadtrip-cluster")
    )

    async def run(self) -> None:
        """Listen, say hello, then beat and take over expired leases until cancelled."""
        subscribed = asyncio.Event()
        listener = asyncio.create_task(self.bus.listen(self._deliver, subscribed))
        try:
            await subscribed.wait()  # then the answers to our hello reach us
            await self._on_worker(self.coordinator.announce, "hello")
            sweep_every = max(1.0, self.coordinator.lease_seconds / 2)
            since_sweep = 0.0
            while True:
                await asyncio.sleep(HEARTBEAT_SECONDS)
                await self._on_worker(self._beat)
                since_sweep += HEARTBEAT_SECONDS
                if since_sweep >= sweep_every:
                    since_sweep = 0.0
                    await self._on_worker(self._sweep)
        finally:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await listener
            await self._on_worker(self._stop)

    async def _on_worker(self, job: Callable[..., None], *args: object) -> None:
        await asyncio.get_running_loop().run_in_executor(self.worker, job, *args)

    def presence_changed(self, match_id: str) -> None:
        """The hub's seats of ``match_id`` changed (called on the event loop)."""
        with contextlib.suppress(RuntimeError):  # the worker is shut down: stopping
            self.worker.submit(self._guarded, self.coordinator.presence_changed, match_id)

    def _deliver(self, events: list[Event]) -> None:
        """Hand a batch of events to the worker (one job: a job per event cost more
        than handling it); our own events are dropped here already."""
        own = self.coordinator.process_id
        heard = [event for event in events if event.get("origin") != own]
        if heard:
            with contextlib.suppress(RuntimeError):  # the worker is shut down: stopping
                self.worker.submit(self._receive_all, heard)

    def _receive_all(self, events: list[Event]) -> None:
        for event in events:
            self._guarded(self.coordinator.receive, event)

    @staticmethod
    def _guarded(job: Callable[..., object], *args: object) -> None:
        try:
            job(*args)
        except Exception:  # one bad event must never stop the others
            log.exception("cluster job %s%r failed", getattr(job, "__name__", job), args)

    def _beat(self) -> None:
        self._guarded(self.coordinator.heartbeat)
        self._guarded(self.coordinator.expire_presence)

    def _sweep(self) -> None:
        self._guarded(self.coordinator.take_over_expired)
        self._guarded(self.coordinator.expire_overdue)  # timers lost with a process
        self._guarded(self.coordinator.take_over_orphans)

    def _stop(self) -> None:
        self._guarded(self.coordinator.announce, "bye")

    def close(self) -> None:
        """After the app stopped (its bot threads too): hand this process's matches
        over to the others and close the connections."""
        self._guarded(self.coordinator.hand_over_all)
        self.worker.shutdown(wait=True, cancel_futures=True)
        self.bus.close()


def _event_of(message: dict[str, Any], prefix: str) -> Event | None:
    """The event in a pub/sub ``message`` (None: not one of ours); a confirmed
    subscription to a match's channel is a ``followed`` event."""
    kind, data = message.get("type"), message.get("data")
    if kind == "subscribe":
        channel = message.get("channel")
        if isinstance(channel, bytes):
            channel = channel.decode("utf-8", "replace")
        if isinstance(channel, str) and channel.startswith(prefix):
            return {"kind": "followed", "match": channel[len(prefix) :], "origin": "redis"}
        return None
    if kind != "message" or not isinstance(data, (bytes, str)):
        return None
    try:
        event = json.loads(data)
    except ValueError:
        return None
    return event if isinstance(event, dict) else None


def cluster_channel(cluster_id: str) -> str:
    """The shared channel of the cluster named ``cluster_id`` (one per database)."""
    return f"{CHANNEL}:{cluster_id}"


def shown_url(url: str) -> str:
    """``url`` with any password masked, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


def process_name() -> str:
    """A unique name for this process (host, pid and a random part)."""
    return f"{socket.gethostname()[:24]}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def lease_seconds() -> float:
    raw = os.environ.get(LEASE_SECONDS_ENV, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_LEASE_SECONDS
    except ValueError:
        value = DEFAULT_LEASE_SECONDS
    return value if value > 0 else DEFAULT_LEASE_SECONDS


def build_cluster(
    store: SqlStore, hub: QueueHub, redis_url: str, limits: LiveLimits | None = None
) -> ClusterRuntime:
    """One process of a cluster on ``store`` (PostgreSQL) and Redis at ``redis_url``;
    ``limits`` bound its copies of the matches."""
    bus = RedisBus(redis_url, channel=cluster_channel(store.cluster_id()))
    try:
        bus.ping()
    except redis.RedisError as exc:
        bus.close()
        raise RedisUnavailable(f"cannot reach Redis at {shown_url(redis_url)}: {exc}") from None
    coordinator = ClusterCoordinator(
        store,
        hub,
        bus=bus,
        leases=SqlLeases(store.engine),
        process_id=process_name(),
        local_seats=hub.connected_seats,
        lease_seconds=lease_seconds(),
        limits=limits,
    )
    runtime = ClusterRuntime(coordinator, bus)
    hub.online = coordinator.connected_seats  # presence messages: every process's seats
    hub.on_presence = runtime.presence_changed
    return runtime
