"""Road Rally USA's ``expert``: the heuristic's best few moves, played out.

At each decision that matters (a play, a shortcut, revealing a rally point card,
points or cards at 4th / 5th place) the heuristic (:mod:`.heuristic`) names its
``candidates`` best moves (a play is a whole plan: every card, then done), and a
flat Monte Carlo search (:mod:`roadtrip.bots.search.flat`) plays each of them out
with the heuristic in every seat, on determinizations drawn from this seat's
observation only (``observation.sample_state``: the other hands, the decks and
the unrevealed rally cards are drawn afresh each sample), every candidate on the
same samples.  A playout is valued at the end of the race by the win (shared on
a tie) plus a little of the points margin over the best other car, which tells
close races apart.  The Mechanic's order and the Gas choice stay the heuristic's.

A play takes several actions (card, card, ..., done): the plan chosen at the
first card is carried out to the end.

The heuristic's own move is played unless another is clearly better by the shared
switch rule (:mod:`roadtrip.bots.search.switch`: at least 12 paired samples and a
one-sided 95% interval test, Bonferroni-corrected over the candidates).

Budget, in units of work: ``steps``, the playout actions of a searched decision
(all candidates together), at most ``samples`` per candidate (default 200).
``seconds`` (the registry's ``--think``) asks for "about this long" and is turned
into steps by :data:`STEPS`, measured once on a quiet core here
(``benchmarks/calibrate_budgets.py``); so with the same seed and budget every
choice is the same on any machine at any load.  Wall time is only the safety cap
(:func:`roadtrip.bots.work.safety_cap`; a search it cut says so, ``capped``).
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from roadtrip.bots.base import Observation, legal_or_raise, require_game
from roadtrip.bots.road_rally.evaluation import VALUES, Situation, Weights
from roadtrip.bots.road_rally.heuristic import RoadRallyBot, plays
from roadtrip.bots.search.flat import Candidate, FlatResult, budgeted, flat_search
from roadtrip.bots.search.switch import SwitchRule
from roadtrip.bots.work import DEFAULT_SECONDS, Calibration
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game
from roadtrip.core.state import State
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import NUM_TYPES
from roadtrip.games.road_rally.race import PLAY, REWARD
from roadtrip.games.road_rally.rules import RoadRallyState
from roadtrip.games.road_rally.view import player_view, track_view

GAME_ID = "road-rally"
SEARCHED_PHASES = ("play", "shortcut", "reveal", "reward")
DEFAULT_CANDIDATES = 3
DEFAULT_SAMPLES = 200
# Playout actions one second buys on a quiet core of the reference machine (the
# heuristic in every seat, whole races; 2 and 4 cars alike within a few percent):
# measured by benchmarks/calibrate_budgets.py.  The minimum is a few samples' worth.
STEPS = Calibration("road-rally expert", "playout actions", per_second=25_000, minimum=600)
MARGIN_WEIGHT = 0.3  # share of the points margin in a playout's value
MARGIN_SCALE = 10.0  # points: a margin this large counts about three quarters


class RoadRallyExpert:
    """Flat Monte Carlo over the heuristic's best moves (see the module docstring)."""

    name = "expert"

    def __init__(
        self,
        game: Game | None = None,
        *,
        seconds: float | None = DEFAULT_SECONDS,
        steps: int | None = None,
        samples: int | None = DEFAULT_SAMPLES,
        candidates: int = DEFAULT_CANDIDATES,
        depth: int | None = None,
        weights: Weights | None = None,
        switch: SwitchRule | None = None,
    ) -> None:
        """``steps``: the playout actions of a searched decision (None: ``seconds``
        turned into steps by :data:`STEPS`; with ``seconds`` None too, ``samples``
        alone bound it); ``samples``: at most this many per candidate."""
        require_game(game, GAME_ID, "expert")
        self.heuristic = RoadRallyBot(game, weights)
        self.settings = budgeted(seconds, steps, STEPS, switch, samples=samples, depth=depth)
        self.candidates = max(1, candidates)
        self.plan: list[int] = []  # the rest of the play chosen at its first card
        self.last_result: FlatResult | None = None

    def choose(self, observation: Observation, rng: Random) -> int:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        view = observation.view
        phase = view["phase"]
        if phase == "play" and any(view["selected"]):
            if self.plan and self.plan[0] in legal:
                return self.plan.pop(0)
            self.plan = []
            return self.heuristic.choose(observation, rng)
        if phase not in SEARCHED_PHASES:
            return self.heuristic.choose(observation, rng)
        moves: list[Candidate]
        if phase == "play":
            moves = self._plans(observation, view)
        else:
            first = self.heuristic.choose(observation, rng)
            moves = [(first,), *((a,) for a in legal if a != first)]
        moves = moves[: self.candidates]
        if len(moves) == 1:
            result_move = moves[0]
        else:
            self.last_result = flat_search(
                observation.sample_state,
                observation.seat,
                moves,
                HeuristicPolicy(self.heuristic),
                race_value,
                self.settings,
                rng,
            )
            result_move = self.last_result.best
        action, *rest = result_move
        self.plan = list(rest) if phase == "play" else []
        return action

    def memory(self) -> tuple[int, ...]:
        """The rest of the play chosen at its first card (see Remembers)."""
        return tuple(self.plan)

    def recall(self, memory: Any) -> None:
        self.plan = list(memory or ())

    def _plans(self, observation: Observation, view: dict[str, Any]) -> list[Candidate]:
        """The heuristic's best plays, best first, each as its actions."""
        options: dict[str, Any] = dict(observation.game.options)
        situation = Situation(view, options, self.heuristic.weights)
        rainbow: bool = view["rainbow"]
        scored = sorted(
            plays(situation.hand, [0] * NUM_TYPES, rainbow),
            key=lambda plan: (situation.score(plan, rainbow), plan),
            reverse=True,
        )
        return [plan_actions(plan) for plan in scored[: self.candidates]]


def plan_actions(plan: tuple[int, ...]) -> Candidate:
    """A play's actions: its cards, highest first (as the heuristic plays), then done."""
    cards = sorted(
        (t for t in range(NUM_TYPES) for _ in range(plan[t])),
        key=lambda t: (VALUES[t], -t),
        reverse=True,
    )
    return (*(A.PLAY_BASE + t for t in cards), A.DONE_PLAYING)


class HeuristicPolicy:
    """The heuristic as a rollout policy, ``policy(state, seat, rng)``: it reads
    :func:`rollout_view` (the parts of ``state.view(seat)`` the heuristic reads),
    and carries a play chosen at its first card out to the end, as the heuristic
    itself would, without scoring the plays again at every card."""

    def __init__(self, bot: RoadRallyBot) -> None:
        self.bot = bot
        self.plans: dict[int, list[int]] = {}

    def __call__(self, state: State, seat: int, rng: Random) -> int:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if not isinstance(state, RoadRallyState):
            raise NotSupported(f"the Road Rally expert plays {GAME_ID}, not {state.game.id}")
        plan = self.plans.get(seat)
        if plan and state.mode == PLAY and any(state.selected) and plan[0] in legal:
            return plan.pop(0)
        view = rollout_view(state, seat)
        if state.mode == PLAY and not any(state.selected):
            situation = Situation(view, dict(state.game.options), self.bot.weights)
            best = max(
                plays(situation.hand, [0] * NUM_TYPES, state.rainbow),
                key=lambda p: (situation.score(p, state.rainbow), p),
            )
            first, *rest = plan_actions(best)
            self.plans[seat] = rest
            return first
        observation = Observation(
            game=state.game,
            seat=seat,
            legal_actions=tuple(legal),
            view=lambda: view,
            sampler=lambda _rng: state,
        )
        return self.bot.choose(observation, rng)


def rollout_view(state: RoadRallyState, seat: int) -> dict[str, Any]:
    """The parts of ``state.view(seat)`` the heuristic reads (the same values;
    the past rally results, the card list and the seat's Mechanic cards left out,
    which cost more to build than the heuristic's whole decision)."""
    cards = state.cards[seat]
    play = state.mode == PLAY
    return {
        "you": seat,
        "phase": state.mode_name,
        "final_round": state.final_round,
        "order": state.race_order(),
        "turn_order": list(state.turn_order),
        "selected": list(state.selected) if play else [0] * NUM_TYPES,
        "rainbow": state.rainbow if play else False,
        "crossed_this_round": list(state.crossed),
        "finishers": list(state.finishers),
        "track": track_view(state),
        "cars": [player_view(state, s) for s in range(len(state.position))],
        "mine": {
            "hand": list(cards.hand),
            "rally_cards": list(state.rally_hand[seat]),
            "reward_points": state.reward_points.get(seat) if state.mode == REWARD else None,
        },
    }


def race_value(state: State, seat: int) -> float:
    """A finished (or cut off) race for ``seat``: its share of the win, then a
    little of its points margin over the best other car."""
    scores = state.scores()
    others = max(s for i, s in enumerate(scores) if i != seat)
    margin = math.tanh((scores[seat] - others) / MARGIN_SCALE)
    won = state.returns()[seat] if state.is_terminal() else 0.5 + 0.5 * margin
    return (1 - MARGIN_WEIGHT) * won + MARGIN_WEIGHT * margin


def make_road_rally_expert(game: Game, *, seconds: float = DEFAULT_SECONDS) -> RoadRallyExpert:
    """The registry's factory for ``expert`` on road-rally (about ``seconds`` a
    decision, turned into playout actions by :data:`STEPS`)."""
    return RoadRallyExpert(game, seconds=seconds)
