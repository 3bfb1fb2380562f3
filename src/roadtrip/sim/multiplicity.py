"""How a comparison's many figures become one verdict at 5%: a graph of the questions.

A comparison of two runs tests every figure (:mod:`roadtrip.sim.significance`):
for four Road Rally cars, 17 of them.  A verdict that flags "something changed"
must keep the chance of any false alarm among all of them at 5% (``ALPHA``).
Holm's correction over the 17 does that, but it treats them as 17 separate
questions although they are two: *who wins* (each seat's, starting place's and
bot's win rate, the shared wins) and *how they play* (each seat's score and
finishing position, the game length, the endings), and most of the second
restate the first (a seat that wins more also finishes higher and scores more).
So a real change in one win rate paid for eleven near-copies of itself: the
start_fix study's last starting place, 32.7% -> 26.0% over the same 300 games,
exact McNemar p = 0.0037, came out at Holm p = 0.062.

The verdict is the **graphical approach** to multiple testing (Bretz, Maurer,
Brannath & Posch 2009, Stat Med 28:586, Algorithm 1: a weighted Bonferroni-Holm
test whose level moves along a graph as hypotheses are rejected):

* the 5% starts split by question, a stated design choice (``WINS_SHARE``): 80%
  of it to the *wins* family and 20% to the *play* family, each share split
  equally among the family's figures (8 win figures: 0.5% each, so the start_fix
  place at 0.0037 is flagged; its adjusted p is 0.0037 / 0.1 = 0.037);
* a flagged figure passes its level to the others of its family first, equally;
* when a family is exhausted (every figure flagged) its level goes to the other
  family's figures left, equally: wins to play and play to wins alike.  The
  "first within the family" is an edge of infinitesimal weight ``EPSILON`` to the
  other family (Bretz et al.'s epsilon edges), here a tiny number: any graph of
  this kind keeps the 5%, so the leak of 1e-9 of a level changes nothing.

Over both families together the chance of any false alarm stays at most 5%
whatever the dependence between figures (strong control): nothing is dropped, no
second 5% is spent.  No family is starved: a variant that changes only the
game's length or scores (a ``max_rounds`` or ``target`` option, no win rate
moved) is flagged when its evidence clears the play family's 1% (a length change
at p ~ 1e-10 over hundreds of paired games clears it by far).  A figure's adjusted
p is the smallest level at which the procedure flags it, from Bretz et al.'s
sequential algorithm (the largest of the step ratios p / weight up to its
rejection).  The balance counts (Road Rally's rally points) stay a Holm family of
their own, shown apart and not part of the verdict.

Replaced, and why (docs/lab-notebook.md): parallel gatekeeping (wins by
Bonferroni at 5%, play by Holm at 5% x the share of win figures flagged) never
flagged a change in length or scores alone.  Not chosen: the mid-p McNemar test
(a pass by a hair from a test whose size is not guaranteed below 5%); a Holm
family per question at 5% each (10% or more on "anything changed"); dropping the
finishing positions (per-seat figures untested, which the lab promises not to do).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

ALPHA = 0.05
WINS_SHARE = 0.8  # the part of the 5% that starts on who wins (a design choice)
EPSILON = 1e-9  # the weight of an edge to the other family: "only once exhausted"

# The families of a comparison's figures (``Difference.family``).
WINS = "wins"  # who wins: most of the level starts here
PLAY = "play"  # scores, finishing positions, length, endings: the rest of the level
COUNTS = "counts"  # the game's balance counts: a Holm family of their own, not the verdict

Matrix = NDArray[np.float64]


def _clean(p_values: Sequence[float]) -> list[float]:
    """p-values with anything not a number in [0, 1] read as 1 (no evidence)."""
    return [p if 0.0 <= p <= 1.0 else 1.0 for p in p_values]


def holm_adjusted(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (statsmodels), in the given order."""
    from statsmodels.stats.multitest import multipletests

    if not p_values:
        return []
    return [float(p) for p in multipletests(_clean(p_values), alpha=ALPHA, method="holm")[1]]


def family_graph(
    wins: int, play: int, share: float = WINS_SHARE, epsilon: float = EPSILON
) -> tuple[Matrix, Matrix]:
    """The verdict's graph for ``wins`` win figures then ``play`` play figures: the
    initial weights (``share`` of the level to wins, the rest to play, equal within
    a family; all of it to one family when the other is empty) and the transition
    matrix (within the family, and ``epsilon`` to the other one; a family's only
    figure passes everything to the other)."""
    sizes = (wins, play)
    shares = (share, 1.0 - share) if wins and play else (float(wins > 0), float(play > 0))
    family = np.array([0] * wins + [1] * play)
    weights = np.array([shares[f] / sizes[f] for f in family], dtype=np.float64)
    n = wins + play
    transitions = np.zeros((n, n), dtype=np.float64)
    for i in range(n):
        own, other = sizes[family[i]] - 1, sizes[1 - family[i]]
        leak = (epsilon if own else 1.0) if other else 0.0
        for j in range(n):
            if j != i:
                same = family[j] == family[i]
                transitions[i, j] = (1.0 - leak) / own if same else leak / other
    return weights, transitions


def _reject(j: int, left: list[int], weights: Matrix, transitions: Matrix) -> None:
    """Bretz et al.'s Algorithm 1, step 2: remove hypothesis ``j`` from ``left`` and
    pass its weight along its edges, rewiring the graph around it (in place)."""
    left.remove(j)
    g = transitions
    for ell in left:
        weights[ell] += weights[j] * g[j, ell]
    weights[j] = 0.0
    new = np.zeros_like(g)
    for ell in left:
        for k in left:
            if k != ell:
                loop = g[ell, j] * g[j, ell]
                new[ell, k] = 0.0 if loop >= 1.0 else (g[ell, k] + g[ell, j] * g[j, k]) / (1 - loop)
    g[:, :] = new


def graph_adjusted(p_values: Sequence[float], weights: Matrix, transitions: Matrix) -> list[float]:
    """Adjusted p-values of the graphical procedure (Bretz et al. 2009, section 3):
    reject, step by step, the hypothesis with the least ``p / weight``; its adjusted
    p is the largest such ratio up to its step (capped at 1), the smallest level
    at which Algorithm 1 rejects it."""
    raw = _clean(p_values)
    w, g = weights.astype(np.float64), transitions.astype(np.float64)
    left = list(range(len(raw)))
    adjusted = [1.0] * len(raw)
    highest = 0.0
    while left:
        ratios = [raw[i] / w[i] if w[i] > 0 else np.inf for i in left]
        j = left[int(np.argmin(ratios))]
        highest = max(highest, float(min(ratios)))
        adjusted[j] = min(1.0, highest)
        if highest >= 1.0:
            break  # nothing left can be rejected at any level up to 1
        _reject(j, left, w, g)
    return adjusted


def graph_rejects(
    p_values: Sequence[float], weights: Matrix, transitions: Matrix, alpha: float = ALPHA
) -> list[bool]:
    """Bretz et al.'s Algorithm 1 at level ``alpha``: which hypotheses it rejects."""
    raw = _clean(p_values)
    w, g = weights.astype(np.float64), transitions.astype(np.float64)
    left = list(range(len(raw)))
    while found := [i for i in left if raw[i] <= alpha * w[i]]:
        _reject(found[0], left, w, g)
    return [i not in left for i in range(len(raw))]


def graphical(wins: Sequence[float], play: Sequence[float]) -> tuple[list[float], list[float]]:
    """Adjusted p-values of the verdict's graph (:func:`family_graph`) for the win
    figures' and the play figures' raw p-values, in the order given."""
    weights, transitions = family_graph(len(wins), len(play))
    adjusted = graph_adjusted([*wins, *play], weights, transitions)
    return adjusted[: len(wins)], adjusted[len(wins) :]
