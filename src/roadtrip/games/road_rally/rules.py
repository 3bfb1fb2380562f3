"""Road Rally USA: the Game and State facade on top of the game package.

The race's data lives in ``race.py`` (the bottom), the rule steps in ``flow.py``
(turns, moves, board effects) and ``scoring.py`` (rally scoring, the finish), the
action encoding in ``actions.py``; views (``view.py``), tensors (``tensor.py``)
and determinizations (``hidden.py``) sit beside them.  This module only puts them
together behind the :class:`roadtrip.core.Game` / :class:`roadtrip.core.State`
interface, and re-exports the names other packages use.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from roadtrip.core.game import GameInfo
from roadtrip.core.options import round_limit_option
from roadtrip.core.state import CHANCE, TERMINAL, shared_victory
from roadtrip.games.road_rally import actions as A
from roadtrip.games.road_rally import flow, hidden, scoring, tensor, view
from roadtrip.games.road_rally.data import NUM_TYPES
from roadtrip.games.road_rally.options import OPTIONS
from roadtrip.games.road_rally.race import (
    CHANCE_MODES,
    CHECKPOINT_LAST_CAR_DRAW,
    DEAL,
    DRAW,
    EMPTY_HAND_DRAW,
    GAS_CHOICE,
    MECH,
    MECHANIC_CARDS,
    MODE_NAMES,
    ORDER,
    OVER,
    PLAY,
    REVEAL,
    REWARD,
    SHORTCUT,
    RaceData,
    RaceSetup,
)

if TYPE_CHECKING:
    from random import Random

__all__ = [
    "CHECKPOINT_LAST_CAR_DRAW",
    "DEAL",
    "DRAW",
    "EMPTY_HAND_DRAW",
    "GAS_CHOICE",
    "MECH",
    "MECHANIC_CARDS",
    "MODE_NAMES",
    "ORDER",
    "OVER",
    "PLAY",
    "REVEAL",
    "REWARD",
    "SHORTCUT",
    "RoadRallyGame",
    "RoadRallyState",
]

MAX_ROUNDS = round_limit_option(
    "a round: every car has had a turn, and the round's rally points are scored",
    "the cars are ranked by their totals (points, checkpoint tiles and rally chips), "
    "ties broken by the race order, as at the finish",
)


class RoadRallyGame(RaceSetup):
    info = GameInfo(
        id="road-rally",
        name="Road Rally USA",
        min_players=2,
        max_players=5,
        summary="Race across the USA with hidden hands of movement cards: lead at "
        "the rally points you hold, take checkpoints, and finish ahead.",
        perfect_information=False,
    )
    options_spec = (*OPTIONS, MAX_ROUNDS)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return A.NUM_CHANCE

    def new_initial_state(self) -> RoadRallyState:
        return RoadRallyState(self)

    def observation_tensor_size(self) -> int:
        return tensor.tensor_size(self.num_players())


class RoadRallyState(RaceData):
    """A Road Rally match.  Cars, cards, rally points, checkpoints, and the flow."""

    _game: RoadRallyGame

    # ------------------------------------------------------------ turn order
    def _current(self) -> int:
        if self.mode == OVER:
            return TERMINAL
        if self.mode in CHANCE_MODES:
            return CHANCE
        if self.mode in (REVEAL, REWARD):
            return min(self.deciding)
        return self.mover

    def _active(self) -> tuple[int, ...]:
        if self.mode in (REVEAL, REWARD):
            return tuple(sorted(self.deciding))
        current = self._current()
        return (current,) if current >= 0 else ()

    # ----------------------------------------------------------------- chance
    def _outcome_counts(self) -> tuple[list[tuple[int, int]], int]:
        """Chance outcomes with integer weights, and their total."""
        if self.mode == ORDER:
            left = [s for s in range(len(self.position)) if s not in self.row]
            return [(A.ORDER_BASE + s, 1) for s in left], len(left)
        if self.mode == DEAL:
            pool = sorted(flow.deal_pool(self, self.deal_plan[0][1]))
            return [(A.RALLY_BASE + num - 1, 1) for num in pool], len(pool)
        odds = self.cards[self.draw_seat].draw_odds()
        return [(A.CARD_BASE + c, n) for c, n in odds], sum(n for _, n in odds)

    def _chance(self) -> list[tuple[int, float]]:
        outcomes, total = self._outcome_counts()
        return [(a, n / total) for a, n in outcomes]

    def _chance_exact(self) -> list[tuple[int, Fraction]]:
        outcomes, total = self._outcome_counts()
        return [(a, Fraction(n, total)) for a, n in outcomes]

    def _is_chance_outcome(self, action: int) -> bool:
        return any(a == action for a, _ in self._outcome_counts()[0])

    # ---------------------------------------------------------------- actions
    def _legal(self, seat: int) -> list[int]:
        if self.mode == PLAY:
            return A.play_choices(self)
        if self.mode == SHORTCUT:
            return [A.TAKE_SHORTCUT, A.SKIP_SHORTCUT]
        if self.mode == MECH:
            return [A.MECH_BASE + c for c in range(NUM_TYPES) if self.mech_cards[c]]
        if self.mode == REVEAL:
            return scoring.reveal_choices(self, seat)
        if self.mode == REWARD:
            return [A.TAKE_POINTS, A.TAKE_CARDS]
        if self.mode == GAS_CHOICE:
            return [A.GAS_BEFORE, A.GAS_AFTER]
        return []

    def _apply(self, action: int, seat: int) -> None:
        if seat == CHANCE:
            flow.apply_chance(self, action)
        elif self.mode == PLAY:
            if action == A.DONE_PLAYING:
                flow.move(self)
            else:
                flow.play_card(self, seat, action - A.PLAY_BASE)
        elif self.mode == SHORTCUT:
            flow.choose_shortcut(self, seat, action == A.TAKE_SHORTCUT)
        elif self.mode == MECH:
            flow.place_on_top(self, action - A.MECH_BASE)
        elif self.mode == REVEAL:
            scoring.decide_reveal(self, seat, action == A.REVEAL)
        elif self.mode == REWARD:
            scoring.decide_reward(self, seat, action == A.TAKE_CARDS)
        elif self.mode == GAS_CHOICE:
            flow.choose_gas(self, seat, action == A.GAS_BEFORE)
        self._advance()

    def _advance(self) -> None:
        flow.advance(self)

    # ---------------------------------------------------------------- results
    def rounds_played(self) -> int | None:
        return self.round

    def ending(self) -> str | None:
        """ "finish" (the rulebook's end) or "max_rounds" (cut off by the option)."""
        return self.end_reason if self.mode == OVER else None

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals()]

    def winners(self) -> list[int]:
        if self.mode != OVER:
            return []
        totals = self.totals()
        best = max(totals)
        tied = [s for s in range(len(totals)) if totals[s] == best]
        # Ties are broken by the final order of the cars.
        return [min(tied, key=self.race_order().index)]

    def _returns(self) -> list[float]:
        return shared_victory(self.winners(), len(self.points))

    # ------------------------------------------------------------ rendering
    def _action_string(self, action: int, seat: int) -> str:
        return A.describe(self, action, seat, seat)

    def _action_string_for(self, action: int, seat: int, viewer: int | None) -> str:
        return A.describe(self, action, seat, viewer)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build_view(self, seat)

    def _observation_tensor(self, seat: int) -> list[float]:
        return tensor.observation_tensor(self, seat)

    def _copy(self) -> RoadRallyState:
        return hidden.copy_state(self)

    def _resample_hidden(self, seat: int, rng: Random) -> RoadRallyState:
        return hidden.resample(self, seat, rng)

    def _simultaneous_from(self) -> int | None:
        # Reveals and rewards are asked of several seats at once; nothing else
        # happens in between, so the phase began as many actions ago as have been
        # chosen in it (a determinization has no history: from 0).
        if self.mode not in (REVEAL, REWARD):
            return None
        return max(0, len(self._history) - len(self.chosen))
