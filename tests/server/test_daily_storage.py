"""The daily challenge's store on SQLite and PostgreSQL (server/sql_daily.py) and
its seeds (server/daily.py): one secret for every process of a database, one
counted attempt per account, game and day, settled once."""

from __future__ import annotations

import pytest

from roadtrip.server.daily import (
    DAILY_GAMES,
    Attempt,
    daily_secret,
    daily_seed,
    ranked,
    settled,
)
from roadtrip.server.sql_store import SqlStore


def attempt(match_id: str, account: str = "acc1") -> Attempt:
    return Attempt(account, "road-to-300", "2026-11-30", match_id, "Ann", 10.0)


def test_two_processes_share_one_secret_made_once(
    sql_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ROADTRIP_DAILY_SECRET", raising=False)
    first, second = SqlStore(sql_url), SqlStore(sql_url)
    try:
        made = daily_secret(first)
        assert daily_secret(second) == made and len(made) == 64
        assert second.server_secret("daily", "another") == made.decode()
        monkeypatch.setenv("ROADTRIP_DAILY_SECRET", "configured")
        assert daily_secret(first) == b"configured"  # the setting wins over the table
    finally:
        first.close()
        second.close()


def test_one_counted_attempt_per_account_game_and_day_settled_once(sql_url: str) -> None:
    store = SqlStore(sql_url)
    try:
        kept = store.start_attempt(attempt("m1"))
        assert kept.match_id == "m1"
        assert store.start_attempt(attempt("m2")).match_id == "m1"  # the first stands
        assert store.start_attempt(attempt("m3", "acc2")).match_id == "m3"
        done = Attempt(**{**kept.__dict__, "status": "done", "result": 280.0, "seconds": 61.0})
        store.settle_attempt(done)
        store.settle_attempt(Attempt(**{**kept.__dict__, "status": "refused"}))  # too late
        rows = {a.account_id: a for a in store.attempts_of_day("road-to-300", "2026-11-30")}
        assert rows["acc1"].status == "done" and rows["acc1"].result == 280.0
        assert rows["acc2"].status == "playing"
        assert [a.match_id for a in store.attempts_of("acc1", "road-to-300")] == ["m1"]
        store.forget_account("acc1")
        assert store.attempts_of("acc1", "road-to-300") == []
    finally:
        store.close()


def test_the_seed_depends_on_the_secret_game_and_day() -> None:
    base = daily_seed(b"s", "road-to-300", "2026-11-30")
    assert base == daily_seed(b"s", "road-to-300", "2026-11-30")
    others = {
        daily_seed(b"t", "road-to-300", "2026-11-30"),
        daily_seed(b"s", "get-your-kicks", "2026-11-30"),
        daily_seed(b"s", "road-to-300", "2026-12-01"),
    }
    assert base not in others and len(others) == 3
    assert all(0 <= s < 2**62 for s in (base, *others))


def test_a_lost_mat_ranks_after_every_won_one_however_few_its_turns() -> None:
    kind = DAILY_GAMES["get-your-kicks"]
    now = 100.0
    quick_loss = settled(attempt("m1", "a"), result=(3.0, False), now=now)
    slow_win = settled(attempt("m2", "b"), result=(20.0, True), now=now)
    fast_win = settled(attempt("m3", "c"), result=(12.0, True), now=now + 5)
    refused = settled(attempt("m4", "d"), result=None, now=now)
    order = ranked([quick_loss, slow_win, refused, fast_win], kind)
    assert [a.match_id for a in order] == ["m3", "m2", "m1"]
    assert (quick_loss.status, refused.status, fast_win.seconds) == ("lost", "refused", 95.0)
