"""Play many games bot against bot and summarize them, reproducibly.

Game ``i`` of a run draws its chance outcomes from ``Random(f"{seed}:{i}")`` and
gives its bots ``Random(f"{seed}:{i}:bots")``, and gets fresh bots, so its result
depends only on ``(seed, i)``: a run gives the same summary with one worker or many.
With ``workers > 1`` (or on Ray, :mod:`roadtrip.sim.backends`) chunks of games
run elsewhere; every chunk returns a :class:`~roadtrip.sim.stats.Tally` (and, when
the run records raw results, each game's result), and tallies add up exactly in
any order.  A resumed run plays only the indices not yet recorded.

Every seat that may act (``state.active_seats()``) observes the same state and
chooses before any of their actions is applied, so in a shared-roll phase (Road
to 300's competitive mode) nobody sees another seat's choice of that round.  When
one of those actions ends the phase for everyone (in Road Rally only one card can
reveal a rally point), the choices not yet applied are dropped and the seats that
may still act choose again from the new state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from random import Random
from typing import Any, TypeVar

from roadtrip.bots import Bot, make_bot, observe
from roadtrip.core.chance import run_game_key, sample_chance
from roadtrip.core.errors import RoadtripError
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.sim.backends import check_backend, make_backend
from roadtrip.sim.balance import game_stats
from roadtrip.sim.columns import GameColumns
from roadtrip.sim.fast_road_to_300.eligibility import fast_path_supports
from roadtrip.sim.stats import GameResult, PlayedChunk, SimulationSummary, Tally

Progress = Callable[[int], None]
# What a chunk of games returns (a Tally, a list of tournament games, ...).
ChunkResult = TypeVar("ChunkResult")

# Chunks per worker: enough for an even load and a smooth progress bar.
_CHUNKS_PER_WORKER = 8
_MAX_CHUNK = 1000


class SimulationError(RoadtripError, ValueError):
    """A simulation that cannot run as asked (no games, bad seat list, ...)."""


def game_rngs(seed: int, index: int) -> tuple[Random, Random]:
    """The generators of game ``index`` of a run: (chance, bots)."""
    key = run_game_key(seed, index)  # a record of the game names the same key
    return Random(key), Random(f"{key}:bots")


def seat_bot_names(game: Game, bots: Sequence[str] | str) -> tuple[str, ...]:
    """One bot name per seat: a single name (or a one-item list) fills every seat.

    Raises SimulationError for a wrong count and UnknownBot for an unknown name.
    """
    names = [bots] if isinstance(bots, str) else [name.strip() for name in bots]
    seats = game.num_players()
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise SimulationError(
            f"{game.id} with these options has {seats} seat(s); got {len(names)} bots "
            f"({', '.join(names)}): give one bot, or one per seat"
        )
    for name in dict.fromkeys(names):
        make_bot(name, game)  # raises UnknownBot naming the choices
    return tuple(names)


def scores_of(state: State) -> tuple[float, ...]:
    """A finished state's scores in the game's own points (``State.scores()``)."""
    return tuple(float(value) for value in state.scores())


def rounds_of(state: State) -> int | None:
    """The number of rounds played, where the game counts them (``rounds_played()``)."""
    return state.rounds_played()


def ending_of(state: State) -> str | None:
    """Why a finished game ended, where the game says (``ending()``: America's Main
    Street "complete", "six_black", "empty_bag"; The Open Road "destination",
    "max_rounds")."""
    return state.ending()


def still_deciding(state: State, seen: dict[int, list[int]], seat: int) -> bool:
    """Does ``seat`` still face the decision it chose on?  No seat has joined
    those active when it chose (``seen``: their legal actions then), and ``seat``
    is still among them with the same legal actions."""
    active = set(state.active_seats())
    return seat in active and active <= set(seen) and state.legal_actions(seat) == seen[seat]


def play_game(
    game: Game,
    bots: Sequence[Bot],
    chance_rng: Random,
    bot_rng: Random,
    on_chance: Callable[[State, int], None] | None = None,
    on_end: Callable[[State], None] | None = None,
) -> GameResult:
    """Play one game to the end: chance from ``chance_rng``, every decision from the
    seat's bot through its observation.  ``on_chance(state, outcome)``, if given,
    sees every chance node and the outcome drawn there (tests compare draws);
    ``on_end(state)`` the finished game (its record: :mod:`roadtrip.sim.records`)."""
    state = game.new_initial_state()
    limit = game.max_game_length()
    decisions = 0
    while not state.is_terminal():
        if limit is not None and state.move_number() > limit:
            raise SimulationError(f"{game.id} ran past its maximum length of {limit} actions")
        if state.is_chance_node():
            outcome = sample_chance(state, chance_rng)
            if on_chance is not None:
                on_chance(state, outcome)
            state.apply_action(outcome)
            continue
        # Everyone who may act now decides on the same state, then all apply.
        seen = {seat: state.legal_actions(seat) for seat in state.active_seats()}
        chosen = [(seat, bots[seat].choose(observe(state, seat), bot_rng)) for seat in seen]
        for seat, action in chosen:
            if not still_deciding(state, seen, seat):
                break  # an earlier choice ended the phase (a Road Rally reveal): ask again
            state.apply_action(action, seat)  # an illegal choice raises
            decisions += 1
    if on_end is not None:
        on_end(state)
    returns = state.returns()
    return GameResult(
        scores=scores_of(state),
        wins=tuple(value > 0 for value in returns),
        decisions=decisions,
        rounds=rounds_of(state),
        ending=ending_of(state),
        stats=game_stats(state),
        returns=tuple(float(value) for value in returns),
    )


def make_seat_bots(game: Game, bot_names: Sequence[str], think: float | None = None) -> list[Bot]:
    """Fresh bots, one per seat; ``think`` is the seconds per decision of the bots
    that search (None: their own default; the others ignore it)."""
    return [make_bot(name, game, think=think) for name in bot_names]


def play_games(
    game: Game,
    bot_names: Sequence[str],
    seed: int,
    start: int,
    stop: int,
    progress: Progress | None = None,
    think: float | None = None,
) -> Tally:
    """Play games ``start..stop-1`` of a run and tally them (``think``: seconds per
    decision of the bots that search)."""
    tally = Tally(game.num_players())
    for index in range(start, stop):
        bots = make_seat_bots(game, bot_names, think)
        chance_rng, bot_rng = game_rngs(seed, index)
        tally.add(play_game(game, bots, chance_rng, bot_rng))
        if progress is not None:
            progress(1)
    return tally


def play_chunk(
    game_id: str,
    options: dict[str, Any],
    bot_names: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    keep_results: bool = False,
    progress: Progress | None = None,
    think: float | None = None,
) -> PlayedChunk:
    """Play games ``start..stop-1`` of a run (top level, so that a pool or Ray can
    run it anywhere): their tally and, with ``keep_results``, every game's figures.
    ``think``: seconds per decision of the bots that search (None: their default)."""
    game = load_game(game_id, **options)
    tally = Tally(game.num_players())
    results = []
    for index in range(start, stop):
        chance_rng, bot_rng = game_rngs(seed, index)
        result = play_game(game, make_seat_bots(game, bot_names, think), chance_rng, bot_rng)
        tally.add(result)
        if keep_results:
            results.append(result)
        if progress is not None:
            progress(1)
    return PlayedChunk(
        start, stop, tally, GameColumns.from_results(start, results) if keep_results else None
    )


def chunk_bounds(games: int, workers: int) -> list[tuple[int, int]]:
    """Split ``range(games)`` into contiguous chunks for ``workers`` processes."""
    return chunk_ranges(range(games), workers)


def chunk_ranges(indices: Iterable[int], workers: int) -> list[tuple[int, int]]:
    """Split the game indices still to play (ascending, maybe with gaps where a
    resumed run already has games) into contiguous ``(start, stop)`` chunks for
    ``workers`` workers."""
    todo = list(indices)
    size = max(1, min(_MAX_CHUNK, math.ceil(len(todo) / (workers * _CHUNKS_PER_WORKER))))
    bounds: list[tuple[int, int]] = []
    run_start = 0
    for position, index in enumerate(todo):
        last = position + 1 == len(todo) or todo[position + 1] != index + 1
        if last or position + 1 - run_start == size:
            bounds.append((todo[run_start], index + 1))
            run_start = position + 1
    return bounds


def check_counts(games: int, workers: int) -> None:
    """SimulationError unless ``games`` and ``workers`` are whole numbers of at least 1."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be at least 1; got {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"the number of workers must be at least 1; got {workers!r}")


def prepare(
    game_id: str, options: dict[str, Any], bots: Sequence[str] | str, games: int, workers: int
) -> tuple[Game, tuple[str, ...]]:
    """Check a simulation request without playing: the game and a bot per seat.

    Raises UnknownGame, InvalidOption, UnknownBot or SimulationError.
    """
    check_counts(games, workers)
    game = load_game(game_id, **options)
    return game, seat_bot_names(game, bots)


def simulate(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str] | str,
    games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
    engine: bool = False,
    think: float | None = None,
) -> SimulationSummary:
    """Play ``games`` games of ``game_id`` with ``bots`` and summarize them.

    ``bots`` names one bot per seat, or one for every seat.  ``progress``, if
    given, is called with the number of games just finished (an increment), from
    this process.  ``backend`` is ``local`` (``workers`` processes) or ``ray`` (see
    :mod:`roadtrip.sim.backends`); the summary is the same on both.  Road to 300
    with random and greedy bots takes the fast path unless ``engine`` (see
    :func:`simulate_run`).  Raises
    UnknownGame, InvalidOption, UnknownBot, SimulationError or BackendError before
    playing anything if the request is bad.
    """
    return simulate_run(
        game_id,
        options,
        bots,
        games,
        seed,
        workers,
        progress,
        backend=backend,
        address=address,
        engine=engine,
        think=think,
    )[0]


def simulate_run(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str] | str,
    games: int,
    seed: int,
    workers: int = 1,
    progress: Progress | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
    record: Callable[[PlayedChunk], None] | None = None,
    done: Collection[int] = (),
    earlier: Tally | None = None,
    engine: bool = False,
    think: float | None = None,
) -> tuple[SimulationSummary, Tally]:
    """:func:`simulate`, also returning the tally (its histograms feed reports).

    Road to 300 with the random and greedy bots takes the fast path
    (:func:`~roadtrip.sim.fast_road_to_300.eligibility.fast_path_supports`) unless
    ``engine`` is true: the same rules compiled,
    with the fast path's own random streams, so its games differ from the engine
    path's for the same seed (the summary's ``path`` says which ran).

    ``record``, if given, hears every chunk with its games' results as soon as it
    finishes, in this process (it writes the raw results).  ``done`` are the indices
    of games already played (a resumed run: they are not played again) and
    ``earlier`` their tally, which the summary includes.
    """
    check_backend(backend, address)
    game, names = prepare(game_id, options, bots, games, workers)
    todo = [index for index in range(games) if index not in done]
    tally = Tally(game.num_players())
    if earlier is not None:
        tally.merge(earlier)
    job_options = dict(game.options)
    started = time.perf_counter()
    keep = record is not None

    def finished(chunk: PlayedChunk) -> None:
        tally.merge(chunk.tally)
        if record is not None:
            record(chunk)

    fast = not engine and fast_path_supports(game.id, names)
    chunk_job: Callable[..., PlayedChunk] = play_chunk
    if fast:
        # numpy and numba are optional: only a run on the fast path imports them.
        from roadtrip.sim.fast_road_to_300.path import play_fast_chunk

        chunk_job = play_fast_chunk
    used_workers = workers
    if backend == "local" and workers == 1:
        for start, stop in chunk_ranges(todo, 1):
            finished(
                chunk_job(game.id, job_options, names, seed, start, stop, keep, progress, think)
            )
    else:
        runner = make_backend(backend, workers, address)
        try:
            used_workers = runner.workers
            jobs = [
                (game.id, job_options, names, seed, start, stop, keep, None, think)
                for start, stop in chunk_ranges(todo, runner.workers)
            ]

            def each(chunk: PlayedChunk) -> None:
                finished(chunk)
                if progress is not None:
                    progress(chunk.stop - chunk.start)

            runner.run(chunk_job, jobs, each)
        finally:
            runner.close()
    summary = SimulationSummary.from_tally(
        tally,
        game=game.id,
        options=dict(game.options),
        seed=seed,
        bots=names,
        elapsed_s=time.perf_counter() - started,
        workers=used_workers,
        backend=backend,
        path="fast" if fast else "engine",
        # Only this run's games took elapsed_s: a resumed run's earlier games did not.
        played=tally.games - (earlier.games if earlier is not None else 0),
    )
    return summary, tally


def run_in_pool(
    job: Callable[..., ChunkResult],
    jobs: Sequence[tuple[Any, ...]],
    workers: int,
    progress: Progress | None,
    games_in: Callable[[ChunkResult], int],
) -> list[ChunkResult]:
    """Run ``job(*args)`` for every ``args`` of ``jobs`` in a pool of ``workers``
    processes; the results in the order of ``jobs``.  ``progress`` hears
    ``games_in(result)`` as each job finishes; an error cancels what is left."""
    results: list[ChunkResult | None] = [None] * len(jobs)
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures: dict[Future[ChunkResult], int] = {
            pool.submit(job, *args): number for number, args in enumerate(jobs)
        }
        for future in as_completed(futures):
            result = future.result()
            results[futures[future]] = result
            if progress is not None:
                progress(games_in(result))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return [result for result in results if result is not None]
