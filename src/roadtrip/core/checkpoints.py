"""Checkpoints of one match: its state every ``EVERY`` moves, to rebuild any step cheaply.

Rebuilding the state after ``k`` actions by replaying from the start costs ``k``
actions (and a replay that clones every step, far more): a 17,000-move match took
seconds per step.  :class:`Checkpoints` keeps a copy of the state at every multiple
of ``every`` moves, so the state after any ``k`` is one copy plus fewer than
``every`` actions, whatever the match's length.  The copies are exact (chance
outcomes are actions of the history, so replaying them gives the same state) and
keep no history of their own (a history per copy would cost memory growing with
the square of the length); :meth:`Checkpoints.state_at` gives the rebuilt state
its history back.

Memory: one state per ``every`` moves (The Open Road: about 2 kB a state, so about
8 bytes a move at 256, a few percent of what a live match keeps for its log).
Thread-safe: readers on several threads may ask at once while the history grows.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from roadtrip.core.state import State

EVERY = 256


def _bare(state: State) -> State:
    """A copy of ``state`` without its history (read-only use inside the core)."""
    copy = state._copy()
    copy._history = []
    return copy


class Checkpoints:
    """The states of one growing history at moves 0, ``every``, 2 x ``every``, ...

    The history must only grow (a match's history does: actions are appended,
    never changed): checkpoints made from one history give wrong states for another.
    """

    def __init__(self, initial: State, every: int | None = None) -> None:
        every = EVERY if every is None else every  # (read now: tests change EVERY)
        if initial.move_number() != 0:
            raise ValueError("checkpoints start from a match's initial state")
        if every < 1:
            raise ValueError(f"checkpoints need every >= 1; got {every}")
        self.every = every
        self._states: list[State] = [_bare(initial)]
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._states)

    def offer(self, state: State) -> None:
        """Keep a copy of ``state`` if it is at the next checkpoint (a replay that
        passes every move calls this after each one, at the cost of one copy per
        ``every`` moves)."""
        with self._lock:
            if state.move_number() == len(self._states) * self.every:
                self._states.append(_bare(state))

    def state_at(self, history: Sequence[tuple[int, int]], step: int) -> State:
        """The state after the first ``step`` actions of ``history`` (a new object,
        with its history): the nearest checkpoint and fewer than ``every`` actions.
        Checkpoints missing up to ``len(history)`` are made first (each action of a
        history is applied once for them, however many steps are asked)."""
        if not 0 <= step <= len(history):
            raise ValueError(f"step must be between 0 and {len(history)}; got {step}")
        with self._lock:
            self._catch_up(history)
            base = self._states[step // self.every]
        start = (step // self.every) * self.every
        state = base._copy()
        state._history = list(history[:start])
        for seat, action in history[start:step]:
            state.apply_action(action, seat)
        return state

    def _catch_up(self, history: Sequence[tuple[int, int]]) -> None:
        """Add the checkpoints due up to ``len(history)`` (under the lock)."""
        last = (len(self._states) - 1) * self.every
        target = (len(history) // self.every) * self.every
        if target <= last:
            return
        state = self._states[-1]._copy()
        state._history = list(history[:last])
        for seat, action in history[last:target]:
            state.apply_action(action, seat)
            if state.move_number() % self.every == 0:
                self._states.append(_bare(state))
