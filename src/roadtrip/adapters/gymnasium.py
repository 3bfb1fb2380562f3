"""roadtrip games as single-agent Gymnasium environments.

Importing this module registers one id per game, each making a :class:`SeatEnv`:

* ``roadtrip/RoadTo300-v0``: Road to 300, solo unless ``players=2..6``;
* ``roadtrip/GetYourKicks-v0``: Get Your Kicks, solo unless ``players=2..5``;
* ``roadtrip/MileageMayVary-v0``: Your Mileage May Vary, solo unless ``players=2..5``;
* ``roadtrip/RoadRally-v0``: Road Rally USA (4 cars by default);
* ``roadtrip/OpenRoad-v0``: The Open Road (4 riders by default).

    >>> import gymnasium, roadtrip.adapters.gymnasium
    >>> env = gymnasium.make("roadtrip/RoadTo300-v0")
    >>> observation, info = env.reset(seed=7)  # info["action_mask"]: the legal actions

One seat learns; in a multi-player game roadtrip bots play every other seat
(``opponents="random"``, one bot name for all, or a list with a name or a Bot per
other seat), seeing only what their seats may see.  Chance and the opponents' turns
are resolved inside ``step`` from the episode's seed.  The observation is the
seat's tensor (a float32 Box), the action a Discrete index, and
``info["action_mask"]`` marks the legal ones.  The reward is 0 until the match
ends, then the seat's return (``reward="win"``: 1 for a win, 1/k for a victory
shared by k) or its score in the game's points (``reward="score"``).  An illegal
action ends the episode with ``illegal_reward`` (``illegal="penalize"``, the
default, which Gymnasium's ``check_env`` relies on) or raises
:class:`~roadtrip.core.IllegalMove` (``illegal="raise"``).  ``max_steps``
truncates an episode after that many of the seat's decisions; the Main Street ids
also truncate at 1000 (``max_episode_steps``), as a seat that always goes on never
ends a solo match, and The Open Road's at 2000 (random riders wander for hundreds of
rounds; its ``max_rounds`` option ends the race itself, ranking riders by distance).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from roadtrip.adapters.common import (
    MatchAccess,
    action_mask,
    agent_name,
    check_illegal_mode,
    check_max_steps,
    illegal_move,
    legal_action,
    observation_array,
    observation_box,
    render_text,
)
from roadtrip.bots import Bot, make_bot, observe
from roadtrip.core.errors import InvalidOption, InvalidSeat
from roadtrip.core.game import Game
from roadtrip.core.match import Match
from roadtrip.core.registry import load_game

ENV_IDS = {
    "roadtrip/RoadTo300-v0": "road-to-300",
    "roadtrip/GetYourKicks-v0": "get-your-kicks",
    "roadtrip/MileageMayVary-v0": "mileage-may-vary",
    "roadtrip/RoadRally-v0": "road-rally",
    "roadtrip/OpenRoad-v0": "open-road",
}
# America's Main Street has no turn limit: a seat that always goes on busts every
# turn and a solo match never ends, so its ids truncate (Gymnasium's TimeLimit); an
# Open Road rider who never heads for their destination rides on for ever.
MAX_EPISODE_STEPS = {"get-your-kicks": 1000, "mileage-may-vary": 1000, "open-road": 2000}
REWARDS = ("win", "score")
_SEED_SPAN = 2**62

Opponents = str | Sequence[str | Bot]


class SeatEnv(MatchAccess, gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a roadtrip game as a Gymnasium environment; bots play the others."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: Opponents = "random",
        *,
        reward: str = "win",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load_game(game_id, **options)
        players = self.game.num_players()
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidSeat(f"seat must be 0..{players - 1} for {game_id}; got {seat!r}")
        if reward not in REWARDS:
            raise InvalidOption(f"reward must be one of {REWARDS}; got {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"render_mode must be 'human', 'ansi' or None; got {render_mode!r}")
        self.seat = seat
        self.reward_kind = reward
        self.illegal = check_illegal_mode(illegal)
        self.illegal_reward = float(illegal_reward)
        self.max_steps = check_max_steps(max_steps)
        self.render_mode = render_mode
        self.opponents = _opponent_bots(self.game, seat, opponents)
        self.observation_space = observation_box(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._match: Match | None = None
        self._bot_rng = Random()
        self._done = True
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(seed) if seed is not None else int(self.np_random.integers(_SEED_SPAN))
        self._match = Match(self.game, match_seed)
        self._bot_rng = Random(f"roadtrip-opponents:{match_seed}")
        self.steps = 0
        self._match.advance()
        self._play_opponents()
        self._done = self._match.state.is_terminal()
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        if self._done:
            raise gymnasium.error.ResetNeeded("the episode is over; call reset()")
        state = self.match.state
        move = legal_action(state, self.seat, action)
        if move is None:
            if self.illegal == "raise":
                raise illegal_move(state, self.seat, action)
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        self.match.act(move, self.seat)
        self.steps += 1
        self._play_opponents()
        terminated = self.match.state.is_terminal()
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        self._done = terminated or truncated
        reward = self._final_reward() if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def _play_opponents(self) -> None:
        """Let the bots act (chance is resolved by the match) until the seat must act."""
        state = self.match.state
        while not state.is_terminal() and state.current_player() != self.seat:
            seat = state.current_player()
            action = self.opponents[seat].choose(observe(state, seat), self._bot_rng)
            self.match.act(action, seat)

    def _final_reward(self) -> float:
        state = self.match.state
        values = state.scores() if self.reward_kind == "score" else state.returns()
        return float(values[self.seat])

    def _observation(self) -> NDArray[np.float32]:
        return observation_array(self.match.state, self.seat)

    def _info(self) -> dict[str, Any]:
        state = self.match.state
        info: dict[str, Any] = {"action_mask": action_mask(state, self.seat)}
        if self._done and state.is_terminal():
            info["returns"] = list(state.returns())
            info["scores"] = list(state.scores())
        return info

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return action_mask(self.match.state, self.seat).astype(bool)

    def render(self) -> str | None:
        """What the learning seat sees, and its legal actions when it is to act."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='human' or 'ansi'")
            return None
        state = self.match.state
        heading = f"{self.game.info.name} · decision {self.steps} · view of {agent_name(self.seat)}"
        if state.is_terminal():
            heading += f" · over, returns {state.returns()}"
        text = render_text(state, self.seat, heading)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def _opponent_bots(game: Game, seat: int, opponents: Opponents) -> dict[int, Bot]:
    """A bot for every seat but ``seat``, from one name or one name/Bot per seat."""
    others = [s for s in range(game.num_players()) if s != seat]
    if isinstance(opponents, str):
        return {s: make_bot(opponents, game) for s in others}
    chosen = list(opponents)
    if len(chosen) != len(others):
        raise InvalidOption(
            f"opponents lists one bot per other seat ({len(others)} for "
            f"{game.num_players()} players); got {len(chosen)}"
        )
    return {
        s: make_bot(bot, game) if isinstance(bot, str) else bot
        for s, bot in zip(others, chosen, strict=True)
    }


def register_envs() -> None:
    """Register the ids in ``ENV_IDS`` with Gymnasium (done on import; idempotent)."""
    for env_id, game_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="roadtrip.adapters.gymnasium:SeatEnv",
                kwargs={"game_id": game_id},
                max_episode_steps=MAX_EPISODE_STEPS.get(game_id),
            )


register_envs()
