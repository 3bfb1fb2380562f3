"""Compiled (numba) Road to 300 games, solo and competitive, with every rules option.

:func:`play_game` follows ``RoadTo300State`` step for step (see
:mod:`roadtrip.games.road_to_300.rules`): a round is one shared roll, rerolled at
once for the sheets that could not cross (``no_cross=reroll``) or sat out
(``pass``); every sheet that can cross decides, then every sheet that can move;
the round limit and the end of every sheet end the match.  Bots: ``RANDOM`` picks
uniformly among the legal actions, ``GREEDY`` is the greedy bot's ranking with ties
broken uniformly.

Game ``index`` of a run draws its dice from stream 1 and its bots' choices from
stream 2 of ``(seed, index)`` (:func:`~roadtrip.bots.road_to_300.fast.steps.stream_start`),
so a game depends only on its seed and index, not on the worker or the backend.
Dice: three draws of :func:`below` 6; a bot with one legal action draws nothing.

With ``trace`` rows to fill, every action is written as ``(seat, action)`` in an
order the engine accepts (seat ``-1``: the chance player's roll), so a game can be
replayed through ``RoadTo300State.apply_action``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from roadtrip.bots.road_to_300.fast.jit import jit
from roadtrip.bots.road_to_300.fast.steps import (
    below,
    cross_slots,
    destination_mask,
    greedy_cross,
    greedy_move,
    nth_bit,
    popcount,
    stream_start,
    walk_row,
)
from roadtrip.bots.road_to_300.fast.tables import CROSS_CELLS, CROSS_DICE, ROLL_OF, VALUES

RANDOM = 0
GREEDY = 1

ROLL, CROSS, MOVE, WAITING, OVER = 0, 1, 2, 3, 4
# Why a sheet or the match ended: ending codes (the engine's ending() strings in
# path.ENDINGS).
END_NO_CROSS, END_NO_MOVE, END_MAX_ROUNDS, END_EVERY_SHEET = 0, 1, 2, 3
FINAL_RULEBOOK, FINAL_ALWAYS, FINAL_NEVER = 0, 1, 2
MAX_FAILED_ROLLS = 3
MOVE_BASE = 36
TRACE_ROWS = 2048  # more than RoadTo300Game.max_game_length() for six players


@jit
def _pick(state: NDArray[np.uint64], mask: int) -> int:
    """A uniform member of ``mask`` (its bit position); no draw when it has one."""
    count = popcount(mask)
    return nth_bit(mask, 0 if count == 1 else below(state, 1, count))


@jit
def _record(trace: NDArray[np.int64], length: int, seat: int, action: int) -> int:
    if trace.shape[0] > 0:
        trace[length, 0] = seat
        trace[length, 1] = action
    return length + 1


@jit
def play_game(
    seed: np.uint64,
    index: np.uint64,
    bots: NDArray[np.int64],
    cross_standing: bool,
    corner_free: bool,
    pass_on_fail: bool,
    final_field: int,
    max_rounds: int,
    scores: NDArray[np.int64],
    trace: NDArray[np.int64],
) -> tuple[int, int, int, int]:
    """Play game ``index``; fill ``scores`` (one per seat) and return (rounds,
    decisions, ending code, actions traced)."""
    players = bots.shape[0]
    rng = np.empty(2, dtype=np.uint64)
    rng[0] = stream_start(seed, index, np.uint64(1))
    rng[1] = stream_start(seed, index, np.uint64(2))
    crossed = np.zeros(players, dtype=np.int64)
    circled = np.zeros(players, dtype=np.int64)
    position = np.full(players, -1, dtype=np.int64)
    failed = np.zeros(players, dtype=np.int64)
    step = np.zeros(players, dtype=np.int64)  # all ROLL
    ended = np.full(players, -1, dtype=np.int64)
    roll_of = np.zeros(players, dtype=np.int64)
    slots = np.zeros(players, dtype=np.int64)
    ends = np.zeros(players, dtype=np.int64)
    rounds, decisions, traced, cut = 1, 0, 0, False
    while True:
        # Step 1: the shared roll, rolled again at once for the sheets that failed.
        rolling = players
        while rolling > 0:
            dice = below(rng, 0, 6) * 36 + below(rng, 0, 6) * 6 + below(rng, 0, 6)
            roll = ROLL_OF[dice]
            traced = _record(trace, traced, -1, roll)
            rolling = 0
            for s in range(players):
                if step[s] != ROLL:
                    continue
                slots[s] = cross_slots(roll, crossed[s], circled[s], cross_standing)
                if slots[s]:
                    failed[s] = 0
                    roll_of[s] = roll
                    step[s] = CROSS
                    continue
                failed[s] += 1
                if failed[s] >= MAX_FAILED_ROLLS:
                    step[s] = OVER
                    ended[s] = END_NO_CROSS
                elif pass_on_fail:
                    step[s] = WAITING
                else:
                    rolling += 1
        # Steps 2 and 3: every sheet that can cross does, then crosses where it stands.
        for s in range(players):
            if step[s] != CROSS:
                continue
            roll = roll_of[s]
            if bots[s] == GREEDY and popcount(slots[s]) > 1:
                choice = greedy_cross(
                    roll, slots[s], crossed[s], circled[s], position[s], corner_free
                )
            else:
                choice = slots[s]
            k = _pick(rng, choice)
            cell = CROSS_CELLS[roll, k]
            traced = _record(trace, traced, s, cell)
            decisions += 1
            crossed[s] |= 1 << cell
            if position[s] >= 0:
                crossed[s] |= 1 << position[s]
            row = walk_row(position[s], CROSS_DICE[roll, k], corner_free)
            ends[s] = destination_mask(row, crossed[s] | circled[s])
            if ends[s]:
                step[s] = MOVE
            else:
                step[s] = OVER
                ended[s] = END_NO_MOVE
        # Step 4: every sheet that can move ends its movement and circles the field.
        for s in range(players):
            if step[s] != MOVE:
                continue
            choice = ends[s]
            if bots[s] == GREEDY and popcount(choice) > 1:
                choice = greedy_move(choice, crossed[s], circled[s])
            cell = _pick(rng, choice)
            traced = _record(trace, traced, s, MOVE_BASE + cell)
            decisions += 1
            position[s] = cell
            circled[s] |= 1 << cell
            step[s] = WAITING
        # The next round, unless every sheet has ended or the round limit is reached.
        playing = 0
        for s in range(players):
            if step[s] != OVER:
                playing += 1
        if playing == 0:
            break
        if max_rounds > 0 and rounds >= max_rounds:
            for s in range(players):
                if step[s] != OVER:
                    step[s] = OVER
                    ended[s] = END_MAX_ROUNDS
            cut = True
            break
        for s in range(players):
            if step[s] != OVER:
                step[s] = ROLL
        rounds += 1
    for s in range(players):
        scored = crossed[s] & circled[s]
        if position[s] >= 0:
            if final_field == FINAL_ALWAYS:
                scored |= 1 << position[s]
            elif final_field == FINAL_NEVER:
                scored &= ~(1 << position[s])
        total = 0
        for cell in range(36):
            if scored >> cell & 1:
                total += VALUES[cell]
        scores[s] = total
    if cut:
        ending = END_MAX_ROUNDS
    elif players > 1:
        ending = END_EVERY_SHEET
    else:
        ending = ended[0]
    return rounds, decisions, ending, traced


@jit
def play_games(
    seed: np.uint64,
    start: int,
    stop: int,
    bots: NDArray[np.int64],
    cross_standing: bool,
    corner_free: bool,
    pass_on_fail: bool,
    final_field: int,
    max_rounds: int,
) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """Games ``start..stop-1``: scores (games x seats), rounds, decisions, endings."""
    games = stop - start
    scores = np.zeros((games, bots.shape[0]), dtype=np.int64)
    rounds = np.zeros(games, dtype=np.int64)
    decisions = np.zeros(games, dtype=np.int64)
    endings = np.zeros(games, dtype=np.int64)
    no_trace = np.zeros((0, 2), dtype=np.int64)
    for g in range(games):
        rounds[g], decisions[g], endings[g], _ = play_game(
            seed,
            np.uint64(start + g),
            bots,
            cross_standing,
            corner_free,
            pass_on_fail,
            final_field,
            max_rounds,
            scores[g],
            no_trace,
        )
    return scores, rounds, decisions, endings
