"""The coordinator's live matches: a bounded cache over the store, and match locks.

The store is the truth; a live match is only its replayed state, kept to answer
quickly.  The cache holds at most ``max_live`` matches and forgets one that nobody
used for ``idle_seconds`` (least recently used first), unless the coordinator says
it must stay (bots still playing, people connected).  A forgotten match is loaded
from the store again on its next use, so memory stays bounded however many matches
were ever played.

Every change to a match happens under its :class:`MatchLock` (re-entrant, one per
match id while anyone holds it), so moves made at the same moment on several
threads are applied one after another, and a match is never loaded twice at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Generic, TypeVar
from weakref import WeakValueDictionary

T = TypeVar("T")


@dataclass(frozen=True)
class LiveLimits:
    """How many matches stay in memory, and for how long without use."""

    max_live: int = 256
    idle_seconds: float = 600.0


class MatchLock:
    """A re-entrant lock for one match, that knows whether anyone holds it."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self.holders = 0

    def __enter__(self) -> MatchLock:
        self._lock.acquire()
        self.holders += 1
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.holders -= 1
        self._lock.release()


@dataclass
class _Entry(Generic[T]):
    value: T
    lock: MatchLock  # held strongly here, so the weak lock table keeps it
    last_used: float


class LiveCache(Generic[T]):
    """Match id -> live value, least recently used first, with a lock per id."""

    def __init__(self, limits: LiveLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self.clock = clock
        self._entries: OrderedDict[str, _Entry[T]] = OrderedDict()
        self._locks: WeakValueDictionary[str, MatchLock] = WeakValueDictionary()
        self._guard = threading.Lock()

    def lock(self, match_id: str) -> MatchLock:
        """The one lock of ``match_id`` (the same object for every caller)."""
        with self._guard:
            lock = self._locks.get(match_id)
            if lock is None:
                lock = MatchLock()
                self._locks[match_id] = lock
            return lock

    def get(self, match_id: str) -> T | None:
        """The live value (marked as just used), or None."""
        with self._guard:
            entry = self._entries.get(match_id)
            if entry is None:
                return None
            entry.last_used = self.clock()
            self._entries.move_to_end(match_id)
            return entry.value

    def peek(self, match_id: str) -> T | None:
        """The live value without marking it as used (None if not in memory)."""
        with self._guard:
            entry = self._entries.get(match_id)
            return None if entry is None else entry.value

    def put(self, match_id: str, value: T) -> None:
        lock = self.lock(match_id)
        with self._guard:
            self._entries[match_id] = _Entry(value, lock, self.clock())
            self._entries.move_to_end(match_id)

    def pop(self, match_id: str) -> None:
        with self._guard:
            self._entries.pop(match_id, None)

    def clear(self) -> None:
        """Forget every match (each reloads from the store on its next use)."""
        with self._guard:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, match_id: object) -> bool:
        return match_id in self._entries

    def sweep(self, keep: Callable[[str, T], bool]) -> list[str]:
        """Forget idle matches and, beyond ``max_live``, the least recently used
        ones, except those ``keep`` wants and those someone is changing now.
        Returns the ids forgotten."""
        now = self.clock()
        with self._guard:
            candidates = [
                (match_id, entry)
                for match_id, entry in self._entries.items()
                if entry.lock.holders == 0
            ]
        excess = len(self._entries) - self.limits.max_live
        evicted = []
        for match_id, entry in candidates:  # least recently used first
            idle = now - entry.last_used >= self.limits.idle_seconds
            if not (idle or excess > 0) or keep(match_id, entry.value):
                continue
            with self._guard:
                current = self._entries.get(match_id)
                if current is entry and entry.lock.holders == 0:
                    del self._entries[match_id]
                    evicted.append(match_id)
                    excess -= 1
        return evicted
