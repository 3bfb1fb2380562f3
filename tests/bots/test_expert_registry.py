"""Issue 12: `expert` is registered for every game, and each game gets its own
(Main Street's and Road to 300's factories share a name; one must not shadow the
other)."""

from __future__ import annotations

import pytest

import roadtrip
from roadtrip.bots import make_bot

OWN_PACKAGE = {
    "road-to-300": "roadtrip.bots.road_to_300.",
    "get-your-kicks": "roadtrip.bots.main_street.",
    "mileage-may-vary": "roadtrip.bots.main_street.",
    "road-rally": "roadtrip.bots.road_rally.",
    "open-road": "roadtrip.bots.open_road.",
}


@pytest.mark.parametrize("game_id", sorted(OWN_PACKAGE))
def test_every_game_has_its_own_expert(game_id: str) -> None:
    bot = make_bot("expert", roadtrip.load_game(game_id))
    assert type(bot).__module__.startswith(OWN_PACKAGE[game_id])


def test_every_registered_game_is_covered() -> None:
    assert {info.id for info in roadtrip.list_games()} == set(OWN_PACKAGE)
