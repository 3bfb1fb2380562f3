"""``roadtrip review RECORD.json [--seat S] [--seconds T] [--json]``: game review.

For each decision the seat made in a finished match, the advisor's best choice and
what the choice made gave up (the chance to win, or expected turns in solo Main
Street), then the total and the three costliest decisions.  A Rich progress bar
runs on stderr while the advisor thinks (``--seconds`` per decision); ``--json``
prints the whole review as JSON on stdout instead of tables.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from roadtrip.bots.advice import DEFAULT_SECONDS, Review, ReviewedDecision, review_match
from roadtrip.cli.advice_view import percent
from roadtrip.cli.exits import fail, user_errors
from roadtrip.core import MatchRecord, replay


def register(app: typer.Typer) -> None:
    """Add the ``review`` command to ``app``."""
    app.command("review", help="The advisor's review of a finished match, decision by decision.")(
        review_command
    )


def read_record(file: Path) -> MatchRecord:
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        fail(f"cannot read the record {file}: {reason}")
    return MatchRecord.from_json(text)


def seat_names(record: MatchRecord, seats: int) -> list[str]:
    """The names the record's ``meta.seats`` gives, else Player 1, Player 2, ..."""
    stored = record.meta.get("seats")
    names = [f"Player {seat + 1}" for seat in range(seats)]
    if isinstance(stored, list):
        for seat, entry in enumerate(stored[:seats]):
            if isinstance(entry, dict) and isinstance(entry.get("name"), str):
                names[seat] = entry["name"]
    return names


def review_command(
    file: Annotated[Path, typer.Argument(metavar="RECORD", help="A finished match record (JSON).")],
    seat: Annotated[int, typer.Option("--seat", help="The seat to review, from 1.", min=1)] = 1,
    seconds: Annotated[
        float, typer.Option("--seconds", min=0.01, help="The advisor's seconds per decision.")
    ] = DEFAULT_SECONDS,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review SEAT's decisions in a finished match with the advisor."""
    with user_errors():
        record = read_record(file)
        final = replay(record)
        if not final.is_terminal():
            fail("the match in this record is not finished: review it once it is over")
        if seat > final.num_players():
            count = final.num_players()
            fail(f"--seat {seat}: this match has {count} seat{'s' if count != 1 else ''}")
        names = seat_names(record, final.num_players())
        review = _run(record, seat - 1, seconds, names, show_progress=not as_json)
    if as_json:
        typer.echo(json.dumps({**review.to_json(), "seat_name": names[seat - 1]}, indent=2))
        return
    console = Console(highlight=False)
    console.print(decisions_table(review, f"{names[seat - 1]} (seat {seat})", str(file)))
    console.print(summary_text(review))
    for line in costliest_lines(review):
        console.print(line)


def _run(
    record: MatchRecord, seat: int, seconds: float, names: list[str], show_progress: bool
) -> Review:
    if not show_progress:
        return review_match(record, seat, seconds, names=names)
    progress = Progress(
        TextColumn("[bold]reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    with progress:
        task = progress.add_task("review", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return review_match(record, seat, seconds, progress=advance, names=names)


def cost_text(review: Review, decision: ReviewedDecision) -> str:
    if review.measure == "turns":
        return f"+{decision.cost:.1f} turns" if decision.cost else "-"
    return f"-{percent(decision.cost)}" if decision.cost >= 0.005 else "-"


def figure(review: Review, win: float, score: float) -> str:
    return f"{score:.1f} turns" if review.measure == "turns" else percent(win)


def decisions_table(review: Review, who: str, source: str) -> Table:
    table = Table(
        title=f"Review of {escape(who)} in {escape(review.game)} ({escape(source)})",
        caption=f"advisor: {escape(review.method)}",
        title_justify="left",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for header, justify in [
        ("move", "right"),
        ("choice made", "left"),
        ("advisor's best", "left"),
        ("made", "right"),
        ("best", "right"),
        ("given up", "right"),
    ]:
        table.add_column(header, justify=justify)  # type: ignore[arg-type]
    for decision in review.decisions:
        chosen, best = decision.chosen, decision.best
        same = chosen.action == best.action
        table.add_row(
            str(decision.index + 1),
            escape(chosen.label),
            "(the same)" if same else escape(best.label),
            figure(review, chosen.win, chosen.score),
            figure(review, best.win, best.score),
            cost_text(review, decision),
        )
    return table


def summary_text(review: Review) -> str:
    count = len(review.decisions)
    forced = f" ({review.forced} forced moves not judged)" if review.forced else ""
    if review.measure == "turns":
        given = f"{review.total:.1f} expected turns"
    else:
        given = f"{100 * review.total:.1f} percentage points of the chance to win"
    return f"Total given up: {given} over {count} decisions{forced}."


def costliest_lines(review: Review) -> list[str]:
    costly = review.costliest()
    if not costly:
        return ["No decision gave anything up: every choice was the advisor's best or as good."]
    lines = ["Costliest decisions:"]
    for rank, decision in enumerate(costly, start=1):
        lines.append(
            f"  {rank}. move {decision.index + 1}: {escape(decision.chosen.label)} "
            f"(best: {escape(decision.best.label)}), {cost_text(review, decision)}"
        )
    return lines
