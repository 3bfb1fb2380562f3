"""The registry of games: ids to Game classes; ``load_game`` and ``list_games``."""

from __future__ import annotations

from typing import Any

from roadtrip.core.errors import UnknownGame
from roadtrip.core.game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}


def register_game(game_class: type[Game]) -> type[Game]:
    """Register a Game class under its ``info.id`` (usable as a decorator)."""
    game_id = game_class.info.id
    existing = _GAMES.get(game_id)
    if existing is not None and existing is not game_class:
        raise ValueError(f"game id '{game_id}' is already registered by {existing.__name__}")
    _GAMES[game_id] = game_class
    return game_class


def game_class(game_id: str) -> type[Game]:
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game '{game_id}'; the games are: {known}") from None


def load_game(game_id: str, **options: Any) -> Game:
    """A Game with validated options; raises UnknownGame or InvalidOption."""
    return game_class(game_id)(**options)


def list_games() -> list[GameInfo]:
    """Every registered game, sorted by id."""
    return [_GAMES[k].info for k in sorted(_GAMES)]
