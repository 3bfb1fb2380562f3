"""Get Your Kicks bots: "threshold" and "push-your-luck".

Each decision comes after a cube has gone into the casino: conclude (``STOP``,
keep every casino cube) or continue (``GO_ON``, draw another; a colour already in
the casino busts the turn and every cube goes back to the bag).

* :class:`ThresholdKicksBot` concludes once the casino holds ``cubes`` cubes, or
  earlier when the chance that the next cube busts reaches ``max_bust``.
* :class:`PushYourLuckKicksBot` weighs one more draw: the expected value of the
  next cube against the chance of a bust times the value of the casino, both
  computed exactly from the bag in its view.  A cube's value is its points in a
  multiplayer game, and progress toward the colours still missing on the mat in a
  solo game (rare colours count more; a black cube beyond the first counts
  against, and a black that would be the sixth, losing a solo game, is a bust;
  with ``solo_six_black=ignore`` black cubes are merely spare).
  Where concluding ends the game it concludes only if that wins.
"""

from __future__ import annotations

from typing import Any

from roadtrip.bots.main_street.odds import (
    StopOrGoBot,
    color_counts,
    draw_bust_odds,
)
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BLACK, NUM_COLORS, POINTS, mat_points
from roadtrip.games.main_street.kicks import SIX_BLACK


class ThresholdKicksBot(StopOrGoBot):
    """Conclude at ``cubes`` casino cubes, or once the bust chance is ``max_bust``."""

    name = "threshold"

    def __init__(self, game: Game | None = None, cubes: int = 3, max_bust: float = 0.4) -> None:
        super().__init__(game)
        self.cubes = cubes
        self.max_bust = max_bust

    def decide(self, view: dict[str, Any], seat: int) -> int:
        casino: list[int] = view["casino"]
        if len(casino) >= self.cubes:
            return STOP
        busting, total = draw_bust_odds(view["bag"], casino)
        return STOP if busting >= self.max_bust * total else GO_ON


class PushYourLuckKicksBot(StopOrGoBot):
    """One draw ahead with exact odds: go on while the expected gain of the next
    cube beats ``risk`` times the chance of a bust times the casino's value."""

    name = "push-your-luck"

    def __init__(
        self,
        game: Game | None = None,
        *,
        risk: float = 0.8,
        rarity: float = 1.5,
        spare: float = 0.05,
        extra_black: float = 0.1,
    ) -> None:
        super().__init__(game)
        self.risk = risk  # > 1: more careful, < 1: bolder
        self.rarity = rarity  # solo: a missing colour is worth (1 / its share) ** rarity
        self.spare = spare  # solo: a cube of a colour already on the mat
        self.extra_black = extra_black  # solo: cost of a black per black on the mat
        options: dict[str, Any] = dict(game.options) if game is not None else {}
        self.six_black_wins = options.get("solo_six_black") == "win"
        # solo_six_black=ignore: six black cubes do not end a solo game
        self.six_black_ends = options.get("solo_six_black") != "ignore"

    def decide(self, view: dict[str, Any], seat: int) -> int:
        casino = color_counts(view["casino"])
        mats = [mat["cubes"] for mat in view["mats"]]
        after = [m + c for m, c in zip(mats[seat], casino, strict=True)]
        if len(mats) == 1:
            return self._solo(view["bag"], casino, mats[0], after)
        others = max(mat_points(mat) for s, mat in enumerate(mats) if s != seat)
        if all(after) or after[BLACK] >= SIX_BLACK or view["trigger"] is not None:
            # Concluding ends the game (or this is the last turn): only a win counts.
            return STOP if mat_points(after) >= others else GO_ON
        return self._weigh(view["bag"], casino, [float(p) for p in POINTS], (), self.risk)

    def _solo(self, bag: list[int], casino: list[int], mat: list[int], after: list[int]) -> int:
        if all(after):
            return STOP  # the goal: every state and the sign
        if after[BLACK] >= SIX_BLACK and self.six_black_ends:
            return STOP if self.six_black_wins else GO_ON
        harmful_black = self.six_black_ends and not self.six_black_wins
        total = sum(bag)
        values = [self.spare] * NUM_COLORS
        for c in range(NUM_COLORS):
            if not mat[c]:
                values[c] = (total / (NUM_COLORS * max(bag[c], 1))) ** self.rarity
        if mat[BLACK] and harmful_black:
            values[BLACK] = self.spare - self.extra_black * after[BLACK]
        poison: tuple[int, ...] = ()
        if after[BLACK] + 1 >= SIX_BLACK and harmful_black:
            poison = (BLACK,)  # a sixth black would lose: drawing one is a bust
        return self._weigh(bag, casino, values, poison, self.risk)

    def _weigh(
        self,
        bag: list[int],
        casino: list[int],
        values: list[float],
        poison: tuple[int, ...],
        risk: float,
    ) -> int:
        """GO_ON if the next cube's expected value beats the expected loss."""
        busting = [c for c in range(NUM_COLORS) if casino[c] or c in poison]
        bust, total = draw_bust_odds(bag, busting)
        if not total:
            return STOP
        gain = sum(bag[c] * values[c] for c in range(NUM_COLORS) if c not in busting)
        at_stake = sum(values[c] * casino[c] for c in range(NUM_COLORS))
        return GO_ON if gain > risk * bust * at_stake else STOP


__all__ = ["PushYourLuckKicksBot", "ThresholdKicksBot"]
