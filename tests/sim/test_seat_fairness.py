"""The seat-fairness test: chi-square against equal shares over the games somebody
won (a shared win counts 1/k for each sharer), each seat's share tested and given an
interval, and a verdict in words."""

from __future__ import annotations

import numpy as np
from scipy import stats as sps

from roadtrip.sim.game_table import GameTable
from roadtrip.sim.seat_fairness import seat_fairness


def table(wins: list[list[bool]]) -> GameTable:
    games = len(wins)
    return GameTable(
        np.arange(games),
        np.zeros((games, len(wins[0]))),
        np.array(wins, dtype=bool),
        np.full(games, np.nan),
        (None,) * games,
    )


def test_a_seat_that_wins_too_often_is_named() -> None:
    wins = [[True, False, False]] * 60 + [[False, True, False]] * 20 + [[False, False, True]] * 20
    fairness = seat_fairness(table(wins))
    assert fairness is not None and not fairness.fair
    assert fairness.p_value == sps.chisquare([60, 20, 20]).pvalue
    first = fairness.shares[0]
    assert first.off and first.share == 0.6 and first.low < 0.6 < first.high
    assert fairness.sentence().startswith("not fair by seat: seat 1 wins 60.0%")


def test_equal_seats_pass_and_shared_wins_count_a_share() -> None:
    wins = [[True, False]] * 40 + [[False, True]] * 40 + [[True, True]] * 10 + [[False, False]] * 5
    fairness = seat_fairness(table(wins))
    assert fairness is not None and fairness.fair and fairness.decided == 90
    assert [s.share for s in fairness.shares] == [0.5, 0.5]
    assert fairness.sentence().startswith("no evidence that the seats win unequally")
    assert seat_fairness(table([[True]] * 5)) is None  # one seat: nothing to compare
