"""The plots of ``roadtrip report``, drawn with matplotlib, as inline PNG images.

Every plot takes one or more runs (:class:`ResultSet`: a label, a summary, a tally)
and draws them side by side or overlaid, so one report shows one run or compares
several.  Figures are made with ``matplotlib.figure.Figure`` (no pyplot, no global
state, no display) and returned as ``data:image/png;base64`` URLs.  matplotlib is
an optional extra: ``pip install 'roadtrip[lab]'``.
"""

from __future__ import annotations

import base64
import io
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roadtrip.core.errors import RoadtripError
from roadtrip.sim.game_table import GameTable
from roadtrip.sim.stats import SimulationSummary, Tally, wilson_interval

WIDTH, HEIGHT, DPI = 7.5, 3.6, 100
# At most this many bars in a score histogram (a bar per score when they are fewer).
SCORE_BINS = 25


class ReportError(RoadtripError, ValueError):
    """A report that cannot be made (no runs, matplotlib missing, ...)."""


@dataclass(frozen=True)
class ResultSet:
    """One run: its label, summary and tally (the tally's histograms feed the plots)
    and, where kept, each game's figures (the paired tests and the fairness test
    need them)."""

    label: str
    summary: SimulationSummary
    tally: Tally
    games: GameTable | None = None


def figure_class() -> Any:
    """matplotlib's ``Figure``, or a ReportError saying how to install matplotlib
    (callers check this before a long run whose report would then fail)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ReportError("reports need matplotlib: pip install 'roadtrip[lab]'") from None
    return Figure


def _figure(width: float = WIDTH, height: float = HEIGHT) -> Any:
    return figure_class()(figsize=(width, height), dpi=DPI, layout="constrained")


def png_url(figure: Any) -> str:
    """A figure as a ``data:`` URL of a PNG."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _bins(histograms: Sequence[Counter[Any]], most: int = 40) -> list[float]:
    """Shared histogram bins over every value counted: one per whole number when
    the values are few, else ``most`` equal bins."""
    values = [value for histogram in histograms for value in histogram]
    if not values:
        return [0.0, 1.0]
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < most:
        return [low - 0.5 + step for step in range(high - low + 2)]
    width = (high - low) / most
    return [low + width * step for step in range(most + 1)]


def score_plot(runs: Sequence[ResultSet]) -> str:
    """The score distribution (share of games) in a small panel per seat, each run
    a line in it: one crowded panel of every seat's lines was unreadable."""
    seats = max(len(run.tally.score_histograms) for run in runs)
    columns = min(3, seats)
    rows = math.ceil(seats / columns)
    figure = _figure(WIDTH if columns == 1 else 3.2 * columns, 2.6 * rows + 0.4)
    axes = figure.subplots(rows, columns, squeeze=False, sharex=True, sharey=True)
    bins = _bins([h for run in runs for h in run.tally.score_histograms], most=SCORE_BINS)
    for seat in range(seats):
        ax = axes[seat // columns][seat % columns]
        for run in runs:
            if seat >= len(run.tally.score_histograms):
                continue
            histogram = run.tally.score_histograms[seat]
            values = sorted(histogram)
            ax.hist(
                values,
                bins=bins,
                weights=[histogram[value] / run.tally.games for value in values],
                histtype="step",
                linewidth=1.5,
                label=run.label,
            )
        bots = sorted(
            {run.summary.seats[seat].bot for run in runs if seat < len(run.summary.seats)}
        )
        ax.set_title(f"seat {seat + 1} ({', '.join(bots)})", fontsize="medium")
        ax.set_xlabel("score")
        ax.tick_params(labelbottom=True)  # every panel its scale: the last row may be short
        if seat % columns == 0:
            ax.set_ylabel("share of games")
        if len(runs) > 1 and seat == 0:
            ax.legend(fontsize="small")
    for number in range(seats, rows * columns):
        axes[number // columns][number % columns].set_visible(False)
    return png_url(figure)


def _grouped_bars(
    ax: Any,
    groups: Sequence[str],
    runs: Sequence[ResultSet],
    values: Sequence[Sequence[tuple[float, float, float] | None]],
) -> None:
    """Bars for ``values[run][group] = (rate, low, high)`` with interval whiskers."""
    width = 0.8 / len(runs)
    for number, run in enumerate(runs):
        xs, heights, below, above = [], [], [], []
        for group, value in enumerate(values[number]):
            if value is None:
                continue
            rate, low, high = value
            xs.append(group - 0.4 + width * (number + 0.5))
            heights.append(rate)
            below.append(max(0.0, rate - low))  # rounding may put an end a hair inside
            above.append(max(0.0, high - rate))
        ax.bar(xs, heights, width, yerr=[below, above], capsize=3, label=run.label)
    ax.set_xticks(range(len(groups)), groups)
    ax.yaxis.set_major_formatter("{x:.0%}")
    if len(runs) > 1:
        ax.legend(fontsize="small")


def win_rate_by_seat_plot(runs: Sequence[ResultSet]) -> str:
    """Each seat's win rate with its 95% interval, a bar per run."""
    seats = max(len(run.summary.seats) for run in runs)
    figure = _figure()
    ax = figure.subplots()
    values = [
        [
            (seat.win_rate, seat.win_rate_low, seat.win_rate_high)
            if (seat := next((s for s in run.summary.seats if s.seat == n), None))
            else None
            for n in range(seats)
        ]
        for run in runs
    ]
    _grouped_bars(ax, [f"seat {n + 1}" for n in range(seats)], runs, values)
    ax.set_ylabel("win rate (95% interval)")
    return png_url(figure)


def win_rate_by_bot_plot(runs: Sequence[ResultSet]) -> str:
    """Each bot's win rate over all its seats with its 95% interval, a bar per run."""
    bots = list(dict.fromkeys(bot.bot for run in runs for bot in run.summary.by_bot()))
    figure = _figure()
    ax = figure.subplots()
    values = []
    for run in runs:
        by_name = {bot.bot: bot for bot in run.summary.by_bot()}
        values.append(
            [
                (b.win_rate, b.win_rate_low, b.win_rate_high)
                if (b := by_name.get(name)) is not None
                else None
                for name in bots
            ]
        )
    _grouped_bars(ax, bots, runs, values)
    ax.set_ylabel("win rate over its seats (95% interval)")
    return png_url(figure)


def length_plot(runs: Sequence[ResultSet]) -> str:
    """The game length in rounds (share of games), a line per run."""
    figure = _figure()
    ax = figure.subplots()
    bins = _bins([run.tally.round_histogram for run in runs])
    for run in runs:
        histogram = run.tally.round_histogram
        values = sorted(histogram)
        total = sum(histogram.values()) or 1
        ax.hist(
            values,
            bins=bins,
            weights=[histogram[value] / total for value in values],
            histtype="step",
            linewidth=1.5,
            label=f"{run.label} (median {run.summary.median_rounds:g})",
        )
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.legend(fontsize="small")
    return png_url(figure)


def endings_plot(runs: Sequence[ResultSet]) -> str:
    """How games ended: each ending's share of games with its 95% interval."""
    endings = sorted({ending for run in runs for ending in run.summary.endings})
    figure = _figure()
    ax = figure.subplots()
    values = []
    for run in runs:
        games = run.summary.games
        row: list[tuple[float, float, float] | None] = []
        for ending in endings:
            count = run.summary.endings.get(ending, 0)
            low, high = wilson_interval(count, games)
            row.append((count / games if games else 0.0, low, high))
        values.append(row)
    _grouped_bars(ax, endings, runs, values)
    ax.set_ylabel("share of games (95% interval)")
    return png_url(figure)


def fairness_plot(runs: Sequence[ResultSet], shares: Sequence[Sequence[Any]]) -> str:
    """Each seat's share of the wins (ties shared) with its 95% interval, a bar per
    run, against the dashed equal-share line (``shares[run]``: its SeatShares)."""
    seats = max(len(seat_shares) for seat_shares in shares)
    figure = _figure()
    ax = figure.subplots()
    values = [[(s.share, s.low, s.high) for s in seat_shares] for seat_shares in shares]
    _grouped_bars(ax, [f"seat {n + 1}" for n in range(seats)], runs, values)
    ax.axhline(1 / seats, color="black", linestyle="--", linewidth=1, label="equal share")
    ax.legend(fontsize="small")
    ax.set_ylabel("share of the wins (95% interval)")
    return png_url(figure)
