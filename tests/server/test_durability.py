"""Durability through the real app: a restarted (or killed) server continues every
match exactly where it was, with the same dice."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_kit import (
    act_http,
    create_http,
    decisions_of,
    free_port,
    play_http,
    reference_state,
    serve_process,
    state_http,
    wait_served,
)

from roadtrip.server.app import create_app
from roadtrip.server.sql_store import SqlStore


def stored_match(url: str, match_id: str) -> Any:
    store = SqlStore(url)
    try:
        return store.load(match_id)
    finally:
        store.close()


def comparable(message: dict[str, Any]) -> dict[str, Any]:
    """A state message without who happens to be online."""
    return {k: v for k, v in message.items() if k != "players"}


def test_a_new_app_on_the_same_database_continues_identically(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    rng = Random(11)
    with TestClient(create_app(database_url=url)) as client:
        solo = create_http(client)
        duel = create_http(client, players=2, bots=[None, "random"])
        finished = create_http(client)
        tokens = {m["match"]: m["seats"][0]["token"] for m in (solo, duel, finished)}
        for match in (solo, duel):
            play_http(client, match["match"], tokens[match["match"]], rng, moves=5)
        play_http(client, finished["match"], tokens[finished["match"]], rng)
        before = {mid: state_http(client, mid, token) for mid, token in tokens.items()}
    # the first app is gone (its store closed); a new one opens the same file
    with TestClient(create_app(database_url=url)) as client:
        for mid, token in tokens.items():
            after = state_http(client, mid, token)
            assert comparable(after) == comparable(before[mid])
        assert before[finished["match"]]["finished"]
        for match in (solo, duel):
            mid = match["match"]
            play_http(client, mid, tokens[mid], rng, moves=6)
            # every roll so far is what the seed decides, across the restart
            stored = stored_match(url, mid)
            expected = reference_state(stored, decisions_of(stored.actions))
            assert expected.history() == stored.actions
            assert state_http(client, mid, tokens[mid])["view"] == expected.view(0)


@pytest.mark.slow
def test_roadtrip_serve_killed_with_sigkill_continues_the_match(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    log = tmp_path / "serve.log"
    rng = Random(5)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = serve_process(port, url, log)
    try:
        wait_served(base, process, log)
        assert f"roadtrip is running at {base}" in log.read_text()
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(20):  # a match that is still running after 5 moves
                created = create_http(client, players=2, bots=[None, "greedy"])
                mid, token = created["match"], created["seats"][0]["token"]
                states = play_http(client, mid, token, rng, moves=5)
                if not states[-1]["finished"]:
                    break
            assert len(states) == 5
        before = states[-1]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    assert process.returncode == -signal.SIGKILL

    process = serve_process(port, url, log)
    try:
        wait_served(base, process, log)
        with httpx.Client(base_url=base, timeout=10) as client:
            after = state_http(client, mid, token)
            assert comparable(after) == comparable(before)
            choice = after["choices"][0]["action"]
            response = act_http(client, mid, token, choice, my_moves=after["my_moves"])
            assert response.status_code == 200, response.text
            play_http(client, mid, token, rng, moves=4)
            final = state_http(client, mid, token)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    stored = stored_match(url, mid)
    expected = reference_state(stored, decisions_of(stored.actions))
    assert expected.history() == stored.actions
    assert final["view"] == expected.view(0)
    assert final["version"] == len(stored.actions) > before["version"]
    # the access log is off: no request lines (and so never a token) in the output
    output = log.read_text()
    assert "GET /api" not in output and "POST /api" not in output and token not in output
