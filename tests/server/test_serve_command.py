"""``roadtrip serve`` (the command itself; a real served process is in test_durability)
and a smoke run of the load benchmark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI
from typer.testing import CliRunner

from roadtrip.cli.main import app
from roadtrip.cli.serve import printable_url

ROOT = Path(__file__).resolve().parents[2]


def test_serve_prints_the_address_and_runs_uvicorn_quietly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: calls.append((target, kw)))
    url = f"sqlite:///{tmp_path / 'cmd.sqlite3'}"
    result = CliRunner().invoke(
        app, ["serve", "--host", "127.0.0.1", "--port", "8123", "--database-url", url]
    )
    assert result.exit_code == 0, result.output
    assert "roadtrip is running at http://127.0.0.1:8123" in result.output
    assert url in result.output.replace("\n", "")
    [(target, kwargs)] = calls
    assert isinstance(target, FastAPI)
    assert kwargs["host"] == "127.0.0.1" and kwargs["port"] == 8123
    assert kwargs["access_log"] is False
    # uvicorn's limits: a WebSocket message is refused past WS_MAX_BYTES (not 16 MiB),
    # idle connections time out, even those that never sent a byte
    from roadtrip.server.settings import (
        BODY_SECONDS,
        HEADER_SECONDS,
        KEEP_ALIVE_SECONDS,
        WS_MAX_BYTES,
    )
    from roadtrip.server.uvicorn_guard import GuardedHttpProtocol

    assert kwargs["ws_max_size"] == WS_MAX_BYTES
    assert kwargs["timeout_keep_alive"] == KEEP_ALIVE_SECONDS
    assert issubclass(kwargs["http"], GuardedHttpProtocol)
    assert kwargs["http"].header_seconds == HEADER_SECONDS  # slow clients are cut off
    assert kwargs["http"].body_seconds == BODY_SECONDS
    assert kwargs["ws_ping_interval"] and kwargs["ws_ping_timeout"]
    assert target.docs_url is None  # Swagger UI only with --api-docs
    assert (tmp_path / "cmd.sqlite3").exists()


def test_serve_passes_the_slow_client_timeouts_and_the_connection_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: calls.append((target, kw)))
    url = f"sqlite:///{tmp_path / 'cmd.sqlite3'}"
    flags = ["--header-timeout", "3", "--body-timeout", "4", "--hello-timeout", "5"]
    result = CliRunner().invoke(
        app, ["serve", "--database-url", url, "--connections-per-address", "500", *flags]
    )
    assert result.exit_code == 0, result.output
    [(target, kwargs)] = calls
    protocol = kwargs["http"]
    assert (protocol.header_seconds, protocol.body_seconds) == (3.0, 4.0)
    assert protocol.per_address == 500
    assert target.state.hub.limits.hello_seconds == 5.0
    assert target.state.hub.limits.per_client == 500


@pytest.mark.parametrize("name", ["ROADTRIP_CREATE_QUOTA", "ROADTRIP_ADVICE_QUOTA"])
def test_a_quota_in_the_environment_that_means_nothing_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: None)
    monkeypatch.setenv(name, "lots")
    url = f"sqlite:///{tmp_path / 'cmd.sqlite3'}"
    result = CliRunner().invoke(app, ["serve", "--database-url", url])
    assert result.exit_code == 2, result.output
    assert name in result.output and "BURST/PER_MINUTE" in result.output


def test_serve_defaults_to_the_user_database(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str | None] = []

    def fake_create_app(
        store: Any = None, database_url: str | None = None, **kwargs: Any
    ) -> FastAPI:
        seen.append(database_url)
        return FastAPI()

    monkeypatch.setattr("roadtrip.server.app.create_app", fake_create_app)
    monkeypatch.setattr(
        "roadtrip.server.settings.default_database_url", lambda: "sqlite:////data/rt.sqlite3"
    )
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: None)
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert seen == ["sqlite:////data/rt.sqlite3"]
    assert "http://127.0.0.1:8000" in result.output


def test_serve_with_an_unreachable_database_says_so_without_the_password() -> None:
    url = "postgresql://someone:s3cret@127.0.0.1:1/nowhere"
    result = CliRunner().invoke(app, ["serve", "--database-url", url])
    assert result.exit_code == 2
    assert "cannot open the database" in result.output
    assert "s3cret" not in result.output and "***" in result.output
    assert "Traceback" not in result.output


def test_printable_url_masks_passwords() -> None:
    assert printable_url("postgresql://u:pw@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert printable_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
    assert printable_url("not a url") == "not a url"


def test_serve_help_lists_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database-url", "--api-docs"):
        assert option in result.output


@pytest.mark.slow
def test_the_load_benchmark_runs(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "load_ws.py"),
            "--matches",
            "4",
            "--duels",
            "0.5",
            "--seconds",
            "20",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["errors"] == {} and figures["created"] == 4
    assert figures["moves"] > 0 and figures["finished"] == 4
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_the_load_benchmark_refuses_other_hosts() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load_ws.py"), "--url", "http://10.1.2.3:80"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0 and "loopback" in result.stderr


@pytest.mark.parametrize(
    ("given", "workers"), [([], None), (["--bot-workers", "3"], 3), (["--bot-workers", "0"], 0)]
)
def test_serve_runs_thinking_bots_in_bot_worker_processes(
    monkeypatch: pytest.MonkeyPatch, given: list[str], workers: int | None
) -> None:
    from roadtrip.server.bot_pool import BotPool, default_workers

    pools: list[Any] = []

    def fake_create_app(**kwargs: Any) -> FastAPI:
        pools.append(kwargs["bot_pool"])
        return FastAPI()

    monkeypatch.setattr("roadtrip.server.app.create_app", fake_create_app)
    monkeypatch.setattr(uvicorn, "run", lambda target, **kw: None)
    result = CliRunner().invoke(app, ["serve", "--database-url", "sqlite://", *given])
    assert result.exit_code == 0, result.output
    [pool] = pools
    if workers == 0:
        assert pool is None  # in this process's threads
    else:
        assert isinstance(pool, BotPool) and not pool.pids()  # started on first use
        assert pool.workers == (workers or default_workers()) >= 1
    assert "--bot-workers" in CliRunner().invoke(app, ["serve", "--help"]).output


def _load(*extra: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load_ws.py"), *extra, "--json"],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


@pytest.mark.slow
def test_the_load_benchmark_keeps_bot_matches_thinking_alongside() -> None:
    figures = _load(
        "--matches", "3", "--seconds", "6", "--think-ms", "100", "--bot-matches", "2",
        "--bot", "mcts", "--bot-game", "road-to-300", "--bot-workers", "1", "--bot-warmup", "1",
        "--bot-think", "0.05",
    )  # fmt: skip
    assert figures["errors"] == {} and figures["moves"] > 0
    assert figures["bot_matches"] >= 2 and figures["bot_moves"] > 0
    assert len(figures["load_average"]) == 3


@pytest.mark.slow
def test_the_load_benchmark_runs_on_two_processes_with_postgres_and_redis(
    postgres_url: str,
) -> None:
    import os

    redis_url = os.environ.get("ROADTRIP_TEST_REDIS_URL", "").strip()
    if not redis_url:
        pytest.skip("needs ROADTRIP_TEST_REDIS_URL")
    # mcts thinks about 0.05 s a decision (--bot-think, in units of work)
    figures = _load(
        "--matches", "4", "--duels", "1", "--seconds", "20", "--processes", "2",
        "--database-url", postgres_url, "--redis-url", redis_url, "--bot-workers", "1",
        "--bot-matches", "2", "--bot", "mcts", "--bot-game", "road-to-300", "--bot-warmup", "4",
        "--bot-think", "0.05",
    )  # fmt: skip
    assert figures["errors"] == {} and figures["finished"] == 4 and figures["processes"] == 2
    # every duel has a seat on each process: the other seat heard the moves via Redis
    assert figures["remote_moves"] > 0 and figures["remote_p50_ms"] > 0
    # bots that think play under their match's lease in a bot process, watched from
    # a spectator socket on either process
    assert figures["bot_matches"] >= 2 and figures["bot_moves"] > 0


def test_the_load_benchmark_refuses_several_processes_without_postgres_and_redis() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load_ws.py"), "--processes", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2 and "PostgreSQL" in result.stderr
