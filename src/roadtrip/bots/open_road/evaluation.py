"""What The Open Road's heuristic bot reads from a state, and how it values a rider.

The game is perfect information (every pannier is face up), so the bot reads a copy of
the state (``observation.sample_state``: an exact clone) and the engine's precomputed
tables: ``riding.distances_to(dot, closure)`` (dots from every dot to ``dot``, cached)
and the ride layers ``state.reach``.

Everything is valued in **dots** (one dot nearer the destination is 1.0):

* a rider's **plan**: the fewest dots to the destination, less the bonuses of at most
  two stops on the way (the Heartland city, the Side Trip cities that still pay),
  each worth the cubes it brings that the rider can use (none beyond the 10-cube cap
  or what the rest of the ride needs) less ``stop`` (a ride ends there, not further);
* resources: an energy cube is worth ``Weights.energy``, a little under a dot (a ride
  of k dots nets ``k * (1 - energy)``: riding costs an action, so rides are taken when
  they land somewhere worth it, when more energy would overflow, or to win);
  money is worth ``hotel_money`` a cube while the hotels ahead can turn it into
  energy, ``spare_money`` beyond; a card in hand is worth what playing it brings
  less ``action`` (the action it takes), never less than its share of a Mother
  Lode trade;
* a rider's **lead** (:meth:`Rider.left`): the plan less the resources, the dots
  still to find.  The opponents' leads rank the threats (:meth:`Situation.threat`):
  cards against riders are played against the one nearest the finish, and blocking
  a rider who could win on their next turn counts ``urgent`` dots more.
"""

from __future__ import annotations

from dataclasses import dataclass

from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R
from roadtrip.games.open_road.cards import PANNIER_CARD_SLOTS
from roadtrip.games.open_road.rules import OpenRoadState

N_KINDS = len(P.K)
N_ML = len(P.M)
MAX_CUBES = R.MAX_CUBES
HEART_CUBES = R.HEARTLAND_CUBES
SIDE_CUBES = R.SIDE_TRIP_CUBES
NEW_HEARTLAND = 1.0  # dots: the new Heartland card drawn on landing there
PLAN_CACHE = 20_000  # plans kept (a rider's plan changes only when they move or gain)


@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs, in dots.  Tuned by self-play in four-rider races, one
    variant seat against three copies of the base (benchmarks/selfplay_open_road.py):
    one weight at a time, times 0.6 and 1.5, then finer steps, 300-1000 races each.
    From a first guess (energy 0.9, action 0.65, hotel_money 0.8, attack 0.7, risk
    0.3) to these, the tuned seat wins about 42% against three untuned ones."""

    energy: float = 0.97  # an energy cube held
    action: float = 0.975  # one action
    hotel_money: float = 1.2  # a money cube a hotel ahead will turn into energy
    spare_money: float = 0.25  # a money cube beyond (cash-in: 5 for 2 energy)
    hotel_every: float = 12.0  # dots ridden per hotel taken
    heartland: float = 1.0  # a Heartland landing's cubes, times this
    side_trip: float = 1.0  # a Side Trip landing's cubes, times this
    stop: float = 0.65  # a stop for a bonus (a ride that ends there, not further)
    lottery: float = 3.0  # a Lottery Ticket's max-out waiting at the Heartland city
    attack: float = 0.42  # a dot of damage to the leader, against a dot of our own
    spread: float = 10.0  # dots behind the leader where a rider stops being a threat
    urgent: float = 8.0  # blocking a rider who could win on their next turn
    risk: float = 0.18  # chance that an opponent's card in hand hits the leader
    city: float = 0.1  # ending a ride in a city while holding city cards
    # Mother Lode cards held, in dots.
    peloton: float = 4.5
    credit_use: float = 2.0
    lost_id: float = 3.0
    slow_leak: float = 2.5
    bandit: float = 2.0
    closure: float = 1.0
    tent_turn: float = 0.5  # Better Tent, per turn left


# ------------------------------------------------------------------ riders
# A rider's plan: bonus worth by stop, the plan after each stop, the legs.
Plan = tuple[dict[int, float], dict[int, float], list[tuple[bytes, float]]]
_PLANS: dict[tuple[object, ...], Plan] = {}


class Rider:
    """One rider's plan and resources, read from the state."""

    __slots__ = (
        "after",
        "big",
        "bonus",
        "dd",
        "direct",
        "energy",
        "hand",
        "legs",
        "ml",
        "money",
        "pos",
        "seat",
        "state",
        "w",
    )

    def __init__(self, state: OpenRoadState, seat: int, w: Weights) -> None:
        self.state = state
        self.seat = seat
        self.w = w
        self.pos = pos = state.pos[seat]
        self.energy = state.energy[seat]
        self.money = state.money[seat]
        self.hand = state.hand[seat]
        self.ml = state.ml[seat]
        self.big = R.is_big(pos)
        closure = state.closure
        self.dd = dd = R.distances_to(state.dest[seat], closure)
        self.direct = dd[pos]
        key = (
            w,
            pos,
            self.energy,
            self.money,
            state.dest[seat],
            state.heart[seat],
            state.side[seat],
            state.side_paid[seat],
            state.lottery[seat],
            closure,
            state.game_rules.side_trip_rule,
        )
        plan = _PLANS.get(key)
        if plan is None:
            if len(_PLANS) >= PLAN_CACHE:
                _PLANS.clear()
            plan = _PLANS[key] = self._plan_stops(state, seat)
        self.bonus, self.after, self.legs = plan

    def _plan_stops(self, state: OpenRoadState, seat: int) -> Plan:
        """The bonus stops: dot -> what landing there brings (the plan counts it less
        the action a stop costs: a ride that ends there rather than further on); the
        plan from each stop once its bonus is collected (one more stop at most); the
        legs of the plan (distances to a stop, and the rest of the plan from it)."""
        w, pos, dd = self.w, self.pos, self.dd
        bonus: dict[int, float] = {}
        stops: list[tuple[int, bytes, float]] = []
        for x, energy, money, extra in landing_bonuses(state, seat):
            if x == pos:
                continue
            row = R.distances_to(x, state.closure)
            arrive = max(0, self.energy - row[pos])
            useful = min(energy, MAX_CUBES - arrive, max(0, dd[x] - arrive))
            gross = w.energy * useful + self.money_gain(money) + extra
            gross *= w.heartland if x == state.heart[seat] else w.side_trip
            if gross > w.stop:
                bonus[x] = gross
                stops.append((x, row, gross - w.stop))
        after: dict[int, float] = {}
        legs: list[tuple[bytes, float]] = []
        for x, row, net in stops:
            best = float(dd[x])
            for y, other, more in stops:
                if y != x:
                    best = min(best, other[x] + dd[y] - more)
            after[x] = best
            legs.append((row, best - net))
        return bonus, after, legs

    def plan(self, dot: int) -> float:
        """Dots from ``dot`` to the destination, less the bonuses of the stops."""
        best = float(self.dd[dot])
        for row, extra in self.legs:
            value = row[dot] + extra
            if value < best:
                best = value
        return best

    def plan_after(self, dot: int) -> float:
        """The plan from ``dot`` when a ride ends there (its bonus collected)."""
        after = self.after.get(dot)
        return self.plan(dot) if after is None else after

    # -------------------------------------------------------------- values
    def energy_value(self, before: int, gain: int) -> float:
        """What ``gain`` more energy cubes are worth on top of ``before`` (cap 10; none
        beyond what the ride to the destination needs)."""
        useful = min(MAX_CUBES, before + gain, max(before, self.direct)) - before
        return self.w.energy * useful

    def money_value(self, money: int) -> float:
        """What ``money`` cubes are worth: hotels ahead turn some into energy."""
        w = self.w
        hotels = 2.0 * self.direct / w.hotel_every
        money = min(money, MAX_CUBES)
        used = min(float(money), hotels)
        return w.hotel_money * used + w.spare_money * (money - used)

    def money_gain(self, gain: int) -> float:
        return self.money_value(self.money + gain) - self.money_value(self.money)

    def card_values(self, lead: float) -> list[float]:
        """What each kind of playing card in this rider's pannier is worth (``lead``:
        the threat weight of the likely target)."""
        w = self.w
        act = w.action
        energy2 = 2 * w.energy
        money2 = max(0.0, self.money_gain(2))
        lose = w.attack * lead * 2 * act
        values = [0.0] * N_KINDS
        values[P.EXTRA_ENERGY] = energy2 - act
        values[P.EXTRA_MONEY] = money2 - act
        values[P.FREE_NIGHT] = energy2 - act - 0.1
        values[P.COUCH_SURF] = w.energy - act
        values[P.TUNE_UP] = 2.0 - act - 0.2
        values[P.HEADWIND] = w.attack * lead * energy2 * 0.8 - act
        values[P.SADDLE_SORES] = w.attack * lead * 2 * w.hotel_money * 0.6 - act
        for kind in P.LOSE_TURN:
            values[kind] = lose - act
        floor = self.trade_floor()
        return [max(value, floor) for value in values]

    def trade_floor(self) -> float:
        """A card's share of a Mother Lode trade (5 cards for one, an action)."""
        return max(0.0, (self.ml_mean() - self.w.action) / P.TRADE_CARDS)

    def ml_values(self) -> list[float]:
        """What each kind of Mother Lode card is worth held."""
        w = self.w
        values = [0.0] * N_ML
        values[P.PELOTON] = w.peloton
        held = self.state.ml[self.seat][P.CREDIT_CARD]
        spent = self.state.credit_spent[self.seat]  # held cards used once
        uses = (2 * held - spent) / held if held else 2
        values[P.CREDIT_CARD] = w.credit_use * uses
        values[P.LOST_ID] = w.lost_id
        values[P.SLOW_LEAK] = w.slow_leak
        values[P.BANDIT] = w.bandit
        values[P.ROAD_CLOSURE] = w.closure
        values[P.BETTER_TENT] = w.tent_turn * self.direct / 4
        values[P.LOTTERY] = 3 * w.action + w.lottery * 0.5
        return values

    def ml_mean(self) -> float:
        """The expected worth of a Mother Lode card drawn now."""
        deck = self.state.ml_deck
        total = sum(deck)
        if not total:
            return 0.0
        values = self.ml_values()
        return sum(c * v for c, v in zip(deck, values, strict=True)) / total

    def left(self) -> float:
        """Dots still to find: the plan less what the rider holds (lower is nearer)."""
        w = self.w
        held = w.energy * min(self.energy, self.direct) + self.money_value(self.money)
        held += w.energy * 2 * (self.hand[P.EXTRA_ENERGY] + self.hand[P.FREE_NIGHT])
        held += 0.5 * self.ml[P.PELOTON] * min(self.energy, self.direct)
        return self.plan(self.pos) - held

    def reach_next(self) -> int:
        """The most dots this rider could ride on their next turn (two actions)."""
        state, seat = self.state, self.seat
        if state.lost[seat]:
            return 0
        energy = self.energy
        if self.ml[P.BETTER_TENT] and not R.is_city(self.pos):
            energy += 1
        hand, city = self.hand, R.is_city(self.pos)
        gain = 0
        if hand[P.EXTRA_ENERGY] or (city and hand[P.FREE_NIGHT]):
            gain = 2
        elif city and hand[P.COUCH_SURF]:
            gain = 1
        if self.money >= P.CASH_IN_MONEY:
            gain = max(gain, P.CASH_IN_ENERGY)
        if self.ml[P.CREDIT_CARD]:
            gain = 3
        best = min(MAX_CUBES, energy + gain)
        if self.ml[P.PELOTON]:
            best = max(best, 2 * energy)
        if city and hand[P.TUNE_UP]:
            best = max(best, energy + R.TUNE_UP_DOTS)
        return best

    def could_win_next(self) -> bool:
        return self.reach_next() >= self.direct


def landing_bonuses(state: OpenRoadState, seat: int) -> list[tuple[int, int, int, float]]:
    """Where landing pays ``seat``: (city, energy, money, extra worth in dots) for the
    Heartland city (the new card drawn there is the extra) and the Side Trip cities
    that still pay."""
    out: list[tuple[int, int, int, float]] = []
    heart = state.heart[seat]
    if heart >= 0:
        cubes = MAX_CUBES if state.lottery[seat] else HEART_CUBES
        out.append((heart, cubes, cubes, NEW_HEARTLAND))
    side = state.side[seat]
    if side >= 0:
        rule = state.game_rules.side_trip_rule
        paid = state.side_paid[seat]
        if not (rule == "once" and paid):
            for i, city in enumerate(R.SIDE_TRIP_DOTS[side]):
                if rule == "every_landing" or not paid >> i & 1:
                    out.append((city, SIDE_CUBES, SIDE_CUBES, 0.0))
    return out


# ------------------------------------------------------------------ the table
class Situation:
    """Every rider of a state, seen from ``me``: plans, leads and threats."""

    def __init__(self, state: OpenRoadState, me: int, w: Weights) -> None:
        self.state = state
        self.w = w
        self.riders = [Rider(state, seat, w) for seat in range(state.n)]
        self.me = self.riders[me]
        self.left = [rider.left() for rider in self.riders]
        others = [self.left[s] for s in range(state.n) if s != me]
        self.front = min([*others, self.left[me]]) if others else self.left[me]
        # Am I the one they will aim at?  Then their cards in hand are a risk.
        self.leading = not others or self.left[me] <= min(others)
        self.threats = [self._threat(seat) for seat in range(state.n)]
        self.lead = max(
            (self.threats[s] for s in range(state.n) if s != me),
            default=0.0,
        )
        self._cards: list[float] | None = None

    def _threat(self, seat: int) -> float:
        """How much hurting ``seat`` is worth to me (0 for myself): 1 for the rider
        nearest the finish, less for those further behind."""
        if seat == self.me.seat:
            return 0.0
        behind = self.left[seat] - self.front
        return min(1.0, max(0.15, 1.0 - behind / self.w.spread))

    @property
    def cards(self) -> list[float]:
        """My worth of each kind of playing card."""
        if self._cards is None:
            self._cards = self.me.card_values(self.lead)
        return self._cards

    def pick_value(self) -> float:
        """The expected worth of picking up a playing card."""
        state = self.state
        pile = state.draw_pile if sum(state.draw_pile) else state.discard
        total = sum(pile)
        if not total:
            return 0.0
        return sum(c * v for c, v in zip(pile, self.cards, strict=True)) / total

    def held_cards(self, seat: int) -> int:
        return P.cards_held(self.state, seat)

    def room(self) -> int:
        return PANNIER_CARD_SLOTS - self.held_cards(self.me.seat)

    # ----------------------------------------------------------- risks
    def risk(self, dot: int, energy: int, money: int) -> float:
        """What I may lose before my next turn, standing on ``dot`` with these cubes:
        Headwinds and Slow Leaks in the opponents' panniers, a Lost I.D. or a
        bankrupting Saddle Sores away from a big city (only the leader is aimed at)."""
        if not self.leading:
            return 0.0
        state, me = self.state, self.me.seat
        headwind = slow = lost_id = saddle = 0
        for seat in range(state.n):
            if seat != me:
                headwind += state.hand[seat][P.HEADWIND]
                saddle += state.hand[seat][P.SADDLE_SORES]
                slow += state.ml[seat][P.SLOW_LEAK]
                lost_id += state.ml[seat][P.LOST_ID]
        w = self.w
        loss = 0.0
        if headwind:
            loss += w.energy * min(2, energy)
        if slow:
            loss += w.energy * min(3, energy)
        if not R.is_big(dot) and (lost_id or (saddle and 0 < money <= 2)):
            back = R.last_big_city(state, me)
            loss += max(0.0, self.me.plan(back) - self.me.plan(dot))
        return w.risk * loss
