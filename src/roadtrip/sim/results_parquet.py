"""Raw simulation results as Parquet: typed columns, written from arrays.

A file holds one run, a row per game, every column typed so that pandas, DuckDB or
Polars read it without parsing text:

* ``game`` (text), ``seed``, ``path`` (``fast``: Road to 300's compiled games,
  ``engine``: the rules engine's; other games for one seed), ``option_<name>`` for
  every option of the game (defaults included; a boolean, integer, number or text
  column as the option is), ``bots`` (a list of text, one per seat);
* ``index`` (the game's number in the run), ``scores``, ``returns`` (lists of
  doubles, one per seat; ``returns`` share a tied win), ``winners`` (a list of
  seats), ``decisions``, ``rounds`` (null where the game counts none), ``ending``
  (text, null where the game names none);
* ``stat_<name>`` for every balance count the run met (``roadtrip.sim.balance``:
  ``stat_start.0.wins``, ...), 0 where a game did not count it.

While a run plays, its games go to a journal (:mod:`roadtrip.sim.results_journal`:
Arrow record batches, flushed a chunk at a time, so a kill loses no finished chunk);
closing the run streams the journal into ``FILE.parquet`` (written beside it, then
moved over it) and removes the journal.  Reading takes the Parquet file's rows and
any journal's (a killed run leaves a journal; a game in both is read once).
Continuing a file first journals every earlier row anew (the new journal replaces
the old one only once complete), so the rows survive a kill at any moment.

Files written before these columns (``options`` and ``stats`` as JSON text) are
still read (without ``path``: read as the engine's).  pyarrow is an optional
extra: ``pip install 'roadtrip[lab]'``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from roadtrip.sim.columns import GameColumns
from roadtrip.sim.results import ResultsError, Row, RunScan, batched, file_error
from roadtrip.sim.results_journal import (
    HEADER_KEY,
    JournalWriter,
    game_fields,
    iter_journal_batches,
    journal_path,
    journal_rows,
    pyarrow_modules,
)

__all__ = [
    "ParquetWriter",
    "iter_parquet_rows",
    "journal_path",
    "open_parquet",
    "parquet_batch",
    "parquet_schema",
    "rows_of_batch",
]

BATCH = 10_000  # rows per record batch when a file is read or copied
# Rows per row group at least (whole chunks): fewer, larger groups write faster and
# compress better than a group per chunk of a thousand games.
ROW_GROUP = 100_000
OPTION, STAT = "option_", "stat_"
OLD_JSON_COLUMNS = ("options", "stats")  # files written before the typed columns
REQUIRED = ("game", "seed", "index", "bots", "scores", "returns", "winners", "decisions")


def parquet_schema(header: Row, stat_names: Sequence[str]) -> Any:
    """The columns of a run's Parquet file (see the module's docstring)."""
    pa, _ = pyarrow_modules()
    options = [(OPTION + name, pa.scalar(value).type) for name, value in header["options"].items()]
    return pa.schema(
        [
            ("game", pa.string()),
            ("seed", pa.int64()),
            *([("path", pa.string())] if "path" in header else []),
            *options,
            ("bots", pa.list_(pa.string())),
            *game_fields(pa),
            *[(STAT + name, pa.int64()) for name in sorted(stat_names)],
        ]
    )


def parquet_batch(schema: Any, header: Row, batch: Any) -> Any:
    """A journal batch as the Parquet file's columns: the run's fields repeated, the
    balance counts' map spread into a column per name."""
    pa, _ = pyarrow_modules()
    games = batch.num_rows
    seats = len(header["bots"])
    columns: dict[str, Any] = {
        "game": pa.repeat(pa.scalar(header["game"]), games),
        "seed": pa.repeat(pa.scalar(header["seed"], pa.int64()), games),
        "bots": pa.ListArray.from_arrays(
            pa.array(np.arange(0, (games + 1) * seats, seats, dtype=np.int32)),
            pa.array(header["bots"], pa.string()).take(pa.array(np.tile(np.arange(seats), games))),
        ),
    }
    if "path" in header:
        columns["path"] = pa.repeat(pa.scalar(header["path"]), games)
    for name, value in header["options"].items():
        columns[OPTION + name] = pa.repeat(pa.scalar(value), games)
    for name in batch.schema.names:
        columns[name] = batch.column(name)
    stats = batch.column("stats")
    offsets = stats.offsets.to_numpy()
    keys = stats.keys.to_numpy(zero_copy_only=False)[offsets[0] : offsets[-1]]
    counts = stats.items.to_numpy()[offsets[0] : offsets[-1]]
    rows = np.repeat(np.arange(games), np.diff(offsets))
    for field in schema:
        if field.name.startswith(STAT):
            values = np.zeros(games, dtype=np.int64)
            found = keys == field.name[len(STAT) :]
            values[rows[found]] = counts[found]
            columns[field.name] = pa.array(values)
    return pa.record_batch([columns[field.name] for field in schema], schema=schema)


def combined(pa: ModuleType, batches: list[Any]) -> Any:
    """Record batches of one schema as one (a row group's columns built at once)."""
    return pa.Table.from_batches(batches).combine_chunks().to_batches()[0]


def parquet_writer(path: Path, schema: Any) -> Any:
    """A Parquet writer for a results file: zstd; a dictionary for every column but
    the game index, which is stored as deltas (each is one more than the last but
    where chunks finished out of order)."""
    _, pq = pyarrow_modules()
    return pq.ParquetWriter(
        path,
        schema,
        compression="zstd",
        use_dictionary=[name for name in schema.names if name != "index"],
        column_encoding={"index": "DELTA_BINARY_PACKED"},
    )


def _parquet_file(path: Path) -> Any:
    """The Parquet file at ``path``; None when it is missing or has no footer (a
    killed writer of the format before the journal took every row)."""
    pa, pq = pyarrow_modules()
    if not path.exists():
        return None
    try:
        return pq.ParquetFile(path)
    except (pa.ArrowInvalid, OSError):
        return None


def iter_parquet_rows(path: Path) -> Iterator[Row]:
    """Every row of a Parquet results file (a record batch at a time), then of its
    journal if there is one; a game may come twice (see ``unique_rows``)."""
    parquet = _parquet_file(path)
    journal = journal_path(path)
    if parquet is None and not journal.exists():
        if not path.exists():
            raise ResultsError(f"{path}: no such results file")
        raise ResultsError(f"{path}: not a readable Parquet file and no journal beside it")
    if parquet is not None:
        yield from _checked_batches(path, parquet)
    if journal.exists():
        yield from journal_rows(journal)


def rows_of_batch(batch: Any) -> list[Row]:
    """The rows of a Parquet record batch, typed columns or (older files) JSON text."""
    names = batch.schema.names
    if all(name in names for name in OLD_JSON_COLUMNS):
        rows: list[Row] = batch.to_pylist()
        for row in rows:
            for name in OLD_JSON_COLUMNS:
                row[name] = json.loads(row[name])
        return rows
    missing = [name for name in REQUIRED if name not in names]
    if missing:
        raise ValueError(f"no column {', '.join(missing)}")
    columns = {name: batch.column(name).to_pylist() for name in names}
    options = {name[len(OPTION) :]: columns.pop(name) for name in names if name.startswith(OPTION)}
    stats = {name[len(STAT) :]: columns.pop(name) for name in names if name.startswith(STAT)}
    typed: list[Row] = []
    for at in range(batch.num_rows):
        game = {name: values[at] for name, values in columns.items()}
        game["options"] = {name: values[at] for name, values in options.items()}
        game["stats"] = {name: values[at] for name, values in stats.items() if values[at]}
        typed.append(game)
    return typed


def _checked_batches(path: Path, parquet: Any) -> Iterator[Row]:
    """The rows of a readable Parquet footer's file; data that cannot be decoded (a
    corrupt page, another schema) is a ResultsError naming the file, not a traceback."""
    pa, _ = pyarrow_modules()
    batches = parquet.iter_batches(batch_size=BATCH)
    while True:
        try:
            batch = next(batches, None)
            if batch is None:
                return
            rows = rows_of_batch(batch)
        except (pa.ArrowException, OSError, KeyError, TypeError, ValueError) as exc:
            reason = " ".join(str(exc).split())  # pyarrow's messages run over lines
            raise ResultsError(f"{path}: corrupt or not a results file ({reason})") from None
        yield from rows


class ParquetWriter:
    """A run's games journaled a chunk at a time, streamed into ``path`` on close."""

    def __init__(self, path: Path, journal: JournalWriter) -> None:
        self.path = path
        self.journal = journal

    def write_games(self, games: GameColumns) -> None:
        self.journal.write(games)

    def close(self) -> None:
        """Write the Parquet file from the journal (beside it, then moved over the
        old file, so a kill meanwhile leaves the journal whole), then drop the journal."""
        pa, _ = pyarrow_modules()
        self.journal.close()
        journal = journal_path(self.path)
        partial = self.path.with_name(self.path.name + ".partial")
        header = json.loads(self.journal.schema.metadata[HEADER_KEY])
        schema = parquet_schema(header, sorted(self.journal.stat_names))
        try:
            with parquet_writer(partial, schema) as writer:
                group: list[Any] = []  # journal batches (chunks) gathered into a row group
                for _, batch in iter_journal_batches(journal):
                    group.append(batch)
                    if sum(part.num_rows for part in group) >= ROW_GROUP:
                        writer.write_batch(parquet_batch(schema, header, combined(pa, group)))
                        group = []
                if group:
                    writer.write_batch(parquet_batch(schema, header, combined(pa, group)))
        except OSError as exc:  # a full disk: the journal keeps every game
            raise file_error(self.path, exc, "write") from None
        os.replace(partial, self.path)
        journal.unlink(missing_ok=True)


def open_parquet(
    path: Path, header: Row, games: int, resume: bool
) -> tuple[RunScan, ParquetWriter]:
    """The games already in a Parquet results file (and its journal) and a writer
    that goes on after them (see :func:`roadtrip.sim.recording.open_results`)."""
    pyarrow_modules()
    scan = RunScan(path, header, games)
    journal = journal_path(path)
    if not resume and journal.exists():
        raise ResultsError(f"{journal} holds an unfinished run: --resume continues it")
    fresh = journal.with_name(journal.name + ".new")
    fresh.unlink(missing_ok=True)
    writer = JournalWriter(fresh, header)
    if resume and (path.exists() or journal.exists()):
        rows = (row for row in iter_parquet_rows(path) if scan.add(row))
        for batch in batched(rows, BATCH):
            writer.write(GameColumns.from_rows(batch))
    # The open journal follows the rename: later chunks are appended to it.
    fresh.replace(journal)
    writer.path = journal
    return scan, ParquetWriter(path, writer)
