"""The Road to 300 advisor with rollouts of the value network's greedy policy.

Rules checked, replaying the compiled rollouts through the engine: every roll's
fields and movements, "If this happens three times in a row, the game is over"
(failed rolls), a cross with no movement ending the game, the final field's
scoring (``final_field``), ``no_cross=pass`` and ``max_rounds``; and "If you have
now reached 300 or more points, you win" (the win figures).
"""

from __future__ import annotations

from random import Random

import numpy as np
import pytest

import roadtrip
from roadtrip.bots import advise, observe
from roadtrip.bots.road_to_300 import advising, valued
from roadtrip.bots.road_to_300.expert import settings_for
from roadtrip.bots.road_to_300.planner import Sheet, candidates
from roadtrip.bots.search.mcts import Budget
from roadtrip.core import sample_chance
from roadtrip.games.road_to_300 import RoadTo300State, board
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300Game
from roadtrip.games.road_to_300.sheet import CROSS, MOVE, OUTSIDE, ROLL

pytest.importorskip("numba")

from roadtrip.bots.road_to_300.fast import afterstates, network, playouts
from roadtrip.bots.road_to_300.fast.crosscheck import FINAL_CODES, random_options
from roadtrip.bots.road_to_300.fast.steps import stream_start

TRACE = 3 * 400


def _road(state: object) -> RoadTo300State:
    assert isinstance(state, RoadTo300State)
    return state


def _game(state: RoadTo300State) -> RoadTo300Game:
    assert isinstance(state.game, RoadTo300Game)
    return state.game


def _deeper(pair: valued.PairValue) -> float:
    """The expert's value of a pair: one roll deeper where it searched."""
    return pair.deeper if pair.deeper is not None else pair.value


def _between_rounds(options: dict[str, object], rng: Random) -> RoadTo300State:
    """A state between rounds (a roll due, on the grid, no failed roll) of a game
    played mostly by the network's greedy pair (one decision in five at random)."""
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    chosen = np.zeros(network.ACTIVE, dtype=np.int64)
    while True:
        state = _road(roadtrip.load_game("road-to-300", **options).new_initial_state())
        game = _game(state)
        weights = valued.shipped_weights(game.cross_standing)
        stops = rng.randint(1, 10)
        while not state.is_terminal():
            assert isinstance(state, RoadTo300State)
            sheet = state.sheets[0]
            if sheet.step == ROLL and sheet.position != OUTSIDE and sheet.failed == 0:
                stops -= 1
                if stops == 0:
                    return state
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            elif sheet.step == MOVE or rng.random() < 0.2:
                state.apply_action(rng.choice(state.legal_actions(0)), 0)
            else:
                cell, end, _, _ = afterstates.greedy_pair(
                    weights,
                    sheet.roll,
                    sheet.crossed,
                    sheet.circled,
                    sheet.position,
                    game.target,
                    game.cross_standing,
                    game.corner_free,
                    FINAL_CODES[game.final_field],
                    active,
                    chosen,
                )
                state.apply_action(cell, 0)
                if end >= 0 and not state.is_terminal():
                    state.apply_action(MOVE_BASE + end, 0)


def _engine_pairs(state: RoadTo300State) -> list[tuple[int, int, RoadTo300State]]:
    """(cell, end, state after) of every pair the engine allows (end -1: the cross
    ends the game)."""
    pairs = []
    for cell in state.legal_actions(0):
        crossed = _road(state.clone())
        crossed.apply_action(cell, 0)
        if crossed.sheets[0].step != MOVE:
            assert crossed.is_terminal() and crossed.sheets[0].ended == "no_move"
            pairs.append((cell, -1, crossed))
            continue
        for move in crossed.legal_actions(0):
            moved = _road(crossed.clone())
            moved.apply_action(move, 0)
            pairs.append((cell, move - MOVE_BASE, moved))
    return pairs


def _check_choice(state: RoadTo300State, weights: np.ndarray, cell: int, end: int, why: str) -> str:
    """The traced pair is a best pair of the policy (ties allowed); why the rollout
    plays for points from now on ("won", "lost"; "" while the network plays)."""
    game = _game(state)
    target = game.target
    sheet = state.sheets[0]
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    pairs = _engine_pairs(state)
    assert (cell, end) in [(c, e) for c, e, _ in pairs]
    values: dict[tuple[int, int], float] = {}
    settled_lost = True
    for c, e, after in pairs:
        if e < 0:  # exact: the game ends here
            values[c, e] = float(after.scores()[0] >= target)
            continue
        here = after.sheets[0]
        known, chance = network.value(
            weights,
            here.crossed,
            here.circled,
            here.position,
            target,
            game.cross_standing,
            game.final_field == "always",
            active,
        )
        values[c, e] = chance
        settled_lost = settled_lost and known and chance == 0.0
    locked = board.mask_value(sheet.crossed & sheet.circled)
    settled_lost = settled_lost and max(values.values()) == 0.0
    why = why or ("won" if locked >= target else "lost" if settled_lost else "")
    if why:  # the most points reached; an ending cross only when forced

        def reached(c: int, e: int, after: RoadTo300State) -> int:
            if e < 0:
                return -1
            here = after.sheets[0]
            return board.mask_value(here.crossed & here.circled) + board.VALUES[e]

        best = max(reached(c, e, a) for c, e, a in pairs)
        chosen = next(reached(c, e, a) for c, e, a in pairs if (c, e) == (cell, end))
        assert chosen == best
    else:
        assert values[cell, end] == pytest.approx(max(values.values()), abs=1e-12)
    return why


@pytest.mark.parametrize("default", [True, False])
def test_network_rollouts_replay_through_the_engine_choosing_as_the_policy(
    default: bool,
) -> None:
    """Traced rollouts (from the default game, or random rules options with round
    limits, passing, other targets and final-field rulings; 30 each) replayed through
    ``RoadTo300State.apply_action``: every pair is legal and a best one of the
    policy (the network's greedy pair by the engine's own list of pairs, the most
    points reached once the result is settled), and the rollout's score is the
    engine's final score."""
    rng = Random(31 if default else 32)
    stream = np.zeros(1, dtype=np.uint64)
    trace = np.zeros(TRACE, dtype=np.int64)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    chosen = np.zeros(network.ACTIVE, dtype=np.int64)
    endings = set()
    modes = set()
    for index in range(30):
        options = {} if default else random_options(rng)
        state = _between_rounds(options, rng)
        game = _game(state)
        weights = valued.shipped_weights(game.cross_standing)
        sheet = state.sheets[0]
        limit = game.max_rounds
        stream[0] = stream_start(np.uint64(5), np.uint64(index), np.uint64(1))
        trace[:] = -2
        score = playouts.rollout(
            weights,
            sheet.crossed,
            sheet.circled,
            sheet.position,
            limit - state.round + 1 if limit else -1,
            game.target,
            game.cross_standing,
            FINAL_CODES[game.final_field],
            game.pass_on_fail,
            True,
            stream,
            active,
            chosen,
            trace,
        )
        why = ""
        for row in range(0, TRACE, 3):
            roll, cell, end = (int(x) for x in trace[row : row + 3])
            if roll == -2:
                break
            assert not state.is_terminal()
            state.apply_action(roll)
            if cell >= 0:
                why = _check_choice(state, weights, cell, end, why)
                modes.add(why)
                state.apply_action(cell, 0)
            if end >= 0:
                state.apply_action(MOVE_BASE + end, 0)
        assert state.is_terminal()
        assert int(state.scores()[0]) == score
        endings.add(state.ending())
    assert "no_move" in endings or "no_cross" in endings
    assert modes == {"", "won", "lost"}  # the network played, then for points


def _decisions(seed: int, count: int) -> list[RoadTo300State]:
    """Step-2 decisions with several fields to cross, from default games the
    network's greedy policy plays (every third such decision)."""
    game = roadtrip.load_game("road-to-300")
    weights = valued.shipped_weights(False)
    active = np.zeros(network.ACTIVE, dtype=np.int64)
    chosen = np.zeros(network.ACTIVE, dtype=np.int64)
    rng = Random(seed)
    found: list[RoadTo300State] = []
    seen = 0
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            assert isinstance(state, RoadTo300State)
            sheet = state.sheets[0]
            if len(sheet.cross_options) > 1:
                seen += 1
                if seen % 3 == 0:
                    found.append(_road(state.clone()))
            cell, end, _, _ = afterstates.greedy_pair(
                weights,
                sheet.roll,
                sheet.crossed,
                sheet.circled,
                sheet.position,
                300,
                False,
                False,
                0,
                active,
                chosen,
            )
            state.apply_action(cell, 0)
            if end >= 0 and not state.is_terminal():
                state.apply_action(MOVE_BASE + end, 0)
    return found


@pytest.mark.parametrize(
    ("options", "method"),
    [
        ({}, advising.VALUE_METHOD),
        ({"cross_standing": True}, advising.VALUE_METHOD),
        ({"max_rounds": 30}, advising.METHOD),
        ({"target": 250}, advising.METHOD),
        ({"final_field": "never"}, advising.METHOD),
    ],
)
def test_the_advisor_rolls_out_the_network_where_its_weights_were_learned(
    options: dict[str, object], method: str
) -> None:
    game = roadtrip.load_game("road-to-300", **options)
    state = game.new_initial_state()
    state.apply_action(20)  # a roll with several fields to cross
    report = advise(state, 0, seconds=None, iterations=40, seed=2)
    assert report.method == method
    assert sorted(a.action for a in report.choices) == sorted(state.legal_actions(0))
    assert all(a.samples > 0 or a.exact for a in report.choices)


def test_network_advice_agrees_with_the_expert_and_wins_more_than_base_advice() -> None:
    """On positions where the expert's one-roll search prefers one field to cross
    clearly (by 0.08 or more), the network advisor's best cross is the expert's;
    and on the same positions, with the same budget and dice, its win figures are
    higher than the base-policy advisor's (the network plays the game on better)."""
    checked = 0
    network_wins: list[float] = []
    base_wins: list[float] = []
    for state in _decisions(seed=4, count=12):
        sheet = state.sheets[0]
        settings = settings_for(_game(state), state, 0)
        here = Sheet(sheet.crossed, sheet.circled, sheet.position)
        ranked = valued.value_pairs(settings, here, sheet.cross_options)
        top = ranked[0]
        others = [p for p in ranked if p.cell != top.cell]
        if not others or _deeper(top) - max(_deeper(p) for p in others) < 0.08:
            continue
        budget = Budget(iterations=120 * len(state.legal_actions(0)))
        figures = {}
        for use_network in (True, False):
            result = advising.rollout_engine(observe(state, 0), budget, Random(7), use_network)
            figures[use_network] = result
        best = max(figures[True].estimates, key=lambda e: (e.win, e.score))
        assert best.action == top.cell
        network_wins.append(float(np.mean([e.win for e in figures[True].estimates])))
        base_wins.append(float(np.mean([e.win for e in figures[False].estimates])))
        checked += 1
        if checked == 3:
            break
    assert checked == 3
    assert np.mean(network_wins) > np.mean(base_wins) + 0.03


def test_kept_pairs_are_each_cross_s_best_within_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kept_pairs``: each cross's best ``PAIRS_PER_CROSS`` pairs, at most
    ``MAX_POSITIONS`` in all, but the best pair of every cross whatever the cap."""
    values = {(5, e): 0.9 - e / 100 for e in range(5)}  # cross 5: five pairs
    values |= {(7, e): 0.8 - e / 100 for e in range(3)}  # cross 7: three
    values[9, 0] = 0.1  # cross 9: one, the worst pair of all
    ranked = sorted(
        (valued.PairValue(c, e, v, v) for (c, e), v in values.items()), key=lambda p: -p.value
    )

    def kept(cap: int) -> list[tuple[int, int | None]]:
        monkeypatch.setattr(advising, "MAX_POSITIONS", cap)
        return [(p.cell, p.end) for p in advising.kept_pairs(ranked)]

    assert advising.PAIRS_PER_CROSS == 2
    assert kept(12) == [(5, 0), (7, 0), (9, 0), (5, 1), (7, 1)]
    assert kept(4) == [(5, 0), (7, 0), (9, 0), (5, 1)]
    assert kept(2) == [(5, 0), (7, 0), (9, 0)]  # one per cross beyond the cap


def _first_decisions() -> list[RoadTo300State]:
    """The first decision of a default game on rolls 20, 5 and 40 (3 crosses,
    35-61 pairs), and later step-2 decisions of the network's games."""
    states = []
    for roll in (20, 5, 40):
        state = _road(roadtrip.load_game("road-to-300").new_initial_state())
        state.apply_action(roll)
        states.append(state)
    return states + _decisions(seed=5, count=2)


@pytest.mark.parametrize("use_network", [True, False], ids=["network", "base"])
def test_network_advice_rolls_out_only_the_best_pairs(use_network: bool) -> None:
    """Network rollouts cost about ten times the base policy's, so only each cross's
    best pairs are rolled out (at most ``MAX_POSITIONS`` but one per cross); every
    legal action still gets figures, on ``ceil(iterations / legal actions)``
    rollouts as before (the iteration budget's contract).  At the first decision
    of a game that is at most a fifth of the rollouts of every pair (35-61), so a
    time budget gives each kept pair several times the rollouts.  The base
    policy's advisor still rolls out every pair."""
    for state in _first_decisions():
        sheet = state.sheets[0]
        assert sheet.step == CROSS
        settings = settings_for(_game(state), state, 0)
        here = Sheet(sheet.crossed, sheet.circled, sheet.position)
        moves, _ending = candidates(settings, here, sheet.cross_options)
        legal = state.legal_actions(0)
        with_moves = len({cell for cell, *_ in moves})
        budget = Budget(iterations=30 * len(legal))
        result = advising.rollout_engine(observe(state, 0), budget, Random(3), use_network)
        assert sorted(e.action for e in result.estimates) == sorted(legal)
        assert all(e.samples == 30 or e.exact for e in result.estimates)
        positions, left = divmod(result.samples, 30)
        assert left == 0
        if not use_network:
            assert positions == len(moves)
            continue
        assert with_moves <= positions <= max(advising.MAX_POSITIONS, with_moves)
        assert positions <= advising.PAIRS_PER_CROSS * with_moves
        if state.round == 1:
            assert len(moves) >= 35 and 5 * positions <= len(moves)


def test_a_won_sheet_keeps_the_pairs_that_reach_the_most_points() -> None:
    """With 300 locked in, the network values every pair 1 (the win is settled):
    the pairs kept for rollouts are then each cross's ends worth the most points
    (the rollouts tell the crosses apart by the final score)."""
    state = _road(roadtrip.load_game("road-to-300").new_initial_state())
    ring = sum(1 << c for c in range(36) if c % 6 in (0, 5) or c // 6 in (0, 5))
    assert board.mask_value(ring) >= 300
    stand = board.cell_of(3, 3)
    sheet = state.sheets[0]
    sheet.crossed, sheet.circled, sheet.position = ring, ring | 1 << stand, stand
    state.apply_action(board.ROLL_INDEX[(2, 3, 4)])
    sheet = state.sheets[0]
    settings = settings_for(_game(state), state, 0)
    here = Sheet(sheet.crossed, sheet.circled, sheet.position)
    moves, _ending = candidates(settings, here, sheet.cross_options)
    kept = advising._ranked_moves(settings, here, sheet.cross_options, moves)
    crosses = {cell for cell, *_ in moves}
    assert len(crosses) > 1
    assert any(len([m for m in moves if m[0] == c]) > 2 for c in crosses)
    for cross in crosses:
        ends = sorted((board.VALUES[m[1]] for m in moves if m[0] == cross), reverse=True)
        chosen = sorted((board.VALUES[m[1]] for m in kept if m[0] == cross), reverse=True)
        assert chosen == ends[: advising.PAIRS_PER_CROSS]
