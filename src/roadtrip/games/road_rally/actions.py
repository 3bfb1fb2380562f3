"""Road Rally USA's action encoding, legal card plays, and actions in words.

Decisions (``range(NUM_ACTIONS)``):
  0-5    put a card of that type (data.CARD_TYPES) into this turn's play
  6      done: move the sum of the cards played
  7 / 8  take the shortcut / stay on the road
  9-14   Mechanic: that card type goes next on top of the deck
  15/16  reveal the rally point card being scored / do not reveal
  17/18  4th or 5th place: take the points / draw 2 cards instead
  19/20  Gas: shuffle the discards into the deck before / after drawing
Chance (``range(NUM_CHANCE)``):
  0-5    a movement card of that type is drawn
  6-26   rally point card 1-21 is dealt
  27-31  that seat's car is next in the starting row

Chance texts are regular, so that a log can group a seat's consecutive draws: to
everyone but the owner "<seat> draws a card", to the owner "<seat> draws a green 1";
seats are named with :func:`roadtrip.core.mention`.
"""

from __future__ import annotations

from roadtrip.core.state import CHANCE, mention
from roadtrip.games.road_rally.data import CARD_TYPES, NUM_TYPES, RAINBOW_MAX_CARDS
from roadtrip.games.road_rally.race import DEAL, ORDER, RaceData

PLAY_BASE = 0
DONE_PLAYING = 6
TAKE_SHORTCUT = 7
SKIP_SHORTCUT = 8
MECH_BASE = 9
REVEAL = 15
PASS = 16
TAKE_POINTS = 17
TAKE_CARDS = 18
GAS_BEFORE = 19
GAS_AFTER = 20
NUM_ACTIONS = 21

CARD_BASE = 0
RALLY_BASE = 6
ORDER_BASE = 27
NUM_CHANCE = 32


def play_choices(state: RaceData) -> list[int]:
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


def move_length(state: RaceData) -> int:
    """The spaces the mover's car goes with the cards played: their sum, cut at the
    last space of the track."""
    steps = sum(CARD_TYPES[c].value * n for c, n in enumerate(state.selected))
    start = state.position[state.mover]
    return min(start + steps, state._game.track.last_space) - start


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def describe(state: RaceData, action: int, seat: int, viewer: int | None) -> str:
    """``action`` in words as ``viewer`` may read it (CHANCE: everything)."""
    if seat == CHANCE:
        return _describe_chance(state, action, viewer)
    sees_all = viewer == CHANCE
    if PLAY_BASE <= action < PLAY_BASE + NUM_TYPES:
        return f"plays a {CARD_TYPES[action - PLAY_BASE].name}"
    if action == DONE_PLAYING:
        return f"moves {plural(move_length(state), 'space')}"
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
    if action == GAS_BEFORE:
        return "shuffles the discards into the deck, then draws (Gas)"
    if action == GAS_AFTER:
        return "draws, then shuffles the discards into the deck (Gas)"
    return f"invalid action {action}"


def _describe_chance(state: RaceData, action: int, viewer: int | None) -> str:
    sees_all = viewer == CHANCE
    if state.mode == ORDER:
        return f"{mention(action - ORDER_BASE)}'s car takes the next place in the starting row"
    if state.mode == DEAL:
        owner = state.deal_plan[0][0] if state.deal_plan else -1
        if sees_all or viewer == owner:
            return f"{mention(owner)} is dealt rally point card {action - RALLY_BASE + 1}"
        return f"{mention(owner)} is dealt a rally point card"
    owner = state.draw_seat
    card = CARD_TYPES[action - CARD_BASE].name if 0 <= action < NUM_TYPES else "?"
    shown = sees_all or viewer == owner
    if state.draw_to_top:
        what = f"a {card}" if shown else "a card"
        return f"{mention(owner)} picks {what} from the top of the deck (Mechanic)"
    return f"{mention(owner)} draws a {card}" if shown else f"{mention(owner)} draws a card"
