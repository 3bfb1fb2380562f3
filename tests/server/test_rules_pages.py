"""The rules pages at /rules/<doc>: every tutorial step's rule link opens a page with
that anchor; unknown or malformed names are the HTML 404 page; raw HTML is not
passed through."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from roadtrip.games.tutorials import tutorial_ids, tutorial_script
from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


@pytest.mark.parametrize("game", tutorial_ids())
def test_every_rule_link_of_a_tutorial_opens_at_its_heading(client: TestClient, game: str) -> None:
    script = tutorial_script(game)
    links = [step.rule for step in script.steps if step.rule is not None] + list(script.later)
    assert links
    for link in links:
        page = client.get(f"/rules/{link.doc}")
        assert page.status_code == 200, link
        assert f'id="{link.anchor}"' in page.text, link


@pytest.mark.parametrize("doc", ["nothing", "..%2Fserver", "ROAD-TO-300", "a" * 65])
def test_an_unknown_rules_page_is_the_404_page(client: TestClient, doc: str) -> None:
    page = client.get(f"/rules/{doc}")
    assert page.status_code == 404 and "<html" in page.text.lower()


def test_a_rules_page_has_no_script(client: TestClient) -> None:
    page = client.get("/rules/road-to-300")
    assert "<script" not in page.text.lower()
