"""Round-robin tournaments: pairings, seat rotation, the same deals in every pairing,
reproducibility across workers, win shares, ratings and bad requests."""

from __future__ import annotations

from collections import Counter

import pytest

from roadtrip.bots import UnknownBot, base, register_bot
from roadtrip.bots.random_bot import RandomBot
from roadtrip.core.errors import InvalidOption, UnknownGame
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.core.state import State
from roadtrip.sim.runner import SimulationError
from roadtrip.sim.standings import PlayedGame, head_to_head, rate_games
from roadtrip.sim.tournament import (
    TournamentError,
    deals_for,
    pairings,
    play_scheduled,
    rotations,
    schedule,
    tournament,
)


def test_pairings_are_every_combination_without_repeats() -> None:
    assert pairings(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert pairings(["a", "b", "c", "d"], 3) == [
        ("a", "b", "c"),
        ("a", "b", "d"),
        ("a", "c", "d"),
        ("b", "c", "d"),
    ]
    assert pairings(["a", "b"], 2) == [("a", "b")]


def test_fewer_bots_than_seats_repeat_bots_and_seat_every_one() -> None:
    assert pairings(["a", "b"], 4) == [
        ("a", "a", "a", "b"),
        ("a", "a", "b", "b"),
        ("a", "b", "b", "b"),
    ]


def test_solo_pairings_are_each_bot_alone() -> None:
    assert pairings(["a", "b", "c"], 1) == [("a",), ("b",), ("c",)]


@pytest.mark.parametrize(
    ("bots", "seats"), [(["a", "b", "c"], 2), (["a", "b", "c", "d"], 3), (["a", "b"], 4)]
)
def test_seat_rotation_is_balanced(bots: list[str], seats: int) -> None:
    """In every pairing each bot sits on every seat equally often (as often as it
    takes seats in the line-up, per deal)."""
    deals = 3
    planned = schedule(bots, seats, deals)
    lineups = pairings(bots, seats)
    assert len(planned) == len(lineups) * seats * deals
    for number, lineup in enumerate(lineups):
        games = [one for one in planned if one.pairing == number]
        on_seat = Counter((bot, seat) for one in games for seat, bot in enumerate(one.seating))
        for bot in set(lineup):
            for seat in range(seats):
                assert on_seat[bot, seat] == lineup.count(bot) * deals


def test_rotations_are_cyclic_shifts() -> None:
    assert rotations(("a", "b", "c")) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


def test_schedule_goes_deal_by_deal_and_rounds_up_to_whole_rotations() -> None:
    planned = schedule(["a", "b", "c"], 2, deals_for(5, 2))
    assert deals_for(5, 2) == 3 and deals_for(6, 2) == 3 and deals_for(7, 1) == 7
    assert [one.index for one in planned] == list(range(len(planned)))
    assert [one.deal for one in planned] == sorted(one.deal for one in planned)
    assert {one.deal for one in planned[:6]} == {0}


def _chance_logs(game: Game, bots: list[str], deals: int) -> dict[int, list[list[tuple]]]:
    """Every scheduled game's chance draws (the outcomes offered, the one drawn), by deal."""
    logs: dict[int, list[list[tuple]]] = {}
    for planned in schedule(bots, game.num_players(), deals):
        draws: list[tuple] = []

        def record(state: State, outcome: int, draws: list[tuple] = draws) -> None:
            draws.append((tuple(state.chance_outcomes()), outcome))

        play_scheduled(game, planned, seed=11, on_chance=record)
        logs.setdefault(planned.deal, []).append(draws)
    return logs


def _agree_while_offered_alike(one: list[tuple], other: list[tuple]) -> int:
    """Check that two games drew the same outcome at every chance node for as long as
    their chance nodes offered the same outcomes; the number of draws compared."""
    compared = 0
    for (offered, outcome), (offered_too, outcome_too) in zip(one, other, strict=False):
        if offered != offered_too:
            break
        assert outcome == outcome_too
        compared += 1
    return compared


@pytest.mark.parametrize(
    ("game_id", "players", "bots", "least"),
    [
        ("road-to-300", 3, ["greedy", "random"], 8),
        ("get-your-kicks", 2, ["push-your-luck", "threshold", "random"], 1),
    ],
)
def test_every_pairing_plays_the_same_deals(
    game_id: str, players: int, bots: list[str], least: int
) -> None:
    """Game i of every pairing and rotation draws the same chance outcomes (the dice
    of Road to 300 all along; the first bag draws of Get Your Kicks, after which
    the bags differ), and different deals draw differently."""
    game = load_game(game_id, players=players)
    logs = _chance_logs(game, bots, deals=3)
    for games in logs.values():
        assert len(games) == len(pairings(bots, players)) * players
        for other in games[1:]:
            assert _agree_while_offered_alike(games[0], other) >= least
    firsts = [tuple(outcome for _, outcome in games[0][:least]) for games in logs.values()]
    assert len(set(firsts)) > 1  # the deals are not all alike


def _without_machine_fields(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("elapsed_s", "workers")}


def test_one_worker_and_two_workers_give_the_same_tournament() -> None:
    args = ("get-your-kicks", {"players": 2}, ["push-your-luck", "threshold", "random"], 6, 3)
    one = tournament(*args, workers=1).to_dict()
    two = tournament(*args, workers=2).to_dict()
    assert _without_machine_fields(one) == _without_machine_fields(two)
    assert one["games"] == 18


def test_greedy_outrates_random_in_road_to_300() -> None:
    summary = tournament("road-to-300", {"players": 2}, ["greedy", "random"], 40, seed=1)
    best, worst = summary.standings
    assert best.bot == "greedy" and worst.bot == "random"
    assert best.rating is not None and worst.rating is not None
    assert best.rating.ordinal > worst.rating.ordinal
    assert best.win_rate_low > 0.5 > worst.win_rate_high
    assert best.games == worst.games == 40
    assert best.wins + worst.wins == pytest.approx(40)  # one winner a game or shared
    assert summary.head_to_head_rate("greedy", "random") == pytest.approx(best.win_rate)


def test_heuristic_outrates_random_in_road_rally() -> None:
    summary = tournament("road-rally", {"players": 2}, ["random", "heuristic"], 16, seed=2)
    best, worst = summary.standings
    assert best.bot == "heuristic"
    assert best.rating is not None and worst.rating is not None
    assert best.rating.mu > worst.rating.mu and best.rating.ordinal > worst.rating.ordinal
    assert best.win_rate_low > 0.5


def test_solo_tournament_has_no_ratings_and_no_head_to_head() -> None:
    summary = tournament("road-to-300", {}, ["greedy", "random"], 10, seed=1)
    assert summary.solo and summary.head_to_head == ()
    assert all(standing.rating is None for standing in summary.standings)
    assert [standing.games for standing in summary.standings] == [10, 10]
    data = summary.to_dict()
    assert data["head_to_head"] is None and data["rating_model"] is None


def test_shared_wins_count_a_share_and_level_seats_share_a_place() -> None:
    game = PlayedGame(0, ("a", "b", "c"), returns=(1.0, 1.0, 0.0), scores=(5.0, 5.0, 2.0))
    assert game.win_shares() == [0.5, 0.5, 0.0]
    assert game.finishing_ranks() == [0, 0, 2]
    by_score = PlayedGame(1, ("a", "b", "c"), returns=(0.0, 0.0, 1.0), scores=(3.0, 4.0, 1.0))
    assert by_score.finishing_ranks() == [2, 1, 0]  # the return first, then the score
    cells = {(c.bot, c.opponent): c for c in head_to_head(["a", "b", "c"], [game])}
    assert cells["a", "b"].ahead == 0.5 and cells["a", "c"].ahead == 1.0
    assert cells["c", "a"].ahead == 0.0 and cells["a", "b"].games == 1


def test_ratings_follow_results_and_a_tie_moves_no_mu() -> None:
    tie = PlayedGame(0, ("a", "b"), returns=(1.0, 1.0), scores=(1.0, 1.0))
    tied = rate_games(["a", "b"], [tie])
    assert tied["a"].mu == pytest.approx(tied["b"].mu)
    wins = [PlayedGame(i, ("a", "b"), (1.0, 0.0), (2.0, 1.0)) for i in range(5)]
    ratings = rate_games(["a", "b"], wins)
    assert ratings["a"].mu > 25 > ratings["b"].mu
    assert ratings["a"].sigma < 25 / 3
    assert ratings["a"].ordinal == pytest.approx(ratings["a"].mu - 3 * ratings["a"].sigma)


@pytest.mark.parametrize(
    ("bots", "error", "words"),
    [
        (["greedy"], TournamentError, "at least two bots"),
        (["greedy", "greedy"], TournamentError, "greedy named twice"),
        (["greedy", ""], TournamentError, "empty bot name"),
        (["greedy", "nobody"], UnknownBot, "choose from: expert, greedy, .*random"),
    ],
)
def test_bad_bot_lists_are_refused(bots: list[str], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        tournament("road-to-300", {"players": 2}, bots, 2, seed=1)


def test_bad_counts_games_and_options_are_refused() -> None:
    bots = ["greedy", "random"]
    with pytest.raises(SimulationError, match="at least 1"):
        tournament("road-to-300", {"players": 2}, bots, 0, seed=1)
    with pytest.raises(SimulationError, match="workers"):
        tournament("road-to-300", {"players": 2}, bots, 2, seed=1, workers=0)
    with pytest.raises(TournamentError, match="more than 0"):
        tournament("road-to-300", {"players": 2}, bots, 2, seed=1, think=0)
    with pytest.raises(InvalidOption):
        tournament("road-to-300", {"players": 9}, bots, 2, seed=1)
    with pytest.raises(UnknownGame):
        tournament("road-to-3000", {}, bots, 2, seed=1)


def test_think_reaches_bots_that_take_a_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """--think goes to factories with a ``seconds`` keyword; other bots ignore it."""
    monkeypatch.setattr(base, "_BOTS", dict(base._BOTS))  # registrations end with the test
    budgets: list[float | None] = []

    def timed(game: Game, *, seconds: float | None = 1.0) -> RandomBot:
        budgets.append(seconds)
        return RandomBot()

    register_bot("timed-test", timed, "a random bot that records its budget")
    tournament("road-to-300", {"players": 2}, ["timed-test", "greedy"], 2, seed=1, think=0.25)
    assert budgets and set(budgets) == {0.25}
    budgets.clear()
    tournament("road-to-300", {"players": 2}, ["timed-test", "greedy"], 2, seed=1)
    assert budgets and set(budgets) == {1.0}


def test_a_game_depends_only_on_the_seed_the_deal_and_the_seating() -> None:
    game = load_game("road-to-300", players=2)
    planned = schedule(["greedy", "random"], 2, 4)
    again = [play_scheduled(game, one, seed=5) for one in reversed(planned)]
    first = [play_scheduled(game, one, seed=5) for one in planned]
    assert first == list(reversed(again))
    other_seed = [play_scheduled(game, one, seed=6) for one in planned]
    assert first != other_seed


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_hears_every_game(workers: int) -> None:
    heard: list[int] = []
    summary = tournament(
        "get-your-kicks",
        {"players": 2},
        ["push-your-luck", "threshold", "random"],
        4,
        seed=1,
        workers=workers,
        progress=heard.append,
    )
    assert sum(heard) == summary.games == 12
