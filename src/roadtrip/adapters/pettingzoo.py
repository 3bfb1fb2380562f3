"""Every roadtrip game as a PettingZoo AEC environment.

    >>> from roadtrip.adapters.pettingzoo import env
    >>> e = env("road-rally", players=4, tiles=4)
    >>> e.reset(seed=7)

Agents are ``player_0`` .. ``player_{n-1}``, one per seat.  An agent observes
``{"observation": its tensor (float32), "action_mask": int8 of
num_distinct_actions}``; the mask is all zeros for an agent that is not the one to
act.  ``agent_selection`` is the state's ``current_player()`` (in multi-seat
phases, the lowest seat still to decide), so simultaneous decisions are taken one
seat at a time.  Chance (dice, the bag, shuffles, deals) is resolved inside
``step`` and ``reset`` from the episode's seed and is never an agent.

Rewards are the game's returns (a shared victory: 1/k to each of k winners) when
the match ends, 0 before.  ``max_steps`` truncates an episode after that many
decisions.  An illegal action either ends the episode with ``illegal_reward`` for
the offender and 0 for the others (PettingZoo's classic convention, the default,
through ``TerminateIllegalWrapper``) or, with ``illegal="raise"``, raises
:class:`~roadtrip.core.IllegalMove` naming the legal actions.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from roadtrip.adapters.common import (
    EpisodeSeeds,
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
from roadtrip.core.errors import InvalidOption
from roadtrip.core.match import Match
from roadtrip.core.registry import load_game

RENDER_MODES = ("human", "ansi")
Observation = dict[str, np.ndarray[Any, Any]]


class RoadtripAECEnv(MatchAccess, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One roadtrip game as an AEC environment (unwrapped: illegal actions raise)."""

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidOption(f"render_mode must be one of {RENDER_MODES} or None")
        self.game = load_game(game_id, **options)
        self.render_mode = render_mode
        self.max_steps = check_max_steps(max_steps)
        self.metadata = {
            "name": f"roadtrip_{game_id.replace('-', '_')}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        seats = self.game.num_players()
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = observation_box(self.game)
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": box,
                    "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = EpisodeSeeds()
        self._match: Match | None = None
        self.steps = 0

    # ----------------------------------------------------------- spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------- the match
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._match = Match(self.game, self._seeds.next(seed))
        self._match.advance()
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.agents[0]
        self._after_move()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        state = self.match.state
        move = legal_action(state, seat, action)
        if move is None:
            raise illegal_move(state, seat, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.match.act(move, seat)
        self.steps += 1
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Pay out and end the episode at the end of the match (or at max_steps),
        else hand the turn to the seat that acts next."""
        state = self.match.state
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seats[agent]])
                self.terminations[agent] = True
            self._accumulate_rewards()
            self._deads_step_first()
            return
        self.agent_selection = agent_name(state.current_player())
        if self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self._deads_step_first()

    # ----------------------------------------------------------- what agents see
    def observe(self, agent: str) -> Observation:
        """``agent``'s own tensor and mask (the mask is zero unless it is to act)."""
        seat = self._seats[agent]
        state = self.match.state
        mask = action_mask(state, seat)
        if agent != self.agent_selection or self.truncations.get(agent, False):
            mask[:] = 0
        return {"observation": observation_array(state, seat), "action_mask": mask}

    def render(self) -> str | None:
        """What the agent to act sees (a spectator's view once the match is over)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='human' or 'ansi'")
            return None
        state = self.match.state
        seat = None if state.is_terminal() else self._seats.get(self.agent_selection)
        who = "spectator" if seat is None else agent_name(seat)
        heading = f"{self.game.info.name} · decision {self.steps} · view of {who}"
        if state.is_terminal():
            heading += f" · over, returns {state.returns()}"
        text = render_text(state, seat, heading)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (no window, no process)."""


def raw_env(game_id: str, **kwargs: Any) -> RoadtripAECEnv:
    """The environment without PettingZoo's wrappers (illegal actions raise)."""
    return RoadtripAECEnv(game_id, **kwargs)


def env(
    game_id: str,
    *,
    illegal: str = "penalize",
    illegal_reward: float = -1.0,
    **kwargs: Any,
) -> Any:
    """``game_id`` as a wrapped AEC environment.

    ``kwargs`` are the game's variant options (``players=4``, ``tiles=7``...) and
    ``render_mode`` ("human" or "ansi") and ``max_steps``.  ``illegal="penalize"``
    ends the episode on an illegal action, ``illegal_reward`` to the offender;
    ``illegal="raise"`` raises IllegalMove instead.
    """
    mode = check_illegal_mode(illegal)
    wrapped: Any = raw_env(game_id, **kwargs)
    if mode == "penalize":
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
        wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
