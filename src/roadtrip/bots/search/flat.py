"""Flat Monte Carlo over a few candidate moves, with common random numbers.

The ``expert`` bots of Road Rally USA and The Open Road do not grow a tree: they
let a good heuristic name a handful of candidate moves, and play each candidate
out many times with the heuristic as every seat's policy.  Each *sample* draws
one root state (``sample_root(rng)``: a determinization of what the seat cannot
see, or a copy of the state in perfect-information games) and one playout seed,
and plays **every** candidate from that same root with that same seed (common
random numbers): the candidates are compared on the same deals and dice, so the
difference between two candidates is measured with far less noise than their
values are.

A *candidate* is a sequence of the searching seat's actions applied in turn (a
Road Rally play is several actions: card, card, done); an action no longer legal
ends the sequence there.  A playout stops at the end of the game or after
``depth`` actions (or where a ``cut`` callback says, such as the start of a
turn some rounds ahead), where ``value(state, seat)`` judges it; ``value`` also judges
finished states.  Candidates whose mean falls far behind the best (by
``prune`` standard errors of the paired differences, after ``min_samples``) are
dropped, so the budget left goes to the close calls; the first candidate (the
base move, e.g. the heuristic's own choice) is never dropped.

The first candidate is played unless another is *clearly* better: the shared
switch rule of :mod:`roadtrip.bots.search.switch` (a minimum of paired samples and
a one-sided interval test, corrected for the candidates compared), so a search
never plays worse than its base policy by chasing noise.

Budget, in units of work: ``steps``, the playout actions of a search (all
candidates together; long playouts get fewer samples, short ones more) and/or
``samples`` per candidate, whichever ends first (a sample once started is
finished).  With the same seed and budget the result is the same on any machine
at any load.  Wall time is only a safety cap (``cap`` seconds, see
:func:`roadtrip.bots.work.safety_cap`): a search stopped by it says so
(``FlatResult.capped``).
Only the core State API is used here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random

from roadtrip.bots.search.evaluation import RolloutPolicy, SearchSettingError, sample_outcome
from roadtrip.bots.search.switch import SwitchRule
from roadtrip.bots.work import DEFAULT_SECONDS, Calibration, cap_clock, safety_cap
from roadtrip.core.state import State

Candidate = tuple[int, ...]
"""The searching seat's actions, applied in turn."""

StateValue = Callable[[State, int], float]
"""``value(state, seat)``: how good ``state`` (finished or cut off) is for ``seat``."""

CutOff = Callable[[State, int], bool]
"""``cut(state, seat)``: stop the playout here (e.g. at the start of a turn)."""

ChanceDraws = Callable[[int], Callable[[State], int]]
"""``chance(seed)``: the draw function of one playout (``draw(state)``: an outcome
of the chance node ``state``), e.g. one stream of uniforms per deck, so that
candidates which draw from a deck in a different order still get the same cards
(default: the playout's generator, seeded ``seed``, for every draw in order)."""


@dataclass(frozen=True)
class FlatSettings:
    """How much and how deep: ``samples`` per candidate and/or ``steps``, the
    playout actions of a search, all candidates together (None: no such limit; at
    least one is needed); ``cap``: the safety cap in seconds (None: none; only a
    stalled machine should reach it); playouts cut off after ``depth`` actions
    (None: play to the end); ``prune`` standard errors behind the best, after
    ``min_samples`` samples, drop a candidate other than the first (0: never);
    ``switch``: when another candidate is clearly better than the first (see
    :mod:`roadtrip.bots.search.switch`).  With ``drop_identical``, a candidate
    whose every sample so far (at least ``min_samples``) came out exactly as an
    earlier candidate's is dropped too (no budget left would tell them apart:
    e.g. two orders of the same two actions, which with common random numbers
    reach the same state)."""

    samples: int | None = 64
    steps: int | None = None
    cap: float | None = None
    depth: int | None = None
    prune: float = 3.0
    min_samples: int = 8
    switch: SwitchRule = field(default_factory=SwitchRule)
    drop_identical: bool = False

    def __post_init__(self) -> None:
        if self.samples is None and self.steps is None:
            raise SearchSettingError("a flat search needs samples or steps")
        if self.samples is not None and (isinstance(self.samples, bool) or self.samples < 1):
            raise SearchSettingError(f"samples must be at least 1; got {self.samples!r}")
        if self.cap is not None and not self.cap > 0:
            raise SearchSettingError(f"cap must be more than 0 seconds; got {self.cap!r}")
        if self.steps is not None and (isinstance(self.steps, bool) or self.steps < 1):
            raise SearchSettingError(f"steps must be at least 1 (or None); got {self.steps!r}")
        if self.depth is not None and (isinstance(self.depth, bool) or self.depth < 0):
            raise SearchSettingError(f"depth is at least 0 (or None); got {self.depth!r}")


def budgeted(
    seconds: float | None,
    steps: int | None,
    rate: Calibration,
    switch: SwitchRule | None = None,
    **settings: object,
) -> FlatSettings:
    """A search's settings for about ``seconds`` (turned into playout actions by
    ``rate``) unless ``steps`` are given; the safety cap of those seconds; the
    shared switch rule unless another is given; the other ``settings`` as given."""
    if steps is None and seconds is not None:
        steps = rate.units(seconds)
    return FlatSettings(
        steps=steps,
        cap=safety_cap(seconds if seconds is not None else DEFAULT_SECONDS),
        switch=switch if switch is not None else SwitchRule(),
        **settings,  # type: ignore[arg-type]
    )


@dataclass(frozen=True)
class CandidateStats:
    """One candidate's samples and mean value."""

    candidate: Candidate
    samples: int
    value: float


@dataclass(frozen=True)
class FlatResult:
    """The candidate played (the first unless another is clearly better) and every
    candidate's figures; the work done (``samples``, ``steps``), the wall time it
    took (for reports only) and whether the safety cap cut it short."""

    best: Candidate
    candidates: tuple[CandidateStats, ...]
    samples: int
    seconds: float
    steps: int = 0
    capped: bool = False


def flat_search(
    sample_root: Callable[[Random], State],
    seat: int,
    candidates: Sequence[Candidate],
    policy: RolloutPolicy,
    value: StateValue,
    settings: FlatSettings,
    rng: Random,
    cut: CutOff | None = None,
    chance: ChanceDraws | None = None,
) -> FlatResult:
    """Value each candidate by playouts from the same sampled roots (see module);
    ``cut``, if given, also ends a playout where it says; ``chance``, if given,
    makes each playout's chance draws from its seed."""
    if not candidates:
        raise SearchSettingError("a flat search needs at least one candidate")
    started = time.perf_counter()
    cap_at = None if settings.cap is None else cap_clock() + settings.cap
    count = len(candidates)
    totals = [0.0] * count
    paired: list[list[float]] = [[] for _ in range(count)]  # per-sample values
    alive = list(range(count)) if count > 1 else []
    done = 0
    steps = 0
    capped = False
    while alive:
        root = sample_root(rng)
        seed = rng.getrandbits(64)
        for index in alive:
            state = root.clone()
            _apply_candidate(state, seat, candidates[index])
            draw = None if chance is None else chance(seed)
            outcome, taken = _play_out(
                state, seat, policy, value, settings.depth, Random(seed), cut, draw
            )
            steps += taken
            totals[index] += outcome
            paired[index].append(outcome)
        done += 1
        if settings.samples is not None and done >= settings.samples:
            break
        if settings.steps is not None and steps >= settings.steps:
            break
        if cap_at is not None and cap_clock() >= cap_at:
            capped = True  # the safety cap (CPU time): a far slower machine
            break
        if done >= settings.min_samples:
            if settings.prune:
                alive = _survivors(alive, paired, settings.prune)
            if settings.drop_identical:
                alive = _distinct(alive, paired)
            if len(alive) < 2:
                break
    means = [totals[i] / len(paired[i]) if paired[i] else -math.inf for i in range(count)]
    best = _switch_to(means, paired, settings.switch)
    stats = tuple(
        CandidateStats(candidates[i], len(paired[i]), means[i] if paired[i] else 0.0)
        for i in range(count)
    )
    return FlatResult(candidates[best], stats, done, time.perf_counter() - started, steps, capped)


def _switch_to(means: list[float], paired: list[list[float]], rule: SwitchRule) -> int:
    """The candidate to play: the best by mean of those clearly better than the
    first (every other candidate counts as compared), else the first."""
    others = sorted(range(1, len(means)), key=lambda i: (-means[i], i))
    for index in others:
        if rule.clearly_better(paired[index], paired[0], comparisons=len(others)):
            return index
    return 0


def _lead(better: list[float], worse: list[float]) -> float:
    """How many standard errors ``better`` leads ``worse`` by, over the samples
    both have (paired)."""
    shared = min(len(better), len(worse))
    if not shared:
        return 0.0
    diffs = [a - b for a, b in zip(better[:shared], worse[:shared], strict=True)]
    mean = sum(diffs) / shared
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, shared - 1) / shared)
    if spread == 0:
        return math.inf if mean > 0 else 0.0
    return mean / spread


def _survivors(alive: list[int], paired: list[list[float]], prune: float) -> list[int]:
    """The candidates not clearly behind the leader (paired differences over the
    samples every alive candidate shares), and the first, always."""
    shared = min(len(paired[i]) for i in alive)
    means = {i: sum(paired[i][:shared]) / shared for i in alive}
    leader = max(alive, key=lambda i: (means[i], -i))
    keep = []
    for index in alive:
        if index in (leader, 0):  # the first (the base move) is never dropped
            keep.append(index)
            continue
        if _lead(paired[leader][:shared], paired[index][:shared]) <= prune:
            keep.append(index)
    return keep


def _distinct(alive: list[int], paired: list[list[float]]) -> list[int]:
    """``alive`` without the candidates whose samples all came out exactly as an
    earlier alive candidate's."""
    keep: list[int] = []
    for index in alive:
        if not any(paired[index] == paired[other] for other in keep):
            keep.append(index)
    return keep


def _apply_candidate(state: State, seat: int, candidate: Candidate) -> None:
    """Apply ``seat``'s actions in turn; stop at one it may no longer take."""
    for action in candidate:
        if state.is_terminal() or action not in state.legal_actions(seat):
            return
        state.apply_action(action, seat)


def _play_out(
    state: State,
    seat: int,
    policy: RolloutPolicy,
    value: StateValue,
    depth: int | None,
    rng: Random,
    cut: CutOff | None = None,
    draw: Callable[[State], int] | None = None,
) -> tuple[float, int]:
    """Play on with ``policy`` for every seat: ``seat``'s value where it stops
    (chance outcomes by ``draw``, else by ``rng``) and the actions played."""
    steps = 0
    while not state.is_terminal() and (depth is None or steps < depth):
        if cut is not None and cut(state, seat):
            break
        if state.is_chance_node():
            state.apply_action(sample_outcome(state, rng) if draw is None else draw(state))
        else:
            mover = state.current_player()
            state.apply_action(policy(state, mover, rng), mover)
        steps += 1
    return value(state, seat), steps
