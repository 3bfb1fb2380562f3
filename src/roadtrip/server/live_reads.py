"""Counts kept with a live match so that its state message costs the same at any length.

A state message carries the last ``LOG_LIMIT`` lines of the log with the index of
the first (``log_start``), and how many moves the audience's seat has made
(``my_moves``).  Both were computed from the whole match on every message (the
whole log turned into lines, the whole history counted), so a 17,000-move match
paid for 17,000 moves on every read and every push.  :class:`LiveReads` keeps
the two counts up to where they were last asked and adds only what came since;
the lines themselves are built for the tail alone.  The answers are exactly those
of :func:`roadtrip.server.gamelog.log_lines` and
:func:`roadtrip.server.visibility.moves_by` (``tests/server/test_live_reads.py``).

A log and a history only grow; a count is checked against the entry it ended at,
and one that does not match (another log) is started again.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from roadtrip.core.state import State
from roadtrip.server.gamelog import LogEntry, _hidden_draw, log_lines


def count_lines(entries: Sequence[LogEntry]) -> int:
    """How many lines ``entries`` make with draws grouped (``log_lines``' count,
    which is the same for every viewer: runs group by the spectators' words)."""
    lines = 0
    index = 0
    while index < len(entries):
        if _hidden_draw(entries[index]) is None:
            lines += 1
            index += 1
            continue
        keys = set()
        while index < len(entries) and (key := _hidden_draw(entries[index])) is not None:
            keys.add(key)
            index += 1
        lines += len(keys)
    return lines


def tail_cut(log: Sequence[LogEntry], limit: int) -> int:
    """An index of ``log`` after which there are at least ``limit`` lines (or 0), where
    no run of grouped draws is cut in two, now or once the log has grown."""
    index = len(log)
    plain = 0  # entries that are a line of their own: lines after index >= plain
    # Is log[index] a hidden draw?  At the end: maybe the next one is (the log grows),
    # so a run that ends the log is never cut from what may follow.
    hidden_after = True
    while index > 0:
        hidden_before = _hidden_draw(log[index - 1]) is not None
        if plain >= limit and not (hidden_before and hidden_after):
            return index
        index -= 1
        plain += not hidden_before
        hidden_after = hidden_before
    return 0


class LiveReads:
    """The line count of a log and the moves per seat of a history, kept up to date."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lines_upto = 0  # a cut (see tail_cut) of the log counted so far
        self._lines = 0
        self._lines_mark: LogEntry | None = None  # log[_lines_upto - 1]
        self._moves_upto = 0
        self._moves: dict[int, int] = {}
        self._moves_mark: tuple[int, int] | None = None  # history[_moves_upto - 1]

    def log_tail(
        self,
        log: Sequence[LogEntry],
        viewer: int | None,
        *,
        group_draws: bool,
        limit: int,
        sealed_from: int | None = None,
    ) -> tuple[list[str], int]:
        """``(lines[-limit:], index of the first)`` of ``log_lines(log, viewer, ...)``,
        built from the log's tail only.  Sealed decisions (``sealed_from`` on: a
        simultaneous decision under way) read "has chosen" but stay one line each,
        so they change no count."""
        sealed = len(log) if sealed_from is None else sealed_from
        if not group_draws:  # one line per entry
            start = max(0, len(log) - limit)
            return [
                entry.read_by(viewer, revealed=index < sealed)
                for index, entry in enumerate(log[start:], start)
            ], start
        cut = tail_cut(log, limit)
        tail = log_lines(
            list(log[cut:]),
            viewer,
            group_draws=True,
            sealed_from=None if sealed_from is None else max(0, sealed_from - cut),
        )
        total = self._lines_before(log, cut) + len(tail)
        shown = tail[-limit:] if limit else []
        return shown, total - len(shown)

    def _lines_before(self, log: Sequence[LogEntry], cut: int) -> int:
        with self._lock:
            upto = self._lines_upto
            if upto and (upto > len(log) or log[upto - 1] is not self._lines_mark):
                upto, self._lines_upto, self._lines = 0, 0, 0  # another log: start again
            if cut < upto:  # an older log than the one counted (a reader behind)
                return count_lines(log[:cut])
            self._lines += count_lines(log[upto:cut])
            self._lines_upto = cut
            self._lines_mark = log[cut - 1] if cut else None
            return self._lines

    def moves_by(self, state: State, seat: int) -> int:
        """How many decisions ``seat`` has made in ``state`` (``visibility.moves_by``)."""
        history = state.history()
        with self._lock:
            upto = self._moves_upto
            if upto and (upto > len(history) or history[upto - 1] is not self._moves_mark):
                if upto <= len(history):  # another history: start again
                    upto, self._moves_upto, self._moves = 0, 0, {}
                else:  # an older state than the one counted (a reader behind)
                    return sum(1 for s, _ in history if s == seat)
            for who, _ in history[upto:]:
                self._moves[who] = self._moves.get(who, 0) + 1
            self._moves_upto = len(history)
            self._moves_mark = history[-1] if history else None
            return self._moves.get(seat, 0)
