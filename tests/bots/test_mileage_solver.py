"""Solo Your Mileage May Vary solved: the two-fill-up dynamic programme and its
relaxation checked by brute force on small bags, the fill-up odds by counting, the
shipped table by recomputing it, and the ``expert`` by playing it.

Rules checked: "drawing a total of 3 cubes from the bag" (the fill-up odds),
"you must continue to draw at least one cube [...] that matches the color of at
least one of your first fill-up of three cubes" (a bust), "ALL cubes drawn on that
turn are put back into the bag" (a bust returns to the turn's starting mat), "If by
chance you have drawn extra cubes that are not needed on a State [...] return those
excess cubes to the bag" (the mat caps each colour), and Solo Play: "count the
number of turns it takes you to win"."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product
from math import comb, sqrt
from random import Random

import pytest

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.main_street import mileage_dp
from roadtrip.bots.main_street.mileage_expert import (
    TwoFillUpMileageBot,
    mat_spreads,
    mat_values,
)
from roadtrip.bots.main_street.mileage_solver import (
    canonical,
    fill_up_odds,
    look_ahead,
    solve_first_fill_up,
    value_first_fill_up,
)
from roadtrip.bots.main_street.tables import MILEAGE_TABLE, load_table
from roadtrip.core import sample_chance
from roadtrip.games.main_street.data import BOXES, FULL_BAG
from roadtrip.sim.runner import game_rngs, play_game

Mat = tuple[int, ...]
SMALL = mileage_dp.Setup(full=(6, 5, 5), boxes=(2, 1, 1), pairs=((1, 2),), chain=2)
LARGER = mileage_dp.Setup(full=(7, 5, 4), boxes=(3, 2, 1), pairs=(), chain=3)


def counted_odds(bag: Mat) -> dict[Mat, float]:
    """Every ordered draw of three cubes one at a time, counted."""
    cubes = [c for c, n in enumerate(bag) for _ in range(n)]
    ordered = list(permutations(range(len(cubes)), 3))
    out: dict[Mat, float] = {}
    for picks in ordered:
        key = tuple(sum(cubes[i] == c for i in picks) for c in range(len(bag)))
        out[key] = out.get(key, 0.0) + 1 / len(ordered)
    return out


def brute_force(
    setup: mileage_dp.Setup, depth: int | None
) -> tuple[dict[Mat, float], dict[Mat, float]]:
    """The optimum over policies that stop after at most ``depth`` fill-ups (None:
    any number, while the bag holds three cubes), by value iteration over every
    mat and every pumps-and-fuel state; and E[turns²] of that policy."""
    full, boxes = setup.full, setup.boxes
    mats = list(product(*(range(b + 1) for b in boxes)))
    odds_of: dict[Mat, dict[Mat, float]] = {}

    def odds(bag: Mat) -> dict[Mat, float]:
        if bag not in odds_of:
            odds_of[bag] = counted_odds(bag)
        return odds_of[bag]

    def place(mat: Mat, pumps: Mat) -> Mat:
        return tuple(min(b, x + y) for x, y, b in zip(mat, pumps, boxes, strict=True))

    def turn(
        mat: Mat, state: tuple[dict[Mat, float], dict[Mat, float], dict], pumps: Mat, made: int
    ) -> tuple[float, float]:
        """(V after the turn, E[(1 + T')²] after it) under the best choice, the fuel
        being the colours of the first fill-up (``pumps`` after one)."""
        values, squares, memo = state
        end = place(mat, pumps)
        stop = (values[end], 1 + 2 * values[end] + squares[end])
        bag = tuple(f - m - p for f, m, p in zip(full, mat, pumps, strict=True))
        if (depth is not None and made >= depth) or sum(bag) < 3:
            return stop
        if pumps not in memo:
            fuel = memo["fuel"]
            go_v = go_s = 0.0
            for cubes, p in odds(bag).items():
                if any(cubes[c] for c in fuel):
                    more = tuple(a + b for a, b in zip(pumps, cubes, strict=True))
                    v, s = turn(mat, state, more, made + 1)
                else:
                    v, s = values[mat], 1 + 2 * values[mat] + squares[mat]
                go_v += p * v
                go_s += p * s
            memo[pumps] = min(stop, (go_v, go_s))
        result: tuple[float, float] = memo[pumps]
        return result

    def sweep(
        values: dict[Mat, float], squares: dict[Mat, float]
    ) -> tuple[dict[Mat, float], dict[Mat, float]]:
        new_v: dict[Mat, float] = {}
        new_s: dict[Mat, float] = {}
        for mat in mats:
            if mat == boxes:
                new_v[mat] = new_s[mat] = 0.0
                continue
            bag = tuple(f - m for f, m in zip(full, mat, strict=True))
            v = s = 0.0
            for cubes, p in odds(bag).items():
                memo: dict = {"fuel": tuple(c for c in range(len(cubes)) if cubes[c])}
                tv, ts = turn(mat, (values, squares, memo), cubes, 1)
                v += p * tv
                s += p * ts
            new_v[mat], new_s[mat] = 1 + v, s
        return new_v, new_s

    values = {mat: 0.0 for mat in mats}
    squares = {mat: 0.0 for mat in mats}
    for _ in range(2000):
        new_v, new_s = sweep(values, squares)
        done = max(abs(new_v[m] - values[m]) + abs(new_s[m] - squares[m]) for m in mats)
        values, squares = new_v, new_s
        if done < 1e-12:
            break
    return values, squares


@pytest.mark.parametrize("setup", [SMALL, LARGER], ids=["small", "larger"])
def test_the_two_fill_up_programme_is_the_brute_force_optimum_of_its_policies(
    setup: mileage_dp.Setup,
) -> None:
    values, squares = mileage_dp.solve(setup)
    brute, brute_squares = brute_force(setup, depth=2)
    for mat in setup.mats():
        key = setup.key(mat)
        assert values[key] == pytest.approx(brute[mat], abs=1e-9)
        assert squares[key] == pytest.approx(brute_squares[mat], abs=1e-7)


@pytest.mark.parametrize("setup", [SMALL, LARGER], ids=["small", "larger"])
def test_the_relaxation_and_the_two_fill_up_policy_bound_the_brute_force_optimum(
    setup: mileage_dp.Setup,
) -> None:
    upper, _ = mileage_dp.solve(setup)
    lower, _ = mileage_dp.solve(setup, lower=True)
    optimum, _ = brute_force(setup, depth=None)
    gaps = []
    for mat in setup.mats():
        key = setup.key(mat)
        assert lower[key] <= optimum[mat] + 1e-9 <= upper[key] + 2e-9
        gaps.append(optimum[mat] - lower[key])
    start = setup.key((0,) * setup.colours)
    assert lower[start] < upper[start]  # the relaxation goes deeper than two fill-ups
    assert max(gaps) > 1e-6  # ...and is strictly optimistic somewhere


def test_fill_up_odds_are_the_exact_hypergeometric_odds() -> None:
    """ "drawing a total of 3 cubes from the bag": every ordered draw of three cubes
    one at a time, counted by brute force, gives the same chances."""
    bag = (3, 2, 0, 1, 0, 0, 0, 1, 2)
    counted = counted_odds(bag)
    odds = dict(fill_up_odds(bag))
    assert set(odds) == set(counted)
    for key, p in counted.items():
        assert odds[key] == pytest.approx(p)
    vector = mileage_dp.fill_odds(mileage_dp.REAL, mileage_dp.np.array(bag))
    by_fill = {
        tuple(int(x) for x in row): float(p)
        for row, p in zip(mileage_dp.REAL.fills, vector, strict=True)
    }
    for key, p in counted.items():
        assert by_fill[key] == pytest.approx(p)
    assert sum(Fraction(p).limit_denominator(10**6) for p in counted.values()) == 1


def test_first_fill_up_value_of_one_missing_box_is_geometric() -> None:
    # Everything filled but Kansas (purple, 1 box): each turn's first fill-up brings
    # a purple cube with p = 1 - C(N-5, 3) / C(N, 3); the turns are geometric.
    mat = tuple(b - (c == 8) for c, b in enumerate(BOXES))
    bag = [f - m for f, m in zip(FULL_BAG, mat, strict=True)]
    n = sum(bag)
    p = 1 - comb(n - 5, 3) / comb(n, 3)
    assert value_first_fill_up(mat, {}, FULL_BAG) == pytest.approx(1 / p)


def test_the_shipped_mileage_table_matches_a_recomputation() -> None:
    shipped = mat_values()
    assert len(shipped) == 16200
    setup = mileage_dp.REAL
    near = [mat for mat in setup.mats() if sum(mat) >= 22]  # the fullest, from scratch
    values, squares = mileage_dp.solve(mats=near)
    spreads = mat_spreads()
    for mat in near:
        key = setup.key(mat)
        assert values[key] == pytest.approx(shipped[mat], rel=1e-8)
        sd = sqrt(max(squares[key] - values[key] ** 2, 0.0))
        assert sd == pytest.approx(spreads[mat], rel=1e-4, abs=1e-6)
    # The symmetry of the pairs: swapping red and yellow changes nothing.
    assert shipped[canonical((1, 0, 3, 0, 0, 0, 0, 0, 0))] == shipped[(1, 3, 0, 0, 0, 0, 0, 0, 0)]
    # the first-fill-up policy, a special two-fill-up policy, is no better
    v1 = solve_first_fill_up(near)
    assert all(shipped[mat] <= v1[mat] + 1e-9 for mat in near)


def test_the_table_records_both_bounds() -> None:
    table = load_table(MILEAGE_TABLE)
    start = mat_values()[(0,) * 9]
    assert table["lower"] < start == pytest.approx(table["upper"])


def test_look_ahead_counts_a_bust_as_the_turns_start() -> None:
    """ "if you continue to fill up [...] and none match the color of your original
    three, then your turn is over. ALL cubes drawn on that turn are put back"."""
    values = mat_values()
    start = (5, 4, 4, 3, 3, 2, 2, 1, 0)  # Kansas missing
    bag = [f - m for f, m in zip(FULL_BAG, start, strict=True)]
    stop, go = look_ahead(values, start, start, bag, [8])  # fuel purple only: must match
    p_purple = 1 - comb(sum(bag) - 5, 3) / comb(sum(bag), 3)
    assert go == pytest.approx((1 - p_purple) * stop)  # a purple completes (0), else bust


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_mileage_expert_plays_only_legal_actions(players: int) -> None:
    game = roadtrip.load_game("mileage-may-vary", players=players)
    bot = make_bot("expert", game)
    rng = Random(8)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            action = bot.choose(observe(state, seat), rng)
            assert action in state.legal_actions(seat)
            state.apply_action(action)


def test_the_two_fill_up_policy_simulated_takes_its_solved_value() -> None:
    """The table's exact value is what the two-fill-up policy takes in play (within
    4 standard errors, the table's own sd)."""
    game = roadtrip.load_game("mileage-may-vary")
    solved = mat_values()[(0,) * 9]
    sd = mat_spreads()[(0,) * 9]
    bots = [TwoFillUpMileageBot()]
    turns = [play_game(game, bots, *game_rngs(5, index)).rounds or 0 for index in range(300)]
    mean = sum(turns) / len(turns)
    assert abs(mean - solved) < 4 * sd / sqrt(len(turns))


def test_the_mileage_expert_beats_its_table_and_push_your_luck() -> None:
    """The expert's improvement step goes deeper than two fill-ups: it beats the
    table's policy by turns, and push-your-luck, same seeds."""
    game = roadtrip.load_game("mileage-may-vary")
    means = {}
    for name in ("expert", "push-your-luck"):
        bots = [make_bot(name, game)]
        turns = [play_game(game, bots, *game_rngs(4, i)).rounds or 0 for i in range(300)]
        means[name] = sum(turns) / len(turns)
    assert means["expert"] < mat_values()[(0,) * 9] - 2
    assert means["expert"] < means["push-your-luck"]
