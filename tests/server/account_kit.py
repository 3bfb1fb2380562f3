"""Helpers of the account tests: apps with a cheap password hasher, and requests
made as the lobby makes them (JSON, with this server's Origin)."""

from __future__ import annotations

from typing import Any

from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from roadtrip.server.passwords import Passwords

ORIGIN = {"Origin": "http://testserver"}  # what a browser on the TestClient's host sends
PASSWORD = "correct horse battery"


class CountingPasswords(Passwords):
    """A cheap Argon2 (tests only) that counts the hashes it verifies."""

    def __init__(self) -> None:
        super().__init__(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
        self.verified = 0

    def verify(self, stored: str | None, password: str) -> bool:
        self.verified += 1
        return super().verify(stored, password)


def post(client: TestClient, path: str, body: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A JSON POST from this site (as the lobby sends it)."""
    headers = {**ORIGIN, **kw.pop("headers", {})}
    return client.post(path, json={} if body is None else body, headers=headers, **kw)


def register(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    response = post(client, "/api/account/register", {"name": name, "password": password})
    assert response.status_code == 201, response.text
    return response


def login(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return post(client, "/api/account/login", {"name": name, "password": password})


def my_matches(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/account/matches")
    assert response.status_code == 200, response.text
    matches: list[dict[str, Any]] = response.json()["matches"]
    return matches


def claim(client: TestClient, *tokens: str) -> list[dict[str, Any]]:
    response = post(client, "/api/account/seats", {"tokens": list(tokens)})
    assert response.status_code == 200, response.text
    seats: list[dict[str, Any]] = response.json()["seats"]
    return seats


def device_link(client: TestClient, match_id: str) -> str:
    """A seat token of this device for one of its account's matches."""
    response = post(client, "/api/account/links", {"match": match_id})
    assert response.status_code == 200, response.text
    url: str = response.json()["url"]
    return url.split("#t=", 1)[1]


def who(client: TestClient) -> str | None:
    """The name of the account this client is logged in as (None: a guest)."""
    response = client.get("/api/account")
    assert response.status_code == 200, response.text
    account = response.json()["account"]
    return None if account is None else str(account["name"])
