"""``roadtrip serve``: run the web app (HTTP API, WebSocket play, browser client).

    roadtrip serve [--host 127.0.0.1] [--port 8000] [--database-url URL] [--redis-url URL]
                   [--api-docs] [--connections-per-address N] [--bot-workers N]
                   [--log-format text|json] [--log-level LEVEL] [--metrics-token TOKEN]
                   [--header-timeout S] [--body-timeout S] [--hello-timeout S]

The database defaults to an SQLite file in the user's data directory; a
``postgresql://user:password@host/db`` URL uses PostgreSQL (install
``roadtrip[postgres]``).  With ``--redis-url redis://host:6379/0`` (install
``roadtrip[cluster]``) any number of processes on one PostgreSQL database serve
the same matches (docs/server.md, "Several processes").  uvicorn's access log is off
(it would print query strings); at ``--log-level info`` (the default of ``--log-format
json``) the app logs a line per request itself, without query strings.
WebSocket compression is off too: the state messages are small and compressing
them cost more CPU than anything else but storing the moves.  uvicorn's limits
(message sizes, idle timeouts, connections per address) are in
``roadtrip.server.uvicorn_guard``: a slow client gets ``--header-timeout`` seconds
for a request's head, ``--body-timeout`` for its body and ``--hello-timeout`` for a
WebSocket's hello, then it is cut off.  Swagger UI at /docs (which loads its scripts
from a CDN) is served only with ``--api-docs``.  Bots that think (the experts,
``mcts``) and the advisor compute in ``--bot-workers`` processes (default: one
fewer than the cores, at least one; ``roadtrip.server.bot_pool``), so that they
never hold up the moves of other matches.  ``--log-format json`` writes the logs as
JSON lines (``roadtrip.server.json_logs``), with a line per request; /healthz,
/readyz and /metrics are in ``roadtrip.server.operations``.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from roadtrip.cli.exits import USAGE_ERROR, error_line
from roadtrip.server.settings import (
    BODY_SECONDS,
    HEADER_SECONDS,
    HELLO_TIMEOUT,
    MAX_HTTP_CONNECTIONS_PER_ADDRESS,
    MAX_WS_PER_ADDRESS,
)


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""
    app.command("serve", help="Run the web app: play in the browser, alone or with friends.")(
        serve_command
    )


def printable_url(url: str) -> str:
    """``url`` with any password masked, for printing."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", "-p", min=0, max=65535, help="Port to listen on.")
    ] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="sqlite:///path/to/file.sqlite3 or postgresql://user:password@host/db "
            "(default: an SQLite file in your user data directory).",
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            "--redis-url",
            metavar="URL",
            help="redis://host:6379/0: serve the matches of a PostgreSQL database "
            "together with other processes (default: this process alone).",
        ),
    ] = None,
    api_docs: Annotated[
        bool,
        typer.Option(
            "--api-docs",
            help="Serve Swagger UI at /docs (it loads scripts from a CDN; "
            "the schema is always at /openapi.json).",
        ),
    ] = False,
    per_address: Annotated[
        int,
        typer.Option(
            "--connections-per-address",
            min=1,
            help="Open WebSockets, and open HTTP connections, allowed per client address "
            "(raise it behind a proxy that does not forward addresses, or for load tests).",
        ),
    ] = MAX_WS_PER_ADDRESS,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            "--bot-workers",
            min=0,
            help="Processes in which bots that think and the advisor compute "
            "(default: one fewer than the cores, at least one; 0: in this process's "
            "threads, where they slow every other match).",
        ),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(
            "--log-format",
            help="text, or json: one JSON object per line (time, level, logger, message, "
            "match, route, status, duration...), with a line per request.",
        ),
    ] = "text",
    log_level: Annotated[
        str | None,
        typer.Option(
            "--log-level",
            help="debug, info, warning or error (default: warning for text, info for json).",
        ),
    ] = None,
    metrics_token: Annotated[
        str | None,
        typer.Option(
            "--metrics-token",
            envvar="ROADTRIP_METRICS_TOKEN",
            show_envvar=True,
            help="Require 'Authorization: Bearer TOKEN' for /metrics (default: open; "
            "the metrics hold counts only).",
        ),
    ] = None,
    header_timeout: Annotated[
        float,
        typer.Option(
            "--header-timeout",
            min=0.1,
            help="Seconds a client has to send a request's line and headers "
            "(from its connection's opening, or its previous answer); then 408.",
        ),
    ] = HEADER_SECONDS,
    body_timeout: Annotated[
        float,
        typer.Option(
            "--body-timeout",
            min=0.1,
            help="Seconds a client has to send a request's body after its headers.",
        ),
    ] = BODY_SECONDS,
    hello_timeout: Annotated[
        float,
        typer.Option(
            "--hello-timeout",
            min=0.1,
            help="Seconds a new WebSocket has to send its hello (then closed, 4408).",
        ),
    ] = HELLO_TIMEOUT,
    bot_think: Annotated[
        float | None,
        typer.Option(
            "--bot-think",
            min=0.001,
            help="About how many seconds a thinking bot (expert, mcts) thinks per "
            "decision, turned into units of work: the same decision on any machine "
            "at any load (default: about 1 s).",
        ),
    ] = None,
) -> None:
    """Run the web app on HOST:PORT until interrupted (Ctrl+C)."""
    import sys

    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from roadtrip.core.errors import RoadtripError
    from roadtrip.server.app import create_app
    from roadtrip.server.bot_pool import BotPool
    from roadtrip.server.errors import sentence
    from roadtrip.server.json_logs import json_line, logging_config
    from roadtrip.server.settings import default_database_url
    from roadtrip.server.transport import ConnectionLimits
    from roadtrip.server.uvicorn_guard import uvicorn_settings

    try:
        log_config = logging_config(log_format, log_level)
    except ValueError as exc:
        error_line(sentence(str(exc)))
        raise typer.Exit(USAGE_ERROR) from None
    url = database_url or default_database_url()
    console = Console(highlight=False)
    try:
        app = create_app(
            database_url=url,
            redis_url=redis_url,
            api_docs=api_docs,
            connection_limits=ConnectionLimits(per_client=per_address, hello_seconds=hello_timeout),
            bot_pool=BotPool(bot_workers, think=bot_think) if bot_workers != 0 else None,
            metrics_token=metrics_token or None,
        )
    except RoadtripError as exc:  # e.g. --redis-url without PostgreSQL
        error_line(sentence(str(exc)))
        raise typer.Exit(USAGE_ERROR) from None
    except ValueError as exc:  # a quota in the environment that means nothing
        error_line(sentence(str(exc)))
        raise typer.Exit(USAGE_ERROR) from None
    except (SQLAlchemyError, ImportError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, ImportError):
            reason += " (PostgreSQL needs roadtrip[postgres]; --redis-url roadtrip[cluster])"
        error_line(f"cannot open the database {printable_url(url)}: {reason}")
        raise typer.Exit(USAGE_ERROR) from None
    from roadtrip.cli.db import schema_note  # what opening the database did to its tables

    if note := schema_note(app):
        if log_format == "json":  # every line of the output is JSON
            print(json_line("roadtrip.serve", note), file=sys.stderr, flush=True)
        else:
            console.print(escape(note), soft_wrap=True)
    shown_host = f"[{host}]" if ":" in host else host
    running = f"roadtrip is running at http://{shown_host}:{port}"
    if log_format == "json":  # every line of the output is JSON (logging itself is
        # configured by uvicorn as it starts)
        banner = f"{running} (database: {printable_url(url)})"
        print(json_line("roadtrip.serve", banner), file=sys.stderr, flush=True)
    else:
        console.print(
            f"{running}  (database: {escape(printable_url(url))})",
            soft_wrap=True,
        )
        console.print("Press Ctrl+C to stop.")
    settings = uvicorn_settings(
        host,
        port,
        per_address=max(per_address, MAX_HTTP_CONNECTIONS_PER_ADDRESS),
        header_seconds=header_timeout,
        body_seconds=body_timeout,
    )
    settings.update(log_config=log_config, log_level=log_config["loggers"]["uvicorn"]["level"])
    uvicorn.run(app, **settings)
