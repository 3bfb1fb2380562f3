"""The Redis event bus against a real Redis (ROADTRIP_TEST_REDIS_URL; skipped
without one except in CI): events are queued, sent in order by the bus's thread in
pipelined batches, and a publish never waits for Redis."""

from __future__ import annotations

import contextlib
import json
import threading
import time

import redis

from roadtrip.server.redis_bus import LISTEN_BATCH_EVENTS, RedisBus


def subscribed(redis_url: str, channel: str) -> redis.client.PubSub:
    """A listener on ``channel`` whose subscription Redis has confirmed."""
    listener = redis.Redis.from_url(redis_url).pubsub()
    listener.subscribe(channel)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline:
        message = listener.get_message(timeout=1.0)
        if message is not None and message["type"] == "subscribe":
            return listener
    raise AssertionError("Redis did not confirm the subscription")


def test_queued_events_reach_a_subscriber_in_order(redis_url: str) -> None:
    channel = f"roadtrip:test:{time.monotonic_ns()}"
    listener = subscribed(redis_url, channel)
    bus = RedisBus(redis_url, channel=channel)
    try:
        for n in range(2000):  # more than one batch
            bus.publish({"kind": "match", "n": n})
        assert bus.flush(timeout=10.0)
        heard: list[int] = []
        deadline = time.monotonic() + 10.0
        while len(heard) < 2000 and time.monotonic() < deadline:
            message = listener.get_message(timeout=1.0)
            if message is not None:
                heard.append(json.loads(message["data"])["n"])
        assert heard == list(range(2000))
        assert bus.dropped == 0
    finally:
        bus.close()
        listener.close()


def test_close_sends_what_is_queued(redis_url: str) -> None:
    channel = f"roadtrip:test:{time.monotonic_ns()}"
    listener = subscribed(redis_url, channel)
    bus = RedisBus(redis_url, channel=channel)
    bus.publish({"kind": "bye", "origin": "x"})  # the last words of a clean stop
    bus.close()
    message = None
    deadline = time.monotonic() + 5.0
    while message is None and time.monotonic() < deadline:
        message = listener.get_message(timeout=1.0)
    listener.close()
    assert message is not None and json.loads(message["data"])["kind"] == "bye"


def test_a_listener_hears_the_moves_only_of_the_matches_it_follows(redis_url: str) -> None:
    """Per-match channels: a move's event reaches only the processes following its
    match, with a ``followed`` event once Redis confirms; the rest reaches all."""
    import asyncio

    channel = f"roadtrip:test:{time.monotonic_ns()}"
    listening, talking = RedisBus(redis_url, channel=channel), RedisBus(redis_url, channel=channel)
    heard: list[dict[str, object]] = []

    async def scenario() -> None:
        subscribed = asyncio.Event()
        task = asyncio.create_task(listening.listen(heard.extend, subscribed))
        await asyncio.wait_for(subscribed.wait(), 5.0)

        async def until(predicate: object) -> None:
            deadline = time.monotonic() + 5.0
            while not predicate() and time.monotonic() < deadline:  # type: ignore[operator]
                await asyncio.sleep(0.01)

        talking.publish({"kind": "match", "match": "m1", "origin": "p", "n": 1})
        assert talking.flush(5.0)  # sent before anyone follows m1: nobody hears it
        listening.follow("m1")
        await until(lambda: any(e["kind"] == "followed" for e in heard))
        talking.publish({"kind": "match", "match": "m1", "origin": "p", "n": 2})
        talking.publish({"kind": "match", "match": "m2", "origin": "p", "n": 3})
        talking.publish({"kind": "match", "match": "m2", "presence": True, "origin": "p", "n": 4})
        await until(lambda: any(e.get("n") == 4 for e in heard))
        listening.unfollow("m1")
        await asyncio.sleep(0.3)  # the listener applies it at its next poll
        talking.publish({"kind": "match", "match": "m1", "origin": "p", "n": 5})
        talking.publish({"kind": "alive", "origin": "p", "n": 6})
        await until(lambda: any(e.get("n") == 6 for e in heard))
        for n in range(7, 7 + 3 * LISTEN_BATCH_EVENTS):  # several full batches at once:
            talking.publish({"kind": "alive", "origin": "p", "n": n})
        assert talking.flush(5.0)  # (blocking the loop, so the listener finds them all
        time.sleep(0.2)  # waiting at once)
        await until(lambda: any(e.get("n") == 6 + 3 * LISTEN_BATCH_EVENTS for e in heard))
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    failed: list[BaseException] = []

    def run() -> None:  # in a thread of its own: a browser test may own this one's loop
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # re-raised below, in the test's thread
            failed.append(exc)

    try:
        runner = threading.Thread(target=run)
        runner.start()
        runner.join(timeout=30)
        if failed:
            raise failed[0]
    finally:
        listening.close()
        talking.close()
    assert {"kind": "followed", "match": "m1", "origin": "redis"} in heard
    assert [e["n"] for e in heard if "n" in e] == [2, 4, 6, *range(7, 7 + 3 * LISTEN_BATCH_EVENTS)]


def test_each_database_names_its_own_cluster_channels(postgres_url: str) -> None:
    """Two clusters on one Redis (pub/sub ignores Redis's database number) must not
    hear each other: the channels are named by an id stored in the database."""
    from cluster_kit import fresh_schema

    from roadtrip.server.redis_bus import cluster_channel
    from roadtrip.server.sql_store import SqlStore

    with fresh_schema(postgres_url) as one_url, fresh_schema(postgres_url) as other_url:
        first, second, other = SqlStore(one_url), SqlStore(one_url), SqlStore(other_url)
        try:
            name = first.cluster_id()
            assert second.cluster_id() == name == first.cluster_id()  # one per database
            assert other.cluster_id() != name
            assert cluster_channel(name) != cluster_channel(other.cluster_id())
        finally:
            for store in (first, second, other):
                store.engine.dispose()
