"""Public profiles over HTTP (issue 28 item 3): an account's finished matches with
their results and links, figures per game (solo apart), its ratings; another
account's history is public, its sessions, settings and unfinished matches are
not; an unknown or deleted account is 404."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from account_kit import PASSWORD, CountingPasswords, claim, post, register
from fastapi import FastAPI
from fastapi.testclient import TestClient
from migration_kit import play_to_the_end
from rating_kit import play_rated
from server_kit import create_http

from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore


@pytest.fixture(params=["memory", "sqlite"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> FastAPI:
    if request.param == "memory":
        return create_app(MemoryStore(), passwords=CountingPasswords())
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    return create_app(database_url=url, passwords=CountingPasswords())


@pytest.fixture
def ann(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        register(client, "Ann")
        yield client


def profile(client: TestClient, name: str) -> dict[str, Any]:
    response = client.get(f"/api/accounts/{name}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def solo_to_the_end(client: TestClient) -> str:
    made = create_http(client, players=1, options={"max_rounds": 1})
    token = made["seats"][0]["token"]
    assert claim(client, token)[0]["claimed"]
    play_to_the_end(client, made["match"], [token])  # type: ignore[arg-type]
    return str(made["match"])


def test_a_profile_lists_finished_matches_figures_and_ratings(
    app: FastAPI, ann: TestClient
) -> None:
    bo = TestClient(app)
    register(bo, "Bo")
    rated = play_rated(ann, bo)["made"]["match"]
    solo = solo_to_the_end(ann)
    playing = create_http(ann, players=1)  # not finished: not listed
    assert claim(ann, playing["seats"][0]["token"])[0]["claimed"]
    page = profile(ann, "ann")  # names compare case-folded
    assert page["name"] == "Ann"
    listed = {m["match"]: m for m in page["matches"]}
    assert set(listed) == {rated, solo}
    duel = listed[rated]
    assert duel["rated"] is True and duel["seats"] == [0] and len(duel["players"]) == 2
    assert duel["won"] == (0 in duel["winners"])
    assert duel["replay"] == f"/api/matches/{rated}/replay"
    assert duel["review"] == f"/api/matches/{rated}/review"
    assert listed[solo]["rated"] is False and listed[solo]["rounds"] == 1
    figures = page["games"]["road-to-300"]
    assert figures["matches"] == 2
    assert figures["wins"] == sum(1 for m in listed.values() if m["won"])
    mean = (duel["scores"][0] + listed[solo]["scores"][0]) / 2
    assert figures["mean_score"] == pytest.approx(mean, abs=0.01)
    assert figures["solo"]["matches"] == 1 and figures["solo"]["mean_rounds"] == 1
    assert figures["solo"]["win_rate"] == (1.0 if listed[solo]["won"] else 0.0)
    (rating,) = page["ratings"]
    assert rating["game"] == "road-to-300" and rating["matches"] == 1
    assert rating["rating"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.02)


def test_another_accounts_history_is_public_its_sessions_and_settings_are_not(
    app: FastAPI, ann: TestClient
) -> None:
    solo = solo_to_the_end(ann)
    bo, guest = TestClient(app), TestClient(app)
    register(bo, "Bo")
    seen = [profile(client, "Ann") for client in (ann, bo, guest)]
    assert seen[0] == seen[1] == seen[2]  # the same page for everyone
    assert [m["match"] for m in seen[2]["matches"]] == [solo]
    text = guest.get("/api/accounts/Ann").text
    for private in ("session", "token", "password", "#t=", "claimed_at", "advice"):
        assert private not in text
    # Bo cannot act on Ann's matches or sessions: no link to her match, no seats.
    refused = post(bo, "/api/account/links", {"match": solo})
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found"
    assert bo.get("/api/account/matches").json()["matches"] == []
    assert post(bo, "/api/account/logout-everywhere").status_code == 200  # Bo's own
    assert ann.get("/api/account").json()["account"]["name"] == "Ann"  # Ann's untouched


def test_an_unknown_or_deleted_account_has_no_profile(ann: TestClient) -> None:
    missing = ann.get("/api/accounts/Nobody")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    assert post(ann, "/api/account/delete", {"password": PASSWORD}).status_code == 200
    assert ann.get("/api/accounts/Ann").status_code == 404


def test_a_profile_asked_again_replays_no_finished_match_again(
    ann: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from roadtrip.server import profiles

    solo_to_the_end(ann)
    replays: list[str] = []
    real = profiles.final_state

    def counted(stored: Any) -> Any:
        replays.append(stored.id)
        return real(stored)

    monkeypatch.setattr(profiles, "final_state", counted)
    first = profile(ann, "Ann")
    assert profile(ann, "Ann") == first and len(replays) == 1
