"""MCTS at chance nodes: it weighs outcomes by their exact odds, and taking small
chance nodes as expectations agrees with sampling them.

The game is made here so that counting outcomes misleads: a "coin" wins on one
of its two outcomes (probability 0.35), a "die" on one of its four (probability
0.6).  A search that treated outcomes as equally likely would take the coin.
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

import pytest

from roadtrip.bots import observe
from roadtrip.bots.search import (
    Budget,
    MCTSBot,
    SearchSettingError,
    SearchSettings,
    make_mcts_bot,
    search,
)
from roadtrip.bots.work import BudgetError
from roadtrip.core.game import Game, GameInfo
from roadtrip.core.state import CHANCE, TERMINAL, State

COIN, DIE = 0, 1
ODDS = {
    COIN: [(0, 0.65), (1, 0.35)],  # outcome 1 wins
    DIE: [(0, 0.6), (1, 0.15), (2, 0.15), (3, 0.1)],  # outcome 0 wins
}
WINNING = {COIN: 1, DIE: 0}


class OddsGame(Game):
    info: ClassVar[GameInfo] = GameInfo("odds-test", "Odds", 1, 1, "pick the better gamble")

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return 4

    def new_initial_state(self) -> OddsState:
        return OddsState(self)


class OddsState(State):
    __slots__ = ("gamble", "won")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.gamble: int | None = None
        self.won: bool | None = None

    def _current(self) -> int:
        if self.gamble is None:
            return 0
        return CHANCE if self.won is None else TERMINAL

    def _legal(self, seat: int) -> list[int]:
        return [COIN, DIE]

    def _chance(self) -> list[tuple[int, float]]:
        return list(ODDS[self.gamble if self.gamble is not None else COIN])

    def _apply(self, action: int, seat: int) -> None:
        if seat == CHANCE and self.gamble is not None:
            self.won = action == WINNING[self.gamble]
        else:
            self.gamble = action

    def _returns(self) -> list[float]:
        return [1.0 if self.won else 0.0]

    def _action_string(self, action: int, seat: int) -> str:
        return f"outcome {action}" if seat == CHANCE else ("coin", "die")[action]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"gamble": self.gamble, "won": self.won}

    def _copy(self) -> OddsState:
        other = OddsState(self._game)
        other.gamble, other.won = self.gamble, self.won
        return other


def _search(expect_up_to: int, seed: int = 1, iterations: int = 1500) -> dict[int, float]:
    state = OddsGame().new_initial_state()
    settings = SearchSettings(
        budget=Budget(iterations=iterations),
        expect_chance_up_to=expect_up_to,
    )
    result = search(lambda rng: state.clone(), 0, [COIN, DIE], settings, Random(seed))
    assert result.action == DIE
    return {stats.action: stats.value for stats in result.actions}


def test_mcts_takes_the_gamble_with_the_better_odds_not_the_more_winning_outcomes() -> None:
    for seed in range(3):
        values = _search(expect_up_to=0, seed=seed)
        assert values[DIE] == pytest.approx(0.6, abs=0.06)


def test_expectation_at_small_chance_nodes_agrees_with_sampling() -> None:
    sampled = _search(expect_up_to=0)
    expected = _search(expect_up_to=4)
    # Taken as an expectation, the die's value is exact once every face was seen.
    assert expected[DIE] == pytest.approx(0.6, abs=1e-9)
    assert sampled[DIE] == pytest.approx(expected[DIE], abs=0.06)
    assert sampled[COIN] == pytest.approx(0.35, abs=0.15)
    assert expected[COIN] == pytest.approx(0.35, abs=1e-9)


def test_chance_nodes_above_the_limit_are_sampled() -> None:
    """A limit below the die's four outcomes samples it: its value is an estimate."""
    values = _search(expect_up_to=2, iterations=600)
    assert values[DIE] != pytest.approx(0.6, abs=1e-9)
    assert values[COIN] == pytest.approx(0.35, abs=1e-9)


def test_the_bot_decides_through_its_observation() -> None:
    game = OddsGame()
    bot = make_mcts_bot(game, iterations=400)
    assert isinstance(bot, MCTSBot)
    assert bot.choose(observe(game.new_initial_state(), 0), Random(3)) == DIE


@pytest.mark.parametrize(
    "settings",
    [
        {"iterations": None, "seconds": float("nan")},
        {"iterations": 0},
        {"iterations": True},
        {"seconds": 0.0},
        {"exploration": -1.0},
        {"expect_chance_up_to": -1},
        {"score_weight": 1.5},
        {"rollout_depth": -3},
    ],
)
def test_impossible_settings_are_refused_by_name(settings: dict[str, Any]) -> None:
    with pytest.raises((SearchSettingError, BudgetError)):
        make_mcts_bot(OddsGame(), **settings)
