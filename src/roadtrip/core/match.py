"""A running match: a state, its seed, and chance resolved reproducibly.

This is what the command line (and later the server) drives: decisions come from
seats, chance outcomes from the match's :class:`ChanceSampler`, and the record is
always one call away.  ``Match.from_record`` continues a stored match exactly.
"""

from __future__ import annotations

from typing import Any

from roadtrip.core.chance import ChanceSampler
from roadtrip.core.errors import CorruptRecord
from roadtrip.core.game import Game
from roadtrip.core.records import MatchRecord, replay
from roadtrip.core.state import CHANCE, State


class Match:
    """A match in progress.  ``advance()`` resolves chance until a seat must act."""

    def __init__(self, game: Game, seed: int, state: State | None = None) -> None:
        self.game = game
        self.seed = seed
        self.sampler = ChanceSampler(seed)
        self.state = state if state is not None else game.new_initial_state()
        self._counted = 0  # history entries already counted by chance_count()
        self._chances = 0
        # What record() names as the origin of chance: a finished record continued
        # as a Match keeps its own (no seed, or a simulator game), so that the record
        # it gives back verifies as the original did.
        self._record_seed: int | None = seed
        self._run_game: int | None = None

    @classmethod
    def from_record(cls, record: MatchRecord) -> Match:
        state = replay(record)
        if record.seed is None or record.run_game is not None:
            if not state.is_terminal():
                raise CorruptRecord(
                    "an unfinished match can only continue from a match's record with its "
                    "seed (not one without a seed, nor a simulator game's)"
                )
            match = cls(state.game, record.seed or 0, state)
            match._record_seed, match._run_game = record.seed, record.run_game
            return match
        return cls(state.game, record.seed, state)

    def chance_count(self) -> int:
        """Chance outcomes so far (counted incrementally: long matches stay cheap)."""
        history = self.state._history  # read-only use inside the core
        if len(history) < self._counted:  # the state was replaced by an earlier one
            self._counted, self._chances = 0, 0
        self._chances += sum(1 for seat, _ in history[self._counted :] if seat == CHANCE)
        self._counted = len(history)
        return self._chances

    def advance(self) -> list[int]:
        """Resolve chance nodes until a decision or the end; return the outcomes."""
        drawn: list[int] = []
        index = self.chance_count()
        while self.state.is_chance_node():
            outcome = self.sampler.draw(self.state, index)
            self.state.apply_action(outcome)
            drawn.append(outcome)
            index += 1
        return drawn

    def act(self, action: int, seat: int | None = None) -> None:
        """Apply a seat's decision (validated) and resolve the chance that follows."""
        self.state.apply_action(action, seat)
        self.advance()

    def record(self, **meta: Any) -> MatchRecord:
        return MatchRecord.of(self.state, self._record_seed, run_game=self._run_game, **meta)
