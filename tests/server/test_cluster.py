"""Several real ``roadtrip serve`` processes on one PostgreSQL and one Redis serve one
match together: a move on one reaches a WebSocket client of the other, a move made
at the same moment on both is applied once, and killing either (SIGKILL) loses
nothing acknowledged while the other carries on, bots included.

Needs ROADTRIP_TEST_POSTGRES_URL (``.ci/postgres.sh``) and ROADTRIP_TEST_REDIS_URL
(``.ci/redis.sh``); skipped without them, except in CI (``CI`` set), where that fails.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
import uuid
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
from cluster_kit import Server, check_replays, start, stored
from server_kit import auth, decisions_of
from websockets.sync.client import ClientConnection, connect

from roadtrip.server.leases import SqlLeases
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import SeatSpec, StoredMatch

BOT_SEAT = 2

pytestmark = pytest.mark.slow


class Client:
    """A WebSocket client of one seat, connected to one server."""

    def __init__(self, server: Server, match_id: str, token: str) -> None:
        self.server, self.match_id, self.token = server, match_id, token
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(f"{server.ws_base}/ws/matches/{match_id}")
        )
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.online: set[int] = set()  # the seats this page was last told are online
        self.last = self.until(lambda m: True)

    def _read(self, timeout: float) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "error":
            raise AssertionError(f"error from the server: {message}")
        if message["type"] == "presence":
            self.online = set(message["online"])
        elif message["type"] == "state":
            self.online = {i for i, p in enumerate(message["players"]) if p["online"]}
        return message

    def until(self, predicate: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The next state message satisfying ``predicate`` (errors fail the test)."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("no matching state message in time")
            message = self._read(remaining)
            if message["type"] != "state":
                continue  # e.g. a presence update: who is online
            self.last = message
            if predicate(message):
                return message

    def wait_online(self, seat: int, timeout: float = 20.0) -> None:
        """Wait until this page is told that ``seat`` is online (a presence message
        or a state)."""
        deadline = time.monotonic() + timeout
        while seat not in self.online:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"seat {seat} was never shown online")
            self._read(remaining)

    def see(self, version: int) -> dict[str, Any]:
        """Wait until this client has been told of ``version``."""
        if self.last["version"] >= version:
            return self.last
        return self.until(lambda m: m["version"] >= version)

    def current(self) -> dict[str, Any]:
        """The state as the server holds it now (over HTTP: the WebSocket may still
        have messages on their way)."""
        url = f"{self.server.base}/api/matches/{self.match_id}/state"
        response = httpx.get(url, headers=auth(self.token), timeout=10)
        assert response.status_code == 200, response.text
        state: dict[str, Any] = response.json()
        return state

    def act(self, rng: Random) -> dict[str, Any] | None:
        """Make a random move if this seat may; return the state acknowledging it."""
        before = self.current()
        if before["finished"] or not before["choices"]:
            return None
        choice = rng.choice(before["choices"])["action"]
        self.ws.send(json.dumps({"type": "act", "action": choice, "my_moves": before["my_moves"]}))
        return self.until(lambda m: m["my_moves"] > before["my_moves"] or m["finished"])

    def close(self) -> None:
        self._stack.close()


def play_round(movers: list[Client], watchers: list[Client], rng: Random) -> int:
    """Let each client whose seat may act make one move; check every watcher (on any
    process) sees it; return the highest version acknowledged."""
    acknowledged = 0
    for client in movers:
        state = client.act(rng)
        if state is None:
            continue
        acknowledged = max(acknowledged, state["version"])
        for watcher in watchers:
            watcher.see(state["version"])
    return acknowledged


def test_two_processes_serve_one_match_and_survive_a_sigkill_of_either(
    servers: tuple[str, str, list[Server]], tmp_path: Path
) -> None:
    database_url, redis_url, started = servers
    rng = Random(13)
    one = start("one", database_url, redis_url, tmp_path, started)
    two = start("two", database_url, redis_url, tmp_path, started)
    seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "greedy"}]
    response = httpx.post(
        f"{one.base}/api/matches",
        json={"game": "road-to-300", "options": {"players": 3}, "seats": seats},
        timeout=20,
    )
    assert response.status_code == 201, response.text
    created = response.json()
    match_id = created["match"]
    ann_token, ben_token = (s["token"] for s in created["seats"])

    # Ann plays on process one, Ben on process two: each sees the other's moves
    ann, ben = Client(one, match_id, ann_token), Client(two, match_id, ben_token)
    # each page hears that the other seat is online on the other process
    ann.wait_online(1)
    ben.wait_online(0)
    acknowledged = 0
    for _ in range(4):
        acknowledged = max(acknowledged, play_round([ann, ben], [ann, ben], rng))
    assert ann.last["version"] == ben.last["version"] >= acknowledged > 0
    bot_moves = decisions_of(stored(database_url, match_id).actions)

    # The same click sent to both processes at once is applied once
    state = httpx.get(
        f"{one.base}/api/matches/{match_id}/state", headers=auth(ann_token), timeout=10
    ).json()
    assert state["choices"] and not state["finished"]
    body = {"action": state["choices"][0]["action"], "my_moves": state["my_moves"]}
    answers: list[int] = []

    def click(server: Server) -> None:
        url = f"{server.base}/api/matches/{match_id}/actions"
        answers.append(httpx.post(url, json=body, headers=auth(ann_token), timeout=20).status_code)

    threads = [threading.Thread(target=click, args=(s,)) for s in (one, two)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200, 409], answers
    after = decisions_of(stored(database_url, match_id).actions)
    assert after[: len(bot_moves)] == bot_moves
    made = [d for d in after[len(bot_moves) :] if d[0] == 0]
    assert made == [(0, body["action"])]
    ann.close()
    ben.close()

    # A match whose process died while playing its bots (a lease left to expire) is
    # taken over by one of the running processes
    orphan = orphan_match(database_url)
    deadline = time.monotonic() + 30
    while not stored(database_url, orphan).actions:
        assert time.monotonic() < deadline, "no process took over the orphaned match"
        time.sleep(0.5)
    check_replays(stored(database_url, orphan))

    # Kill process one: the pages reconnect (to two); nothing acknowledged is lost
    # and two carries on, bots included.  Then start a third, kill two: the same.
    carry_on_after_kill(one, two, database_url, match_id, (ann_token, ben_token), rng)
    three = start("three", database_url, redis_url, tmp_path, started)
    carry_on_after_kill(two, three, database_url, match_id, (ann_token, ben_token), rng)


def orphan_match(database_url: str) -> str:
    """Store a bot match with no move yet and an expired lease on it, as a process
    leaves it when killed while running the match's opening bot and chance moves."""
    match_id = f"orphan{uuid.uuid4().hex[:12]}"
    store = SqlStore(database_url)
    try:
        bots = [SeatSpec("Bot", bot="greedy"), SeatSpec("Ann")]
        store.create(StoredMatch(match_id, "road-to-300", {"players": 2}, 21, bots), {})
        assert SqlLeases(store.engine).acquire(match_id, "a-killed-process", 0.01)
    finally:
        store.close()
    return match_id


def carry_on_after_kill(
    victim: Server,
    survivor: Server,
    database_url: str,
    match_id: str,
    tokens: tuple[str, str],
    rng: Random,
) -> None:
    before_kill = stored(database_url, match_id)
    acknowledged = len(before_kill.actions)
    victim.kill()
    assert victim.process.returncode == -signal.SIGKILL
    ann, ben = (Client(survivor, match_id, token) for token in tokens)
    assert ann.last["version"] == ben.last["version"] == acknowledged
    bots_before = bot_moves(before_kill)
    # A game round can need more decisions of the people than four: play on until
    # the bot has had its turn (or the match is over).
    for _ in range(12):
        play_round([ann, ben], [ann, ben], rng)
        match = stored(database_url, match_id)
        if match.finished or bot_moves(match) > bots_before:
            break
    ann.close()
    ben.close()
    match = stored(database_url, match_id)
    assert match.actions[:acknowledged] == before_kill.actions
    check_replays(match)
    if not match.finished:
        assert bot_moves(match) > bots_before, "the bot did not play on the surviving process"


def bot_moves(match: StoredMatch) -> int:
    return sum(1 for seat, _ in decisions_of(match.actions) if seat == BOT_SEAT)
