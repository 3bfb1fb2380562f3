"""Do all seats win equally?  The seat-fairness test of one run.

Over the games somebody won, each seat's share of the wins (a win shared by k
seats counts 1/k for each) is tested against the equal share 1/seats: Pearson's
chi-square goodness-of-fit test over every seat at once (``scipy.stats.chisquare``),
and each seat's own share against the equal share (the exact binomial test when no
win was shared, else a one-sample t-test of the per-game shares), Holm-adjusted
over the seats, each with its 95% Wilson interval (statsmodels), which the report
draws against the equal-share line.  A run that passes shows no evidence of
unfairness at the 5% level; it does not prove the seats equal.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

from roadtrip.sim.game_table import GameTable
from roadtrip.sim.significance import ALPHA, format_p


@dataclass(frozen=True)
class SeatShare:
    """One seat's share of the decided games' wins, against the equal share."""

    seat: int  # from 0; people read seat + 1
    share: float
    low: float
    high: float
    p_value: float
    p_adjusted: float

    @property
    def off(self) -> bool:
        return self.p_adjusted < ALPHA


@dataclass(frozen=True)
class Fairness:
    """The seat-fairness test of a run."""

    seats: int
    decided: int  # games somebody won
    equal: float  # the equal share, 1 / seats
    chi2: float
    p_value: float
    shares: tuple[SeatShare, ...]
    test: str  # how the seats' own shares were tested

    @property
    def fair(self) -> bool:
        """No evidence at 5% that the seats win unequally."""
        return self.p_value >= ALPHA

    def sentence(self) -> str:
        """The verdict in plain words with the figures behind it."""
        head = (
            f"chi-square {self.chi2:.2f} on {self.seats - 1} degrees of freedom, "
            f"p = {format_p(self.p_value)}, over {self.decided:,} games with a winner"
        )
        if self.fair:
            return f"no evidence that the seats win unequally ({head})."
        apart = [s for s in self.shares if s.off] or sorted(
            self.shares, key=lambda s: -abs(s.share - self.equal)
        )[:1]
        described = "; ".join(
            f"seat {s.seat + 1} wins {s.share:.1%} (95% interval {s.low:.1%} to {s.high:.1%}) "
            f"against the equal share {self.equal:.1%}, Holm-adjusted p = "
            f"{format_p(s.p_adjusted)}"
            for s in apart
        )
        return f"not fair by seat: {described} ({head})."


def seat_fairness(table: GameTable) -> Fairness | None:
    """The fairness test of a run's games; None for one seat or no decided game."""
    from statsmodels.stats.multitest import multipletests
    from statsmodels.stats.proportion import proportion_confint

    seats = table.seats
    decided = table.wins.any(axis=1)
    games = int(decided.sum())
    if seats < 2 or games == 0 or table.marginal:
        return None
    shares = table.shares[decided]
    observed = shares.sum(axis=0)
    equal = 1.0 / seats
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        chi = sps.chisquare(observed)
        shared = bool((table.wins[decided].sum(axis=1) > 1).any())
        raw = []
        for seat in range(seats):
            if not shared:
                raw.append(float(sps.binomtest(round(observed[seat]), games, equal).pvalue))
            elif np.ptp(shares[:, seat]) == 0:
                raw.append(1.0 if shares[0, seat] == equal else 0.0)
            else:
                raw.append(float(sps.ttest_1samp(shares[:, seat], equal).pvalue))
    adjusted = multipletests(raw, alpha=ALPHA, method="holm")[1]
    out = []
    for seat in range(seats):
        low, high = proportion_confint(observed[seat], games, alpha=ALPHA, method="wilson")
        out.append(
            SeatShare(
                seat,
                float(observed[seat] / games),
                float(low),
                float(high),
                raw[seat],
                float(adjusted[seat]),
            )
        )
    test = "t-test of per-game shares" if shared else "exact binomial test"
    return Fairness(seats, games, equal, float(chi.statistic), float(chi.pvalue), tuple(out), test)
