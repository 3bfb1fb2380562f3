"""A heuristic Road Rally USA bot: race to be ahead where the rally points it holds
are scored, and keep the deck turning.

The bot reads only ``observation.view`` (its own hand and rally cards, every car's
public counts, the track) and the game's public options; it never samples a state.
Each decision is recomputed from the view, deterministically:

* Play: every play the hand allows (cards of one colour, or up to five of any
  colours on a General Store) is scored by :class:`~roadtrip.bots.road_rally.evaluation.
  Situation` (progress, cards kept and drawn, Gas / Mechanic / General Store /
  shortcut, the expected place at the end of the round at the rally points that
  round resolves, checkpoints, the finish).  Playing is a sequence of actions (a
  card, a card, ..., done): each step rescores the plays that contain the cards
  already chosen, with the hand as it was before the first, so the plan chosen at
  the first step is carried out to the end.
* Shortcut: taken when the far side scores better.
* Mechanic: the cards it will draw next go on top: greens when the hand is low,
  else the highest cards of the colour it holds most of.
* Reveal: a held rally point is revealed when its place pays (twice its place
  points against the others' mean); while it still holds more live rally cards
  than it may score (3 of 4), only from a good place (first or second of four).
* 4th / 5th place: two cards instead of the points when the hand is nearly empty.

Colour variants play the same way with a bonus per card of one colour played
(``heuristic-green``, ``-yellow``, ``-red``) or a malus (``heuristic-no-green`` ...):
the simulator's card-colour balance check.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import product
from random import Random
from statistics import fmean
from typing import Any

from roadtrip.bots.base import Bot, Observation, WeightedHeuristic
from roadtrip.bots.road_rally.evaluation import COLORS, VALUES, Situation, Weights
from roadtrip.core.game import Game
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally.data import (
    COLOR_NAMES,
    GREEN,
    NUM_TYPES,
    POINTS_BY_PLACE,
    RAINBOW_MAX_CARDS,
)

GAME_ID = "road-rally"
COLOR_BONUS = 1.5  # spaces per card of a variant's colour: + favours it, - avoids it
# The colour variants (balance checks): name -> (colour, bonus per card played).
ROAD_RALLY_COLOR_BOTS: dict[str, tuple[int, float]] = {
    **{f"heuristic-{name}": (color, COLOR_BONUS) for color, name in enumerate(COLOR_NAMES)},
    **{f"heuristic-no-{name}": (color, -COLOR_BONUS) for color, name in enumerate(COLOR_NAMES)},
}
LOW_HAND = 2  # cards: below this many, greens go on top at a Mechanic


class RoadRallyBot(WeightedHeuristic[Weights]):
    """The Road Rally heuristic (see the module docstring)."""

    game_id = GAME_ID

    def default_weights(self) -> Weights:
        return Weights()

    def decide(self, observation: Observation, legal: tuple[int, ...], rng: Random) -> int:
        view = observation.view
        options: dict[str, Any] = dict(observation.game.options)
        situation = Situation(view, options, self.weights)
        phase = view["phase"]
        if phase == "play":
            action = self._play(situation, view)
        elif phase == "shortcut":
            action = A.TAKE_SHORTCUT if situation.shortcut_gain() > 0 else A.SKIP_SHORTCUT
        elif phase == "mechanic":
            action = self._mechanic(situation, legal)
        elif phase == "reveal":
            action = A.REVEAL if self._reveals(situation, view) else A.PASS
        elif phase == "reward":
            action = A.TAKE_CARDS if self._takes_cards(situation, view) else A.TAKE_POINTS
        elif phase == "gas":
            action = A.GAS_BEFORE  # the cards just played may come round again at once
        else:
            action = legal[0]
        return action

    # -------------------------------------------------------------- play
    def _play(self, situation: Situation, view: dict[str, Any]) -> int:
        selected: list[int] = list(view["selected"])
        rainbow: bool = view["rainbow"]
        situation.hand = [h + s for h, s in zip(situation.hand, selected, strict=True)]
        best = max(
            plays(situation.hand, selected, rainbow),
            key=lambda plan: (situation.score(plan, rainbow), plan),
        )
        missing = [t for t in range(NUM_TYPES) if best[t] > selected[t]]
        if not missing:
            return A.DONE_PLAYING
        return A.PLAY_BASE + max(missing, key=lambda t: (VALUES[t], -t))

    # ---------------------------------------------------------- mechanic
    def _mechanic(self, situation: Situation, legal: Sequence[int]) -> int:
        hand = situation.hand
        by_color = [sum(hand[t] for t in range(NUM_TYPES) if COLORS[t] == c) for c in range(3)]
        main = max(range(3), key=lambda c: (by_color[c], c))
        low = sum(hand) < LOW_HAND and not situation.final
        preferred = self.weights.color

        def priority(action: int) -> tuple[float, int]:
            card = action - A.MECH_BASE
            value = float(VALUES[card])
            if low and COLORS[card] == GREEN:
                value += 4.0
            if COLORS[card] == main:
                value += 1.0
            if preferred is not None and COLORS[card] == preferred:
                value += 2.0
            return value, card

        return max(legal, key=priority)

    # ---------------------------------------------------- rally scoring
    def _reveals(self, situation: Situation, view: dict[str, Any]) -> bool:
        order: list[int] = view["order"]
        place = order.index(situation.me)
        points = _place_points(len(order))
        others = fmean(points[p] for p in range(len(order)) if p != place)
        advantage = 2 * points[place] - others
        if situation.spare_cards() and not situation.final:
            return advantage >= self.weights.spare_reveal
        return advantage >= self.weights.reveal_min

    def _takes_cards(self, situation: Situation, view: dict[str, Any]) -> bool:
        offered = view["mine"]["reward_points"] or 0
        hand = sum(situation.hand)
        if situation.final or situation.deck == 0:
            return False
        return hand <= self.weights.cards_hand or (hand <= LOW_HAND and offered <= 1)


def _place_points(players: int) -> list[int]:
    return list(POINTS_BY_PLACE[:players])


def plays(hand: Sequence[int], selected: Sequence[int], rainbow: bool) -> Iterator[tuple[int, ...]]:
    """Every play (counts per card type) that contains ``selected`` and that
    ``hand`` (the cards before this play) allows: one colour, or up to five cards
    of any colours on a General Store (``rainbow``)."""
    if rainbow:
        ranges = [range(selected[t], hand[t] + 1) for t in range(NUM_TYPES)]
        for plan in product(*ranges):
            if 1 <= sum(plan) <= RAINBOW_MAX_CARDS:
                yield plan
        return
    chosen = {COLORS[t] for t in range(NUM_TYPES) if selected[t]}
    for color in range(len(COLOR_NAMES)):
        if chosen and color not in chosen:
            continue
        ranges = [
            range(selected[t], hand[t] + 1) if COLORS[t] == color else range(0, 1)
            for t in range(NUM_TYPES)
        ]
        for plan in product(*ranges):
            if sum(plan):
                yield plan


def road_rally_bot_factory(name: str = "heuristic") -> Callable[[Game], Bot]:
    """A factory for the registry: the heuristic, or a colour variant by its name
    (``ROAD_RALLY_COLOR_BOTS``: heuristic-green favours green, heuristic-no-green
    avoids it)."""
    color, bonus = ROAD_RALLY_COLOR_BOTS.get(name, (None, 0.0))
    weights = Weights(color=color, color_bonus=bonus)

    def make(game: Game) -> Bot:
        return RoadRallyBot(game, weights, name=name)

    return make
