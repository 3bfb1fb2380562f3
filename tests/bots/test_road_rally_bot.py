"""The Road Rally heuristic bot: legal, blind to hidden information, better than
random; and ``roadtrip simulate road-rally`` with its balance counts."""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest
from typer.testing import CliRunner

import roadtrip
from roadtrip.bots import Observation, make_bot, observe
from roadtrip.bots.road_rally.evaluation import place_points
from roadtrip.bots.road_rally.heuristic import RoadRallyBot, plays
from roadtrip.cli.main import app
from roadtrip.core import sample_chance
from roadtrip.core.state import State
from roadtrip.games.road_rally import actions as A
from roadtrip.sim.balance import game_stats, stat_tables
from roadtrip.sim.runner import simulate

GAME = roadtrip.load_game("road-rally", players=4)
BOTS = ("heuristic", "heuristic-green", "heuristic-yellow", "heuristic-red")


def blind(state: State, seat: int) -> Observation:
    """An observation whose ``sample_state`` fails: the bot may read the view only."""
    frozen = state.clone()

    def no_sampling(rng: Random) -> State:
        raise AssertionError("the heuristic bot must not sample a state")

    return Observation(
        game=state.game,
        seat=seat,
        legal_actions=tuple(state.legal_actions(seat)),
        view=lambda: frozen.view(seat),
        sampler=no_sampling,
    )


def test_legal_actions_only_and_never_samples_hidden_state() -> None:
    for index in range(3):
        bots = [make_bot(name, GAME) for name in BOTS]
        state, chance, rng = GAME.new_initial_state(), Random(index), Random(-index)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            seat = state.active_seats()[0]
            action = bots[seat].choose(blind(state, seat), rng)
            assert action in state.legal_actions(seat)
            state.apply_action(action, seat)


def test_same_view_same_choice_whatever_the_hidden_cards() -> None:
    """A determinization the seat cannot tell apart gets the same decision."""
    bot = make_bot("heuristic", GAME)
    state, chance, rng = GAME.new_initial_state(), Random(7), Random(8)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.active_seats()[0]
        action = bot.choose(observe(state, seat), rng)
        if len(state.legal_actions(seat)) > 1:
            other = state.resample_hidden(seat, Random(checked))
            assert other.view(seat) == state.view(seat)
            assert bot.choose(observe(other, seat), rng) == action
            checked += 1
        state.apply_action(action, seat)
    assert checked > 50


def test_beats_random_by_a_wide_margin() -> None:
    summary = simulate(
        "road-rally", {"players": 4}, ["random", "heuristic", "random", "random"], 60, seed=11
    )
    by_bot = {bot.bot: bot for bot in summary.by_bot()}
    heuristic, random = by_bot["heuristic"], by_bot["random"]
    assert heuristic.win_rate >= 0.7  # about 93% over 500 games
    assert heuristic.win_rate_low > 0.5
    assert heuristic.mean_score > random.mean_score + 20


def test_reveals_from_the_front_and_saves_cards_at_the_back() -> None:
    """Asked whether to reveal a held rally point: always from 1st or 2nd place,
    from 3rd or 4th only sometimes (while a card is spare, it waits)."""
    asked: Counter[tuple[bool, bool]] = Counter()  # (front, revealed)
    for index in range(6):
        bots = [make_bot("heuristic", GAME) for _ in range(4)]
        state, chance, rng = GAME.new_initial_state(), Random(100 + index), Random(index)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, chance))
                continue
            seat = state.active_seats()[0]
            action = bots[seat].choose(observe(state, seat), rng)
            if A.REVEAL in state.legal_actions(seat):
                front = state.view(None)["order"].index(seat) < 2
                asked[front, action == A.REVEAL] += 1
            state.apply_action(action, seat)
    assert asked[True, True] >= 10 and asked[True, False] == 0
    assert asked[False, True] >= 1 and asked[False, False] >= 1


def test_plays_are_one_colour_or_up_to_five_on_a_general_store() -> None:
    hand = [2, 1, 1, 0, 1, 0]  # green 1 x2, green 2, yellow 2, red 3
    one_colour = set(plays(hand, [0] * 6, rainbow=False))
    assert (2, 1, 0, 0, 0, 0) in one_colour and (0, 0, 1, 0, 0, 0) in one_colour
    assert all(len({t // 2 for t in range(6) if plan[t]}) == 1 for plan in one_colour)
    assert len(one_colour) == 5 + 1 + 1  # greens: 3 x 2 - 1; a yellow; a red
    started = set(plays(hand, [1, 0, 0, 0, 0, 0], rainbow=False))
    assert started == {
        (1, 0, 0, 0, 0, 0),
        (2, 0, 0, 0, 0, 0),
        (1, 1, 0, 0, 0, 0),
        (2, 1, 0, 0, 0, 0),
    }
    rainbow = set(plays([3, 3, 0, 0, 0, 0], [0] * 6, rainbow=True))
    assert max(sum(plan) for plan in rainbow) == 5 and (3, 2, 0, 0, 0, 0) in rainbow


def test_place_points_interpolate_between_places() -> None:
    assert place_points(0) == 5 and place_points(1.5) == 3.5 and place_points(7) == 1


def test_bot_refuses_other_games() -> None:
    with pytest.raises(roadtrip.core.NotSupported):
        RoadRallyBot(roadtrip.load_game("road-to-300"))


def test_game_stats_count_rally_points_colours_and_starts() -> None:
    bots = [make_bot("heuristic", GAME) for _ in range(4)]
    state, chance, rng = GAME.new_initial_state(), Random(3), Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance))
            continue
        seat = state.active_seats()[0]
        state.apply_action(bots[seat].choose(observe(state, seat), rng), seat)
    counts = game_stats(state)
    for number in range(1, 22):
        assert sum(counts[f"rally.{number}.{s}"] for s in ("scored", "removed", "on_track")) == 1
    played = sum(1 for seat, action in state.history() if seat >= 0 and action < 6)
    assert sum(counts[f"cards.{c}.all"] for c in ("green", "yellow", "red")) == played
    assert sum(counts[f"start.{k}.wins"] for k in range(4)) == 1
    assert stat_tables({"rally.10.scored": 1.0, "rally.2.removed": 0.5})["rally"] == (
        ["2", "10"],
        ["scored", "removed"],
    )
    assert game_stats(roadtrip.load_game("road-to-300").new_initial_state()) == Counter()


def test_simulate_road_rally_with_seat_bots_and_json() -> None:
    runner = CliRunner()
    args = ["simulate", "road-rally", "--players", "4", "-n", "6", "--seed", "2"]
    bots = ["--bots", "heuristic,random,heuristic-red,random"]
    result = runner.invoke(app, [*args, *bots, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == ["heuristic", "random", "heuristic-red", "random"]
    assert [b["bot"] for b in data["by_bot"]] == ["heuristic", "random", "heuristic-red"]
    assert [b["seats"] for b in data["by_bot"]] == [1, 2, 1]
    stats = data["stats"]
    assert sum(v for k, v in stats.items() if k.startswith("start.")) == pytest.approx(1.0)
    for number in range(1, 22):
        rates = [stats.get(f"rally.{number}.{s}", 0.0) for s in ("scored", "removed", "on_track")]
        assert sum(rates) == pytest.approx(1.0)
    assert stats["cards.green.all"] > 0 and stats["cards.red.all"] > 0
    table = runner.invoke(app, [*args, *bots])
    assert table.exit_code == 0, table.output
    for title in ("by bot", "rally points", "cards played by colour", "starting-row"):
        assert title in table.stdout


def test_balance_counts_add_up_across_workers() -> None:
    bots = ["heuristic", "random", "random", "random"]
    one = simulate("road-rally", {"players": 4}, bots, 6, seed=5)
    two = simulate("road-rally", {"players": 4}, bots, 6, seed=5, workers=2)
    assert one.stats == two.stats and one.stats
    assert [b.to_dict() for b in one.by_bot()] == [b.to_dict() for b in two.by_bot()]
