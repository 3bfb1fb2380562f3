"""Rally scoring at the end of a round, the finish, and the final tally.

Crossed rally points are taken car by car, from the last place car up to the first
(the rulebook's "Starting from the last place car and going up to the first place
car, identify each rally point that was crossed this round"); each is offered to
every player who has not yet scored three rally cards, all at once, so that nobody
learns who holds which card from who is asked; a pass shows to the others only as
"has chosen" until all have answered (a reveal ends the question at once: only one
card carries the number, so everyone still asked could only pass).  A revealed point pays 5/4/3/2/1
by race place (4th and 5th may take 2 cards instead, all at once: each choice stays
hidden until both have chosen, then they are applied together in the order they were
made), doubled for the trigger; the
car first on the space takes the chip.  At most two rally points are resolved per
round (``rally_limit``).  After the last round (the finish, or the ``max_rounds``
limit) the race is over.
"""

from __future__ import annotations

from roadtrip.core.state import ROUND_LIMIT_ENDING
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import (
    CARD_CHOICE_PLACES,
    CHOICE_CARDS,
    POINTS_BY_PLACE,
)
from roadtrip.games.road_rally.race import BUSY, FINISH_ENDING, OVER, REVEAL, REWARD, RaceData

MAX_RALLY_PER_ROUND = 2
MAX_RALLY_CARDS_SCORED = 3


def crossing_order(state: RaceData) -> list[int]:
    """The rally points crossed this round, car by car from the last place car up
    to the first; each car's in the order it crossed them (by number), each point
    once, where the first car (from the back) that crossed it puts it."""
    order: list[int] = []
    for seat in reversed(state.race_order()):
        for number in sorted(state.passed_by):
            if seat in state.passed_by[number] and number not in order:
                order.append(number)
    return [n for n in order if state.rally_status[n] == "on_track"]


def end_of_round(state: RaceData) -> None:
    state.rally_queue = crossing_order(state)
    state.rally_count = 0
    state.tasks.appendleft(("scoring", "next"))


def eligible(state: RaceData) -> list[int]:
    """Seats asked about a rally point: all that still hold a rally card and have
    scored fewer than three (public counts, so asking them all hides who holds it)."""
    return [
        s
        for s in range(len(state.points))
        if state.rally_hand[s] and len(state.rally_revealed[s]) < MAX_RALLY_CARDS_SCORED
    ]


def reveal_choices(state: RaceData, seat: int) -> list[int]:
    number = state.rally_current
    holds = number in state.rally_hand[seat]
    if holds and state._game.options["trigger"] == "passed":
        holds = state.position[seat] >= state._game.track.rally_space[number]
    return [A.REVEAL, A.PASS] if holds else [A.PASS]


def run_task(state: RaceData, what: str) -> None:
    if what == "next":
        _next_rally(state)
    elif what == "after":
        _after_rallies(state)


def _next_rally(state: RaceData) -> None:
    if not state.rally_queue or state.rally_count >= MAX_RALLY_PER_ROUND:
        for number in state.rally_queue:
            _remove(state, number)
        state.rally_queue = []
        state.tasks.appendleft(("scoring", "after"))
        return
    number = state.rally_queue.pop(0)
    if state._game.options["rally_limit"] == "considered":
        state.rally_count += 1
    deciders = eligible(state)
    if not deciders:
        _remove(state, number)
        state.tasks.appendleft(("scoring", "next"))
        return
    state.rally_current = number
    state.deciding = deciders
    state.chosen = []
    state.revealer = None
    state.mode = REVEAL


def decide_reveal(state: RaceData, seat: int, reveal: bool) -> None:
    state.deciding.remove(seat)
    state.chosen.append(seat)
    number = state.rally_current
    if reveal:
        state.revealer = seat
        state.rally_hand[seat].remove(number)
        state.rally_revealed[seat].append(number)
        state.deciding = []  # only one card carries this number
    if state.deciding:
        return
    state.mode = BUSY
    if state.revealer is None:
        _remove(state, number)
        state.tasks.appendleft(("scoring", "next"))
    else:
        _score(state, number, state.revealer)


def _remove(state: RaceData, number: int) -> None:
    state.rally_status[number] = "removed"
    state.rally_results.append({"rally": number, "scored": False, "round": state.round})


def _score(state: RaceData, number: int, trigger: int) -> None:
    if state._game.options["rally_limit"] == "scored":
        state.rally_count += 1
    state.rally_status[number] = "scored"
    space = state._game.track.rally_space[number]
    on_space = [s for s in range(len(state.position)) if state.position[s] == space]
    chip = min(on_space, key=lambda s: state.arrival[s]) if on_space else None
    if chip is not None:
        state.chips[chip].append(number)
    earned: dict[int, int] = {}
    state.reward_points = {}
    for place, seat in enumerate(state.race_order()):
        points = POINTS_BY_PLACE[place] * (2 if seat == trigger else 1)
        if place in CARD_CHOICE_PLACES:
            state.reward_points[seat] = points
        else:
            state.points[seat] += points
            earned[seat] = points
    state.rally_results.append(
        {
            "rally": number,
            "scored": True,
            "round": state.round,
            "trigger": trigger,
            "chip": chip,
            "earned": earned,
        }
    )
    if state.reward_points:
        state.deciding = sorted(state.reward_points)
        state.chosen = []
        state.reward_choice = {}
        state.mode = REWARD
    else:
        state.tasks.appendleft(("scoring", "next"))


def decide_reward(state: RaceData, seat: int, cards: bool) -> None:
    """A 4th or 5th place car's choice: kept unseen until every such car has chosen,
    then all are applied together, in the order they were made."""
    state.deciding.remove(seat)
    state.chosen.append(seat)
    state.reward_choice[seat] = cards
    if state.deciding:
        return
    result = state.rally_results[-1]
    for chooser in state.chosen:
        if state.reward_choice[chooser]:
            state.reward_draws.append(chooser)
            result.setdefault("took_cards", []).append(chooser)
        else:
            state.points[chooser] += state.reward_points[chooser]
            result["earned"][chooser] = state.reward_points[chooser]
    state.reward_choice = {}
    state.mode = BUSY
    draws = [("draw", s) for s in state.reward_draws for _ in range(CHOICE_CARDS)]
    state.reward_draws = []
    state.push([*draws, ("scoring", "next")])


def _after_rallies(state: RaceData) -> None:
    if not state.final_round:
        limit = int(state._game.options["max_rounds"])
        if limit and state.round >= limit:
            _end(state, ROUND_LIMIT_ENDING)
            return
        state.round += 1
        state.tasks.appendleft(("round",))
        return
    order = state.race_order()
    first = state.finishers[0] if state.finishers else None
    double = bool(state._game.options["finish_double"])
    earned = {}
    for place, seat in enumerate(order):
        if seat in state.finishers:
            points = POINTS_BY_PLACE[place] * (2 if double and seat == first else 1)
            state.points[seat] += points
            earned[seat] = points
    state.rally_results.append({"finish": True, "round": state.round, "earned": earned})
    _end(state, FINISH_ENDING)


def _end(state: RaceData, reason: str) -> None:
    """The race is over: by the finish line, or cut off by ``max_rounds`` (then the
    totals rank the cars as they stand, ties broken by the race order)."""
    state.final_scores = state.totals()
    state.end_reason = reason
    state.mode = OVER
