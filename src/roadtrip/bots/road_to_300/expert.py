"""The Road to 300 expert: a learned value one roll deep, or flat Monte Carlo.

At step 2 the bot plans the cross and the end of the movement together
(nothing random happens between them).

In the solo game with the rulebook's target and scoring (and numba installed) it
plays by the learned value network (:mod:`.valued`): every pair valued one roll
deeper, an expectimax over the next roll of the network's win chances, and with
the default ruling close calls (the best pairs within 0.02) a roll further, as the
budget of look-aheads allows.  In every other game (the competitive mode, another target, a
round limit) it plays by the rollout search below.

Its base policy
(``evaluation.base_key``) ranks every cross-and-move pair:

1. a cross that ends the game with the target reached wins at once (the field
   stood on scores when the game ends in step 4);
2. positions whose result is settled: the target reached (won unless three rolls
   in a row fail) above everything; the value of the open fields still connected
   to the player's field below the points still needed (lost) below everything;
3. otherwise the most points reached, less half a point per dead-end die value.

With numba installed (the ``fast`` extra) the ``rollout_width`` best pairs are
compared by playing the game on from each with the base policy, compiled
(``montecarlo``: common dice across the pairs, sequential halving, within a
budget of rollouts).  Without
numba the bot falls back to the numpy look-ahead: in the endgame (at most
``search_need`` points still needed) the base policy's ``width`` favourite pairs
are compared by an expectimax over the next roll (``search.position_value``: on
each of the 56 rolls the base policy's choice, valued by a logistic model of win
chances fitted on self-play), two rolls deep with ``seconds`` >= ``DEEP_SECONDS``
(``width``, pairs valued, is that search's budget).
That fallback is clearly weaker (benchmarks/README.md has the figures of both).
At step 4 the bot ends the movement where it planned.

Competitive mode (2-6 sheets on a shared roll): the bot plays its own sheet towards
the score it must beat: one point above the best finished opponent, or the best
running opponent's points plus ``_RUNNING_MARGIN`` (their likely gain), at least 1.
The rollouts' dice are seeded from ``rng``.

Budget, in units of work: look-aheads (``valued.LOOKAHEADS``: a pair valued one roll
deeper; two rolls cost ``valued.TWO_ROLL_COST``) in the solo game with the learned
value, rollouts (``montecarlo.ROLLOUTS``) elsewhere; ``seconds`` (the registry's
``--think``) asks for "about this long" and is turned into those units by their
calibrations (measured once on a quiet core here: ``benchmarks/calibrate_budgets.py``),
or give ``lookaheads`` / ``rollout_budget`` yourself.  With the same seed and budget
every choice is the same on any machine at any load; no clock is read (the kernels
are bounded: a decision's look-aheads are at most its pairs plus three close calls).
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

from roadtrip.bots.base import Observation, legal_or_raise, require_game
from roadtrip.bots.road_to_300 import montecarlo, valued
from roadtrip.bots.road_to_300.evaluation import WEIGHTS, WEIGHTS_CROSS_STANDING, Rules
from roadtrip.bots.road_to_300.planner import OUTSIDE, Settings, Sheet, plan, plan_move
from roadtrip.bots.work import DEFAULT_SECONDS, check_seconds
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300Game, RoadTo300State
from roadtrip.games.road_to_300.sheet import CROSS, MOVE, OVER

DEFAULT_WIDTH = 6  # pairs that get the look-ahead (0: the base policy alone)
DEFAULT_ROLLOUT_WIDTH = 16  # pairs compared by rollouts (with numba)
DEFAULT_SEARCH_NEED = 100  # the look-ahead runs when at most this many points are needed
# With at least DEEP_SECONDS per decision the endgame look-ahead goes two rolls deep.
DEEP_SECONDS = 0.5
_RUNNING_MARGIN = 60


class ExpertRoadTo300Bot:
    """Most points now while the target stays reachable (solo or competitive)."""

    name = "expert"

    def __init__(
        self,
        game: Game | None = None,
        seconds: float = DEFAULT_SECONDS,
        width: int = DEFAULT_WIDTH,
        search_need: int = DEFAULT_SEARCH_NEED,
        rollouts: bool | None = None,
        rollout_width: int = DEFAULT_ROLLOUT_WIDTH,
        rollout_budget: int | None = None,
        lookaheads: int | None = None,
    ) -> None:
        """``seconds``: about how long a decision takes here (turned into units);
        ``lookaheads`` / ``rollout_budget``: the units themselves (None: from
        ``seconds``)."""
        require_game(game, "road-to-300", "expert")
        self.game = game
        self.seconds = check_seconds(seconds)
        self.lookaheads = (
            valued.LOOKAHEADS.units(seconds) if lookaheads is None else max(1, lookaheads)
        )
        self.width = width
        self.search_need = search_need
        # Flat Monte Carlo with compiled rollouts (None: whenever numba is installed).
        self.rollouts = montecarlo.available() if rollouts is None else rollouts
        self.rollout_width = rollout_width
        self.rollout_budget = (
            montecarlo.ROLLOUTS.units(seconds) if rollout_budget is None else max(1, rollout_budget)
        )
        if self.rollouts:
            montecarlo.warm_up()
            valued.warm_up()
        # (crossed, circled) after the planned cross -> the planned end.
        self._planned: dict[tuple[int, int], int] = {}

    def choose(self, observation: Observation, rng: Random) -> int:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        state = observation.sample_state(Random(0))
        if not isinstance(state, RoadTo300State) or not isinstance(state.game, RoadTo300Game):
            raise NotSupported(f"the expert bot plays road-to-300, not {state.game.id}")
        settings = settings_for(state.game, state, observation.seat, self.search_need)
        if self.seconds >= DEEP_SECONDS:
            settings = replace(settings, deep_need=self.search_need)
        sheet = state.sheets[observation.seat]
        if sheet.step == CROSS:
            here = Sheet(sheet.crossed, sheet.circled, sheet.position)
            if self.rollouts and valued.applies(
                settings, len(state.sheets) == 1, state.game.max_rounds
            ):
                choice = valued.best_pair(settings, here, sheet.cross_options, self.lookaheads)
            elif self.rollouts:
                limit = state.game.max_rounds
                choice = montecarlo.best_pair(
                    settings,
                    here,
                    sheet.cross_options,
                    self.rollout_width,
                    self.rollout_budget,
                    rng.getrandbits(63),
                    rounds_left=limit - state.round if limit else -1,
                )
            else:
                choice = plan(settings, here, sheet.cross_options, self.width)
            if choice.end is not None:
                stand = 0 if sheet.position == OUTSIDE else 1 << sheet.position
                self._planned[(sheet.crossed | 1 << choice.cell | stand, sheet.circled)] = (
                    choice.end
                )
            return choice.cell if choice.cell in legal else legal[0]
        if sheet.step == MOVE:
            end = self._planned.get((sheet.crossed, sheet.circled))
            if (
                (end is None or end not in sheet.destinations)
                and self.rollouts
                and valued.applies(settings, len(state.sheets) == 1, state.game.max_rounds)
            ):
                end = valued.best_end(
                    settings, sheet.crossed, sheet.circled, sheet.destinations, self.lookaheads
                )
            elif end is None or end not in sheet.destinations:
                end = plan_move(
                    settings, sheet.crossed, sheet.circled, sheet.destinations, self.width
                )
            action = MOVE_BASE + end
            return action if action in legal else legal[0]
        return legal[0]


def settings_for(
    game: RoadTo300Game,
    state: RoadTo300State,
    seat: int,
    search_need: int = DEFAULT_SEARCH_NEED,
) -> Settings:
    """The planner's settings for ``seat`` (its target: see the module doc)."""
    target = game.target
    if len(state.sheets) > 1:
        target = _score_to_beat(game, state, seat)
    rules = Rules(
        target=target,
        cross_standing=game.cross_standing,
        final_field_on_fail=game.final_field == "always",
        weights=WEIGHTS_CROSS_STANDING if game.cross_standing else WEIGHTS,
    )
    return Settings(
        rules=rules,
        final_field=game.final_field,
        corner_free=game.corner_free,
        passing=game.pass_on_fail,
        search_need=search_need,
    )


def _score_to_beat(game: RoadTo300Game, state: RoadTo300State, seat: int) -> int:
    """Competitive mode: the score this seat should aim at (see the module doc)."""
    scores = state.scores()
    aims = []
    for other, sheet in enumerate(state.sheets):
        if other == seat:
            continue
        if sheet.step == OVER:
            aims.append(int(scores[other]) + 1)
        else:
            aims.append(int(scores[other]) + _RUNNING_MARGIN)
    return max(1, max(aims, default=game.target))


def make_expert_bot(game: Game, seconds: float = DEFAULT_SECONDS) -> ExpertRoadTo300Bot:
    """The registered factory: ``seconds`` per decision (``--think``)."""
    return ExpertRoadTo300Bot(game, seconds=seconds)
