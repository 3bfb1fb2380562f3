"""Game #2, Your Mileage May Vary: fill up with three cubes; the first fill-up
fixes the fuel colours; every further fill-up must match one of them or the whole
turn goes back into the bag.  Stopping fills the state boxes and the sign's five
black boxes; the first mat with every box filled wins at once.
"""

from __future__ import annotations

from typing import Any

from roadtrip.core.game import GameInfo
from roadtrip.games.main_street.base import (
    END_COMPLETE,
    GO_ON,
    MainStreetGame,
    MainStreetState,
    cubes_word,
)
from roadtrip.games.main_street.data import BOXES
from roadtrip.games.main_street.options import YMMV_OPTIONS
from roadtrip.games.main_street.tensor import mileage_tensor, mileage_tensor_size
from roadtrip.games.main_street.view import mileage_view

FILL_UP = 3
TOTAL_BOXES = sum(BOXES)


class MileageGame(MainStreetGame):
    info = GameInfo(
        id="mileage-may-vary",
        name="Your Mileage May Vary (America's Main Street)",
        min_players=1,
        max_players=5,
        summary="Race along Route 66: fill up with three cubes at a time, keep "
        "matching your first fuel colours, and be first to fill every box.",
    )
    options_spec = YMMV_OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.refuse_short = self.options["short_bag"] == "refuse"

    def new_initial_state(self) -> MileageState:
        return MileageState(self)

    def observation_tensor_size(self) -> int:
        return mileage_tensor_size(self.num_players())


class MileageState(MainStreetState):
    """A Your Mileage May Vary match.  ``drawn`` is what is on the gas pumps."""

    STOP_TEXT = "stop: fill the boxes on the mat"
    GO_ON_TEXT = "fill up again: draw three more cubes"

    __slots__ = ()

    _game: MileageGame

    def _new_turn(self) -> None:
        self.fuel_mask = 0
        self.fill_ups = 0
        self.fill_start = 0

    def _draw_count(self, first: bool) -> int:
        if not first and self._game.refuse_short and self.bag_total < FILL_UP:
            return 0
        return min(FILL_UP, self.bag_total)

    def _go_on_text(self) -> str:
        """'fill up again: draw three more cubes', or as many as the bag still holds."""
        size = self._draw_count(first=False)
        if size == FILL_UP or size == 0:
            return self.GO_ON_TEXT
        return f"fill up again: draw the last {cubes_word(size)} in the bag"

    def _apply(self, action: int, seat: int) -> None:
        if seat >= 0 and action == GO_ON:
            self.fill_start = len(self.drawn)
        super()._apply(action, seat)

    def _after_draw(self) -> bool:
        self.fill_ups += 1
        fill = 0
        for cube in self.drawn[self.fill_start :]:
            fill |= 1 << cube
        if self.fill_ups == 1:
            self.fuel_mask = fill
            return False
        return not fill & self.fuel_mask

    def _place(self) -> None:
        mat = self.mats[self.seat]
        excess = []
        for cube in self.drawn:
            if mat[cube] < BOXES[cube]:
                mat[cube] += 1
            else:
                excess.append(cube)
        self._return_cubes(excess)

    def _end_reason(self, seat: int) -> str | None:
        mat = self.mats[seat]
        return END_COMPLETE if all(m >= b for m, b in zip(mat, BOXES, strict=True)) else None

    # ------------------------------------------------------------ results
    def scores(self) -> list[float]:
        """Boxes filled (out of 25) on each mat."""
        return [float(self.boxes_filled(s)) for s in range(len(self.mats))]

    def winners(self) -> list[int]:
        """Every complete mat; if none is (the race stalled on an empty bag, or
        max_rounds cut it off), the most boxes filled, ties share; none in solo."""
        if self.ended is None:
            return []
        complete = [s for s in range(len(self.mats)) if self._end_reason(s) is not None]
        if complete:
            return complete
        return self._leaders([self.boxes_filled(s) for s in range(len(self.mats))])

    # ------------------------------------------------------------ words
    def _view(self, seat: int | None) -> dict[str, Any]:
        return mileage_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        return mileage_tensor(self, seat)
