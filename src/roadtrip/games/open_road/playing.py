"""The seven actions of a turn and the cards: what is legal, and what each one does.

"Turns consist of players performing (2) of (7) possible ACTIONS. ACTIONS can be
performed in any order and players are allowed to repeat ACTIONS."  Ride (a dot,
``riding.py``), pick up a playing card, play a playing card, trade 5 playing cards for
a Mother Lode card, play a Mother Lode card, trade 3 Extra Money cards for 7 money,
cash in 5 money for 2 energy.  A card played against a rider names its target next
(skipped when only one rider can be targeted); a Mother Lode trade or a Bandit that
leaves a choice of cards names them one by one.  Rulings: docs/rules/the-open-road.md.
"""

from __future__ import annotations

from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road.cards import PANNIER_CARD_SLOTS, PLAYING_CARD_KINDS
from roadtrip.games.open_road.paths import CAMP_IDS, bits, is_city
from roadtrip.games.open_road.race import Race, Task
from roadtrip.games.open_road.riding import plan_ride, send_back

K = A.KIND_INDEX
M = A.ML_INDEX
EXTRA_MONEY, EXTRA_ENERGY, HEADWIND = K["extra_money"], K["extra_energy"], K["headwind"]
FREE_NIGHT, COUCH_SURF, SADDLE_SORES = K["free_night_stay"], K["couch_surf"], K["saddle_sores"]
LOSE_TURN = frozenset(
    K[key] for key in ("broken_spoke", "cracked_fork", "snapped_pedal", "bent_rim")
)
TUNE_UP = K["tune_up"]
LOST_ID, BETTER_TENT, BANDIT = M["lost_id"], M["better_tent"], M["bandit"]
CREDIT_CARD, ROAD_CLOSURE, PELOTON = M["credit_card"], M["road_closure"], M["peloton"]
SLOW_LEAK, LOTTERY = M["slow_leak"], M["lottery_ticket"]

TRADE_CARDS = 5
MAX_MOTHER_LODE = 2
MONEY_CARDS = 3
MONEY_CARDS_PAY = 7
CASH_IN_MONEY = 5
CASH_IN_ENERGY = 2
LOTTERY_DRAWS = 3
AGAINST_PLAYING = frozenset({HEADWIND, SADDLE_SORES, *LOSE_TURN})
AGAINST_ML = frozenset({LOST_ID, BANDIT})


def cards_held(state: Race, seat: int) -> int:
    """Pannier slots in use: playing cards and Mother Lode cards."""
    return sum(state.hand[seat]) + sum(state.ml[seat])


def targets(state: Race, seat: int, card: int) -> list[int]:
    """Riders that ``card`` (a PLAY or MOTHER_LODE action) may be played against."""
    others = [s for s in range(state.n) if s != seat and not state.arrived[s]]
    kind = card - A.PLAY_BASE
    if card < A.MOTHER_LODE_BASE and kind in LOSE_TURN:
        return [s for s in others if not state.lost[s]]
    if card == A.MOTHER_LODE_BASE + BANDIT:
        return [s for s in others if sum(state.hand[s])]
    return others


def can_play(state: Race, seat: int, kind: int) -> bool:
    if kind in (FREE_NIGHT, COUCH_SURF):
        return is_city(state.pos[seat])
    if kind == TUNE_UP:
        return is_city(state.pos[seat]) and len(state.reach(seat, True)) > 1
    if kind in AGAINST_PLAYING:
        return bool(targets(state, seat, A.PLAY_BASE + kind))
    return True


def can_play_ml(state: Race, seat: int, kind: int) -> bool:
    if kind == BETTER_TENT:
        return False  # it works while held: "The player holds on to this card"
    if kind in AGAINST_ML or kind == SLOW_LEAK:  # someone in reach (ending=finish_round)
        return bool(targets(state, seat, A.MOTHER_LODE_BASE + kind))
    if kind == CREDIT_CARD:
        if state.game_rules.credit_per_card:  # each card "for any (2) turns"
            return state.ml[seat][CREDIT_CARD] > state.credit_turn
        return not state.credit_uses
    if kind == ROAD_CLOSURE:
        return state.closure < 0 or state.game_rules.closure_moves
    if kind == PELOTON:
        return not state.peloton
    return True


def turn_actions(state: Race, seat: int) -> list[int]:
    """The legal actions of the rider whose turn it is (two per turn)."""
    out: list[int] = []
    if state.energy[seat] > 0:
        reach = 0
        for layer in state.reach(seat, False)[1:]:
            reach |= layer
        out.extend(bits(reach))
    hand = state.hand[seat]
    held = sum(hand) + sum(state.ml[seat])
    if held < PANNIER_CARD_SLOTS and sum(state.draw_pile) + sum(state.discard) > 0:
        out.append(A.PICK_UP)
    out.extend(A.PLAY_BASE + k for k in range(A.N_KINDS) if hand[k] and can_play(state, seat, k))
    if (
        sum(hand) >= TRADE_CARDS
        and sum(state.ml[seat]) < MAX_MOTHER_LODE
        and sum(state.ml_deck) > 0
    ):
        out.append(A.TRADE_FOR_MOTHER_LODE)
    ml = state.ml[seat]
    out.extend(
        A.MOTHER_LODE_BASE + k for k in range(A.N_ML) if ml[k] and can_play_ml(state, seat, k)
    )
    if hand[EXTRA_MONEY] >= MONEY_CARDS:
        out.append(A.TRADE_MONEY)
    if state.money[seat] >= CASH_IN_MONEY:
        out.append(A.CASH_IN)
    return out or [A.PASS]


def act(state: Race, seat: int, action: int) -> list[Task]:
    """Carry out one of the seven actions; returns the tasks that finish it."""
    if action < A.N_DOTS:
        return plan_ride(state, seat, action, False)
    if action == A.PICK_UP:
        return [("draw_card", seat)]
    if A.PLAY_BASE <= action < A.PLAY_BASE + A.N_KINDS:
        kind = action - A.PLAY_BASE
        state.hand[seat][kind] -= 1
        state.discard[kind] += 1
        return play_card(state, seat, kind)
    if action == A.TRADE_FOR_MOTHER_LODE:
        state.pick_purpose, state.pick_from, state.pick_left = "trade", seat, TRADE_CARDS
        return [("pick",), ("draw_ml", seat)]
    if A.MOTHER_LODE_BASE <= action < A.MOTHER_LODE_BASE + A.N_ML:
        return play_mother_lode(state, seat, action - A.MOTHER_LODE_BASE)
    if action == A.TRADE_MONEY:
        state.hand[seat][EXTRA_MONEY] -= MONEY_CARDS
        state.discard[EXTRA_MONEY] += MONEY_CARDS
        state.gain(seat, 0, MONEY_CARDS_PAY)
    elif action == A.CASH_IN:
        state.money[seat] -= CASH_IN_MONEY
        state.gain(seat, CASH_IN_ENERGY, 0)
    return []


def play_card(state: Race, seat: int, kind: int) -> list[Task]:
    card = PLAYING_CARD_KINDS[kind]
    if card.energy or card.money:  # the corner indicator: what the card gives
        state.gain(seat, card.energy, card.money)
    elif kind == TUNE_UP:
        return [("ask", "cruise")]
    else:
        state.pending = A.PLAY_BASE + kind
        return [("ask", "target")]
    return []


def play_mother_lode(state: Race, seat: int, kind: int) -> list[Task]:
    held = state.ml[seat]
    if kind == CREDIT_CARD:
        # Ruling: a card used once and not yet this turn is used first.  The cards used
        # this turn that are still held are all cards used once.
        state.credit_uses += 1
        if state.credit_spent[seat] > state.credit_turn:
            # "Once the card is played twice, return to the MOTHER LODE DECK."
            state.credit_spent[seat] -= 1
            held[kind] -= 1
            state.ml_deck[kind] += 1
        else:
            state.credit_spent[seat] += 1
            state.credit_turn += 1
        return [("ask", "credit")]
    held[kind] -= 1
    if kind == ROAD_CLOSURE and not state.game_rules.closure_moves:
        state.closure_aside += 1  # set aside with the cube "for the remainder of the game"
    else:
        state.ml_deck[kind] += 1  # "Once the card is played, return to the MOTHER LODE DECK."
    if kind in AGAINST_ML:
        state.pending = A.MOTHER_LODE_BASE + kind
        return [("ask", "target")]
    if kind == ROAD_CLOSURE:
        return [("ask", "close")]
    if kind == PELOTON:
        state.peloton = True
    elif kind == SLOW_LEAK:  # "all opposing players": those still in reach
        for other in targets(state, seat, A.MOTHER_LODE_BASE + kind):
            state.energy[other] = max(0, state.energy[other] - 3)
    elif kind == LOTTERY:
        state.lottery[seat] = True
        return [("draw_card", seat)] * LOTTERY_DRAWS
    return []


def against(state: Race, seat: int, target: int) -> list[Task]:
    """The pending card takes effect against ``target``."""
    card, state.pending = state.pending, -1
    if card == A.PLAY_BASE + HEADWIND:
        state.energy[target] = max(0, state.energy[target] - 2)
    elif card == A.PLAY_BASE + SADDLE_SORES:
        had = state.money[target]
        state.money[target] = max(0, had - 2)
        if had and not state.money[target]:  # "the result is BANKRUPTCY"
            send_back(state, target)
    elif card == A.MOTHER_LODE_BASE + LOST_ID:
        send_back(state, target)
    elif card == A.MOTHER_LODE_BASE + BANDIT:
        room = PANNIER_CARD_SLOTS - cards_held(state, seat)
        state.pick_purpose, state.pick_from = "bandit", target
        state.pick_left = min(room, sum(state.hand[target]))
        return [("pick",)]
    else:  # Broken Spoke, Cracked Fork, Snapped Pedal, Bent Rim
        state.lost[target] = True
    return []


def pick_choices(state: Race) -> list[int]:
    source = state.hand[state.pick_from]
    return [A.KIND_BASE + k for k in range(A.N_KINDS) if source[k]]


def pick_is_forced(state: Race) -> bool:
    """No choice left: every card goes, or only one kind is left."""
    source = state.hand[state.pick_from]
    return sum(source) <= state.pick_left or sum(1 for c in source if c) <= 1


def pick(state: Race, kind: int) -> None:
    """One card of ``kind`` is given (a trade) or taken (a Bandit)."""
    state.hand[state.pick_from][kind] -= 1
    if state.pick_purpose == "trade":
        state.discard[kind] += 1
    else:
        state.hand[state.turn][kind] += 1
    state.pick_left -= 1


def pick_all_forced(state: Race) -> None:
    source = state.hand[state.pick_from]
    while state.pick_left > 0 and sum(source) > 0:
        pick(state, next(k for k in range(A.N_KINDS) if source[k]))
    state.pick_left = 0


def credit(state: Race, seat: int, energy: int) -> None:
    state.gain(seat, energy, A.CREDIT_CUBES - energy)


def closure_choices(state: Race) -> list[int]:
    """Any camp site but the one the cube is on ("cannot be placed on BIG or SMALL
    CITIES"); with ``road_closure=moves`` playing the card again moves the one cube."""
    return [d for d in CAMP_IDS if d != state.closure]
