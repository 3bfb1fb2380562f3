"""``roadtrip simulate``: play many games bot against bot and summarize them.

    roadtrip simulate road-to-300 --bot greedy -n 100000 --seed 1 --workers 2
    roadtrip simulate road-to-300 --players 3 --bots greedy,random,random --json
    roadtrip simulate get-your-kicks --players 3 --bots push-your-luck,threshold,random
    roadtrip simulate road-rally --players 4 --bots heuristic,random,random,random -n 500
    roadtrip simulate road-to-300 --bot expert -n 1000 --think 0.2

A Rich progress bar runs on stderr (not with ``--json``), then a table shows each
seat's mean and median score and win rate with its 95% interval, and a footer the
speed, the game length in decisions and rounds, the turns to win a solo game, and
how the games ended where the game says (America's Main Street); then each bot's
results over all its seats, and the game's balance counts where it has a hook in
``roadtrip.sim.balance`` (Road Rally: rally points scored and removed, card colours
played, win rate by starting place; The Open Road: cards and Mother Lode cards played,
actions, bonuses and setbacks, dots ridden).  ``--json`` prints the same summary, and
nothing else, to stdout.  A bad request (unknown game, bot or option, fewer than
one game) prints one red line to stderr and exits 2.  ``--think SECONDS`` (default 1.0)
is the time per decision of the bots that search (those whose factory takes
``seconds``); the others ignore it.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from roadtrip.bots import UnknownBot
from roadtrip.cli.simulate_balance import balance_tables
from roadtrip.core.errors import InvalidOption, RoadtripError
from roadtrip.core.options import OptionValue, parse_option_texts
from roadtrip.core.registry import game_class
from roadtrip.sim.runner import SimulationError, prepare, simulate
from roadtrip.sim.stats import SimulationSummary

USAGE_ERROR = 2
INTERRUPTED = 130


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``."""
    app.command("simulate", help="Play many games bot against bot and summarize them.")(
        simulate_command
    )


def simulate_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. road-to-300.")],
    bot: Annotated[str, typer.Option("--bot", "-b", help="Bot for every seat.")] = "random",
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="One bot per seat, comma-separated (overrides --bot)."),
    ] = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 1,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Processes (1: in this process).")
    ] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A variant option as name=value (repeatable)."),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON on stdout.")
    ] = False,
    think: Annotated[
        float,
        typer.Option("--think", help="Seconds per decision for the bots that search (expert)."),
    ] = 1.0,
) -> None:
    """Play GAME many times with bots and print a summary."""
    try:
        if games < 1:
            raise SimulationError(f"-n must be at least 1; got {games}")
        if not think > 0:
            raise SimulationError(f"--think must be more than 0 seconds; got {think}")
        options = _options(game, option or [], players)
        seat_bots = [name.strip() for name in bots.split(",")] if bots else [bot]
        summary = _run(
            game, options, seat_bots, games, seed, workers, think, show_progress=not as_json
        )
    except (RoadtripError, UnknownBot) as exc:
        _error(str(exc))
        raise typer.Exit(USAGE_ERROR) from None
    except KeyboardInterrupt:
        _error("interrupted")
        raise typer.Exit(INTERRUPTED) from None
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        Console().print(summary_table(summary))
        Console().print(summary_footer(summary))
        for table in balance_tables(summary):
            Console().print(table)


def _error(message: str) -> None:
    """One red line on stderr, as every roadtrip command reports a mistake."""
    Console(stderr=True, highlight=False).print(
        f"[bold red]Error:[/] [red]{escape(message)}[/]", soft_wrap=True
    )


def _options(game: str, texts: list[str], players: int | None) -> dict[str, OptionValue]:
    """Parse ``--option`` texts (and ``--players``) against the game's options."""
    options = parse_option_texts(game, game_class(game).options_spec, texts)
    if players is not None:
        if "players" in options and options["players"] != players:
            raise InvalidOption(
                f"--players {players} and --option players={options['players']} disagree"
            )
        options["players"] = players
    return options


def _run(
    game: str,
    options: dict[str, OptionValue],
    bots: list[str],
    games: int,
    seed: int,
    workers: int,
    think: float,
    *,
    show_progress: bool,
) -> SimulationSummary:
    prepare(game, dict(options), bots, games, workers)  # fail before any progress bar
    if not show_progress:
        return simulate(game, dict(options), bots, games, seed, workers, think=think)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task(f"simulating {game}", total=games)
        return simulate(
            game,
            dict(options),
            bots,
            games,
            seed,
            workers,
            progress=lambda done: progress.advance(task, done),
            think=think,
        )


def summary_table(summary: SimulationSummary) -> Table:
    """Each seat's scores and win rate, as a Rich table."""
    table = Table(
        title=f"{summary.game}: {summary.games:,} games, seed {summary.seed}",
        title_justify="left",
    )
    table.add_column("seat", justify="right")
    table.add_column("bot")
    table.add_column("mean score", justify="right")
    table.add_column("median", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    for seat in summary.seats:
        table.add_row(
            str(seat.seat),
            seat.bot,
            f"{seat.mean_score:.2f}",
            f"{seat.median_score:g}",
            f"{seat.wins:,}",
            f"{seat.win_rate:.2%}",
            f"{seat.win_rate_low:.2%} - {seat.win_rate_high:.2%}",
        )
    return table


def summary_footer(summary: SimulationSummary) -> str:
    """Speed, game length, turns to win a solo game, endings and ties, a line each."""
    rounds = f", {summary.mean_rounds:.2f} rounds" if summary.mean_rounds is not None else ""
    if summary.median_rounds is not None:
        spread = ""
        if summary.rounds_range is not None:
            spread = f", {summary.rounds_range[0]}-{summary.rounds_range[1]}"
        rounds += f" (median {summary.median_rounds:g}{spread})"
    lines = [
        f"{summary.games:,} games in {summary.elapsed_s:.2f} s: "
        f"{summary.games_per_second:,.0f} games/s "
        f"({summary.workers} worker{'s' if summary.workers != 1 else ''})",
        f"mean length: {summary.mean_decisions:.2f} decisions{rounds}",
    ]
    if summary.mean_rounds_to_win is not None and summary.median_rounds_to_win is not None:
        lines.append(
            f"turns to win: mean {summary.mean_rounds_to_win:.2f}, "
            f"median {summary.median_rounds_to_win:g} ({summary.seats[0].wins:,} wins)"
        )
    if summary.endings:
        lines.append(
            "endings: "
            + ", ".join(
                f"{reason} {count:,} ({count / summary.games:.1%})"
                for reason, count in summary.endings.items()
            )
        )
    if len(summary.seats) > 1:
        lines.append(f"ties (shared wins): {summary.ties:,}")
    return "\n".join(lines)
