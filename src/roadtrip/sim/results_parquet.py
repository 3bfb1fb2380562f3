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
both from those rows and goes on.  pyarrow is an optional extra:
``pip install 'roadtrip[lab]'``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from roadtrip.sim.results import (
    JsonlWriter,
    ResultsError,
    Row,
    check_run,
    read_jsonl,
    unique_rows,
)

JSON_COLUMNS = ("options", "stats")


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


def _parquet_rows(path: Path) -> list[Row] | None:
    """The rows of a Parquet file; None when it has no footer (a killed writer)."""
    pa, pq = pyarrow_modules()
    try:
        return from_table(pq.read_table(path))
    except (pa.ArrowInvalid, OSError):
        return None


def read_parquet_rows(path: Path) -> list[Row]:
    """Every row of a Parquet results file and of its journal, each game once."""
    rows = _parquet_rows(path) if path.exists() else []
    journal = journal_path(path)
    if rows is None and not journal.exists():
        raise ResultsError(f"{path}: not a readable Parquet file and no journal beside it")
    if journal.exists():
        rows = (rows or []) + read_jsonl(journal)[0]
    return unique_rows(rows or [], path)


class ParquetWriter:
    """Writes a row group per chunk to ``path`` and journals the same rows; the
    rows of a resumed run (``earlier``) go first, into both."""

    def __init__(self, path: Path, earlier: Sequence[Row]) -> None:
        _, pq = pyarrow_modules()
        self.path = path
        self.journal = journal_path(path)
        fresh = self.journal.with_name(self.journal.name + ".new")
        fresh.unlink(missing_ok=True)
        writer = JsonlWriter(fresh)
        writer.write(earlier)
        writer.close()
        fresh.replace(self.journal)  # every earlier row is journaled before the rewrite
        self._journal = JsonlWriter(self.journal, keep=self.journal.stat().st_size)
        self._parquet = pq.ParquetWriter(path, schema())
        if earlier:
            self._parquet.write_table(to_table(earlier))

    def write(self, rows: Sequence[Row]) -> None:
        if not rows:
            return
        self._journal.write(rows)
        self._parquet.write_table(to_table(rows))

    def close(self) -> None:
        self._parquet.close()
        self._journal.close()
        self.journal.unlink(missing_ok=True)


def open_parquet(
    path: Path, header: Row, games: int, resume: bool
) -> tuple[list[Row], ParquetWriter]:
    """The rows already in a Parquet results file (and its journal) and a writer
    that goes on after them (see :func:`roadtrip.sim.recording.open_results`)."""
    pyarrow_modules()
    rows: list[Row] = []
    if resume and (path.exists() or journal_path(path).exists()):
        rows = read_parquet_rows(path)
        check_run(path, rows, header, games)
    elif journal_path(path).exists():
        raise ResultsError(f"{journal_path(path)} holds an unfinished run: --resume continues it")
    return rows, ParquetWriter(path, rows)
