"""A chunk of finished games as arrays: what a run hands its results file and its tables.

The compiled Road to 300 path plays a thousand games in about five milliseconds;
turning each into a Python object (a ``GameResult``, a row dict, a JSON text) cost
far more than playing it.  So a chunk's games travel as :class:`GameColumns`, one
numpy array per figure (a column per seat where a figure has one per seat), from
the worker that played them to the writer (:mod:`roadtrip.sim.results_parquet`
builds Arrow record batches straight from the arrays) and to the per-game tables
(:class:`~roadtrip.sim.game_table.TableBuilder`).  The engine path builds them from
its results (:meth:`GameColumns.from_results`); a JSON Lines file still gets a row
dict per game (:meth:`GameColumns.rows`), the one format that needs them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from roadtrip.sim.stats import GameResult

Row = dict[str, Any]
NO_ROUNDS = -1  # ``rounds`` of a game that counts none (``rounds_played()`` is None)
NO_ENDING = -1  # ``ending_codes`` of a game that says no ending


class PerGame:
    """Arrays with a row per game: how many games and seats they hold (shared by
    :class:`GameColumns` and :class:`~roadtrip.sim.game_table.GameTable`)."""

    index: NDArray[np.int64]  # (games,)
    scores: NDArray[np.float64]  # (games, seats)

    @property
    def games(self) -> int:
        return int(self.index.shape[0])

    @property
    def seats(self) -> int:
        return int(self.scores.shape[1])


@dataclass(frozen=True)
class GameColumns(PerGame):
    """Games of one run, row ``r`` of every array being game ``index[r]``."""

    index: NDArray[np.int64]  # (games,)
    scores: NDArray[np.float64]  # (games, seats)
    returns: NDArray[np.float64]  # (games, seats): State.returns(), ties shared
    decisions: NDArray[np.int64]  # (games,)
    rounds: NDArray[np.int64]  # (games,), NO_ROUNDS where the game counts none
    ending_codes: NDArray[np.int64]  # (games,): positions in ending_names, or NO_ENDING
    ending_names: tuple[str, ...]
    # The game's balance counts (roadtrip.sim.balance), 0 where a game has none.
    stats: dict[str, NDArray[np.int64]] = field(default_factory=dict)

    @property
    def wins(self) -> NDArray[np.bool_]:
        """Who won each game (a shared win for every sharer): a positive return."""
        wins: NDArray[np.bool_] = self.returns > 0
        return wins

    @property
    def endings(self) -> list[str | None]:
        """Each game's ending as the engine names it (None where it names none)."""
        return [None if code < 0 else self.ending_names[code] for code in self.ending_codes]

    @classmethod
    def from_results(cls, start: int, results: Sequence[GameResult]) -> GameColumns:
        """Games ``start, start + 1, ...`` from their results (the engine path)."""
        return cls.from_parts(
            np.arange(start, start + len(results), dtype=np.int64),
            [result.scores for result in results],
            [result.returns for result in results],
            [result.decisions for result in results],
            [result.rounds for result in results],
            [result.ending for result in results],
            [result.stats for result in results],
        )

    @classmethod
    def from_rows(cls, rows: Sequence[Mapping[str, Any]]) -> GameColumns:
        """Games from results-file rows (:meth:`rows`' form), in their order."""
        return cls.from_parts(
            np.array([int(row["index"]) for row in rows], dtype=np.int64),
            [row["scores"] for row in rows],
            [row["returns"] for row in rows],
            [row["decisions"] for row in rows],
            [row["rounds"] for row in rows],
            [row["ending"] for row in rows],
            [row["stats"] for row in rows],
        )

    @classmethod
    def from_parts(
        cls,
        index: NDArray[np.int64],
        scores: Sequence[Sequence[float]],
        returns: Sequence[Sequence[float]],
        decisions: Sequence[int],
        rounds: Sequence[int | None],
        endings: Sequence[str | None],
        stats: Sequence[Mapping[str, int]],
    ) -> GameColumns:
        """Columns from per-game values (Python objects: the slow paths only)."""
        games = len(index)
        names = tuple(sorted({ending for ending in endings if ending is not None}))
        code = {name: number for number, name in enumerate(names)}
        stat_names = sorted({name for counts in stats for name in counts})
        stat_arrays = {name: np.zeros(games, dtype=np.int64) for name in stat_names}
        for row, counts in enumerate(stats):
            for name, count in counts.items():
                stat_arrays[name][row] = count
        seats = len(scores[0]) if games else 0
        return cls(
            index=np.asarray(index, dtype=np.int64),
            scores=np.array(scores, dtype=np.float64).reshape(games, seats),
            returns=np.array(returns, dtype=np.float64).reshape(games, seats),
            decisions=np.array(decisions, dtype=np.int64),
            rounds=np.array([NO_ROUNDS if r is None else r for r in rounds], dtype=np.int64),
            ending_codes=np.array(
                [NO_ENDING if e is None else code[e] for e in endings], dtype=np.int64
            ),
            ending_names=names,
            stats=stat_arrays,
        )

    def game_results(self) -> list[GameResult]:
        """Each game's :class:`GameResult` (stats: the counts that are not 0)."""
        endings = self.endings
        stat_rows = self._stat_rows()
        return [
            GameResult(
                scores=tuple(float(score) for score in self.scores[row]),
                wins=tuple(bool(won) for won in self.wins[row]),
                decisions=int(self.decisions[row]),
                rounds=None if self.rounds[row] == NO_ROUNDS else int(self.rounds[row]),
                ending=endings[row],
                stats=Counter(stat_rows[row]),
                returns=tuple(float(value) for value in self.returns[row]),
            )
            for row in range(self.games)
        ]

    def _stat_rows(self) -> list[dict[str, int]]:
        rows: list[dict[str, int]] = [{} for _ in range(self.games)]
        for name, values in sorted(self.stats.items()):
            for row in np.flatnonzero(values):
                rows[row][name] = int(values[row])
        return rows

    def rows(self, header: Mapping[str, Any]) -> list[Row]:
        """Each game's results-file row: ``game``, ``seed``, ``index``, ``options``
        (every option, defaults included), ``bots``, ``scores``, ``returns``,
        ``winners`` (the seats whose return is positive), ``decisions``, ``rounds``,
        ``ending`` and ``stats`` (the counts that are not 0); ``header`` holds the
        run's fields (game, seed, options, bots and the path that played them)."""
        scores = self.scores.tolist()
        returns = self.returns.tolist()
        wins = self.wins.tolist()
        endings = self.endings
        stat_rows = self._stat_rows()
        rounds = self.rounds.tolist()
        return [
            {
                **header,
                "index": index,
                "options": dict(header["options"]),
                "bots": list(header["bots"]),
                "scores": scores[row],
                "returns": returns[row],
                "winners": [seat for seat, won in enumerate(wins[row]) if won],
                "decisions": decisions,
                "rounds": None if rounds[row] == NO_ROUNDS else rounds[row],
                "ending": endings[row],
                "stats": stat_rows[row],
            }
            for row, (index, decisions) in enumerate(
                zip(self.index.tolist(), self.decisions.tolist(), strict=True)
            )
        ]


def shared_returns(wins: NDArray[np.bool_]) -> NDArray[np.float64]:
    """Returns where each game's winners share one victory (1/k each, 0 for the
    others), as ``roadtrip.core.state.shared_victory`` gives them, for many games."""
    winners = wins.sum(axis=1, keepdims=True)
    shares: NDArray[np.float64] = np.where(wins, 1.0 / np.maximum(winners, 1), 0.0)
    return shares
