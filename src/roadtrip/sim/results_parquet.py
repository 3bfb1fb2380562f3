"""Raw simulation results as Parquet: a row group per finished chunk, with a journal.

Columns follow :func:`roadtrip.sim.results.game_row`; ``options`` and ``stats``
(whose keys vary by game) are JSON text, every other field a typed column
(``scores`` a list of doubles, ``rounds`` a nullable integer, ...).

A Parquet file is readable only once its footer is written, which a killed
process never does.  So while a run writes ``FILE.parquet`` it also appends the
same rows to ``FILE.parquet.journal`` (JSON Lines, flushed per chunk), and removes
the journal when it closes the Parquet file.  Reading takes the Parquet file's
rows and any journal's (a run killed before its footer leaves an unreadable
Parquet file and a journal holding every chunk it finished); continuing rewrites
both from those rows, a batch at a time, and goes on.  pyarrow is an optional extra:
``pip install 'roadtrip[lab]'``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from roadtrip.sim.results import (
    JsonlWriter,
    ResultsError,
    Row,
    RunScan,
    batched,
    file_error,
    iter_jsonl,
    whole_lines_length,
)

JSON_COLUMNS = ("options", "stats")
BATCH = 10_000  # rows per record batch when a file is read or copied


def pyarrow_modules() -> tuple[ModuleType, ModuleType]:
    """``pyarrow`` and ``pyarrow.parquet``, or a ResultsError saying how to install them."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ResultsError(
            "Parquet results need pyarrow: pip install 'roadtrip[lab]' (or write .jsonl)"
        ) from None
    return pyarrow, pyarrow.parquet


def journal_path(path: Path) -> Path:
    """Where the rows of an unfinished Parquet file are journaled."""
    return path.with_name(path.name + ".journal")


def schema() -> Any:
    """The Parquet schema of a results row."""
    pa, _ = pyarrow_modules()
    return pa.schema(
        [
            ("game", pa.string()),
            ("seed", pa.int64()),
            ("index", pa.int64()),
            ("options", pa.string()),
            ("bots", pa.list_(pa.string())),
            ("scores", pa.list_(pa.float64())),
            ("returns", pa.list_(pa.float64())),
            ("winners", pa.list_(pa.int64())),
            ("decisions", pa.int64()),
            ("rounds", pa.int64()),
            ("ending", pa.string()),
            ("stats", pa.string()),
        ]
    )


def to_table(rows: Sequence[Row]) -> Any:
    """A pyarrow table of rows (the JSON columns as text)."""
    pa, _ = pyarrow_modules()
    columns = {name: [row[name] for row in rows] for name in schema().names}
    for name in JSON_COLUMNS:
        columns[name] = [json.dumps(value, sort_keys=True) for value in columns[name]]
    return pa.Table.from_pydict(columns, schema=schema())


def from_table(table: Any) -> list[Row]:
    """The rows of a table read back (JSON columns decoded)."""
    rows: list[Row] = table.to_pylist()
    for row in rows:
        for name in JSON_COLUMNS:
            row[name] = json.loads(row[name])
    return rows


def _parquet_file(path: Path) -> Any:
    """The Parquet file at ``path``; None when it is missing or has no footer (a
    killed writer)."""
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
        yield from iter_jsonl(journal)


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
            rows = from_table(batch)
        except (pa.ArrowException, OSError, KeyError, TypeError, ValueError) as exc:
            reason = " ".join(str(exc).split())  # pyarrow's messages run over lines
            raise ResultsError(f"{path}: corrupt or not a results file ({reason})") from None
        yield from rows


class ParquetWriter:
    """Writes a row group per chunk to ``path`` and journals the same rows.

    A new writer first copies the journal's rows (a resumed run's earlier games,
    journaled by :func:`open_parquet`) into the Parquet file, a batch at a time."""

    def __init__(self, path: Path) -> None:
        _, pq = pyarrow_modules()
        self.path = path
        self.journal = journal_path(path)
        try:
            self._parquet = pq.ParquetWriter(path, schema())
        except OSError as exc:
            raise file_error(path, exc, "write") from None
        for batch in batched(iter_jsonl(self.journal), BATCH):
            self._parquet.write_table(to_table(batch))
        self._journal = JsonlWriter(self.journal, keep=whole_lines_length(self.journal))

    def write(self, rows: Sequence[Row]) -> None:
        if not rows:
            return
        self._journal.write(rows)
        try:
            self._parquet.write_table(to_table(rows))
        except OSError as exc:  # a full disk: the journal keeps what was played
            raise file_error(self.path, exc, "write") from None

    def close(self) -> None:
        self._parquet.close()
        self._journal.close()
        self.journal.unlink(missing_ok=True)


def open_parquet(
    path: Path, header: Row, games: int, resume: bool
) -> tuple[RunScan, ParquetWriter]:
    """The games already in a Parquet results file (and its journal) and a writer
    that goes on after them (see :func:`roadtrip.sim.recording.open_results`).

    Continuing a file first journals every earlier row anew (a new journal replaces
    the old one only once complete), so the rows survive a kill while the Parquet
    file is rewritten."""
    pyarrow_modules()
    scan = RunScan(path, header, games)
    journal = journal_path(path)
    if not resume and journal.exists():
        raise ResultsError(f"{journal} holds an unfinished run: --resume continues it")
    fresh = journal.with_name(journal.name + ".new")
    fresh.unlink(missing_ok=True)
    writer = JsonlWriter(fresh)
    if resume and (path.exists() or journal.exists()):
        rows = (row for row in iter_parquet_rows(path) if scan.add(row))
        for batch in batched(rows, BATCH):
            writer.write(batch)
    writer.close()
    fresh.replace(journal)
    return scan, ParquetWriter(path)
