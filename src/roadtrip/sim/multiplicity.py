"""How a comparison's many figures become one verdict at 5%: the order of the questions.

A comparison of two runs tests every figure (:mod:`roadtrip.sim.significance`):
for four Road Rally cars, 17 of them.  A verdict that flags "something changed"
must keep the chance of any false alarm among all of them at 5% (``ALPHA``), and
Holm's correction over the 17 does that, but it treats them as 17 separate
questions although they are two: *who wins* (each seat's, starting place's and
bot's win rate, the shared wins) and *how they play* (each seat's score and
finishing position, the game length, the endings), and most of the second
restate the first (a seat that wins more also finishes higher and scores more).
So a real change in one win rate paid for eleven near-copies of itself: the
start_fix study's last starting place, 32.7% -> 26.0% over the same 300 games,
exact McNemar p = 0.0037, came out at Holm p = 0.062.

The verdict therefore asks the questions in order, as a designer does (who wins
first), by **parallel gatekeeping** (Dmitrienko, Offen & Westfall 2003, Stat Med
22:2387), in its multistage form (Dmitrienko, Tamhane & Wiens 2008, Biometrical
Journal 50:667: the first family's test must be separable, as Bonferroni is and
Holm is not; the last family's may be Holm):

* the *wins* family is tested first, Bonferroni over its figures at 5%: adjusted
  ``p * n1`` for ``n1`` figures;
* the *play* family is tested with Holm's correction at the level the wins family
  passes on: ``5% * r1 / n1`` when ``r1`` of its figures were rejected (all of
  5% when the comparison has no win figure, none when no win changed).

Over both families together the chance of any false alarm stays at most 5%
whatever the dependence between figures (strong control): nothing is dropped, no
second 5% is spent.  The price is stated, not hidden: a change in scores or length
alone, with no win rate changed, is not flagged (it is shown with its p-values).
The balance counts (Road Rally's rally points) stay a family of their own, shown
apart and not part of the verdict.

Not chosen, and why (see docs/lab-notebook.md): the mid-p McNemar test (Fagerland,
Lydersen & Laake 2013) is closer to nominal than the exact one and would give this
study 0.0025, Holm 0.042: a pass by a hair from a test whose size is not
guaranteed below 5%, leaving the redundancy that caused the miss; a Holm family
per question at 5% each would spend 5% per question (10% or more on "anything
changed"); dropping the finishing positions from the family would leave per-seat
figures untested, which the lab promises not to do.
"""

from __future__ import annotations

from collections.abc import Sequence

ALPHA = 0.05

# The families of a comparison's figures (``Difference.family``).
WINS = "wins"  # who wins: the gate, tested first
PLAY = "play"  # scores, finishing positions, length, endings: tested at what WINS passes on
COUNTS = "counts"  # the game's balance counts: a Holm family of their own, not the verdict


def _clean(p_values: Sequence[float]) -> list[float]:
    """p-values with anything not a number in [0, 1] read as 1 (no evidence)."""
    return [p if 0.0 <= p <= 1.0 else 1.0 for p in p_values]


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (statsmodels), in the given order."""
    from statsmodels.stats.multitest import multipletests

    if not p_values:
        return []
    return [float(p) for p in multipletests(_clean(p_values), alpha=ALPHA, method="holm")[1]]


def bonferroni_adjusted(p_values: Sequence[float]) -> list[float]:
    """Bonferroni's adjusted p-values (statsmodels), in the given order."""
    from statsmodels.stats.multitest import multipletests

    if not p_values:
        return []
    raw = _clean(p_values)
    return [float(p) for p in multipletests(raw, alpha=ALPHA, method="bonferroni")[1]]


def gatekept(gate: Sequence[float], rest: Sequence[float]) -> tuple[list[float], list[float]]:
    """Adjusted p-values of the Bonferroni parallel gatekeeping procedure: the
    ``gate`` family by Bonferroni, the ``rest`` by Holm at the level the gate
    passes on.  A figure is rejected at level ``a`` exactly when its adjusted p is
    below ``a``; together they keep the family-wise error at ``a``.

    The rest's adjusted p is the smallest level ``a`` at which Holm rejects it at
    ``a * r(a) / n``, ``r(a)`` the gate figures rejected at ``a``: with the gate's
    adjusted p sorted, ``q1 <= ... <= qn``, and ``h`` its Holm p within the rest,
    that is the least over ``k`` of ``max(q_k, h * n / k)``.
    """
    passed = bonferroni_adjusted(gate)
    within = holm_adjusted(rest)
    if not passed:
        return passed, within
    ordered = sorted(passed)
    count = len(ordered)
    adjusted = [
        min(
            1.0,
            min(max(q, h * count / k) for k, q in enumerate(ordered, start=1)),
        )
        for h in within
    ]
    return passed, adjusted
