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
    END_MAX_ROUNDS,
    END_SIX_BLACK,
    MainStreetGame,
    MainStreetState,
)
from roadtrip.games.main_street.data import BLACK, mat_points
from roadtrip.games.main_street.options import GYK_OPTIONS
from roadtrip.games.main_street.tensor import kicks_tensor, kicks_tensor_size
from roadtrip.games.main_street.view import kicks_view

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
        solo = self.num_players() == 1
        self.six_black_wins_solo = solo and self.options["solo_six_black"] == "win"
        # solo_six_black=ignore: six black cubes do not end a solo game.
        self.six_black_ends = not (solo and self.options["solo_six_black"] == "ignore")

    def new_initial_state(self) -> GetYourKicksState:
        return GetYourKicksState(self)

    def observation_tensor_size(self) -> int:
        return kicks_tensor_size(self.num_players())


class GetYourKicksState(MainStreetState):
    """A Get Your Kicks match.  ``drawn`` is the casino."""

    STOP_TEXT = "conclude: place the casino cubes on the mat"
    GO_ON_TEXT = "continue: draw another cube"

    __slots__ = ()

    _game: GetYourKicksGame

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
        if mat[BLACK] >= SIX_BLACK and self._game.six_black_ends:
            return END_SIX_BLACK
        return None

    # ------------------------------------------------------------ results
    def scores(self) -> list[float]:
        """Points: cubes on each state and the sign times their points."""
        return [float(mat_points(mat)) for mat in self.mats]

    def winners(self) -> list[int]:
        """Solo: a complete mat (or six black cubes with solo_six_black=win); a solo
        game cut off by max_rounds is lost.  Several mats: the most points, ties
        share, however the game ended (max_rounds included)."""
        if self.ended is None:
            return []
        if len(self.mats) == 1:
            reason = self._end_reason(0)
            six_black_win = reason == END_SIX_BLACK and self._game.six_black_wins_solo
            solo_win = self.ended != END_MAX_ROUNDS and (reason == END_COMPLETE or six_black_win)
            return [0] if solo_win else []
        return self._leaders([mat_points(mat) for mat in self.mats])

    # ------------------------------------------------------------ words
    def _view(self, seat: int | None) -> dict[str, Any]:
        return kicks_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        return kicks_tensor(self, seat)
