"""A two-rider race of The Open Road: the chance that a rider wins, read from a state.

The Open Road ``expert`` cuts its playouts a few rounds on and must value the race
there.  The heuristic's own reading (each rider's dots still to find,
:meth:`~roadtrip.bots.open_road.evaluation.Rider.left`: the plan less what the rider
holds) is one number per rider; between two riders it predicts the winner less well
than a logistic model of a few more features of both riders, fitted to races of
the heuristic against itself (``benchmarks/fit_open_road_duel.py``: states at the
start of a turn, 1,000 training races and 400 held-out ones; mean log loss on the
held-out races 0.562, against 0.614 for the best fit of the margin in dots alone
and 0.639 for the expert's earlier value ``0.5 + 0.5 tanh(margin / 8)``).

Per rider (the seat valued, then its rival): dots still to find, dots of the
shortest ride to the destination, energy, money, Headwind and Saddle Sores cards
held, lose-a-turn cards held, Lost I.D. and Slow Leak cards held, whether the rider
could reach the destination on their next turn, playing cards held, Mother Lode
cards held.  The intercept is the advantage of the rider whose turn starts: it
counts for the seat valued when it is to move, against it otherwise.  (The
figures below were fitted with L-BFGS; the script's Newton fit gives the same to
about two decimals.)
"""

from __future__ import annotations

import math

from roadtrip.bots.open_road.evaluation import Situation, Weights
from roadtrip.core.errors import NotSupported
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road.rules import OpenRoadState

FEATURES = (
    "left",
    "direct",
    "energy",
    "money",
    "attack_cards",
    "lose_turn_cards",
    "mother_lode_attacks",
    "could_win_next",
    "cards",
    "mother_lode_cards",
)
MOVER = 0.3156  # logit: the rider whose turn starts
# (the seat valued, its rival) per feature, in logits.
COEFFICIENTS = (
    (-0.1304, 0.1231),
    (-0.0650, 0.0621),
    (-0.0512, 0.0403),
    (0.0183, -0.0074),
    (0.1141, -0.1143),
    (0.1494, -0.1841),
    (0.3378, -0.3374),
    (1.2304, -0.9458),
    (-0.0225, 0.0212),
    (0.2875, -0.2846),
)


def rider_features(state: OpenRoadState, situation: Situation, seat: int) -> tuple[float, ...]:
    """``seat``'s features (in the order of :data:`FEATURES`)."""
    rider = situation.riders[seat]
    hand, ml = state.hand[seat], state.ml[seat]
    return (
        situation.left[seat],
        float(rider.direct),
        float(state.energy[seat]),
        float(state.money[seat]),
        float(hand[P.HEADWIND] + hand[P.SADDLE_SORES]),
        float(sum(hand[kind] for kind in P.LOSE_TURN)),
        float(ml[P.LOST_ID] + ml[P.SLOW_LEAK]),
        1.0 if rider.could_win_next() else 0.0,
        float(sum(hand)),
        float(sum(ml)),
    )


def duel_win_chance(state: OpenRoadState, seat: int, weights: Weights) -> float:
    """The chance that ``seat`` wins this two-rider race (as the heuristic plays it)."""
    if state.n != 2:
        raise NotSupported(f"a duel has two riders, not {state.n}")
    rival = 1 - seat
    situation = Situation(state, seat, weights)
    mine = rider_features(state, situation, seat)
    theirs = rider_features(state, situation, rival)
    logit = MOVER if state.current_player() == seat else -MOVER
    for (own, other), a, b in zip(COEFFICIENTS, mine, theirs, strict=True):
        logit += own * a + other * b
    return 1.0 / (1.0 + math.exp(-logit))
