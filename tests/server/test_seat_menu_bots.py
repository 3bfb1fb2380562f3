"""The lobby's seat menu offers only the bots that play at a table (issue 25: Road
Rally's listed 11 entries, six of them colour variants made for balance checks);
those variants still seat by name, and an unknown name lists them apart."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import seats

import roadtrip
from roadtrip.bots import ROAD_RALLY_COLOR_BOTS, UnknownBot, bot_names, make_bot
from roadtrip.server.app import create_app
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import MemoryStore
from roadtrip.server.transport import MemoryTransport


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(MemoryStore())) as test_client:
        yield test_client


def test_the_seat_menu_of_road_rally_leaves_out_the_balance_check_variants(
    client: TestClient,
) -> None:
    games: list[dict[str, Any]] = client.get("/api/games").json()
    rally = next(g for g in games if g["id"] == "road-rally")
    offered = [b["name"] for b in rally["bots"]]
    assert offered == ["expert", "heuristic", "mcts", "random"]
    assert not set(offered) & set(ROAD_RALLY_COLOR_BOTS)
    for game in games:  # no other game has variants: every bot is offered
        if game["id"] != "road-rally":
            assert [b["name"] for b in game["bots"]] == bot_names(game["id"])


def test_a_balance_check_variant_still_seats_by_name() -> None:
    assert set(ROAD_RALLY_COLOR_BOTS) <= set(bot_names("road-rally"))
    assert not set(ROAD_RALLY_COLOR_BOTS) & set(bot_names("road-rally", table=True))
    coordinator = Coordinator(MemoryStore(), MemoryTransport())
    created = coordinator.create_match(
        "road-rally", {"players": 2}, seats("heuristic-green", "heuristic"), seed=4
    )
    assert coordinator.live(created.match_id).match.state.is_terminal()


def test_an_unknown_bot_lists_the_table_bots_then_the_balance_variants() -> None:
    with pytest.raises(UnknownBot) as raised:
        make_bot("nobody", roadtrip.load_game("road-rally", players=2))
    assert str(raised.value).startswith(
        "no bot 'nobody' for road-rally; choose from: expert, heuristic, mcts, random "
        "(for balance checks: heuristic-green, "
    )
