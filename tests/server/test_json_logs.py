"""Logs as JSON lines (``roadtrip serve --log-format json``; docs/server.md,
"Operations"): a served match's lines parse, name the match, and hold none of its
tokens, even when a client puts one in a URL; secrets are redacted in both formats."""

from __future__ import annotations

import contextlib
import json
import logging
import signal
import sys
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
import uvicorn
from server_kit import free_port, serve_process, wait_served
from typer.testing import CliRunner
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from roadtrip.cli.main import app as cli
from roadtrip.server.json_logs import (
    MATCH,
    REDACTED,
    JsonFormatter,
    TextFormatter,
    logging_config,
    redact,
)


def record(message: str, *args: Any, **extra: Any) -> logging.LogRecord:
    made = logging.LogRecord("roadtrip.server", logging.WARNING, __file__, 1, message, args, None)
    made.__dict__.update(extra)
    return made


# ------------------------------------------------------------------ redaction
@pytest.mark.parametrize(
    "line",
    [
        "GET /api/matches/abc/state?token=SECRET123 200",
        "GET /m/abc?x=1&t=SECRET123 200",
        "/m/abc#t=SECRET123",
        "Authorization: Bearer SECRET123",
        "{'token': 'SECRET123', 'seat': 1}",
        '{"type": "hello", "token": "SECRET123"}',
        "cannot open postgresql://roadtrip:SECRET123@db:5432/roadtrip",
        '"WebSocket /ws/matches/abc/SECRET123kk4fpiovn4XtHofo9LtD" [accepted]',
        "GET /api/matches/SECRET123kk4fpiovn4XtHofo9LtD/state?x=SECRET123kk4fpiovn4XtHofo9",
    ],
)
def test_secrets_are_redacted_in_both_formats(line: str) -> None:
    assert "SECRET123" not in redact(line) and REDACTED in redact(line)
    assert "SECRET123" not in TextFormatter().format(record("%s", line))
    assert "SECRET123" not in JsonFormatter().format(record("%s", line))


def test_words_that_are_not_secrets_stay() -> None:
    line = "match abcdefghijkl: seat=1 my_moves=3 stored actions 4-7"
    assert redact(line) == line


def test_a_json_line_has_the_fields_and_finds_the_match() -> None:
    line = json.loads(JsonFormatter().format(record("match %s is set aside", "abcdefghijkl")))
    assert line["level"] == "warning" and line["logger"] == "roadtrip.server"
    assert line["message"] == "match abcdefghijkl is set aside"
    assert line["match"] == "abcdefghijkl" and line["time"].endswith("+00:00")
    structured = record("GET %s", "/x", route="/api/x", status=200, duration_ms=1.5, seat=2)
    fields = json.loads(JsonFormatter().format(structured))
    assert (fields["route"], fields["status"], fields["duration_ms"], fields["seat"]) == (
        "/api/x",
        200,
        1.5,
        2,
    )
    reset = MATCH.set("mmmmmmmmmmmm")  # a line logged while a request of a match is served
    try:
        assert json.loads(JsonFormatter().format(record("slow")))["match"] == "mmmmmmmmmmmm"
    finally:
        MATCH.reset(reset)


def test_a_traceback_is_one_json_line_and_redacted() -> None:
    try:
        raise ValueError("bad hello token=SECRET123")
    except ValueError:
        failed = record("oops")
        failed.exc_info = sys.exc_info()
    text = JsonFormatter().format(failed)
    assert "\n" not in text and "SECRET123" not in text
    assert "ValueError" in json.loads(text)["exception"]


def test_serve_refuses_an_unknown_log_format(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--database-url", url, "--log-format", "xml"])
    assert result.exit_code == 2
    assert "The log format is one of text, json" in result.output
    with pytest.raises(ValueError, match="log level"):
        logging_config("json", "loud")


@pytest.mark.parametrize(
    ("given", "shown", "level"),
    [([], "text", "WARNING"), (["--log-format", "json"], "json", "INFO")],
)
def test_serve_hands_uvicorn_the_log_format_with_its_access_log_off(
    given: list[str], shown: str, level: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda _app, **kw: calls.append(kw))
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--database-url", url, "--bot-workers", "0", *given])
    assert result.exit_code == 0, result.output
    [kwargs] = calls
    config = kwargs["log_config"]
    assert config["handlers"]["default"]["formatter"] == shown
    assert config["loggers"]["roadtrip"]["level"] == level == kwargs["log_level"]
    assert kwargs["access_log"] is False and config["loggers"]["uvicorn.access"]["handlers"] == []
    if shown == "json":  # the banner is a JSON line too
        banner = json.loads(result.output.strip().splitlines()[-1])
        assert banner["message"].startswith("roadtrip is running at http://127.0.0.1:8000")


# ------------------------------------------------------------- a served match
def _play(base: str, port: int) -> tuple[str, list[str]]:
    """A match played to its end over HTTP and a WebSocket, with its tokens also put
    where they do not belong (query strings, a path); its id and every token."""
    created = httpx.post(
        f"{base}/api/matches",
        json={"game": "road-to-300", "seats": [{"name": "Ann"}, {"name": "Bo"}], "hotseat": True},
    ).json()
    match_id = created["match"]
    tokens = [s["token"] for s in created["seats"]]
    tokens += [created["spectator"]["token"], created["hotseat"]["token"]]
    seat_token = tokens[0]
    headers = {"Authorization": f"Bearer {created['hotseat']['token']}"}
    # Careless clients: tokens in a query string and in a path.
    httpx.get(f"{base}/api/matches/{match_id}/state?token={seat_token}")
    httpx.get(f"{base}/m/{match_id}?t={seat_token}")
    httpx.get(f"{base}/api/matches/{match_id}/{seat_token}")
    httpx.get(f"{base}/api/matches/{seat_token}/state")
    for wrong in (f"{match_id}?token={seat_token}", f"{match_id}/{seat_token}", seat_token):
        with (
            contextlib.suppress(WebSocketException),  # refused: 403, or closed after hello
            connect(f"ws://127.0.0.1:{port}/ws/matches/{wrong}") as ws,
        ):
            ws.send(json.dumps({"type": "hello", "token": seat_token}))
            ws.recv(10)
    with connect(f"ws://127.0.0.1:{port}/ws/matches/{match_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": seat_token}))
        state = json.loads(ws.recv(10))
        ws.send(json.dumps({"type": "act", "action": state["choices"][0]["action"]}))
        ws.recv(10)
    rng = Random(3)
    for _ in range(500):
        message = httpx.get(f"{base}/api/matches/{match_id}/state", headers=headers).json()
        if message["finished"]:
            break
        choice = rng.choice(message["choices"])["action"]
        body = {"action": choice, "seat": message["seat"], "my_moves": message["my_moves"]}
        moved = httpx.post(f"{base}/api/matches/{match_id}/actions", json=body, headers=headers)
        assert moved.status_code == 200, moved.text
    else:
        pytest.fail("the match did not end")
    return match_id, tokens


@pytest.mark.slow
def test_json_logs_of_a_played_match_name_it_and_never_a_token(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    url = f"sqlite:///{tmp_path / 'logged.sqlite3'}"
    process = serve_process(port, url, log, "--log-format", "json", "--bot-workers", "0")
    try:
        wait_served(base, process, log, "/readyz")
        match_id, tokens = _play(base, port)
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(20)
    output = log.read_text()
    lines = [json.loads(line) for line in output.splitlines() if line.strip()]  # all JSON
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    of_match = [line for line in lines if line.get("match") == match_id]
    routes = {line.get("route") for line in of_match}
    assert "/api/matches/{match_id}/actions" in routes
    assert "/ws/matches/{match_id}" in routes
    assert any(line.get("seats") == [0] for line in of_match)  # the WebSocket's hello
    assert all(isinstance(line.get("duration_ms"), float) for line in of_match if "status" in line)
    for token in tokens:
        assert token not in output
    assert f"{match_id}/state?" not in output  # query strings are never logged
