"""The Open Road's actions, and its cards' effects, in words, for every viewer.

Everything in The Open Road is face up ("All CARDS are kept face up at all times, for
all players to see"), so every viewer reads the same words.  Seats are named with
``roadtrip.core.mention``: callers with player names pass them to
``describe_action`` / ``action_to_string``.
"""

from __future__ import annotations

from roadtrip.core.state import CHANCE, mention
from roadtrip.games.open_road.actions import (
    CARD_BASE,
    CASH_IN,
    CITY_BASE,
    CREDIT_BASE,
    CREDIT_CUBES,
    HOTEL,
    KIND_BASE,
    MAX_SEATS,
    MOTHER_LODE_BASE,
    MOTHER_LODE_CARD_BASE,
    N_CITIES,
    N_DOTS,
    N_KINDS,
    N_ML,
    NO_HOTEL,
    NUM_CHANCE,
    PASS,
    PICK_UP,
    PLAY_BASE,
    SIDE_BASE,
    TARGET_BASE,
    TRADE_FOR_MOTHER_LODE,
    TRADE_MONEY,
    card_name,
    dot_name,
    mother_lode_name,
)
from roadtrip.games.open_road.cards import SIDE_TRIP_CARDS, CardKind
from roadtrip.games.open_road.options import Rulings
from roadtrip.games.open_road.race import CLOSE, CRUISE, DECK_NAMES, KEEP, ORIGIN, Race

CLOSURE_MOVES_EFFECT = (
    "the red cube closes a camp site until the next Road Closure moves it "
    "(the camp site it leaves reopens)"
)
"""The Road Closure's effect under ``road_closure=moves``."""


def card_effect(kind: CardKind, rulings: Rulings) -> str:
    """What a card does, in short, under the match's options: ``kind.effect`` is the
    rulebook's (and the default options'); with ``road_closure=moves`` the red cube
    is not there for good ("(1) Road Closure Cube (red)": the next card moves it)."""
    if kind.key == "road_closure" and rulings.closure_moves:
        return CLOSURE_MOVES_EFFECT
    return kind.effect


def _dots(count: int) -> str:
    return f"{count} dot" if count == 1 else f"{count} dots"


def describe(state: Race, action: int, seat: int) -> str:
    """``action`` by ``seat`` (CHANCE for chance) in words; everything in The Open
    Road is face up, so every viewer reads the same words."""
    if seat == CHANCE:
        return _describe_chance(state, action)
    mode = state.mode
    if 0 <= action < N_DOTS:
        name = dot_name(action)
        if mode == KEEP:
            return f"keeps the {DECK_NAMES[state.keep_deck]} card {name}"
        if mode == ORIGIN:
            other = state.east[seat] if action == state.west[seat] else state.west[seat]
            way = "west to east" if action == state.west[seat] else "east to west"
            return f"starts from {name} and rides {way} to {dot_name(other)}"
        if mode == CLOSE and state.closure >= 0:  # road_closure=moves: the one cube moves
            return f"moves the road closure cube to {name} ({dot_name(state.closure)} reopens)"
        if mode == CLOSE:
            return f"puts the road closure cube on {name}"
        if mode == CRUISE:
            return (
                f"cruises to {name} on a Tune Up ({_dots(state.ride_length(seat, action, True))})"
            )
        dots = state.ride_length(seat, action, False)
        cost = state.ride_cost(seat, action, False)
        return f"rides {_dots(dots)} to {name} ({cost} energy)"
    if action == PICK_UP:
        return "picks up a playing card"
    if PLAY_BASE <= action < PLAY_BASE + N_KINDS:
        return f"plays {card_name(action - PLAY_BASE)}"
    if action == TRADE_FOR_MOTHER_LODE:
        return "trades 5 playing cards for a Mother Lode card"
    if MOTHER_LODE_BASE <= action < MOTHER_LODE_BASE + N_ML:
        return f"plays the Mother Lode card {mother_lode_name(action - MOTHER_LODE_BASE)}"
    if action == TRADE_MONEY:
        return "trades 3 Extra Money cards for 7 money"
    if action == CASH_IN:
        return "cashes in 5 money for 2 energy"
    if action == HOTEL:
        return "stays in a hotel: 2 money for 2 energy"
    if action == NO_HOTEL:
        return "rides on without a hotel"
    if TARGET_BASE <= action < TARGET_BASE + MAX_SEATS:
        return f"plays it against {mention(action - TARGET_BASE)}"
    if KIND_BASE <= action < KIND_BASE + N_KINDS:
        verb = "takes" if state.pick_purpose == "bandit" else "gives"
        name = card_name(action - KIND_BASE)
        article = "an" if name[0] in "AEIOU" else "a"
        return f"{verb} {article} {name} card"
    if CREDIT_BASE <= action <= CREDIT_BASE + CREDIT_CUBES:
        energy = action - CREDIT_BASE
        return f"takes {energy} energy and {CREDIT_CUBES - energy} money on the Credit Card"
    if action == PASS:
        return "can do nothing more this turn"
    return f"invalid action {action}"


def _describe_chance(state: Race, action: int) -> str:
    deck, owner, _new = state.draw
    who = mention(owner)
    if CITY_BASE <= action < CITY_BASE + N_CITIES:
        return f"{who} draws the {DECK_NAMES[deck]} card {dot_name(action)}"
    if SIDE_BASE <= action < CARD_BASE:
        return f"{who} draws the Side Trip card {SIDE_TRIP_CARDS[action - SIDE_BASE].name}"
    if CARD_BASE <= action < MOTHER_LODE_CARD_BASE:
        return f"{who} picks up {card_name(action - CARD_BASE)}"
    if MOTHER_LODE_CARD_BASE <= action < NUM_CHANCE:
        return (
            f"{who} draws the Mother Lode card {mother_lode_name(action - MOTHER_LODE_CARD_BASE)}"
        )
    return f"invalid chance outcome {action}"
