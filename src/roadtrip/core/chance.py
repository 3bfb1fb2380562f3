"""Chance is a player: helpers to resolve its outcomes with a seeded generator.

The rules never draw random numbers.  A chance node lists its outcomes with exact
probabilities; whoever runs the match picks one.  :class:`ChanceSampler` picks from
a seed *statelessly*: the n-th chance outcome of a match depends only on the seed,
n and the state, so a match rebuilt from its record draws exactly what it would
have drawn (a server restart changes nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING

from roadtrip.core.errors import NotYourTurn

if TYPE_CHECKING:
    from roadtrip.core.state import State


def pick_outcome(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome that a uniform number ``u`` in [0, 1) selects."""
    acc = 0.0
    for action, probability in outcomes:
        acc += probability
        if u < acc:
            return action
    return outcomes[-1][0]  # u fell in the rounding gap at the top


def sample_chance(state: State, rng: Random) -> int:
    """Draw a chance outcome of ``state`` with ``rng`` (for fast simulations)."""
    return pick_outcome(state.chance_outcomes(), rng.random())


class ChanceSampler:
    """Resolves a match's chance nodes from its seed, reproducibly.

    The n-th draw uses its own generator seeded with ``(seed, n)``, so it does not
    depend on how many draws happened in another process or before a restart.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def draw(self, state: State, index: int) -> int:
        """The chance outcome for the ``index``-th chance node of the match."""
        if not state.is_chance_node():
            raise NotYourTurn("draw() needs a chance node")
        u = Random(f"roadtrip:{self.seed}:{index}").random()
        return pick_outcome(state.chance_outcomes(), u)
