"""The balance tables of a simulation summary as plain text cells, for every
front end: ``roadtrip simulate`` prints them as Rich tables, ``roadtrip report``
writes them as HTML tables; both show the same figures in the same words.

* One row per bot kind over all the seats it played (when there are two seats or
  more): mean score, wins and win rate with its 95% interval.
* One table per group of the game's counts (``"group.row.column"``,
  :mod:`roadtrip.sim.balance`): rates (``RATE_GROUPS``: at most once a game, such
  as "rally point 5 was scored") as percentages; counts as the mean per game and,
  in brackets, the share of its column (the colours' share of the cards played) in
  the first column, and as that share alone in the others (each seat's, the
  winner's); a group of different measures (``PLAIN_GROUPS``: The Open Road's
  dots) as plain means.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadtrip.sim.balance import PLAIN_GROUPS, RATE_GROUPS, STAT_TITLES, stat_tables
from roadtrip.sim.stats import SimulationSummary

# Groups whose rows are places counted from 0 (Road Rally's starting row).
PLACE_GROUPS = ("start",)


@dataclass(frozen=True)
class CellTable:
    """A titled table of text cells; the first column is a label, the rest numbers."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def bot_cells(summary: SimulationSummary) -> CellTable | None:
    """Each bot kind's results over its seats; None for a single seat."""
    if len(summary.seats) < 2:
        return None
    rows = tuple(
        (
            bot.bot,
            str(bot.seats),
            f"{bot.mean_score:.2f}",
            f"{bot.wins:,}",
            f"{bot.win_rate:.2%}",
            f"{bot.win_rate_low:.2%} - {bot.win_rate_high:.2%}",
        )
        for bot in summary.by_bot()
    )
    columns = ("bot", "seats", "mean score", "wins", "win rate", "95% interval")
    return CellTable("by bot (all its seats)", columns, rows)


def stats_cells(summary: SimulationSummary) -> list[CellTable]:
    """The game's balance counts, one table per group (none without counts)."""
    means = summary.stats
    tables = []
    for group, (rows, columns) in stat_tables(means).items():
        rates = group in RATE_GROUPS
        totals = {c: sum(means.get(f"{group}.{r}.{c}", 0.0) for r in rows) for c in columns}
        cells = []
        for row in rows:
            line = [row]
            for column in columns:
                value = means.get(f"{group}.{row}.{column}", 0.0)
                share = value / totals[column] if totals[column] else 0.0
                if group in PLAIN_GROUPS:
                    line.append(f"{value:.2f}")
                elif rates:
                    line.append(f"{value:.1%}")
                elif column == columns[0]:
                    line.append(f"{value:.2f} ({share:.0%})")
                else:
                    line.append(f"{share:.0%}")
            cells.append(tuple(line))
        title = STAT_TITLES.get(group, f"{group} (mean per game)")
        shown_columns = tuple(_seat_from_one(column) for column in columns)
        if group in PLACE_GROUPS:  # places counted from 0 in the counts, from 1 here
            cells = [(str(int(row[0]) + 1), *row[1:]) if row[0].isdigit() else row for row in cells]
        tables.append(CellTable(title, (group, *shown_columns), tuple(cells)))
    return tables


def _seat_from_one(column: str) -> str:
    """A count's column as people read it: ``seat0`` is "seat 1"."""
    if column.startswith("seat") and column[4:].isdigit():
        return f"seat {int(column[4:]) + 1}"
    return column


def balance_cells(summary: SimulationSummary) -> list[CellTable]:
    """Every balance table of a summary, in printing order."""
    by_bot = bot_cells(summary)
    return ([by_bot] if by_bot is not None else []) + stats_cells(summary)
