"""Your Mileage May Vary bots: "threshold" and "push-your-luck".

Each decision comes after a complete fill-up (three cubes, fewer from a short
bag): stop (``STOP``: the cubes fill the boxes they can) or fill up again
(``GO_ON``: if none of the new cubes matches a fuel colour, the colours of the
turn's first fill-up, the whole turn goes back into the bag).

* :class:`ThresholdMileageBot` stops after ``fill_ups`` fill-ups, or once the
  cubes on the pumps would fill ``boxes`` boxes.
* :class:`PushYourLuckMileageBot` weighs one more fill-up with exact
  hypergeometric odds from the bag in its view: the expected number of boxes
  still needed that the new cubes would fill (and only if they don't bust)
  against the chance of a bust times the boxes already won this turn.  Stopping
  when the cubes complete the mat wins at once, so it always stops then; while
  an opponent is about to finish it takes more risk.
"""

from __future__ import annotations

from typing import Any

from roadtrip.bots.main_street.odds import (
    FILL_UP,
    StopOrGoBot,
    color_counts,
    fill_up_bust_odds,
    mean_capped,
)
from roadtrip.core.game import Game
from roadtrip.games.main_street.base import GO_ON, STOP
from roadtrip.games.main_street.data import BOXES, NUM_COLORS


def boxes_won(pumps: list[int], mat: list[int]) -> tuple[list[int], list[int]]:
    """(boxes the pump cubes would fill, boxes still open after that), per colour."""
    drawn = color_counts(pumps)
    won = [min(d, max(0, b - m)) for d, b, m in zip(drawn, BOXES, mat, strict=True)]
    left = [max(0, b - m) - w for b, m, w in zip(BOXES, mat, won, strict=True)]
    return won, left


class ThresholdMileageBot(StopOrGoBot):
    """Stop after ``fill_ups`` fill-ups, or once the pumps fill ``boxes`` boxes."""

    name = "threshold"

    def __init__(self, game: Game | None = None, fill_ups: int = 4, boxes: int = 5) -> None:
        super().__init__(game)
        self.fill_ups = fill_ups
        self.boxes = boxes

    def decide(self, view: dict[str, Any], seat: int) -> int:
        if view["fill_ups"] >= self.fill_ups:
            return STOP
        won, left = boxes_won(view["pumps"], view["mats"][seat]["cubes"])
        return STOP if sum(won) >= self.boxes or not any(left) else GO_ON


class PushYourLuckMileageBot(StopOrGoBot):
    """One fill-up ahead with exact odds: fill up again while the expected boxes
    it adds beat ``risk`` times the chance of a bust times the boxes at stake.

    While an opponent needs at most ``threat_boxes`` more boxes, ``threat_risk``
    replaces ``risk``: the race may be lost next turn, so the bot goes for it; on
    a last turn (``end=finish_round``, after a mat is complete) only completing
    counts, so it fills up again until its cubes complete the mat or nothing it
    needs can come.
    """

    name = "push-your-luck"

    def __init__(
        self,
        game: Game | None = None,
        *,
        risk: float = 0.8,
        threat_boxes: int = 4,
        threat_risk: float = 0.3,
    ) -> None:
        super().__init__(game)
        self.risk = risk  # > 1: more careful, < 1: bolder
        self.threat_boxes = threat_boxes
        self.threat_risk = threat_risk

    def decide(self, view: dict[str, Any], seat: int) -> int:
        mats = view["mats"]
        won, left = boxes_won(view["pumps"], mats[seat]["cubes"])
        if not any(left):
            return STOP  # the mat is complete: the race is won
        risk = self.risk
        if view["trigger"] is not None:
            risk = 0.0  # a mat is complete: only completing this turn shares the win
        elif len(mats) > 1:
            closest = min(m["boxes_total"] - m["boxes_filled"] for m in mats if m["seat"] != seat)
            if closest <= self.threat_boxes:
                risk = self.threat_risk
        bag: list[int] = view["bag"]
        bust, ways = fill_up_bust_odds(bag, view["fuel"])
        p_bust = bust / ways
        gain = expected_boxes(bag, view["fuel"], left, p_bust)
        return GO_ON if gain > risk * p_bust * sum(won) else STOP


def expected_boxes(bag: list[int], fuel: list[int], left: list[int], p_bust: float) -> float:
    """E[boxes still open that the next fill-up fills, 0 if it busts].

    By colour: E[min(X, open boxes)] with X hypergeometric (the cubes of that
    colour among the fill-up's), less, for a colour that is not fuel, what busts
    take away: P(bust) times the same expectation over a fill-up drawn from the
    cubes that are not fuel.  (A fuel cube never comes with a bust.)
    """
    total = sum(bag)
    size = min(FILL_UP, total)
    others = total - sum(bag[c] for c in set(fuel))
    gain = 0.0
    for c in range(NUM_COLORS):
        if not left[c] or not bag[c]:
            continue
        gain += mean_capped(total, bag[c], size, left[c])
        if c not in fuel and p_bust:
            gain -= p_bust * mean_capped(others, bag[c], size, left[c])
    return gain


__all__ = [
    "PushYourLuckMileageBot",
    "ThresholdMileageBot",
    "boxes_won",
    "expected_boxes",
]
