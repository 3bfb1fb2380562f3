"""Simulations that stream one row per game to a results file, and continue one.

``simulate_recorded`` is :func:`roadtrip.sim.runner.simulate_run` with a results
file (``.jsonl`` or ``.parquet``, :mod:`roadtrip.sim.results`): every chunk's rows
are written as soon as the chunk finishes, so a stopped run keeps what it played.
With ``resume`` it reads the file, plays only the game indices it lacks, and
summarizes every game of the file and of this run: a run stopped and resumed any
number of times ends with the same rows (in another order) and the same summary as
one run that was never stopped.

``run_game_record`` plays game ``i`` of a run again (it depends only on the run's
seed and ``i``) and gives it as a match record naming its ``run_game``: ``roadtrip
replay`` checks every die and card of it against the seed, as for a played match.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from roadtrip.core.records import MatchRecord
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.sim.fast_road_to_300.eligibility import fast_path_supports
from roadtrip.sim.results import (
    JsonlWriter,
    ResultsError,
    ResultsWriter,
    Row,
    RunScan,
    check_suffix,
    check_writable,
    iter_jsonl,
    unique_rows,
    whole_lines_length,
)
from roadtrip.sim.results_parquet import iter_parquet_rows, open_parquet
from roadtrip.sim.runner import (
    Progress,
    SimulationError,
    game_rngs,
    make_seat_bots,
    play_game,
    prepare,
    seat_bot_names,
    simulate_run,
)
from roadtrip.sim.stats import PlayedChunk, SimulationSummary, Tally


def iter_rows(path: Path) -> Iterator[Row]:
    """Every row of a results file (either format), each game once, a row at a time.

    Raises ResultsError for a missing or unreadable file."""
    if check_suffix(path) == ".parquet":
        return unique_rows(iter_parquet_rows(path))
    if not path.exists():
        raise ResultsError(f"{path}: no such results file")
    return unique_rows(iter_jsonl(path))


def read_rows(path: Path) -> list[Row]:
    """Every row of a results file as a list (small files, tests)."""
    return list(iter_rows(path))


def scan_results(path: Path) -> RunScan:
    """The run a results file holds: its header, game indices and tally."""
    return RunScan(path).add_all(iter_rows(path))


def open_results(
    path: Path, header: Row, games: int, resume: bool
) -> tuple[RunScan, ResultsWriter]:
    """The games already in ``path`` (none for a new file) and a writer to add more.

    Without ``resume`` an existing file is refused; with it the file's rows must be
    of the same run (:class:`~roadtrip.sim.results.RunScan`).  Raises ResultsError."""
    check_writable(path)
    if path.exists() and not resume:
        raise ResultsError(f"{path} exists: --resume continues it, or choose another file")
    if check_suffix(path) == ".parquet":
        return open_parquet(path, header, games, resume)
    scan = RunScan(path, header, games)
    if not path.exists():
        return scan, JsonlWriter(path, header=header)
    scan.add_all(iter_jsonl(path))
    return scan, JsonlWriter(path, keep=whole_lines_length(path), header=header)


def simulate_recorded(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str] | str,
    games: int,
    seed: int,
    out: Path,
    *,
    resume: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
    engine: bool = False,
    think: float | None = None,
) -> tuple[SimulationSummary, Tally]:
    """Play the games of a run that ``out`` lacks, writing a row for each; the
    summary and tally of every game of the run (the file's and this call's).

    ``progress`` first hears the games already in the file (one increment), then
    the games as they finish.  Raises ResultsError for a file that cannot be
    written or continued, and whatever :func:`~roadtrip.sim.runner.prepare` raises.
    """
    game, names = prepare(game_id, options, bots, games, workers)
    full_options = dict(game.options)
    path = "engine" if engine or not fast_path_supports(game.id, names) else "fast"
    header = {
        "game": game.id,
        "seed": seed,
        "options": full_options,
        "bots": list(names),
        "path": path,
    }
    earlier, writer = open_results(out, header, games, resume)
    if earlier.done and progress is not None:
        progress(len(earlier.done))

    def record(chunk: PlayedChunk) -> None:
        if chunk.games is not None:
            writer.write_games(chunk.games)

    try:
        return simulate_run(
            game.id,
            full_options,
            names,
            games,
            seed,
            workers,
            progress,
            backend=backend,
            address=address,
            record=record,
            done=earlier.done,
            earlier=earlier.tally,
            engine=engine,
            think=think,
        )
    finally:
        writer.close()


def run_game_record(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str] | str,
    seed: int,
    index: int,
    think: float | None = None,
) -> MatchRecord:
    """Game ``index`` of a run with ``seed`` (bots as ``simulate`` takes them), played
    through the rules engine, as a match record.  Road to 300's compiled fast path
    plays other games for a seed: this is the game ``--engine`` plays."""
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise SimulationError(f"the games of a run are numbered from 0; got {index!r}")
    game = load_game(game_id, **options)
    names = seat_bot_names(game, bots)
    chance_rng, bot_rng = game_rngs(seed, index)
    finished: list[State] = []
    bots_of_game = make_seat_bots(game, names, think)
    play_game(game, bots_of_game, chance_rng, bot_rng, on_end=finished.append)
    return MatchRecord.of(finished[0], seed, run_game=index, bots=list(names))
