"""What both America's Main Street games share: the state's data (the bag, the
mats, whose turn, this turn's cubes) and the turn loop: drawing cubes as chance,
the turn order, the round limit and how the game ends.

Each turn is a push-your-luck loop: the chance player draws cubes from the bag
(exact odds from its contents), the seat whose turn it is decides to stop (0) or to
go on (1), and a bust sends every cube of the turn back to the bag.  Subclasses
(``kicks.py``, ``mileage.py``, on top of this module, of ``view.py`` and of
``tensor.py``) say what a bust is, what stopping places, and when a mat is complete.

Layers inside the package (no module imports one above it; tested):
``kicks``/``mileage`` (Game and State) > ``view``/``tensor``/``options`` >
``base`` (this module) > ``data`` (the components).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from roadtrip.core.game import Game
from roadtrip.core.state import CHANCE, ROUND_LIMIT_ENDING, TERMINAL, State, shared_victory
from roadtrip.games.main_street.data import BOXES, COLORS, FULL_BAG, NUM_COLORS

STOP = 0  # conclude the turn (Get Your Kicks) / stop for the turn (Mileage)
GO_ON = 1  # draw another cube / fill up again

END_COMPLETE = "complete"  # a mat has everything it needs
END_SIX_BLACK = "six_black"  # Get Your Kicks: six black cubes on a sign
END_EMPTY_BAG = "empty_bag"  # a turn could not start: the bag is empty
END_MAX_ROUNDS = ROUND_LIMIT_ENDING  # the max_rounds option cut the match off


def article(word: str) -> str:
    """'a' or 'an' before ``word``, by its sound: 'an orange cube', 'a red cube'."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def cubes_word(count: int) -> str:
    """'1 cube', '2 cubes'."""
    return f"{count} cube" if count == 1 else f"{count} cubes"


class MainStreetGame(Game):
    """Options shared by both games."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.finish_round = self.options["end"] == "finish_round"
        self.max_rounds = int(self.options["max_rounds"])  # 0: no limit

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return NUM_COLORS


class MainStreetState(State):
    """Bag, mats, whose turn, and the cubes drawn this turn."""

    __slots__ = (
        "bag",
        "bag_total",
        "busts",
        "casino_mask",
        "drawing",
        "drawn",
        "ended",
        "fill_start",
        "fill_ups",
        "fuel_mask",
        "last_bust",
        "mats",
        "seat",
        "trigger",
        "turns",
    )

    _game: MainStreetGame

    def __init__(self, game: MainStreetGame) -> None:
        super().__init__(game)
        self.bag = list(FULL_BAG)
        self.bag_total = sum(FULL_BAG)
        self.mats = [[0] * NUM_COLORS for _ in range(game.num_players())]
        self.seat = 0
        self.drawn: list[int] = []  # this turn's cubes, in draw order
        self.drawing = 0  # cubes still to draw before the seat decides
        self.turns = [0] * game.num_players()
        self.trigger: int | None = None  # the seat whose turn triggered the end
        self.ended: str | None = None
        self.busts = [0] * game.num_players()
        self.last_bust: list[int] = []  # the cubes of the last busted turn
        self.casino_mask = 0  # Get Your Kicks: colours in the casino
        self.fuel_mask = 0  # Your Mileage May Vary: colours of the first fill-up
        self.fill_start = 0  # Mileage: index in ``drawn`` where the current fill-up began
        self.fill_ups = 0  # Mileage: fill-ups drawn this turn
        self._start_turn()

    # ------------------------------------------------------------ hooks
    def _draw_count(self, first: bool) -> int:
        """Cubes in one draw of the turn (0: drawing is not possible now)."""
        raise NotImplementedError

    def _after_draw(self) -> bool:
        """Called when a draw is complete; True if the turn busts."""
        raise NotImplementedError

    def _place(self) -> None:
        """Stopping: move this turn's cubes onto the mat (and any excess back)."""
        raise NotImplementedError

    def _end_reason(self, seat: int) -> str | None:
        """Why ``seat``'s mat ends the game, if it does."""
        raise NotImplementedError

    # ------------------------------------------------------------ turns
    def _current(self) -> int:
        if self.ended is not None:
            return TERMINAL
        return CHANCE if self.drawing else self.seat

    def _legal(self, seat: int) -> list[int]:
        return [STOP, GO_ON] if self._draw_count(first=False) else [STOP]

    def _chance(self) -> list[tuple[int, float]]:
        total = self.bag_total
        return [(c, n / total) for c, n in enumerate(self.bag) if n]

    def _is_chance_outcome(self, action: int) -> bool:
        return 0 <= action < NUM_COLORS and self.bag[action] > 0

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        total = self.bag_total
        return [(c, Fraction(n, total)) for c, n in enumerate(self.bag) if n]

    def _apply(self, action: int, seat: int) -> None:
        if seat == CHANCE:
            self.bag[action] -= 1
            self.bag_total -= 1
            self.drawn.append(action)
            self.drawing -= 1
            if not self.drawing and self._after_draw():
                self.busts[self.seat] += 1
                self.last_bust = list(self.drawn)
                self._return_cubes(self.drawn)
                self._end_turn()
        elif action == STOP:
            self._place()
            self.drawn = []
            if self.trigger is None and self._end_reason(self.seat) is not None:
                self.trigger = self.seat
            self._end_turn()
        else:
            self.drawing = self._draw_count(first=False)

    STOP_TEXT = "stop"
    GO_ON_TEXT = "go on"

    def _action_string(self, action: int, seat: int) -> str:
        if seat < 0:
            if 0 <= action < NUM_COLORS:
                color = COLORS[action]
                name = color.name.lower()
                return f"draw {article(name)} {name} cube ({color.place})"
            return f"invalid cube {action}"
        if action == STOP:
            return self.STOP_TEXT
        if action == GO_ON:
            return self._go_on_text()
        return f"invalid action {action}"

    def _go_on_text(self) -> str:
        return self.GO_ON_TEXT

    def _return_cubes(self, cubes: list[int]) -> None:
        for cube in cubes:
            self.bag[cube] += 1
        self.bag_total += len(cubes)

    def _end_turn(self) -> None:
        self.drawn = []
        self._new_turn()  # nothing of this turn is left on the pumps / in the casino
        n = len(self.mats)
        if self.trigger is not None and (not self._game.finish_round or self.seat == n - 1):
            self.ended = self._final_reason()
            return
        limit = self._game.max_rounds
        if limit and self.seat == n - 1 and self.turns[self.seat] >= limit:
            # Every mat has had its turn of round ``limit``: the match is cut off.
            self.ended = END_MAX_ROUNDS
            return
        self.seat = (self.seat + 1) % n
        self._start_turn()

    def _new_turn(self) -> None:
        """Reset a subclass's per-turn fields."""

    def _start_turn(self) -> None:
        self._new_turn()
        self.drawing = self._draw_count(first=True)
        if not self.drawing:
            # The turn cannot start: the bag is empty.  If the end was already
            # triggered (end=finish_round), the game ends for that reason.
            self.ended = END_EMPTY_BAG if self.trigger is None else self._final_reason()
            return
        self.turns[self.seat] += 1

    def _final_reason(self) -> str:
        """Why the triggered end ends the game: the trigger's own reason (a mat both
        complete and with six black cubes is ``complete``), not a later seat's while
        ``end=finish_round`` plays out the round."""
        reason = None if self.trigger is None else self._end_reason(self.trigger)
        return reason or END_COMPLETE

    # --------------------------------------------------------------- info
    def ending(self) -> str | None:
        return self.ended

    def rounds_played(self) -> int | None:
        return self.round

    def winners(self) -> list[int]:
        """Seats that win (or share the win); empty before the end."""
        raise NotImplementedError

    def _leaders(self, measure: list[int]) -> list[int]:
        """The seats with the highest ``measure`` (ties share); none in solo, where only
        reaching the goal wins."""
        if len(self.mats) == 1:
            return []
        best = max(measure)
        return [s for s, m in enumerate(measure) if m == best]

    def boxes_filled(self, seat: int) -> int:
        """Your Mileage May Vary: boxes filled on ``seat``'s mat (excess never counts)."""
        return sum(min(m, b) for m, b in zip(self.mats[seat], BOXES, strict=True))

    def _returns(self) -> list[float]:
        return shared_victory(self.winners(), len(self.mats))

    def can_go_on(self) -> bool:
        """May the seat whose turn it is draw again (or fill up again) now?"""
        return self._current() == self.seat and bool(self._draw_count(first=False))

    @property
    def round(self) -> int:
        """Rounds played: the most turns any seat has started."""
        return max(self.turns)

    def _copy(self) -> MainStreetState:
        other = type(self).__new__(type(self))
        other._game = self._game
        other.bag = list(self.bag)
        other.bag_total = self.bag_total
        other.mats = [list(m) for m in self.mats]
        other.seat = self.seat
        other.drawn = list(self.drawn)
        other.drawing = self.drawing
        other.turns = list(self.turns)
        other.trigger = self.trigger
        other.ended = self.ended
        other.busts = list(self.busts)
        other.last_bust = list(self.last_bust)
        other.casino_mask = self.casino_mask
        other.fuel_mask = self.fuel_mask
        other.fill_start = self.fill_start
        other.fill_ups = self.fill_ups
        return other
