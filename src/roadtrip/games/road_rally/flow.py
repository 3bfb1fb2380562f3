"""Road Rally USA's turn flow: the setup deal, turns, moves and board effects.

A round: every car, leader first, plays cards of one colour (up to five of any
colours from a General Store) and moves their sum; passing a checkpoint first takes
the tile (and the last car draws two); a shortcut may be crossed; a Mechanic
reorders the top five cards; Gas reshuffles; cards are drawn by the colour played.
At the end of the round crossed rally points may be scored (``scoring.py``).

Automatic steps wait in the state's task queue as tuples (``("draw", seat)``);
:func:`advance` runs them until a seat must decide or the chance player must draw.
Every function here changes the state it is given; the facade (``rules.py``)
checks that an action is legal first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally import scoring
from roadtrip.games.road_rally.data import (
    CARD_TYPES,
    DRAWS_AFTER,
    NUM_TYPES,
    RAINBOW_DRAW,
    RALLY_CARDS_EACH,
)
from roadtrip.games.road_rally.race import (
    BUSY,
    CHECKPOINT_LAST_CAR_DRAW,
    DEAL,
    DECISION_MODES,
    DRAW,
    EMPTY_HAND_DRAW,
    GAS_CHOICE,
    MECH,
    MECHANIC_CARDS,
    ORDER,
    OVER,
    PLAY,
    SHORTCUT,
    RaceData,
)
from roadtrip.games.road_rally.track import GAS, MECHANIC, STORE

Step = tuple[Any, ...]


# ------------------------------------------------------------------ chance
def apply_chance(state: RaceData, action: int) -> None:
    """A chance outcome: the next car of the starting row, a rally card dealt, or a
    movement card drawn (into the hand, or onto the top of the deck at a Mechanic)."""
    n = len(state.position)
    if state.mode == ORDER:
        state.row.append(action - A.ORDER_BASE)
        if len(state.row) == n - 1:
            state.row.extend(s for s in range(n) if s not in state.row)
        if len(state.row) < n:
            return  # the next car of the starting row is drawn next
        state.arrival = [state.row.index(s) for s in range(n)]
        plan_deal(state)
    elif state.mode == DEAL:
        seat, _deck = state.deal_plan.popleft()
        number = action - A.RALLY_BASE + 1
        pool = state.rally_pool_a if number in state.rally_pool_a else state.rally_pool_b
        pool.remove(number)
        state.rally_hand[seat].append(number)
        state.rally_hand[seat].sort()
        if not state.deal_plan:
            deal_movement_hands(state)
    else:
        card = action - A.CARD_BASE
        cards = state.cards[state.draw_seat]
        cards.take_unknown(card)
        if state.draw_to_top:
            cards.known_top.append(card)
        else:
            cards.hand[card] += 1
    state.mode = BUSY


def deal_pool(state: RaceData, deck: str) -> list[int]:
    """The rally cards a deal from ``deck`` ("A", "B" or "AB") may give."""
    if deck == "A":
        return state.rally_pool_a
    if deck == "B":
        return state.rally_pool_b
    return state.rally_pool_a + state.rally_pool_b


def plan_deal(state: RaceData) -> None:
    """Four rally cards each (two from A and two from B with ``split``), dealt
    round by round.  Every player gets the same number of cards: on a short track
    with too few rally points, each gets as many as the deck allows for all, and
    the rest is set aside unseen."""
    n = len(state.position)
    a, b = len(state.rally_pool_a), len(state.rally_pool_b)
    if state._game.options["rally_deal"] == "split":
        half = RALLY_CARDS_EACH // 2
        rounds = ["A"] * min(half, a // n) + ["B"] * min(half, b // n)
    else:
        rounds = ["AB"] * min(RALLY_CARDS_EACH, (a + b) // n)
    for deck in rounds:
        state.deal_plan.extend((seat, deck) for seat in range(n))
    if not state.deal_plan:
        deal_movement_hands(state)


def deal_movement_hands(state: RaceData) -> None:
    for seat in range(len(state.position)):
        state.tasks.extend(("draw", seat) for _ in range(5))
    state.tasks.append(("round",))


# -------------------------------------------------------------- decisions
def play_card(state: RaceData, seat: int, card: int) -> None:
    state.selected[card] += 1
    state.cards[seat].hand[card] -= 1


def choose_shortcut(state: RaceData, seat: int, take: bool) -> None:
    state.mode = BUSY
    extra = _take_shortcut(state, seat) if take else []
    state.push([*extra, ("land", seat)])


def place_on_top(state: RaceData, card: int) -> None:
    """A Mechanic placement: ``card`` goes next on top.  The last card picked up goes
    by itself, so the placements asked are always one fewer than the cards."""
    state.mech_cards[card] -= 1
    state.mech_order.append(card)
    if sum(state.mech_cards) > 1:
        return  # stay in MECH for the next card
    state.mech_order.extend(c for c in range(NUM_TYPES) for _ in range(state.mech_cards[c]))
    cards = state.cards[state.mover]
    cards.known_top = state.mech_order + cards.known_top
    state.mech_cards = [0] * NUM_TYPES
    state.mech_order = []
    state.mode = BUSY


def choose_gas(state: RaceData, seat: int, before: bool) -> None:
    """Gas: the player shuffles the discards into the deck before or after drawing."""
    draws: list[Step] = [("draw", seat)] * state.gas_draws
    state.gas_draws = 0
    state.mode = BUSY
    state.push([("gas", seat), *draws] if before else [*draws, ("gas", seat)])


# ------------------------------------------------------------------- flow
def advance(state: RaceData) -> None:
    """Run automatic steps until a decision, a chance draw or the end."""
    while state.mode not in (ORDER, DEAL, DRAW, OVER, *DECISION_MODES):
        if state.deal_plan:
            state.mode = DEAL
            return
        if not state.tasks:
            raise RuntimeError("road-rally: nothing left to do but the game is not over")
        task = state.tasks.popleft()
        TASKS[task[0]](state, *task[1:])


def _task_draw(state: RaceData, seat: int, to_top: bool = False) -> None:
    cards = state.cards[seat]
    if not to_top and cards.known_top:
        cards.hand[cards.known_top.pop(0)] += 1
    elif sum(cards.unknown):
        state.mode, state.draw_seat, state.draw_to_top = DRAW, seat, to_top


def _task_round(state: RaceData) -> None:
    state.turn_order = state.race_order()
    state.turn_index = 0
    state.crossed = []
    state.passed_by = {}
    state.tasks.append(("turn",))


def _task_turn(state: RaceData) -> None:
    if state.turn_index >= len(state.turn_order):
        scoring.end_of_round(state)
        return
    seat = state.turn_order[state.turn_index]
    state.mover = seat
    state.selected = [0] * NUM_TYPES
    state.rainbow = False
    cards = state.cards[seat]
    if not cards.hand_size:
        cards.reshuffle()
        state.push([("draw", seat)] * EMPTY_HAND_DRAW + [("next_turn",)])
        return
    state.rainbow = state._game.track.features[state.position[seat]] == STORE
    state.mode = PLAY


def _task_next_turn(state: RaceData) -> None:
    state.turn_index += 1
    state.tasks.appendleft(("turn",))


def _task_land(state: RaceData, seat: int) -> None:
    space = state.position[seat]
    feature = state._game.track.features[space]
    if state.rainbow:
        count = RAINBOW_DRAW
    else:
        color = next(CARD_TYPES[c].color for c in range(NUM_TYPES) if state.selected[c])
        count = DRAWS_AFTER[color]
    steps: list[Step] = []
    if feature == MECHANIC:
        top = state.cards[seat].known_top
        missing = max(0, MECHANIC_CARDS - len(top))
        steps += [("draw", seat, True)] * missing + [("mechanic", seat)]
    draws: list[Step] = [("draw", seat)] * count
    gas = state._game.options["gas"]
    if feature != GAS:
        steps += draws
    elif gas == "before" or count == 0:
        steps += [("gas", seat), *draws]  # with nothing to draw, before = after
    elif gas == "after":
        steps += [*draws, ("gas", seat)]
    else:
        steps.append(("gas_choice", seat, count))
    steps.append(("next_turn",))
    state.push(steps)


def _task_gas_choice(state: RaceData, seat: int, count: int) -> None:
    state.gas_draws = count
    state.mode = GAS_CHOICE


def _task_gas(state: RaceData, seat: int) -> None:
    state.cards[seat].reshuffle()


def _task_mechanic(state: RaceData, seat: int) -> None:
    cards = state.cards[seat]
    top = cards.known_top[:MECHANIC_CARDS]
    if len(top) <= 1:
        return  # nothing to reorder: the deck had at most one card (public)
    cards.known_top = cards.known_top[len(top) :]
    state.mech_cards = [top.count(c) for c in range(NUM_TYPES)]
    state.mech_order = []
    state.mode = MECH


def _task_offer_shortcut(state: RaceData, seat: int) -> None:
    state.mode = SHORTCUT


def _task_scoring(state: RaceData, what: str) -> None:
    scoring.run_task(state, what)


# --------------------------------------------------------------- movement
def move(state: RaceData) -> None:
    """'Done': the mover's played cards go to its discards and the car moves."""
    seat = state.mover
    cards = state.cards[seat]
    for card, count in enumerate(state.selected):
        cards.discard[card] += count
    start = state.position[seat]
    end = start + A.move_length(state)
    extra = _drive(state, seat, start, end)
    state.mode = BUSY
    track = state._game.track
    after = ("offer_shortcut", seat) if end in track.shortcut else ("land", seat)
    state.push([*extra, after])


def _take_shortcut(state: RaceData, seat: int) -> list[Step]:
    start = state.position[seat]
    end = state._game.track.shortcut[start]
    if state._game.options["shortcut_passes"]:
        return _drive(state, seat, start, end)
    _arrive(state, seat, end)
    return []


def _drive(state: RaceData, seat: int, start: int, end: int) -> list[Step]:
    """Move ``seat`` from ``start`` to ``end``, passing everything between;
    returns the draws a checkpoint gives the last car."""
    track = state._game.track
    for space in range(start + 1, end + 1):
        number = track.rally_at.get(space)
        if number is not None and state.rally_status[number] == "on_track":
            if number not in state.crossed:
                state.crossed.append(number)
            state.passed_by.setdefault(number, set()).add(seat)
        if space == track.finish and seat not in state.finishers:
            state.finishers.append(seat)
            state.final_round = True
    _arrive(state, seat, end)
    extra: list[Step] = []
    for index, space in enumerate(track.checkpoint_space):
        if state.checkpoint_holder[index] is None and start < space <= end:
            state.checkpoint_holder[index] = seat
            last = _last_car(state, seat)
            if last is not None:
                extra += [("draw", last)] * CHECKPOINT_LAST_CAR_DRAW
    return extra


def _last_car(state: RaceData, passer: int) -> int | None:
    """The car that draws for a checkpoint ``passer`` took: the last on the course.
    With ``start_fix`` ``off_start``, cars still on the start line are not on the
    course yet: the last car that has left it draws (the passing car itself, when
    it is the first to leave).  With ``off_start_other`` the passing car is not
    counted either: nobody draws when no other car has left the start."""
    order = state.race_order()
    fix = state._game.options["start_fix"]
    if fix != "none":
        order = [seat for seat in order if state.position[seat] > 0]
    if fix == "off_start_other":
        order = [seat for seat in order if seat != passer]
    return order[-1] if order else None


def _arrive(state: RaceData, seat: int, space: int) -> None:
    state.position[seat] = space
    state.arrival[seat] = state.clock
    state.clock += 1


TASKS: dict[str, Callable[..., None]] = {
    "draw": _task_draw,
    "round": _task_round,
    "turn": _task_turn,
    "next_turn": _task_next_turn,
    "land": _task_land,
    "gas_choice": _task_gas_choice,
    "gas": _task_gas,
    "mechanic": _task_mechanic,
    "offer_shortcut": _task_offer_shortcut,
    "scoring": _task_scoring,
}
