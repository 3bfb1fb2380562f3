"""Chance as a player (core/chance.py): outcomes picked by their odds, and a match's
n-th chance node resolved statelessly from its seed."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from random import Random

import pytest

import roadtrip
from roadtrip.core import ChanceSampler, NotYourTurn, State, pick_outcome, sample_chance
from roadtrip.games.road_to_300 import board

DRAWS = 20_000
# Chi-square critical values at p = 1e-4 (scipy.stats.chi2.ppf(1 - 1e-4, df)).
CHI2_CRITICAL = {15: 44.26, 55: 102.78}


def _chance_state() -> State:
    return roadtrip.load_game("road-to-300").new_initial_state()


def _chi_square(observed: Counter[int], expected: dict[int, Fraction], draws: int) -> float:
    assert set(observed) <= set(expected)
    return sum(
        (observed[key] - draws * float(p)) ** 2 / (draws * float(p)) for key, p in expected.items()
    )


def _sum_odds() -> dict[int, Fraction]:
    """The exact odds of each sum of three dice (3..18)."""
    odds: dict[int, Fraction] = {}
    for roll, p in zip(board.ROLLS, board.ROLL_PROBABILITY_EXACT, strict=True):
        odds[sum(roll)] = odds.get(sum(roll), Fraction(0)) + p
    return odds


def test_sum_odds_are_the_known_values() -> None:
    """The reference itself: 10 and 11 come up 27 times in 216, 3 and 18 once."""
    odds = _sum_odds()
    assert odds[3] == odds[18] == Fraction(1, 216)
    assert odds[10] == odds[11] == Fraction(27, 216)
    assert sum(odds.values()) == 1


@pytest.mark.parametrize(
    ("u", "expected"), [(0.0, 3), (0.2499, 3), (0.25, 7), (0.5, 7), (0.999999, 7)]
)
def test_pick_outcome_splits_the_unit_interval(u: float, expected: int) -> None:
    assert pick_outcome([(3, 0.25), (7, 0.75)], u) == expected


def test_pick_outcome_rounding_gap_falls_to_the_last_outcome() -> None:
    outcomes = [(1, 0.3), (2, 0.3), (3, 0.3999999)]
    assert pick_outcome(outcomes, 0.99999999) == 3


def test_sampler_is_stateless() -> None:
    """draw(state, n) depends only on the seed and n: not on the order of draws,
    on earlier draws, or on the sampler instance (a restart changes nothing)."""
    state = _chance_state()
    forward = [ChanceSampler(7).draw(state, n) for n in range(200)]
    sampler = ChanceSampler(7)
    backward = [sampler.draw(state, n) for n in reversed(range(200))][::-1]
    assert forward == backward
    sampler.draw(state, 5)
    sampler.draw(state, 5)
    assert [sampler.draw(state, n) for n in range(200)] == forward


def test_sampler_depends_on_the_seed_and_the_index() -> None:
    state = _chance_state()
    seven = [ChanceSampler(7).draw(state, n) for n in range(100)]
    eight = [ChanceSampler(8).draw(state, n) for n in range(100)]
    assert seven != eight
    assert len(set(seven)) > 20, "consecutive indices give varied outcomes"


def test_sampler_depends_on_the_outcomes_not_the_rest_of_the_state() -> None:
    """Two chance nodes with the same odds draw the same outcome for the same n."""
    fresh = _chance_state()
    later = _chance_state()
    later.apply_action(board.ROLL_INDEX[(1, 2, 3)])
    later.apply_action(later.legal_actions()[0])
    later.apply_action(later.legal_actions()[0])
    assert later.is_chance_node() and later.history() != fresh.history()
    sampler = ChanceSampler(3)
    assert [sampler.draw(fresh, n) for n in range(50)] == [
        sampler.draw(later, n) for n in range(50)
    ]


def test_sampler_refuses_a_decision_node() -> None:
    state = _chance_state()
    state.apply_action(0)
    with pytest.raises(NotYourTurn):
        ChanceSampler(1).draw(state, 0)


def test_sampler_frequencies_match_the_dice_odds() -> None:
    """20,000 draws: the sums of three dice and the 56 rolls follow their exact odds
    (chi-square below the p = 1e-4 critical value)."""
    state = _chance_state()
    sampler = ChanceSampler(2024)
    rolls = Counter(sampler.draw(state, n) for n in range(DRAWS))
    sums = Counter()
    for roll, count in rolls.items():
        sums[sum(board.ROLLS[roll])] += count
    assert _chi_square(sums, _sum_odds(), DRAWS) < CHI2_CRITICAL[15]
    roll_odds = dict(enumerate(board.ROLL_PROBABILITY_EXACT))
    assert _chi_square(rolls, roll_odds, DRAWS) < CHI2_CRITICAL[55]


def test_sampler_frequencies_reject_uniform_rolls() -> None:
    """The check above has teeth: rolls drawn uniformly (ignoring the odds) fail it."""
    rng = Random(1)
    rolls = Counter(rng.randrange(len(board.ROLLS)) for _ in range(DRAWS))
    roll_odds = dict(enumerate(board.ROLL_PROBABILITY_EXACT))
    assert _chi_square(rolls, roll_odds, DRAWS) > CHI2_CRITICAL[55]


def test_sample_chance_frequencies_match_the_dice_odds() -> None:
    state = _chance_state()
    rng = Random(99)
    sums = Counter(sum(board.ROLLS[sample_chance(state, rng)]) for _ in range(DRAWS))
    assert _chi_square(sums, _sum_odds(), DRAWS) < CHI2_CRITICAL[15]


def test_sample_chance_is_reproducible_from_the_rng() -> None:
    state = _chance_state()
    first = [sample_chance(state, rng) for rng in [Random(5)] for _ in range(30)]
    second = [sample_chance(state, rng) for rng in [Random(5)] for _ in range(30)]
    assert first == second
