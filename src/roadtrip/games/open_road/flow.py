"""The Open Road's flow: phases, decks, draws and the automatic steps of a match.

Setup, seat by seat from seat 0 (the oldest player): "Each player picks up (2) cards
from the EAST COAST, WEST COAST, and HEARTLAND decks and selects (1) of the (2) ...
The unselected cards go back to the bottom of their respective deck.  After
determining their main route, each player then selects (1) SIDE TRIP CARD at random."
Then the rider chooses where to start.  Then turns in seat order, two actions each.

Automatic steps wait in the state's task queue as tuples ``(name, *args)``; the
state runs ``TASKS[name](state, *args)`` until a seat must decide or the chance player
must draw.  A draw with a single possible card is made at once, without a chance node.

Decks never hold an order: a route deck is the cards never drawn (equally likely to
come next) above the cards put back at its bottom (in the order put back); the Side
Trip, playing and Mother Lode decks are compositions, drawn by their shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.cards import PANNIER_CARD_SLOTS
from roadtrip.games.open_road.race import (
    ACT,
    ACTIONS_PER_TURN,
    BUSY,
    CLOSE,
    CREDIT,
    CRUISE,
    D_CARD,
    D_EAST,
    D_HEART,
    D_ML,
    D_SIDE,
    D_WEST,
    DECK_NAMES,
    DRAW,
    HOTEL,
    KEEP,
    MAX_CUBES,
    MODE_NAMES,
    ORIGIN,
    OVER,
    PICK,
    ROUTE_DECKS,
    ROUTE_DRAW,
    SETUP_STEPS,
    START_ENERGY,
    START_MONEY,
    TARGET,
    TURN_STEP_BOUND,
    Race,
)

# The phases and decks are the race's (race.py); named here too for the callers.
__all__ = [
    "ACT",
    "ACTIONS_PER_TURN",
    "BUSY",
    "CLOSE",
    "CREDIT",
    "CRUISE",
    "DECK_NAMES",
    "DRAW",
    "D_CARD",
    "D_EAST",
    "D_HEART",
    "D_ML",
    "D_SIDE",
    "D_WEST",
    "HOTEL",
    "KEEP",
    "MAX_CUBES",
    "MODE_NAMES",
    "ORIGIN",
    "OVER",
    "PICK",
    "ROUTE_DECKS",
    "SETUP_STEPS",
    "START_ENERGY",
    "START_MONEY",
    "TARGET",
    "TASKS",
    "TURN_STEP_BOUND",
    "choose_origin",
    "keep",
    "outcomes",
    "resolve",
    "setup_tasks",
]

ASK = {"target": TARGET, "credit": CREDIT, "close": CLOSE, "cruise": CRUISE}


def setup_tasks(players: int) -> list[tuple[Any, ...]]:
    tasks: list[tuple[Any, ...]] = []
    for seat in range(players):
        tasks.append(("setup", seat))
        for deck in (D_EAST, D_WEST, D_HEART):
            tasks.extend([("draw", deck, seat, False)] * ROUTE_DRAW)
        tasks.extend(("keep", deck, seat) for deck in (D_EAST, D_WEST, D_HEART))
        tasks.append(("draw", D_SIDE, seat, False))
        tasks.append(("origin", seat))
    tasks.append(("start",))
    return tasks


# -------------------------------------------------------------------- draws
def outcomes(state: Race) -> list[tuple[int, int]]:
    """The outcomes of the pending draw with integer weights."""
    deck = state.draw[0]
    if deck <= D_HEART:
        cards = state.unknown[deck] or state.bottom[deck][:1]
        return [(A.CITY_BASE + c, 1) for c in sorted(cards)]
    if deck == D_SIDE:
        return [(A.SIDE_BASE + i, 1) for i in state.side_deck]
    if deck == D_CARD:
        return [(A.CARD_BASE + k, c) for k, c in enumerate(state.draw_pile) if c]
    return [(A.MOTHER_LODE_CARD_BASE + k, c) for k, c in enumerate(state.ml_deck) if c]


def resolve(state: Race, action: int) -> None:
    """The drawn card goes where the pending draw says."""
    deck, seat, new = state.draw
    if deck <= D_HEART:
        card = action - A.CITY_BASE
        if card in state.unknown[deck]:
            state.unknown[deck].remove(card)
        else:
            state.bottom[deck].remove(card)
        if new:  # ruling: the Heartland card reached goes to the bottom of its deck
            state.bottom[D_HEART].append(state.heart[seat])
            state.heart[seat] = card
        else:
            state.offers[deck].append(card)
    elif deck == D_SIDE:
        state.side_deck.remove(action - A.SIDE_BASE)
        state.side[seat] = action - A.SIDE_BASE
    elif deck == D_CARD:
        state.draw_pile[action - A.CARD_BASE] -= 1
        state.hand[seat][action - A.CARD_BASE] += 1
    else:
        state.ml_deck[action - A.MOTHER_LODE_CARD_BASE] -= 1
        state.ml[seat][action - A.MOTHER_LODE_CARD_BASE] += 1


# -------------------------------------------------------------------- setup
def keep(state: Race, seat: int, card: int) -> None:
    deck = state.keep_deck
    for other in sorted(state.offers[deck]):
        if other != card:  # "The unselected cards go back to the bottom"
            state.bottom[deck].append(other)
    state.offers[deck] = []
    (state.east, state.west, state.heart)[deck][seat] = card


def choose_origin(state: Race, seat: int, city: int) -> None:
    state.origin[seat] = city
    state.dest[seat] = state.west[seat] if city == state.east[seat] else state.east[seat]
    state.pos[seat] = city
    state.last_big[seat] = city
    if R.is_big(city):
        state.been_big[seat] |= 1 << city


# -------------------------------------------------------------------- tasks
def _setup(state: Race, seat: int) -> None:
    state.setup_seat = seat


def _draw(state: Race, deck: int, seat: int, new: bool) -> None:
    state.draw = (deck, seat, new)
    found = outcomes(state)
    if len(found) > 1:
        state.mode = DRAW
    elif found:
        resolve(state, found[0][0])


def _draw_card(state: Race, seat: int) -> None:
    """Pick up a playing card if the pannier has room; an empty deck is made again
    from the discards, shuffled (a ruling)."""
    if P.cards_held(state, seat) >= PANNIER_CARD_SLOTS:
        return
    if not sum(state.draw_pile):
        state.draw_pile, state.discard = state.discard, [0] * A.N_KINDS
    _draw(state, D_CARD, seat, False)


def _draw_ml(state: Race, seat: int) -> None:
    _draw(state, D_ML, seat, False)


def _keep(state: Race, deck: int, seat: int) -> None:
    state.keep_deck = deck
    state.mode = KEEP


def _origin(state: Race, seat: int) -> None:
    state.mode = ORIGIN


def _start(state: Race) -> None:
    state.round = 1
    state.turn = 0
    state.setup_seat = -1
    state.push([("turn",)])


def _turn(state: Race) -> None:
    seat = state.turn
    if state.lost[seat]:  # "causing them to lose their next turn"
        state.lost[seat] = False
        state.push([("end_turn",)])
        return
    state.peloton = False
    state.credit_turn = 0
    state.credit_uses = 0
    if state.ml[seat][P.BETTER_TENT] and not R.is_city(state.pos[seat]):
        state.gain(seat, 1, 0)  # Better Tent: "(1) ENERGY cube ... if they are on a CAMP SITE"
    state.actions_left = ACTIONS_PER_TURN
    state.mode = ACT


def _action_done(state: Race) -> None:
    state.actions_left -= 1
    if state.actions_left > 0:
        state.mode = ACT
    else:
        state.push([("end_turn",)])


def _end_turn(state: Race) -> None:
    state.actions_left = 0
    state.peloton = False
    state.turn = (state.turn + 1) % state.n
    if state.turn == 0:
        if any(state.arrived):  # ending=finish_round: the round is finished
            state.finish("destination")
            return
        state.round += 1
        limit = state.game_rules.max_rounds
        if limit and state.round > limit:
            state.round = limit
            state.finish("max_rounds")
            return
    state.push([("turn",)])


def _ask(state: Race, what: str) -> None:
    if what == "target":
        options = P.targets(state, state.turn, state.pending)
        if len(options) == 1:
            state.push(P.against(state, state.turn, options[0]))
            return
    state.mode = ASK[what]


def _pick(state: Race) -> None:
    if state.pick_left <= 0 or not sum(state.hand[state.pick_from]):
        state.pick_left = 0
        return
    if P.pick_is_forced(state):
        P.pick_all_forced(state)
        return
    state.mode = PICK


def _arrive(state: Race, seat: int, dot: int, cost: int, final: bool, via: int) -> None:
    R.arrive(state, seat, dot, cost, final, via)


def _hotel(state: Race, seat: int) -> None:
    if state.money[seat] >= R.HOTEL_PRICE:
        state.mode = HOTEL


TASKS: dict[str, Callable[..., None]] = {
    "setup": _setup,
    "draw": _draw,
    "draw_card": _draw_card,
    "draw_ml": _draw_ml,
    "keep": _keep,
    "origin": _origin,
    "start": _start,
    "turn": _turn,
    "action_done": _action_done,
    "end_turn": _end_turn,
    "ask": _ask,
    "pick": _pick,
    "arrive": _arrive,
    "hotel": _hotel,
}
