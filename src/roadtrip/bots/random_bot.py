"""The uniform random bot: every legal action equally likely."""

from __future__ import annotations

from random import Random

from roadtrip.bots.base import Observation
from roadtrip.core.errors import IllegalMove
from roadtrip.core.game import Game


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, observation: Observation, rng: Random) -> int:
        if not observation.legal_actions:
            raise IllegalMove(f"seat {observation.seat} has no legal action to choose")
        return rng.choice(observation.legal_actions)
