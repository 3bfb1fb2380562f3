"""Caches of pure rule tables that a long-running process may empty when it is idle.

Some rules memoize tables that depend only on their arguments (distances on The
Open Road's board for a destination and a road closure, a planned route's big
cities).  Filled during a server's busy hour, their entries are small objects
scattered over the allocator's 1 MiB arenas, and Python gives an arena back to the
system only when every object in it is gone: a few hundred entries kept a hundred
arenas of long-finished matches resident (docs/server.md, "Bots, long matches and
memory").  Such functions are declared with :func:`clearable` instead of
``functools.cache``; :func:`clear_caches` empties them all (the server does after a
sweep that forgot matches), and they fill again on use, with the same answers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import TypeVar

T = TypeVar("T")

_CACHES: list[_lru_cache_wrapper[object]] = []
_LOCK = threading.Lock()


def clearable(maxsize: int | None) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize)``, registered for :func:`clear_caches` (only for
    pure functions: an emptied cache must answer the same when asked again)."""

    def wrap(function: Callable[..., T]) -> _lru_cache_wrapper[T]:
        cached = lru_cache(maxsize=maxsize)(function)
        with _LOCK:
            _CACHES.append(cached)
        return cached

    return wrap


def cached_entries() -> int:
    """How many entries the clearable caches hold now."""
    with _LOCK:
        return sum(cached.cache_info().currsize for cached in _CACHES)


def clear_caches() -> int:
    """Empties every clearable cache; returns how many entries were dropped."""
    with _LOCK:
        dropped = 0
        for cached in _CACHES:
            dropped += cached.cache_info().currsize
            cached.cache_clear()
        return dropped
