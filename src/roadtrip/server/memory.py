"""Giving freed memory back to the system after the sweep forgets matches.

A long bots-only match keeps megabytes in memory while it is live (its log, its
history, its states); when the sweep forgets it, Python frees those objects, but
glibc's allocator keeps the freed pages in its heaps (one per thread that
allocated, and the web app's request threads are many), so the process's resident
memory stayed near its peak: after 37 long bot matches 72 MB -> 224 MB, and 215
MB after the sweep (benchmarks/README.md, "Memory after the sweep").
``malloc_trim(0)`` hands the free pages of every heap back; it walks the heaps,
so it runs at most once per ``MIN_SECONDS``, after a sweep that forgot something
(a trim left due then runs at a later sweep).  Elsewhere than glibc it does
nothing.

That is not enough for Python's own allocator (pymalloc), which gives a 1 MiB arena
back only when every object in it is gone: a few hundred small objects made during
the busy hour and kept afterwards (rule tables memoized by the games, the SQLite
connections' cursor references and statement caches) were spread over a hundred
arenas and kept them all (what is kept, and how it was found: docs/server.md).
So before trimming, the ``releases`` (the app passes ``core.caches.clear_caches``
and ``SqlStore.reopen_sqlite``) let go of what they hold, when the sweep left no
match in memory; what they build again on use lands in the arenas still in use.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
import time
from collections.abc import Callable, Sequence

MIN_SECONDS = 10.0


def _malloc_trim() -> Callable[[], None] | None:
    """glibc's ``malloc_trim(0)``, or None where there is none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS)
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int

    def release() -> None:
        trim(0)

    return release


class MemoryReturn:
    """Trims the allocator's heaps after sweeps that forgot matches, not too often."""

    def __init__(
        self,
        trim: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        releases: Sequence[Callable[[], object]] = (),
    ) -> None:
        self._trim = trim if trim is not None else _malloc_trim()
        self._releases = tuple(releases)
        self._clock = clock
        self._lock = threading.Lock()
        self._due = False
        self._last: float | None = None
        self.trims = 0  # how many times the heaps were trimmed (tests, figures)

    def after_sweep(self, forgotten: int, idle: bool = True) -> bool:
        """Called after every sweep with how many matches it forgot and whether it left
        none in memory; True if the heaps were trimmed now.  The releases (and a full
        collection) run only when idle: a busy server would pay for them (the caches
        filled again, a collection over every live match) at every trim."""
        with self._lock:
            self._due = self._due or forgotten > 0
            now = self._clock()
            if not self._due or self._trim is None:
                return False
            if self._last is not None and now - self._last < MIN_SECONDS:
                return False
            self._due, self._last = False, now
        if idle and self._releases:
            for release in self._releases:
                release()
            gc.collect()  # what the releases freed, if cycles hold it, before the trim
        self._trim()
        self.trims += 1
        return True
