"""When turn timers fire: one timer per timed match, on the event loop.

The coordinator arms a match's timer for its next deadline after every change
(:meth:`Timers.arm`, from any thread); when it fires, the match's expiry runs off
the event loop (the coordinator's background runner), where the coordinator checks
the stored deadline again under the match's lock, so an early, late or repeated
firing does nothing wrong.  :class:`LoopTimers` uses ``loop.call_later``;
:class:`ManualTimers` lets tests fire what is due on a fake clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Protocol

# The longest single wait: a timer further away re-arms itself (clocks may jump).
MAX_WAIT_SECONDS = 3600.0


class Timers(Protocol):
    """Where the coordinator arms the timer of a match."""

    def arm(self, match_id: str, at: float | None) -> None:
        """Fire ``match_id`` at wall clock time ``at`` (None: no timer), replacing
        its earlier timer."""


class LoopTimers:
    """Timers on an asyncio event loop; ``fire(match_id)`` is called on the loop and
    must hand the work to a thread (the app runs ``Coordinator.expire`` there)."""

    def __init__(self, fire: Callable[[str], None], clock: Callable[[], float] = time.time) -> None:
        self.fire = fire
        self.clock = clock
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handles: dict[str, tuple[float, asyncio.TimerHandle]] = {}

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def arm(self, match_id: str, at: float | None) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        if _running_loop() is loop:
            self._arm(match_id, at)
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: stopping
                loop.call_soon_threadsafe(self._arm, match_id, at)

    def _arm(self, match_id: str, at: float | None) -> None:
        current = self._handles.get(match_id)
        if current is not None:
            if current[0] == at:
                return
            current[1].cancel()
            del self._handles[match_id]
        if at is None or self._loop is None:
            return
        wait = min(MAX_WAIT_SECONDS, max(0.0, at - self.clock()))
        handle = self._loop.call_later(wait, self._fired, match_id, at)
        self._handles[match_id] = (at, handle)

    def _fired(self, match_id: str, at: float) -> None:
        current = self._handles.get(match_id)
        if current is not None and current[0] == at:
            del self._handles[match_id]
        if self.clock() < at:  # a long wait cut short, or the clock moved back
            self._arm(match_id, at)
            return
        self.fire(match_id)

    def armed(self) -> dict[str, float]:
        """The timers set now: match -> when (for tests and figures)."""
        return {match_id: at for match_id, (at, _) in self._handles.items()}

    def cancel_all(self) -> None:
        for _, handle in self._handles.values():
            handle.cancel()
        self._handles.clear()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class ManualTimers:
    """Timers for tests: remembers each match's time; :meth:`due` says which have
    come on the test's clock."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}

    def arm(self, match_id: str, at: float | None) -> None:
        if at is None:
            self.times.pop(match_id, None)
        else:
            self.times[match_id] = at

    def due(self, now: float) -> list[str]:
        due = sorted(m for m, at in self.times.items() if at <= now)
        for match_id in due:
            del self.times[match_id]
        return due
