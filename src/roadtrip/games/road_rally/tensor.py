"""Road Rally USA as numbers: the observation tensor (what ``view(seat)`` shows).

Every entry lies in [0, 1].  Card types are in ``data.CARD_TYPES`` order (green 1,
green 2, yellow 2, yellow 3, red 3, red 4) and a count of a card type is divided by
that type's cards in a car's deck; rally points are numbered 1-21 (index ``n - 1``,
all zero for numbers that a short track leaves out).  Per-seat blocks come in
seat-relative order: the observing seat first, then seat ``s + 1``, ``s + 2`` ...
modulo the number of players.  The layout, for ``n`` players:

* phase one-hot (11): order, deal, draw, play, shortcut, mechanic, reveal, reward,
  over, gas (the Gas decision), busy; the round / (2 x finish space + 1); the final round;
* this turn's selected cards (6) and whether it is a General Store play;
* the rally point being scored (21, one-hot); each rally point's status (21 x 3:
  on the track, scored, removed); the rally points crossed this round (21);
* each checkpoint tile's holder (6 x (n + 1): nobody, or a seat-relative seat);
* the winners (n);
* private to the observing seat (94): its hand (6), its unrevealed rally cards
  (21), the top cards of its deck it knows from a Mechanic (5 slots x 6 types), the
  Mechanic cards still to place and the order placed so far (6 + 5 x 6), and the
  points on offer to it as 4th or 5th place / 10;
* per seat (58 + 3n each, the observer first): space / last space; race place (n);
  place in this round's turn order (n); points / 100 and total / 100 (capped at
  1); hand size / 21 and deck size / 21; discards (6); unrevealed rally cards / 4;
  revealed rally cards (21); checkpoint tiles / 6; rally chips (21); finished and
  place in the finish order (1 + n); moving now; may act now.

Nothing private to another seat appears: of the others only the counts the rules
make public (hand and deck sizes, unrevealed rally cards) and their played cards.
"""

from __future__ import annotations

from roadtrip.games.road_rally.data import (
    CHECKPOINT_TILES,
    POINTS_BY_PLACE,
    RALLY_CARDS_EACH,
    RALLY_POINTS,
)
from roadtrip.games.road_rally.data import NUM_TYPES as TYPES
from roadtrip.games.road_rally.race import (
    GAS_CHOICE,
    MECH,
    MODE_NAMES,
    PLAY,
    REVEAL,
    REWARD,
    RaceData,
)

PHASES = MODE_NAMES
STATUSES = ("on_track", "scored", "removed")
DECK_CARDS = 21
TOP_SLOTS = 5
POINTS_SCALE = 100
MAX_REWARD = POINTS_BY_PLACE[0] * 2
PRIVATE_SIZE = TYPES + RALLY_POINTS + TOP_SLOTS * TYPES + TYPES + TOP_SLOTS * TYPES + 1


def tensor_size(players: int) -> int:
    """Length of the observation tensor for ``players`` cars."""
    n = players
    global_size = len(PHASES) + 1 + 2 + TYPES + 1 + RALLY_POINTS * (2 + len(STATUSES))
    global_size += CHECKPOINT_TILES * (n + 1) + n
    return global_size + PRIVATE_SIZE + n * (58 + 3 * n)


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _numbers(numbers: list[int]) -> list[float]:
    """A mask of rally point numbers 1-21."""
    out = [0.0] * RALLY_POINTS
    for number in numbers:
        out[number - 1] = 1.0
    return out


def _per_type(counts: list[int], deck: tuple[int, ...]) -> list[float]:
    return [min(count, top) / top for count, top in zip(counts, deck, strict=True)]


def _slots(cards: list[int]) -> list[float]:
    """Up to five cards in order, each as a card-type one-hot."""
    out: list[float] = []
    for slot in range(TOP_SLOTS):
        out += _one_hot(cards[slot] if slot < len(cards) else -1, TYPES)
    return out


def observation_tensor(state: RaceData, seat: int) -> list[float]:
    """What ``seat`` sees: everything public, and its own cards."""
    game = state._game
    deck = game.deck
    track = game.track
    n = len(state.position)
    order = [(seat + k) % n for k in range(n)]
    relative = {other: k for k, other in enumerate(order)}
    mode = state.mode
    out = _one_hot(mode if mode >= 0 else len(PHASES), len(PHASES) + 1)
    max_rounds = 2 * track.finish + 1
    out.append(min(state.round, max_rounds) / max_rounds)
    out.append(1.0 if state.final_round else 0.0)
    out += _per_type(state.selected, deck) if mode == PLAY else [0.0] * TYPES
    out.append(1.0 if mode == PLAY and state.rainbow else 0.0)
    scoring = mode in (REVEAL, REWARD)
    out += _numbers([state.rally_current] if scoring and state.rally_current else [])
    for number in range(1, RALLY_POINTS + 1):
        status = state.rally_status.get(number)
        out += _one_hot(STATUSES.index(status) if status in STATUSES else -1, len(STATUSES))
    out += _numbers(list(state.crossed))
    for index in range(CHECKPOINT_TILES):
        if index < len(state.checkpoint_holder):
            holder = state.checkpoint_holder[index]
            out += _one_hot(0 if holder is None else 1 + relative[holder], n + 1)
        else:
            out += [0.0] * (n + 1)
    winners = set(state.winners())
    out += [1.0 if other in winners else 0.0 for other in order]

    # Private to ``seat``.
    cards = state.cards[seat]
    mechanic = mode == MECH and state.mover == seat
    out += _per_type(cards.hand, deck)
    out += _numbers(state.rally_hand[seat])
    out += _slots(cards.known_top)
    out += [c / TOP_SLOTS for c in state.mech_cards] if mechanic else [0.0] * TYPES
    out += _slots(state.mech_order if mechanic else [])
    reward = state.reward_points.get(seat, 0) if mode == REWARD else 0
    out.append(min(reward, MAX_REWARD) / MAX_REWARD)

    # Every seat's public side, the observer first.
    race = state.race_order()
    turns = state.turn_order
    totals = state.totals()
    active = set(state.active_seats())
    mover = state.mover if mode in (PLAY, MECH, GAS_CHOICE) else None
    last = max(1, track.last_space)
    for other in order:
        theirs = state.cards[other]
        out.append(state.position[other] / last)
        out += _one_hot(race.index(other), n)
        out += _one_hot(turns.index(other) if other in turns else -1, n)
        out.append(min(max(state.points[other], 0), POINTS_SCALE) / POINTS_SCALE)
        out.append(min(max(totals[other], 0), POINTS_SCALE) / POINTS_SCALE)
        out.append(min(theirs.hand_size, DECK_CARDS) / DECK_CARDS)
        out.append(min(theirs.deck_size, DECK_CARDS) / DECK_CARDS)
        out += _per_type(theirs.discard, deck)
        out.append(min(len(state.rally_hand[other]), RALLY_CARDS_EACH) / RALLY_CARDS_EACH)
        out += _numbers(state.rally_revealed[other])
        held = sum(1 for h in state.checkpoint_holder if h == other)
        out.append(min(held, CHECKPOINT_TILES) / CHECKPOINT_TILES)
        out += _numbers(state.chips[other])
        finished = other in state.finishers
        out.append(1.0 if finished else 0.0)
        out += _one_hot(state.finishers.index(other) if finished else -1, n)
        out.append(1.0 if mover == other else 0.0)
        out.append(1.0 if other in active else 0.0)
    return out
