"""Two reviews of the same record with different seeds agree (issue 23, item 4):
the same best choice on every decision whose margin over the second-best lies
clear of its interval, and totals whose intervals overlap; on fixed records of
every game (bots with fixed seeds, cut short to keep the test about a minute)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.advice import review_match
from roadtrip.core import Match, MatchRecord

SECONDS = 0.02  # about each engine's minimum budget
DECISIONS = 10  # of seat 0, at most, per record

RECORDS = [
    ("road-to-300", {}, "greedy"),
    ("road-to-300", {"players": 2}, "greedy"),
    ("get-your-kicks", {"players": 2}, "random"),
    ("mileage-may-vary", {"players": 2}, "random"),
    ("road-rally", {"players": 2}, "heuristic"),
    ("open-road", {"players": 2}, "heuristic"),
]


def record_of(game_id: str, options: dict[str, int], bot: str, seed: int) -> MatchRecord:
    """A bots' match, cut after seat 0's ``DECISIONS``-th real choice."""
    game = roadtrip.load_game(game_id, **options)
    player = make_bot(bot, game)
    match = Match(game, seed)
    rng = Random(seed)
    match.advance()
    choices = 0
    while not match.state.is_terminal() and choices < DECISIONS:
        seat = match.state.active_seats()[0]
        if seat == 0 and len(match.state.legal_actions(0)) > 1:
            choices += 1
        match.act(player.choose(observe(match.state, seat), rng), seat)
    record = match.record()
    return replace(record, returns=None) if not match.state.is_terminal() else record


@pytest.mark.parametrize(("game_id", "options", "bot"), RECORDS)
def test_two_seeds_agree_where_the_figures_are_clear(
    game_id: str, options: dict[str, int], bot: str
) -> None:
    record = record_of(game_id, options, bot, seed=5)
    one = review_match(record, 0, SECONDS, seed=1)
    two = review_match(record, 0, SECONDS, seed=2)
    assert [d.index for d in one.decisions] == [d.index for d in two.decisions]
    assert one.decisions, "the record has decisions to judge"
    for a, b in zip(one.decisions, two.decisions, strict=True):
        if a.margin_interval.low > 0 or b.margin_interval.low > 0:
            assert a.best.action == b.best.action, (a.index, a.best.label, b.best.label)
    low_a, high_a = one.total_interval.low, one.total_interval.high
    low_b, high_b = two.total_interval.low, two.total_interval.high
    assert low_a <= one.total <= high_a and low_b <= two.total <= high_b
    assert low_a <= high_b and low_b <= high_a, (one.total, two.total)


def test_a_long_match_is_reviewed_within_its_budget_base_deviations_first() -> None:
    """Issue 23 item 4: a per-match budget bounds the advisor's calls whatever the
    match's length; with no room for a quick look at every decision, those where
    the seat left the base policy are judged first and the rest are counted."""
    from roadtrip.bots.advice import advise
    from roadtrip.bots.advice.review import _choices
    from roadtrip.bots.advice.review_plan import BASE_POLICY, _first_by_deviation

    record = record_of("open-road", {"players": 2}, "random", 3)
    calls: list[int] = []

    def counting(state, seat, seconds, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(seconds)
        return advise(state, seat, seconds, iterations=4, **kwargs)

    review = review_match(record, 0, 1.0, advisor=counting, match_seconds=3.0)
    assert len(calls) == 3 and all(s == 1.0 for s in calls)
    assert len(review.decisions) == 3
    assert review.not_judged > 0
    assert review.to_json()["not_judged"] == review.not_judged
    assert BASE_POLICY["open-road"] == "heuristic"
    first = _first_by_deviation(record, _choices(record, 0), 3)
    assert {d.index for d in review.decisions} == first
