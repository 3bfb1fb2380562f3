"""``roadtrip simulate``: play many games bot against bot and summarize them.

    roadtrip simulate road-to-300 --bot greedy -n 100000 --seed 1 --workers 2
    roadtrip simulate road-to-300 --players 3 --bots greedy,random,random --json
    roadtrip simulate get-your-kicks --players 3 --bots push-your-luck,threshold,random
    roadtrip simulate road-rally --players 4 --bots heuristic,random,random,random -n 500
    roadtrip simulate road-to-300 --bot greedy -n 1000000 --backend ray --address auto
    roadtrip simulate open-road --players 2 -n 5000 --out runs/or.parquet --report or.html

A Rich progress bar runs on stderr (not with ``--json``), then a table shows each
seat's mean and median score and win rate with its 95% interval, and a footer the
speed, the game length in decisions and rounds, the turns to win a solo game, and
how the games ended where the game says (America's Main Street); then each bot's
results over all its seats, and the game's balance counts where it has a hook in
``roadtrip.sim.balance`` (Road Rally: rally points scored and removed, card colours
played, win rate by starting place; The Open Road: cards and Mother Lode cards played,
actions, bonuses and setbacks, dots ridden).  ``--json`` prints the same summary, and
nothing else, to stdout.  ``--out FILE.jsonl|FILE.parquet`` streams a row per game
to FILE as chunks finish and ``--resume`` continues such a file, playing only the
games it lacks (:mod:`roadtrip.sim.recording`); ``--report FILE.html`` also writes
the run's HTML report with plots (:mod:`roadtrip.sim.report`); ``--save-game I FILE``
writes game ``I`` of the run as a match record that ``roadtrip replay`` verifies by
the run's seed (:func:`roadtrip.sim.recording.run_game_record`).  ``--backend ray``
plays the chunks of games as Ray tasks on the cluster at ``--address`` (or on a
local Ray started for the run, with ``--workers`` CPUs when more than one); the
results are the same as ``local``'s for the same seed (:mod:`roadtrip.sim.backends`).
Road to 300 with the random and greedy bots runs on its compiled fast path
(:mod:`roadtrip.sim.fast_road_to_300`, numba): the same rules with its own random
streams, reproducible for a seed but other games than the engine plays for it;
``--engine`` plays through the rules engine instead (the JSON's ``path`` says which).
A bad request (unknown game, bot or option, fewer than one game, a results file of
another run) prints one red line to stderr and exits 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from roadtrip.cli.exits import command_errors
from roadtrip.cli.run_options import (
    BotOption,
    BotsOption,
    GameArgument,
    PlayersOption,
    ThinkOption,
    stdout_console,
)
from roadtrip.cli.simulate_balance import balance_tables
from roadtrip.cli.simulate_plan import Plan, run_plan
from roadtrip.core.errors import InvalidOption
from roadtrip.core.options import OptionValue, parse_option_texts
from roadtrip.core.registry import game_class
from roadtrip.sim.recording import run_game_record
from roadtrip.sim.report import ResultSet, write_report
from roadtrip.sim.report_plots import figure_class
from roadtrip.sim.results import check_writable
from roadtrip.sim.runner import SimulationError
from roadtrip.sim.stats import SimulationSummary


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``."""
    app.command("simulate", help="Play many games bot against bot and summarize them.")(
        simulate_command
    )


def check_run(games: int, think: float) -> None:
    """The counts every run of games is checked for before it starts."""
    if games < 1:
        raise SimulationError(f"-n must be at least 1; got {games}")
    if not think > 0:
        raise SimulationError(f"--think must be more than 0 seconds; got {think}")


def simulate_command(
    game: GameArgument,
    bot: BotOption = "random",
    bots: BotsOption = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 1,
    workers: Annotated[
        int,
        typer.Option("--workers", "-w", help="Processes (1: in this process); a local Ray's CPUs."),
    ] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A variant option as name=value (repeatable)."),
    ] = None,
    players: PlayersOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON on stdout.")
    ] = False,
    backend: Annotated[
        str, typer.Option("--backend", help="Where games run: local or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Ray cluster address (default: start a local Ray)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Stream one row per game to FILE.jsonl or FILE.parquet."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the --out file: play only its missing games.")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Also write an HTML report with plots to this file."),
    ] = None,
    engine: Annotated[
        bool,
        typer.Option(
            "--engine",
            help="Play through the rules engine even where road-to-300's fast path applies.",
        ),
    ] = False,
    think: ThinkOption = 1.0,
    save_game: Annotated[
        tuple[int, Path] | None,
        typer.Option(
            "--save-game",
            metavar="INDEX FILE",
            help="Also write game INDEX (0 to n-1) of the run as a match record to FILE "
            "(roadtrip replay checks it against the seed; road-to-300: the --engine game).",
        ),
    ] = None,
) -> None:
    """Play GAME many times with bots and print a summary."""
    with command_errors():
        check_run(games, think)
        options = _options(game, option or [], players)
        seat_bots = [name.strip() for name in bots.split(",")] if bots else [bot]
        if save_game is not None and not 0 <= save_game[0] < games:
            raise SimulationError(
                f"--save-game {save_game[0]}: the games of this run are 0 to {games - 1}"
            )
        plan = Plan(
            game,
            options,
            seat_bots,
            games,
            seed,
            workers,
            backend,
            address,
            out,
            resume,
            engine,
            think,
        )
        if report is not None:
            figure_class()  # matplotlib is there, before a long run
            check_writable(report, "the report")
        summary, tally, games_table = run_plan(
            plan, show_progress=not as_json, keep_games=report is not None
        )
        if save_game is not None:
            _save_game(game, options, seat_bots, seed, save_game, think)
        if report is not None:
            write_report([ResultSet(_label(out), summary, tally, games_table)], report)
            Console(stderr=True, highlight=False).print(f"wrote the report {escape(str(report))}")
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
    else:
        stdout_console().print(summary_table(summary))
        stdout_console().print(summary_footer(summary))
        for table in balance_tables(summary):
            stdout_console().print(table)


def _save_game(
    game: str,
    options: dict[str, OptionValue],
    bots: list[str],
    seed: int,
    save_game: tuple[int, Path],
    think: float,
) -> None:
    """Write one game of the run as a match record (played again: it depends only
    on the seed and its index)."""
    index, path = save_game
    record = run_game_record(game, dict(options), bots, seed, index, think)
    try:
        path.write_text(record.to_json(indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise SimulationError(f"cannot save the record to {path}: {exc.strerror or exc}") from None
    Console(stderr=True, highlight=False).print(
        f"wrote game {index} of the run to {escape(str(path))} "
        f"(replay it with: roadtrip replay {escape(str(path))})"
    )


def _label(out: Path | None) -> str:
    """A report's name for the run: its results file's name, if it has one."""
    return out.stem if out is not None else "this run"


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
            str(seat.seat + 1),  # seats are numbered from 1 wherever people read them
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
    played = summary.games if summary.played is None else summary.played
    earlier = (
        f" (and {summary.games - played:,} from the results file)"
        if played != summary.games
        else ""
    )
    lines = [
        f"{played:,} games{earlier} in {summary.elapsed_s:.2f} s: "
        f"{summary.games_per_second:,.0f} games/s "
        f"({summary.workers} worker{'s' if summary.workers != 1 else ''}"
        f"{', on Ray' if summary.backend == 'ray' else ''}"
        f"{', fast path' if summary.path == 'fast' else ''})",
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
