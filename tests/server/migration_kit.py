"""Helpers of the migration tests: the databases made by the release before
migrations (tests/server/legacy, made by legacy/make_legacy.py), the comparison of
a database's tables with the code's, and playing matches through the HTTP API."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import httpx
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine
from starlette.testclient import TestClient

from roadtrip.server.app import create_app
from roadtrip.server.migrate import head, tables_named, target_metadata
from roadtrip.server.sql_store import SqlStore, normalize_url

LEGACY = Path(__file__).resolve().parent / "legacy"


def legacy_sqlite(folder: Path) -> str:
    """A copy of the SQLite database the release before migrations made: its URL."""
    path = folder / "release_0_1.sqlite3"
    shutil.copy(LEGACY / "release_0_1.sqlite3", path)
    return f"sqlite:///{path}"


def load_legacy_postgres(url: str) -> None:
    """Load the PostgreSQL dump of that release's tables and rows where ``url``'s
    search_path points (a fresh schema)."""
    script = (LEGACY / "release_0_1_postgres.sql").read_text()
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as conn:
            for statement in script.split(";\n"):
                if statement.strip():
                    conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def legacy_tokens(backend: str) -> dict[str, Any]:
    """The matches of the legacy database and their players' tokens."""
    made: dict[str, Any] = json.loads((LEGACY / f"tokens_{backend}.json").read_text())
    return made


def schema_state(url: str) -> tuple[str | None, list[Any]]:
    """The database's revision and its differences from the tables the code
    declares (Alembic's autogenerate comparison: [] when they agree)."""
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            metadata = target_metadata()
            context = MigrationContext.configure(
                conn, opts={"include_name": tables_named(metadata), "compare_type": True}
            )
            return context.get_current_revision(), list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def play_to_the_end(client: httpx.Client, match: str, tokens: list[str]) -> dict[str, Any]:
    """Each token's seat moves (its first choice) until the match is over; moves the
    turn clock made meanwhile make a click stale, which is simply tried again."""
    for _ in range(5000):
        for token in tokens:
            headers = {"Authorization": f"Bearer {token}"}
            state: dict[str, Any] = client.get(
                f"/api/matches/{match}/state", headers=headers
            ).json()
            if state["finished"]:
                return state
            if state["choices"]:
                body = {"action": state["choices"][0]["action"], "my_moves": state["my_moves"]}
                answer = client.post(f"/api/matches/{match}/actions", json=body, headers=headers)
                if answer.status_code != 409:  # stale or no longer your turn: again
                    assert answer.status_code == 200, answer.text
    raise AssertionError(f"match {match} did not end")


def check_upgraded_and_playable(url: str, made: dict[str, Any]) -> None:
    """The upgraded legacy database is at the newest revision with the code's
    tables, keeps its matches, review and cluster name, and plays on."""
    assert schema_state(url) == (head(), [])
    auth = {"Authorization": f"Bearer {made['solo']['tokens'][0]}"}
    with TestClient(create_app(database_url=url)) as client:
        solo = client.get(f"/api/matches/{made['solo']['match']}/state", headers=auth).json()
        assert solo["finished"] and solo["version"] > 0
        review = client.get(f"/api/matches/{made['solo']['match']}/review?seat=0", headers=auth)
        assert review.json()["status"] == "done"
        timed = made["timed"]
        before = client.get(
            f"/api/matches/{timed['match']}/state",
            headers={"Authorization": f"Bearer {timed['tokens'][0]}"},
        ).json()
        assert not before["finished"] and before["clock"] is not None
        assert before["advice_allowed"] is False
        assert play_to_the_end(client, timed["match"], timed["tokens"])["finished"]
        created = client.post(
            "/api/matches",
            json={"game": "road-to-300", "seats": [{"name": "Dee", "bot": None}]},
        ).json()
        play_to_the_end(client, created["match"], [created["seats"][0]["token"]])
    store = SqlStore(url)
    try:
        assert store.cluster_id() == made["cluster"]
        assert store.load(timed["match"]) is not None
    finally:
        store.close()
