"""The lab for notebooks: a run's games as a DataFrame, the report's statistics as one.

    from roadtrip import sim
    base = sim.run("road-rally", bots="heuristic", n=300, seed=1, options={"players": 4})
    fixed = sim.run("road-rally", bots="heuristic", n=300, seed=1,
                    options={"players": 4, "start_fix": "off_start_other"})
    sim.compare(base, fixed, labels=["none", "off_start_other"])  # paired, graphical
    sim.fairness(base)                                            # each seat's share

:func:`run` plays like ``roadtrip simulate`` (the same games for the same seed, the
fast path for Road to 300's random and greedy bots) and returns a row per game with
exactly the columns of a Parquet results file (:mod:`roadtrip.sim.results_parquet`:
``path``, ``option_<name>``, ``scores``, ``winners``, ``stat_<name>``, ...), so
``pandas.read_parquet`` of a ``--out`` file and :func:`run` give the same frame.
:func:`compare` and :func:`fairness` take such frames (or results files) and give the
report's tests (:mod:`roadtrip.sim.significance`, :mod:`roadtrip.sim.seat_fairness`) a row
per figure.  pandas and pyarrow come with ``pip install 'roadtrip[lab]'``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from roadtrip.sim.columns import GameColumns
from roadtrip.sim.report import load_result_set, result_set_of_rows
from roadtrip.sim.report_plots import ReportError, ResultSet
from roadtrip.sim.results_journal import journal_batch, journal_schema, pyarrow_modules
from roadtrip.sim.results_parquet import parquet_batch, parquet_schema, rows_of_batch
from roadtrip.sim.runner import prepare, simulate_run
from roadtrip.sim.seat_fairness import seat_fairness
from roadtrip.sim.significance import Comparison, compare_runs
from roadtrip.sim.stats import PlayedChunk


def run(
    game: str,
    *,
    bots: Sequence[str] | str,
    n: int,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    engine: bool = False,
    arrow: bool = False,
) -> Any:
    """Play ``n`` games of ``game`` and return them, a row per game, as a pandas
    DataFrame (an Arrow table with ``arrow``).  ``bots`` names one bot per seat or
    one for every seat; ``options`` are the game's options (``players`` included).
    Raises what ``roadtrip simulate`` reports for a bad game, bot or option."""
    pa, _ = pyarrow_modules()
    found, names = prepare(game, dict(options or {}), bots, n, workers)
    chunks: list[GameColumns] = []

    def keep(chunk: PlayedChunk) -> None:
        if chunk.games is not None:
            chunks.append(chunk.games)

    summary, _ = simulate_run(
        found.id, dict(found.options), names, n, seed, workers, record=keep, engine=engine
    )
    header = {
        "game": found.id,
        "seed": seed,
        "options": dict(found.options),
        "bots": list(names),
        "path": summary.path,
    }
    chunks.sort(key=lambda games: int(games.index[0]) if games.games else 0)
    stats = sorted({name for games in chunks for name, v in games.stats.items() if v.any()})
    schema = parquet_schema(header, stats)
    journal = journal_schema(header)
    batches = [parquet_batch(schema, header, journal_batch(journal, games)) for games in chunks]
    table = pa.Table.from_batches(batches, schema)
    return table if arrow else table.to_pandas()


def result_set(results: Any, label: str) -> ResultSet:
    """A run for the statistics: a frame from :func:`run` or ``pandas.read_parquet``,
    an Arrow table, or a results file's path."""
    if isinstance(results, str | Path):
        return load_result_set(Path(results), label)
    pa, _ = pyarrow_modules()
    table = results
    if not isinstance(results, pa.Table):
        table = pa.Table.from_pandas(results, preserve_index=False)
    rows = (row for batch in table.to_batches() for row in rows_of_batch(batch))
    return result_set_of_rows(rows, label, Path(label))


def _labels(count: int, labels: Sequence[str] | None) -> list[str]:
    if labels is None:
        return ["base"] + [f"run {number}" for number in range(2, count + 1)]
    if len(labels) != count:
        raise ReportError(f"{count} runs but {len(labels)} labels: give one label per run")
    return list(labels)


def _comparison_rows(comparison: Comparison) -> list[dict[str, Any]]:
    return [
        {
            "base": comparison.base,
            "other": comparison.other,
            "family": difference.family,
            "figure": difference.what,
            "kind": difference.kind,
            "base_value": difference.a,
            "other_value": difference.b,
            "change": difference.b - difference.a,
            "low": difference.low,
            "high": difference.high,
            "test": difference.test,
            "p": difference.p_value,
            "p_adjusted": difference.p_adjusted,
            "significant": difference.significant,
            "paired": comparison.paired,
            "games": comparison.games,
        }
        for difference in (*comparison.differences, *comparison.counts)
    ]


def compare(*runs: Any, labels: Sequence[str] | None = None) -> Any:
    """Every run after the first against the first, figure by figure, as the report
    compares them: a pandas DataFrame, a row per figure (``family`` "wins": win
    rates and ties, 80% of the 5% to start with; "play": scores, finishing places,
    length, endings, the other 20%, both tested by one graphical procedure;
    "counts": the game's balance counts, a Holm family of their own:
    :mod:`roadtrip.sim.multiplicity`), with both values, the
    change and its 95% interval, the test, the raw and adjusted p and whether the
    runs were paired."""
    import pandas as pd

    if len(runs) < 2:
        raise ReportError("compare needs two runs or more: the first is the baseline")
    pairs = zip(runs, _labels(len(runs), labels), strict=True)
    named = [result_set(results, label) for results, label in pairs]
    games = {found.summary.game for found in named}
    if len(games) > 1:
        raise ReportError(f"compare takes runs of one game, not {', '.join(sorted(games))}")
    rows = [row for other in named[1:] for row in _comparison_rows(compare_runs(named[0], other))]
    return pd.DataFrame(rows)


def fairness(results: Any, label: str = "run") -> Any:
    """The report's seat-fairness test of one run as a pandas DataFrame, a row per
    seat (numbered from 1): its share of the decided games' wins with its 95%
    interval, the equal share, the raw and Holm-adjusted p; ``attrs`` hold the
    chi-square test of all seats (``chi2``, ``p``, ``fair``)."""
    import pandas as pd

    found = result_set(results, label)
    verdict = seat_fairness(found.games) if found.games is not None else None
    if verdict is None:
        raise ReportError(f"{label}: no fairness test for one seat or no game won")
    frame = pd.DataFrame(
        [
            {
                "seat": share.seat + 1,
                "share": share.share,
                "low": share.low,
                "high": share.high,
                "equal": verdict.equal,
                "p": share.p_value,
                "p_holm": share.p_adjusted,
                "off": share.off,
            }
            for share in verdict.shares
        ]
    )
    frame.attrs.update(chi2=verdict.chi2, p=verdict.p_value, fair=verdict.fair, test=verdict.test)
    return frame
