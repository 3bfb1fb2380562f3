"""Helpers of the rating tests: rated matches made by accounts over HTTP, played
to the end by their seats' tokens."""

from __future__ import annotations

from typing import Any

from account_kit import claim, post
from fastapi.testclient import TestClient
from migration_kit import play_to_the_end

GAME = "road-to-300"  # two seats race on shared rolls: short matches


def create_rated(creator: TestClient, players: int = 2, **extra: Any) -> dict[str, Any]:
    """A rated match made by ``creator``'s account (seat 0 is its own)."""
    body = {
        "game": GAME,
        "options": {"players": players},
        "seats": [{"name": f"P{i}"} for i in range(players)],
        "rated": True,
        **extra,
    }
    response = post(creator, "/api/account/matches", body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def tokens_of(made: dict[str, Any]) -> list[str]:
    return [s["token"] for s in made["seats"]]


def play_rated(creator: TestClient, *others: TestClient | None) -> dict[str, Any]:
    """A rated match of ``creator`` and one seat per other (an account's client
    claims its seat; None leaves it a guest's), played to the end; its last state."""
    made = create_rated(creator, players=1 + len(others))
    tokens = tokens_of(made)
    for client, token in zip(others, tokens[1:], strict=True):
        if client is not None:
            assert claim(client, token)[0]["claimed"]
    return {**play_to_the_end(creator, made["match"], tokens), "made": made}  # type: ignore[arg-type]


def board(client: TestClient, game: str = GAME) -> list[dict[str, Any]]:
    response = client.get(f"/api/leaderboard/{game}")
    assert response.status_code == 200, response.text
    rows: list[dict[str, Any]] = response.json()["accounts"]
    return rows
