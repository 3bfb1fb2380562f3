"""The Road to 300 expert's base policy in the endgame (session 5): the chance that
the next roll can finish, counted over the 216 throws, and the slack margin; the
compiled key (numba) and the numpy key agree, and the throw count agrees with a
brute force over the engine's own walks (``board.destinations``)."""

from __future__ import annotations

from random import Random

import numpy as np
import pytest

from roadtrip.bots.road_to_300.evaluation import (
    SLACK_MARGIN,
    Positions,
    Rules,
    base_key,
    finish_throws,
    measure,
)
from roadtrip.bots.road_to_300.planner import Settings, Sheet, candidates
from roadtrip.games.road_to_300 import board

pytest.importorskip("numba")

from roadtrip.bots.road_to_300.fast import policy


def _random_sheet(rng: Random) -> tuple[int, int, int]:
    """(crossed, circled, position): a sheet between rounds, the position circled."""
    marks = rng.sample(range(36), rng.randint(4, 24))
    stand = marks[0]
    circle = {stand} | set(rng.sample(marks, len(marks) // 2))
    crossed = sum(1 << c for c in marks if c != stand)
    return crossed, sum(1 << c for c in circle), stand


def _brute_force_throws(cross_standing: bool, sheet: Sheet, need: int) -> int:
    """Throws (of 216) after which some legal cross and movement end on >= need."""
    blocked = sheet.crossed if cross_standing else sheet.crossed | sheet.circled
    settings = Settings(rules=Rules(cross_standing=cross_standing))
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                roll = board.ROLL_INDEX[tuple(sorted((a, b, c)))]  # type: ignore[index]
                options = tuple(
                    (cell, die)
                    for cell, die in board.CROSS_OPTIONS[roll]
                    if not blocked >> cell & 1
                )
                moves, _ending = candidates(settings, sheet, options)
                count += any(board.VALUES[end] >= need for _cell, end, _x, _o in moves)
    return count


@pytest.mark.parametrize("cross_standing", [False, True])
def test_finish_throws_count_the_throws_the_engine_lets_make_the_points(
    cross_standing: bool,
) -> None:
    """Rule (Step 2 then Step 4): the cross comes first and may block the walk; a
    throw counts when some cross of it still leaves a movement ending on a field
    worth the points needed."""
    rng = Random(31 if cross_standing else 30)
    rules = Rules(cross_standing=cross_standing)
    checked = 0
    for _ in range(60):
        crossed, circled, stand = _random_sheet(rng)
        need = rng.choice((5, 10, 15, 20, 25, 30))
        expected = _brute_force_throws(cross_standing, Sheet(crossed, circled, stand), need)
        positions = Positions(
            crossed=np.array([crossed], dtype=np.uint64),
            circled=np.array([circled], dtype=np.uint64),
            position=np.array([stand], dtype=np.int64),
        )
        assert finish_throws(rules, positions, 0, need) == expected
        assert policy.finish_throws(crossed, circled, stand, need, cross_standing) == expected
        checked += 0 < expected < 216
    assert checked > 10  # the sample is not all trivial


@pytest.mark.parametrize("cross_standing", [False, True])
def test_endgame_keys_of_the_compiled_and_numpy_base_policy_agree(cross_standing: bool) -> None:
    """With the target a few points above the points reached (the finishing chance
    and the slack margin both decide), position_key equals base_key."""
    rng = Random(40 + cross_standing)
    finishing = 0
    for _ in range(300):
        crossed, circled, stand = _random_sheet(rng)
        reached = board.mask_value(crossed & circled) + board.VALUES[stand]
        target = reached + rng.randint(1, 45)
        rules = Rules(target=target, cross_standing=cross_standing)
        positions = Positions(
            crossed=np.array([crossed], dtype=np.uint64),
            circled=np.array([circled], dtype=np.uint64),
            position=np.array([stand], dtype=np.int64),
        )
        expected = float(base_key(rules, positions)[0])
        got = policy.position_key(crossed, circled, stand, target, cross_standing, False)
        assert got == pytest.approx(expected, abs=1e-9)
        finishing += -500.0 < got < 500.0 and target - reached <= 30
    assert finishing > 20


def test_a_position_without_the_slack_margin_ranks_with_the_lost_ones() -> None:
    """Reachable points short of the points needed plus SLACK_MARGIN: the base
    policy ranks the position below every position that keeps the margin."""
    rng = Random(50)
    seen = 0
    for _ in range(2000):
        crossed, circled, stand = _random_sheet(rng)
        positions = Positions(
            crossed=np.array([crossed], dtype=np.uint64),
            circled=np.array([circled], dtype=np.uint64),
            position=np.array([stand], dtype=np.int64),
        )
        m = measure(Rules(), positions)
        slack = int(m.bound[0] - m.need[0])
        if m.need[0] > 0 and 0 <= slack < SLACK_MARGIN:
            seen += 1
            key = float(base_key(Rules(), positions)[0])
            assert key == -1000.0 + float(m.reached[0])
            assert policy.position_key(crossed, circled, stand, 300, False, False) == key
    assert seen > 0
