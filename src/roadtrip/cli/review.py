"""``roadtrip review RECORD.json [--seat S] [--seconds T] [--match-seconds M]
[--seed N] [--json]``: game review.

For each decision the seat made in a finished match, the advisor's best choice and
what the choice made gave up (the chance to win, or expected turns in solo Main
Street) with its 95% interval, a label (inaccuracy, mistake, blunder) where the
interval supports it, then the total with its interval and the three costliest
decisions.  ``--seconds`` per decision and ``--match-seconds`` in all are budgets
in the advisor's units of work (about that long on the reference machine): the
same record, seat, seed and budget give the same review anywhere.  A Rich
progress bar runs on stderr while the advisor thinks; ``--json`` prints the whole
review as JSON on stdout instead of tables.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
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
        float, typer.Option("--seconds", min=0.001, help="The advisor's seconds per decision.")
    ] = DEFAULT_SECONDS,
    match_seconds: Annotated[
        float | None,
        typer.Option(
            "--match-seconds",
            min=0.0,
            help="A budget for the whole match: the decisions that matter most get "
            "--seconds each, the others the advisor's minimum (said in the review).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="The advisor's seed (default: each position's own, as in play)."
        ),
    ] = None,
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
        budget = Budget(seconds, match_seconds, seed)
        review = _run(record, seat - 1, budget, names, show_progress=not as_json)
    if as_json:
        typer.echo(json.dumps({**review.to_json(), "seat_name": names[seat - 1]}, indent=2))
        return
    console = Console(highlight=False)
    console.print(decisions_table(review, f"{names[seat - 1]} (seat {seat})", str(file)))
    console.print(summary_text(review))
    for line in costliest_lines(review):
        console.print(line)


@dataclass(frozen=True)
class Budget:
    """The review's budget and seed, as the options gave them."""

    seconds: float
    match_seconds: float | None
    seed: int | None


def _run(
    record: MatchRecord, seat: int, budget: Budget, names: list[str], show_progress: bool
) -> Review:
    def review(advance: Callable[[int, int], None] | None = None) -> Review:
        return review_match(
            record,
            seat,
            budget.seconds,
            progress=advance,
            names=names,
            seed=budget.seed,
            match_seconds=budget.match_seconds,
        )

    if not show_progress:
        return review()
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

        return review(advance)


def cost_text(review: Review, decision: ReviewedDecision) -> str:
    """What the choice gave up, with its 95% interval: "12 pts (3-20)" of the
    chance to win (percentage points, never a negative chance), or "+0.4 turns
    (0.1-0.7)"; "-" where the point estimate is nothing."""
    low, high = decision.cost_interval.low, decision.cost_interval.high
    if review.measure == "turns":
        if decision.cost < 0.05 and high < 0.05:
            return "-"
        if low == high:
            return f"+{decision.cost:.1f} turns (exact)"
        return f"+{decision.cost:.1f} turns ({_bound(low, 1)}-{_bound(high, 1)})"
    if decision.cost < 0.005 and high < 0.005:
        return "-"
    if low == high:
        return f"{100 * decision.cost:.0f} pts (exact)"
    return f"{100 * decision.cost:.0f} pts ({_bound(100 * low, 0)}-{_bound(100 * high, 0)})"


def _bound(value: float, digits: int) -> str:
    if not math.isfinite(value):
        return "?"
    return f"{max(value, 0.0):.{digits}f}"


def figure(review: Review, win: float, score: float) -> str:
    return f"{score:.1f} turns" if review.measure == "turns" else percent(win)


def decisions_table(review: Review, who: str, source: str) -> Table:
    table = Table(
        title=f"Review of {escape(who)} in {escape(review.game)} ({escape(source)})",
        caption=f"advisor: {escape(review.method)}; given up: 95% intervals in brackets",
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
        verdict = f" {decision.label}" if decision.label else ""
        if decision.budget == "minimum":
            verdict += " (quick look)"
        table.add_row(
            str(decision.index + 1),
            escape(chosen.label),
            "(the same)" if same else escape(best.label),
            figure(review, chosen.win, chosen.score),
            figure(review, best.win, best.score),
            cost_text(review, decision) + verdict,
        )
    return table


def summary_text(review: Review) -> str:
    count = len(review.decisions)
    forced = f" ({review.forced} forced moves not judged)" if review.forced else ""
    interval = review.total_interval
    if review.measure == "turns":
        span = f"{_bound(interval.low, 1)}-{_bound(interval.high, 1)}"
        if interval.low == interval.high:
            span = "exact"
        given = f"{review.total:.1f} expected turns ({span})"
    else:
        span = f"{_bound(100 * interval.low, 1)}-{_bound(100 * interval.high, 1)}"
        given = f"{100 * review.total:.1f} percentage points of the chance to win ({span})"
    labels = [d.label for d in review.decisions if d.label]
    counted = ", ".join(
        f"{labels.count(name)} {name}{'s' if labels.count(name) != 1 else ''}"
        for name in ("blunder", "mistake", "inaccuracy")
        if name in labels
    )
    text = f"Total given up: {given} over {count} decisions{forced}."
    if counted:
        text += f" Labelled (interval wholly above the threshold): {counted}."
    if review.at_minimum:
        text += (
            f" {review.at_minimum} decisions were beyond the match's budget and judged at"
            " the advisor's minimum budget only (a quick look: wide intervals)."
        )
    if review.not_judged:
        text += (
            f" {review.not_judged} more decisions were beyond the match's budget and not"
            " judged (those that left the base policy went first)."
        )
    return text


def costliest_lines(review: Review) -> list[str]:
    costly = review.costliest()
    if not costly:
        return ["No decision gave anything up: every choice was the advisor's best or as good."]
    lines = ["Costliest decisions:"]
    for rank, decision in enumerate(costly, start=1):
        label = f" [{decision.label}]" if decision.label else ""
        lines.append(
            f"  {rank}. move {decision.index + 1}: {escape(decision.chosen.label)} "
            f"(best: {escape(decision.best.label)}), {cost_text(review, decision)}{label}"
        )
    return lines
