"""Road Rally USA: the race with hidden hands, a designed track and decks (2-5 cars)."""

from roadtrip.games.road_rally.rules import RoadRallyGame, RoadRallyState

__all__ = ["RoadRallyGame", "RoadRallyState"]
