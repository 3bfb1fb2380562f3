"""``roadtrip tournament``: a round robin of bots, with win rates and ratings.

    roadtrip tournament road-to-300 --players 2 --bots greedy,random -n 200 --workers 1
    roadtrip tournament get-your-kicks --players 2 --bots push-your-luck,threshold,random
    roadtrip tournament road-rally --players 4 --bots heuristic,random -n 40 --json
    roadtrip tournament get-your-kicks --bots push-your-luck,threshold    # solo

Every pairing of the bots (every combination of as many bots as there are seats;
with fewer bots than seats, every combination with repeats that seats them all)
plays ``-n`` games, rounded up to a multiple of the seats: each deal of dice and
cards once in every rotation of the seats, and the same deals in every pairing
(see :mod:`roadtrip.sim.tournament`).  A Rich progress bar runs on stderr (not with
``--json``), then a table gives each bot's games, wins (shared wins as fractions),
win rate with its 95% interval, mean score and openskill rating (mu, sigma and the
conservative ordinal mu - 3 sigma), and a second table the head-to-head rates.  A
solo game has no opponents: each bot's own figures, no ratings or head-to-head.
``--json`` prints the same, and nothing else, to stdout.  A bad request (an
unknown game, bot or option, a single bot) prints one red line and exits 2.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from roadtrip.cli.exits import command_errors
from roadtrip.cli.run_options import GameArgument, PlayersOption, stdout_console
from roadtrip.cli.simulate import _options
from roadtrip.cli.simulate_plan import progress_bar
from roadtrip.core.options import OptionValue
from roadtrip.sim.standings import RATING_MODEL, TournamentSummary
from roadtrip.sim.tournament import deals_for, prepare_tournament, schedule, tournament


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to ``app``."""
    app.command("tournament", help="A round robin of bots: win rates, head-to-head and ratings.")(
        tournament_command
    )


def tournament_command(
    game: GameArgument,
    bots: Annotated[
        str,
        typer.Option("--bots", help="The bots, comma-separated (at least two, each once)."),
    ],
    games: Annotated[
        int,
        typer.Option(
            "-n", "--games", help="Games per pairing (rounded up to a multiple of the seats)."
        ),
    ] = 200,
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole tournament.")] = 1,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="Processes (1: in this process).")
    ] = 1,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A variant option as name=value (repeatable)."),
    ] = None,
    think: Annotated[
        float | None,
        typer.Option(
            "--think",
            help="About this many seconds per decision for the bots that think "
            "(default: their own), turned into units of work (playouts, iterations): "
            "the same results at any load.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as JSON on stdout.")
    ] = False,
) -> None:
    """Play a round robin of bots at GAME and rank them."""
    with command_errors():
        options = _options(game, option or [], players)
        names = [name.strip() for name in bots.split(",")]
        summary = _run(game, options, names, games, seed, workers, think, not as_json)
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=2))
        return
    console = stdout_console()
    console.print(standings_table(summary))
    if summary.solo:
        console.print(
            "Solo game: each bot played alone on the same deals; no ratings or head-to-head."
        )
    else:
        console.print(head_to_head_table(summary))
        console.print(f"Ratings: {RATING_MODEL}, games in schedule order.")
    console.print(footer(summary))


def _run(
    game: str,
    options: dict[str, OptionValue],
    bots: list[str],
    games: int,
    seed: int,
    workers: int,
    think: float | None,
    show_progress: bool,
) -> TournamentSummary:
    checked, names = prepare_tournament(game, dict(options), bots, games, workers, think)
    if not show_progress:
        return tournament(game, dict(options), names, games, seed, workers, think)
    seats = checked.num_players()
    total = len(schedule(names, seats, deals_for(games, seats)))
    progress = progress_bar()
    with progress:
        task = progress.add_task(f"tournament {game}", total=total)
        return tournament(
            game,
            dict(options),
            names,
            games,
            seed,
            workers,
            think,
            progress=lambda done: progress.advance(task, done),
        )


def standings_table(summary: TournamentSummary) -> Table:
    """Each bot's games, wins, win rate (%) with its 95% interval, mean score and
    rating, best first."""
    count = len(summary.pairings)
    if summary.solo:
        who = f"solo: {count} bots alone"
    else:
        who = f"{summary.seats} seats: {count} pairing{'s' if count != 1 else ''}"
    table = Table(
        title=(
            f"{escape(summary.game)} tournament ({who}) x {summary.games_per_pairing:,} "
            f"games, seed {summary.seed}"
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
        caption="wins: shared wins count a share; score: mean score"
        + ("" if summary.solo else "; ordinal: mu - 3 sigma"),
        caption_justify="left",
    )
    table.add_column("bot", no_wrap=True)
    headers = ["games", "wins", "win %", "95% CI", "score"]
    if not summary.solo:
        headers += ["mu", "sigma", "ordinal"]
    for header in headers:
        table.add_column(header, justify="right", no_wrap=True)
    for standing in summary.standings:
        row = [
            escape(standing.bot),
            f"{standing.games:,}",
            f"{standing.wins:,.4g}",
            f"{100 * standing.win_rate:.1f}",
            f"{100 * standing.win_rate_low:.1f}-{100 * standing.win_rate_high:.1f}",
            f"{standing.mean_score:.1f}",
        ]
        if standing.rating is not None:
            rating = standing.rating
            row += [f"{rating.mu:.1f}", f"{rating.sigma:.2f}", f"{rating.ordinal:.1f}"]
        table.add_row(*row)
    return table


def head_to_head_table(summary: TournamentSummary) -> Table:
    """How often the row's bot finished ahead of the column's, in their games."""
    matrix = summary.head_to_head_matrix()
    table = Table(
        title="Head to head: % of games the row's bot finished ahead of the column's",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("bot", no_wrap=True)
    for name in matrix["bots"]:
        table.add_column(escape(name), justify="right")
    for name, rates in zip(matrix["bots"], matrix["rate"], strict=True):
        table.add_row(
            escape(name), *("-" if rate is None else f"{100 * rate:.1f}" for rate in rates)
        )
    return table


def footer(summary: TournamentSummary) -> str:
    """The number of games and deals, the speed, and the think budget."""
    speed = summary.games / summary.elapsed_s if summary.elapsed_s > 0 else 0.0
    think = "" if summary.think is None else f", {summary.think:g} s per decision"
    workers = f"{summary.workers} worker{'s' if summary.workers != 1 else ''}"
    return (
        f"{summary.games:,} games ({summary.deals:,} deals, the same in every pairing) "
        f"in {summary.elapsed_s:.2f} s: {speed:,.0f} games/s ({workers}{think})"
    )
