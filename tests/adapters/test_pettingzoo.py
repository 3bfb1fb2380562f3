"""The PettingZoo adapter: PettingZoo's own api_test and seed_test on every game,
max_steps truncation, illegal actions, seeding, what agents see, rendering."""

from __future__ import annotations

import subprocess
import sys
from random import Random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import roadtrip
from roadtrip.adapters.pettingzoo import env, raw_env
from roadtrip.core import IllegalMove, Match

# Every game, solo and multi-player where it has both; Road Rally on a short track,
# The Open Road for a few rounds.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("road-to-300", {}),
    ("road-to-300", {"players": 3}),
    ("get-your-kicks", {}),
    ("get-your-kicks", {"players": 3}),
    ("mileage-may-vary", {}),
    ("mileage-may-vary", {"players": 2}),
    ("road-rally", {"players": 2, "tiles": 4}),
    ("road-rally", {"players": 4, "tiles": 4}),
    ("open-road", {"players": 2, "max_rounds": 8}),
    ("open-road", {"players": 4, "max_rounds": 5}),
]
IDS = [f"{game}-{opts.get('players', 1)}p" for game, opts in CONFIGS]


def test_every_registered_game_is_covered() -> None:
    assert {info.id for info in roadtrip.list_games()} == {game for game, _ in CONFIGS}


# api_test warns about any dict observation except those of PettingZoo's own classic
# games (named in a list); {"observation", "action_mask"} is their very convention.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(game_id: str, options: dict[str, Any]) -> None:
    api_test(env(game_id, max_steps=400, **options), num_cycles=200, verbose_progress=False)


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoo_api_test_when_illegal_actions_raise() -> None:
    api_test(env("road-rally", players=3, tiles=4, illegal="raise"), num_cycles=200)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(game_id: str, options: dict[str, Any]) -> None:
    seed_test(lambda: env(game_id, max_steps=400, **options), num_cycles=200)


def _play(e: Any, rng: Random) -> dict[str, float]:
    """Masked random agents until every agent is done; the rewards each one got."""
    totals: dict[str, float] = {}
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(rng.choice(list(legal))))
    return totals


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=IDS)
def test_a_masked_random_episode_pays_the_returns_at_the_end(
    game_id: str, options: dict[str, Any]
) -> None:
    e = env(game_id, **options)
    e.reset(seed=3)
    state = e.unwrapped.game_state
    totals = _play(e, Random(3))
    assert state.is_terminal()
    assert not e.agents  # every agent was stepped out
    assert totals == {f"player_{s}": r for s, r in enumerate(state.returns())}


def test_max_steps_truncates_without_rewards() -> None:
    e = env("road-rally", players=3, max_steps=10)
    e.reset(seed=1)
    decisions = 0
    for _ in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        assert reward == 0.0 and not terminated
        if truncated:
            assert not observation["action_mask"].any()
            e.step(None)
            continue
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
        decisions += 1
    assert decisions == 10
    assert not e.unwrapped.game_state.is_terminal()


def test_reset_with_a_seed_plays_the_match_with_that_seed() -> None:
    """reset(seed=s) deals what roadtrip's own Match with seed s deals."""
    e = env("road-rally", players=3, tiles=4)
    e.reset(seed=11)
    match = Match(roadtrip.load_game("road-rally", players=3, tiles=4), 11)
    match.advance()
    assert e.unwrapped.game_state.history() == match.state.history()
    e.reset()
    first = e.unwrapped.game_state.history()
    e.reset(seed=11)
    e.reset()
    assert e.unwrapped.game_state.history() == first  # unseeded resets continue the seed


def test_an_agent_sees_its_own_tensor_and_no_one_elses_secrets() -> None:
    e = env("road-rally", players=3, tiles=4)
    e.reset(seed=5)
    state = e.unwrapped.game_state
    for seat, agent in enumerate(e.possible_agents):
        seen = e.observe(agent)
        assert seen["observation"].dtype == np.float32
        assert seen["observation"].tolist() == pytest.approx(state.observation_tensor(seat))
        assert seen["action_mask"].any() == (agent == e.agent_selection)
        # Redealing what this seat cannot see changes nothing it observes.
        other = state.resample_hidden(seat, Random(seat))
        assert other.observation_tensor(seat) == state.observation_tensor(seat)


def test_an_illegal_action_raises_when_asked_and_changes_nothing() -> None:
    e = env("road-to-300", illegal="raise")
    e.reset(seed=2)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.unwrapped.game_state.history()
    with pytest.raises(IllegalMove, match="legal actions: "):
        e.step(illegal)
    with pytest.raises(IllegalMove):
        e.step("north")
    assert e.unwrapped.game_state.history() == before


def test_an_illegal_action_ends_the_episode_with_a_penalty_by_default() -> None:
    e = env("road-rally", players=3, tiles=4)
    e.reset(seed=2)
    offender = e.agent_selection
    mask = e.observe(offender)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))  # PettingZoo logs a warning
    assert e.rewards[offender] == -1.0
    assert sum(e.rewards.values()) == -1.0
    assert all(e.terminations.values())


def test_raw_env_has_no_wrappers_and_checks_its_options() -> None:
    e = raw_env("get-your-kicks", players=2)
    assert e.unwrapped is e
    assert e.metadata["name"] == "roadtrip_get_your_kicks_v0"
    with pytest.raises(roadtrip.core.InvalidOption):
        env("get-your-kicks", illegal="ignore")
    with pytest.raises(roadtrip.core.InvalidOption):
        env("get-your-kicks", max_steps=0)
    with pytest.raises(roadtrip.core.InvalidOption):
        env("get-your-kicks", colour="red")


def test_render_shows_the_view_of_the_agent_to_act(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("road-rally", players=3, tiles=4, render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert text.startswith("Road Rally USA")
    assert f"view of {e.agent_selection}" in text and "legal actions:" in text
    human = env("get-your-kicks", render_mode="human")
    human.reset(seed=4)
    human.step(0)
    assert "Get Your Kicks" in capsys.readouterr().out


def test_the_core_never_imports_the_ai_frameworks() -> None:
    code = (
        "import sys, roadtrip, roadtrip.bots, roadtrip.sim; "
        "print(sorted({'pettingzoo', 'gymnasium', 'pyspiel', 'numpy'} & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "[]"
