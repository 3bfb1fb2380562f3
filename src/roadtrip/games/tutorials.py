"""Learn-to-play tutorials by game id: each game's script in ``games/<game>/tutorial.py``.

The generic engine is :mod:`roadtrip.core.tutorial`: ``Tutorial(tutorial_script(id))``
starts one.  This module only finds a game's script (imported when asked for), so
that front ends ask by game id and never name a game's package.
"""

from __future__ import annotations

import importlib

from roadtrip.core.errors import UnknownGame
from roadtrip.core.tutorial_script import TutorialScript

TUTORIALS: dict[str, str] = {
    "road-to-300": "roadtrip.games.road_to_300.tutorial",
    "get-your-kicks": "roadtrip.games.main_street.tutorial_kicks",
    "mileage-may-vary": "roadtrip.games.main_street.tutorial_mileage",
    "road-rally": "roadtrip.games.road_rally.tutorial",
    "open-road": "roadtrip.games.open_road.tutorial",
}
"""Game id -> the module whose ``SCRIPT`` is that game's tutorial."""


def tutorial_ids() -> list[str]:
    """The games that have a tutorial, in the order the README lists the games."""
    return list(TUTORIALS)


def tutorial_script(game_id: str) -> TutorialScript:
    """The tutorial script of ``game_id``; raises UnknownGame naming those that exist."""
    module_name = TUTORIALS.get(game_id)
    if module_name is None:
        known = ", ".join(TUTORIALS)
        raise UnknownGame(f"no tutorial for '{game_id}'; the tutorials are: {known}")
    from roadtrip.games import register_builtin_games

    register_builtin_games()  # the engine loads the game by id
    script: TutorialScript = importlib.import_module(module_name).SCRIPT
    return script
