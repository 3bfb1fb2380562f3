"""The games, one package each (rules, data, views, variants; no I/O)."""

from roadtrip.core.registry import register_game


def register_builtin_games() -> None:
    """Register every game that ships with roadtrip (idempotent)."""
    from roadtrip.games.main_street import GetYourKicksGame, MileageGame
    from roadtrip.games.open_road import OpenRoadGame
    from roadtrip.games.road_rally import RoadRallyGame
    from roadtrip.games.road_to_300 import RoadTo300Game

    register_game(RoadTo300Game)
    register_game(GetYourKicksGame)
    register_game(MileageGame)
    register_game(RoadRallyGame)
    register_game(OpenRoadGame)
