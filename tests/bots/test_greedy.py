"""The greedy Road to 300 bot: legal, reproducible, follows its stated priorities,
and clearly better than random."""

from __future__ import annotations

from random import Random

import pytest

import roadtrip
from roadtrip.bots import GreedyRoadTo300Bot, UnknownBot, bot_names, make_bot, observe
from roadtrip.bots.road_to_300.greedy import mobility, reachable_mask
from roadtrip.core import NotSupported, sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.rules import MOVE_BASE
from roadtrip.sim.runner import simulate

VARIANTS = [
    {},
    {"players": 3},
    {"cross_standing": True},
    {"first_move": "corner_free"},
    {"no_cross": "pass", "players": 2},
    {"final_field": "always"},
]


def _decision_states(options: dict[str, object], games: int, seed: int) -> list[RoadTo300State]:
    """Every decision state of some random games (varied positions to test on)."""
    game = roadtrip.load_game("road-to-300", **options)
    rng = Random(seed)
    found: list[RoadTo300State] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            copy = state.clone()
            if not isinstance(copy, RoadTo300State):
                raise TypeError(type(copy))
            found.append(copy)
            seat = state.active_seats()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return found


def _after(state: RoadTo300State, action: int, seat: int) -> RoadTo300State:
    child = state.clone()
    child.apply_action(action, seat)
    if not isinstance(child, RoadTo300State):
        raise TypeError(type(child))
    return child


def _mobility_after(state: RoadTo300State, action: int, seat: int) -> int:
    sheet = _after(state, action, seat).sheets[seat]
    return mobility(sheet.position, sheet.crossed | sheet.circled)


def _outlook(state: RoadTo300State, action: int, seat: int) -> tuple[int, int]:
    """(best destination value after crossing, minus the crossed field's value)."""
    ends = _after(state, action, seat).sheets[seat].destinations
    return max((board.VALUES[c] for c in ends), default=-1), -board.VALUES[action]


def test_greedy_is_registered_for_road_to_300_only() -> None:
    assert "greedy" in bot_names("road-to-300")
    assert "greedy" not in bot_names("some-other-game")
    bot = make_bot("greedy", roadtrip.load_game("road-to-300"))
    assert isinstance(bot, GreedyRoadTo300Bot)
    with pytest.raises(UnknownBot, match="no bot 'greedier'"):
        make_bot("greedier", roadtrip.load_game("road-to-300"))


@pytest.mark.parametrize(
    "options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_greedy_plays_only_legal_actions(options: dict[str, object]) -> None:
    game = roadtrip.load_game("road-to-300", **options)
    bot = make_bot("greedy", game)
    chance, choices = Random(11), Random(12)
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            for seat in state.active_seats():
                before = state.clone()
                action = bot.choose(observe(state, seat), choices)
                assert action in state.legal_actions(seat)
                assert state.view(None) == before.view(None)  # looking ahead changed nothing
                state.apply_action(action, seat)


def test_greedy_is_deterministic_given_its_generator() -> None:
    bot = GreedyRoadTo300Bot()
    for state in _decision_states({}, 5, 21):
        observation = observe(state, state.active_seats()[0])
        assert bot.choose(observation, Random(3)) == bot.choose(observation, Random(3))


def test_greedy_moves_to_the_most_valuable_field_then_the_most_mobile() -> None:
    bot = GreedyRoadTo300Bot()
    checked = 0
    for state in _decision_states({}, 30, 5):
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        if legal[0] < MOVE_BASE:
            continue
        action = bot.choose(observe(state, seat), Random(0))
        value = board.VALUES[action - MOVE_BASE]
        assert value == max(board.VALUES[a - MOVE_BASE] for a in legal)

        same_value = [a for a in legal if board.VALUES[a - MOVE_BASE] == value]
        best = max(_mobility_after(state, a, seat) for a in same_value)
        assert _mobility_after(state, action, seat) == best
        checked += 1
    assert checked > 100


def test_greedy_crosses_to_keep_a_move_then_value_then_cheap_fields() -> None:
    bot = GreedyRoadTo300Bot()
    checked = 0
    for state in _decision_states({}, 30, 6):
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        if legal[0] >= MOVE_BASE:
            continue
        action = bot.choose(observe(state, seat), Random(0))
        assert _outlook(state, action, seat) == max(_outlook(state, a, seat) for a in legal)
        checked += 1
    assert checked > 100


def test_mobility_counts_the_fields_any_die_can_reach() -> None:
    # From a corner on an empty sheet: every field at an odd distance of at most 5
    # by some self-avoiding walk of 1-6 steps, so half the sheet or more.
    open_count = mobility(0, 0)
    assert 15 <= open_count <= 35
    assert reachable_mask(0, 0) & 1 == 0  # never back onto the start
    # Walled in: both neighbours of the corner blocked.
    assert mobility(0, 1 << 1 | 1 << 6) == 0


def test_greedy_refuses_other_games() -> None:
    class Elsewhere:
        id = "elsewhere"

    with pytest.raises(NotSupported):
        GreedyRoadTo300Bot(Elsewhere())  # type: ignore[arg-type]


def test_greedy_beats_random_by_a_clear_margin() -> None:
    greedy = simulate("road-to-300", {}, "greedy", 300, seed=2024)
    rand = simulate("road-to-300", {}, "random", 300, seed=2024)
    greedy_mean, random_mean = greedy.seats[0].mean_score, rand.seats[0].mean_score
    # Measured over 10,000 games: about 263 against 150.
    assert greedy_mean > random_mean + 80, (greedy_mean, random_mean)
    assert greedy.seats[0].median_score > rand.seats[0].median_score
    assert greedy.seats[0].wins > rand.seats[0].wins


def test_greedy_beats_random_head_to_head() -> None:
    summary = simulate("road-to-300", {"players": 2}, ["greedy", "random"], 200, seed=7)
    assert summary.seats[0].win_rate_low > 0.75
    assert summary.seats[0].mean_score > summary.seats[1].mean_score + 80
