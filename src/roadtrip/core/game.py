"""The Game: a rule set with its options fixed, that makes States.

A Game is immutable after construction.  Subclasses declare ``info`` and
``options_spec`` and implement the few abstract methods; ``roadtrip.load_game``
builds them with validated options.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from roadtrip.core.errors import NotSupported
from roadtrip.core.options import Option, OptionValue, validate_options

if TYPE_CHECKING:
    from roadtrip.core.state import State


@dataclass(frozen=True)
class GameInfo:
    """What the registry and the lobby show about a game."""

    id: str
    name: str
    min_players: int
    max_players: int
    summary: str
    perfect_information: bool = True

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "summary": self.summary,
            "perfect_information": self.perfect_information,
        }


class Game(ABC):
    """A game with its variant options chosen.  Makes States."""

    # Declared by each game class; a game whose kind of information depends on its
    # options (Road to 300 hides simultaneous choices only with 2+ sheets) sets its
    # own on the instance, so ``game.info`` is what a match of it is.
    info: GameInfo
    options_spec: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, OptionValue] = validate_options(
            self.info.id, self.options_spec, options
        )

    @property
    def id(self) -> str:
        return self.info.id

    def num_players(self) -> int:
        """Seats in a match: the ``players`` option where the game has one."""
        players = self.options.get("players", self.info.min_players)
        return int(players)

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Decision actions are integers in ``range(num_distinct_actions())``."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Chance actions are integers in ``range(max_chance_outcomes())``."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """A fresh match at its very start (often a chance node)."""

    def observation_tensor_size(self) -> int:
        """Length of ``state.observation_tensor(seat)``; games that offer one override."""
        raise NotSupported(f"{self.info.id} has no observation tensor")

    def max_game_length(self) -> int | None:
        """An upper bound on the number of actions in a match, if the game has one."""
        return None

    def option_spec(self, name: str) -> Option:
        for option in self.options_spec:
            if option.name == name:
                return option
        raise KeyError(name)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"
