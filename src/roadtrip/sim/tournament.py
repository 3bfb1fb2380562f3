"""Round-robin tournaments of bots: who plays whom, on which seat, with which dice.

A tournament of bots ``a, b, c, ...`` at a game with ``P`` seats plays every
*pairing*: each combination of ``P`` different bots from the list (every pair for
two seats).  With fewer bots than seats every bot could not sit at every table
alone, so the pairings are then the combinations *with repeats* in which every bot
of the list takes at least one seat (two bots at four seats: ``a a a b``,
``a a b b``, ``a b b b``).  A solo game (one seat) has one "pairing" per bot: each
bot plays alone and there is no head-to-head.

Each pairing is played in every *rotation* of its seats (``a b c``, ``b c a``,
``c a b``), so each bot plays every seat equally often.  Games come in *deals*:
deal ``d`` is played once in every rotation of every pairing, with the chance
generator and bot generator of game ``d`` of a simulation run
(:func:`roadtrip.sim.runner.game_rngs`), so every pairing and rotation faces the
same dice, bag draws and shuffles for as long as the game's chance nodes agree:
pairings are compared on the same luck, like duplicate bridge.  A game depends only
on ``(seed, deal, seating)``; results are put back in schedule order before they are
counted and rated, so a tournament gives the same result with one worker or many
(``think`` is turned into units of work by each bot's calibration, so thinking
bots do not depend on the machine's speed or load either).

The figures are computed by :mod:`roadtrip.sim.standings`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from roadtrip.bots import make_bot
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.sim.runner import (
    Progress,
    SimulationError,
    check_counts,
    chunk_bounds,
    game_rngs,
    make_seat_bots,
    play_game,
    run_in_pool,
)
from roadtrip.sim.standings import PlayedGame, TournamentSummary, summarize


class TournamentError(SimulationError):
    """A tournament that cannot run as asked (too few bots, a bot named twice, ...)."""


def pairings(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The line-ups of a round robin of ``bots`` at ``seats`` seats, in list order.

    Every combination of ``seats`` different bots; with fewer bots than seats, every
    combination with repeats that seats each bot at least once; solo, each bot alone.
    """
    if seats >= len(bots):
        return [
            combo for combo in combinations_with_replacement(bots, seats) if set(combo) == set(bots)
        ]
    return list(combinations(bots, seats))


def rotations(lineup: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The seatings of a line-up: each cyclic rotation, so each bot takes every seat."""
    return [lineup[shift:] + lineup[:shift] for shift in range(len(lineup))]


@dataclass(frozen=True)
class ScheduledGame:
    """One game of a tournament: its place in the schedule, its deal (the chance
    seed's index), its pairing and rotation, and the bot on each seat."""

    index: int
    deal: int
    pairing: int
    rotation: int
    seating: tuple[str, ...]


def schedule(bots: Sequence[str], seats: int, deals: int) -> list[ScheduledGame]:
    """Every game of a tournament, deal by deal: deal 0 in every pairing and rotation,
    then deal 1, ... (so that ratings, updated in this order, see all pairings
    throughout)."""
    lineups = pairings(bots, seats)
    games: list[ScheduledGame] = []
    for deal in range(deals):
        for number, lineup in enumerate(lineups):
            for shift, seating in enumerate(rotations(lineup)):
                games.append(ScheduledGame(len(games), deal, number, shift, seating))
    return games


def deals_for(games_per_pairing: int, seats: int) -> int:
    """Deals needed for at least ``games_per_pairing`` games in each pairing (a
    pairing plays each deal once per rotation: ``seats`` games)."""
    return math.ceil(games_per_pairing / seats)


def play_scheduled(
    game: Game,
    planned: ScheduledGame,
    seed: int,
    think: float | None = None,
    on_chance: Callable[[State, int], None] | None = None,
) -> PlayedGame:
    """Play one scheduled game with fresh bots: the deal's chance and bot generators
    (``on_chance`` sees every chance draw, as in :func:`~roadtrip.sim.runner.play_game`)."""
    chance_rng, bot_rng = game_rngs(seed, planned.deal)
    bots = make_seat_bots(game, planned.seating, think)
    result = play_game(game, bots, chance_rng, bot_rng, on_chance)
    return PlayedGame(planned.index, planned.seating, result.returns, result.scores)


def play_schedule(
    game: Game,
    planned: Sequence[ScheduledGame],
    seed: int,
    think: float | None = None,
    progress: Progress | None = None,
) -> list[PlayedGame]:
    """Play scheduled games one after another in this process."""
    played = []
    for one in planned:
        played.append(play_scheduled(game, one, seed, think))
        if progress is not None:
            progress(1)
    return played


def _play_chunk(
    game_id: str,
    options: dict[str, Any],
    planned: list[ScheduledGame],
    seed: int,
    think: float | None,
) -> list[PlayedGame]:
    """A pool worker's job (top level, so that it pickles)."""
    return play_schedule(load_game(game_id, **options), planned, seed, think)


def check_bots(game: Game, bots: Sequence[str], think: float | None = None) -> tuple[str, ...]:
    """The tournament's bot names, checked: at least two, none twice, each known.

    Raises TournamentError or UnknownBot (naming the choices).
    """
    names = tuple(name.strip() for name in bots)
    if any(not name for name in names):
        raise TournamentError(f"an empty bot name in --bots {','.join(names)!r}")
    if len(names) < 2:
        raise TournamentError(
            f"a tournament needs at least two bots; got {len(names)} ({', '.join(names)}): "
            "give a comma-separated list such as --bots greedy,random"
        )
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise TournamentError(f"each bot once, please: {', '.join(twice)} named twice")
    for name in names:
        make_bot(name, game, think=think)  # raises UnknownBot naming the choices
    return names


def prepare_tournament(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str],
    games_per_pairing: int,
    workers: int,
    think: float | None = None,
) -> tuple[Game, tuple[str, ...]]:
    """Check a tournament request without playing: the game and the bot names.

    Raises UnknownGame, InvalidOption, UnknownBot, SimulationError or TournamentError.
    """
    check_counts(games_per_pairing, workers)
    if think is not None and not (isinstance(think, int | float) and math.isfinite(think)):
        raise TournamentError(f"--think must be a number of seconds; got {think!r}")
    if think is not None and think <= 0:
        raise TournamentError(f"--think must be more than 0 seconds; got {think}")
    game = load_game(game_id, **options)
    return game, check_bots(game, bots, think)


def tournament(
    game_id: str,
    options: dict[str, Any],
    bots: Sequence[str],
    games_per_pairing: int,
    seed: int,
    workers: int = 1,
    think: float | None = None,
    progress: Progress | None = None,
) -> TournamentSummary:
    """Play a round robin of ``bots`` at ``game_id`` and summarize it.

    ``games_per_pairing`` is rounded up to a whole number of rotations (a multiple
    of the seats).  ``progress``, if given, hears the number of games just finished.
    Raises before playing anything if the request is bad (see
    :func:`prepare_tournament`).
    """
    game, names = prepare_tournament(game_id, options, bots, games_per_pairing, workers, think)
    seats = game.num_players()
    deals = deals_for(games_per_pairing, seats)
    planned = schedule(names, seats, deals)
    started = time.perf_counter()
    if workers == 1:
        played = play_schedule(game, planned, seed, think, progress)
    else:
        jobs = [
            (game.id, dict(game.options), planned[start:stop], seed, think)
            for start, stop in chunk_bounds(len(planned), workers)
        ]
        parts = run_in_pool(_play_chunk, jobs, workers, progress, len)
        played = [one for part in parts for one in part]
    return summarize(
        played,
        game=game.id,
        options=dict(game.options),
        seed=seed,
        seats=seats,
        bots=names,
        lineups=pairings(names, seats),
        deals=deals,
        think=think,
        workers=workers,
        elapsed_s=time.perf_counter() - started,
    )
