"""The Road to 300 expert's position evaluation: the chance of reaching the target.

A position is a sheet between rounds (after the movement): crossed fields, circled
fields and the field the player stands on.  The evaluation works on many positions
at once (numpy arrays of masks) and returns, for each, an estimated probability of
winning the solo game from there with good play.

Exact parts (``settled``):

* the points still reachable: later movements can only end on open fields
  connected to the player's field, and (unless the field stood on may be crossed)
  on at most half of all open fields, since each round also crosses one; when the
  best of those are worth less than the points still needed, the game is lost;
* when the points reached (the field stood on included, since the next cross
  locks it in) make the target, the game is won unless three rolls in a row
  fail to cross anything: ``1 - q**3``, ``q`` the chance that a roll fails.

The base policy's preference (``base_key``): settled wins first, settled losses
last, otherwise the most points reached plus small weights (in points) for
dead-end die values and a few other measures.

The estimated chance of winning (``evaluate``), used by the look-ahead: a
logistic model, fitted on self-play (benchmarks/fit_road_to_300.py), of

* next-round mobility: for each die value 1-6, the best field a movement of
  exactly that many steps can end on; how many die values are dead ends, and how
  many alone reach the points still needed;
* the value and size of the reachable region, the points still needed, and the
  share of the reachable value they are;
* ``q``, the chance that the next roll cannot cross anything.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from roadtrip.bots.road_to_300.tables import (
    ALL,
    DIE_OFFSETS,
    NEIGHBOUR_MASKS,
    ROLL_FIELDS,
    ROLL_PROBABILITIES,
    VALUES,
    WALK_MASKS,
    WALK_VALUES,
    Floats,
    Ints,
    Masks,
    components,
    mask_counts,
    mask_values,
)

FEATURE_NAMES: tuple[str, ...] = (
    "bias",
    "need",
    "slack",
    "need_share",
    "potential_slack",
    "mobility_mean",
    "mobility_low3",
    "dead_dice",
    "fail_chance",
    "region_size",
    "good_dice",
    "good_roll",
)
# Logistic weights of the features, fitted on the outcomes of the base policy's
# games (benchmarks/fit_road_to_300.py); one set per cross_standing ruling.
WEIGHTS: tuple[float, ...] = (
    1.4171,
    -0.9578,
    -0.4266,
    -5.2495,
    0.4291,
    -0.5635,
    2.3317,
    -0.6104,
    -1.7560,
    1.2007,
    -0.1728,
    0.7183,
)
WEIGHTS_CROSS_STANDING: tuple[float, ...] = (
    1.1625,
    -1.6479,
    0.0994,
    -4.7172,
    -0.6555,
    -0.7240,
    2.4860,
    -0.6706,
    -1.9607,
    3.6076,
    -0.4010,
    1.0369,
)
# The base policy's preference (``base_key``): the points reached plus these
# weights (in points) of BASE_FEATURE_NAMES, tuned by direct policy search on the
# win rate (benchmarks/tune_road_to_300.py).
BASE_FEATURE_NAMES = (
    "dead_dice",
    "mobility_low3",
    "fail_chance",
    "region_size",
    "potential_slack",
    "need_share",
)
BASE_WEIGHTS: tuple[float, ...] = (-0.5, 0.0, 0.0, 0.0, 0.0, 0.0)
BASE_WEIGHTS_CROSS_STANDING: tuple[float, ...] = BASE_WEIGHTS
_SETTLED = 1000.0


@dataclass(frozen=True)
class Rules:
    """The options that change the evaluation (from the game's options)."""

    target: int = 300
    cross_standing: bool = False
    # Does the field stood on score when three failed rolls end the game?
    final_field_on_fail: bool = False
    weights: tuple[float, ...] = WEIGHTS
    base_weights: tuple[float, ...] = BASE_WEIGHTS


@dataclass(frozen=True)
class Positions:
    """Positions between rounds, one per entry: crossed and circled masks and the
    field stood on (circled, not crossed)."""

    crossed: Masks
    circled: Masks
    position: Ints


def fail_chance(crossable: Masks) -> Floats:
    """For each mask of crossable fields, the chance that a roll names none of them."""
    fails = (ROLL_FIELDS[None, :] & crossable[:, None]) == 0
    result: Floats = fails.astype(np.float64) @ ROLL_PROBABILITIES
    return result


def mobility(position: Ints, blocked: Masks) -> Ints:
    """(N, 6): for die values 1..6, the best field value a movement of exactly that
    many steps from ``position`` can end on without entering ``blocked`` (0: none)."""
    open_walks = (WALK_MASKS[position] & blocked[:, None]) == 0
    values = np.where(open_walks, WALK_VALUES[position], 0)
    best: Ints = np.maximum.reduceat(values, DIE_OFFSETS, axis=1)
    return best


_CELL_SHIFTS = np.arange(36, dtype=np.uint64)


def top_values(region: Masks, count: Ints) -> Ints:
    """The sum of the ``count`` most valuable fields of each region."""
    inside = ((region[:, None] >> _CELL_SHIFTS[None, :]) & np.uint64(1)).astype(np.int64)
    ranked = -np.sort(-(inside * VALUES[None, :]), axis=1)
    running = np.concatenate([np.zeros((len(region), 1), np.int64), ranked.cumsum(axis=1)], axis=1)
    result: Ints = running[np.arange(len(region)), np.minimum(count, 36)]
    return result


@dataclass(frozen=True)
class Measures:
    """What the evaluation measures of each position."""

    reached: Ints  # points scored plus the field stood on
    need: Ints  # points still needed
    reachable: Ints  # value of the open fields connected to the field stood on
    potential: Ints  # value of the best half of them
    bound: Ints  # most points the rest of the game can add (see ``measure``)
    size: Ints  # how many they are
    best: Ints  # (N, 6) best end value for each die value
    fail: Floats  # chance that the next roll crosses nothing
    locked: Ints  # points scored (crossed and circled)


def measure(rules: Rules, positions: Positions) -> Measures:
    crossed, circled, position = positions.crossed, positions.circled, positions.position
    blocked = crossed | circled
    open_fields = ~blocked & ALL
    locked = mask_values(crossed & circled)
    reached = locked + VALUES[position]
    region = components(NEIGHBOUR_MASKS[position] & open_fields, open_fields)
    size = mask_counts(region)
    # Every later round ends on a field of the region and (but where the field
    # stood on may be crossed) crosses another open field first: at most half the
    # open fields can still be ended on.
    if rules.cross_standing:
        crossable = open_fields | (np.uint64(1) << position.astype(np.uint64))
        landings = size
    else:
        crossable = open_fields
        landings = np.minimum(size, mask_counts(open_fields) // 2)
    return Measures(
        reached=reached,
        need=rules.target - reached,
        reachable=mask_values(region),
        potential=top_values(region, size // 2),
        bound=top_values(region, landings),
        size=size,
        best=mobility(position, blocked),
        fail=fail_chance(crossable),
        locked=locked,
    )


def features(measures: Measures) -> Floats:
    """(N, F): the logistic model's features."""
    m = measures
    # Die values whose best next field alone makes the points still needed.
    good = (m.best >= m.need[:, None]).sum(axis=1)
    columns = (
        np.ones(len(m.need)),
        m.need / 100.0,
        (m.reachable - m.need) / 100.0,
        m.need / np.maximum(m.reachable, 1),
        (m.potential - m.need) / 100.0,
        m.best.mean(axis=1) / 30.0,
        np.sort(m.best, axis=1)[:, :3].mean(axis=1) / 30.0,
        (m.best == 0).sum(axis=1) / 6.0,
        m.fail,
        m.size / 36.0,
        good / 6.0,
        1.0 - (1.0 - good / 6.0) ** 3,
    )
    table: Floats = np.stack(columns, axis=1)
    return table


def base_features(m: Measures) -> Floats:
    """(N, len(BASE_FEATURE_NAMES)): what the base policy weighs beside the points."""
    columns = (
        (m.best == 0).sum(axis=1).astype(np.float64),
        np.sort(m.best, axis=1)[:, :3].sum(axis=1) / 30.0,
        m.fail,
        m.size / 36.0,
        (m.potential - m.need) / 100.0,
        m.need / np.maximum(m.reachable, 1),
    )
    table: Floats = np.stack(columns, axis=1)
    return table


def settled(rules: Rules, m: Measures) -> tuple[npt.NDArray[np.bool_], Floats]:
    """(is the result known, its chance): lost when the reachable value is short of
    the points needed; won but for three failed rolls when the target is reached."""
    won = np.ones(len(m.need)) if rules.final_field_on_fail else 1.0 - m.fail**3
    chance = np.where(m.need <= 0, won, 0.0)
    chance = np.where(m.locked >= rules.target, 1.0, chance)
    known = (m.need <= 0) | (m.bound < m.need)
    return known, chance


def evaluate(rules: Rules, positions: Positions) -> Floats:
    """The estimated chance of winning from each position."""
    m = measure(rules, positions)
    logits = features(m) @ np.asarray(rules.weights, dtype=np.float64)
    chance = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
    known, exact = settled(rules, m)
    result: Floats = np.where(known, exact, chance)
    return result


def base_key(rules: Rules, positions: Positions) -> Floats:
    """The base policy's preference: settled results first (wins above everything,
    losses below), then the points reached, then fewer dead-end die values."""
    return judge(rules, positions)[0]


def judge(rules: Rules, positions: Positions) -> tuple[Floats, Floats]:
    """(the base policy's preference, the estimated chance of winning)."""
    m = measure(rules, positions)
    known, exact = settled(rules, m)
    logits = features(m) @ np.asarray(rules.weights, dtype=np.float64)
    chance = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
    value: Floats = np.where(known, exact, chance)
    key = m.reached + base_features(m) @ np.asarray(rules.base_weights, dtype=np.float64)
    key = np.where(known, np.where(exact > 0, _SETTLED + exact, -_SETTLED + m.reached), key)
    result: Floats = key.astype(np.float64)
    return result, value
