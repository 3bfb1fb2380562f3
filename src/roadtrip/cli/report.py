"""``roadtrip report``: an HTML report with plots about simulation results files.

    roadtrip report runs/greedy.parquet -o greedy.html
    roadtrip report base.jsonl variant.jsonl -o compare.html --label rulebook --label variant

Each RESULTS file is one run of ``roadtrip simulate --out`` (``.jsonl`` or
``.parquet``).  With one file the report shows that run; with more, every run after
the first is compared with the first, with 95% intervals and significance tests,
and the report says in words which differences are significant
(:mod:`roadtrip.sim.report`).  The file is self-contained (inline images).  A bad
file (missing, unreadable, corrupt, not a results file) or runs of different games
print one red line to stderr and exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from roadtrip.cli.exits import command_errors
from roadtrip.core.errors import RoadtripError
from roadtrip.sim.report import load_result_set, write_report


def register(app: typer.Typer) -> None:
    """Add the ``report`` command to ``app``."""
    app.command("report", help="Write an HTML report with plots about simulation results.")(
        report_command
    )


def report_command(
    results: Annotated[
        list[Path], typer.Argument(help="Results files of roadtrip simulate --out.")
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write.")] = Path(
        "report.html"
    ),
    label: Annotated[
        list[str] | None,
        typer.Option("--label", help="A name per results file, in order (default: file names)."),
    ] = None,
    title: Annotated[str | None, typer.Option("--title", help="The report's heading.")] = None,
) -> None:
    """Write an HTML report about RESULTS (the first is the baseline of comparisons)."""
    labels = label or []
    with command_errors():
        if labels and len(labels) != len(results):
            raise RoadtripError(
                f"give one --label per results file: {len(labels)} labels, {len(results)} files"
            )
        runs = [
            load_result_set(path, labels[number] if labels else None)
            for number, path in enumerate(results)
        ]
        write_report(runs, output, title)
    Console(stderr=True, highlight=False).print(
        f"wrote {escape(str(output))} ({len(runs)} run{'s' if len(runs) != 1 else ''})"
    )
