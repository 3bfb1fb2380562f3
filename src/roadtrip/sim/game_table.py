"""A run's games as arrays, one row per game, for the tests that pair games.

A :class:`~roadtrip.sim.stats.Tally` keeps histograms, enough for means, rates and
unpaired tests, but two runs on the same seeds play game ``i`` from the same draws,
and comparing them game by game (McNemar, Wilcoxon signed-rank, paired intervals:
:mod:`roadtrip.sim.significance`) needs each game's figures.  A :class:`GameTable`
holds them as numpy arrays keyed by game index: each seat's score, win, share of
the win (ties shared), finishing position (1 is first; a winner ahead of a
non-winner, then by score, ties averaged), the rounds, the ending, and the game's
per-game rates (``RATE_GROUPS`` counts such as Road Rally's ``start.<k>.wins``,
at most once a game).  :class:`TableBuilder` gathers them from game results or
results-file rows in compact arrays (8 bytes a figure), so a report on a million
games keeps tens of megabytes, not Python objects.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from roadtrip.sim.balance import RATE_GROUPS
from roadtrip.sim.columns import NO_ROUNDS, GameColumns, PerGame
from roadtrip.sim.stats import GameResult

# Wins rank ahead of every score (scores stay far below this in every game).
_WIN_BONUS = 1e12


@dataclass(frozen=True)
class GameTable(PerGame):
    """Per-game figures of a run, rows in ascending game index."""

    index: NDArray[np.int64]  # (games,)
    scores: NDArray[np.float64]  # (games, seats)
    wins: NDArray[np.bool_]  # (games, seats): returns() > 0, a shared win for each sharer
    rounds: NDArray[np.float64]  # (games,), NaN where the game counts no rounds
    endings: tuple[str | None, ...]  # (games,)
    rates: dict[str, NDArray[np.float64]] = field(default_factory=dict)  # name -> (games,)
    # True when each column holds a run's values but a row is not one game (a table
    # rebuilt from histograms): only per-column figures are meaningful.
    marginal: bool = False

    @property
    def shares(self) -> NDArray[np.float64]:
        """Each seat's share of each game's win: 1 for a lone winner, 1/k for each
        of k who share it, 0 otherwise (and 0 for everyone in a game nobody won)."""
        winners = self.wins.sum(axis=1, keepdims=True)
        return np.where(self.wins, 1.0 / np.maximum(winners, 1), 0.0)

    @property
    def positions(self) -> NDArray[np.float64]:
        """Each seat's finishing place in each game: 1 is first; winners ahead of
        the others, then the higher score; tied seats share the mean of their places."""
        # Imported here: SciPy costs about half a second, and every `roadtrip`
        # command (serve included) imports this module through the lab's commands.
        from scipy.stats import rankdata

        key = self.wins * _WIN_BONUS + self.scores
        return np.asarray(rankdata(-key, axis=1, method="average"), dtype=np.float64)

    def ending_flags(self, ending: str) -> NDArray[np.float64]:
        """1 for each game that ended ``ending``, else 0."""
        return np.array([1.0 if e == ending else 0.0 for e in self.endings])

    def take(self, rows: NDArray[np.intp]) -> GameTable:
        """The table of the rows at positions ``rows`` (in that order)."""
        return GameTable(
            self.index[rows],
            self.scores[rows],
            self.wins[rows],
            self.rounds[rows],
            tuple(self.endings[r] for r in rows),
            {name: values[rows] for name, values in self.rates.items()},
            self.marginal,
        )


def paired_tables(a: GameTable, b: GameTable) -> tuple[GameTable, GameTable]:
    """The games both tables hold (same index), each in index order, row for row."""
    common, rows_a, rows_b = np.intersect1d(a.index, b.index, return_indices=True)
    del common
    return a.take(rows_a), b.take(rows_b)


class TableBuilder:
    """Gathers a run's games (from results or from file rows) into a GameTable."""

    def __init__(self) -> None:
        self._index = array("q")
        self._scores = array("d")
        self._wins = array("b")
        self._rounds = array("d")
        self._endings: list[str | None] = []
        self._rates: dict[str, array[int]] = {}  # name -> the rows where it counted
        self._seats: int | None = None

    def add(self, index: int, result: GameResult) -> None:
        """Count game ``index``'s result."""
        self._add(index, result.scores, result.wins, result.rounds, result.ending, result.stats)

    def add_all(self, start: int, results: Iterable[GameResult]) -> None:
        """Count consecutive games from index ``start``."""
        for offset, result in enumerate(results):
            self.add(start + offset, result)

    def add_columns(self, games: GameColumns) -> None:
        """Count a chunk's games from their arrays (no Python object per game but
        the ending's name)."""
        if self._seats is None:
            self._seats = games.seats
        first = len(self._index)
        self._index.extend(games.index.tolist())
        self._scores.extend(games.scores.ravel().tolist())
        self._wins.extend(games.wins.ravel().astype(np.int8).tolist())
        self._rounds.extend(
            np.where(games.rounds == NO_ROUNDS, np.nan, games.rounds.astype(np.float64)).tolist()
        )
        self._endings.extend(games.endings)
        for name, values in games.stats.items():
            if name.partition(".")[0] in RATE_GROUPS:
                self._rates.setdefault(name, array("q")).extend(
                    (np.flatnonzero(values) + first).tolist()
                )

    def add_row(self, row: Mapping[str, Any]) -> None:
        """Count a results-file row (:meth:`roadtrip.sim.columns.GameColumns.rows`)."""
        winners = set(row["winners"])
        seats = len(row["scores"])
        self._add(
            int(row["index"]),
            row["scores"],
            [seat in winners for seat in range(seats)],
            row["rounds"],
            row["ending"],
            row["stats"],
        )

    def _add(
        self,
        index: int,
        scores: Iterable[float],
        wins: Iterable[bool],
        rounds: int | None,
        ending: str | None,
        stats: Mapping[str, int],
    ) -> None:
        row = len(self._index)
        scores = [float(score) for score in scores]
        if self._seats is None:
            self._seats = len(scores)
        self._index.append(index)
        self._scores.extend(scores)
        self._wins.extend(1 if won else 0 for won in wins)
        self._rounds.append(float("nan") if rounds is None else float(rounds))
        self._endings.append(ending)
        for name, count in stats.items():
            if count and name.partition(".")[0] in RATE_GROUPS:
                self._rates.setdefault(name, array("q")).append(row)

    def build(self) -> GameTable:
        """The table of every game counted, in ascending index."""
        seats = self._seats or 0
        games = len(self._index)
        index = np.frombuffer(self._index, dtype=np.int64).copy() if games else np.zeros(0, int)
        rates = {}
        for name, rows in sorted(self._rates.items()):
            values = np.zeros(games)
            values[np.frombuffer(rows, dtype=np.int64)] = 1.0
            rates[name] = values
        table = GameTable(
            index.astype(np.int64),
            np.frombuffer(self._scores, dtype=np.float64).reshape(games, seats).copy(),
            np.frombuffer(self._wins, dtype=np.int8).reshape(games, seats).astype(bool),
            np.frombuffer(self._rounds, dtype=np.float64).copy(),
            tuple(self._endings),
            rates,
        )
        return table.take(np.argsort(table.index, kind="stable"))
