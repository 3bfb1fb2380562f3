"""A running match (core/match.py): chance from the seed, decisions from seats, and
a match rebuilt from its record continuing exactly as the original."""

from __future__ import annotations

import pytest

import roadtrip
from roadtrip.core import CHANCE, ChanceSampler, IllegalMove, Match, MatchRecord


def _policy(match: Match) -> tuple[int, int]:
    """A fixed decision rule (a function of the state only), so a rebuilt match
    can be driven exactly like the original."""
    state = match.state
    turn = len(state.history())
    active = state.active_seats()
    seat = active[turn % len(active)]
    legal = state.legal_actions(seat)
    return seat, legal[(turn * 7 + seat) % len(legal)]


def _finish(match: Match) -> None:
    match.advance()
    while not match.state.is_terminal():
        seat, action = _policy(match)
        match.act(action, seat)


def test_advance_draws_from_the_sampler_until_a_seat_must_act() -> None:
    game = roadtrip.load_game("road-to-300")
    match = Match(game, seed=11)
    first = ChanceSampler(11).draw(game.new_initial_state(), 0)
    assert match.advance() == [first]
    assert not match.state.is_chance_node()
    assert match.state.history() == [(CHANCE, first)]
    assert match.advance() == []  # nothing to resolve at a decision
    assert match.chance_count() == 1


def test_act_applies_the_decision_and_resolves_chance() -> None:
    match = Match(roadtrip.load_game("road-to-300"), seed=3)
    match.advance()
    cross = match.state.legal_actions()[0]
    match.act(cross, 0)
    move = match.state.legal_actions()[0]
    match.act(move)  # seat defaults to the current player
    history = match.state.history()
    assert history[1:3] == [(0, cross), (0, move)]
    assert history[3][0] == CHANCE  # the next round's roll was drawn at once
    assert match.chance_count() == 2


def test_an_illegal_act_raises_and_draws_nothing() -> None:
    match = Match(roadtrip.load_game("road-to-300", players=2), seed=3)
    match.advance()
    before = match.state.history()
    with pytest.raises(IllegalMove):
        match.act(71 if 71 not in match.state.legal_actions(0) else 70, 0)
    with pytest.raises(IllegalMove):
        match.act(-1, 1)
    assert match.state.history() == before


def test_record_holds_seed_options_actions_and_returns() -> None:
    game = roadtrip.load_game("road-to-300", players=2, final_field="always")
    match = Match(game, seed=8)
    _finish(match)
    record = match.record(table="t1")
    assert record.seed == 8 and record.game == "road-to-300"
    assert record.options == game.options
    assert record.actions == tuple(match.state.history())
    assert record.returns == tuple(match.state.returns())
    assert record.meta == {"table": "t1"}


@pytest.mark.parametrize("players", [1, 3])
def test_from_record_continues_identically(players: int) -> None:
    """Stop after any number of actions, store the record as JSON, rebuild the match
    and play on: the same draws, the same end, as the match never stopped."""
    game = roadtrip.load_game("road-to-300", players=players, no_cross="pass")
    whole = Match(game, seed=21)
    _finish(whole)
    expected = whole.state.history()
    for stop in range(0, len(expected), 3):
        match = Match(game, seed=21)
        match.advance()
        while len(match.state.history()) < stop and not match.state.is_terminal():
            seat, action = _policy(match)
            match.act(action, seat)
        text = match.record().to_json()
        resumed = Match.from_record(MatchRecord.from_json(text))
        assert resumed.seed == 21
        assert resumed.state.history() == match.state.history()
        _finish(resumed)
        assert resumed.state.history() == expected, f"diverged after a stop at {stop}"
        assert resumed.state.returns() == whole.state.returns()


def test_from_record_resolves_pending_chance_from_the_seed() -> None:
    """A record saved at a chance node draws the same roll after the rebuild."""
    game = roadtrip.load_game("road-to-300")
    match = Match(game, seed=4)
    match.advance()
    match.act(match.state.legal_actions()[0])
    match.state.apply_action(match.state.legal_actions()[0])  # no advance: chance pending
    assert match.state.is_chance_node()
    resumed = Match.from_record(match.record())
    assert resumed.advance() == match.advance()
    assert resumed.state.history() == match.state.history()
