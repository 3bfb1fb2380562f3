"""Make the fixtures of tests/server/test_migrations.py: a database as the release
before Alembic migrations made it (tables from ``create_all``), with matches in it.

Run with the sources of that release (commit f359f2a, before migrations existed):

    git archive f359f2a src | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src python tests/server/legacy/make_legacy.py sqlite \
        tests/server/legacy/release_0_1.sqlite3
    PYTHONPATH=/tmp/old/src python tests/server/legacy/make_legacy.py postgres \
        tests/server/legacy/release_0_1_postgres.sql --url postgresql://...

It plays through the HTTP API: an unfinished timed two-player Road to 300 match
(advice off, some moves made), a finished solo match with a stored review, and the
cluster's name.  The players' tokens go to ``tokens_<backend>.json`` next to the
output (the database holds only their hashes), so that the test can go on playing.
For PostgreSQL the tables are made in a scratch schema, dumped with ``pg_dump
--inserts`` and the schema's name taken out, so the test loads it into any schema.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, make_url, text
from starlette.testclient import TestClient

from roadtrip.server.app import create_app
from roadtrip.server.sql_store import SqlStore, normalize_url


def _play(client: TestClient, match: str, token: str, moves: int) -> int:
    """Make up to ``moves`` moves with ``token`` (its first choice each time)."""
    made = 0
    headers = {"Authorization": f"Bearer {token}"}
    while made < moves:
        state = client.get(f"/api/matches/{match}/state", headers=headers).json()
        if state["finished"] or not state["choices"]:
            break
        body = {"action": state["choices"][0]["action"], "my_moves": state["my_moves"]}
        answer = client.post(f"/api/matches/{match}/actions", json=body, headers=headers)
        assert answer.status_code == 200, answer.text
        made += 1
    return made


def fill(url: str) -> dict[str, Any]:
    """Matches in the database at ``url``, as the release made them; their tokens."""
    store = SqlStore(url)
    with TestClient(create_app(store)) as client:
        timed = client.post(
            "/api/matches",
            json={
                "game": "road-to-300",
                "seats": [{"name": "Ann", "bot": None}, {"name": "Ben", "bot": None}],
                "advice": False,
                "turn_clock": {"seconds": 86400},
            },
        ).json()
        tokens = [seat["token"] for seat in timed["seats"]]
        for _round in range(3):
            for token in tokens:
                _play(client, timed["match"], token, 2)
        solo = client.post(
            "/api/matches",
            json={"game": "road-to-300", "seats": [{"name": "Cy", "bot": None}]},
        ).json()
        solo_token = solo["seats"][0]["token"]
        _play(client, solo["match"], solo_token, 10_000)
        finished = client.get(
            f"/api/matches/{solo['match']}/state",
            headers={"Authorization": f"Bearer {solo_token}"},
        ).json()
        assert finished["finished"]
    # A stored review, written as the review job writes one (no advisor needed).
    store = SqlStore(url)
    store.claim_review(solo["match"], 0, "maker", now=1.0, stale_before=0.0)
    store.finish_review(solo["match"], 0, "maker", {"seat": 0, "decisions": []})
    cluster = store.cluster_id()
    store.close()
    return {
        "timed": {"match": timed["match"], "tokens": tokens},
        "solo": {"match": solo["match"], "tokens": [solo_token]},
        "cluster": cluster,
    }


def make_sqlite(out: Path) -> dict[str, Any]:
    out.unlink(missing_ok=True)
    made = fill(f"sqlite:///{out}")
    engine = create_engine(f"sqlite:///{out}")
    with engine.connect() as conn:  # one self-contained file: no WAL beside it
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.exec_driver_sql("PRAGMA journal_mode=DELETE")
        conn.exec_driver_sql("VACUUM")
    engine.dispose()
    return made


def make_postgres(out: Path, url: str) -> dict[str, Any]:
    schema = f"rt_legacy_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
        made = fill(scoped.render_as_string(hide_password=False))
        plain = make_url(url).set(drivername="postgresql")
        dump = subprocess.run(
            [
                "pg_dump",
                "--inserts",
                "--no-owner",
                "--no-privileges",
                "--schema",
                schema,
                plain.render_as_string(hide_password=False),
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()
    out.write_text(_schemaless(dump, schema))
    return made


def _schemaless(dump: str, schema: str) -> str:
    """The dump's statements without the scratch schema: no SET lines, no CREATE
    SCHEMA, no comments, names unqualified (loaded where search_path points)."""
    statements = []
    for line in dump.splitlines():
        if line.startswith(("SET ", "SELECT pg_catalog.set_config", "--", "\\")):
            continue
        if line.startswith("CREATE SCHEMA"):
            continue
        statements.append(re.sub(rf"\b{schema}\.", "", line))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(statements)).strip() + "\n"


def main() -> None:
    backend, out = sys.argv[1], Path(sys.argv[2])
    if backend == "sqlite":
        made = make_sqlite(out)
    else:
        made = make_postgres(out, sys.argv[sys.argv.index("--url") + 1])
    tokens = out.parent / f"tokens_{backend}.json"
    tokens.write_text(json.dumps(made, indent=2) + "\n")
    print(f"wrote {out} and {tokens}")


if __name__ == "__main__":
    main()
