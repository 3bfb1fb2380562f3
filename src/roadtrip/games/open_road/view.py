"""What everyone sees of The Open Road: everything but the order of the decks.

"All CARDS are kept face up at all times, for all players to see."  So every seat and
every spectator sees the same: the riders, their panniers (cubes, playing cards,
Mother Lode cards, route and Side Trip cards), the road closure, the discard pile and
the size of every deck.  Nobody sees any deck's order: draws are chance outcomes
weighted by what the deck holds, and the state keeps no order to show.

Dots are ids of ``board.standard_map()``; ``dot_names`` maps the ones a view names.
While the mover chooses a ride (``phase`` "act" or "cruise"), ``rides`` lists every
dot it may end on with its dots and energy: the board highlights them.
"""

from __future__ import annotations

from typing import Any

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.cards import (
    MOTHER_LODE_KINDS,
    PANNIER_CARD_SLOTS,
    PLAYING_CARD_KINDS,
    RESERVE_CUBES,
    SIDE_TRIP_CARDS,
)
from roadtrip.games.open_road.paths import bits
from roadtrip.games.open_road.race import (
    ACT,
    CRUISE,
    DECK_NAMES,
    KEEP,
    ORIGIN,
    OVER,
    PICK,
    TARGET,
    Race,
)
from roadtrip.games.open_road.riding import last_big_city, side_trip_pays

DOT_NAMES = tuple(dot.name for dot in A.BOARD.dots)


def _name(dot: int) -> str | None:
    return DOT_NAMES[dot] if dot >= 0 else None


def _counts(keys: list[str], counts: list[int]) -> dict[str, int]:
    return {key: count for key, count in zip(keys, counts, strict=True) if count}


CARD_KEYS = [kind.key for kind in PLAYING_CARD_KINDS]
# Each playing card's corner indicator: [energy, money] the player gets by playing it.
CARD_CORNERS = {kind.key: [kind.energy, kind.money] for kind in PLAYING_CARD_KINDS}
ML_KEYS = [kind.key for kind in MOTHER_LODE_KINDS]


def rider_view(state: Race, seat: int) -> dict[str, Any]:
    side = state.side[seat]
    paid = state.side_paid[seat]
    side_cities = list(SIDE_TRIP_CARDS[side].cities) if side >= 0 else []
    return {
        "seat": seat,
        "dot": state.pos[seat],
        "at": _name(state.pos[seat]),
        "energy": state.energy[seat],
        "money": state.money[seat],
        "cards": _counts(CARD_KEYS, state.hand[seat]),
        "mother_lode": _counts(ML_KEYS, state.ml[seat]),
        "slots_used": sum(state.hand[seat]) + sum(state.ml[seat]),
        "credit_card_used_once": bool(state.credit_spent[seat]),
        "credit_cards_used_once": state.credit_spent[seat],
        "lottery_bonus": state.lottery[seat],
        "loses_next_turn": state.lost[seat],
        "arrived": state.arrived[seat],  # ending=finish_round: waits for the round's end
        "east_coast": _name(state.east[seat]),
        "west_coast": _name(state.west[seat]),
        "heartland": _name(state.heart[seat]),
        "heartland_dot": state.heart[seat],
        "side_trip": SIDE_TRIP_CARDS[side].name if side >= 0 else None,
        "side_trip_cities": side_cities,
        "side_trip_paid": [c for i, c in enumerate(side_cities) if paid >> i & 1],
        # The cities whose landing would pay the bonus now, under option side_trip.
        "side_trip_open": [c for i, c in enumerate(side_cities) if side_trip_pays(state, seat, i)],
        "origin": _name(state.origin[seat]),
        "destination": _name(state.dest[seat]),
        "destination_dot": state.dest[seat],
        "remaining": state.remaining(seat) if state.pos[seat] >= 0 else None,
        "last_big_city": _name(last_big_city(state, seat)) if state.pos[seat] >= 0 else None,
        "big_cities_arrived": [DOT_NAMES[d] for d in bits(state.been_big[seat])],
    }


def _pending(state: Race) -> dict[str, Any] | None:
    if state.mode == KEEP:
        deck = state.keep_deck
        return {"keep": [A.dot_name(c) for c in sorted(state.offers[deck])], "deck": deck}
    if state.mode == ORIGIN:
        return {
            "origin": [
                A.dot_name(state.east[state.setup_seat]),
                A.dot_name(state.west[state.setup_seat]),
            ]
        }
    if state.mode == TARGET:
        card = state.pending
        if card < A.MOTHER_LODE_BASE:
            return {"card": CARD_KEYS[card - A.PLAY_BASE]}
        return {"card": ML_KEYS[card - A.MOTHER_LODE_BASE]}
    if state.mode == PICK:
        return {"pick": state.pick_purpose, "from": state.pick_from, "left": state.pick_left}
    return None


def build_view(state: Race, seat: int | None) -> dict[str, Any]:
    rides: list[list[int]] | None = None
    if state.mode in (ACT, CRUISE):
        tune = state.mode == CRUISE
        mover = state.turn
        if tune or state.energy[mover] > 0:
            lay = state.reach(mover, tune)
            rides = []
            for k in range(1, len(lay)):
                cost = 0 if tune else ((k + 1) // 2 if state.peloton else k)
                mask = lay[k]
                while mask:
                    low = mask & -mask
                    rides.append([low.bit_length() - 1, k, cost])
                    mask ^= low
            rides.sort()
    deck_sizes = {DECK_NAMES[d]: len(state.unknown[d]) + len(state.bottom[d]) for d in range(3)}
    deck_sizes["Side Trip"] = len(state.side_deck)
    deck_sizes["playing"] = sum(state.draw_pile)
    deck_sizes["Mother Lode"] = sum(state.ml_deck)
    over = state.mode == OVER
    return {
        "game": "open-road",
        "you": seat,
        "players": state.n,
        "phase": state.mode_name,
        "round": state.round,
        "max_rounds": state.game_rules.max_rounds,
        "turn": state.turn if state.round else None,
        "setup_seat": state.setup_seat if state.setup_seat >= 0 else None,
        "actions_left": state.actions_left,
        "active_seats": [state.to_act()] if state.to_act() >= 0 else [],
        "peloton": state.peloton,
        "credit_card_used_this_turn": state.credit_uses > 0,
        "credit_card_uses_this_turn": state.credit_uses,
        "pending": _pending(state),
        "road_closure": state.closure if state.closure >= 0 else None,
        "road_closure_at": _name(state.closure),
        "decks": deck_sizes,
        "discard": _counts(CARD_KEYS, state.discard),
        "pannier_slots": PANNIER_CARD_SLOTS,
        "card_corners": CARD_CORNERS,
        "reserve": {
            "energy": RESERVE_CUBES - sum(state.energy),
            "money": RESERVE_CUBES - sum(state.money),
        },
        "riders": [rider_view(state, s) for s in range(state.n)],
        "rides": rides,
        "winners": state.race_winners() if over else None,
        "end": state.end_reason if over else None,
    }
