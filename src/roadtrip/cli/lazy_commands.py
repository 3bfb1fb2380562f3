"""Commands of ``roadtrip`` whose modules are imported only when they run.

The lab's commands (simulate, study, report) pull in SciPy, pandas and Arrow, about
half a second of imports, and `roadtrip serve` must answer within 2 s of starting
(issue 24).  So each command module with a ``register(app)`` function is named here
and imported when click asks for that command (its run, its ``--help``) or for the
whole list (``roadtrip --help``): click's documented pattern for lazily loaded
subcommands, on Typer's group class so the help keeps Typer's look.
"""

from __future__ import annotations

import importlib

import typer

# Typer 0.2x carries its own copy of click; its group's hooks take these types.
from typer._click.core import Command, Context
from typer.core import TyperGroup

# Command name -> the module whose ``register(app)`` adds it, in help order.
LAZY_COMMANDS: dict[str, str] = {
    "simulate": "roadtrip.cli.simulate",
    "serve": "roadtrip.cli.serve",
    "tournament": "roadtrip.cli.tournament",
    "review": "roadtrip.cli.review",
    "report": "roadtrip.cli.report",
    "study": "roadtrip.cli.study",
    "db": "roadtrip.cli.db",
    "learn": "roadtrip.cli.learn",
}


def load_command(name: str) -> Command:
    """The click command ``name``, built from its module's ``register``."""
    module = importlib.import_module(LAZY_COMMANDS[name])
    holder = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
    module.register(holder)
    # A callback makes Typer build a group even for one command, so the command
    # is always found under its name (a lone command would lose it).
    holder.callback()(lambda: None)
    group = typer.main.get_command(holder)
    command = group.get_command(Context(group), name) if isinstance(group, TyperGroup) else None
    if command is None:
        raise LookupError(f"{LAZY_COMMANDS[name]}.register did not add {name!r}")
    return command


class LazyGroup(TyperGroup):
    """Typer's group, plus the commands of :data:`LAZY_COMMANDS` loaded on demand."""

    def list_commands(self, ctx: Context) -> list[str]:
        return [*super().list_commands(ctx), *LAZY_COMMANDS]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        if cmd_name in LAZY_COMMANDS:
            return load_command(cmd_name)
        return super().get_command(ctx, cmd_name)
