"""Chance is a player: helpers to resolve its outcomes with a seeded generator.

The rules never draw random numbers.  A chance node lists its outcomes with exact
probabilities; whoever runs the match picks one.  :class:`ChanceSampler` picks from
a seed *statelessly*: the n-th chance outcome of a match depends only on the seed,
n and the state, so a match rebuilt from its record draws exactly what it would
have drawn (a server restart changes nothing).  The simulator draws otherwise: game
``i`` of a run takes every outcome in turn from one generator keyed by
:func:`run_game_key`.  A record names which of the two made its chance outcomes, and
replaying it checks each outcome against that derivation (:mod:`roadtrip.core.records`).
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


def run_game_key(seed: int, game: int) -> str:
    """The key of game ``game`` of a simulator run with ``seed``: its chance outcomes
    come in turn from ``Random(key)`` (:func:`sample_chance`), its bots' choices from
    ``Random(key + ":bots")``."""
    return f"{seed}:{game}"


class ChanceStream:
    """Resolves chance as the simulator does for one game of a run: every outcome in
    turn from one generator, so draws must be asked for in order."""

    def __init__(self, seed: int, game: int) -> None:
        self.rng = Random(run_game_key(seed, game))

    def draw(self, state: State, index: int) -> int:
        """The next chance outcome (``index`` is the caller's count; the stream's own
        order decides)."""
        if not state.is_chance_node():
            raise NotYourTurn("draw() needs a chance node")
        return sample_chance(state, self.rng)


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
