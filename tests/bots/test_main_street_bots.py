"""America's Main Street bots: registered for both games, legal, exact about the
odds (checked against brute-force enumeration and against the rules themselves),
and push-your-luck clearly better than threshold and random."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from random import Random
from typing import Any

import pytest

import roadtrip
from roadtrip.bots import Bot, Observation, UnknownBot, bot_names, make_bot, observe
from roadtrip.bots.main_street import (
    draw_bust_odds,
    fill_up_bust_odds,
    make_push_your_luck_bot,
    make_threshold_bot,
)
from roadtrip.bots.main_street.kicks import PushYourLuckKicksBot, ThresholdKicksBot
from roadtrip.bots.main_street.mileage import PushYourLuckMileageBot, expected_boxes
from roadtrip.core import IllegalMove, NotSupported, sample_chance
from roadtrip.core.state import State
from roadtrip.games.main_street import GetYourKicksState, MileageState
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BOXES
from roadtrip.sim.runner import simulate

GAMES = ("get-your-kicks", "mileage-may-vary")
BOTS = ("threshold", "push-your-luck", "random")


def test_bots_are_registered_for_both_games_only() -> None:
    for game_id in GAMES:
        names = bot_names(game_id)
        assert {"threshold", "push-your-luck", "random"} <= set(names)
        for name in ("threshold", "push-your-luck"):
            bot = make_bot(name, roadtrip.load_game(game_id))
            assert isinstance(bot, Bot) and bot.name == name
    road = roadtrip.load_game("road-to-300")
    assert "push-your-luck" not in bot_names("road-to-300")
    with pytest.raises(UnknownBot, match="push-your-luck"):
        make_bot("push-your-luck", road)
    for factory in (make_threshold_bot, make_push_your_luck_bot):
        with pytest.raises(NotSupported):
            factory(road)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 3}, {"players": 5, "end": "finish_round"}],
)
def test_bots_choose_only_legal_actions(game_id: str, options: dict[str, object]) -> None:
    if game_id == "mileage-may-vary" and options["players"] == 5:
        options = {**options, "short_bag": "refuse"}
    game = roadtrip.load_game(game_id, **options)
    seats = game.num_players()
    chance, choices = Random(1), Random(2)
    for index in range(12):
        bots = [make_bot(BOTS[(index + s) % len(BOTS)], game) for s in range(seats)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            seat = state.current_player()
            observation = observe(state, seat)
            action = bots[seat].choose(observation, choices)
            assert action in observation.legal_actions
            state.apply_action(action, seat)


def _with_legal(state: State, legal: tuple[int, ...]) -> Observation:
    """Seat 0's observation of ``state`` with other legal actions."""
    return Observation(state.game, 0, legal, lambda: state.view(0), state.resample_hidden)


def test_bots_stop_when_stopping_is_all_there_is_and_refuse_no_choice() -> None:
    for game_id in GAMES:
        game = roadtrip.load_game(game_id)
        state = _decided(game.new_initial_state(), [0] * (1 if game_id == GAMES[0] else 3))
        for name in ("threshold", "push-your-luck"):
            bot = make_bot(name, game)
            assert bot.choose(_with_legal(state, (STOP,)), Random(1)) == STOP
            none = _with_legal(state, ())
            with pytest.raises(IllegalMove):
                bot.choose(none, Random(1))


# ----------------------------------------------------------------- the odds
def _brute_fill_up(bag: list[int], fuel: set[int]) -> Fraction:
    """Every ordered draw of min(3, N) distinct cubes, equally likely."""
    cubes = [c for c, n in enumerate(bag) for _ in range(n)]
    size = min(3, len(cubes))
    if not size:
        return Fraction(0)
    draws = list(permutations(range(len(cubes)), size))
    busts = sum(1 for d in draws if not any(cubes[i] in fuel for i in d))
    return Fraction(busts, len(draws))


def test_fill_up_bust_odds_match_brute_force_on_small_bags() -> None:
    rng = Random(5)
    for _ in range(300):
        bag = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(9)]
        while sum(bag) > 8:
            bag[rng.randrange(9)] = 0
        fuel = {rng.randrange(9) for _ in range(rng.randint(1, 3))}
        assert Fraction(*fill_up_bust_odds(bag, fuel)) == _brute_fill_up(bag, fuel)
    assert fill_up_bust_odds([0] * 9, {1}) == (0, 1)  # nothing left to draw
    short = [0, 1, 0, 0, 0, 0, 0, 1, 0]  # two cubes: a short fill-up of two
    assert Fraction(*fill_up_bust_odds(short, {0})) == 1
    assert Fraction(*fill_up_bust_odds(short, {1})) == 0


def _mileage_decision(bag: list[int], pumps: list[int], mat: list[int]) -> MileageState:
    """A solo Mileage state at its first decision with this exact bag and pumps."""
    state = roadtrip.load_game("mileage-may-vary").new_initial_state()
    if not isinstance(state, MileageState):
        raise TypeError("expected a MileageState")
    full = [b + pumps.count(c) for c, b in enumerate(bag)]
    state.bag, state.bag_total = full, sum(full)
    state.mats[0] = list(mat)
    for cube in pumps:
        state.apply_action(cube)
    return state


def _enumerate_fill_up(state: State) -> tuple[Fraction, Fraction]:
    """Through the rules: fill up again, resolve every chance outcome exactly.
    Returns (P(bust), E[boxes the new cubes add, 0 on a bust])."""
    if not isinstance(state, MileageState):
        raise TypeError("expected a MileageState")
    before = list(state.drawn)
    child = state.clone()
    child.apply_action(GO_ON)
    bust, gain = Fraction(0), Fraction(0)

    def walk(node: State, p: Fraction) -> None:
        nonlocal bust, gain
        if not node.is_chance_node():
            if not isinstance(node, MileageState):
                raise TypeError("expected a MileageState")
            if node.busts[0]:
                bust += p
            else:
                mat = node.mats[0]
                filled = sum(
                    min(BOXES[c] - mat[c], node.drawn.count(c))
                    - min(BOXES[c] - mat[c], before.count(c))
                    for c in range(9)
                )
                gain += p * filled
            return
        for action, q in node.chance_outcomes_exact():
            grand = node.clone()
            grand.apply_action(action)
            walk(grand, p * q)

    walk(child, Fraction(1))
    return bust, gain


@pytest.mark.parametrize(
    ("bag", "pumps", "mat"),
    [
        ([2, 1, 1, 0, 0, 1, 0, 0, 1], [0, 0, 3], [0] * 9),
        ([1, 0, 2, 0, 1, 0, 0, 0, 0], [1, 5, 6], [5, 3, 0, 0, 0, 0, 0, 0, 0]),
        ([0, 1, 0, 0, 0, 0, 0, 1, 0], [2, 2, 2], [0] * 9),  # a short fill-up of two
        ([0, 0, 0, 3, 0, 0, 0, 0, 1], [3, 4, 8], [0, 0, 0, 2, 0, 0, 0, 0, 0]),
    ],
)
def test_push_your_luck_mileage_odds_match_the_rules(
    bag: list[int], pumps: list[int], mat: list[int]
) -> None:
    state = _mileage_decision(bag, pumps, mat)
    view = observe(state, 0).view
    assert view["bag"] == bag and sorted(view["fuel"]) == sorted(set(pumps))
    bust, gain = _enumerate_fill_up(state)
    assert Fraction(*fill_up_bust_odds(view["bag"], view["fuel"])) == bust
    drawn = [pumps.count(c) for c in range(9)]
    left = [max(0, BOXES[c] - mat[c] - drawn[c]) for c in range(9)]
    assert expected_boxes(view["bag"], view["fuel"], left, float(bust)) == pytest.approx(
        float(gain), abs=1e-12
    )


def test_push_your_luck_kicks_odds_match_the_rules() -> None:
    state = roadtrip.load_game("get-your-kicks").new_initial_state()
    if not isinstance(state, GetYourKicksState):
        raise TypeError("expected a GetYourKicksState")
    state.bag, state.bag_total = [2, 1, 0, 3, 0, 0, 1, 0, 1], 8
    for cube in (0, 3):  # two cubes in the casino
        state.apply_action(cube)
        if cube == 0:
            state.apply_action(GO_ON)
    view = observe(state, 0).view
    expected = Fraction(0)
    child = state.clone()
    child.apply_action(GO_ON)
    for action, p in child.chance_outcomes_exact():
        after = child.clone()
        after.apply_action(action)
        if isinstance(after, GetYourKicksState) and after.busts[0]:
            expected += p
    assert Fraction(*draw_bust_odds(view["bag"], view["casino"])) == expected == Fraction(1, 2)


def _decided(state: State, cubes: list[int]) -> State:
    for cube in cubes:
        state.apply_action(cube)
    return state


def test_push_your_luck_kicks_endgame_and_the_sixth_black() -> None:
    solo = roadtrip.load_game("get-your-kicks")
    bot = PushYourLuckKicksBot(solo)
    state = solo.new_initial_state()
    if not isinstance(state, GetYourKicksState):
        raise TypeError("expected a GetYourKicksState")
    state.mats[0] = [5, 1, 1, 1, 1, 1, 1, 1, 0]
    _decided(state, [0])  # a sixth black in the casino would lose a solo game
    assert bot.choose(observe(state, 0), Random(1)) == GO_ON
    other = solo.new_initial_state()
    if not isinstance(other, GetYourKicksState):
        raise TypeError("expected a GetYourKicksState")
    other.mats[0] = [1, 1, 1, 1, 1, 1, 1, 1, 0]
    _decided(other, [8])  # the last colour: concluding wins
    assert bot.choose(observe(other, 0), Random(1)) == STOP
    duel = roadtrip.load_game("get-your-kicks", players=2)
    behind = duel.new_initial_state()
    if not isinstance(behind, GetYourKicksState):
        raise TypeError("expected a GetYourKicksState")
    behind.mats = [[1, 1, 1, 1, 1, 1, 1, 1, 0], [3, 9, 9, 0, 0, 0, 0, 0, 0]]
    _decided(behind, [8])  # completing would end the game while behind
    assert PushYourLuckKicksBot(duel).choose(observe(behind, 0), Random(1)) == GO_ON
    behind.mats[1] = [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert PushYourLuckKicksBot(duel).choose(observe(behind, 0), Random(1)) == STOP


def test_push_your_luck_kicks_with_solo_six_black_ignore() -> None:
    """solo_six_black=ignore: a sixth black does not end (or lose) a solo game, so the
    bot neither forces a decision on it nor counts a black draw as a bust."""
    weighed: list[tuple[int, ...]] = []

    class Recording(PushYourLuckKicksBot):
        def _weigh(self, bag: Any, casino: Any, values: Any, poison: Any, risk: float) -> int:
            weighed.append(tuple(poison))
            return STOP

    for option, forced in (("loss", GO_ON), ("ignore", None)):
        game = roadtrip.load_game("get-your-kicks", solo_six_black=option)
        state = game.new_initial_state()
        if not isinstance(state, GetYourKicksState):
            raise TypeError("expected a GetYourKicksState")
        state.mats[0] = [5, 1, 1, 1, 1, 1, 1, 1, 0]
        _decided(state, [0])  # the sixth black in the casino
        weighed.clear()
        choice = Recording(game).choose(observe(state, 0), Random(1))
        if forced is not None:
            assert choice == forced and weighed == []
        else:
            assert choice == STOP and weighed == [()]  # weighed, and black is no poison
        red = game.new_initial_state()
        red.mats[0] = [5, 1, 1, 1, 1, 1, 1, 1, 0]  # type: ignore[attr-defined]
        _decided(red, [1])  # a red cube; the next black would be the sixth
        weighed.clear()
        Recording(game).choose(observe(red, 0), Random(1))
        assert weighed == ([(0,)] if option == "loss" else [()])


def test_threshold_kicks_stops_at_its_cube_count() -> None:
    game = roadtrip.load_game("get-your-kicks")
    state = _decided(game.new_initial_state(), [1])
    bot = ThresholdKicksBot(game, cubes=1)
    assert bot.choose(observe(state, 0), Random(1)) == STOP
    assert ThresholdKicksBot(game, cubes=3).choose(observe(state, 0), Random(1)) == GO_ON


def test_push_your_luck_mileage_stops_on_a_complete_mat() -> None:
    mat = list(BOXES)
    mat[7] = 0  # orange missing
    state = _mileage_decision([20, 16, 16, 12, 12, 8, 8, 4, 5], [7, 0, 1], mat)
    assert PushYourLuckMileageBot(state.game).choose(observe(state, 0), Random(1)) == STOP


# ------------------------------------------------------------- strength
def _seat_wins(game_id: str, bots: list[str], games: int) -> list[float]:
    """Win rates per bot, each bot playing each seat equally often."""
    seats = len(bots)
    totals = [0.0] * seats
    for shift in range(seats):
        order = bots[shift:] + bots[:shift]
        summary = simulate(game_id, {"players": seats}, order, games // seats, seed=11 + shift)
        for seat, result in enumerate(summary.seats):
            totals[(seat + shift) % seats] += result.wins / games
    return totals


def test_push_your_luck_wins_solo_kicks_more_often_and_faster() -> None:
    pyl, threshold, rnd = (
        simulate("get-your-kicks", {}, name, 400, seed=3)
        for name in ("push-your-luck", "threshold", "random")
    )
    assert pyl.seats[0].win_rate > 0.97
    assert pyl.seats[0].win_rate > threshold.seats[0].win_rate + 0.2
    assert pyl.seats[0].win_rate > rnd.seats[0].win_rate + 0.3
    assert pyl.mean_rounds_to_win is not None and rnd.mean_rounds_to_win is not None
    assert pyl.mean_rounds_to_win < rnd.mean_rounds_to_win - 3


def test_push_your_luck_is_fastest_in_solo_mileage() -> None:
    rounds = {
        name: simulate("mileage-may-vary", {}, name, 400, seed=3).mean_rounds_to_win or 99.0
        for name in ("push-your-luck", "threshold", "random")
    }
    assert rounds["push-your-luck"] < rounds["threshold"] - 1 < rounds["random"] - 4


def test_push_your_luck_beats_threshold_and_random_head_to_head() -> None:
    pyl, threshold = _seat_wins("mileage-may-vary", ["push-your-luck", "threshold"], 600)
    assert pyl > threshold + 0.15
    pyl, threshold, rnd = _seat_wins(
        "mileage-may-vary", ["push-your-luck", "threshold", "random"], 600
    )
    assert pyl > threshold + 0.1 and threshold > rnd
    pyl, threshold = _seat_wins("get-your-kicks", ["push-your-luck", "threshold"], 1200)
    assert pyl > threshold + 0.04
    pyl, rnd = _seat_wins("get-your-kicks", ["push-your-luck", "random"], 400)
    assert pyl > rnd + 0.6
