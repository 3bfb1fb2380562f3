"""The Open Road as numbers: the observation tensor (what ``view(seat)`` shows).

Every entry lies in [0, 1].  Dots are ``board.standard_map()`` ids (cities first, so a
city one-hot has ``N_CITIES`` entries); counts are divided by their most possible.
Per-seat blocks come in seat-relative order: the observing seat first, then ``s + 1``,
``s + 2`` ... modulo the number of riders.  The layout, for ``n`` riders:

* phase one-hot (11); the round / max_rounds (or / 500, capped, without a limit);
  actions left / 2; a Peloton this turn; Credit Card uses this turn / 2;
* the road closure (one-hot over the dots);
* deck sizes (East, West, Heartland, Side Trip, playing, Mother Lode) over their full
  sizes; the discard pile per playing card kind over its copies;
* the decision under way: the card awaiting a target (11 playing + 8 Mother Lode
  kinds), cards being given (a trade) or taken (a Bandit), how many are left / 8,
  from which seat (n); the route cards offered to keep (a city mask) and their deck
  (3); the seat in setup (n);
* the winners (n);
* per rider (967 each): position (one-hot over the dots), East Coast, West Coast and
  Heartland cards (city one-hots), direction (east-to-west, west-to-east), Side Trip
  card (7) and its cities paid (4), energy / 10, money / 10, playing cards per kind
  over copies (11), Mother Lode cards per kind over copies (8), Credit Cards used
  once / 2, a Lottery bonus waiting, loses the next turn, dots left / 100 (capped), whose
  turn, the last big city (a city one-hot), the big cities arrived in (34).

Everything is public ("All CARDS are kept face up"), and no deck order appears.
"""

from __future__ import annotations

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.cards import (
    EAST_COAST_CARDS,
    HEARTLAND_CARDS,
    MOTHER_LODE_KINDS,
    PANNIER_CARD_SLOTS,
    PLAYING_CARD_KINDS,
    SIDE_TRIP_CARDS,
    WEST_COAST_CARDS,
)
from roadtrip.games.open_road.race import KEEP, OVER, PICK, TARGET, Race
from roadtrip.games.open_road.riding import last_big_city

PHASES = 11
BIG_IDS = A.BOARD.big_city_ids
SIDE_CITIES = 4
ROUND_SCALE = 500
DISTANCE_SCALE = 100
DECK_FULL = (
    len(EAST_COAST_CARDS),
    len(WEST_COAST_CARDS),
    len(HEARTLAND_CARDS),
    len(SIDE_TRIP_CARDS),
    sum(k.copies for k in PLAYING_CARD_KINDS),
    sum(k.copies for k in MOTHER_LODE_KINDS),
)
GLOBAL_SIZE = PHASES + 4 + A.N_DOTS + 6 + A.N_KINDS + A.N_KINDS + A.N_ML + 2 + 1 + A.N_CITIES + 3
RIDER_SIZE = (
    A.N_DOTS
    + 3 * A.N_CITIES
    + 2
    + len(SIDE_TRIP_CARDS)
    + SIDE_CITIES
    + 2
    + A.N_KINDS
    + A.N_ML
    + 5
    + A.N_CITIES
    + len(BIG_IDS)
)


def tensor_size(players: int) -> int:
    """Length of the observation tensor for ``players`` riders."""
    return GLOBAL_SIZE + 3 * players + players * RIDER_SIZE


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _rider(state: Race, seat: int) -> list[float]:
    out = _one_hot(state.pos[seat], A.N_DOTS)
    out += _one_hot(state.east[seat], A.N_CITIES)
    out += _one_hot(state.west[seat], A.N_CITIES)
    out += _one_hot(state.heart[seat], A.N_CITIES)
    origin = state.origin[seat]
    out += [float(origin >= 0 and origin == state.east[seat])]
    out += [float(origin >= 0 and origin == state.west[seat])]
    out += _one_hot(state.side[seat], len(SIDE_TRIP_CARDS))
    out += [float(state.side_paid[seat] >> i & 1) for i in range(SIDE_CITIES)]
    out += [state.energy[seat] / 10, state.money[seat] / 10]
    out += [c / k.copies for c, k in zip(state.hand[seat], PLAYING_CARD_KINDS, strict=True)]
    out += [c / k.copies for c, k in zip(state.ml[seat], MOTHER_LODE_KINDS, strict=True)]
    remaining = state.remaining(seat) if state.pos[seat] >= 0 else DISTANCE_SCALE
    out += [
        state.credit_spent[seat] / 2,
        float(state.lottery[seat]),
        float(state.lost[seat]),
        min(remaining, DISTANCE_SCALE) / DISTANCE_SCALE,
        float(state.round > 0 and state.turn == seat),
    ]
    back = last_big_city(state, seat) if state.pos[seat] >= 0 else -1
    out += _one_hot(back, A.N_CITIES)
    out += [float(state.been_big[seat] >> d & 1) for d in BIG_IDS]
    return out


def observation_tensor(state: Race, seat: int) -> list[float]:
    n = state.n
    order = [(seat + i) % n for i in range(n)]
    place = {s: i for i, s in enumerate(order)}
    limit = state.game_rules.max_rounds
    out = _one_hot(state.mode, PHASES)
    out += [
        min(state.round / (limit or ROUND_SCALE), 1.0),
        state.actions_left / 2,
        float(state.peloton),
        min(state.credit_uses / 2, 1.0),
    ]
    out += _one_hot(state.closure, A.N_DOTS)
    sizes = [len(state.unknown[d]) + len(state.bottom[d]) for d in range(3)]
    sizes += [len(state.side_deck), sum(state.draw_pile), sum(state.ml_deck)]
    out += [size / full for size, full in zip(sizes, DECK_FULL, strict=True)]
    out += [c / k.copies for c, k in zip(state.discard, PLAYING_CARD_KINDS, strict=True)]
    card = state.pending if state.mode == TARGET else -1
    out += _one_hot(card - A.PLAY_BASE if 0 <= card < A.MOTHER_LODE_BASE else -1, A.N_KINDS)
    out += _one_hot(card - A.MOTHER_LODE_BASE if card >= A.MOTHER_LODE_BASE else -1, A.N_ML)
    picking = state.mode == PICK
    out += [
        float(picking and state.pick_purpose == "trade"),
        float(picking and state.pick_purpose == "bandit"),
        state.pick_left / PANNIER_CARD_SLOTS if picking else 0.0,
    ]
    offers = [0.0] * A.N_CITIES
    if state.mode == KEEP:
        for city in state.offers[state.keep_deck]:
            offers[city] = 1.0
    out += offers
    out += _one_hot(state.keep_deck if state.mode == KEEP else -1, 3)
    out += _one_hot(place[state.pick_from] if picking else -1, n)
    out += _one_hot(place.get(state.setup_seat, -1), n)
    winners = state.race_winners() if state.mode == OVER else []
    out += [float(s in winners) for s in order]
    for s in order:
        out += _rider(state, s)
    return out
