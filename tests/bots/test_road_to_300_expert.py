"""The Road to 300 expert: legal, deterministic, exact where it claims to be, and
clearly stronger than greedy."""

from __future__ import annotations

from random import Random

import numpy as np
import pytest

import roadtrip
from roadtrip.bots import bot_names, make_bot, observe
from roadtrip.bots.road_to_300 import expert as expert_module
from roadtrip.bots.road_to_300.evaluation import (
    Positions,
    Rules,
    evaluate,
    fail_chance,
    mobility,
)
from roadtrip.bots.road_to_300.expert import ExpertRoadTo300Bot
from roadtrip.bots.road_to_300.planner import Settings, Sheet, candidates, plan
from roadtrip.bots.road_to_300.search import position_value
from roadtrip.bots.road_to_300.tables import NEIGHBOUR_MASKS, components
from roadtrip.core import sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.rules import MOVE_BASE
from roadtrip.games.road_to_300.sheet import CROSS
from roadtrip.sim.runner import simulate

VARIANTS = [
    {},
    {"players": 3},
    {"cross_standing": True},
    {"first_move": "corner_free"},
    {"no_cross": "pass", "players": 2},
    {"final_field": "always"},
    {"final_field": "never", "target": 200},
]


def _cells(*fields: tuple[int, int]) -> int:
    """A mask of fields given as (column, row)."""
    return sum(1 << board.cell_of(col, row) for col, row in fields)


def _positions(crossed: int, circled: int, position: int) -> Positions:
    return Positions(
        crossed=np.array([crossed], dtype=np.uint64),
        circled=np.array([circled], dtype=np.uint64),
        position=np.array([position], dtype=np.int64),
    )


def test_expert_is_registered_for_road_to_300_and_takes_the_think_time() -> None:
    assert "expert" in bot_names("road-to-300")
    game = roadtrip.load_game("road-to-300")
    bot = make_bot("expert", game, think=0.25)
    assert isinstance(bot, ExpertRoadTo300Bot)
    assert bot.seconds == 0.25


def test_the_competitive_expert_is_the_tree_search_that_beat_the_planner() -> None:
    """Two or more sheets: the expert is the generic tree search (it finished ahead
    of the solo planner in 79% of their two-seat games), under the same name."""
    from roadtrip.bots.search.bot import MCTSBot

    bot = make_bot("expert", roadtrip.load_game("road-to-300", players=2), think=0.25)
    assert isinstance(bot, MCTSBot) and bot.name == "expert"


@pytest.mark.parametrize(
    "options", VARIANTS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_expert_plays_only_legal_actions(options: dict[str, object]) -> None:
    summary = simulate("road-to-300", dict(options), "expert", games=2, seed=3, think=0.05)
    assert summary.games == 2  # the runner raises on an illegal action


def test_expert_with_the_look_ahead_plays_legal_actions() -> None:
    game = roadtrip.load_game("road-to-300")
    bot = ExpertRoadTo300Bot(game, seconds=5.0, width=2, rollouts=False)
    rng = Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        action = bot.choose(observe(state, 0), rng)
        assert action in state.legal_actions(0)
        state.apply_action(action, 0)


def test_the_numpy_fallback_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numba (``rollouts=False``) the expert plays the same game twice when
    its time budget does not bind (a budget that binds makes the search's extent,
    and so rarely a choice, depend on the machine's load: the module doc).  The
    budget is generous, and the endgame look-ahead kept one roll deep as at 0.1 s."""
    monkeypatch.setattr(expert_module, "DEEP_SECONDS", 1000.0)
    game = roadtrip.load_game("road-to-300")
    played = []
    for _ in range(2):
        bot = ExpertRoadTo300Bot(game, seconds=100.0, rollouts=False)
        rng = Random(11)
        state = game.new_initial_state()
        actions = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            actions.append(bot.choose(observe(state, 0), rng))
            state.apply_action(actions[-1], 0)
        played.append(actions)
    assert played[0] == played[1]


def test_mobility_on_a_hand_made_sheet() -> None:
    corner = board.cell_of(1, 1)
    # Open sheet from the corner 1,1: die 1 reaches 2,1 / 1,2 (25); die 2: 3,1 /
    # 2,2 / 1,3 (20 best); die 3 turns back to 2,1 (1,1 > 1,2 > 2,2 > 2,1: 25);
    # die 4: 5,1 (25); die 5 reaches the corner 6,1 (30); die 6 cannot end on a
    # corner (wrong parity) but reaches 2,6 (25).
    best = mobility(np.array([corner]), np.array([1 << corner], dtype=np.uint64))[0]
    assert list(best) == [25, 20, 25, 25, 30, 25]
    # Both neighbours of the corner blocked: every die value is a dead end.
    walled = (1 << corner) | _cells((2, 1), (1, 2))
    dead = mobility(np.array([corner]), np.array([walled], dtype=np.uint64))[0]
    assert list(dead) == [0, 0, 0, 0, 0, 0]
    # 2,1 and 1,3 blocked: every walk goes 1,2 > 2,2 first; die 1 ends on 1,2
    # (25), die 2 on 2,2 (15), die 3 on 3,2 or 2,3 (10 each).
    half = (1 << corner) | _cells((2, 1), (1, 3))
    best = mobility(np.array([corner]), np.array([half], dtype=np.uint64))[0]
    assert list(best[:3]) == [25, 15, 10]


def test_mobility_matches_the_walks_on_random_sheets() -> None:
    rng = Random(5)
    for _ in range(300):
        position = rng.randrange(board.CELLS)
        blocked = sum(1 << c for c in range(board.CELLS) if rng.random() < 0.4) | 1 << position
        best = mobility(np.array([position]), np.array([blocked], dtype=np.uint64))[0]
        for die in range(1, 7):
            ends = board.destinations(board.WALKS[position][die], blocked)
            assert best[die - 1] == max((board.VALUES[e] for e in ends), default=0)


def test_the_reachable_region_is_the_connected_open_fields() -> None:
    rng = Random(6)
    for _ in range(300):
        position = rng.randrange(board.CELLS)
        blocked = sum(1 << c for c in range(board.CELLS) if rng.random() < 0.45) | 1 << position
        open_fields = board.ALL_CELLS & ~blocked
        seen: set[int] = set()
        stack = [n for n in board.NEIGHBOURS[position] if open_fields >> n & 1]
        while stack:
            cell = stack.pop()
            if cell not in seen:
                seen.add(cell)
                stack.extend(n for n in board.NEIGHBOURS[cell] if open_fields >> n & 1)
        region = components(
            NEIGHBOUR_MASKS[np.array([position])] & np.uint64(open_fields),
            np.array([open_fields], dtype=np.uint64),
        )
        assert int(region[0]) == sum(1 << c for c in seen)


def test_evaluation_is_exact_when_the_target_is_out_of_reach_or_reached() -> None:
    rules = Rules()
    # Standing on 3,3 walled in by crosses: nothing is reachable, 300 is not.
    stand = board.cell_of(3, 3)
    walls = _cells((3, 2), (2, 3), (4, 3), (3, 4))
    assert evaluate(rules, _positions(walls, 1 << stand, stand))[0] == 0.0
    # 290 points scored, standing on a 30: won unless three rolls in a row fail.
    scored = _cells((1, 1), (6, 1), (1, 6), (6, 6), (2, 1), (5, 1), (1, 2), (6, 2))
    scored |= _cells((1, 5), (6, 5), (2, 6), (5, 6))  # 4 * 30 + 8 * 25 = 320
    chance = evaluate(rules, _positions(scored, scored | 1 << stand, stand))[0]
    assert chance == 1.0  # already locked in
    rules_200 = Rules(target=200)
    few = _cells((1, 1), (6, 1), (1, 6), (6, 6), (2, 1), (5, 1))  # 170 scored
    on = board.cell_of(2, 6)  # a 25: 195 reached, short of 200
    short = evaluate(rules_200, _positions(few, few | 1 << on, on))[0]
    assert 0.0 < short < 1.0
    # 195 reached with a target of 195: won unless three rolls in a row fail.
    crossable = np.array([board.ALL_CELLS & ~(few | 1 << on)], dtype=np.uint64)
    reached = evaluate(Rules(target=195), _positions(few, few | 1 << on, on))[0]
    assert reached == pytest.approx(1.0 - fail_chance(crossable)[0] ** 3)


def test_a_cross_that_ends_the_game_and_wins_is_chosen() -> None:
    """Standing on 1,1 with 280 scored: crossing 2,1 leaves die 1 no legal
    movement (1,2 is crossed), so the game ends in step 4 and the 30 stood on
    scores: 310, a win.  The other cross (1,2 is already crossed; 4,4 moves 1)
    would move on.  The expert must value the ending cross as a win and take it."""
    stand = board.cell_of(1, 1)
    scored = _cells((6, 1), (1, 6), (6, 6), (5, 1), (6, 2), (1, 5), (2, 6), (5, 6), (6, 5))
    scored |= _cells((3, 1), (4, 1))  # 3 * 30 + 6 * 25 + 2 * 20 = 280
    crossed = scored | _cells((1, 2))
    sheet = Sheet(crossed=crossed, circled=scored | 1 << stand, position=stand)
    options = ((board.cell_of(2, 1), 1), (board.cell_of(4, 4), 1))
    settings = Settings(rules=Rules())
    _moves, ending = candidates(settings, sheet, options)
    assert [(c.cell, c.end, c.value) for c in ending] == [(board.cell_of(2, 1), None, 1.0)]
    choice = plan(settings, sheet, options, width=0)
    assert (choice.cell, choice.end) == (board.cell_of(2, 1), None)
    assert plan(settings, sheet, options, width=4).cell == board.cell_of(2, 1)


def test_the_look_ahead_counts_a_game_ending_cross_as_its_result() -> None:
    """Standing on a corner whose two neighbours are crossed: whatever the next roll,
    the cross leaves no legal movement and the game ends at 30 points, a loss."""
    stand = board.cell_of(1, 1)
    walled = _cells((2, 1), (1, 2))
    value = position_value(Rules(), walled, 1 << stand, stand)
    assert value == 0.0  # every roll leaves no legal movement: the game ends short


def _decision_states(games: int, seed: int) -> list[RoadTo300State]:
    game = roadtrip.load_game("road-to-300")
    rng = Random(seed)
    found: list[RoadTo300State] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            copy = state.clone()
            if isinstance(copy, RoadTo300State) and copy.sheets[0].step == CROSS:
                found.append(copy)
            state.apply_action(rng.choice(state.legal_actions(0)), 0)
    return found


def test_the_planner_offers_exactly_the_engine_s_choices() -> None:
    """On random states, every (cross, end) pair the planner considers is one the
    engine allows, and every one the engine allows is considered."""
    settings = Settings(rules=Rules())
    for state in _decision_states(120, 7):
        sheet = state.sheets[0]
        moves, ending = candidates(
            settings, Sheet(sheet.crossed, sheet.circled, sheet.position), sheet.cross_options
        )
        planned = {(m[0], m[1]) for m in moves} | {(c.cell, None) for c in ending}
        engine = set()
        for cross in state.legal_actions(0):
            child = state.clone()
            child.apply_action(cross, 0)
            ends = (
                [a - MOVE_BASE for a in child.legal_actions(0)] if not child.is_terminal() else []
            )
            engine |= {(cross, e) for e in ends} if ends else {(cross, None)}
        assert planned == engine


def test_expert_clearly_beats_greedy() -> None:
    games = 40
    expert = simulate("road-to-300", {}, "expert", games=games, seed=21, think=0.02)
    greedy = simulate("road-to-300", {}, "greedy", games=games, seed=21)
    assert expert.seats[0].wins >= greedy.seats[0].wins + 8
