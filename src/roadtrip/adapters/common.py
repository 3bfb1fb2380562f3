"""What the PettingZoo and Gymnasium adapters share: a seat's observation tensor and
action mask as NumPy arrays, the check of an agent's action, match seeds, and a
plain-text rendering of what a seat sees.

An agent sees ``state.observation_tensor(seat)`` (what ``view(seat)`` holds, never
another seat's secrets) and a 0/1 mask of its legal actions.  Chance is resolved by
a :class:`~roadtrip.core.Match` from the episode's match seed, so ``reset(seed=s)``
deals the same dice, cubes and cards as a match played with seed ``s`` anywhere
else in roadtrip (the command line, the server, a ``MatchRecord``).
"""

from __future__ import annotations

import json
from random import Random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from roadtrip.core.errors import IllegalMove, InvalidOption
from roadtrip.core.game import Game
from roadtrip.core.match import Match
from roadtrip.core.state import State

ILLEGAL_MODES = ("penalize", "raise")
"""What an illegal action does: end the episode with a penalty, or raise IllegalMove."""

OBSERVATION_LOW = 0.0
OBSERVATION_HIGH = 1.0
"""Bounds of the observation Box (every game's tensor entries lie in [0, 1])."""

_SEED_SPAN = 2**62
_LEGAL_SHOWN = 12


def agent_name(seat: int) -> str:
    """PettingZoo's name for a seat: ``player_0``, ``player_1``, ..."""
    return f"player_{seat}"


def check_illegal_mode(illegal: str) -> str:
    if illegal not in ILLEGAL_MODES:
        choices = ", ".join(repr(m) for m in ILLEGAL_MODES)
        raise InvalidOption(f"illegal must be one of {choices}; got {illegal!r}")
    return illegal


def check_max_steps(max_steps: int | None) -> int | None:
    if max_steps is not None and (
        isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
    ):
        raise InvalidOption(f"max_steps must be a positive whole number or None; got {max_steps!r}")
    return max_steps


def observation_box(game: Game) -> spaces.Box[np.float32]:
    """The Box of ``game``'s observation tensors (float32)."""
    size = game.observation_tensor_size()
    return spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, shape=(size,), dtype=np.float32)


def observation_array(state: State, seat: int) -> NDArray[np.float32]:
    """``seat``'s observation tensor as a fresh float32 array."""
    return np.asarray(state.observation_tensor(seat), dtype=np.float32)


def action_mask(state: State, seat: int) -> NDArray[np.int8]:
    """1 for each action ``seat`` may take now (it is the seat to act), else 0."""
    mask = np.zeros(state.game.num_distinct_actions(), dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions(seat)] = 1
    return mask


def as_action(action: Any) -> int | None:
    """``action`` as a Python int (NumPy integers and 0-d arrays included), or None."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        return None
    return int(action)


def legal_action(state: State, seat: int, action: Any) -> int | None:
    """``action`` as an int if ``seat`` may take it now, else None."""
    number = as_action(action)
    if number is None or state.current_player() != seat:
        return None
    return number if number in state.legal_actions(seat) else None


def illegal_move(state: State, seat: int, action: Any) -> IllegalMove:
    """The error for an illegal ``action`` of ``seat``, naming what is legal."""
    legal = state.legal_actions(seat) if state.current_player() == seat else []
    shown = ", ".join(f"{a} ({state.action_to_string(a, seat)})" for a in legal[:_LEGAL_SHOWN])
    more = f" and {len(legal) - _LEGAL_SHOWN} more" if len(legal) > _LEGAL_SHOWN else ""
    return IllegalMove(
        f"{agent_name(seat)} cannot take action {action!r} in {state.game.id} now; "
        f"legal actions: {shown or 'none'}{more} (use the action mask)"
    )


class MatchAccess:
    """The referee-side match behind an environment (for evaluation, never agents)."""

    _match: Match | None

    @property
    def match(self) -> Match:
        """The running match (referee side: its state holds every hidden card)."""
        if self._match is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._match

    @property
    def game_state(self) -> State:
        """The full roadtrip state, for evaluation and debugging, never for agents."""
        return self.match.state


class EpisodeSeeds:
    """Match seeds of successive episodes.

    ``next(s)`` gives ``s`` itself and restarts the sequence from it; ``next(None)``
    continues the sequence (from OS entropy if it was never seeded), so every run
    that starts with the same seed plays the same matches.
    """

    def __init__(self) -> None:
        self._rng = Random()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = Random(seed)
            return int(seed)
        return self._rng.randrange(_SEED_SPAN)


def render_text(state: State, seat: int | None, heading: str) -> str:
    """``heading``, what ``seat`` (None: a spectator) sees, and its legal actions."""
    lines = [heading]
    lines.extend(_lines(state.view(seat), ""))
    if seat is not None and state.current_player() == seat:
        legal = state.legal_actions(seat)
        lines.append("legal actions:")
        lines.extend(f"  {a}: {state.action_to_string(a, seat)}" for a in legal)
    return "\n".join(lines)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "))


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _lines(value: Any, indent: str) -> list[str]:
    """A JSON view as indented ``key: value`` lines (flat parts on one line)."""
    out: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if _is_flat(item):
                out.append(f"{indent}{key}: {_compact(item)}")
            else:
                out.append(f"{indent}{key}:")
                out.extend(_lines(item, indent + "  "))
    elif isinstance(value, list):
        for item in value:
            if _is_flat(item):
                out.append(f"{indent}- {_compact(item)}")
            else:
                out.append(f"{indent}-")
                out.extend(_lines(item, indent + "  "))
    else:
        out.append(f"{indent}{_compact(value)}")
    return out
