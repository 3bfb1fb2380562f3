"""One player's Road to 300 sheet: crosses, circles, position and the step in play.

A :class:`Sheet` is plain data with bitmasks, so that copying a state and finding
legal moves stay cheap.  The state (``rules.py``) moves sheets through the steps.
"""

from __future__ import annotations

from roadtrip.games.road_to_300.board import VALUES, mask_cells

OUTSIDE = -1

# What a sheet is waiting for.
ROLL = 0  # needs a (re)roll: the chance player acts next
CROSS = 1  # step 2: choose a field to cross
MOVE = 2  # step 4: choose where the movement ends
WAITING = 3  # this round is done for the sheet (or it passed)
OVER = 4  # this player's game has ended

STEP_NAMES = {ROLL: "roll", CROSS: "cross", MOVE: "move", WAITING: "waiting", OVER: "over"}

# Why a player's game ended.
END_NO_CROSS = "no_cross"  # three failed rolls in a row (step 2)
END_NO_MOVE = "no_move"  # the movement could not be carried out (step 4)


class Sheet:
    """The sheet of one seat."""

    __slots__ = (
        "circled",
        "cross_options",
        "crossed",
        "destinations",
        "ended",
        "failed",
        "move_die",
        "position",
        "roll",
        "rounds",
        "step",
    )

    def __init__(self) -> None:
        self.crossed = 0  # mask of fields with an X
        self.circled = 0  # mask of fields with a circle
        self.position = OUTSIDE
        self.roll = -1  # index into board.ROLLS, -1 before the first roll
        self.failed = 0  # failed rolls in a row
        self.step = ROLL
        self.cross_options: tuple[tuple[int, int], ...] = ()  # (cell, movement die)
        self.move_die = 0
        self.destinations: tuple[int, ...] = ()
        self.ended: str | None = None
        self.rounds = 0  # rounds in which this sheet crossed a field

    def copy(self) -> Sheet:
        other = Sheet.__new__(Sheet)
        for name in Sheet.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    @property
    def blocked(self) -> int:
        """Fields that may no longer be entered: X and/or circle."""
        return self.crossed | self.circled

    def score(self, final_field: str) -> int:
        """Sum of fields with both an X and a circle, adjusted by the final-field ruling."""
        scored = self.crossed & self.circled
        if self.position != OUTSIDE and self.step == OVER:
            bit = 1 << self.position
            if final_field == "always":
                scored |= bit
            elif final_field == "never":
                scored &= ~bit
        return sum(VALUES[c] for c in mask_cells(scored))
