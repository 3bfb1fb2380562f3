"""The daily challenge over HTTP (server/daily_api.py): the same dice for every
account on a day, one counted attempt, results verified against the day's seed,
the leaderboard with the expert beside it, guests unranked, no future days, the
archive.  Memory and SQLite stores."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from account_kit import PASSWORD, CountingPasswords, post, register
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_kit import auth, play_http, state_http
from sqlalchemy import update

from roadtrip.server.app import create_app
from roadtrip.server.daily import MemoryDaily, daily_seed, utc_day
from roadtrip.server.storage import MemoryStore

DAY = 1_796_000_000.0  # a fixed "now" (2026-11-30, UTC), moved by the tests
TODAY = utc_day(DAY)


@pytest.fixture(autouse=True)
def cheap_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROADTRIP_DAILY_EXPERT_THINK", "0.002")
    monkeypatch.delenv("ROADTRIP_DAILY_SECRET", raising=False)


@pytest.fixture(params=["memory", "sqlite"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> FastAPI:
    passwords = CountingPasswords()
    if request.param == "memory":
        made = create_app(MemoryStore(), passwords=passwords)
    else:
        made = create_app(database_url=f"sqlite:///{tmp_path / 'd.sqlite3'}", passwords=passwords)
    made.state.daily.clock = lambda: DAY
    return made


@pytest.fixture
def ann(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        register(client, "Ann")
        yield client


def start(client: TestClient, game: str = "road-to-300", **params: str) -> Any:
    return post(client, f"/api/account/daily/{game}", params=params)


def board(client: TestClient, day: str = TODAY, game: str = "road-to-300") -> Any:
    return client.get(f"/api/account/daily/{game}/{day}")


def rolls(states: list[dict[str, Any]]) -> list[Any]:
    return [s["view"] for s in states]


def play_out(client: TestClient, answer: dict[str, Any], seed: int = 3) -> list[dict[str, Any]]:
    token = answer["seats"][0]["token"]
    first = state_http(client, answer["match"], token)
    return [first, *play_http(client, answer["match"], token, Random(seed))]


def test_two_accounts_get_the_same_rolls_and_share_the_leaderboard_with_the_expert(
    app: FastAPI, ann: TestClient
) -> None:
    with TestClient(app) as bob:
        register(bob, "Bob")
        a, b = start(ann), start(bob)
        assert a.status_code == b.status_code == 201, a.text + b.text
        assert a.json()["counted"] and b.json()["counted"] and a.json()["day"] == TODAY
        # The same moves on the same day's seed: the same rolls, state by state.
        assert rolls(play_out(ann, a.json())) == rolls(play_out(bob, b.json()))
        answer = board(bob)
        assert answer.status_code == 200, answer.text
        got = answer.json()
        assert [row["name"] for row in got["leaderboard"]] == ["Ann", "Bob"]  # same score: faster
        assert got["leaderboard"][0]["result"] == got["leaderboard"][1]["result"] > 0
        assert isinstance(got["expert"]["result"], float) and got["expert"]["result"] > 0
        assert got["you"]["streak"] == 1 and got["you"]["status"] == "done"
        share = got["you"]["share"]
        assert "Road to 300" in share and TODAY in share and "expert" in share
        assert got["seed"] is None  # today's seed: only once the day is over
        seed = app.state.coordinator.store.load(a.json()["match"]).seed
        assert str(seed) not in share
        app.state.daily.clock = lambda: DAY + 86_400
        assert board(bob).json()["seed"] == seed


def test_the_day_seed_is_secret_until_finished_and_differs_by_game_and_day(
    app: FastAPI, ann: TestClient
) -> None:
    started = start(ann).json()
    refused = board(ann)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_revealed"
    token = started["seats"][0]["token"]
    assert "seed" not in state_http(ann, started["match"], token)
    record = ann.get(f"/api/matches/{started['match']}/record", headers=auth(token))
    assert record.status_code == 403  # the record (with the seed) once the match is over
    secret = b"x" * 32
    seeds = {
        daily_seed(secret, g, d) for g in ("road-to-300", "get-your-kicks") for d in ("a", "b")
    }
    assert len(seeds) == 4 and all(0 <= s < 2**62 for s in seeds)


def test_a_second_counted_attempt_continues_then_is_refused(app: FastAPI, ann: TestClient) -> None:
    first = start(ann).json()
    again = start(ann)
    assert again.status_code == 201 and again.json()["match"] == first["match"]
    assert again.json()["resumed"] is True
    play_out(ann, again.json())
    refused = start(ann)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "already_played"


def forge(app: FastAPI, match_id: str) -> None:
    """Point every counted attempt at ``match_id`` (a row written by hand)."""
    store = app.state.daily.store
    if isinstance(store, MemoryDaily):
        for key, attempt in list(store._attempts.items()):
            store._attempts[key] = replace(attempt, match_id=match_id)
    else:
        with store.engine.begin() as conn:
            conn.execute(update(store.daily_attempts).values(match_id=match_id))


def test_a_result_not_played_on_the_day_seed_is_refused(app: FastAPI, ann: TestClient) -> None:
    start(ann)
    # The same game and options, played on other dice, claimed as today's attempt.
    other = ann.post(
        "/api/matches",
        json={"game": "road-to-300", "options": {"players": 1}, "seats": [{"name": "Ann"}]},
    ).json()
    play_out(ann, other)
    forge(app, other["match"])
    got = board(ann)
    assert got.status_code == 200, got.text
    assert got.json()["leaderboard"] == []
    assert got.json()["you"]["status"] == "refused" and got.json()["you"]["result"] is None


def test_guests_play_unranked(app: FastAPI, ann: TestClient) -> None:
    with TestClient(app) as guest:
        answer = start(guest)
        assert answer.status_code == 201 and answer.json()["counted"] is False
        play_out(guest, answer.json())
        assert board(guest).status_code == 403  # today's board: after the day for guests
    app.state.daily.clock = lambda: DAY + 86_400
    assert board(ann).json()["leaderboard"] == []


def test_tomorrow_is_refused_and_unknown_games_named(ann: TestClient) -> None:
    tomorrow = utc_day(DAY + 86_400)
    refused = start(ann, date=tomorrow)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_day"
    assert board(ann, tomorrow).status_code == 400
    assert start(ann, date="2026-13-01").status_code == 400
    unknown = start(ann, game="road-rally")
    assert unknown.status_code == 404 and "road-to-300" in unknown.json()["error"]["message"]


def test_the_archive_replays_a_past_day_unranked_on_its_seed(app: FastAPI, ann: TestClient) -> None:
    today = start(ann, game="get-your-kicks").json()
    played = play_out(ann, today)
    app.state.daily.clock = lambda: DAY + 3 * 86_400
    again = start(ann, game="get-your-kicks", date=TODAY)
    assert again.status_code == 201 and again.json()["counted"] is False
    assert rolls(play_out(ann, again.json())) == rolls(played)
    got = board(ann, TODAY, game="get-your-kicks").json()
    assert [row["name"] for row in got["leaderboard"]] == ["Ann"]  # the archive adds no row
    assert got["you"]["streak"] == 0  # three days on, no finished day since


def test_the_secret_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    seeds = []
    for _ in range(2):
        made = create_app(database_url=url, passwords=CountingPasswords())
        with TestClient(made) as client:
            register(client, f"P{len(seeds)}")
            made.state.daily.clock = lambda: DAY
            answer = start(client).json()
            seeds.append(made.state.coordinator.live(answer["match"]).stored.seed)
    assert seeds[0] == seeds[1]


def test_a_deleted_account_leaves_the_leaderboard(app: FastAPI, ann: TestClient) -> None:
    play_out(ann, start(ann).json())
    assert [row["name"] for row in board(ann).json()["leaderboard"]] == ["Ann"]
    deleted = post(ann, "/api/account/delete", {"password": PASSWORD})
    assert deleted.status_code == 200, deleted.text
    app.state.daily.clock = lambda: DAY + 86_400  # the day is over: shown to anyone
    assert board(ann).json()["leaderboard"] == []


def test_the_time_stops_when_the_match_ends_not_when_the_board_is_read(
    app: FastAPI, ann: TestClient
) -> None:
    started = start(ann).json()
    app.state.daily.clock = lambda: DAY + 95
    play_out(ann, started)
    app.state.daily.clock = lambda: DAY + 3_600  # an hour later: the board is read
    mine = board(ann).json()["you"]
    assert mine["seconds"] == 95.0


def test_days_before_the_first_are_refused(ann: TestClient) -> None:
    """The archive is bounded: every day asked for may cost an expert's game."""
    assert board(ann, "2025-12-31").status_code == 400
    assert start(ann, date="1999-01-01").status_code == 400
    assert "began on" in board(ann, "2025-12-31").json()["error"]["message"]


def test_expert_games_computed_anew_spend_the_thinking_quota(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Crawling the archive's days cannot keep the server thinking: each expert game
    not yet computed spends the asker's quota (cached days stay free)."""
    monkeypatch.setenv("ROADTRIP_ADVICE_QUOTA", "2/0.01")
    made = create_app(MemoryStore(), passwords=CountingPasswords())
    made.state.daily.clock = lambda: DAY
    with TestClient(made) as client:
        days = [utc_day(DAY - k * 86_400) for k in (1, 2, 3)]
        assert board(client, days[0]).status_code == 200
        assert board(client, days[1]).status_code == 200
        assert board(client, days[2]).status_code == 429
        assert board(client, days[0]).status_code == 200  # computed already: free
