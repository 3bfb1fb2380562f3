"""The Road to 300 advisor engine: every legal decision valued by compiled rollouts.

Solo sheets (the advice the issue asks for: how good a decision was), with numba
installed; otherwise the advisor keeps the generic search with greedy playouts
(``bots/advice/games.py``).  A step-2 cross is worth its best end: cross-and-move
pairs of the roll are played on to the end of the game, the same dice for every
pair (common random numbers), as many rollouts each as the budget gives; the
cross's figures are those of its best pair (the highest mean win, then mean
score).  A step-4 end is valued by the rollouts from it.  A cross that ends the
game is valued exactly.

Who plays the rollouts: where the learned value network applies (``valued.applies``:
the solo game with the rulebook's target and scoring and no round limit, the game
its weights were learned for), the network's greedy policy
(:mod:`.fast.playouts`: about 70% of default games won, against the base
policy's 58%), playing for points once the result is settled; in every other game
the expert's base policy (:mod:`.fast.policy`).  The expected score is the final
score of the rollouts (played on past the target).  The report's ``method`` names
the policy.

Which pairs are rolled out: the base policy's rollouts are cheap (about 0.03 ms),
so every pair is.  A network rollout costs about ten times as much, and the first
roll of a game has 35-61 pairs, so with the network the pairs are first ranked as the expert
ranks them (``valued.value_pairs``: the network's value one roll deeper for
every pair, never cut by the clock; equal values, a result settled, by the
points reached), and only
the best ``PAIRS_PER_CROSS`` pairs of each cross are rolled out, at most
``MAX_POSITIONS`` in all but always the best pair of every cross
(:func:`kept_pairs`).  A cross's figures are then those of its best kept
pair: fewer, longer rollouts, and a maximum over two pairs' means instead of
twenty is less inflated by the luckiest one.  Step-4 ends are all rolled out.

The budget is units of work only (``budget.iterations``; the advisor turns
seconds into them by its calibration): each legal action's figures rest on
``ceil(iterations / legal actions)`` rollouts, so every rolled-out position gets
that many; ``EngineResult.samples`` counts the rollouts played (that many times
the positions rolled out).  The k-th rollout of every position uses the same
dice, so the engine hands the advisor the paired samples (best minus chosen is
judged rollout by rollout).  ``budget.cap`` is only the safety cap.

Near the end of a solo game in the rulebook's setup (:func:`endgame_applies`,
at most ``ENDGAME_NEED`` points still needed), the win figures are exact: the
chance that optimal play wins from each choice (:mod:`.endgame`), the scores
still from the rollouts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache, partial
from random import Random
from typing import Any, cast

from roadtrip.bots.advice.engines import EngineResult
from roadtrip.bots.advice.figures import Estimate
from roadtrip.bots.base import Observation
from roadtrip.bots.road_to_300 import valued
from roadtrip.bots.road_to_300.expert import settings_for
from roadtrip.bots.road_to_300.montecarlo import FINAL_CODES, kernels, numpy_module
from roadtrip.bots.road_to_300.planner import OUTSIDE, Settings, Sheet, candidates, ended_score
from roadtrip.bots.search.mcts import Budget
from roadtrip.bots.work import cap_clock
from roadtrip.core.errors import NotSupported
from roadtrip.games.road_to_300.board import VALUES, mask_value
from roadtrip.games.road_to_300.rules import MOVE_BASE, RoadTo300Game, RoadTo300State
from roadtrip.games.road_to_300.sheet import CROSS, MOVE

METHOD = "rollouts of the expert's base policy, common dice"
# The network's greedy policy (the string is as short as METHOD: it titles tables).
VALUE_METHOD = "rollouts of the value network's play, common dice"
BATCH = 64  # rollouts per position between checks of the safety cap
ENDGAME_NEED = 40  # points still needed, at most, for the exact endgame win figures
# Network rollouts: the pairs of a step-2 cross kept for rollouts (see the module doc).
PAIRS_PER_CROSS = 2
MAX_POSITIONS = 12  # in all, unless there are more crosses (each keeps its best)


def rollout_engine(
    observation: Observation, budget: Budget, rng: Random, network: bool | None = None
) -> EngineResult:
    """Estimates for every legal action of a solo Road to 300 seat (see the module
    doc); ``network`` chooses the rollout policy (None: the network where it applies)."""
    np = numpy_module()
    state = observation.sample_state(rng)  # perfect information: the real sheet
    if not isinstance(state, RoadTo300State) or not isinstance(state.game, RoadTo300Game):
        raise NotSupported("the Road to 300 advisor advises Road to 300")
    game, seat = state.game, observation.seat
    settings = settings_for(game, state, seat)
    if network is None:
        network = valued.applies(settings, len(state.sheets) == 1, game.max_rounds)
    play = _network_rollouts(settings) if network else _base_rollouts()
    # Loading the compiled kernel (numba's disk cache) is not thinking time.
    _warm_up(play, np)
    if network:
        _ranking_loaded()
    sheet = state.sheets[seat]
    here = Sheet(sheet.crossed, sheet.circled, sheet.position)
    # (action, crossed, circled, end) of every position to play on from.
    positions: list[tuple[int, int, int, int]] = []
    exact: dict[int, Estimate] = {}
    if sheet.step == CROSS:
        moves, ending = candidates(settings, here, sheet.cross_options)
        if network and moves and not endgame_applies(settings, state, seat):
            moves = _ranked_moves(settings, here, sheet.cross_options, moves)
        positions = [(cell, crossed, circled, end) for cell, end, crossed, circled in moves]
        for choice in ending:
            stand = 0 if here.position == OUTSIDE else 1 << here.position
            score = ended_score(here, here.crossed | 1 << choice.cell | stand, game.final_field)
            exact[choice.cell] = Estimate(choice.cell, 0, choice.value, float(score), exact=True)
    elif sheet.step == MOVE:
        positions = [
            (MOVE_BASE + end, sheet.crossed, sheet.circled | 1 << end, end)
            for end in sheet.destinations
        ]
    else:
        raise NotSupported("no decision of this seat to advise on")
    per_position = max(1, -(-budget.iterations // len(observation.legal_actions)))
    limit = game.max_rounds
    rounds_left = limit - state.round if limit else -1  # after this round
    seed = np.uint64(rng.getrandbits(63))
    cap = None if budget.cap is None else cap_clock() + budget.cap
    crossed = np.array([p[1] for p in positions], dtype=np.int64)
    circled = np.array([p[2] for p in positions], dtype=np.int64)
    ends = np.array([p[3] for p in positions], dtype=np.int64)
    batches = []
    done, capped = 0, False
    while positions and done < per_position:
        count = min(BATCH, per_position - done)
        scores = np.zeros((len(positions), count), dtype=np.int64)
        play(
            crossed,
            circled,
            ends,
            done,
            count,
            seed,
            rounds_left,
            settings.rules.target,
            settings.rules.cross_standing,
            FINAL_CODES[settings.final_field],
            settings.passing,
            True,
            scores,
        )
        batches.append(scores)
        done += count
        if cap is not None and done < per_position and cap_clock() >= cap:
            capped = True
            break
    all_scores = np.concatenate(batches, axis=1) if batches else np.zeros((len(positions), 0))
    won = (all_scores >= settings.rules.target).astype(np.float64)
    exact_wins = _endgame_wins(settings, state, seat, positions) if positions else None
    best: dict[int, Estimate] = dict(exact)
    rows: dict[int, int] = {}
    for index, (action, *_rest) in enumerate(positions):
        estimate = _estimate(action, won[index], all_scores[index].astype(np.float64))
        if exact_wins is not None:
            estimate = replace(estimate, win=exact_wins[index], win_variance=0.0, win_exact=True)
        held = best.get(action)
        if held is None or (estimate.win, estimate.score) > (held.win, held.score):
            best[action] = estimate
            rows[action] = index
    legal = observation.legal_actions
    estimates = tuple(best.get(action, Estimate(action, 0, 0.0, 0.0)) for action in legal)
    paired = {
        action: (tuple(won[row].tolist()), tuple(all_scores[row].astype(float).tolist()))
        for action, row in rows.items()
    }
    method = VALUE_METHOD if network else METHOD
    if exact_wins is not None:
        method += "; win chances exact (optimal play)"
    return EngineResult(
        estimates, done * len(positions), method, capped=capped, paired=paired or None
    )


def endgame_applies(settings: Settings, state: RoadTo300State, seat: int) -> bool:
    """Do the exact endgame figures apply: a solo sheet on the grid in the
    rulebook's setup (target, final field, no passing, no round limit) with at
    most ``ENDGAME_NEED`` points still needed?"""
    game = state.game
    if len(state.sheets) != 1 or not isinstance(game, RoadTo300Game) or game.max_rounds:
        return False
    if settings.final_field != "rulebook" or settings.passing:
        return False
    if settings.rules.target != valued.TRAINED_TARGET:
        return False
    sheet = state.sheets[seat]
    if sheet.position == OUTSIDE:
        return False
    need = settings.rules.target - mask_value(sheet.crossed & sheet.circled)
    return bool(need - VALUES[sheet.position] <= ENDGAME_NEED)


def _endgame_wins(
    settings: Settings,
    state: RoadTo300State,
    seat: int,
    positions: list[tuple[int, int, int, int]],
) -> list[float] | None:
    """Optimal play's chance to win after each position's round (None where the
    exact figures do not apply)."""
    if not endgame_applies(settings, state, seat):
        return None
    from roadtrip.bots.road_to_300 import endgame

    target, cs = settings.rules.target, settings.rules.cross_standing
    return endgame.win_chances(
        [(crossed, circled, end) for _action, crossed, circled, end in positions], target, cs
    )


def kept_pairs(ranked: Sequence[valued.PairValue]) -> list[valued.PairValue]:
    """The pairs to roll out of ``ranked`` (best first): each cross's best
    ``PAIRS_PER_CROSS``, at most ``MAX_POSITIONS`` in all but the best pair of every
    cross whatever their number; the best of every cross first, then the others
    best first."""
    taken: dict[int, int] = {}
    firsts: list[valued.PairValue] = []
    others: list[valued.PairValue] = []
    for pair in ranked:
        count = taken.get(pair.cell, 0)
        if count >= PAIRS_PER_CROSS:
            continue
        taken[pair.cell] = count + 1
        (firsts if count == 0 else others).append(pair)
    return firsts + others[: max(0, MAX_POSITIONS - len(firsts))]


def _ranked_moves(
    settings: Settings,
    here: Sheet,
    options: tuple[tuple[int, int], ...],
    moves: list[tuple[int, int, int, int]],
) -> list[tuple[int, int, int, int]]:
    """The ``moves`` (cell, end, crossed, circled) kept for network rollouts: ranked
    as the expert ranks them, every pair one roll deeper (never cut by the clock:
    the advice depends only on the seed and the budget), equal values (a result
    settled) by the points reached, then :func:`kept_pairs`."""
    ranked = valued.value_pairs(settings, here, options, float("inf"))
    by_pair: dict[tuple[int, int | None], tuple[int, int, int, int]] = {
        (move[0], move[1]): move for move in moves
    }

    def key(pair: valued.PairValue) -> tuple[bool, float, int]:
        _cell, end, crossed, circled = by_pair[pair.cell, pair.end]
        value = pair.value if pair.deeper is None else pair.deeper
        return pair.deeper is None, -value, -mask_value(crossed & circled) - VALUES[end]

    playable = sorted((pair for pair in ranked if pair.end is not None), key=key)  # enders: exact
    return [by_pair[pair.cell, pair.end] for pair in kept_pairs(playable)]


@cache
def _ranking_loaded() -> None:
    """Load the ranking's kernels and weights once (not thinking time)."""
    valued.warm_up()


def _warm_up(play: Callable[..., None], np: Any) -> None:
    """Load ``play`` for the argument types of the real calls (no rollout)."""
    none = np.zeros(0, dtype=np.int64)
    play(none, none, none, 0, 0, np.uint64(1), -1, 300, False, 0, False, True, none.reshape(0, 0))


def _base_rollouts() -> Callable[..., None]:
    """The base policy's ``rollout_batch``."""
    playouts = kernels()
    return cast(Callable[..., None], partial(playouts.rollout_batch, playouts.BASE_POLICY))


def _network_rollouts(settings: Settings) -> Callable[..., None]:
    """The network's ``rollout_batch`` with the shipped weights of the ruling."""
    from roadtrip.bots.road_to_300.fast import playouts

    weights = valued.shipped_weights(settings.rules.cross_standing)
    return cast(Callable[..., None], partial(playouts.rollout_batch, weights))


def _estimate(action: int, wins: Any, scores: Any) -> Estimate:
    n = len(wins)
    if n == 0:
        return Estimate(action, 0, 0.0, 0.0)
    mean_win, mean_score = float(wins.mean()), float(scores.mean())
    if n < 2:
        return Estimate(action, n, mean_win, mean_score)
    win_var, score_var = float(wins.var(ddof=1)), float(scores.var(ddof=1))
    return Estimate(action, n, mean_win, mean_score, win_var, score_var)
