"""/healthz, /readyz and /metrics (issue 24, item 5; docs/server.md, "Operations"):
liveness without the database, readiness of the database (SQLite, PostgreSQL) and of
a cluster's Redis, 503 naming what does not answer, and Prometheus metrics that move
with moves, advice, errors, WebSockets and the bot pool's jobs."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from server_kit import act_http, auth, create_http, free_port, state_http, ws_hello, ws_receive
from sqlalchemy import create_engine

from roadtrip.server.app import create_app
from roadtrip.server.bot_pool import BotPool
from roadtrip.server.metrics import outcome_of
from roadtrip.server.readiness import Readiness
from roadtrip.server.sql_store import SqlStore, normalize_url
from roadtrip.server.storage import MemoryStore

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(client: TestClient, **headers: str) -> Samples:
    """Every sample of /metrics, parsed by prometheus_client's own parser."""
    response = client.get("/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


class DownStore(MemoryStore):
    """A store whose database does not answer."""

    def ping(self) -> None:
        raise ConnectionRefusedError("the database is down")


# ------------------------------------------------------------------ /healthz
def test_healthz_answers_while_the_database_does_not() -> None:
    with TestClient(create_app(DownStore())) as client:
        response = client.get("/healthz")
        assert response.status_code == 200
        assert response.json() == {"status": "ok"}
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["status"] == "unavailable"
        assert ready.json()["checks"]["database"] == {
            "ok": False,
            "seconds": ready.json()["checks"]["database"]["seconds"],
            "error": "ConnectionRefusedError",
        }


# ------------------------------------------------------------------- /readyz
def test_readyz_on_each_sql_database(sql_url: str) -> None:
    with TestClient(create_app(database_url=sql_url)) as client:
        assert client.get("/healthz").status_code == 200
        response = client.get("/readyz")
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["status"] == "ready"
        assert list(body["checks"]) == ["database"]
        assert body["checks"]["database"]["ok"] is True


def test_readyz_is_503_when_postgresql_cannot_be_reached(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'ready.sqlite3'}")
    with TestClient(create_app(store)) as client:
        assert client.get("/readyz").status_code == 200
        # The store's database moves to a PostgreSQL port nobody listens on.
        store.engine.dispose()
        url = normalize_url(f"postgresql://nobody@127.0.0.1:{free_port()}/x")
        store.engine = create_engine(url)
        assert client.get("/healthz").status_code == 200
        response = client.get("/readyz")
        assert response.status_code == 503, response.text
        check = response.json()["checks"]["database"]
        assert check["ok"] is False and check["error"] == "OperationalError"
        assert "nobody" not in response.text  # no URL, user or host in the answer


def test_a_hanging_check_times_out_and_is_not_started_again_while_it_hangs() -> None:
    release = threading.Event()
    calls: list[float] = []

    def hangs() -> None:
        calls.append(time.monotonic())
        release.wait(10)

    readiness = Readiness({"database": hangs}, timeout=0.2)

    async def probe_twice() -> list[tuple[bool, dict[str, Any]]]:
        return [await readiness.report(), await readiness.report()]

    try:
        (first_ok, first), (second_ok, _) = asyncio.run(probe_twice())
        assert not first_ok and not second_ok
        assert first["checks"]["database"]["error"] == "no answer within 0.2 s"
        assert len(calls) == 1  # the second probe waited for the same check
    finally:
        release.set()
    time.sleep(0.05)
    assert asyncio.run(readiness.report())[0] is True
    assert len(calls) == 2


@pytest.fixture
def own_redis() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Redis server of this test's own, which the test may stop."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but redis-server is not installed (.ci/redis.sh)")
        pytest.skip("needs redis-server")
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    deadline = time.monotonic() + 10
    while True:
        try:
            redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
            break
        except redis.RedisError:
            if time.monotonic() > deadline:
                process.kill()
                pytest.fail("the test's redis-server did not start")
            time.sleep(0.05)
    try:
        yield url, process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)


def test_readyz_in_a_cluster_checks_redis_and_is_503_once_it_is_down(
    postgres_schema_url: str, own_redis: tuple[str, subprocess.Popen[bytes]]
) -> None:
    url, redis_process = own_redis
    app = create_app(database_url=postgres_schema_url, redis_url=url)
    with TestClient(app) as client:
        response = client.get("/readyz")
        assert response.status_code == 200, response.text
        assert set(response.json()["checks"]) == {"database", "redis"}
        redis_process.kill()
        redis_process.wait(10)
        down = client.get("/readyz")
        assert down.status_code == 503, down.text
        checks = down.json()["checks"]
        assert checks["database"]["ok"] is True
        assert checks["redis"]["ok"] is False
        assert client.get("/healthz").status_code == 200


# ------------------------------------------------------------------ /metrics
@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.05")
    monkeypatch.setenv("ROADTRIP_ADVICE_QUOTA", "1/1")  # the second advice is refused
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


def test_metrics_count_moves_advice_and_errors(client: TestClient) -> None:
    created = create_http(client)
    match_id, token = created["match"], created["seats"][0]["token"]
    before = scrape(client)
    assert value(before, "roadtrip_moves_total", game="road-to-300") == 0
    assert value(before, "roadtrip_live_matches") == 1

    message = state_http(client, match_id, token)
    moved = act_http(client, match_id, token, message["choices"][0]["action"])
    assert moved.status_code == 200
    advice = client.get(f"/api/matches/{match_id}/advice?seat=0", headers=auth(token))
    assert advice.status_code == 200, advice.text
    # A new move, so the next advice must be computed: over the quota of 1.
    act_http(client, match_id, token, moved.json()["choices"][0]["action"])
    refused = client.get(f"/api/matches/{match_id}/advice?seat=0", headers=auth(token))
    assert refused.status_code == 429
    assert act_http(client, match_id, token, 10**6).status_code == 400
    assert client.get("/api/nothing-here").status_code == 404
    early = client.post(f"/api/matches/{match_id}/review?seat=0", headers=auth(token))
    assert early.status_code == 409  # not over yet
    after = scrape(client)

    assert value(after, "roadtrip_moves_total", game="road-to-300") == 2
    assert value(after, "roadtrip_move_seconds_count", game="road-to-300") == 2
    assert value(after, "roadtrip_move_seconds_sum", game="road-to-300") > 0
    # each move stores itself and the dice rolled after it
    assert value(after, "roadtrip_actions_stored_total", game="road-to-300") >= 4
    assert value(after, "roadtrip_advice_requests_total", outcome="answered") == 1
    assert value(after, "roadtrip_advice_requests_total", outcome="refused") == 1
    assert value(after, "roadtrip_http_errors_total", status="429", code="too_many_requests") == 1
    assert value(after, "roadtrip_http_errors_total", status="400", code="illegal_move") == 1
    assert value(after, "roadtrip_http_errors_total", status="404", code="not_found") == 1
    assert value(after, "roadtrip_http_errors_total", status="409", code="not_over") == 1
    assert value(after, "roadtrip_review_requests_total", method="POST", outcome="denied") == 1


@pytest.mark.parametrize(
    ("status", "code", "outcome"),
    [
        (200, None, "answered"),
        (429, "too_many_requests", "refused"),
        (503, "busy", "failed"),
        (409, "dropped", "failed"),
        (500, "internal", "failed"),
        (409, "not_over", "denied"),
        (403, "advice_off", "denied"),
        (404, "not_found", "denied"),
    ],
)
def test_advice_and_review_outcomes(status: int, code: str | None, outcome: str) -> None:
    assert outcome_of(status, code) == outcome


def test_metrics_show_websockets_and_their_errors(client: TestClient) -> None:
    created = create_http(client)
    with client.websocket_connect(f"/ws/matches/{created['match']}") as ws:
        ws_hello(ws, created["seats"][0]["token"])
        assert value(scrape(client), "roadtrip_websocket_connections") == 1
        ws.send_text("not json")
        assert ws_receive(ws)["code"] == "bad_message"
        assert value(scrape(client), "roadtrip_websocket_errors_total", code="bad_message") == 1
    assert value(scrape(client), "roadtrip_websocket_connections") == 0


def test_a_finished_match_is_counted(client: TestClient) -> None:
    created = create_http(client, bots=["greedy"])  # a bots-only match plays to its end
    match_id = created["match"]
    for _ in range(200):
        if value(scrape(client), "roadtrip_matches_finished_total", game="road-to-300") == 1:
            break
        time.sleep(0.05)
    assert value(scrape(client), "roadtrip_matches_finished_total", game="road-to-300") == 1
    assert state_http(client, match_id, created["spectator"]["token"])["finished"] is True


def test_each_app_has_its_own_metrics() -> None:
    with TestClient(create_app(MemoryStore())) as one, TestClient(create_app(MemoryStore())) as two:
        created = create_http(one)
        token = created["seats"][0]["token"]
        message = state_http(one, created["match"], token)
        assert act_http(one, created["match"], token, message["choices"][0]["action"]).is_success
        assert value(scrape(one), "roadtrip_moves_total", game="road-to-300") == 1
        assert value(scrape(two), "roadtrip_moves_total", game="road-to-300") == 0


def test_a_metrics_token_is_required_once_set() -> None:
    with TestClient(create_app(MemoryStore(), metrics_token="s3cret")) as client:
        assert client.get("/metrics").status_code == 403
        assert client.get("/metrics", headers=auth("wrong")).status_code == 403
        assert "roadtrip_live_matches" in scrape(client, Authorization="Bearer s3cret").__repr__()


def test_the_bot_pool_reports_its_queue_and_each_jobs_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ROADTRIP_ADVICE_SECONDS", "0.05")
    with TestClient(create_app(MemoryStore(), bot_pool=BotPool(1))) as client:
        created = create_http(client)
        match_id, token = created["match"], created["seats"][0]["token"]
        assert value(scrape(client), "roadtrip_bot_queue_depth", lane="0") == 0
        advice = client.get(f"/api/matches/{match_id}/advice?seat=0", headers=auth(token))
        assert advice.status_code == 200, advice.text
        samples = scrape(client)
        assert value(samples, "roadtrip_bot_job_wait_seconds_count", kind="advice") == 1
        assert ("roadtrip_bot_queue_depth", frozenset({("lane", "0")})) in samples
