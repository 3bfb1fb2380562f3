"""The Open Road's ``expert``: the heuristic's best few actions, played out.

At each decision that matters (the route cards kept, the start coast, each action
of a turn, a hotel, a target) the heuristic (:mod:`roadtrip.bots.open_road`) ranks
the legal actions by its one-step scores (:mod:`roadtrip.bots.open_road.moves`)
and names its ``candidates`` best, its own choice first; a flat Monte Carlo
search (:mod:`roadtrip.bots.search.flat`) plays each of them out with the
heuristic in every seat, every candidate on the same samples of the draws (the
game is perfect information: ``observation.sample_state`` is an exact copy).
With three or more riders playouts stop at the start of the seat's turn
``rounds`` rounds on (default 3), so every candidate is judged at the same point
of the race, and are valued there by the heuristic's own reading of the table
(each rider's dots still to find,
:class:`~roadtrip.bots.open_road.evaluation.Situation`: the margin over the
nearest other rider; :mod:`roadtrip.bots.open_road.duel` has a fitted chance of
winning for two riders cut off); a race that ends sooner is valued by the win
(shared on a tie) plus a little of the margin in dots left.  Whole four-rider
playouts (``rounds=None``) cost about 0.1 s each and their outcome is mostly
noise at this budget: the cut lifted the expert from about the heuristic's
strength to far above it.  The other follow-ups (cards to give or take, a
Credit Card mix, the road closure, a Tune Up cruise) stay the heuristic's.  Most
races are decided early (by the routes dealt and kept), so the route cards are
searched too.

In a two-rider race the expert plays by :func:`duel_weights` (the heuristic's
weights with a dot of damage to the rival worth a dot of its own: a duel is zero
sum), in its own decisions and for its own seat in the playouts; the rivals are
played out (and every rider valued) by the heuristic's weights.  Against the
``heuristic`` the playouts' rival is then the opponent's own policy, exact, so
between two riders the playouts run to the end of the race (about 150 actions,
some 8 ms, from the start): in a probe of three heuristic races, choosing a
turn's action among three by 20 whole-race playouts each (and judging the
choice on 20 others) gained 3.7 points of win chance an action on average
(79 actions; noisy), a route card 1.4 (18), the hotel nothing (21: it is not
searched).  Draws in a duel's playouts
come from one stream of numbers per deck (:class:`DeckDraws`), so candidates
compare on the same cards even when they pick up at different moments;
candidates whose samples all came out alike are dropped (two orders of the same
two actions).  The route cards and the start get their own sample budget
(``setup_samples``, default 64), whole races too.

The heuristic's own action is played unless another is clearly better by the
shared switch rule (:mod:`roadtrip.bots.search.switch`: at least 12 paired samples
and a one-sided 95% interval test, Bonferroni-corrected over the candidates).

Budget, in units of work: ``steps``, the playout actions of a searched decision
(all candidates together), at most ``samples`` per candidate.  ``seconds`` (the
registry's ``--think``) asks for "about this long" and is turned into steps by
:func:`steps_calibration` (duels and tables differ: a table's playouts are valued
by the heuristic's reading of the race at the cut), measured once on a quiet core
here (``benchmarks/calibrate_budgets.py``); so with the same seed and budget every
choice is the same on any machine at any load.  Wall time is only the safety cap
(:func:`roadtrip.bots.work.safety_cap`; a search it cut says so, ``capped``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from random import Random

from roadtrip.bots.base import Observation, legal_or_raise, require_game
from roadtrip.bots.open_road.bot import action_score, decide
from roadtrip.bots.open_road.duel import duel_win_chance
from roadtrip.bots.open_road.evaluation import Situation, Weights
from roadtrip.bots.open_road.moves import Moves
from roadtrip.bots.search.flat import Candidate, FlatResult, budgeted, flat_search
from roadtrip.bots.search.switch import SwitchRule
from roadtrip.bots.work import DEFAULT_SECONDS, Calibration
from roadtrip.core.chance import pick_outcome
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game
from roadtrip.core.state import State
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road.rules import OpenRoadState

GAME_ID = "open-road"
DEFAULT_CANDIDATES = 3
DEFAULT_SAMPLES = 200
DEFAULT_ROUNDS = 3  # playouts stop at the seat's turn this many rounds on
MARGIN_WEIGHT = 0.3  # share of the margin in dots in a playout's value
MARGIN_SCALE = 8.0  # dots: a margin this large counts about three quarters
SEARCHED_MODES = (F.KEEP, F.ORIGIN, F.ACT, F.HOTEL, F.TARGET)
SETUP_MODES = (F.KEEP, F.ORIGIN)
# Two riders: the hotel is not searched (whole-race playouts found the heuristic's
# hotel choices as good as any), and the route cards and the start get more
# samples than a turn's action.
DUEL_SEARCHED_MODES = (F.KEEP, F.ORIGIN, F.ACT, F.TARGET)
DUEL_SETUP_SAMPLES = 64
# Two riders are a zero-sum duel: a dot of damage to the rival is worth a dot of our
# own, where at four seats (the heuristic's tuning) it also helps the other rivals.
DUEL_ATTACK = 1.0
# Playout actions one second buys on a quiet core of the reference machine:
# measured by benchmarks/calibrate_budgets.py (duels play whole races, tables cut
# at the seat's turn three rounds on: their rates differ).
# The minimum is a few samples' worth.
DUEL_STEPS = Calibration("open-road expert, 2 riders", "playout actions", 15_000, minimum=600)
TABLE_STEPS = Calibration("open-road expert, 3+ riders", "playout actions", 22_000, minimum=300)


def steps_calibration(riders: int) -> Calibration:
    """How many playout actions a second buys with this many riders."""
    return DUEL_STEPS if riders == 2 else TABLE_STEPS


def duel_weights(weights: Weights) -> Weights:
    """The weights the expert plays by in a two-rider race (its own decisions and
    its own seat in playouts): ``weights`` with a dot of damage to the rival worth
    a dot (self-play of the heuristic, 2 riders, 2,000 races: ``attack`` 0.7: 50.6%,
    1.0: 52.0%, 1.5: 48.3%, 2.0: 42.0% against the base; docs/history.md)."""
    return dataclasses.replace(weights, attack=DUEL_ATTACK)


class OpenRoadExpert:
    """Flat Monte Carlo over the heuristic's best actions (see the module docstring)."""

    name = "expert"

    def __init__(
        self,
        game: Game | None = None,
        *,
        seconds: float | None = DEFAULT_SECONDS,
        samples: int | None = DEFAULT_SAMPLES,
        candidates: int = DEFAULT_CANDIDATES,
        depth: int | None = None,
        rounds: int | None = DEFAULT_ROUNDS,
        duel_rounds: int | None = None,
        weights: Weights | None = None,
        own_weights: Weights | None = None,
        switch: SwitchRule | None = None,
        deck_draws: bool | None = None,
        drop_identical: bool | None = None,
        setup_samples: int | None = None,
        steps: int | None = None,
    ) -> None:
        """``steps``: the playout actions of a searched decision (None: ``seconds``
        turned into steps by :func:`steps_calibration`; with ``seconds`` None too,
        ``samples`` alone bound it); ``samples``: at most this many per candidate."""
        require_game(game, GAME_ID, "expert")
        # Two riders (see the module docstring): whole-race playouts with draws
        # per deck, an easier switch, no hotel search, the setup searched longer.
        duel = game is not None and game.num_players() == 2
        self.rounds = duel_rounds if duel else rounds
        self.searched = DUEL_SEARCHED_MODES if duel else SEARCHED_MODES
        self.weights = weights or Weights()  # every rider as the playouts model them
        if own_weights is None and duel:
            own_weights = duel_weights(self.weights)
        self.own_weights = own_weights or self.weights  # the expert's own play
        self.settings = budgeted(
            seconds,
            steps,
            steps_calibration(2 if duel else 4),
            switch,
            samples=samples,
            depth=depth,
            drop_identical=duel if drop_identical is None else drop_identical,
        )
        self.setup_settings = (
            dataclasses.replace(
                self.settings, samples=setup_samples or DUEL_SETUP_SAMPLES, steps=None
            )
            if duel
            else None
        )
        self.deck_draws = duel if deck_draws is None else deck_draws
        self.candidates = max(1, candidates)
        self.last_result: FlatResult | None = None

    def choose(self, observation: Observation, rng: Random) -> int:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        state = _open_road(observation.sample_state(rng))  # perfect information: a copy
        seat = observation.seat
        first = decide(state, seat, legal, self.own_weights)
        if first not in legal:
            first = legal[0]
        if state.mode not in self.searched:
            return first
        ranked = [first] + [
            a for a in ranked_actions(state, seat, legal, self.own_weights) if a != first
        ]
        moves: list[Candidate] = [(action,) for action in ranked[: self.candidates]]
        if len(moves) == 1:
            return first
        settings, cut = self.settings, self.rounds
        if self.setup_settings is not None and state.mode in SETUP_MODES:
            settings = self.setup_settings
        self.last_result = flat_search(
            observation.sample_state,
            seat,
            moves,
            HeuristicPolicy(self.weights, {seat: self.own_weights}),
            RaceValue(self.weights),
            settings,
            rng,
            None if cut is None else TurnsAhead(seat, state.round + cut),
            DeckDraws if self.deck_draws else None,
        )
        return self.last_result.best[0]


def _open_road(state: State) -> OpenRoadState:
    if not isinstance(state, OpenRoadState):
        raise NotSupported(f"the Open Road expert plays {GAME_ID}, not {state.game.id}")
    return state


def ranked_actions(state: OpenRoadState, seat: int, legal: Sequence[int], w: Weights) -> list[int]:
    """``legal`` best first by the heuristic's one-step scores (in the turn's
    actions: rides and the others alike; a target by the damage done)."""
    if state.mode == F.ACT:
        moves = Moves(Situation(state, seat, w))
        legal_set = set(legal)
        scores: dict[int, float] = {}
        peloton = state.peloton
        for dot, k in moves.ride_candidates(state.reach(seat, False)):
            if dot in legal_set:
                scores[dot] = max(
                    scores.get(dot, -math.inf), moves.ride(dot, (k + 1) // 2 if peloton else k)
                )
        for action in legal:
            if action >= A.N_DOTS:
                scores[action] = action_score(moves, action)
        return sorted(scores, key=lambda a: (-scores[a], a))
    if state.mode == F.TARGET:
        moves = Moves(Situation(state, seat, w))
        return sorted(legal, key=lambda a: (-moves.damage(state.pending, a - A.TARGET_BASE), a))
    return list(legal)


class HeuristicPolicy:
    """The heuristic as a rollout policy, ``policy(state, seat, rng)``: every seat
    by ``weights``, the seats in ``own`` by theirs."""

    def __init__(self, weights: Weights, own: dict[int, Weights] | None = None) -> None:
        self.weights = weights
        self.own = own or {}

    def __call__(self, state: State, seat: int, rng: Random) -> int:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        action = decide(_open_road(state), seat, legal, self.own.get(seat, self.weights))
        return action if action in legal else legal[0]


class DeckDraws:
    """One playout's chance draws, a stream of uniform numbers per deck (the
    playout's ``seed`` and the deck): the k-th card a playout draws from a deck
    is picked by the same number in every candidate's playout, so candidates
    that pick up cards at different moments, or draw a Mother Lode card before a
    playing card in one and after in the other, still draw alike wherever the
    decks hold alike (common random numbers; the draws stay by the decks'
    exact odds)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.streams: dict[int, Random] = {}

    def __call__(self, state: State) -> int:
        deck = _open_road(state).draw[0]
        stream = self.streams.get(deck)
        if stream is None:
            stream = self.streams[deck] = Random(self.seed * 16 + deck)
        return pick_outcome(state.chance_outcomes(), stream.random())


class TurnsAhead:
    """Cut a playout at the start of ``seat``'s turn in round ``round`` or later
    (two rounds more at the latest, should the seat lose its turns): every
    candidate is judged at the same point of the race, with the same turns
    played by everyone."""

    def __init__(self, seat: int, round_: int) -> None:
        self.seat = seat
        self.round = round_

    def __call__(self, state: State, seat: int) -> bool:
        race = _open_road(state)
        if race.round < self.round:
            return False
        if race.round >= self.round + 2:
            return True
        return (
            race.mode == F.ACT
            and race.actions_left == F.ACTIONS_PER_TURN
            and race.current_player() == self.seat
        )


class RaceValue:
    """A playout's worth to a seat: at the end the win (shared on a tie) and a little
    of the margin in dots left over the nearest other rider; cut off, the margin in
    the heuristic's dots still to find, or between two riders the chance of winning
    (:func:`~roadtrip.bots.open_road.duel.duel_win_chance`), valued as a win or loss
    with its typical margin would be."""

    def __init__(self, weights: Weights) -> None:
        self.weights = weights

    def __call__(self, state: State, seat: int) -> float:
        if state.is_terminal():
            scores = state.scores()
            others = max(s for i, s in enumerate(scores) if i != seat)
            margin = math.tanh((scores[seat] - others) / MARGIN_SCALE)
            return (1 - MARGIN_WEIGHT) * state.returns()[seat] + MARGIN_WEIGHT * margin
        race = _open_road(state)
        if race.n == 2:  # a duel: the fitted chance of winning, on the win's scale
            chance = duel_win_chance(race, seat, self.weights)
            return (1 - MARGIN_WEIGHT) * chance + MARGIN_WEIGHT * (2 * chance - 1)
        left = Situation(race, seat, self.weights).left
        others = min(v for i, v in enumerate(left) if i != seat)
        margin = math.tanh((others - left[seat]) / MARGIN_SCALE)
        return (1 - MARGIN_WEIGHT) * (0.5 + 0.5 * margin) + MARGIN_WEIGHT * margin


def make_open_road_expert(game: Game, *, seconds: float = DEFAULT_SECONDS) -> OpenRoadExpert:
    """The registry's factory for ``expert`` on open-road (about ``seconds`` a
    decision, turned into playout actions by :func:`steps_calibration`)."""
    return OpenRoadExpert(game, seconds=seconds)
