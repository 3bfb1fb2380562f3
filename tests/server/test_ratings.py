"""Human ratings over HTTP (issue 28 item 4): rated matches between accounts move
both ratings at the end, once; a guest's seat changes no rating; what a rated
match refuses; the ratings recomputed from the stored matches equal the table;
the leaderboard's order and threshold.  On the in-memory store and SQLite; two
stores on one database stand for two processes of a cluster, and revision 0005
upgrades a database of 0003 (both on SQLite and PostgreSQL; tests/server/
test_migrations.py, already long, checks that a new database has exactly the
code's tables, the rating tables included)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from account_kit import CountingPasswords, claim, post, register
from fastapi import FastAPI
from fastapi.testclient import TestClient
from migration_kit import play_to_the_end
from rating_kit import GAME, board, create_rated, play_rated, tokens_of
from server_kit import state_http

from roadtrip.server.app import create_app
from roadtrip.server.rating_store import MODEL, replay_ratings
from roadtrip.server.ratings import LEADERBOARD_MIN_ENV
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import MemoryStore

DEFAULT = MODEL.rating()


@pytest.fixture(params=["memory", "sqlite"])
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FastAPI:
    monkeypatch.setenv(LEADERBOARD_MIN_ENV, "1")
    if request.param == "memory":
        return create_app(MemoryStore(), passwords=CountingPasswords())
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    return create_app(database_url=url, passwords=CountingPasswords())


@pytest.fixture
def ann(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        register(client, "Ann")
        yield client


def account(app: FastAPI, name: str) -> TestClient:
    client = TestClient(app)
    register(client, name)
    return client


def ratings_of(client: TestClient) -> dict[str, tuple[float, float, int]]:
    return {r["name"]: (r["mu"], r["sigma"], r["matches"]) for r in board(client)}


def test_a_rated_two_account_match_played_to_the_end_moves_both_ratings(
    app: FastAPI, ann: TestClient
) -> None:
    bo = account(app, "Bo")
    made = create_rated(ann)
    assert made["rated"] is True and made["advice"] is False
    for token in tokens_of(made):  # shown to every seat, advice off
        message = state_http(ann, made["match"], token)
        assert message["rated"] is True and message["advice_allowed"] is False
    assert board(ann) == []
    assert claim(bo, tokens_of(made)[1])[0]["claimed"]
    end = play_to_the_end(ann, made["match"], tokens_of(made))  # type: ignore[arg-type]
    assert end["finished"] and end["rated"] is True
    after = ratings_of(ann)
    assert set(after) == {"Ann", "Bo"}
    for _mu, sigma, matches in after.values():
        assert matches == 1
        assert sigma < DEFAULT.sigma  # less uncertain after a match
    winner = max(after, key=lambda n: after[n][0])
    if after["Ann"][0] != after["Bo"][0]:  # a tie moves only the uncertainty
        assert after[winner][0] > DEFAULT.mu > min(v[0] for v in after.values())
    # Applied once: the end hook again (another process's, say) changes nothing.
    assert app.state.ratings.apply(made["match"]) is None
    assert ratings_of(ann) == after


def test_a_guest_seat_leaves_every_rating_unchanged(app: FastAPI, ann: TestClient) -> None:
    bo = account(app, "Bo")
    play_rated(ann, bo)
    before = ratings_of(ann)
    end = play_rated(ann, None)  # Bo's seat played as a guest
    assert end["finished"]
    assert ratings_of(ann) == before
    outcomes = [m for m in app.state.ratings.ratings.applied_matches() if not m.players]
    assert [m.match_id for m in outcomes] == [end["made"]["match"]]


def test_a_match_an_account_plays_alone_changes_no_rating(app: FastAPI, ann: TestClient) -> None:
    made = create_rated(ann)
    assert post(ann, "/api/account/seats", {"tokens": [tokens_of(made)[1]]}).status_code == 200
    play_to_the_end(ann, made["match"], tokens_of(made))  # type: ignore[arg-type]
    assert board(ann) == []


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        ({"seats": [{"name": "A"}, {"name": "B", "bot": "random"}]}, "seat 1 is a bot"),
        ({"options": {"players": 1}, "seats": [{"name": "A"}]}, "two seats at least"),
        ({"hotseat": True}, "no hot-seat link"),
        ({"advice": True}, "dvice is off in rated"),
    ],
)
def test_a_rated_match_refuses_bots_one_seat_hot_seat_and_advice(
    ann: TestClient, extra: dict[str, object], says: str
) -> None:
    body = {"game": GAME, "options": {"players": 2}, "seats": [{"name": "A"}, {"name": "B"}]}
    response = post(ann, "/api/account/matches", {**body, **extra, "rated": True})
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "bad_setup"
    assert says in response.json()["error"]["message"]


def test_a_rated_match_needs_an_account(app: FastAPI, ann: TestClient) -> None:
    body = {"game": GAME, "options": {"players": 2}, "seats": [{"name": "A"}, {"name": "B"}]}
    guest = TestClient(app)
    refused = post(guest, "/api/account/matches", {**body, "rated": True})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "not_logged_in"
    elsewhere = guest.post("/api/matches", json={**body, "rated": True})
    assert (
        elsewhere.status_code == 400
        and "/api/account/matches" in elsewhere.json()["error"]["message"]
    )
    plain = guest.post("/api/matches", json=body).json()
    assert state_http(guest, plain["match"], plain["seats"][0]["token"])["rated"] is False


def test_ratings_recomputed_from_the_stored_matches_equal_the_table(
    app: FastAPI, ann: TestClient
) -> None:
    bo, cy = account(app, "Bo"), account(app, "Cy")
    play_rated(ann, bo)
    play_rated(bo, cy)
    play_rated(cy, ann, bo)
    play_rated(ann, None)
    store = app.state.ratings.ratings
    replayed = replay_ratings(store.applied_matches())
    table = {(r.account_id, r.game): (r.mu, r.sigma, r.matches) for r in store.ratings()}
    assert len(table) == 3
    assert table == {k: (r.mu, r.sigma, r.matches) for k, r in replayed.items()}


def test_the_leaderboard_ranks_by_mu_minus_3_sigma_above_a_threshold(
    app: FastAPI, ann: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    bo, cy = account(app, "Bo"), account(app, "Cy")
    play_rated(ann, bo)
    play_rated(ann, cy)
    rows = board(ann)
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    for row in rows:
        assert row["rating"] == pytest.approx(row["mu"] - 3 * row["sigma"], abs=0.02)
    assert [r["rank"] for r in rows] == [1, 2, 3]
    monkeypatch.setenv(LEADERBOARD_MIN_ENV, "2")
    with TestClient(create_app(app.state.coordinator.store)) as other:
        listed = other.get(f"/api/leaderboard/{GAME}").json()
    if isinstance(app.state.coordinator.store, SqlStore):  # the same database: only Ann
        assert listed["min_matches"] == 2
        assert [r["name"] for r in listed["accounts"]] == ["Ann"]
    unknown = ann.get("/api/leaderboard/no-such-game")
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_game"


def test_two_processes_applying_one_rated_match_at_once_apply_it_once(sql_url: str) -> None:
    """Two stores on one database stand for two processes of a cluster: both try to
    apply the same finished rated match at the same moment; one rates it."""
    import threading

    from roadtrip.server.account_store import Account
    from roadtrip.server.storage import SeatSpec, StoredMatch

    first, second = SqlStore(sql_url), SqlStore(sql_url)
    try:
        seats = [SeatSpec("A"), SeatSpec("B")]
        first.create(StoredMatch("duel", GAME, {"players": 2}, 1, seats, created_at=1.0), {})
        first.finish("duel", [1.0, -1.0])
        for aid in ("a1", "b1"):
            first.create_account(Account(aid, aid.upper(), aid, "h", 1.0))
            assert first.claim_seats(aid, "duel", [0 if aid == "a1" else 1], 0, 2.0)
        first.mark_rated("duel", GAME, 1.0)
        outcomes: list[str | None] = []
        start = threading.Barrier(2)

        def apply(store: SqlStore) -> None:
            start.wait()
            try:
                outcomes.append(store.apply_match("duel", [1.0, -1.0], 2, 3.0))
            except Exception as exc:  # a lost race may be refused, never applied twice
                outcomes.append(type(exc).__name__)

        threads = [threading.Thread(target=apply, args=(s,)) for s in (first, second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert outcomes.count("rated") == 1, outcomes
        assert sorted(r.matches for r in second.ratings()) == [1, 1]
    finally:
        first.close()
        second.close()


def test_a_database_at_revision_0003_gains_the_empty_rating_tables_and_rates_on(
    sql_url: str,
) -> None:
    """Revision 0005 adds the rating tables and changes no old one: an account and
    a finished match stored at 0003 stay, that match is not rated, and a rated
    match applied afterwards writes both accounts' ratings, once."""
    from alembic import command
    from migration_kit import schema_state
    from sqlalchemy import create_engine, inspect

    from roadtrip.server.account_store import Account
    from roadtrip.server.migrate import config, head
    from roadtrip.server.sql_store import accounts, matches, normalize_url

    def tables_of(url: str) -> set[str]:
        engine = create_engine(normalize_url(url))
        try:
            with engine.connect() as conn:
                return set(inspect(conn).get_table_names())
        finally:
            engine.dispose()

    engine = create_engine(normalize_url(sql_url))
    with engine.begin() as conn:
        command.upgrade(config(conn), "0003")
        for mid in ("old1", "new1"):
            conn.execute(
                matches.insert().values(
                    id=mid, game="road-to-300", options={"players": 2}, seed=1,
                    seats=[{"name": "A", "bot": None}, {"name": "B", "bot": None}],
                    hotseat=False, finished=True, returns=[1.0, -1.0], created_at=1.0,
                    action_count=0,
                )
            )  # fmt: skip
        for aid, name in (("a1", "Ann"), ("b1", "Bo")):
            conn.execute(
                accounts.insert().values(
                    id=aid, name=name, name_key=name.lower(), password_hash="h", created_at=1.0
                )
            )
    engine.dispose()
    rating_tables = {"rated_matches", "account_ratings"}
    assert not rating_tables & tables_of(sql_url)
    store = SqlStore(sql_url)
    try:
        assert (store.schema.before, store.schema.after) == ("0003", head())
        assert rating_tables <= tables_of(sql_url)
        assert store.account_named("ann") == Account("a1", "Ann", "ann", "h", 1.0)
        assert not store.is_rated("old1") and store.apply_match("old1", [1.0, -1.0], 2, 5.0) is None
        store.mark_rated("new1", "road-to-300", 2.0)
        assert store.claim_seats("a1", "new1", [0], 0, 3.0)
        assert store.claim_seats("b1", "new1", [1], 0, 3.0)
        assert store.apply_match("new1", [1.0, -1.0], 2, 5.0) == "rated"
        assert store.apply_match("new1", [1.0, -1.0], 2, 6.0) is None  # once
        rated = {r.name: r for r in store.ratings("road-to-300")}
        assert rated["Ann"].mu > rated["Bo"].mu and rated["Ann"].matches == 1
        replayed = replay_ratings(store.applied_matches())
        assert {(r.account_id, r.game): r.mu for r in store.ratings()} == {
            k: r.mu for k, r in replayed.items()
        }
        store.delete_account("b1")  # its ratings go with it
        assert [r.name for r in store.ratings()] == ["Ann"]
    finally:
        store.close()
    assert schema_state(sql_url) == (head(), [])


def test_a_rated_match_finished_but_not_applied_is_applied_when_the_app_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process stopped between storing a rated match's finish and applying it
    (or the release before finished it): the next start applies it, once."""
    from roadtrip.server.account_store import Account
    from roadtrip.server.storage import SeatSpec, StoredMatch

    monkeypatch.setenv(LEADERBOARD_MIN_ENV, "1")
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    store = SqlStore(url)
    seats = [SeatSpec("A"), SeatSpec("B")]
    store.create(StoredMatch("left", GAME, {"players": 2}, 1, seats, created_at=1.0), {})
    for seat, name in enumerate(("Ann", "Bo")):
        store.create_account(Account(name.lower(), name, name.lower(), "h", 1.0))
        assert store.claim_seats(name.lower(), "left", [seat], 0, 2.0)
    store.mark_rated("left", GAME, 1.0)
    store.finish("left", [1.0, -1.0])
    assert store.pending(10) == ["left"]
    store.close()
    with TestClient(create_app(database_url=url)) as client:
        assert [r["name"] for r in board(client)] == ["Ann", "Bo"]  # Ann won
    with TestClient(create_app(database_url=url)) as client:  # started again: once
        assert [r["matches"] for r in board(client)] == [1, 1]
