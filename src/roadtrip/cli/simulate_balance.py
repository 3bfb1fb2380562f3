"""The balance part of ``roadtrip simulate``'s output as Rich tables: per-bot
results and the game's own balance counts, whose cells
:mod:`roadtrip.sim.balance_tables` computes (``roadtrip report`` shows the same
cells as HTML)."""

from __future__ import annotations

from rich.table import Table

from roadtrip.sim.balance_tables import CellTable, balance_cells, bot_cells, stats_cells
from roadtrip.sim.stats import SimulationSummary


def rich_table(cells: CellTable) -> Table:
    """A cell table as a Rich table (the first column left, numbers right)."""
    table = Table(title=cells.title, title_justify="left")
    for number, name in enumerate(cells.columns):
        table.add_column(name, justify="left" if number == 0 else "right")
    for row in cells.rows:
        table.add_row(*row)
    return table


def bot_table(summary: SimulationSummary) -> Table | None:
    """Each bot kind's results over its seats; None for a single seat."""
    cells = bot_cells(summary)
    return rich_table(cells) if cells is not None else None


def stats_tables(summary: SimulationSummary) -> list[Table]:
    """The game's balance counts, one table per group (none without counts)."""
    return [rich_table(cells) for cells in stats_cells(summary)]


def balance_tables(summary: SimulationSummary) -> list[Table]:
    """Every balance table of a summary, in printing order."""
    return [rich_table(cells) for cells in balance_cells(summary)]
