"""Copies and determinizations of Road Rally states.

``copy_state`` is a fast explicit deep copy.  ``resample`` draws a state that a
seat cannot tell from the real one: every other player's hand, deck order, the
top cards they saw at a Mechanic, and the rally cards nobody has revealed are
dealt again at random from what that seat cannot see, keeping every public count
(hand sizes, deck sizes, how many top cards each player knows, the cards placed
so far at a Mechanic under way, rally cards held from deck A and from deck B); the
reward another seat has chosen while others still choose (points or cards) is drawn
at random too, since it is not revealed yet.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, TypeVar

from roadtrip.games.road_rally.data import NUM_TYPES
from roadtrip.games.road_rally.race import MECH, RaceData

if TYPE_CHECKING:
    from random import Random

S = TypeVar("S", bound=RaceData)

_SHARED = {"_game"}  # immutable: shared between copies
_LIST_OF_LISTS = {"rally_hand", "rally_revealed", "chips"}


def copy_state(state: S) -> S:
    other = copy.copy(state)
    for name, value in vars(state).items():
        if name in _SHARED:
            continue
        if name == "cards":
            other.cards = [c.copy() for c in value]
        elif name in _LIST_OF_LISTS:
            setattr(other, name, [list(v) for v in value])
        elif name == "passed_by":
            other.passed_by = {k: set(v) for k, v in value.items()}
        elif name == "rally_results":
            other.rally_results = copy.deepcopy(value)
        elif isinstance(value, list | dict | set):
            setattr(other, name, value.copy())
        elif hasattr(value, "copy") and not isinstance(value, str):
            setattr(other, name, value.copy())  # deques
    return other


def resample(state: S, seat: int, rng: Random) -> S:
    new = copy_state(state)
    for other in range(len(new.position)):
        if other == seat:
            continue
        cards = new.cards[other]
        mech = new.mode == MECH and new.mover == other
        pool = [c for c in range(NUM_TYPES) for _ in range(cards.hand[c] + cards.unknown[c])]
        pool += cards.known_top
        if mech:
            pool += new.mech_order
            pool += [c for c in range(NUM_TYPES) for _ in range(new.mech_cards[c])]
        pool.sort()  # the draw must not depend on where the hidden cards were
        rng.shuffle(pool)
        hand_size, top_size = cards.hand_size, len(cards.known_top)
        cards.hand = _counts(pool[:hand_size])
        rest = pool[hand_size:]
        if mech:
            n_order, n_left = len(new.mech_order), sum(new.mech_cards)
            new.mech_order = rest[:n_order]
            new.mech_cards = _counts(rest[n_order : n_order + n_left])
            rest = rest[n_order + n_left :]
        # The other player knows its top cards (a Mechanic stop, or the cards drawn
        # for one that is under way); how many is public, which ones are not.
        cards.known_top = rest[:top_size]
        cards.unknown = _counts(rest[top_size:])
    _resample_rally(new, seat, rng)
    for other in new.reward_choice:
        if other != seat:
            new.reward_choice[other] = rng.random() < 0.5
    return new


def _resample_rally(state: RaceData, seat: int, rng: Random) -> None:
    game = state._game
    a_set = set(game.rally_a)
    others = [s for s in range(len(state.position)) if s != seat]
    if game.options["rally_deal"] == "split":
        for deck, pool_name in ((a_set, "rally_pool_a"), (set(game.rally_b), "rally_pool_b")):
            held = {s: [n for n in state.rally_hand[s] if n in deck] for s in others}
            pool = [n for s in others for n in held[s]] + getattr(state, pool_name)
            pool.sort()  # the draw must not depend on where the hidden cards were
            rng.shuffle(pool)
            for s in others:
                keep = [n for n in state.rally_hand[s] if n not in deck]
                count = len(held[s])
                state.rally_hand[s] = sorted(keep + pool[:count])
                pool = pool[count:]
            setattr(state, pool_name, sorted(pool))
        return
    pool = [n for s in others for n in state.rally_hand[s]]
    pool += state.rally_pool_a + state.rally_pool_b
    pool.sort()  # the draw must not depend on where the hidden cards were
    rng.shuffle(pool)
    for s in others:
        count = len(state.rally_hand[s])
        state.rally_hand[s] = sorted(pool[:count])
        pool = pool[count:]
    state.rally_pool_a = sorted(n for n in pool if n in a_set)
    state.rally_pool_b = sorted(n for n in pool if n not in a_set)


def _counts(cards: list[int]) -> list[int]:
    out = [0] * NUM_TYPES
    for card in cards:
        out[card] += 1
    return out
