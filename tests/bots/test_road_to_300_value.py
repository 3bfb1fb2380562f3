"""The Road to 300 value network, its one-roll look-ahead and its learning.

Rules checked: "If you have now reached 300 or more points, you win" (settled
values), "If this happens three times in a row, the game is over" (the look-ahead's
failed rolls), and every roll's fields and movements as the engine gives them.
"""

from __future__ import annotations

import io
from random import Random

import numpy as np
import pytest
from road_to_300_rolls import Moves, over_the_engine_s_rolls

import roadtrip
from roadtrip.bots import observe
from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.evaluation import Positions, Rules, measure, settled
from roadtrip.bots.road_to_300.expert import ExpertRoadTo300Bot
from roadtrip.bots.road_to_300.planner import Choice, Settings, Sheet, candidates
from roadtrip.core import sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.sheet import CROSS
from roadtrip.sim.runner import play_game

pytest.importorskip("numba")

from roadtrip.bots.road_to_300.fast import afterstates, close_calls, network, selfplay


def _between_rounds(
    games: int, seed: int, options: dict[str, object]
) -> list[tuple[int, int, int]]:
    """(crossed, circled, position) of positions random play reaches between rounds."""
    game = roadtrip.load_game("road-to-300", **options)
    rng = Random(seed)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            assert isinstance(state, RoadTo300State)
            sheet = state.sheets[0]
            if sheet.step == CROSS and sheet.position >= 0:
                found.append((sheet.crossed, sheet.circled, sheet.position))
            state.apply_action(rng.choice(state.legal_actions(0)), 0)
    return found


def _image(mask: int, mapping: list[int]) -> int:
    return sum(1 << mapping[cell] for cell in range(36) if mask >> cell & 1)


@pytest.mark.parametrize("cross_standing", [False, True])
def test_mirror_images_under_the_dice_s_symmetries_have_one_value(cross_standing: bool) -> None:
    """Swapping the two coordinates, or turning every die value d into 7 - d, maps
    rolls onto rolls with the same odds and the value grid onto itself: the game
    is the same, and so is the network's value."""
    weights = valued.shipped_weights(cross_standing)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    swap = [board.cell_of(r, c) for c, r in (board.coords(i) for i in range(36))]
    turn = [board.cell_of(7 - c, 7 - r) for c, r in (board.coords(i) for i in range(36))]
    checked = 0
    for crossed, circled, position in _between_rounds(30, 5, {"cross_standing": cross_standing}):
        here = network.value(
            weights, crossed, circled, position, 300, cross_standing, False, active
        )
        for mapping in (swap, turn):
            there = network.value(
                weights,
                _image(crossed, mapping),
                _image(circled, mapping),
                mapping[position],
                300,
                cross_standing,
                False,
                active,
            )
            assert there[0] == here[0] and there[1] == pytest.approx(here[1], abs=1e-9)
        checked += not here[0]
    assert checked > 100


def test_settled_values_are_the_evaluation_s_exact_results() -> None:
    """Reached (won unless three failed rolls), locked in (won) and out of reach (lost)
    are exact and agree with ``evaluation.settled`` on every position."""
    weights = valued.shipped_weights(False)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    positions = _between_rounds(60, 9, {"target": 120}) + _between_rounds(20, 9, {})
    for target in (120, 300):
        rules = Rules(target=target)
        crossed, circled, position = (np.array(column) for column in zip(*positions, strict=True))
        m = measure(
            rules,
            Positions(
                crossed.astype(np.uint64), circled.astype(np.uint64), position.astype(np.int64)
            ),
        )
        known, exact = settled(rules, m)
        for i, (c, o, p) in enumerate(positions):
            is_settled, chance = network.value(weights, c, o, p, target, False, False, active)
            assert is_settled == bool(known[i])
            if is_settled:
                assert chance == pytest.approx(exact[i])
            else:
                assert 0.0 < chance < 1.0
    assert any(known) and not all(known)


def _lookahead_by_the_engine_s_rolls(
    weights: np.ndarray, crossed: int, circled: int, position: int
) -> float:
    """The expectimax over the 56 rolls, each roll's choices from ``planner.candidates``."""
    active = np.zeros(network.ACTIVE, dtype=np.int64)

    def best(moves: Moves, ending: list[Choice]) -> float:
        return max(
            [choice.value for choice in ending]
            + [
                network.value(weights, after, rings, end, 300, False, False, active)[1]
                for _cell, end, after, rings in moves
            ]
        )

    return over_the_engine_s_rolls(crossed, circled, position, best)


def test_the_look_ahead_is_the_expectation_over_the_next_roll() -> None:
    weights = valued.shipped_weights(False)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    compared = 0
    for crossed, circled, position in _between_rounds(12, 2, {})[::3]:
        if network.value(weights, crossed, circled, position, 300, False, False, active)[0]:
            continue
        compiled = afterstates.lookahead(weights, crossed, circled, position, 300, False, 0)
        assert compiled == pytest.approx(
            _lookahead_by_the_engine_s_rolls(weights, crossed, circled, position), abs=1e-12
        )
        compared += 1
    assert compared > 20


def test_learning_from_zero_lifts_greedy_play_and_is_exact_for_a_seed() -> None:
    """Temporal-difference self-play from zero weights (``cross_standing``, where it
    learns fastest): greedy play by the network goes from rarely winning (ties go to
    the first pair) to winning most games after 20,000 games, and the same seed
    learns the same weights."""
    learned = []
    for _ in range(2):
        weights = np.zeros(network.WEIGHT_COUNT)
        before = selfplay.play_many(
            weights, np.uint64(3), 0, 1000, 300, True, 0, selfplay.GREEDY, 0.0
        )
        for chunk in range(4):
            selfplay.play_many(
                weights,
                np.uint64(7),
                chunk * 5000,
                5000,
                300,
                True,
                0,
                selfplay.GREEDY,
                0.2 / network.ACTIVE,
            )
        after = selfplay.play_many(
            weights, np.uint64(3), 0, 1000, 300, True, 0, selfplay.GREEDY, 0.0
        )
        assert before < 100 and after > 500
        learned.append(weights)
    assert np.array_equal(learned[0], learned[1])


def test_the_shipped_weights_win_more_than_the_base_policy_alone() -> None:
    """Greedy play by the shipped network beats the rollout search's base policy
    (58% of default games; benchmarks/README.md): over 2,000 games it wins > 65%."""
    weights = valued.shipped_weights(False)
    won = selfplay.play_many(
        weights, np.uint64(12345), 0, 2000, 300, False, 0, selfplay.GREEDY, 0.0
    )
    assert won > 1300


def _weights_file(weights: np.ndarray, layout: list[str]) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, weights=weights, layout=np.array(layout))
    return buffer.getvalue()


def test_a_weights_file_that_does_not_fit_is_refused_clearly() -> None:
    layout = [f"{name}:{size}" for name, size in network.LAYOUT]
    good = np.zeros(network.WEIGHT_COUNT, dtype=np.float32)
    assert valued.load_weights(_weights_file(good, layout)).shape == (network.WEIGHT_COUNT,)
    with pytest.raises(valued.WeightsError, match="another network layout"):
        valued.load_weights(_weights_file(good[:-1], layout))
    with pytest.raises(valued.WeightsError, match="another network layout"):
        valued.load_weights(_weights_file(good, layout[::-1]))
    bad = good.copy()
    bad[5] = np.nan
    with pytest.raises(valued.WeightsError, match="not finite"):
        valued.load_weights(_weights_file(bad, layout))
    with pytest.raises(valued.WeightsError, match="not a Road to 300 weights file"):
        valued.load_weights(b"PK\x03\x04 truncated")


@pytest.mark.parametrize(
    ("options", "uses_the_network"),
    [
        ({}, True),
        ({"cross_standing": True}, True),
        ({"first_move": "corner_free", "no_cross": "pass"}, True),
        ({"target": 250}, False),
        ({"final_field": "always"}, False),
        ({"max_rounds": 12}, False),
    ],
)
def test_the_expert_plays_by_the_network_where_it_was_learned(
    options: dict[str, object], uses_the_network: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real = valued.best_pair

    def spy(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(valued, "best_pair", spy)
    game = roadtrip.load_game("road-to-300", **options)
    # play_game applies every choice through the engine (an illegal one raises).
    play_game(game, [ExpertRoadTo300Bot(game, seconds=0.05)], Random(1), Random(2))
    assert bool(calls) == uses_the_network


def test_the_value_search_ranks_every_pair_and_takes_a_winning_ending() -> None:
    """Every pair the engine offers is ranked once; a cross that ends the game with
    the target reached comes first."""
    settings = Settings(rules=Rules())
    for crossed, circled, position in _between_rounds(4, 8, {})[::5]:
        sheet = Sheet(crossed, circled, position)
        options = tuple(
            (c, d) for c, d in board.CROSS_OPTIONS[20] if not (crossed | circled) >> c & 1
        )
        if not options:
            continue
        moves, ending = candidates(settings, sheet, options)
        ranked = valued.value_pairs(settings, sheet, options)
        assert sorted((p.cell, p.end) for p in ranked) == sorted(
            [(m[0], m[1]) for m in moves] + [(c.cell, None) for c in ending]
        )
        searched = [p.deeper for p in ranked if p.deeper is not None and p.end is not None]
        assert searched == sorted(searched, reverse=True)


def test_a_single_cross_still_gets_its_movement_from_the_value_search() -> None:
    """When step 2 offers one field only, the bot crosses it without searching; the
    movement (step 4) is then chosen as the compiled policy chooses the pair
    (``close_calls.close_pair``: one roll deep, close pairs two rolls deep), and so
    is every decision of whole games."""
    game = roadtrip.load_game("road-to-300")
    bot = ExpertRoadTo300Bot(game, seconds=5.0)
    weights = valued.shipped_weights(False)
    rng = Random(8)
    single = compared = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            assert isinstance(state, RoadTo300State)
            sheet = state.sheets[0]
            single += len(sheet.cross_options) == 1
            cell, end = close_calls.close_pair(
                weights, sheet.roll, sheet.crossed, sheet.circled, sheet.position, 300, False, 0
            )
            cross = bot.choose(observe(state, 0), rng)
            state.apply_action(cross, 0)
            moved = -1
            if not state.is_terminal() and state.sheets[0].step != CROSS:
                move = bot.choose(observe(state, 0), rng)
                moved = move - board.CELLS
                state.apply_action(move, 0)
            compared += 1
            if end >= 0:  # an ending cross may tie with a sure win: either is right
                assert (cross, moved) == (cell, end)
    assert single > 0 and compared > 60
