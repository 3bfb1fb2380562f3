"""When a simulation may take Road to 300's fast path (importable without numpy or numba).

Road to 300, every seat played by ``random`` or ``greedy``, numba installed (the
``fast`` extra), and no balance-stats hook registered for the game (the compiled
games count none).  Every rules option is covered, so options never send a run
back to the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec

from roadtrip.sim.balance import has_game_stats

GAME_ID = "road-to-300"
BOTS = {"random": 0, "greedy": 1}  # playing.RANDOM, playing.GREEDY


def numba_installed() -> bool:
    """Is numba importable (the ``fast`` extra)?"""
    return find_spec("numba") is not None


def fast_path_supports(game_id: str, bot_names: Sequence[str]) -> bool:
    """Can games of ``game_id`` with these seat bots take the fast path?"""
    return (
        game_id == GAME_ID
        and all(name in BOTS for name in bot_names)
        and not has_game_stats(game_id)
        and numba_installed()
    )
