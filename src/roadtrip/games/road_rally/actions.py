"""Road Rally USA's action encoding, legal card plays, and actions in words.

Decisions (``range(NUM_ACTIONS)``):
  0-5    put a card of that type (data.CARD_TYPES) into this turn's play
  6      done: move the sum of the cards played
  7 / 8  take the shortcut / stay on the road
  9-14   Mechanic: that card type goes next on top of the deck
  15/16  reveal the rally point card being scored / do not reveal
  17/18  4th or 5th place: take the points / draw 2 cards instead
Chance (``range(NUM_CHANCE)``):
  0-5    a movement card of that type is drawn
  6-26   rally point card 1-21 is dealt
  27-31  that seat's car is next in the starting row
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roadtrip.core.state import CHANCE
from roadtrip.games.road_rally.data import CARD_TYPES, NUM_TYPES, RAINBOW_MAX_CARDS

if TYPE_CHECKING:
    from roadtrip.games.road_rally.rules import RoadRallyState

PLAY_BASE = 0
DONE_PLAYING = 6
TAKE_SHORTCUT = 7
SKIP_SHORTCUT = 8
MECH_BASE = 9
REVEAL = 15
PASS = 16
TAKE_POINTS = 17
TAKE_CARDS = 18
NUM_ACTIONS = 19

CARD_BASE = 0
RALLY_BASE = 6
ORDER_BASE = 27
NUM_CHANCE = 32


def play_choices(state: RoadRallyState) -> list[int]:
    """Cards that may join this turn's play, and 'done' once one is played."""
    hand = state.cards[state.mover].hand
    selected = state.selected
    count = sum(selected)
    if state.rainbow:
        allowed = [c for c in range(NUM_TYPES) if hand[c]] if count < RAINBOW_MAX_CARDS else []
    elif count == 0:
        allowed = [c for c in range(NUM_TYPES) if hand[c]]
    else:
        color = next(CARD_TYPES[c].color for c in range(NUM_TYPES) if selected[c])
        allowed = [c for c in range(NUM_TYPES) if hand[c] and CARD_TYPES[c].color == color]
    return [PLAY_BASE + c for c in allowed] + ([DONE_PLAYING] if count else [])


def describe(state: RoadRallyState, action: int, seat: int, viewer: int | None) -> str:
    """``action`` in words as ``viewer`` may read it (CHANCE: everything)."""
    from roadtrip.games.road_rally.rules import DEAL, ORDER

    sees_all = viewer == CHANCE
    if seat == CHANCE:
        if state.mode == ORDER:
            return f"car {action - ORDER_BASE + 1} takes the next place in the starting row"
        if state.mode == DEAL:
            owner = state.deal_plan[0][0] if state.deal_plan else -1
            if sees_all or viewer == owner:
                return f"seat {owner + 1} is dealt rally point card {action - RALLY_BASE + 1}"
            return f"seat {owner + 1} is dealt a rally point card"
        owner = state.draw_seat
        where = " onto the top of the deck (Mechanic)" if state.draw_to_top else ""
        if sees_all or viewer == owner:
            card = CARD_TYPES[action - CARD_BASE].name if 0 <= action < NUM_TYPES else "?"
            return f"seat {owner + 1} draws a {card}{where}"
        return f"seat {owner + 1} draws a card{where}"
    if PLAY_BASE <= action < PLAY_BASE + NUM_TYPES:
        return f"plays a {CARD_TYPES[action - PLAY_BASE].name}"
    if action == DONE_PLAYING:
        steps = sum(CARD_TYPES[c].value * n for c, n in enumerate(state.selected))
        return f"moves {steps} spaces"
    if action == TAKE_SHORTCUT:
        return "takes the shortcut"
    if action == SKIP_SHORTCUT:
        return "stays on the road"
    if MECH_BASE <= action < MECH_BASE + NUM_TYPES:
        if sees_all or viewer == seat:
            return f"puts a {CARD_TYPES[action - MECH_BASE].name} next on top of the deck"
        return "reorders the top of the deck (Mechanic)"
    if action == REVEAL:
        return f"reveals rally point card {state.rally_current}"
    if action == PASS:
        return f"does not reveal rally point {state.rally_current}"
    if action == TAKE_POINTS:
        return "takes the points"
    if action == TAKE_CARDS:
        return "draws 2 cards instead of the points"
    return f"invalid action {action}"
