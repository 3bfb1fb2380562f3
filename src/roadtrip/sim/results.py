"""Raw simulation results: one row per game, streamed to a JSON Lines or Parquet file.

A row holds everything one game contributed to a run's tally, keyed by its index:
``game``, ``seed``, ``index``, ``options`` (every option, defaults included),
``bots`` (one per seat), ``scores``, ``returns``, ``winners`` (the seats whose
return is positive: a shared win lists every sharer), ``decisions``, ``rounds``,
``ending`` and ``stats`` (the game's balance counts that are not 0,
:mod:`roadtrip.sim.balance`).  Runs hand over their games as arrays
(:class:`~roadtrip.sim.columns.GameColumns`); only JSON Lines turns them into rows
to write, and only reading turns files back into rows.
So the tally of a file's rows is exactly the tally of the games themselves
(:func:`tally_rows`), and a report or a resumed run can rebuild the summary.

The one rule: a resumed run plays exactly the indices the file lacks, so no game
is repeated or skipped.  Files are read a row at a time (:class:`RunScan`), so
resuming or reporting on millions of games keeps only their indices and tally.
Rows are written a chunk at a time as chunks finish (so in completion order, not
index order) and flushed, so a stopped run keeps every chunk it finished.  JSON
Lines (this module) appends; a line half-written by a killed run is dropped when
the file is read and cut off before a resumed run appends.  Parquet
(:mod:`roadtrip.sim.results_parquet`) journals a record batch per chunk; and
:mod:`roadtrip.sim.recording` opens either for a run.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Protocol

from roadtrip.core.errors import RoadtripError
from roadtrip.sim.columns import GameColumns
from roadtrip.sim.columns import Row as Row  # a row of a results file, re-exported
from roadtrip.sim.stats import GameResult, Tally

# The fields that must agree between a file and the run that continues it.
RUN_FIELDS = ("game", "seed", "options", "bots")
# Where the games were played ("fast": Road to 300's compiled path, "engine"): the
# same seed plays other games on each.  Files written before it was kept lack it.
PATH_FIELD = "path"
SUFFIXES = (".jsonl", ".parquet")


class ResultsError(RoadtripError, ValueError):
    """A results file that cannot be written, read or continued as asked."""


class ResultsWriter(Protocol):
    """Where a run's games go, a finished chunk at a time."""

    def write_games(self, games: GameColumns) -> None:
        """Add one chunk's games and make them durable before returning."""
        ...

    def close(self) -> None:
        """Finish the file (Parquet: write it from its journal); the rows stay readable."""
        ...


def result_of_row(row: Row) -> GameResult:
    """The game result a row was made from (:meth:`GameColumns.rows`), exactly."""
    winners = set(row["winners"])
    return GameResult(
        scores=tuple(float(score) for score in row["scores"]),
        wins=tuple(seat in winners for seat in range(len(row["scores"]))),
        decisions=int(row["decisions"]),
        rounds=None if row["rounds"] is None else int(row["rounds"]),
        ending=row["ending"],
        stats=Counter({name: int(count) for name, count in row["stats"].items()}),
        returns=tuple(float(value) for value in row["returns"]),
    )


def tally_rows(rows: Iterable[Row], seats: int) -> Tally:
    """The tally of the games of ``rows`` (any order)."""
    tally = Tally(seats)
    for row in rows:
        tally.add(result_of_row(row))
    return tally


def file_error(path: Path, exc: OSError, doing: str = "read") -> ResultsError:
    """A results file's OSError as one line: "cannot read FILE: reason"."""
    reason = (exc.strerror or str(exc)).lower()
    return ResultsError(f"cannot {doing} the results file {path}: {reason}")


def check_writable(path: Path, what: str = "the results file") -> None:
    """A ResultsError, before a run starts, if ``path`` cannot be written: its folder
    is missing or read-only, or it is a folder itself."""
    parent = path.parent
    if path.is_dir():
        raise ResultsError(f"cannot write {what} {path}: it is a folder")
    if not parent.is_dir():
        raise ResultsError(f"cannot write {what} {path}: no folder {parent}")
    if not os.access(parent, os.W_OK):
        raise ResultsError(f"cannot write {what} {path}: the folder {parent} is read-only")


def check_suffix(path: Path) -> str:
    """The file's format (``.jsonl`` or ``.parquet``), or a ResultsError."""
    if path.suffix not in SUFFIXES:
        raise ResultsError(
            f"{path}: a results file ends in {' or '.join(SUFFIXES)}, not {path.suffix or '(none)'}"
        )
    return path.suffix


def iter_jsonl(path: Path) -> Iterator[Row]:
    """The rows of a JSON Lines file, read a line at a time; a last line without its
    newline (half-written by a killed run) is left out.  A ResultsError for a whole
    line that is not a row, or a file that cannot be read (a folder, no permission)."""
    try:
        file = path.open("rb")
    except OSError as exc:
        raise file_error(path, exc) from None
    with file:
        for number, line in enumerate(file, start=1):
            if not line.endswith(b"\n"):
                return
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ResultsError(
                    f"{path}, line {number}: not a results row ({exc.msg})"
                ) from None
            except ValueError:  # bytes that are not UTF-8: not a text file at all
                raise ResultsError(f"{path}, line {number}: not a results row (not text)") from None
            if not isinstance(row, dict) or "index" not in row:
                raise ResultsError(f"{path}, line {number}: not a results row")
            yield row


def whole_lines_length(path: Path, block: int = 1 << 16) -> int:
    """The length in bytes of a file's whole lines (up to its last newline)."""
    with path.open("rb") as file:
        end = file.seek(0, 2)
        while end > 0:
            start = max(0, end - block)
            file.seek(start)
            found = file.read(end - start).rfind(b"\n")
            if found >= 0:
                return start + found + 1
            end = start
    return 0


def unique_rows(rows: Iterable[Row]) -> Iterator[Row]:
    """``rows`` with each game once, the first row of each index (a game may be both
    in a Parquet file and in its journal: both rows are the same game)."""
    seen: set[int] = set()
    for row in rows:
        index = int(row["index"])
        if index not in seen:
            seen.add(index)
            yield row


def batched(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    """``rows`` in lists of ``size`` (the last may be shorter)."""
    batch: list[Row] = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


class RunScan:
    """The games a results file already holds, counted a row at a time (no row is
    kept): their indices and their tally.

    With a ``header`` (and ``games``) every row must be of that run and within its
    games (a resumed run); without, the first row sets the run (a report)."""

    def __init__(self, path: Path, header: Row | None = None, games: int | None = None) -> None:
        self.path = path
        self.header = header
        self.games = games
        self.done: set[int] = set()
        self.tally: Tally | None = None

    def add(self, row: Row) -> bool:
        """Count ``row`` unless its game is counted already; True if it was new.
        A ResultsError for a row that lacks a field or holds a wrong value."""
        try:
            return self._add(row)
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ResultsError):
                raise
            what = f"no field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise ResultsError(f"{self.path}: a row that is not a results row ({what})") from None

    def _add(self, row: Row) -> bool:
        index = int(row["index"])
        if index in self.done:
            return False
        if self.header is None:
            self.header = {name: row[name] for name in (*RUN_FIELDS, PATH_FIELD) if name in row}
        for name in (*RUN_FIELDS, PATH_FIELD):
            if name == PATH_FIELD and (name not in row or name not in self.header):
                continue
            if row[name] != self.header[name]:
                raise ResultsError(
                    f"{self.path} holds a run with {name} {row[name]!r}, not "
                    f"{self.header[name]!r}: --resume continues the same run "
                    "(or write to another file)"
                )
        if self.games is not None and not 0 <= index < self.games:
            raise ResultsError(f"{self.path} holds game {index}, beyond -n {self.games}")
        if self.tally is None:
            self.tally = Tally(len(row["scores"]))
        elif len(row["scores"]) != self.tally.seats:
            raise ResultsError(f"{self.path}: game {index} has another number of seats")
        self.tally.add(result_of_row(row))
        self.done.add(index)
        return True

    def add_all(self, rows: Iterable[Row]) -> RunScan:
        for row in rows:
            self.add(row)
        return self


class JsonlWriter:
    """Appends rows as JSON Lines, flushed after every chunk.

    ``keep`` is the byte length to keep of an existing file (its whole lines, see
    :func:`whole_lines_length`); None starts a new file and refuses to overwrite one.
    ``header`` (the run's ``RUN_FIELDS``) is what :meth:`write_games` writes in
    every row."""

    def __init__(self, path: Path, keep: int | None = None, header: Row | None = None) -> None:
        self.path = path
        self.header = header
        try:
            if keep is None:
                self._file = path.open("x", encoding="utf-8")
            else:
                self._file = path.open("r+", encoding="utf-8")
                self._file.truncate(keep)
                self._file.seek(keep)
        except OSError as exc:
            raise file_error(path, exc, "write") from None

    def write(self, rows: Sequence[Row]) -> None:
        try:
            self._file.writelines(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)
            self._file.flush()
        except OSError as exc:  # a full disk, a removed folder
            raise file_error(self.path, exc, "write") from None

    def write_games(self, games: GameColumns) -> None:
        if self.header is None:
            raise ValueError("a JsonlWriter without a run header writes rows only")
        header = self.header
        self.write(games.rows(header))

    def close(self) -> None:
        self._file.close()
