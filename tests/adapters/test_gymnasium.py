"""The Gymnasium adapter: Gymnasium's own check_env on every solo game and on SeatEnv
for every multi-player game, masked random episodes, rewards, illegal actions,
max_steps truncation and seeded opponents."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import roadtrip
from roadtrip.adapters.gymnasium import ENV_IDS, SeatEnv
from roadtrip.bots import RandomBot, UnknownBot
from roadtrip.core import IllegalMove, InvalidOption, InvalidSeat

SOLO = ["roadtrip/RoadTo300-v0", "roadtrip/GetYourKicks-v0", "roadtrip/MileageMayVary-v0"]
# A learning seat among bots in every multi-player game (Road Rally on a short track,
# The Open Road for a few rounds).
SEATED: list[tuple[str, dict[str, Any]]] = [
    ("roadtrip/RoadTo300-v0", {"players": 3, "seat": 1, "opponents": ["greedy", "random"]}),
    ("roadtrip/GetYourKicks-v0", {"players": 3, "opponents": "push-your-luck"}),
    ("roadtrip/MileageMayVary-v0", {"players": 2, "seat": 1, "opponents": "threshold"}),
    ("roadtrip/RoadRally-v0", {"players": 3, "tiles": 4, "opponents": "heuristic"}),
    ("roadtrip/RoadRally-v0", {"players": 2, "tiles": 4, "seat": 1}),
    ("roadtrip/OpenRoad-v0", {"players": 4, "max_rounds": 6, "opponents": "heuristic"}),
    ("roadtrip/OpenRoad-v0", {"players": 2, "seat": 1, "max_rounds": 10}),
]
SEATED_IDS = [f"{env_id.split('/')[1]}-{opts['players']}p" for env_id, opts in SEATED]


def test_every_game_has_an_id() -> None:
    assert set(ENV_IDS.values()) == {info.id for info in roadtrip.list_games()}
    for env_id in ENV_IDS:
        assert env_id in gymnasium.registry


def _check(env_id: str, **kwargs: Any) -> None:
    """Gymnasium's checker on the raw environment, with no warning allowed."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(env_id, **kwargs).unwrapped)


@pytest.mark.parametrize("env_id", SOLO)
def test_check_env_on_each_solo_game(env_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    _check(env_id)
    assert "legal actions:" in capsys.readouterr().out  # check_env rendered in human mode


@pytest.mark.parametrize(("env_id", "kwargs"), SEATED, ids=SEATED_IDS)
def test_check_env_on_a_seat_among_bots(env_id: str, kwargs: dict[str, Any]) -> None:
    _check(env_id, **kwargs)


def _episode(env: Any, seed: int) -> tuple[list[float], dict[str, Any], int]:
    """A masked random agent to the end: the rewards, the last info, the steps."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    rewards: list[float] = []
    while True:
        assert observation in env.observation_space
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        if terminated or truncated:
            return rewards, info, len(rewards)


@pytest.mark.parametrize(
    ("env_id", "kwargs"), [(env_id, {}) for env_id in SOLO] + SEATED, ids=SOLO + SEATED_IDS
)
def test_a_masked_random_agent_plays_to_the_end(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **kwargs)
    seat = kwargs.get("seat", 0)
    for seed in range(3):
        rewards, info, _ = _episode(env, seed)
        assert env.unwrapped.game_state.is_terminal()
        assert all(r == 0.0 for r in rewards[:-1])
        assert rewards[-1] == info["returns"][seat]
        assert not info["action_mask"].any()


def test_score_rewards_pay_the_points_at_the_end() -> None:
    env = gymnasium.make("roadtrip/GetYourKicks-v0", reward="score")
    rewards, info, _ = _episode(env, 8)
    assert rewards[-1] == info["scores"][0] == env.unwrapped.game_state.scores()[0]


def test_same_seed_same_episode_with_opponents() -> None:
    kwargs = {"players": 4, "tiles": 4, "seat": 2}
    first = _episode(gymnasium.make("roadtrip/RoadRally-v0", **kwargs), 21)
    env = gymnasium.make("roadtrip/RoadRally-v0", **kwargs)
    assert _episode(env, 21)[2] == first[2]
    history = env.unwrapped.game_state.history()
    _episode(env, 21)
    assert env.unwrapped.game_state.history() == history


def test_max_steps_truncates_the_episode() -> None:
    env = gymnasium.make("roadtrip/RoadRally-v0", players=3, max_steps=5)
    rewards, _, steps = _episode(env, 1)
    assert steps == 5 and rewards == [0.0] * 5
    assert not env.unwrapped.game_state.is_terminal()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.unwrapped.step(0)


def test_main_street_ids_truncate_a_seat_that_always_goes_on() -> None:
    """Going on every time busts every turn: the solo match would never end."""
    env = gymnasium.make("roadtrip/GetYourKicks-v0")
    assert env.spec is not None and env.spec.max_episode_steps == 1000
    _, info = env.reset(seed=3)
    steps, truncated = 0, False
    while not truncated and steps < 2000:
        go_on = int(info["action_mask"][1] == 1)
        _, reward, terminated, truncated, info = env.step(go_on)
        assert not terminated and reward == 0.0
        steps += 1
    assert steps == 1000


def test_illegal_actions_penalize_or_raise() -> None:
    env = SeatEnv("road-to-300")
    _, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)

    strict = SeatEnv("road-to-300", illegal="raise")
    strict.reset(seed=4)
    before = strict.game_state.history()
    with pytest.raises(IllegalMove, match="legal actions: "):
        strict.step(illegal)
    with pytest.raises(IllegalMove):
        strict.step(np.float32(3.0))
    assert strict.game_state.history() == before


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOption, match="one bot per other seat"):
        SeatEnv("road-rally", players=3, opponents=["random"])
    with pytest.raises(UnknownBot):
        SeatEnv("road-rally", opponents="greedy")
    with pytest.raises(InvalidSeat):
        SeatEnv("road-rally", players=3, seat=3)
    with pytest.raises(InvalidOption):
        SeatEnv("road-to-300", reward="money")
    with pytest.raises(InvalidOption):
        SeatEnv("road-to-300", colour="red")


def test_opponents_may_be_bot_objects_and_masks_are_offered() -> None:
    game = roadtrip.load_game("road-rally", players=2, tiles=4)
    env = SeatEnv("road-rally", players=2, tiles=4, opponents=[RandomBot(game)])
    _, info = env.reset(seed=6)
    assert env.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
    assert env.game_state.current_player() == 0


def test_ansi_render_is_the_seat_view() -> None:
    env = SeatEnv("road-rally", players=3, tiles=4, seat=1, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and "view of player_1" in text
