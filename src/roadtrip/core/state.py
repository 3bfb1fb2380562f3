"""The State base class, in OpenSpiel's shape, with multi-seat decision phases.

Public methods validate and raise typed errors; subclasses implement the private
hooks (``_current``, ``_legal``, ``_apply`` ...), which may trust their input.
A state that raises is left exactly as it was.

Player ids follow OpenSpiel: a seat index ``0..n-1``, :data:`CHANCE` (-1) or
:data:`TERMINAL` (-4).  Where several seats may act at once (everyone deciding on
the same roll), ``active_seats()`` lists them; ``current_player()`` gives the
lowest of them so that sequential adapters still see one seat at a time, and
``apply_action(action, seat=s)`` lets any active seat act.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from roadtrip.core.errors import GameOver, IllegalMove, InvalidSeat, NotSupported, NotYourTurn

if TYPE_CHECKING:
    from random import Random

    from roadtrip.core.game import Game

CHANCE = -1
TERMINAL = -4

JSON = dict[str, Any]

ROUND_LIMIT_ENDING = "max_rounds"  # ending() of a match cut off by the max_rounds option

_MENTION = re.compile(r"\{seat:(\d+)\}")


def mention(seat: int) -> str:
    """A seat named inside an action text.  ``describe_action`` and
    ``action_to_string`` replace it with the seat's name (the player's name in the web
    app and the terminal; "seat N", counting from 1, where no names are given), so the
    rules never need to know who sits where."""
    return f"{{seat:{seat}}}"


def fill_mentions(text: str, names: Sequence[str] | None = None) -> str:
    """Replace every :func:`mention` in ``text`` by the seat's name."""
    if "{seat:" not in text:
        return text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if names is not None and 0 <= seat < len(names):
            return names[seat]
        return f"seat {seat + 1}"

    return _MENTION.sub(name, text)


def shared_victory(winners: list[int], num_players: int) -> list[float]:
    """Returns where the winners share one victory equally (1/k each, 0 for others)."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(num_players)]


class State(ABC):
    """One moment of a match.  Mutable; ``clone()`` gives an independent copy."""

    __slots__ = ("_game", "_history")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._history: list[tuple[int, int]] = []

    # ----------------------------------------------------------------- hooks
    @abstractmethod
    def _current(self) -> int:
        """A seat, CHANCE or TERMINAL: the lowest active seat in multi-seat phases."""

    def _active(self) -> tuple[int, ...]:
        """Seats that may act now; override for multi-seat phases."""
        current = self._current()
        return (current,) if current >= 0 else ()

    @abstractmethod
    def _legal(self, seat: int) -> list[int]:
        """Sorted legal decision actions of an active seat."""

    @abstractmethod
    def _chance(self) -> list[tuple[int, float]]:
        """Chance outcomes at a chance node, probabilities as floats."""

    def _is_chance_outcome(self, action: int) -> bool:
        """Is ``action`` a possible outcome here?  Override with a cheap test."""
        return any(a == action for a, _ in self._chance())

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        """Exact chance outcomes; override where floats are not exact."""
        return [(a, Fraction(p).limit_denominator(1 << 40)) for a, p in self._chance()]

    @abstractmethod
    def _apply(self, action: int, seat: int) -> None:
        """Carry out a validated action (``seat`` is CHANCE for chance actions)."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """Utilities at a terminal state."""

    @abstractmethod
    def _action_string(self, action: int, seat: int) -> str:
        """The action in a player's words."""

    @abstractmethod
    def _view(self, seat: int | None) -> JSON:
        """What ``seat`` (None: a spectator) may see, JSON-ready."""

    @abstractmethod
    def _copy(self) -> State:
        """A deep copy of the game-specific fields (history is copied by ``clone``)."""

    def _action_string_for(self, action: int, seat: int, viewer: int | None) -> str:
        """The action as ``viewer`` may read it; hidden-information games override
        (a card drawn face down reads "draws a card" to everyone but its owner)."""
        return self._action_string(action, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        """What ``seat`` sees as a flat vector of ``game.observation_tensor_size()``
        numbers (built from the same information as ``view(seat)``)."""
        raise NotSupported(f"{self._game.id} has no observation tensor")

    def _resample_hidden(self, seat: int, rng: Random) -> State:
        """A state ``seat`` cannot tell from this one; perfect-information games clone."""
        return self.clone()

    def _simultaneous_from(self) -> int | None:
        """Where a simultaneous decision under way began; games that ask several seats
        to decide "at once" (one at a time) override."""
        return None

    # ------------------------------------------------------------- public API
    @property
    def game(self) -> Game:
        return self._game

    def num_players(self) -> int:
        return self._game.num_players()

    def current_player(self) -> int:
        return self._current()

    def active_seats(self) -> tuple[int, ...]:
        return self._active()

    def is_terminal(self) -> bool:
        return self._current() == TERMINAL

    def is_chance_node(self) -> bool:
        return self._current() == CHANCE

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Legal actions of ``seat`` (default: the current player; chance outcomes at
        a chance node).  Empty for a seat that may not act now."""
        if seat is not None and seat != CHANCE:
            self._check_seat(seat)
        current = self._current()
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [a for a, _ in self._chance()] if seat in (None, CHANCE) else []
        if seat is None:
            seat = current
        return self._legal(seat) if seat in self._active() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance node; probabilities sum to 1."""
        if self._current() != CHANCE:
            raise NotYourTurn("chance_outcomes() is only defined at a chance node")
        return self._chance()

    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """Like ``chance_outcomes`` with exact fractions, for solvers and tests."""
        if self._current() != CHANCE:
            raise NotYourTurn("chance_outcomes_exact() is only defined at a chance node")
        return self._chance_exact()

    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply a decision of ``seat`` (default: the current player) or a chance
        outcome.  Raises an :class:`IllegalMove` subclass and changes nothing if the
        action is not allowed."""
        current = self._current()
        if current == TERMINAL:
            raise GameOver("the game is over; no more actions are accepted")
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalMove(f"an action is an integer; got {action!r}")
        if current == CHANCE:
            if seat not in (None, CHANCE):
                raise NotYourTurn(f"seat {seat} cannot act: the dice/cards decide now")
            if not self._is_chance_outcome(action):
                raise IllegalMove(f"{action} is not a possible chance outcome here")
            self._apply(action, CHANCE)
            self._history.append((CHANCE, action))
            return
        if seat is None:
            seat = current
        self._check_seat(seat)
        if seat not in self._active():
            raise NotYourTurn(f"seat {seat} may not act now (seats to act: {self._active()})")
        if action not in self._legal(seat):
            raise IllegalMove(
                f"{action} is not a legal action for seat {seat} here; legal: {self._legal(seat)}"
            )
        self._apply(action, seat)
        self._history.append((seat, action))

    def returns(self) -> list[float]:
        """Each seat's utility: the game's payoffs at the end, zeros before it."""
        if self._current() != TERMINAL:
            return [0.0] * self.num_players()
        return self._returns()

    def winners(self) -> list[int]:
        """Seats that won (sharing the victory if several); empty before the end.
        Games override; the default reads the returns."""
        if self._current() != TERMINAL:
            return []
        return [seat for seat, value in enumerate(self._returns()) if value > 0]

    def rounds_played(self) -> int | None:
        """How many rounds the match has reached (the current one included), for
        games that play in rounds; None for those that do not count them."""
        return None

    def ending(self) -> str | None:
        """Why a finished match ended, as a word the game documents ("destination",
        "six_black", ...); None before the end or where the game gives no reason."""
        return None

    def scores(self) -> list[float]:
        """Each seat's score in the game's own points (what a results table shows);
        games with points override; the default is ``returns()``."""
        return self.returns()

    def action_to_string(
        self, action: int, seat: int | None = None, names: Sequence[str] | None = None
    ) -> str:
        """``action`` in words; seats it mentions are called by ``names`` (default
        "seat N", counting from 1)."""
        if seat is None:
            seat = self._current()
        return fill_mentions(self._action_string(action, seat), names)

    def describe_action(
        self,
        action: int,
        seat: int,
        viewer: int | None,
        names: Sequence[str] | None = None,
    ) -> str:
        """``action`` by ``seat`` (CHANCE for chance) in words, as ``viewer`` (None: a
        spectator) may read it, seats it mentions called by ``names``.  Call it on the
        state *before* the action."""
        if viewer is not None:
            self._check_seat(viewer)
        return fill_mentions(self._action_string_for(action, seat, viewer), names)

    def view(self, seat: int | None) -> JSON:
        """Exactly what ``seat`` may see (``None``: a spectator), as JSON-ready data."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat)

    def observation_tensor(self, seat: int) -> list[float]:
        """``seat``'s observation as numbers, for learning agents and AI adapters;
        it holds exactly what ``view(seat)`` holds, never another seat's secrets."""
        self._check_seat(seat)
        return self._observation_tensor(seat)

    def resample_hidden(self, seat: int, rng: Random) -> State:
        """A full state consistent with what ``seat`` sees, hidden parts drawn at
        random (a determinization, for search bots and information tests).

        In a game with hidden information the determinization has no history: the
        real history holds the real draws (the chance outcomes other seats read as
        "draws a card"), so keeping it would hand a search bot the very cards it must
        not see."""
        self._check_seat(seat)
        sample = self._resample_hidden(seat, rng)
        if not self._game.info.perfect_information:
            sample._history = []
        return sample

    def simultaneous_from(self) -> int | None:
        """The history index where a simultaneous decision still under way began (all
        seats decide "at once" but are asked one at a time), None when there is none.

        The decisions made from there on stay hidden from every other seat and from
        spectators until every seat has chosen; then they are revealed together and
        this returns None again.  Views, tensors and ``resample_hidden`` hide them
        already; whoever shows the actions themselves (the server's log, the terminal,
        the adapters' event lists) reads another seat's entry from this index on only
        as "has chosen"."""
        return self._simultaneous_from()

    def history(self) -> list[tuple[int, int]]:
        """Every action so far as ``(seat, action)``; seat is CHANCE for chance."""
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def clone(self) -> State:
        copy = self._copy()
        copy._history = list(self._history)
        return copy

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidSeat(f"a seat is an integer; got {seat!r}")
        if not 0 <= seat < self.num_players():
            raise InvalidSeat(f"seat {seat} does not exist; seats are 0..{self.num_players() - 1}")

    def __str__(self) -> str:
        return str(self._view(None))
