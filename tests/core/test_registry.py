"""The game registry (core/registry.py): load_game, list_games, register_game."""

from __future__ import annotations

import pytest

import roadtrip
from roadtrip.core import (
    Game,
    GameInfo,
    State,
    UnknownGame,
    game_class,
    list_games,
    load_game,
    register_game,
    registry,
)
from roadtrip.games.road_to_300 import RoadTo300Game


@pytest.fixture
def scratch_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register test games in a copy, so the real registry stays as it is."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))


def _fake_game(game_id: str) -> type[Game]:
    class Fake(Game):
        info = GameInfo(id=game_id, name="Fake", min_players=1, max_players=1, summary="-")

        def num_distinct_actions(self) -> int:
            return 1

        def max_chance_outcomes(self) -> int:
            return 0

        def new_initial_state(self) -> State:
            raise NotImplementedError

    return Fake


def test_list_games_is_sorted_and_holds_road_to_300() -> None:
    infos = list_games()
    ids = [info.id for info in infos]
    assert ids == sorted(ids)
    assert len(set(ids)) == len(ids)
    assert "road-to-300" in ids
    assert all(isinstance(info, GameInfo) for info in infos)
    assert roadtrip.list_games() == infos


def test_game_info_describes_the_game() -> None:
    info = RoadTo300Game.info
    assert info.describe() == {
        "id": "road-to-300",
        "name": "Road to 300",
        "min_players": 1,
        "max_players": 6,
        "summary": info.summary,
        "perfect_information": True,
    }


def test_every_game_info_is_consistent() -> None:
    for info in list_games():
        assert 1 <= info.min_players <= info.max_players
        assert info.name and info.summary
        assert game_class(info.id).info is info
        assert load_game(info.id).id == info.id


def test_load_game_unknown_id_names_the_known_games() -> None:
    with pytest.raises(UnknownGame) as err:
        load_game("road-to-301")
    message = str(err.value)
    assert "'road-to-301'" in message
    for info in list_games():
        assert info.id in message


def test_unknown_game_is_a_lookup_error() -> None:
    with pytest.raises(LookupError):
        game_class("no-such-game")


def test_load_game_returns_a_fresh_game_with_its_options() -> None:
    game = load_game("road-to-300", players=3, no_cross="pass")
    assert isinstance(game, RoadTo300Game)
    assert game.num_players() == 3
    assert game.options["no_cross"] == "pass"
    assert game.options["target"] == 300  # defaults filled in
    assert load_game("road-to-300") is not load_game("road-to-300")
    assert "players=3" in repr(game)
    assert game.option_spec("target").default == 300
    with pytest.raises(KeyError):
        game.option_spec("nope")


@pytest.mark.usefixtures("scratch_registry")
def test_register_game_adds_and_is_idempotent() -> None:
    fake = _fake_game("aaa-fake")
    assert register_game(fake) is fake
    assert register_game(fake) is fake  # the same class again: no error
    assert game_class("aaa-fake") is fake
    assert list_games()[0].id == "aaa-fake"
    with pytest.raises(UnknownGame, match="aaa-fake"):
        load_game("zzz")


@pytest.mark.usefixtures("scratch_registry")
def test_register_game_refuses_a_second_class_for_an_id() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_game(_fake_game("road-to-300"))
    assert game_class("road-to-300") is RoadTo300Game


def test_register_builtin_games_is_idempotent() -> None:
    from roadtrip.games import register_builtin_games

    before = list_games()
    register_builtin_games()
    assert list_games() == before
