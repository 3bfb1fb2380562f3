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
import socket
import time
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

import redis
import redis.asyncio as aioredis

from roadtrip.core.errors import RoadtripError
from roadtrip.server.cluster import HEARTBEAT_SECONDS, ClusterCoordinator, Event
from roadtrip.server.leases import DEFAULT_LEASE_SECONDS, SqlLeases
from roadtrip.server.live_cache import LiveLimits
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.transport import QueueHub

CHANNEL = "roadtrip:events"
LEASE_SECONDS_ENV = "ROADTRIP_LEASE_SECONDS"  # lease time; tests make it short
RECONNECT_SECONDS = 1.0
PUBLISH_PAUSE_SECONDS = 1.0

log = logging.getLogger(__name__)


class RedisUnavailable(RoadtripError):
    """Redis cannot be reached when a process starts."""


class RedisBus:
    """An EventBus on one Redis pub/sub channel."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.url = url
        self.channel = channel
        self._client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        # After a failed publish, skip publishing for a moment rather than make every
        # move wait for a timeout; the subscription's resync covers the gap.
        self._quiet_until = 0.0

    def ping(self) -> None:
        """Raise ``redis.RedisError`` when Redis cannot be reached (checked at start)."""
        self._client.ping()

    def publish(self, event: Event) -> None:
        if time.monotonic() < self._quiet_until:
            return
        try:
            self._client.publish(self.channel, json.dumps(event))
        except redis.RedisError as exc:  # the move is stored; only the push is late
            self._quiet_until = time.monotonic() + PUBLISH_PAUSE_SECONDS
            log.warning("cannot publish to Redis: %s", exc)

    async def listen(
        self, deliver: Callable[[Event], None], subscribed: asyncio.Event | None = None
    ) -> None:
        """Deliver every event on the channel until cancelled (``subscribed`` is set
        once listening); reconnect on errors and then deliver ``{"kind": "resync"}``
        (events may have been missed meanwhile)."""
        first = True
        while True:
            try:
                async for event in self._events():
                    if event.get("kind") != "_subscribed":
                        deliver(event)
                        continue
                    if not first:
                        deliver({"kind": "resync", "origin": "redis"})
                    first = False
                    if subscribed is not None:
                        subscribed.set()
            except (redis.RedisError, OSError) as exc:
                log.warning("Redis subscription lost (%s); reconnecting", exc)
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _events(self) -> AsyncIterator[Event]:
        client = aioredis.Redis.from_url(self.url)
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(self.channel)
            yield {"kind": "_subscribed"}
            while True:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None or message.get("type") != "message":
                    continue
                try:
                    event = json.loads(message["data"])
                except ValueError:
                    continue
                if isinstance(event, dict):
                    yield event
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]
            with contextlib.suppress(Exception):
                await client.aclose()

    def close(self) -> None:
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

    def _deliver(self, event: Event) -> None:
        with contextlib.suppress(RuntimeError):
            self.worker.submit(self._guarded, self.coordinator.receive, event)

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
    bus = RedisBus(redis_url)
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
