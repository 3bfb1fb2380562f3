"""How The Open Road's heuristic bot scores each decision of a turn, one step ahead.

:class:`Moves` scores a legal action by what it changes, in dots (see
``evaluation``): a ride by the plan it shortens, less the energy it spends, plus
what landing brings (the Heartland and Side Trip bonuses, a hotel, a safe big city);
a card by what playing it brings now less what it is worth held; a card against a
rider by the damage it does, weighted by that rider's threat.  On the turn's last
action the risk of what the opponents hold (Headwind, Slow Leak, Lost I.D., a
bankrupting Saddle Sores) counts too.  :meth:`Moves.finish` first looks for a win this
turn: a ride to the destination, or a card or cash-in that makes one possible.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from roadtrip.bots.open_road.evaluation import MAX_CUBES, Rider, Situation, Weights, landing_bonuses
from roadtrip.games.open_road import actions as A
from roadtrip.games.open_road import playing as P
from roadtrip.games.open_road import riding as R

WIN = 1e6
NEVER = -1e6
LOSE_TURN_CARDS = tuple(sorted(P.LOSE_TURN))


class Moves:
    """The scores of one rider's decisions in one state (``sit.me`` decides)."""

    def __init__(self, sit: Situation) -> None:
        self.sit = sit
        self.state = sit.state
        self.w: Weights = sit.w
        self.me: Rider = sit.me
        self.seat = sit.me.seat
        state, seat = self.state, self.seat
        # Where landing pays: dot -> (energy, money, extra).
        self.cubes = {x: (e, m, extra) for x, e, m, extra in landing_bonuses(state, seat)}
        hand = state.hand[seat]
        self.city_cards = bool(hand[P.FREE_NIGHT] or hand[P.COUCH_SURF] or hand[P.TUNE_UP])
        self.tent = bool(state.ml[seat][P.BETTER_TENT])
        self.last_action = state.actions_left <= 1
        self.base = self.me.plan(self.me.pos)

    # ------------------------------------------------------------ rides
    def ride(self, dot: int, cost: int) -> float:
        """A ride (or a Tune Up cruise, ``cost`` 0) ending on ``dot``."""
        me, w = self.me, self.w
        if dot == self.state.dest[self.seat]:
            return WIN
        energy = me.energy - cost
        money = me.money
        score = self.base - me.plan_after(dot) - w.energy * cost
        if R.CITY_MASK >> dot & 1:
            cubes = self.cubes.get(dot)
            if cubes is not None:
                gain_e, gain_m, extra = cubes
                planned = me.bonus.get(dot)
                if planned is not None:  # the plan counted it: the same worth
                    score += planned
                else:
                    score += me.energy_value(energy, gain_e) + me.money_gain(gain_m) + extra
                energy = min(MAX_CUBES, energy + gain_e)
                money = min(MAX_CUBES, money + gain_m)
            if R.BIG_MASK >> dot & 1 and money >= R.HOTEL_PRICE and self._hotel_offered(dot):
                hotel = me.energy_value(energy, R.HOTEL_ENERGY) - (
                    me.money_value(money) - me.money_value(money - R.HOTEL_PRICE)
                )
                if hotel > 0:
                    score += hotel
                    energy = min(MAX_CUBES, energy + R.HOTEL_ENERGY)
                    money -= R.HOTEL_PRICE
            if self.city_cards:
                score += w.city
        elif self.tent:
            score += w.energy * 0.5
        if self.last_action:
            score -= self.sit.risk(dot, energy, money)
        return score

    def _hotel_offered(self, dot: int) -> bool:
        state = self.state
        if not state.game_rules.hotel_first_visit:
            return True
        return not state.been_big[self.seat] >> dot & 1

    def ride_candidates(self, lay: Sequence[int]) -> Iterator[tuple[int, int]]:
        """(dot, dots) worth scoring: every city within reach and every dot of the
        farthest layer (a camp site short of it is never better than going on)."""
        last = len(lay) - 1
        for k in range(1, last + 1):
            mask = lay[k] if k == last else lay[k] & R.CITY_MASK
            while mask:
                low = mask & -mask
                yield low.bit_length() - 1, k
                mask ^= low

    def best_ride(
        self, lay: Sequence[int], peloton: bool, legal: set[int] | None = None
    ) -> tuple[float, int]:
        """The best ride over ``lay``: (score, dot); (NEVER, -1) if there is none."""
        best, where = NEVER, -1
        for dot, k in self.ride_candidates(lay):
            if legal is not None and dot not in legal:
                continue
            cost = (k + 1) // 2 if peloton else k
            score = self.ride(dot, cost)
            if score > best:
                best, where = score, dot
        return best, where

    def cruise(self, legal: Sequence[int]) -> tuple[float, int]:
        """The best Tune Up cruise among ``legal`` dots."""
        lay = self.state.reach(self.seat, True)
        depth = {dot: k for k in range(1, len(lay)) for dot in R.bits(lay[k])}
        best, where = NEVER, -1
        for dot in legal:
            if dot in depth:
                score = self.ride(dot, 0)
                if score > best:
                    best, where = score, dot
        return best, where

    # --------------------------------------------------------- resources
    def energy_gain(self, gain: int) -> float:
        return self.me.energy_value(self.me.energy, gain)

    def end_risk(self, energy: int, money: int) -> float:
        """The risk after an action that leaves the rider where they are."""
        if not self.last_action:
            return 0.0
        return self.sit.risk(self.me.pos, min(MAX_CUBES, energy), min(MAX_CUBES, money))

    def credit_mix(self) -> tuple[float, int]:
        """The best Credit Card mix: (worth, energy taken)."""
        best, take = NEVER, A.CREDIT_CUBES
        for energy in range(A.CREDIT_CUBES, -1, -1):
            money = A.CREDIT_CUBES - energy
            value = self.energy_gain(energy) + self.me.money_gain(money)
            value -= self.end_risk(self.me.energy + energy, self.me.money + money)
            if value > best:
                best, take = value, energy
        return best, take

    # ---------------------------------------------------------- against
    def damage(self, card: int, seat: int) -> float:
        """What ``card`` (a PLAY or MOTHER_LODE action) against ``seat`` is worth to
        me: the dots it costs them times their threat, and ``urgent`` if it stops
        them from winning on their next turn."""
        rider = self.sit.riders[seat]
        w = self.w
        urgent = rider.could_win_next()
        blocked = False
        if card == A.PLAY_BASE + P.HEADWIND:
            loss = min(2, rider.energy)
            dots = w.energy * loss
            blocked = urgent and _reach_with(rider, rider.energy - loss) < rider.direct
        elif card == A.PLAY_BASE + P.SADDLE_SORES:
            had = rider.money
            dots = rider.money_value(had) - rider.money_value(max(0, had - 2))
            if 0 < had <= 2 and not rider.big:
                back = self.send_back(rider)
                dots += back
                blocked = urgent and back > 0
        elif card - A.PLAY_BASE in P.LOSE_TURN and card < A.MOTHER_LODE_BASE:
            dots = 2 * w.action
            blocked = urgent
        elif card == A.MOTHER_LODE_BASE + P.LOST_ID:
            dots = self.send_back(rider)
            blocked = urgent and dots > 0
        elif card == A.MOTHER_LODE_BASE + P.BANDIT:
            return self.bandit(seat)
        else:
            return 0.0
        return w.attack * self.sit.threats[seat] * dots + (w.urgent if blocked else 0.0)

    def send_back(self, rider: Rider) -> float:
        """Dots a rider loses going back to their last big city (none from a big city)."""
        if rider.big:
            return 0.0
        back = R.last_big_city(self.state, rider.seat)
        return max(0.0, rider.plan(back) - rider.plan(rider.pos))

    def bandit(self, seat: int) -> float:
        """My gain and their loss from a Bandit against ``seat`` (the Bandit's slot is
        freed first; I take the cards I value most)."""
        room = self.sit.room() + 1
        values = self.sit.cards
        theirs = sorted(
            (values[k] for k in range(len(values)) for _ in range(self.state.hand[seat][k])),
            reverse=True,
        )
        taken = sum(theirs[:room])
        return taken * (1 + self.w.attack * self.sit.threats[seat])

    def best_against(self, card: int) -> float:
        targets = P.targets(self.state, self.seat, card)
        return max((self.damage(card, t) for t in targets), default=NEVER)

    def slow_leak(self) -> float:
        total = 0.0
        w = self.w
        for rider in self.sit.riders:
            if rider.seat == self.seat:
                continue
            loss = min(3, rider.energy)
            total += w.attack * self.sit.threats[rider.seat] * w.energy * loss
            if rider.could_win_next() and _reach_with(rider, rider.energy - loss) < rider.direct:
                total += w.urgent
        return total

    # ------------------------------------------------------ road closure
    def closure_candidates(self) -> list[int]:
        """Camp sites on the shortest way of the most threatening opponent."""
        riders = [r for r in self.sit.riders if r.seat != self.seat]
        if not riders:
            return []
        target = max(riders, key=lambda r: (self.sit.threats[r.seat], -r.direct))
        out = []
        dot, dd = target.pos, target.dd
        neighbours = A.BOARD.neighbours
        while dd[dot] > 0:
            dot = next(v for v in neighbours[dot] if dd[v] == dd[dot] - 1)
            if not R.CITY_MASK >> dot & 1:
                out.append(dot)
        return out

    def closure(self, camp: int) -> float:
        """What moving the road closure cube to ``camp`` is worth: the dots it adds
        to the opponents' rides (by threat) less the dots it adds to mine."""
        w = self.w
        total = 0.0
        for rider in self.sit.riders:
            dest = self.state.dest[rider.seat]
            longer = _distance_with(rider.pos, dest, camp) - rider.direct
            if rider.seat == self.seat:
                total -= longer
            else:
                total += w.attack * self.sit.threats[rider.seat] * longer
                reach = rider.reach_next()
                if rider.direct <= reach < rider.direct + longer:
                    total += w.urgent
        return total

    def best_closure(self, legal: set[int] | None = None) -> tuple[float, int]:
        best, where = NEVER, -1
        for camp in self.closure_candidates():
            if camp == self.state.closure or (legal is not None and camp not in legal):
                continue
            score = self.closure(camp)
            if score > best:
                best, where = score, camp
        return best, where


def _distance_with(pos: int, dest: int, camp: int) -> int:
    """Dots from ``pos`` to ``dest`` with the road closure on ``camp`` (a rider
    standing on the closed camp site may leave it)."""
    dd = R.distances_to(dest, camp)
    if pos != camp:
        return dd[pos]
    return 1 + min(dd[v] for v in A.BOARD.neighbours[pos])


def _reach_with(rider: Rider, energy: int) -> int:
    """A rider's reach next turn with ``energy`` cubes instead of theirs."""
    held = rider.energy
    rider.energy = max(0, energy)
    try:
        return rider.reach_next()
    finally:
        rider.energy = held
