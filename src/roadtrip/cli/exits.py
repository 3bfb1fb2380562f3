"""How a roadtrip command ends on a mistake: one red line on stderr and exit code 2
(``interrupted`` and 130 on Ctrl-C); no tracebacks for mistakes a user can make."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from roadtrip.core.errors import RoadtripError

USAGE_ERROR = 2
INTERRUPTED = 130


def error_line(message: str) -> None:
    """One red line on stderr, as every roadtrip command reports a mistake."""
    Console(stderr=True, highlight=False).print(
        f"[bold red]Error:[/] [red]{escape(message)}[/]", soft_wrap=True
    )


def fail(message: str) -> NoReturn:
    """Print one red line on stderr and exit with code 2."""
    error_line(message)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn roadtrip errors into a clear message and exit code 2."""
    try:
        yield
    except RoadtripError as exc:
        fail(str(exc))


def describe(exc: BaseException) -> str:
    """An error in one line: an OSError as "FILE: reason" (not "[Errno 2] ..."),
    anything else as its message."""
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename is not None else ""
        return f"{where}{exc.strerror.lower()}"
    return " ".join(str(exc).split())  # one line, whatever a library put in it


@contextmanager
def command_errors(*also: type[Exception]) -> Iterator[None]:
    """Inside: a roadtrip error, a file error (OSError: a path that cannot be read
    or written) or one of ``also`` ends the command with its line and exit code 2,
    an interrupt with "interrupted" and exit code 130."""
    mistakes: tuple[type[Exception], ...] = (RoadtripError, OSError, *also)
    try:
        yield
    except mistakes as exc:
        error_line(describe(exc))
        raise typer.Exit(USAGE_ERROR) from None
    except KeyboardInterrupt:
        error_line("interrupted")
        raise typer.Exit(INTERRUPTED) from None
