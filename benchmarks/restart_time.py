"""How long `roadtrip serve` takes to answer after a start with unfinished bot matches.

Issue 24's attack: the server listened only after replaying every unfinished match
(29.9 s with 7 long bot matches).  This writes ``--matches`` long all-bot matches of
The Open Road (four random bots: tens of thousands of moves each) into a fresh
SQLite database, each stopped ``--left`` moves before its end as a server that went
down in the middle leaves it, plus one match of a person against a bot whose reply
was not stored yet.  Then it starts ``roadtrip serve`` on that database and prints,
counted from the start of the process:

* ``first answer``: the first 200 of ``GET /api/games``;
* ``duel state``: ``GET /api/matches/<duel>/state`` answered (its bot caught up);
* ``long state``: ``GET /state`` of the last long match (the last one the
  background resumer reaches: a lazy load);
* ``all resumed``: every long match has more moves stored than before the start;
* ``all finished``: every long match is over (its bots played on, unasked).

Run the old code by putting its sources first on PYTHONPATH.  Bounded: the server is
stopped after ``--timeout`` seconds whatever happens.

    PYTHONPATH=src nice -n 10 python benchmarks/restart_time.py --matches 7
"""

from __future__ import annotations

import argparse
import copy
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import select

from load_servers import SERVE, free_port
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.sql_store import SqlStore, matches
from roadtrip.server.storage import Grant, MemoryStore, SeatSpec, StoredMatch
from roadtrip.server.tokens import token_hash
from roadtrip.server.transport import MemoryTransport


def write_matches(url: str, count: int, left: int, bots: int) -> tuple[list[str], str, str, str]:
    """The long matches' ids, the duel's id and person's token, a long match's
    spectator token (the last long match)."""
    store = SqlStore(url)
    played = MemoryStore()
    maker = Coordinator(played, MemoryTransport())
    long_ids, spectator = [], ""
    for seed in range(1, count + 1):
        created = maker.create_match(
            "open-road", {}, [SeatSpec(f"Bot {i}", bot="random") for i in range(bots)], seed=seed
        )
        full = played.load(created.match_id)
        assert full is not None and len(full.actions) > left
        spectator = created.spectator_token
        write(store, full, full.actions[:-left], {token_hash(spectator): Grant(full.id, ())})
        long_ids.append(full.id)
    duel = maker.create_match(
        "road-to-300", {"players": 2}, [SeatSpec("Ann"), SeatSpec("Bot", bot="random")], seed=12
    )
    full = played.load(duel.match_id)
    assert full is not None
    token = duel.seat_tokens[0]
    write(store, full, full.actions[:1], {token_hash(token): Grant(full.id, (0,))})
    store.close()
    return long_ids, duel.match_id, token, spectator


def write(
    store: SqlStore, full: StoredMatch, actions: list[tuple[int, int]], grants: dict[str, Grant]
) -> None:
    crashed = copy.deepcopy(full)
    crashed.actions, crashed.finished, crashed.returns = [], False, None
    store.create(crashed, grants)
    store.append(crashed.id, 0, actions)


def progress(store: SqlStore, match_ids: list[str]) -> dict[str, tuple[int, bool]]:
    """Each match's stored action count and whether it is over: one small query (a
    load of every long match would hold the database from the server's writes)."""
    query = select(matches.c.id, matches.c.action_count, matches.c.finished)
    with store.engine.connect() as conn:
        rows = conn.execute(query.where(matches.c.id.in_(match_ids)))
        return {str(m): (int(count), bool(done)) for m, count, done in rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=7)
    parser.add_argument("--left", type=int, default=2_000, help="moves left per long match")
    parser.add_argument("--bots", type=int, default=4, help="random bots per long match")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="restart-"))
    url = f"sqlite:///{folder / 'restart.sqlite3'}"
    made = time.perf_counter()
    long_ids, duel, token, spectator = write_matches(url, args.matches, args.left, args.bots)
    probe = SqlStore(url)
    before = {m: count for m, (count, _) in progress(probe, long_ids).items()}
    sizes = f"{min(before.values()):,}-{max(before.values()):,}" if before else "0"
    print(
        f"{args.matches} long matches ({sizes} moves stored, {args.left:,} left each) "
        f"and a duel, written in {time.perf_counter() - made:.1f} s"
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (folder / "serve.log").open("wb")
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database-url", url]
    started = time.perf_counter()
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    figures: dict[str, float] = {}
    try:
        deadline = started + args.timeout
        while "first answer" not in figures:
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    figures["first answer"] = time.perf_counter() - started
            except httpx.TransportError:
                time.sleep(0.02)
            if time.perf_counter() > deadline or server.poll() is not None:
                raise SystemExit(f"no answer; see {folder / 'serve.log'}")
        headers = {"Authorization": f"Bearer {token}"}
        answer = httpx.get(f"{base}/api/matches/{duel}/state", headers=headers, timeout=60)
        assert answer.status_code == 200 and answer.json()["choices"], answer.text
        figures["duel state"] = time.perf_counter() - started
        if long_ids:  # (--matches 0: the time a start takes with nothing to resume)
            headers = {"Authorization": f"Bearer {spectator}"}
            path = f"{base}/api/matches/{long_ids[-1]}/state"
            answer = httpx.get(path, headers=headers, timeout=60)
            assert answer.status_code == 200, answer.text
            figures["long state"] = time.perf_counter() - started
        while "all finished" not in figures and time.perf_counter() < deadline:
            now = progress(probe, long_ids)
            if "all resumed" not in figures and all(now[m][0] > before[m] for m in long_ids):
                figures["all resumed"] = time.perf_counter() - started
            if all(finished for _, finished in now.values()):
                figures["all finished"] = time.perf_counter() - started
            time.sleep(0.25)
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        probe.close()
    for name, seconds in figures.items():
        print(f"{name:>13}: {seconds:6.2f} s")
    if "all finished" not in figures:
        print(f"not every match finished within {args.timeout:.0f} s")


if __name__ == "__main__":
    main()
