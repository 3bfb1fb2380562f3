"""Clearable caches (core/caches.py): emptied on demand, they answer the same again."""

from __future__ import annotations

from roadtrip.core.caches import cached_entries, clear_caches, clearable
from roadtrip.games.open_road import paths, riding


def test_clear_caches_empties_every_clearable_cache_and_they_answer_the_same() -> None:
    calls: list[int] = []

    @clearable(maxsize=None)
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert [square(3), square(3)] == [9, 9] and calls == [3]
    assert cached_entries() >= 1
    assert clear_caches() >= 1
    assert cached_entries() == 0 and square.cache_info().currsize == 0
    assert square(3) == 9 and calls == [3, 3]  # computed again, the same answer


def test_the_open_roads_memoized_tables_are_clearable() -> None:
    """They fill during play and kept the server's arenas after the sweep (issue 24)."""
    row = paths.distances_to(5, 7)
    bigs = riding.route_bigs(5, 40)
    assert paths.distances_to.cache_info().currsize >= 1
    assert riding.route_bigs.cache_info().currsize >= 1
    clear_caches()
    assert paths.distances_to.cache_info().currsize == 0
    assert riding.route_bigs.cache_info().currsize == 0
    assert paths.distances_to(5, 7) == row and riding.route_bigs(5, 40) == bigs
