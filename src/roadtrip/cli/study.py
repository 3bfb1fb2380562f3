"""``roadtrip study``: compare a variant option's values over the same games.

    roadtrip study road-rally --option start_fix=none,off_start,off_start_other \\
        --players 4 --bot heuristic -n 2500 --seed 1 -w 2 -o start.html --out-dir runs
    roadtrip study open-road --option ending=first_arrival,finish_round --players 2 \\
        --bot heuristic -n 2000 -o ending.html
    roadtrip study road-to-300 --option no_cross=false,true --bot greedy -n 20000 --json

One ``--option`` lists several values (the first is the baseline), the others fix
one value each (:mod:`roadtrip.sim.study`).  Every value is one run of ``roadtrip
simulate`` with the same seed, so the runs play the same games' draws and differ
only by the option; ``--out-dir DIR`` streams each run's games to
``DIR/<game>-<option>-<value>.jsonl`` (``--resume`` continues those files).  Then
the report (``-o``, default ``study.html``) compares every value with the first:
figures side by side with 95% intervals and significance tests, in words
(:mod:`roadtrip.sim.report`).  The terminal shows a short table (each seat's win
rate, Road Rally's win rate by place in the starting row, the length); ``--json``
prints the runs' summaries instead.  A bad request (unknown game, option, value or
bot) prints one red line to stderr and exits 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from roadtrip.cli.exits import command_errors
from roadtrip.cli.run_options import (
    BotOption,
    BotsOption,
    PlayersOption,
    ThinkOption,
    stdout_console,
)
from roadtrip.cli.simulate import check_run
from roadtrip.cli.simulate_plan import Plan, run_plan
from roadtrip.core.registry import game_class
from roadtrip.sim.recording import scan_results
from roadtrip.sim.report import ResultSet, write_report
from roadtrip.sim.report_plots import figure_class
from roadtrip.sim.results import ResultsError, check_writable
from roadtrip.sim.study import (
    Study,
    parse_study,
    shown,
    study_columns,
    study_rows,
    widest_interval,
)


def register(app: typer.Typer) -> None:
    """Add the ``study`` command to ``app``."""
    app.command(
        "study", help="Compare an option's values over the same games: a report and a table."
    )(study_command)


def study_command(
    game: Annotated[str, typer.Argument(help="Game id, e.g. road-rally.")],
    option: Annotated[
        list[str],
        typer.Option("--option", help="name=v1,v2,... (the option studied) or name=value (fixed)."),
    ],
    bot: BotOption = "random",
    bots: BotsOption = None,
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Games per value.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every run.")] = 1,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes per run.")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local or ray.")] = "local",
    address: Annotated[
        str | None, typer.Option("--address", help="Ray cluster address (with --backend ray).")
    ] = None,
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The HTML report to write.")
    ] = Path("study.html"),
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out-dir", help="Keep each run's games in DIR/<game>-<option>-<value>.jsonl."
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the --out-dir files: play only missing games."),
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the runs' summaries as JSON on stdout.")
    ] = False,
    think: ThinkOption = 1.0,
) -> None:
    """Run GAME once per value of the studied option (same seeds) and compare them."""
    with command_errors():
        check_run(games, think)
        study = parse_study(game, game_class(game).options_spec, option, players)
        seat_bots = [name.strip() for name in bots.split(",")] if bots else [bot]
        plans = [
            Plan(
                game,
                study.options_for(value),
                seat_bots,
                games,
                seed,
                workers,
                backend,
                address,
                out_dir / study.file_name(value) if out_dir is not None else None,
                resume,
                think=think,
                makes_folder=True,
            )
            for value in study.values
        ]
        for plan in plans:
            plan.check()  # every run's mistakes before the first game
        figure_class()  # matplotlib is there, before a long study
        check_writable(output, "the report")
        if out_dir is not None:
            if out_dir.exists() and not out_dir.is_dir():
                raise ResultsError(f"--out-dir {out_dir} is a file, not a folder")
            out_dir.mkdir(parents=True, exist_ok=True)
            for plan in plans:
                if plan.out is not None:
                    check_writable(plan.out)
                    if resume and plan.out.exists():
                        scan_results(plan.out)  # a broken file stops the study before a game
        runs = []
        for value, plan in zip(study.values, plans, strict=True):
            if not as_json:
                _note(f"{study.label(value)}: {games:,} games")
            summary, tally, table = run_plan(plan, show_progress=not as_json, keep_games=True)
            runs.append(ResultSet(study.label(value), summary, tally, table))
        title = f"{game}: {study.option} = {', '.join(shown(v) for v in study.values)}"
        write_report(runs, output, title)
    if as_json:
        typer.echo(json.dumps(study_json(study, runs, output), indent=2))
    else:
        stdout_console().print(study_table(study, runs))
        _note(f"wrote the report {output}")


def study_json(study: Study, runs: list[ResultSet], output: Path) -> dict[str, Any]:
    """The study as JSON: the option, its values, each run's summary, the report."""
    return {
        "game": study.game,
        "option": study.option,
        "values": list(study.values),
        "fixed": study.fixed,
        "runs": [
            {"value": value, "label": run.label, "summary": run.summary.to_dict()}
            for value, run in zip(study.values, runs, strict=True)
        ],
        "report": str(output),
    }


def study_table(study: Study, runs: list[ResultSet]) -> Table:
    """A row per value: seats' win rates, the study groups' rates, the length."""
    summaries = [run.summary for run in runs]
    first = summaries[0]
    table = Table(
        title=f"{study.game}: {study.option}, {first.games:,} games per value, seed "
        f"{first.seed}; win rates (shared wins count) within ±"
        f"{widest_interval(summaries):.1f} points at 95%",
        title_justify="left",
    )
    table.add_column("value", no_wrap=True)
    for column in study_columns(summaries):
        table.add_column(column, justify="right")
    for row in study_rows([shown(value) for value in study.values], summaries):
        table.add_row(*row)
    return table


def _note(message: str) -> None:
    Console(stderr=True, highlight=False).print(escape(message))
