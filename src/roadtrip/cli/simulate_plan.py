"""How ``roadtrip simulate`` runs what it was asked: a :class:`Plan` (game, bots,
games, seed, backend, results file) checked before anything starts, then played
under a Rich progress bar on stderr (for every backend: in this process it moves a
game at a time, elsewhere a chunk at a time; a resumed run starts at the games its
file already holds).  While it plays, SIGTERM (``kill``) stops it like Ctrl-C, so
a results file is closed properly (a Parquet file gets its footer)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from roadtrip.core.options import OptionValue
from roadtrip.sim.backends import check_backend
from roadtrip.sim.game_table import GameTable, TableBuilder
from roadtrip.sim.recording import iter_rows, simulate_recorded
from roadtrip.sim.results import ResultsError, check_suffix, check_writable
from roadtrip.sim.runner import prepare, simulate_run
from roadtrip.sim.stats import PlayedChunk, SimulationSummary, Tally


@dataclass(frozen=True)
class Plan:
    """A simulation as asked on the command line."""

    game: str
    options: dict[str, OptionValue]
    bots: list[str]
    games: int
    seed: int
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    out: Path | None = None  # the raw results file (--out)
    resume: bool = False  # continue ``out`` (--resume)
    engine: bool = False  # never Road to 300's fast path (--engine)
    think: float | None = None  # seconds per decision of the bots that search (--think)
    makes_folder: bool = False  # out's folder is made before the run (study --out-dir)

    def check(self) -> None:
        """Raise the error of a bad request before anything starts (a bar, Ray)."""
        check_backend(self.backend, self.address)
        if self.resume and self.out is None:
            raise ResultsError("--resume continues the results file of --out: give --out FILE")
        if self.out is not None:
            check_suffix(self.out)
            if not self.makes_folder:
                check_writable(self.out)
        prepare(self.game, dict(self.options), self.bots, self.games, self.workers)

    def run(self, progress: Callable[[int], None] | None) -> tuple[SimulationSummary, Tally]:
        """Play the games (those ``out`` lacks); the summary and tally of the run."""
        summary, tally, _ = self.run_with_games(progress)
        return summary, tally

    def run_with_games(
        self, progress: Callable[[int], None] | None, keep_games: bool = False
    ) -> tuple[SimulationSummary, Tally, GameTable | None]:
        """:meth:`run`, also with every game's figures when ``keep_games`` (for the
        paired tests and the fairness test of a report): read back from ``out``
        (which also holds a resumed run's earlier games), else gathered as chunks
        finish."""
        builder = TableBuilder() if keep_games and self.out is None else None

        def gather(chunk: PlayedChunk) -> None:
            if builder is not None and chunk.games is not None:
                builder.add_columns(chunk.games)

        if self.out is not None:
            summary, tally = simulate_recorded(
                self.game,
                dict(self.options),
                self.bots,
                self.games,
                self.seed,
                self.out,
                resume=self.resume,
                workers=self.workers,
                progress=progress,
                backend=self.backend,
                address=self.address,
                engine=self.engine,
                think=self.think,
            )
            return summary, tally, read_table(self.out) if keep_games else None
        summary, tally = simulate_run(
            self.game,
            dict(self.options),
            self.bots,
            self.games,
            self.seed,
            self.workers,
            progress,
            backend=self.backend,
            address=self.address,
            engine=self.engine,
            think=self.think,
            record=gather if builder is not None else None,
        )
        return summary, tally, builder.build() if builder is not None else None


def read_table(path: Path) -> GameTable:
    """Every game of a results file as a GameTable."""
    builder = TableBuilder()
    for row in iter_rows(path):
        builder.add_row(row)
    return builder.build()


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt (in the main thread; the
    handler is restored after), so clean-up code runs as after Ctrl-C."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_plan(
    plan: Plan, *, show_progress: bool, keep_games: bool = False
) -> tuple[SimulationSummary, Tally, GameTable | None]:
    """Check and run ``plan``, with a progress bar on stderr if ``show_progress``;
    every game's figures too with ``keep_games`` (see :meth:`Plan.run_with_games`)."""
    plan.check()
    with sigterm_as_interrupt():
        return _play(plan, show_progress, keep_games)


def progress_bar() -> Progress:
    """The progress bar of a long run of games (simulate, study, tournament), on
    stderr so that --json output stays clean."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def _play(
    plan: Plan, show_progress: bool, keep_games: bool
) -> tuple[SimulationSummary, Tally, GameTable | None]:
    if not show_progress:
        return plan.run_with_games(None, keep_games)
    progress = progress_bar()
    with progress:
        task = progress.add_task(f"simulating {plan.game} ({plan.backend})", total=plan.games)
        return plan.run_with_games(lambda done: progress.advance(task, done), keep_games)
