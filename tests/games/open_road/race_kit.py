"""Helpers shared by The Open Road's rules tests (plain functions; conftest.py puts
this folder on the import path).

Chance is chosen, not sampled: ``state.apply_action(CARD_BASE + k)`` draws a card of
kind ``k``, so every scenario is exact.  ``ready`` plays the setup with chosen route
cards; ``place`` and ``give`` then set a rider up directly (``give`` takes the cards
from the draw pile, so all 60 playing cards stay accounted for).
"""

from __future__ import annotations

from typing import Any

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.board import standard_map
from roadtrip.games.open_road.cards import (
    EAST_COAST_CARDS,
    HEARTLAND_CARDS,
    MOTHER_LODE_KINDS,
    SIDE_TRIP_CARDS,
    WEST_COAST_CARDS,
)
from roadtrip.games.open_road.rules import (
    ACT,
    D_EAST,
    D_HEART,
    D_WEST,
    DRAW,
    KEEP,
    ORIGIN,
    OpenRoadGame,
    OpenRoadState,
)

BOARD = standard_map()
MOUNTAIN_TOWNS = next(i for i, c in enumerate(SIDE_TRIP_CARDS) if c.name == "Mountain Towns")
ML_CARDS = sum(kind.copies for kind in MOTHER_LODE_KINDS)


# ------------------------------------------------------------------ helpers
def dot(name: str) -> int:
    return BOARD.id_of(name)


def new(**options: Any) -> OpenRoadState:
    return OpenRoadGame(**options).new_initial_state()


def setup_seat(state: OpenRoadState, seat: int, spec: dict[str, Any], reserved: set[int]) -> None:
    """Play one seat's setup: draw ``spec``'s cards and a filler for each deck, keep
    ``spec``'s, draw its Side Trip card, start from its ``start`` coast."""
    for deck, key in ((D_EAST, "east"), (D_WEST, "west"), (D_HEART, "heart")):
        kept = dot(spec[key])
        filler = next(c for c in state.unknown[deck] if c != kept and c not in reserved)
        for card in (kept, filler):
            if state.mode == DRAW and state.draw[:2] == (deck, seat):
                state.apply_action(A.CITY_BASE + card)
            else:  # the last card left is drawn without a chance node
                assert card in state.offers[deck]
    for deck, key in ((D_EAST, "east"), (D_WEST, "west"), (D_HEART, "heart")):
        assert state.mode == KEEP and state.keep_deck == deck
        state.apply_action(dot(spec[key]), seat)
    state.apply_action(A.SIDE_BASE + spec["side"])
    assert state.mode == ORIGIN
    start = spec["east"] if spec.get("start", "east") == "east" else spec["west"]
    state.apply_action(dot(start), seat)


def default_spec(seat: int) -> dict[str, Any]:
    return {
        "east": EAST_COAST_CARDS[seat],
        "west": WEST_COAST_CARDS[seat],
        "heart": HEARTLAND_CARDS[seat],
        "side": seat,
    }


def ready(
    players: int = 2, specs: dict[int, dict[str, Any]] | None = None, **options: Any
) -> OpenRoadState:
    """A game after its setup (seat 0 to act), with the chosen route cards."""
    state = new(players=players, **options)
    chosen = {s: {**default_spec(s), **(specs or {}).get(s, {})} for s in range(players)}
    taken = {spec["side"] for s, spec in (specs or {}).items() if "side" in spec}
    for seat, spec in chosen.items():
        if "side" not in (specs or {}).get(seat, {}):
            spec["side"] = min(set(range(len(SIDE_TRIP_CARDS))) - taken)
            taken.add(spec["side"])
    reserved = {dot(spec[k]) for spec in chosen.values() for k in ("east", "west", "heart")}
    for seat in range(players):
        setup_seat(state, seat, chosen[seat], reserved)
    assert state.mode == ACT and state.turn == 0 and state.round == 1
    return state


def place(
    state: OpenRoadState, seat: int, name: str, energy: int | None = None, money: int | None = None
) -> None:
    state.pos[seat] = dot(name)
    if energy is not None:
        state.energy[seat] = energy
    if money is not None:
        state.money[seat] = money
    state._legal_cache = None


def give(state: OpenRoadState, seat: int, key: str, count: int = 1) -> None:
    kind = A.KIND_INDEX[key]
    assert state.draw_pile[kind] >= count
    state.draw_pile[kind] -= count
    state.hand[seat][kind] += count
    state._legal_cache = None


def give_ml(state: OpenRoadState, seat: int, key: str) -> None:
    kind = A.ML_INDEX[key]
    state.ml_deck[kind] -= 1
    state.ml[seat][kind] += 1
    state._legal_cache = None


def play(key: str) -> int:
    return A.PLAY_BASE + A.KIND_INDEX[key]


def play_ml(key: str) -> int:
    return A.MOTHER_LODE_BASE + A.ML_INDEX[key]


def end_turn_with_pickups(state: OpenRoadState) -> None:
    """The mover spends the rest of the turn picking up cards (first kind drawn)."""
    seat = state.turn
    while state.turn == seat and state.mode == ACT:
        state.apply_action(A.PICK_UP, seat)
        if state.mode == DRAW:
            state.apply_action(state.legal_actions()[0])


def playing_cards_total(state: OpenRoadState) -> int:
    return sum(state.draw_pile) + sum(state.discard) + sum(sum(h) for h in state.hand)
