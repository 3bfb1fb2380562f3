"""roadtrip: four American road-trip tabletop games as a rules library, with bots,
simulation, and terminal and browser play.

    >>> import roadtrip
    >>> game = roadtrip.load_game("road-to-300")
    >>> state = game.new_initial_state()
"""

from roadtrip.core import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    Match,
    MatchRecord,
    State,
    list_games,
    load_game,
)
from roadtrip.games import register_builtin_games

register_builtin_games()

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "Match",
    "MatchRecord",
    "State",
    "list_games",
    "load_game",
]
__version__ = "0.1.0"
