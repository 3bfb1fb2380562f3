"""The ``roadtrip`` command line (Typer + Rich): list games, play one, replay a record.

    roadtrip games [--options GAME]
    roadtrip play GAME [--seed N] [--hint] [--players N] [--option name=value ...] [--save FILE]
                       [--bots BOT,...] [--humans N] [--hotseat] [--names NAME,...]
    roadtrip replay FILE [--step]
    roadtrip simulate GAME ... / roadtrip tournament GAME --bots A,B,... (their own modules)
    roadtrip report RESULTS... [-o report.html] (its own module)

Every roadtrip error (an unknown game, a bad option, a corrupt record) prints one
red line and exits with code 2; there are no tracebacks for mistakes a user can make.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from roadtrip.bots.advice import DEFAULT_SECONDS
from roadtrip.cli import play as terminal
from roadtrip.cli.advice_view import AdvisorHint
from roadtrip.cli.choices import Reader
from roadtrip.cli.exits import fail, user_errors
from roadtrip.cli.lazy_commands import LazyGroup
from roadtrip.cli.seating import players_for_bots
from roadtrip.core import (
    Game,
    Match,
    MatchRecord,
    OptionValue,
    game_class,
    list_games,
    load_game,
    parse_option_texts,
    replay_states,
)

# The other commands (simulate, serve, tournament, review, report, study, db) live in
# their own modules, imported only when used: see roadtrip.cli.lazy_commands.
app = typer.Typer(
    cls=LazyGroup,
    name="roadtrip",
    help="Road-trip tabletop games: play in the terminal, replay records, simulate bots.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _console() -> Console:
    return Console(highlight=False)


def _text(value: OptionValue) -> str:
    """An option value as typed on the command line (flags as true/false)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _players(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def _options_table(game_id: str) -> Table:
    cls = game_class(game_id)
    table = Table(title=f"Options of {cls.info.name} ({game_id})", box=box.SIMPLE, expand=False)
    for header in ("option", "default", "allowed", "what it does"):
        table.add_column(header, overflow="fold")
    for option in cls.options_spec:
        if option.kind == "choice":
            allowed = ", ".join(option.choices)
        elif option.kind == "bool":
            allowed = "true, false"
        else:
            allowed = f"{option.minimum}-{option.maximum}"
        table.add_row(option.name, _text(option.default), allowed, option.doc)
    return table


@app.command()
def games(
    options: Annotated[
        str | None,
        typer.Option("--options", metavar="GAME", help="Show every option of GAME in full."),
    ] = None,
) -> None:
    """List the games, their player counts and their options with defaults."""
    console = _console()
    with user_errors():
        if options is not None:
            console.print(_options_table(options))
            console.print("Set an option with: roadtrip play GAME --option name=value")
            return
        table = Table(title="Games", box=box.SIMPLE)
        for header in ("id", "name", "players", "options (default)"):
            table.add_column(header, overflow="fold")
        for info in list_games():
            spec = game_class(info.id).options_spec
            defaults = ", ".join(f"{o.name}={_text(o.default)}" for o in spec)
            table.add_row(
                info.id, info.name, _players(info.min_players, info.max_players), defaults
            )
        console.print(table)
        console.print("Details: roadtrip games --options GAME")


def build_game(
    game_id: str,
    option_texts: list[str],
    players: int | None,
    implied_players: Callable[[], int | None] | None = None,
) -> Game:
    """Load ``game_id`` with ``name=value`` options and an optional player count;
    ``implied_players`` gives the count when neither sets one (``--bots``)."""
    options: dict[str, OptionValue] = parse_option_texts(
        game_id, game_class(game_id).options_spec, option_texts
    )
    if players is not None:
        if "players" in options and options["players"] != players:
            fail(f"--players {players} and --option players={options['players']} disagree")
        options["players"] = players
    elif "players" not in options and implied_players is not None:
        implied = implied_players()
        if implied is not None:
            options["players"] = implied
    return load_game(game_id, **options)


def _read(console: Console) -> Reader:
    def read(prompt: str) -> str:
        return console.input(escape(prompt))

    return read


def _save(console: Console, match: Match, path: Path) -> None:
    try:
        path.write_text(match.record().to_json(indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        fail(f"cannot save the record to {path}: {exc.strerror or exc}")
    console.print(
        f"Record saved to {escape(str(path))} (replay it with: roadtrip replay {escape(str(path))})"
    )


@app.command()
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (roadtrip games).")],
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the dice: the same seed, the same game.")
    ] = None,
    hint: Annotated[
        bool,
        typer.Option(
            "--hint",
            help="Show the advisor's top choices at each decision: chance to win and "
            "expected score (expected turns in solo Main Street) with 95% intervals.",
        ),
    ] = False,
    hint_seconds: Annotated[
        float,
        typer.Option("--hint-seconds", min=0.01, help="Seconds the advisor thinks per hint."),
    ] = DEFAULT_SECONDS,
    players: Annotated[
        int | None,
        typer.Option("--players", help="Players at this terminal (hot seat), e.g. 2-6."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="A variant option; repeatable."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option("--save", metavar="FILE", help="Write the match record (JSON) here."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            metavar="BOT[,BOT...]",
            help="Bots on the seats after the humans: one for all or one per seat "
            "(road-rally, open-road).",
        ),
    ] = None,
    humans: Annotated[
        int | None,
        typer.Option(
            "--humans",
            help="Humans on the first seats, bots on the rest (road-rally, open-road).",
        ),
    ] = None,
    hotseat: Annotated[
        bool, typer.Option("--hotseat", help="A human on every seat (road-rally, open-road).")
    ] = False,
    names: Annotated[
        str | None,
        typer.Option(
            "--names",
            metavar="NAME[,NAME...]",
            help="Names of the seats in order; a team of two sharing a mat as Ann+Ben "
            "(get-your-kicks, mileage-may-vary).",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal; type q to quit."""
    console = _console()
    with user_errors():
        ui = terminal.ui_for(game_id)
        seated = getattr(ui, "play_seated", None)  # games with bot seats run their own loop
        noun = getattr(ui, "noun", "players")
        game = build_game(
            game_id,
            option or [],
            players,
            # One bot named per seat sets the count (the README's road-rally line).
            (lambda: players_for_bots(game_id, bots, humans, noun)) if seated else None,
        )
        bot = AdvisorHint(hint_seconds) if hint else None
        # A drawn seed must not be searchable from one's own cards: 62 bits (as the
        # server's), and where cards are hidden it is shown only once the game ends,
        # since it rebuilds every hand and every draw to come.
        withheld = seed is None and not game.info.perfect_information
        if seed is None:
            seed = secrets.randbits(62)
            if withheld:
                console.print(
                    "Seed drawn at random: shown when the game ends (it would reveal the cards)"
                )
            else:
                console.print(f"Seed {seed} (play this game again with --seed {seed})")
        else:
            console.print(f"Seed {seed}")
        match = Match(game, seed)
        if names is not None:
            name_seats = getattr(ui, "name_seats", None)  # games whose seats take names
            if name_seats is None:
                fail(f"--names is not offered for {game.id}")
            name_seats(names, game.num_players())
        console.print(f"[bold]{escape(game.info.name)}[/]: {escape(game.info.summary)}")
        if seated is not None:
            outcome: str = seated(
                console, match, _read(console), bots=bots, humans=humans, hotseat=hotseat, hint=bot
            )
        elif bots is not None or humans is not None or hotseat:
            fail(f"--bots, --humans and --hotseat are not offered for {game.id}")
        else:
            outcome = terminal.play_match(console, match, ui, _read(console), bot)
        console.print()
        ui.render_result(console, match.state)
        if save is not None:
            _save(console, match, save)
        elif outcome == "over":
            console.print(f"Keep a record next time with --save FILE (this was seed {seed}).")
            withheld = False  # shown just now
        if withheld:  # the game is over (or left): its seed no longer gives anything away
            console.print(f"This was seed {seed} (play this game again with --seed {seed})")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A match record (JSON).")],
    step: Annotated[bool, typer.Option("--step", help="Wait for Enter after each move.")] = False,
) -> None:
    """Check a saved match record and show it move by move, then the result."""
    console = _console()
    with user_errors():
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            fail(f"cannot read the record {file}: {reason}")
        record = MatchRecord.from_json(text)
        states = list(replay_states(record))
        game = states[0].game
        console.print(f"[bold]{escape(game.info.name)}[/] record {escape(str(file))}")
        options = ", ".join(f"{k}={_text(v)}" for k, v in game.options.items())
        console.print(f"{_seed_words(record)} · options: {escape(options)}")
        ui = terminal.ui_for(game.id)
        terminal.replay_match(console, record, states, ui, _read(console) if step else None)


def _seed_words(record: MatchRecord) -> str:
    """What the seed of a replayed record vouches for (replay refused any outcome
    the seed does not draw, so a seed here means every outcome was checked)."""
    if record.seed is None:
        return "No seed: chance outcomes only checked as possible"
    run = "" if record.run_game is None else f" (game {record.run_game} of a simulator run)"
    return f"Seed {record.seed}{run}: verified by its seed"


def main() -> None:
    """Entry point of the ``roadtrip`` script."""
    app()
