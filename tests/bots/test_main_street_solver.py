"""Solo Get Your Kicks solved: the dynamic programme checked by brute force on small
bags, the shipped tables checked by recomputing them, and the ``expert`` checked to
play legally and to reach the solved number of turns (Your Mileage May Vary:
``test_mileage_solver.py``).

Rules checked: "If the new cube matches the color of any of the cubes already in the
Casino, then your turn ends immediately" (a bust), "If you conclude your turn, you
keep the cubes you collected", the goal "at least one cube (of the correct color) in
each of the eight U.S. States and on the Route 66 highway sign", the six-black end
(option ``solo_six_black``), and Solo Play: "count the number of turns it takes you
to win"."""

from __future__ import annotations

from itertools import product
from math import sqrt
from random import Random

import pytest

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.bots.main_street.kicks_expert import (
    ExpertKicksBot,
    solo_expected_turns,
    solo_model,
    solo_values,
)
from roadtrip.bots.main_street.kicks_solver import (
    KicksModel,
    class_of,
    solve,
    solve_from,
    turn_table,
)
from roadtrip.core import sample_chance
from roadtrip.sim.runner import game_rngs, play_game

INF = float("inf")


def exact_value(full: tuple[int, ...], six_black: str, six: int) -> float:
    """The true optimum from the empty mat by plain value iteration over every
    exact mat (spare cubes included) and casino: the brute force."""
    colours = len(full)
    mats = list(product(*(range(n + 1) for n in full)))

    def ended(mat: tuple[int, ...]) -> float | None:
        if all(mat):
            return 0.0
        if six_black != "ignore" and mat[0] >= six:
            return 0.0 if six_black == "win" else INF
        return None

    values = {mat: 0.0 for mat in mats}

    def worth(mat: tuple[int, ...], casino: tuple[int, ...], current: dict) -> float:
        after = tuple(m + c for m, c in zip(mat, casino, strict=True))
        end = ended(after)
        stop = end if end is not None else current[after]
        if not any(casino):
            stop = INF  # the turn starts with a draw
        bag = [f - m - c for f, m, c in zip(full, mat, casino, strict=True)]
        left = sum(bag)
        go = INF
        if left:
            go = 0.0
            for colour in range(colours):
                if not bag[colour]:
                    continue
                p = bag[colour] / left
                if casino[colour]:
                    go += p * current[mat]  # bust: back to the same mat
                else:
                    more = tuple(c + (i == colour) for i, c in enumerate(casino))
                    go += p * worth(mat, more, current)
        return min(stop, go)

    for _ in range(100_000):
        change = 0.0
        for mat in mats:
            if ended(mat) is not None:
                continue
            new = 1.0 + worth(mat, (0,) * colours, values)
            change = max(change, abs(new - values[mat]))
            values[mat] = new
        if change < 1e-13:
            break
    return values[(0,) * colours]


SMALL = [((3, 2, 2), 2), ((2, 2, 1, 1), 3), ((4, 3, 1), 3)]


@pytest.mark.parametrize("six_black", ["loss", "win", "ignore"])
@pytest.mark.parametrize(("full", "six"), SMALL)
def test_the_two_models_bound_the_brute_force_optimum(
    full: tuple[int, ...], six: int, six_black: str
) -> None:
    exact = exact_value(full, six_black, six)
    coarse = solve(KicksModel(six_black, False, full, six))[(0, 0)]
    upper = solve(KicksModel(six_black, False, full, six, spares=1))[(0, 0)]
    lower = solve(KicksModel(six_black, True, full, six))[(0, 0)]
    assert lower <= exact + 1e-9 <= upper + 2e-9 <= coarse + 3e-9
    assert exact < INF


@pytest.mark.parametrize("six_black", ["loss", "win"])
def test_without_spare_cubes_the_model_is_the_brute_force_optimum(six_black: str) -> None:
    # One cube of each colour but black, and black counted exactly: no spare cube can
    # ever be kept, so the class model is the exact game.
    for full, six in (((2, 1, 1), 3), ((3, 1, 1, 1), 3), ((4, 1, 1), 6)):
        exact = exact_value(full, six_black, six)
        upper = solve(KicksModel(six_black, False, full, six))[(0, 0)]
        assert upper == pytest.approx(exact, rel=1e-9)


def test_a_single_colour_takes_one_turn() -> None:
    # Only black, five cubes: the first cube completes the mat (and ends the turn
    # as soon as it is concluded).
    assert solve(KicksModel("loss", False, (5,), 6))[(0, 0)] == pytest.approx(1.0)


def test_two_single_cubes_worked_by_hand() -> None:
    # Bag {black, red}: draw one (concluding wins nothing yet), continue: the other
    # colour cannot repeat, so one turn of two draws completes the mat.
    assert solve(KicksModel("loss", False, (1, 1), 6))[(0, 0)] == pytest.approx(1.0)
    # Bag {2 black, 1 red}, six = 2: one turn takes black then red (1/3 * 1 ...).
    # By hand: drawing red first (1/3) then continuing completes at once; drawing
    # black first (2/3) then continuing busts with 1/2.  Concluding a black leaves
    # a bag {black, red} where a red is needed; a second black ends the game (loss).
    exact = exact_value((2, 1), "loss", 2)
    assert solve(KicksModel("loss", False, (2, 1), 2))[(0, 0)] == pytest.approx(exact)


def test_tracking_a_second_cube_is_exact_when_no_third_can_be_kept() -> None:
    # At most two cubes of each colour but black: the spare model is the exact game.
    for six_black in ("loss", "win", "ignore"):
        exact = exact_value((2, 2, 2), six_black, 3)
        upper = solve(KicksModel(six_black, False, (2, 2, 2), 3, spares=1))[(0, 0)]
        assert upper == pytest.approx(exact, rel=1e-9)


def test_symmetric_colours_share_one_state() -> None:
    model = KicksModel("loss", spares=1)
    red_twice = (0b10 | 0b10 << 9, 0)  # two red cubes on the mat
    yellow_twice = (0b100 | 0b100 << 9, 0)
    assert model.canonical(yellow_twice) == model.canonical(red_twice) == red_twice


def test_a_relabelled_turn_decides_as_the_turn_itself() -> None:
    """The expert solves a turn once per canonical state and relabels the casino:
    the decisions are those of the turn solved in the mat's own colours."""
    bot = ExpertKicksBot(roadtrip.load_game("get-your-kicks"))
    model = bot.model
    values = solo_values("loss")
    rng = Random(2)
    for _ in range(6):
        mat = [rng.choice((0, 0, 1, 2, 3)) for _ in range(9)]
        mat[0] = min(mat[0], 5)
        if all(mat):
            mat[rng.randrange(1, 9)] = 0
        own = turn_table(model, values, class_of(model, mat))
        for casino in range(1, 512):
            assert bot.solo_go_on(mat, casino) == own.go_on[casino]


@pytest.mark.parametrize("six_black", ["loss", "win", "ignore"])
def test_the_shipped_table_matches_a_recomputation(six_black: str) -> None:
    values = solo_values(six_black)
    for bound in ("upper", "coarse", "lower"):
        shipped = solo_values(six_black, bound)
        model = solo_model(six_black, bound)
        memo: dict[tuple[int, int], float] = {}
        # The states nearest the end (the most progress first), from scratch.
        for state in model.states()[:40]:
            assert solve_from(model, state, memo) == pytest.approx(shipped[state], rel=1e-9)
    assert values[(0, 0)] == solo_expected_turns(six_black)


def test_the_bounds_are_ordered_for_every_option() -> None:
    for mode in ("loss", "win", "ignore"):
        lower, upper, coarse = (solo_values(mode, b)[(0, 0)] for b in ("lower", "upper", "coarse"))
        assert lower < upper <= coarse
    # Six black cubes that win can only help; ignoring them helps the lower bound.
    assert solo_expected_turns("win") < solo_expected_turns("loss")


def test_class_of_reads_the_mat() -> None:
    model = KicksModel("loss")
    assert class_of(model, [2, 0, 3, 0, 0, 0, 0, 0, 1]) == (0b100000101, 2)
    assert class_of(KicksModel("ignore"), [4, 1, 0, 0, 0, 0, 0, 0, 0]) == (0b11, 1)
    spares = KicksModel("loss", spares=1)
    assert class_of(spares, [2, 0, 3, 0, 0, 0, 0, 0, 1]) == (0b100000101 | 0b100 << 9, 2)
    assert class_of(KicksModel("ignore", spares=1), [4, 1, 0, 0, 0, 0, 0, 0, 0]) == (0b11, 2)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_expert_plays_only_legal_actions(players: int) -> None:
    game = roadtrip.load_game("get-your-kicks", players=players)
    bot = make_bot("expert", game)
    rng = Random(5)
    for _ in range(12 if players == 1 else 4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            action = bot.choose(observe(state, seat), rng)
            assert action in state.legal_actions(seat)
            state.apply_action(action)


@pytest.mark.parametrize(("six_black", "games"), [("loss", 800), ("win", 250), ("ignore", 250)])
def test_the_experts_mean_is_the_solved_value(six_black: str, games: int) -> None:
    """The expert plays the upper model's policy; the true game only holds more
    spare cubes on the mat (a third, ...), which never hurts, so its mean lies
    within four standard errors of the solved value (or below it),
    and above the lower bound."""
    game = roadtrip.load_game("get-your-kicks", solo_six_black=six_black)
    bots = [make_bot("expert", game)]
    results = [play_game(game, bots, *game_rngs(3, index)) for index in range(games)]
    assert all(result.returns == (1.0,) for result in results)
    turns = [result.rounds or 0 for result in results]
    mean = sum(turns) / len(turns)
    sd = sqrt(sum((t - mean) ** 2 for t in turns) / (len(turns) - 1))
    solved = solo_expected_turns(six_black)
    assert mean < solved + 4 * sd / sqrt(len(turns))
    assert mean > solo_values(six_black, "lower")[(0, 0)]
