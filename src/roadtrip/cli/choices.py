"""What every terminal board shares with the generic play loop: a choice as the
player sees it, the error for typed input that is not a legal choice, the words
that quit, and the line reader.

It lives apart from :mod:`roadtrip.cli.play` so that the per-game boards
(``roadtrip.cli.<game>``) need not import the loop that imports them: play.py
picks a board by game id, and a board only needs these few names.  An
import-linter contract in pyproject.toml keeps it that way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

QUIT_WORDS = frozenset({"q", "quit", "exit"})
"""Typed at any prompt, these stop the game (or the replay) cleanly."""

Reader = Callable[[str], str]
"""Reads one line after showing a prompt; raises EOFError at the end of input."""


@dataclass(frozen=True)
class Choice:
    """A legal action as the player sees it in the numbered list."""

    action: int
    label: str


class InputError(Exception):
    """Typed input that is not a legal choice; the message says why."""
