"""The Road to 300 expert's position evaluation: the chance of reaching the target.

A position is a sheet between rounds (after the movement): crossed fields, circled
fields and the field the player stands on.  The evaluation works on many positions
at once (numpy arrays of masks) and returns, for each, an estimated probability of
winning the solo game from there with good play.

Exact parts:

* the points still reachable: the open fields connected to the player's field are
  the only ones a later movement can end on, so when their value is below the
  points still needed the game is lost (probability 0);
* when the points reached (the field stood on included, since the next cross
  locks it in) make the target, the game is won unless three rolls in a row
  fail to cross anything: ``1 - q**3``, ``q`` the chance that a roll fails.

In between, a logistic model of features fitted on self-play (weights below):

* next-round mobility: for each die value 1-6, the best field a movement of
  exactly that many steps can end on, and how many die values are dead ends;
* the value and size of the reachable region, the points still needed, and the
  share of the reachable value they are;
* ``q``, the chance that the next roll cannot cross anything.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

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

FEATURE_NAMES = (
    "bias",
    "need",
    "potential_slack",
    "need_share",
    "mobility_mean",
    "mobility_low3",
    "dead_dice",
    "fail_chance",
    "region_size",
)

# Fitted by logistic regression on self-play outcomes (see ``fit_weights``).
WEIGHTS: tuple[float, ...] = (
    -1.8496,
    -2.9412,
    0.4642,
    -1.5215,
    -1.1587,
    1.0830,
    1.1326,
    2.3966,
    8.9369,
)


@dataclass(frozen=True)
class Rules:
    """The options that change the evaluation (from the game's options)."""

    target: int = 300
    cross_standing: bool = False
    # Does the field stood on score when three failed rolls end the game?
    final_field_on_fail: bool = False
    weights: tuple[float, ...] = WEIGHTS


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


def features(rules: Rules, positions: Positions) -> tuple[Floats, Ints, Ints, Floats]:
    """(features (N, F), points reached with the field stood on, reachable value,
    fail chance)."""
    crossed, circled, position = positions.crossed, positions.circled, positions.position
    blocked = crossed | circled
    open_fields = ~blocked & ALL
    reached = mask_values(crossed & circled) + VALUES[position]
    need = rules.target - reached
    region = components(NEIGHBOUR_MASKS[position] & open_fields, open_fields)
    reachable = mask_values(region)
    size = mask_counts(region)
    best = mobility(position, blocked)
    crossable = open_fields | (np.uint64(1) << position.astype(np.uint64)) if (
        rules.cross_standing
    ) else open_fields
    q = fail_chance(crossable)
    potential = top_values(region, size // 2)
    columns = (
        np.ones(len(position)),
        need / 100.0,
        (potential - need) / 100.0,
        need / np.maximum(potential, 1),
        best.mean(axis=1) / 30.0,
        np.sort(best, axis=1)[:, :3].mean(axis=1) / 30.0,
        (best == 0).sum(axis=1) / 6.0,
        q,
        size / 36.0,
    )
    return np.stack(columns, axis=1), reached, reachable, q


def evaluate(rules: Rules, positions: Positions) -> Floats:
    """The estimated chance of winning from each position."""
    table, reached, reachable, q = features(rules, positions)
    logits = table @ np.asarray(rules.weights, dtype=np.float64)
    chance: Floats = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
    need = rules.target - reached
    chance = np.where(reachable < need, 0.0, chance)
    locked = mask_values(positions.crossed & positions.circled) >= rules.target
    won = 1.0 if rules.final_field_on_fail else 1.0 - q**3
    chance = np.where(need <= 0, won, chance)
    result: Floats = np.where(locked, 1.0, chance)
    return result
