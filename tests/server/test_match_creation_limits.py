"""New matches are limited per address, and request booleans are JSON booleans
(issue 24, item 2): one client created 55 matches a second; ``"hotseat": "yes"``
and ``"advice": 1`` were taken for true."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from pydantic import BaseModel, ValidationError
from server_kit import GAME

from roadtrip.server.app import create_app
from roadtrip.server.quotas import Quota
from roadtrip.server.storage import MemoryStore

SETUP = {"game": GAME, "seats": [{"name": "Ann"}]}


def stored_count(store: MemoryStore) -> int:
    return len(store.recent(10_000))


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def client(store: MemoryStore) -> Iterator[TestClient]:
    app = create_app(store, create_quota=Quota(3, 1.0))  # 3 at once, then one a minute
    with TestClient(app, client=("203.0.113.7", 1)) as test_client:
        yield test_client


def test_the_match_after_the_burst_gets_429_with_retry_after_and_creates_nothing(
    client: TestClient, store: MemoryStore
) -> None:
    for _ in range(3):
        assert client.post("/api/matches", json=SETUP).status_code == 201
    refused = client.post("/api/matches", json=SETUP)
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "too_many_requests"
    assert "a new match" in refused.json()["error"]["message"]
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert stored_count(store) == 3
    with TestClient(client.app, client=("203.0.113.8", 1)) as neighbour:
        assert neighbour.post("/api/matches", json=SETUP).status_code == 201  # its own bucket
    assert stored_count(store) == 4


def test_a_refused_setup_spends_no_creation(client: TestClient, store: MemoryStore) -> None:
    for _ in range(5):
        assert client.post("/api/matches", json={**SETUP, "hotseat": "yes"}).status_code == 422
        assert client.post("/api/matches", json={**SETUP, "game": "nope"}).status_code == 404
        seven = {**SETUP, "seats": [{"name": "A"}] * 7}
        assert client.post("/api/matches", json=seven).status_code == 400
        bad_bot = {**SETUP, "seats": [{"name": "A", "bot": "nobody"}]}
        assert client.post("/api/matches", json=bad_bot).status_code == 400
    for _ in range(3):
        assert client.post("/api/matches", json=SETUP).status_code == 201
    assert stored_count(store) == 3


def test_the_creation_quota_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, store: MemoryStore
) -> None:
    monkeypatch.setenv("ROADTRIP_CREATE_QUOTA", "1/1")
    with TestClient(create_app(store)) as client:
        assert client.post("/api/matches", json=SETUP).status_code == 201
        assert client.post("/api/matches", json=SETUP).status_code == 429


@pytest.mark.parametrize(
    ("field", "value"),
    [("hotseat", "yes"), ("hotseat", 1), ("hotseat", "true"), ("advice", 1), ("advice", "no")],
)
def test_a_boolean_that_is_not_a_json_boolean_is_refused_naming_its_field(
    client: TestClient, store: MemoryStore, field: str, value: Any
) -> None:
    answer = client.post("/api/matches", json={**SETUP, field: value})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "bad_request"
    assert f"{field}: " in answer.json()["error"]["message"]
    assert stored_count(store) == 0


def test_json_booleans_and_null_advice_are_taken(client: TestClient) -> None:
    answer = client.post("/api/matches", json={**SETUP, "hotseat": True, "advice": None})
    assert answer.status_code == 201 and answer.json()["hotseat"] is not None
    assert client.post("/api/matches", json={**SETUP, "advice": False}).json()["advice"] is False


def models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        for field in annotation.model_fields.values():
            yield from models_in(field.annotation)
    for argument in typing.get_args(annotation):
        yield from models_in(argument)


def boolean_fields(model: type[BaseModel]) -> list[str]:
    """Fields whose value is a bool or None (not those where a bool is one choice of
    several types, such as option values, which the rules check themselves)."""
    names = []
    for name, field in model.model_fields.items():
        kinds = set(typing.get_args(field.annotation)) - {types.NoneType}
        if field.annotation is bool or kinds == {bool}:
            names.append(name)
    return names


def test_every_boolean_of_every_request_body_must_be_a_json_boolean() -> None:
    app = create_app(MemoryStore())
    models = {
        model
        for route in app.routes
        if isinstance(route, APIRoute)
        for param in route.dependant.body_params
        for model in models_in(param.field_info.annotation)
    }
    checked = []
    for model in models:
        for name in boolean_fields(model):
            for value in ("yes", "true", 1, 0):
                with pytest.raises(ValidationError) as refused:
                    model.model_validate({name: value})
                assert any(error["loc"][:1] == (name,) for error in refused.value.errors()), (
                    f"{model.__name__}.{name} took {value!r} for a boolean"
                )
            checked.append(f"{model.__name__}.{name}")
    assert {"CreateIn.hotseat", "CreateIn.advice"} <= set(checked)
