"""The journal of a Parquet results file being written: Arrow record batches, flushed.

A Parquet file is readable only once its footer is written, which a killed process
never does.  So while a run writes ``FILE.parquet`` its games go, a finished chunk at
a time, to ``FILE.parquet.journal``: an Arrow IPC stream, one record batch per chunk
built straight from the chunk's arrays (:class:`~roadtrip.sim.columns.GameColumns`)
and flushed, so a killed run keeps every chunk it finished (a batch cut short is
dropped when read).  The run's fixed fields (game, seed, options, bots) are in the
stream's schema metadata, not repeated in every row; the game's balance counts, whose
names vary by game, are a map column here and become a column each in the Parquet
file (:mod:`roadtrip.sim.results_parquet`), where every name the run met is known.

Journals written before this module (JSON Lines, a row per line) are still read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from roadtrip.sim.columns import NO_ROUNDS, GameColumns, Row
from roadtrip.sim.results import ResultsError, file_error, iter_jsonl

HEADER_KEY = b"roadtrip.run"  # schema metadata: the run's game, seed, options, bots


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
    """Where the games of an unfinished Parquet file are journaled."""
    return path.with_name(path.name + ".journal")


def game_fields(pa: ModuleType) -> list[tuple[str, Any]]:
    """The per-game columns, in the journal and in the Parquet file alike."""
    return [
        ("index", pa.int64()),
        ("scores", pa.list_(pa.float64())),
        ("returns", pa.list_(pa.float64())),
        ("winners", pa.list_(pa.int64())),
        ("decisions", pa.int64()),
        ("rounds", pa.int64()),
        ("ending", pa.string()),
    ]


def journal_schema(header: Row) -> Any:
    pa, _ = pyarrow_modules()
    fields = [*game_fields(pa), ("stats", pa.map_(pa.string(), pa.int64()))]
    return pa.schema(fields, metadata={HEADER_KEY: json.dumps(header)})


def per_seat(pa: ModuleType, values: np.ndarray[Any, Any]) -> Any:
    """A list column of a (games, seats) array: each game's values, one per seat."""
    games, seats = values.shape
    offsets = np.arange(0, (games + 1) * seats, seats, dtype=np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values.ravel()))


def game_arrays(pa: ModuleType, games: GameColumns) -> list[Any]:
    """The per-game columns of :func:`game_fields` from a chunk's arrays."""
    wins = games.wins
    offsets = np.concatenate([[0], np.cumsum(wins.sum(axis=1))]).astype(np.int32)
    winners = np.nonzero(wins)[1].astype(np.int64)  # row-major: each game's seats in order
    names = pa.array(games.ending_names, pa.string())
    codes = pa.array(games.ending_codes, mask=games.ending_codes < 0)
    return [
        pa.array(games.index),
        per_seat(pa, games.scores),
        per_seat(pa, games.returns),
        pa.ListArray.from_arrays(pa.array(offsets), pa.array(winners)),
        pa.array(games.decisions),
        pa.array(games.rounds, mask=games.rounds == NO_ROUNDS),
        names.take(codes) if len(names) else pa.nulls(games.games, pa.string()),
    ]


def stats_map(pa: ModuleType, games: GameColumns) -> Any:
    """The balance counts that are not 0, a map per game."""
    names = sorted(games.stats)
    if not names:
        offsets = np.zeros(games.games + 1, dtype=np.int32)
        return pa.MapArray.from_arrays(
            pa.array(offsets), pa.array([], pa.string()), pa.array([], pa.int64())
        )
    counts = np.stack([games.stats[name] for name in names], axis=1)
    counted = counts != 0
    offsets = np.concatenate([[0], np.cumsum(counted.sum(axis=1))]).astype(np.int32)
    keys = np.broadcast_to(np.array(names, dtype=object), counts.shape)[counted]
    return pa.MapArray.from_arrays(
        pa.array(offsets), pa.array(keys, pa.string()), pa.array(counts[counted])
    )


def journal_batch(schema: Any, games: GameColumns) -> Any:
    """A chunk's games as one record batch of ``schema`` (:func:`journal_schema`)."""
    pa, _ = pyarrow_modules()
    return pa.record_batch([*game_arrays(pa, games), stats_map(pa, games)], schema=schema)


class JournalWriter:
    """Appends each chunk's games to a new journal as a record batch, flushed.

    ``stat_names`` gathers every balance count name written (the Parquet file gets
    a column for each)."""

    def __init__(self, path: Path, header: Row) -> None:
        pa, _ = pyarrow_modules()
        self.path = path
        self.schema = journal_schema(header)
        self.stat_names: set[str] = set()
        try:
            self._file = path.open("xb")
        except OSError as exc:
            raise file_error(path, exc, "write") from None
        self._stream = pa.ipc.new_stream(self._file, self.schema)

    def write(self, games: GameColumns) -> None:
        if games.games == 0:
            return
        self.stat_names.update(name for name, values in games.stats.items() if values.any())
        batch = journal_batch(self.schema, games)
        try:
            self._stream.write_batch(batch)
            self._file.flush()
        except OSError as exc:  # a full disk, a removed folder
            raise file_error(self.path, exc, "write") from None

    def close(self) -> None:
        self._stream.close()
        self._file.close()


def iter_journal_batches(path: Path) -> Iterator[tuple[Row, Any]]:
    """The run header and each record batch of an Arrow journal; a batch cut short
    by a killed writer ends it."""
    pa, _ = pyarrow_modules()
    try:
        reader = pa.ipc.open_stream(pa.OSFile(str(path)))
    except (pa.ArrowInvalid, OSError) as exc:
        raise ResultsError(f"{path}: not a results journal ({exc})") from None
    metadata = reader.schema.metadata or {}
    if HEADER_KEY not in metadata:
        raise ResultsError(f"{path}: not a results journal (no run header)")
    header = json.loads(metadata[HEADER_KEY])
    while True:
        try:
            batch = reader.read_next_batch()
        except StopIteration:
            return
        except (pa.ArrowInvalid, OSError):
            return  # the last batch, cut short by a kill
        yield header, batch


def is_arrow_journal(path: Path) -> bool:
    """Arrow IPC streams start with a continuation marker; old journals with '{'."""
    with path.open("rb") as file:
        return file.read(4) == b"\xff\xff\xff\xff"


def journal_rows(path: Path) -> Iterator[Row]:
    """Every row of a journal, Arrow or (older) JSON Lines."""
    if not is_arrow_journal(path):
        yield from iter_jsonl(path)
        return
    for header, batch in iter_journal_batches(path):
        yield from batch_rows(batch, header)


def batch_rows(batch: Any, header: Row) -> list[Row]:
    """A journal batch's rows, with the run's fields from ``header``."""
    columns = {name: batch.column(name).to_pylist() for name in batch.schema.names}
    stats = [dict(pairs) for pairs in columns.pop("stats")]
    return [
        {
            **header,
            "options": dict(header["options"]),
            "bots": list(header["bots"]),
            **{name: values[row] for name, values in columns.items()},
            "stats": stats[row],
        }
        for row in range(batch.num_rows)
    ]
