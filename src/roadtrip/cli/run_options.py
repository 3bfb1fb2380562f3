"""Command-line options that the commands running many games (``simulate``,
``study``, ``tournament``) share, declared once so they read and behave alike."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

GameArgument = Annotated[str, typer.Argument(help="Game id, e.g. road-to-300.")]
BotOption = Annotated[str, typer.Option("--bot", "-b", help="Bot for every seat.")]
BotsOption = Annotated[
    str | None,
    typer.Option("--bots", help="One bot per seat, comma-separated (overrides --bot)."),
]
PlayersOption = Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")]
ThinkOption = Annotated[
    float,
    typer.Option(
        "--think",
        help="About this many seconds per decision for the bots that think (expert, "
        "mcts), turned into units of work (playouts, iterations): the same answer at "
        "any load.",
    ),
]

# The width of output that is not a terminal (a file, a pipe): wide enough that no
# table is cut (Rich assumes 80 columns there), as a table only takes what it needs.
REDIRECTED_WIDTH = 1000


def stdout_console() -> Console:
    """The console for results on stdout: the terminal's width, or when the output
    is redirected, wide enough that a table keeps all its columns."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=REDIRECTED_WIDTH)
    return console
