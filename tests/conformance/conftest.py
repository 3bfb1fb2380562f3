"""Parametrize the conformance suite over every registered game.

A test that takes a ``game`` argument runs once per configuration: each game in
``roadtrip.list_games()`` with its defaults; for games with a ``players`` option
also the minimum, 2, 3 and the maximum; and every non-default value of each
choice or flag option (at the minimum player count and, where the game allows
it, at 3 players, where seats interact), so that variants are held to the same
contract as the defaults (for games in ``BOUNDED``, all but the default
configuration under a bound on the match length as well).

``default_game`` is the same, restricted to each game with its defaults (for
the checks that are slow, such as starting another interpreter).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

import roadtrip
from roadtrip.core import Game, game_class


@dataclass(frozen=True)
class Config:
    """A game id and the options to load it with."""

    game_id: str
    options: tuple[tuple[str, Any], ...] = ()

    def load(self) -> Game:
        return roadtrip.load_game(self.game_id, **dict(self.options))

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game_id}[{opts}]" if opts else self.game_id


# Games whose random matches run for tens of thousands of steps (random riders in The
# Open Road wander for hundreds of rounds): every configuration but the default one is
# held to the contract under these options, a bound on the match.
BOUNDED: dict[str, dict[str, Any]] = {"open-road": {"max_rounds": 40}}


def _player_counts(game_id: str) -> list[int | None]:
    cls = game_class(game_id)
    spec = {option.name: option for option in cls.options_spec}
    if "players" not in spec:
        return [None]
    option = spec["players"]
    low = max(cls.info.min_players, option.minimum if option.minimum is not None else 1)
    high = min(cls.info.max_players, option.maximum if option.maximum is not None else low)
    return sorted({low, 2, 3, high} & set(range(low, high + 1)))


def _with_players(players: int | None, **options: Any) -> tuple[tuple[str, Any], ...]:
    if players is not None:
        options = {"players": players, **options}
    return tuple(options.items())


def all_configs() -> list[Config]:
    configs: list[Config] = []
    for info in roadtrip.list_games():
        counts = _player_counts(info.id)
        bound = BOUNDED.get(info.id, {})
        configs.append(Config(info.id))
        for players in counts:
            configs.append(Config(info.id, _with_players(players, **bound)))
        variant_counts = [p for p in counts if p in (counts[0], 3)]
        # The core's round limit (every game declares max_rounds): matches cut off
        # after two rounds keep the whole contract too (records, clones, views).
        configs.append(Config(info.id, _with_players(counts[-1], max_rounds=2)))
        for option in game_class(info.id).options_spec:
            if option.name == "players":
                continue
            if option.kind == "choice":
                values: list[Any] = [c for c in option.choices if c != option.default]
            elif option.kind == "bool":
                values = [not option.default]
            else:
                continue  # integer options (targets, lengths) do not change the contract
            for value in values:
                for players in variant_counts:
                    options = {**bound, option.name: value}
                    configs.append(Config(info.id, _with_players(players, **options)))
    return configs


def default_configs() -> list[Config]:
    return [Config(info.id) for info in roadtrip.list_games()]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    for name, configs in (("game", all_configs), ("default_game", default_configs)):
        if name in metafunc.fixturenames:
            chosen = configs()
            metafunc.parametrize(name, [c.load() for c in chosen], ids=[c.label for c in chosen])
