"""Is a difference between two simulation runs real?  Tests that fit how they ran.

Two runs (the first is the baseline) are compared figure by figure: each seat's
win rate, score and finishing position, each bot's win rate over its seats (when
a run mixes bots), the ties, the game length, the share of each ending and the
game's per-game rates (Road Rally's win rate by starting place, rally points).

* **Paired**, when both runs played the same games' draws (same game, seed, seats
  and path, and per-game figures of both: :class:`~roadtrip.sim.game_table.GameTable`):
  game ``i`` of one run against game ``i`` of the other.  A rate by McNemar's test
  (exact binomial while the discordant games are fewer than ``EXACT_BELOW``), any
  other figure by the Wilcoxon signed-rank test; each with the paired 95% t
  interval of the per-game differences.
* **Unpaired** otherwise (other seeds, or only histograms): a rate by the score
  test of two independent proportions with Newcombe's interval, any other figure by
  the Mann-Whitney U test with Welch's interval.  The comparison says why it is
  unpaired.

Every test is two-sided.  The verdict weighs two questions: who wins (each seat's,
starting place's and bot's win rate, the ties: 80% of the level to start with) and
how they play (scores, finishing positions, length, endings: the other 20%), and a
flagged figure passes its level on, within its question first, then to the other:
the graphical approach of Bretz et al. (2009), which keeps the chance of any false
alarm among all of them at 5% (``ALPHA``; why a graph and not Holm over all or
gatekeeping: :mod:`roadtrip.sim.multiplicity`).
Each figure shows its raw and its adjusted p.  The game's balance counts (Road
Rally's rally points, dozens of them) form a family of their own, Holm-corrected
and shown apart: they describe, they do not decide.  The statistics come from
SciPy and statsmodels (``pip install 'roadtrip[lab]'``).
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray
from scipy import stats as sps

from roadtrip.sim.balance import RATE_GROUPS
from roadtrip.sim.game_table import GameTable, paired_tables
from roadtrip.sim.multiplicity import ALPHA, COUNTS, PLAY, WINS, graphical, holm_adjusted
from roadtrip.sim.report_plots import ReportError, ResultSet

__all__ = ["ALPHA", "Comparison", "Difference", "compare_runs", "format_p", "holm"]
EXACT_BELOW = 100  # McNemar exact (binomial) below this many discordant games

Values = NDArray[np.float64]


@dataclass(frozen=True)
class Difference:
    """One figure of two runs: ``a`` (the baseline) and ``b``, the 95% interval of
    ``b - a``, the test's raw p-value and the adjusted one (two-sided) of its
    ``family`` (:mod:`roadtrip.sim.multiplicity`: wins, play or counts)."""

    what: str
    kind: str  # "rate" (shown in percent) or "mean"
    a: float
    b: float
    low: float
    high: float
    p_value: float
    test: str
    p_adjusted: float = 1.0
    family: str = PLAY

    @property
    def significant(self) -> bool:
        """Significant at 5% after the correction of its family."""
        return self.p_adjusted < ALPHA

    def change(self) -> str:
        """``b - a`` with its interval, e.g. "-10.3 points (95% interval -16.8 to -3.9)"."""
        if self.kind == "rate":
            return (
                f"{100 * (self.b - self.a):+.1f} points (95% interval "
                f"{100 * self.low:+.1f} to {100 * self.high:+.1f})"
            )
        return f"{self.b - self.a:+.2f} (95% interval {self.low:+.2f} to {self.high:+.2f})"

    def sentence(self, label_a: str, label_b: str) -> str:
        """The difference in words, with both p-values and the verdict."""
        a, b = (
            (f"{self.a:.1%}", f"{self.b:.1%}")
            if self.kind == "rate"
            else (
                f"{self.a:.2f}",
                f"{self.b:.2f}",
            )
        )
        verdict = (
            "significant"
            if self.significant
            else "not significant (no evidence of a difference after the correction)"
        )
        return (
            f"{self.what}: {a} ({label_a}) against {b} ({label_b}), {self.change()}, "
            f"{self.test} p = {format_p(self.p_value)}, adjusted p = "
            f"{format_p(self.p_adjusted)}: {verdict}"
        )


@dataclass(frozen=True)
class Comparison:
    """Every figure of ``other`` against ``base``: the verdict's figures (wins, then
    play, tested together by the graphical procedure) and the balance counts (a
    Holm family of their own)."""

    base: str
    other: str
    paired: bool
    games: int  # pairs of games (paired), else the smaller run's games
    design: str  # how the runs were compared, in words
    differences: tuple[Difference, ...]  # the verdict: who wins, then scores, length
    # The game's balance counts (Road Rally's rally points): a Holm family apart,
    # shown but not part of the verdict, so dozens of counts do not drown it.
    counts: tuple[Difference, ...] = ()

    @property
    def significant(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.significant)


def format_p(p_value: float) -> str:
    """A p-value for people: three significant digits, tiny ones as "< 0.0001"."""
    return "< 0.0001" if p_value < 1e-4 else f"{p_value:.3g}"


def _mean_interval(differences: Values) -> tuple[float, float]:
    """The 95% t interval of the mean of ``differences`` (a point when they agree)."""
    mean = float(np.mean(differences)) if differences.size else 0.0
    if differences.size < 2 or float(np.ptp(differences)) == 0.0:
        return mean, mean
    interval = sps.ttest_1samp(differences, 0.0).confidence_interval(0.95)
    return float(interval.low), float(interval.high)


def paired_rate(what: str, a: Values, b: Values) -> Difference:
    """A 0/1 figure of the same games: McNemar's test, paired t interval."""
    from statsmodels.stats.contingency_tables import mcnemar

    only_a = int(np.sum((a > 0) & (b <= 0)))
    only_b = int(np.sum((a <= 0) & (b > 0)))
    both = int(np.sum((a > 0) & (b > 0)))
    neither = a.size - only_a - only_b - both
    discordant = only_a + only_b
    exact = discordant < EXACT_BELOW
    if discordant == 0:
        p_value = 1.0
    else:
        result = mcnemar([[both, only_a], [only_b, neither]], exact=exact, correction=True)
        p_value = float(result.pvalue)
    low, high = _mean_interval(b - a)
    name = "McNemar exact" if exact else "McNemar"
    return Difference(what, "rate", float(a.mean()), float(b.mean()), low, high, p_value, name)


def paired_mean(what: str, a: Values, b: Values) -> Difference:
    """Any other figure of the same games: Wilcoxon signed-rank, paired t interval."""
    differences = b - a
    # Every game alike: nothing to test (SciPy refuses all-zero differences).
    p_value = float(sps.wilcoxon(differences).pvalue) if np.any(differences) else 1.0
    low, high = _mean_interval(differences)
    return Difference(
        what, "mean", float(a.mean()), float(b.mean()), low, high, p_value, "Wilcoxon"
    )


def unpaired_rate(what: str, a: Values, b: Values) -> Difference:
    """A 0/1 figure of independent games: the score test of two proportions and
    Newcombe's interval of the difference."""
    from statsmodels.stats.proportion import (
        confint_proportions_2indep,
        test_proportions_2indep,
    )

    k_a, k_b, n_a, n_b = int(a.sum()), int(b.sum()), a.size, b.size
    p_a, p_b = k_a / n_a, k_b / n_b
    if k_a + k_b in (0, n_a + n_b):
        p_value, low, high = 1.0, p_b - p_a, p_b - p_a
    else:
        p_value = float(test_proportions_2indep(k_b, n_b, k_a, n_a, method="score").pvalue)
        low, high = confint_proportions_2indep(k_b, n_b, k_a, n_a, method="newcomb")
    return Difference(what, "rate", p_a, p_b, float(low), float(high), p_value, "score test")


def unpaired_mean(what: str, a: Values, b: Values) -> Difference:
    """Any other figure of independent games: Mann-Whitney U, Welch's interval."""
    delta = float(b.mean() - a.mean())
    if np.ptp(np.concatenate([a, b])) == 0:
        p_value, low, high = 1.0, delta, delta
    else:
        p_value = float(sps.mannwhitneyu(b, a, alternative="two-sided").pvalue)
        if a.size > 1 and b.size > 1 and (np.ptp(a) > 0 or np.ptp(b) > 0):
            interval = sps.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
            low, high = float(interval.low), float(interval.high)
        else:
            low = high = delta
    return Difference(
        what, "mean", float(a.mean()), float(b.mean()), low, high, p_value, "Mann-Whitney"
    )


def holm(differences: Sequence[Difference]) -> list[Difference]:
    """``differences`` with Holm-adjusted p-values over all of them."""
    adjusted = holm_adjusted([d.p_value for d in differences])
    return [replace(d, p_adjusted=p) for d, p in zip(differences, adjusted, strict=True)]


def verdict(differences: Sequence[Difference]) -> list[Difference]:
    """The verdict's figures with the adjusted p-values of the graphical procedure:
    the family wins first, then play (counts left out)."""
    wins = [d for d in differences if d.family == WINS]
    play = [d for d in differences if d.family == PLAY]
    adjusted = graphical([d.p_value for d in wins], [d.p_value for d in play])
    figures = [*wins, *play]
    return [
        replace(d, p_adjusted=p) for d, p in zip(figures, [*adjusted[0], *adjusted[1]], strict=True)
    ]


# Labels of the per-game rates that are balance counts, not who wins (see rate_label).
COUNT_LABELS = ("rally point ",)


def rate_label(name: str) -> str:
    """A per-game rate's name in words: ``start.3.wins`` is "starting place 4 win rate"."""
    group, _, rest = name.partition(".")
    row, _, column = rest.rpartition(".")
    if group == "start" and row.isdigit():
        return f"starting place {int(row) + 1} win rate"
    if group == "rally":
        return f"rally point {row} {column}"
    return name


# A figure of both runs: (family, name, "rate" or "mean", per-game values of a and b).
Figure = tuple[str, str, str, Values, Values]


def _figures(run_a: ResultSet, a: GameTable, run_b: ResultSet, b: GameTable) -> list[Figure]:
    """Every figure both runs have, as per-game values."""
    out: list[Figure] = []
    joint = not (a.marginal or b.marginal)  # figures across seats need whole games
    if a.seats == b.seats:
        many = a.seats > 1 and joint
        pos_a, pos_b = (a.positions, b.positions) if many else (None, None)
        for seat in range(a.seats):
            name = f"seat {seat + 1}"
            if many or a.wins[:, seat].any() or b.wins[:, seat].any():
                wins_a = a.wins[:, seat].astype(np.float64)
                wins_b = b.wins[:, seat].astype(np.float64)
                out.append((WINS, f"{name} win rate", "rate", wins_a, wins_b))
            out.append((PLAY, f"{name} score", "mean", a.scores[:, seat], b.scores[:, seat]))
            if pos_a is not None and pos_b is not None:
                positions = (pos_a[:, seat], pos_b[:, seat])
                out.append((PLAY, f"{name} finishing position", "mean", *positions))
        if many and joint:
            ties_a = (a.wins.sum(axis=1) > 1).astype(np.float64)
            ties_b = (b.wins.sum(axis=1) > 1).astype(np.float64)
            if ties_a.any() or ties_b.any():
                out.append((WINS, "ties (shared wins)", "rate", ties_a, ties_b))
    bots_a, bots_b = run_a.summary.bots, run_b.summary.bots
    if joint and (len(set(bots_a)) > 1 or len(set(bots_b)) > 1):
        for bot in dict.fromkeys(bots_a):
            if bot in bots_b:
                seats_a = [s for s, name in enumerate(bots_a) if name == bot]
                seats_b = [s for s, name in enumerate(bots_b) if name == bot]
                out.append(
                    (
                        WINS,
                        f"{bot} win rate (all its seats)",
                        "mean",
                        a.wins[:, seats_a].mean(axis=1, dtype=np.float64),
                        b.wins[:, seats_b].mean(axis=1, dtype=np.float64),
                    )
                )
    if not np.isnan(a.rounds).any() and not np.isnan(b.rounds).any():
        out.append((PLAY, "game length (rounds)", "mean", a.rounds, b.rounds))
    endings = sorted({e for e in (*a.endings, *b.endings) if e is not None})
    if len(endings) > 1:
        for ending in endings:
            flags = (a.ending_flags(ending), b.ending_flags(ending))
            out.append((PLAY, f"games ending '{ending}'", "rate", *flags))
    zeros_a, zeros_b = np.zeros(a.games), np.zeros(b.games)
    for name in sorted(set(a.rates) | set(b.rates)):
        label = rate_label(name)
        family = COUNTS if label.startswith(COUNT_LABELS) else WINS
        rates = (a.rates.get(name, zeros_a), b.rates.get(name, zeros_b))
        out.append((family, label, "rate", *rates))
    return out


def unpaired_reason(a: ResultSet, b: ResultSet) -> str | None:
    """Why two runs cannot be compared game by game (None: they can)."""
    sa, sb = a.summary, b.summary
    if sa.seed != sb.seed:
        return f"different seeds ({sa.seed} and {sb.seed})"
    if sa.path != sb.path:
        return "one ran on Road to 300's fast path, the other through the engine"
    if len(sa.seats) != len(sb.seats):
        return "different numbers of seats"
    if a.games is None or b.games is None:
        return "no per-game results of both runs"
    if np.intersect1d(a.games.index, b.games.index).size < 2:
        return "fewer than two games in common"
    return None


def compare_runs(base: ResultSet, other: ResultSet) -> Comparison:
    """Every figure of ``other`` against ``base``: paired where they played the same
    games, else unpaired (and the design says why), Holm-adjusted as one family."""
    with warnings.catch_warnings():
        # Near-degenerate samples make SciPy warn about precision; the results stand.
        warnings.simplefilter("ignore", RuntimeWarning)
        return _compare(base, other)


def _compare(base: ResultSet, other: ResultSet) -> Comparison:
    reason = unpaired_reason(base, other)
    if reason is None and base.games is not None and other.games is not None:
        a, b = paired_tables(base.games, other.games)
        figures = _figures(base, a, other, b)
        found = [
            replace((paired_rate if kind == "rate" else paired_mean)(name, x, y), family=family)
            for family, name, kind, x, y in figures
        ]
        design = (
            f"paired: the same {a.games:,} games (same seeds) compared game by game: "
            "McNemar's test for rates, Wilcoxon signed-rank for the rest, paired 95% intervals"
        )
        games = a.games
    else:
        a, b = table_of(base), table_of(other)
        figures = _figures(base, a, other, b)
        found = [
            replace((unpaired_rate if kind == "rate" else unpaired_mean)(name, x, y), family=family)
            for family, name, kind, x, y in figures
        ]
        design = (
            f"unpaired ({reason}): the score test of two proportions for rates, "
            "Mann-Whitney U for the rest, 95% Newcombe and Welch intervals"
        )
        games = min(a.games, b.games)
    if not found:
        raise ReportError(f"{other.label} and {base.label} share no figure to compare")
    counts = [d for d in found if d.family == COUNTS]
    return Comparison(
        base.label,
        other.label,
        reason is None,
        games,
        design,
        tuple(verdict(found)),
        tuple(holm(counts)),
    )


def histogram_values(histogram: Counter[float]) -> Values:
    """The values a histogram counts, each as often as counted (sorted)."""
    values = sorted(histogram)
    return np.repeat(np.array(values, dtype=np.float64), [histogram[v] for v in values])


def table_of(run: ResultSet) -> GameTable:
    """The run's per-game table, or one rebuilt from its tally for unpaired tests:
    each column holds the right values but not of the same games (``marginal``),
    so figures across seats (positions, ties, bots) are left out."""
    if run.games is not None:
        return run.games
    tally, games = run.tally, run.tally.games
    scores = np.column_stack([histogram_values(h) for h in tally.score_histograms])
    wins = np.column_stack([np.arange(games) < tally.wins[s] for s in range(tally.seats)])
    rounds = np.full(games, np.nan)
    if tally.games_with_rounds == games:
        rounds = histogram_values(Counter({float(k): v for k, v in tally.round_histogram.items()}))
    endings: list[str | None] = [e for e, n in sorted(tally.endings.items()) for _ in range(n)]
    endings += [None] * (games - len(endings))
    rates: dict[str, Values] = {
        name: (np.arange(games) < round(count)).astype(np.float64)
        for name, count in tally.stats.items()
        if name.partition(".")[0] in RATE_GROUPS
    }
    return GameTable(np.arange(games), scores, wins, rounds, tuple(endings), rates, marginal=True)
