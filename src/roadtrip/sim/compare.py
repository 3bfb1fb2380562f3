"""Is a difference between two simulation runs real?  Significance tests on tallies.

Two runs (two variants, two bots, two seeds) are compared figure by figure, the
first as the baseline:

* a rate (a seat's or a bot's win rate, the share of games ending one way):
  the two-proportion z-test with a pooled variance, and a 95% Wald interval of the
  difference, kept within -1..1 (:func:`two_proportion_test`);
* a distribution (a seat's scores, the game length in rounds): the Mann-Whitney U
  test, normal approximation with the tie correction and a continuity correction
  (what ``scipy.stats.mannwhitneyu(method="asymptotic")`` computes), straight from
  the tallies' histograms, and a 95% Welch interval of the difference of the means
  (:func:`mann_whitney_test`).

Each test is two-sided at the 5% level (``ALPHA``).  Many figures are compared at
once, so about one in twenty differences that are not real still shows as
significant: the report says so.  Tests need no SciPy.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from roadtrip.sim.stats import Z_95, Number, SimulationSummary, Tally

ALPHA = 0.05


@dataclass(frozen=True)
class Difference:
    """One figure of two runs: ``a`` (the baseline) and ``b``, the 95% interval of
    ``b - a``, and the test's p-value (two-sided)."""

    what: str
    kind: str  # "rate" (shown in percent) or "mean"
    a: float
    b: float
    low: float
    high: float
    p_value: float
    test: str  # the test's name, for the reader

    @property
    def significant(self) -> bool:
        return self.p_value < ALPHA

    def sentence(self, label_a: str, label_b: str) -> str:
        """The difference in words, e.g. "seat 1 win rate: 24.1% (A) against 30.2%
        (B), +6.1 points (95% interval +3.0 to +9.2), p = 0.0001: significant"."""
        if self.kind == "rate":
            a, b = f"{self.a:.1%}", f"{self.b:.1%}"
            delta = f"{100 * (self.b - self.a):+.1f} points"
            interval = f"{100 * self.low:+.1f} to {100 * self.high:+.1f}"
        else:
            a, b = f"{self.a:.2f}", f"{self.b:.2f}"
            delta = f"{self.b - self.a:+.2f}"
            interval = f"{self.low:+.2f} to {self.high:+.2f}"
        verdict = (
            "significant"
            if self.significant
            else "not significant (no evidence of a difference at the 5% level)"
        )
        return (
            f"{self.what}: {a} ({label_a}) against {b} ({label_b}), {delta} "
            f"(95% interval {interval}), {self.test} p = {format_p(self.p_value)}: {verdict}"
        )


def format_p(p_value: float) -> str:
    """A p-value for people: three significant digits, tiny ones as "< 0.0001"."""
    return "< 0.0001" if p_value < 1e-4 else f"{p_value:.3g}"


def normal_two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_test(
    what: str, successes_a: int, trials_a: int, successes_b: int, trials_b: int
) -> Difference:
    """The two-proportion z-test (pooled) of ``successes / trials`` in two runs."""
    p_a = successes_a / trials_a if trials_a else 0.0
    p_b = successes_b / trials_b if trials_b else 0.0
    pooled = (successes_a + successes_b) / (trials_a + trials_b) if trials_a + trials_b else 0.0
    se_pooled = (
        math.sqrt(pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b))
        if trials_a and trials_b
        else 0.0
    )
    p_value = normal_two_sided_p((p_b - p_a) / se_pooled) if se_pooled > 0 else 1.0
    se = (
        math.sqrt(p_a * (1 - p_a) / trials_a + p_b * (1 - p_b) / trials_b)
        if trials_a and trials_b
        else 0.0
    )
    delta = p_b - p_a
    low, high = max(-1.0, delta - Z_95 * se), min(1.0, delta + Z_95 * se)
    return Difference(what, "rate", p_a, p_b, low, high, p_value, "z-test")


def _moments(histogram: Counter[Number]) -> tuple[int, float, float]:
    """Count, mean and sample variance of the values a histogram counts."""
    n = sum(histogram.values())
    if n == 0:
        return 0, 0.0, 0.0
    mean = math.fsum(value * count for value, count in histogram.items()) / n
    squares = math.fsum(count * (value - mean) ** 2 for value, count in histogram.items())
    return n, mean, squares / (n - 1) if n > 1 else 0.0


def mann_whitney_u(a: Counter[Number], b: Counter[Number]) -> tuple[float, float]:
    """The Mann-Whitney U of ``a`` (against ``b``) and its two-sided p-value, from
    histograms: midranks for ties, the tie-corrected variance, a continuity
    correction of 1/2 (p = 1 when every value is the same)."""
    n_a, n_b = sum(a.values()), sum(b.values())
    n = n_a + n_b
    if n_a == 0 or n_b == 0:
        return 0.0, 1.0
    rank_sum_a = 0.0
    ties = 0.0
    below = 0
    for value in sorted(set(a) | set(b)):
        count = a.get(value, 0) + b.get(value, 0)
        midrank = below + (count + 1) / 2
        rank_sum_a += midrank * a.get(value, 0)
        ties += count**3 - count
        below += count
    u_a = rank_sum_a - n_a * (n_a + 1) / 2
    mean_u = n_a * n_b / 2
    variance = n_a * n_b / 12 * ((n + 1) - ties / (n * (n - 1)))
    if variance <= 0:
        return u_a, 1.0
    z = (abs(u_a - mean_u) - 0.5) / math.sqrt(variance)
    return u_a, min(1.0, normal_two_sided_p(max(z, 0.0)))


def mann_whitney_test(what: str, a: Counter[Number], b: Counter[Number]) -> Difference:
    """Compare two distributions: the means with a 95% Welch interval of their
    difference, tested by Mann-Whitney U."""
    n_a, mean_a, var_a = _moments(a)
    n_b, mean_b, var_b = _moments(b)
    se = math.sqrt(var_a / n_a + var_b / n_b) if n_a and n_b else 0.0
    delta = mean_b - mean_a
    _, p_value = mann_whitney_u(a, b)
    return Difference(
        what,
        "mean",
        mean_a,
        mean_b,
        delta - Z_95 * se,
        delta + Z_95 * se,
        p_value,
        "Mann-Whitney",
    )


def run_differences(
    a: SimulationSummary, tally_a: Tally, b: SimulationSummary, tally_b: Tally
) -> list[Difference]:
    """Every figure two runs share, ``a`` the baseline: each seat's win rate and
    scores (when both have the same seats), each bot's win rate over its seats,
    the game length in rounds, and the share of each ending."""
    out = []
    if len(a.seats) == len(b.seats):
        for seat_a, seat_b in zip(a.seats, b.seats, strict=True):
            name = f"seat {seat_a.seat + 1}"
            if len(a.seats) > 1 or seat_a.wins or seat_b.wins:
                out.append(
                    two_proportion_test(
                        f"{name} win rate", seat_a.wins, a.games, seat_b.wins, b.games
                    )
                )
            out.append(
                mann_whitney_test(
                    f"{name} score",
                    tally_a.score_histograms[seat_a.seat],
                    tally_b.score_histograms[seat_b.seat],
                )
            )
    bots_b = {bot.bot: bot for bot in b.by_bot()}
    if len(a.seats) > 1 and len(b.seats) > 1:
        for bot_a in a.by_bot():
            bot_b = bots_b.get(bot_a.bot)
            if bot_b is not None:
                out.append(
                    two_proportion_test(
                        f"{bot_a.bot} win rate (all its seats)",
                        bot_a.wins,
                        a.games * bot_a.seats,
                        bot_b.wins,
                        b.games * bot_b.seats,
                    )
                )
    if tally_a.round_histogram and tally_b.round_histogram:
        out.append(
            mann_whitney_test(
                "game length (rounds)", tally_a.round_histogram, tally_b.round_histogram
            )
        )
    for ending in sorted(set(a.endings) | set(b.endings)):
        out.append(
            two_proportion_test(
                f"games ending '{ending}'",
                a.endings.get(ending, 0),
                a.games,
                b.endings.get(ending, 0),
                b.games,
            )
        )
    return out
