"""Game #1, Get Your Kicks: draw cubes into the casino one at a time; a repeated
colour busts the turn; concluding puts every casino cube on its state (black on the
Route 66 sign).  The game ends when a mat has a cube on all eight states and the
sign, or six black cubes on the sign; cubes times points decide the winner.
"""

from __future__ import annotations

from typing import Any

from roadtrip.core.game import GameInfo
from roadtrip.games.main_street.base import (
    END_COMPLETE,
    END_SIX_BLACK,
    MainStreetGame,
    MainStreetState,
)
from roadtrip.games.main_street.data import BLACK, mat_points
from roadtrip.games.main_street.options import GYK_OPTIONS

SIX_BLACK = 6


class GetYourKicksGame(MainStreetGame):
    info = GameInfo(
        id="get-your-kicks",
        name="Get Your Kicks (America's Main Street)",
        min_players=1,
        max_players=5,
        summary="Push your luck at the Route 66 casino: draw cubes one by one, stop "
        "before a colour repeats, and collect a cube for every state and the sign.",
    )
    options_spec = GYK_OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.six_black_wins_solo = self.options["solo_six_black"] == "win"

    def new_initial_state(self) -> GetYourKicksState:
        return GetYourKicksState(self)

    def observation_tensor_size(self) -> int:
        from roadtrip.games.main_street.tensor import kicks_tensor_size

        return kicks_tensor_size(self.num_players())


class GetYourKicksState(MainStreetState):
    """A Get Your Kicks match.  ``drawn`` is the casino."""

    STOP_TEXT = "conclude: place the casino cubes on the mat"
    GO_ON_TEXT = "continue: draw another cube"

    __slots__ = ("casino_mask",)

    _game: GetYourKicksGame

    def __init__(self, game: GetYourKicksGame) -> None:
        self.casino_mask = 0
        super().__init__(game)

    def _new_turn(self) -> None:
        self.casino_mask = 0

    def _draw_count(self, first: bool) -> int:
        return 1 if self.bag_total else 0

    def _after_draw(self) -> bool:
        bit = 1 << self.drawn[-1]
        if self.casino_mask & bit:
            self.casino_mask = 0
            return True
        self.casino_mask |= bit
        return False

    def _place(self) -> None:
        mat = self.mats[self.seat]
        for cube in self.drawn:
            mat[cube] += 1
        self.casino_mask = 0

    def _end_reason(self, seat: int) -> str | None:
        mat = self.mats[seat]
        if all(mat):
            return END_COMPLETE
        if mat[BLACK] >= SIX_BLACK:
            return END_SIX_BLACK
        return None

    def _copy_extra(self, other: Any) -> None:
        other.casino_mask = self.casino_mask

    # ------------------------------------------------------------ results
    def scores(self) -> list[float]:
        """Points: cubes on each state and the sign times their points."""
        return [float(mat_points(mat)) for mat in self.mats]

    def winners(self) -> list[int]:
        if self.ended is None:
            return []
        if len(self.mats) == 1:
            reason = self._end_reason(0)
            solo_win = reason == END_COMPLETE or (
                reason == END_SIX_BLACK and self._game.six_black_wins_solo
            )
            return [0] if solo_win else []
        points = [mat_points(mat) for mat in self.mats]
        best = max(points)
        return [s for s, p in enumerate(points) if p == best]

    # ------------------------------------------------------------ words
    def _view(self, seat: int | None) -> dict[str, Any]:
        from roadtrip.games.main_street.view import kicks_view

        return kicks_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        from roadtrip.games.main_street.tensor import kicks_tensor

        return kicks_tensor(self, seat)
