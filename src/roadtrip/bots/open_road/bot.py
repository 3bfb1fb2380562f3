"""A heuristic bot for The Open Road: race to the destination on the shortest way,
gather energy when it runs short, stop for the bonuses worth their detour, and hinder
the rider nearest the finish.

The game is perfect information, so the bot reads a copy of the state
(``observation.sample_state``) and the engine's distance tables.  Each decision is
scored one step ahead in dots (``evaluation``, ``moves``):

* Setup: keep the East Coast, West Coast and Heartland cards whose coast-to-coast
  ride is shortest once a Heartland stop that is worth its detour is counted; start
  from the coast whose end of the plan reaches its bonus stops sooner.
* A turn: first a win this turn (ride to the destination, or an energy card, a
  cash-in, a Credit Card, a Peloton or a Tune Up that makes it possible); else the
  action with the best score: a ride (energy held is worth nearly a dot, so a ride
  pays for its action by where it lands: the Heartland city, a Side Trip city, a big
  city with its hotel, away from the cards the others hold; or by making room for
  more energy), picking up a card, playing one (energy, money, a Tune Up cruise, a
  card against the leader), a trade (5 cards for a Mother Lode card, 3 Extra Money
  for 7 money), a cash-in.
* Follow-ups: the hotel when the energy it brings is worth its money; the target that
  loses most, weighted by threat; the cheapest cards for a trade, the best for a
  Bandit; the Credit Card mix that is worth most; the road closure on the leader's
  way; the Tune Up cruise nearest the plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from roadtrip.bots.base import Bot, Observation, WeightedHeuristic
from roadtrip.bots.open_road.evaluation import MAX_CUBES, Situation, Weights
from roadtrip.bots.open_road.moves import NEVER, WIN, Moves
from roadtrip.core.errors import NotSupported
from roadtrip.core.game import Game
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import flow as F
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.rules import OpenRoadState

GAME_ID = "open-road"
# Cards that bring energy at once, and how much: tried first for a win this turn.
ENERGY_CARDS = ((P.EXTRA_ENERGY, 2), (P.FREE_NIGHT, 2), (P.COUCH_SURF, 1))
# What a Heartland or Side Trip stop is worth at setup, in dots (its cubes, less the
# stop): a detour up to this long pays.
HEARTLAND_STOP = 7.0
SIDE_TRIP_STOP = 3.5


class OpenRoadBot(WeightedHeuristic[Weights]):
    """The Open Road heuristic (see the module docstring)."""

    game_id = GAME_ID

    def default_weights(self) -> Weights:
        return Weights()

    def decide(self, observation: Observation, legal: tuple[int, ...], rng: Random) -> int:
        state = observation.sample_state(rng)  # perfect information: an exact copy
        if not isinstance(state, OpenRoadState):
            raise NotSupported(f"the {self.name} bot plays {GAME_ID}")
        return decide(state, observation.seat, legal, self.weights)


def decide(state: OpenRoadState, seat: int, legal: Sequence[int], w: Weights) -> int:
    """The bot's choice for ``seat`` among ``legal`` in ``state``."""
    mode = state.mode
    if mode == F.KEEP:
        return keep(state, seat, w)
    if mode == F.ORIGIN:
        return origin(state, seat, w)
    moves = Moves(Situation(state, seat, w))
    if mode == F.ACT:
        return act(moves, legal)
    if mode == F.HOTEL:
        return A.HOTEL if hotel_worth(moves) > 0 else A.NO_HOTEL
    if mode == F.TARGET:
        return max(legal, key=lambda a: (moves.damage(state.pending, a - A.TARGET_BASE), -a))
    if mode == F.PICK:
        return pick(moves, legal)
    if mode == F.CREDIT:
        return A.CREDIT_BASE + moves.credit_mix()[1]
    if mode == F.CLOSE:
        camp = moves.best_closure(set(legal))[1]
        return camp if camp >= 0 else legal[0]
    if mode == F.CRUISE:
        dot = moves.cruise(legal)[1]
        return dot if dot >= 0 else legal[0]
    return legal[0]


# -------------------------------------------------------------------- setup
def keep(state: OpenRoadState, seat: int, w: Weights) -> int:
    """Keep the card of this deck from the best East, West and Heartland triple: the
    shortest coast-to-coast ride, less a Heartland stop's worth beyond its detour."""
    deck = state.keep_deck
    kept = (state.east[seat], state.west[seat], state.heart[seat])
    options = [sorted(state.offers[d]) if d >= deck else [kept[d]] for d in range(3)]
    best: tuple[float, int] | None = None
    for east in options[0]:
        to_east = R.distances_to(east, -1)
        for west in options[1]:
            ride = to_east[west]
            for heart in options[2]:
                detour = to_east[heart] + R.distances_to(west, -1)[heart] - ride
                cost = ride - max(0.0, HEARTLAND_STOP - detour)
                card = (east, west, heart)[deck]
                if best is None or (cost, card) < best:
                    best = (cost, card)
    return best[1] if best is not None else sorted(state.offers[deck])[0]


def origin(state: OpenRoadState, seat: int, w: Weights) -> int:
    """Start from the coast whose best plan reaches its first bonus stop sooner (both
    directions are equally long; bonuses early are cubes to ride on sooner)."""
    east, west = state.east[seat], state.west[seat]
    stops = [(state.heart[seat], HEARTLAND_STOP)]
    stops += [(city, SIDE_TRIP_STOP) for city in R.SIDE_TRIP_DOTS[state.side[seat]]]

    def score(start: int, dest: int) -> tuple[float, float, int]:
        to_dest = R.distances_to(dest, -1)
        best, first = float(to_dest[start]), float(to_dest[start])
        for stop, bonus in stops:
            to_stop = R.distances_to(stop, -1)
            plan = to_stop[start] + to_dest[stop] - bonus
            for other, more in stops:
                if other != stop:
                    via = to_stop[start] + R.distances_to(other, -1)[stop] + to_dest[other]
                    plan = min(plan, via - bonus - more)
            if plan < best:
                best, first = plan, float(to_stop[start])
        return best, first, start

    return min(score(east, west), score(west, east))[2]


# --------------------------------------------------------------------- turns
def act(moves: Moves, legal: Sequence[int]) -> int:
    """One of the two actions of a turn."""
    state, seat = moves.state, moves.seat
    dest = state.dest[seat]
    if dest in legal:
        return dest  # arriving wins
    chosen = finish(moves, legal)
    if chosen is not None:
        return chosen
    best, choice = NEVER, legal[0]
    legal_set = set(legal)
    if legal[0] < A.N_DOTS:
        score, dot = moves.best_ride(state.reach(seat, False), state.peloton, legal_set)
        if dot >= 0:
            best, choice = score, dot
    for action in legal:
        if action < A.N_DOTS:
            continue
        score = action_score(moves, action)
        if score > best:
            best, choice = score, action
    return choice


def action_score(moves: Moves, action: int) -> float:
    """The score of a turn action other than a ride."""
    sit, me, state = moves.sit, moves.me, moves.state
    energy, money = me.energy, me.money
    if action == A.PICK_UP:
        return sit.pick_value() - moves.end_risk(energy, money)
    cards = sit.cards
    if A.PLAY_BASE <= action < A.TRADE_FOR_MOTHER_LODE:
        kind = action - A.PLAY_BASE
        for card, gain in ENERGY_CARDS:
            if kind == card:
                return moves.energy_gain(gain) - cards[kind] - moves.end_risk(energy + gain, money)
        if kind == P.EXTRA_MONEY:
            return me.money_gain(2) - cards[kind] - moves.end_risk(energy, money + 2)
        if kind == P.TUNE_UP:
            return moves.cruise(_cruise_dots(moves))[0] - cards[kind]
        return moves.best_against(action) - cards[kind] - moves.end_risk(energy, money)
    if action == A.TRADE_FOR_MOTHER_LODE:
        hand = sorted(cards[k] for k in range(len(cards)) for _ in range(state.hand[moves.seat][k]))
        return me.ml_mean() - sum(hand[: P.TRADE_CARDS]) - moves.end_risk(energy, money)
    if A.MOTHER_LODE_BASE <= action < A.TRADE_MONEY:
        return mother_lode_score(moves, action - A.MOTHER_LODE_BASE)
    if action == A.TRADE_MONEY:
        gain = P.MONEY_CARDS_PAY
        return me.money_gain(gain) - 3 * cards[P.EXTRA_MONEY] - moves.end_risk(energy, money + gain)
    if action == A.CASH_IN:
        spent = me.money_value(money) - me.money_value(money - P.CASH_IN_MONEY)
        return (
            moves.energy_gain(P.CASH_IN_ENERGY)
            - spent
            - moves.end_risk(energy + P.CASH_IN_ENERGY, money - P.CASH_IN_MONEY)
        )
    return 0.0  # PASS


def mother_lode_score(moves: Moves, kind: int) -> float:
    sit, me, w, state = moves.sit, moves.me, moves.w, moves.state
    held = me.ml_values()[kind]
    risk = moves.end_risk(me.energy, me.money)
    if kind == P.PELOTON:
        if state.actions_left < 2 or me.energy < 2:
            return NEVER
        closed = 1 << state.closure if state.closure >= 0 else 0
        lay = R.layers(me.pos, 2 * me.energy, state.barrier(moves.seat), closed)
        doubled, _ = moves.best_ride(lay, True)
        plain, _ = moves.best_ride(state.reach(moves.seat, False), False)
        return doubled - max(plain, sit.pick_value()) - held
    if kind == P.CREDIT_CARD:
        return moves.credit_mix()[0] - w.credit_use
    if kind in (P.LOST_ID, P.BANDIT):
        return moves.best_against(A.MOTHER_LODE_BASE + kind) - held - risk
    if kind == P.ROAD_CLOSURE:
        return moves.best_closure()[0] - held - risk
    if kind == P.SLOW_LEAK:
        return moves.slow_leak() - held - risk
    if kind == P.LOTTERY:
        cards = min(P.LOTTERY_DRAWS, sit.room() + 1)
        bonus = 0.0 if state.lottery[moves.seat] else w.lottery
        return cards * sit.pick_value() + bonus - held - risk
    return NEVER  # Better Tent is never played


def _cruise_dots(moves: Moves) -> list[int]:
    lay = moves.state.reach(moves.seat, True)
    return [dot for k in range(1, len(lay)) for dot in R.bits(lay[k])]


def finish(moves: Moves, legal: Sequence[int]) -> int | None:
    """An action after which a ride reaches the destination this turn, if any."""
    state, seat, me = moves.state, moves.seat, moves.me
    if state.actions_left < 2 or me.direct > 2 * MAX_CUBES:
        return None
    dest = state.dest[seat]
    closed = 1 << state.closure if state.closure >= 0 else 0
    barrier = state.barrier(seat)
    double = 2 if state.peloton else 1

    def reaches(start: int, energy: int, factor: int) -> bool:
        lay = R.layers(start, min(MAX_CUBES, energy) * factor, barrier, closed)
        return any(layer >> dest & 1 for layer in lay)

    options: list[tuple[int, int]] = []  # (energy after, action)
    for kind, gain in ENERGY_CARDS:
        options.append((me.energy + gain, A.PLAY_BASE + kind))
    options.append((me.energy + P.CASH_IN_ENERGY, A.CASH_IN))
    options.append((me.energy + A.CREDIT_CUBES, A.MOTHER_LODE_BASE + P.CREDIT_CARD))
    for energy, action in options:
        if action in legal and reaches(me.pos, energy, double):
            return action
    peloton = A.MOTHER_LODE_BASE + P.PELOTON
    if peloton in legal and reaches(me.pos, me.energy, 2):
        return peloton
    tune = A.PLAY_BASE + P.TUNE_UP
    if tune in legal:
        for dot in _cruise_dots(moves):
            if dot == dest or reaches(dot, me.energy, double):
                return tune
    return None


# ---------------------------------------------------------------- follow-ups
def hotel_worth(moves: Moves) -> float:
    me = moves.me
    spent = me.money_value(me.money) - me.money_value(me.money - R.HOTEL_PRICE)
    return moves.energy_gain(R.HOTEL_ENERGY) - spent


def pick(moves: Moves, legal: Sequence[int]) -> int:
    """A card to give in a trade (the one I value least) or to take with a Bandit
    (the one I value most)."""
    values = moves.sit.cards
    if moves.state.pick_purpose == "bandit":
        return max(legal, key=lambda a: (values[a - A.KIND_BASE], -a))
    return min(legal, key=lambda a: (values[a - A.KIND_BASE], a))


def make_open_road_bot(game: Game) -> Bot:
    """The registry's factory for ``heuristic`` on open-road."""
    return OpenRoadBot(game)


__all__ = ["WIN", "OpenRoadBot", "decide", "make_open_road_bot"]
