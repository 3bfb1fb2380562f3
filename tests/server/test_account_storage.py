"""The AccountStore on every backend (in-memory fake, SQLite, PostgreSQL): unique
names, sessions that expire and are revoked with their device links, one account
per seat, and the links a session keeps per match."""

from __future__ import annotations

import pytest

from roadtrip.server.account_store import Account, AccountStore, MemoryAccounts, NameTaken
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, MatchStore, MemoryStore, SeatSpec, StoredMatch


def accounts_of(store: MatchStore) -> AccountStore:
    if isinstance(store, SqlStore):
        return store
    assert isinstance(store, MemoryStore)
    return MemoryAccounts(store)


def with_match(store: MatchStore, match_id: str = "m1") -> str:
    seats = [SeatSpec("A"), SeatSpec("B")]
    store.create(StoredMatch(match_id, "road-to-300", {}, 1, seats, created_at=1.0), {})
    return match_id


def ann(account_id: str = "a1", key: str = "ann") -> Account:
    return Account(account_id, key.title(), key, "argon2-hash", 1.0)


def test_names_are_unique_by_key(store: MatchStore) -> None:
    accounts = accounts_of(store)
    accounts.create_account(ann())
    with pytest.raises(NameTaken):
        accounts.create_account(ann("a2"))
    found = accounts.account_named("ann")
    assert found is not None and found.id == "a1" and accounts.account_named("bo") is None


def test_sessions_expire_and_are_revoked_with_their_links(store: MatchStore) -> None:
    accounts = accounts_of(store)
    mid = with_match(store)
    accounts.create_account(ann())
    accounts.add_session("s1", "a1", 1.0, 100.0)
    accounts.add_session("s2", "a1", 1.0, 10.0)
    assert accounts.session_account("s1", 50.0) is not None
    assert accounts.session_account("s2", 50.0) is None  # expired
    accounts.add_link("t1", Grant(mid, (0,)), "a1", "s1", 2.0, keep=4)
    assert store.grant("t1") == Grant(mid, (0,))
    accounts.drop_sessions("a1", 50.0)  # the expired ones only
    assert accounts.session_account("s1", 50.0) is not None
    accounts.drop_session("s1")
    assert accounts.session_account("s1", 50.0) is None and store.grant("t1") is None


def test_a_session_keeps_its_newest_links_to_a_match(store: MatchStore) -> None:
    accounts = accounts_of(store)
    mid = with_match(store)
    accounts.create_account(ann())
    accounts.add_session("s1", "a1", 1.0, 100.0)
    for i in range(5):
        accounts.add_link(f"t{i}", Grant(mid, (1,), 0), "a1", "s1", 2.0 + i, keep=3)
    assert [store.grant(f"t{i}") is not None for i in range(5)] == [False, False] + [True] * 3


def test_one_account_per_seat_and_deletion_frees_it(store: MatchStore) -> None:
    accounts = accounts_of(store)
    mid = with_match(store)
    accounts.create_account(ann())
    accounts.create_account(ann("a2", "bo"))
    assert accounts.claim_seats("a1", mid, [0], 0, 2.0)
    assert accounts.claim_seats("a1", mid, [0], 0, 3.0)  # again: still its own
    assert not accounts.claim_seats("a2", mid, [0, 1], 0, 4.0)  # one is taken: none
    assert accounts.account_seats("a2", 10) == []
    assert [(s.seat, s.claimed_at) for s in accounts.account_seats("a1", 10)] == [(0, 2.0)]
    accounts.add_session("s1", "a1", 1.0, 100.0)
    accounts.add_link("t1", Grant(mid, (0,)), "a1", "s1", 2.0, keep=4)
    accounts.delete_account("a1")
    assert accounts.account_named("ann") is None and store.grant("t1") is None
    assert accounts.claim_seats("a2", mid, [0, 1], 0, 5.0)
    assert store.load(mid) is not None
