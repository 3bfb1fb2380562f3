"""Road to 300's rules: the Game and its State (solo and the competitive mode).

A round for each playing sheet: the chance player rolls three dice (step 1); the
player crosses a field that two dice name (step 2); the field they stand on is
crossed (step 3, automatic, skipped in round 1); the player picks where the third
die's movement ends (step 4), and that field is circled.  In the competitive mode
all playing sheets share the roll and decide at the same time: each seat's cross and
end of movement stay hidden from the others (views, tensors, determinizations) until
every sheet has finished the round, then all are revealed together (``_shown`` holds
the sheets as they were when the decisions began).

Actions: ``0..35`` cross that cell; ``36..71`` end the movement on cell ``a - 36``.
Chance actions ``0..55`` index ``board.ROLLS``.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from roadtrip.core.game import Game, GameInfo
from roadtrip.core.state import CHANCE, ROUND_LIMIT_ENDING, TERMINAL, State, shared_victory
from roadtrip.games.road_to_300 import board
from roadtrip.games.road_to_300.options import OPTIONS
from roadtrip.games.road_to_300.sheet import (
    CROSS,
    END_NO_CROSS,
    END_NO_MOVE,
    MOVE,
    OUTSIDE,
    OVER,
    ROLL,
    WAITING,
    Sheet,
)
from roadtrip.games.road_to_300.tensor import observation_tensor, tensor_size
from roadtrip.games.road_to_300.view import action_text, build_view

if TYPE_CHECKING:
    from random import Random  # a determinization's generator, never drawn here

MOVE_BASE = board.CELLS  # end-of-movement actions start here
NUM_ACTIONS = 2 * board.CELLS
MAX_FAILED_ROLLS = 3


def cross_action(cell: int) -> int:
    return cell


def move_action(cell: int) -> int:
    return MOVE_BASE + cell


class RoadTo300Game(Game):
    """Road to 300 with its variant options fixed."""

    info = GameInfo(
        id="road-to-300",
        name="Road to 300",
        min_players=1,
        max_players=6,
        summary="Roll three dice, cross a field, move with the third die; score 300 "
        "points of crossed and circled fields. Solo, or 2-6 players on a shared roll.",
    )
    options_spec = OPTIONS

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cross_standing = bool(self.options["cross_standing"])
        self.corner_free = self.options["first_move"] == "corner_free"
        self.pass_on_fail = self.options["no_cross"] == "pass"
        self.final_field = str(self.options["final_field"])
        self.target = int(self.options["target"])
        self.max_rounds = int(self.options["max_rounds"])
        if self.num_players() > 1:
            # Seats choose at once on the shared roll: what another seat chose this
            # round is hidden until all have chosen, so the match is not one of
            # perfect information (solo is).
            self.info = replace(RoadTo300Game.info, perfect_information=False)

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return len(board.ROLLS)

    def max_game_length(self) -> int:
        # Each sheet crosses at most 36 fields, with at most two failed rolls before
        # each cross and three at the end; each cross is two decisions.
        per_sheet = board.CELLS * (2 + 2) + MAX_FAILED_ROLLS
        return per_sheet * self.num_players() + board.CELLS * 3 + MAX_FAILED_ROLLS

    def new_initial_state(self) -> RoadTo300State:
        return RoadTo300State(self)

    def observation_tensor_size(self) -> int:
        return tensor_size(self.num_players())


class RoadTo300State(State):
    """A Road to 300 match: one sheet per seat, and who rolls or decides next."""

    __slots__ = ("_active_seats", "_cut_off", "_rolling", "_shown", "_since", "round", "sheets")

    _game: RoadTo300Game

    def __init__(self, game: RoadTo300Game) -> None:
        super().__init__(game)
        self.sheets = [Sheet() for _ in range(game.num_players())]
        self._rolling: tuple[int, ...] = tuple(range(game.num_players()))
        self._active_seats: tuple[int, ...] = ()
        self._cut_off = False  # the max_rounds limit ended the match
        # While the seats decide on a shared roll: every sheet as it was when the
        # decisions began (what the others see of it), and the history index then.
        self._shown: list[Sheet] | None = None
        self._since = 0
        self.round = 1

    # ------------------------------------------------------------ turn order
    def _current(self) -> int:
        if self._rolling:
            return CHANCE
        if self._active_seats:
            return self._active_seats[0]
        return TERMINAL

    def _active(self) -> tuple[int, ...]:
        return () if self._rolling else self._active_seats

    def rolling_seats(self) -> tuple[int, ...]:
        """Seats that will use the pending roll."""
        return self._rolling

    # -------------------------------------------------------------- actions
    def _legal(self, seat: int) -> list[int]:
        sheet = self.sheets[seat]
        if sheet.step == CROSS:
            return [cell for cell, _ in sheet.cross_options]
        if sheet.step == MOVE:
            return [MOVE_BASE + cell for cell in sheet.destinations]
        return []

    def _chance(self) -> list[tuple[int, float]]:
        return list(board.ROLL_OUTCOMES)

    def _is_chance_outcome(self, action: int) -> bool:
        return 0 <= action < len(board.ROLLS)

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        return list(enumerate(board.ROLL_PROBABILITY_EXACT))

    def _apply(self, action: int, seat: int) -> None:
        if seat == CHANCE:
            self._roll(action)
        elif action < MOVE_BASE:
            self._cross(self.sheets[seat], action)
            self._after_decision()
        else:
            self._move(self.sheets[seat], action - MOVE_BASE)
            self._after_decision()

    # Step 1: the (shared) roll, and what it means for each sheet that rolled.
    def _roll(self, roll: int) -> None:
        game = self._game
        rerolling = []
        for seat in self._rolling:
            sheet = self.sheets[seat]
            sheet.roll = roll
            sheet.move_die = 0
            blocked = sheet.crossed if game.cross_standing else sheet.blocked
            options = tuple(o for o in board.CROSS_OPTIONS[roll] if not blocked >> o[0] & 1)
            if options:
                sheet.failed = 0
                sheet.cross_options = options
                sheet.step = CROSS
                continue
            sheet.failed += 1
            sheet.cross_options = ()
            if sheet.failed >= MAX_FAILED_ROLLS:
                self._end(sheet, END_NO_CROSS)
            elif game.pass_on_fail:
                sheet.step = WAITING
            else:
                sheet.step = ROLL
                rerolling.append(seat)
        self._rolling = tuple(rerolling)
        self._active_seats = tuple(
            s for s, sheet in enumerate(self.sheets) if sheet.step in (CROSS, MOVE)
        )
        if not self._rolling and not self._active_seats:
            self._next_round()
        elif not self._rolling and len(self.sheets) > 1:
            self._shown = [sheet.copy() for sheet in self.sheets]
            self._since = len(self._history) + 1  # (the roll is appended after _apply)

    # Steps 2 and 3: cross the chosen field, then the field we stand on.
    def _cross(self, sheet: Sheet, cell: int) -> None:
        die = next(d for c, d in sheet.cross_options if c == cell)
        sheet.crossed |= 1 << cell
        sheet.rounds += 1
        if sheet.position == OUTSIDE:
            walks = board.ENTRY_WALKS[die] if self._game.corner_free else board.ENTRY_WALKS[die - 1]
        else:
            sheet.crossed |= 1 << sheet.position
            walks = board.WALKS[sheet.position][die]
        sheet.move_die = die
        sheet.cross_options = ()
        sheet.destinations = board.destinations(walks, sheet.crossed | sheet.circled)
        if sheet.destinations:
            sheet.step = MOVE
        else:
            self._end(sheet, END_NO_MOVE)

    # Step 4: end the movement on the chosen field and circle it.
    def _move(self, sheet: Sheet, cell: int) -> None:
        sheet.position = cell
        sheet.circled |= 1 << cell
        sheet.destinations = ()
        sheet.step = WAITING

    def _end(self, sheet: Sheet, reason: str) -> None:
        sheet.step = OVER
        sheet.ended = reason
        sheet.cross_options = ()
        sheet.destinations = ()

    def _after_decision(self) -> None:
        self._active_seats = tuple(
            s for s, sheet in enumerate(self.sheets) if sheet.step in (CROSS, MOVE)
        )
        if not self._active_seats:
            self._shown = None  # every sheet has chosen: all is revealed together
            self._next_round()

    def _next_round(self) -> None:
        playing = tuple(s for s, sheet in enumerate(self.sheets) if sheet.step != OVER)
        limit = self._game.max_rounds
        if playing and limit and self.round >= limit:
            # The round limit: every game still running ends here, scored as it stands.
            for seat in playing:
                self._end(self.sheets[seat], ROUND_LIMIT_ENDING)
            self._cut_off = True
            playing = ()
        for seat in playing:
            self.sheets[seat].step = ROLL
        self._rolling = playing
        if playing:
            self.round += 1

    # ----------------------------------------------- simultaneous decisions
    def _simultaneous_from(self) -> int | None:
        return None if self._shown is None else self._since

    def shown_sheet(self, seat: int, viewer: int | None) -> Sheet:
        """``seat``'s sheet as ``viewer`` (None: a spectator) may see it: while the
        seats decide on a shared roll, another seat's sheet as it was before."""
        if self._shown is None or seat == viewer:
            return self.sheets[seat]
        return self._shown[seat]

    def chosen_seats(self) -> tuple[int, ...]:
        """Seats that have made this round's decisions while others still decide
        (public: whom the table waits for is no secret; what they chose is)."""
        if self._shown is None:
            return ()
        deciding = set(self._active_seats)
        return tuple(
            s
            for s, sheet in enumerate(self._shown)
            if sheet.step in (CROSS, MOVE) and s not in deciding
        )

    def _resample_hidden(self, seat: int, rng: Random) -> RoadTo300State:
        """Another seat's choices this round are not known to ``seat``: a seat still
        deciding is put back before its choices, one that has chosen makes random
        ones from where it stood (what ``seat`` sees of both is the same)."""
        other = self._copy()
        other._history = list(self._history)
        if self._shown is None:
            return other
        other._since = 0  # the determinization has no history (core.State)
        for s, shown in enumerate(self._shown):
            if s == seat or shown.step not in (CROSS, MOVE):
                continue
            other.sheets[s] = shown.copy()
            if s in self._active_seats:
                continue
            sheet = other.sheets[s]
            if sheet.step == CROSS:
                other._cross(sheet, rng.choice(sheet.cross_options)[0])
            if sheet.step == MOVE:
                other._move(sheet, rng.choice(sheet.destinations))
        return other

    # --------------------------------------------------------------- results
    def rounds_played(self) -> int | None:
        return self.round

    def ending(self) -> str | None:
        """ "max_rounds" when the round limit ended the match; otherwise why the last
        game ended: "no_cross" or "no_move" (solo), "every_sheet_ended" (2-6)."""
        if not self.is_terminal():
            return None
        if self._cut_off:
            return ROUND_LIMIT_ENDING
        if len(self.sheets) == 1:
            return self.sheets[0].ended
        return "every_sheet_ended"

    def scores(self) -> list[float]:
        final_field = self._game.final_field
        return [float(sheet.score(final_field)) for sheet in self.sheets]

    def winners(self) -> list[int]:
        """Seats that win (solo: reached the target; otherwise the top score)."""
        if not self.is_terminal():
            return []
        scores = self.scores()
        if len(scores) == 1:
            return [0] if scores[0] >= self._game.target else []
        best = max(scores)
        return [s for s, score in enumerate(scores) if score == best]

    def _returns(self) -> list[float]:
        return shared_victory(self.winners(), len(self.sheets))

    # ------------------------------------------------------------ rendering
    def _action_string(self, action: int, seat: int) -> str:
        return action_text(self, action, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        return observation_tensor(self, seat)

    def _copy(self) -> RoadTo300State:
        other = RoadTo300State.__new__(RoadTo300State)
        other._game = self._game
        other.sheets = [sheet.copy() for sheet in self.sheets]
        other._rolling = self._rolling
        other._active_seats = self._active_seats
        other._cut_off = self._cut_off
        other._shown = None if self._shown is None else [s.copy() for s in self._shown]
        other._since = self._since
        other.round = self.round
        return other
