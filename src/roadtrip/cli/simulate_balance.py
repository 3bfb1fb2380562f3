"""The balance part of ``roadtrip simulate``'s output: per-bot results and the
game's own balance counts (``roadtrip.sim.balance``), as Rich tables.

* One row per bot kind over all the seats it played (when there are two seats or
  more): mean score, wins and win rate with its 95% interval.
* One table per group of the game's counts (``"group.row.column"``): rates
  (``RATE_GROUPS``: at most once a game, such as "rally point 5 was scored") as
  percentages; counts as the mean per game and, in brackets, the share
  of its column (the colours' share of the cards played) in the first column, and
  as that share alone in the others (each seat's, the winner's); a group of
  different measures (``PLAIN_GROUPS``: The Open Road's dots) as plain means.
"""

from __future__ import annotations

from rich.table import Table

from roadtrip.sim.balance import PLAIN_GROUPS, RATE_GROUPS, STAT_TITLES, stat_tables
from roadtrip.sim.stats import SimulationSummary


def bot_table(summary: SimulationSummary) -> Table | None:
    """Each bot kind's results over its seats; None for a single seat."""
    if len(summary.seats) < 2:
        return None
    table = Table(title="by bot (all its seats)", title_justify="left")
    for name in ("bot", "seats", "mean score", "wins", "win rate", "95% interval"):
        table.add_column(name, justify="left" if name == "bot" else "right")
    for bot in summary.by_bot():
        table.add_row(
            bot.bot,
            str(bot.seats),
            f"{bot.mean_score:.2f}",
            f"{bot.wins:,}",
            f"{bot.win_rate:.2%}",
            f"{bot.win_rate_low:.2%} - {bot.win_rate_high:.2%}",
        )
    return table


def stats_tables(summary: SimulationSummary) -> list[Table]:
    """The game's balance counts, one table per group (none without counts)."""
    means = summary.stats
    tables = []
    for group, (rows, columns) in stat_tables(means).items():
        rates = group in RATE_GROUPS
        title = STAT_TITLES.get(group, f"{group} (mean per game)")
        table = Table(title=title, title_justify="left")
        table.add_column(group)
        for column in columns:
            table.add_column(column, justify="right")
        totals = {c: sum(means.get(f"{group}.{r}.{c}", 0.0) for r in rows) for c in columns}
        for row in rows:
            cells = [row]
            for column in columns:
                value = means.get(f"{group}.{row}.{column}", 0.0)
                share = value / totals[column] if totals[column] else 0.0
                if group in PLAIN_GROUPS:
                    cells.append(f"{value:.2f}")
                elif rates:
                    cells.append(f"{value:.1%}")
                elif column == columns[0]:
                    cells.append(f"{value:.2f} ({share:.0%})")
                else:
                    cells.append(f"{share:.0%}")
            table.add_row(*cells)
        tables.append(table)
    return tables


def balance_tables(summary: SimulationSummary) -> list[Table]:
    """Every balance table of a summary, in printing order."""
    by_bot = bot_table(summary)
    return ([by_bot] if by_bot is not None else []) + stats_tables(summary)
