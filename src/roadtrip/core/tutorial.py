"""Learn to play: a guided game on chosen chance outcomes, one rule at a time.

A tutorial is a :class:`~roadtrip.core.match.Match` whose sampler's draws are chosen
(:class:`ChosenChance`): the script names each chance outcome in the game's own
words ("roll 2-4-5"), and every one must be among the node's ``chance_outcomes()``,
so a tutorial never bypasses the rules.  The learner makes every decision; the
other seats' moves are scripted too (``others``), in the order they come up.

The one rule this module keeps: a move that is not the step's intended one changes
nothing.  :meth:`Tutorial.attempt` answers it with an explanation (the step's own
``why`` for that move, or its ``otherwise``; the rules' refusal for an illegal one)
and the step stays.  After the last step :meth:`Tutorial.hand_over` gives the same
match with chance back to a seeded :class:`ChanceSampler`, to play on normally
(against bots in the seats that are not the learner's).

Everything here is plain data a web page can drive: :meth:`Tutorial.to_json` is the
current step (text, the board parts to highlight as stable keys, the rule link)
and the intended move.  The per-game scripts live in ``games/<game>/tutorial.py``,
found by game id through ``roadtrip.games.tutorials``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roadtrip.core.chance import ChanceSampler
from roadtrip.core.errors import IllegalMove
from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.core.state import CHANCE, State
from roadtrip.core.tutorial_script import RuleLink, Step, TutorialError, TutorialScript

__all__ = [
    "Attempt",
    "ChosenChance",
    "RuleLink",
    "Step",
    "Tutorial",
    "TutorialError",
    "TutorialScript",
    "action_by_words",
]


class ChosenChance(ChanceSampler):
    """A sampler whose draws are chosen: the ``index``-th chance node draws the
    ``index``-th chosen outcome (checked against the node's outcomes); ``None``, or
    any node past the list, draws what ``ChanceSampler(seed)`` draws there."""

    def __init__(self, seed: int, chosen: Sequence[str | None]) -> None:
        super().__init__(seed)
        self.chosen = tuple(chosen)

    def draw(self, state: State, index: int) -> int:
        words = self.chosen[index] if index < len(self.chosen) else None
        if words is None:
            return super().draw(state, index)
        for outcome, _ in state.chance_outcomes():
            if state.action_to_string(outcome, CHANCE) == words:
                return outcome
        raise TutorialError(
            f"chance node {index}: '{words}' is not one of its outcomes "
            f"({', '.join(state.action_to_string(a, CHANCE) for a, _ in state.chance_outcomes())})"
        )


@dataclass(frozen=True)
class Attempt:
    """The answer to a move: accepted (the tutorial moved on) or why not."""

    accepted: bool
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "message": self.message}


def action_by_words(state: State, seat: int, words: str) -> int:
    """The legal action of ``seat`` that the game writes as ``words``."""
    for action in state.legal_actions(seat):
        if state.action_to_string(action, seat) == words:
            return action
    legal = "; ".join(state.action_to_string(a, seat) for a in state.legal_actions(seat))
    raise TutorialError(f"seat {seat + 1} cannot '{words}' here; the moves are: {legal}")


class Tutorial:
    """A tutorial under way: its match, the step the learner is on, and answers."""

    def __init__(self, script: TutorialScript) -> None:
        self.script = script
        game = load_game(script.game_id, **dict(script.options))
        self.match = Match(game, script.seed)
        self.match.sampler = ChosenChance(script.seed, script.chance)
        self.index = 0
        self._others = 0
        self._settle()

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def seat(self) -> int:
        return self.script.seat

    @property
    def finished(self) -> bool:
        """Every step done: the match is ready to hand over."""
        return self.index >= len(self.script.steps)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self.script.steps[self.index]

    def intended_action(self) -> int:
        step = self.step
        if step is None:
            raise TutorialError("the tutorial is over: there is no step to take")
        return action_by_words(self.state, self.seat, step.move)

    def attempt(self, action: int) -> Attempt:
        """Try the learner's ``action``: the intended one moves the tutorial on,
        anything else changes nothing and says why."""
        step = self.step
        if step is None:
            return Attempt(False, "The tutorial is over: play on in the normal game.")
        intended = self.intended_action()
        if action == intended:
            # Not match.act: after the last step chance is the hand-over's to draw.
            self.state.apply_action(action, self.seat)
            self.index += 1
            self._settle()
            return Attempt(True, "")
        wanted = f"This step's move: {step.move}."
        if action not in self.state.legal_actions(self.seat):
            probe = self.state.clone()
            try:
                probe.apply_action(action, self.seat)
            except IllegalMove as exc:
                return Attempt(False, f"The rules do not allow that: {exc} {wanted}")
            return Attempt(False, f"That is not a move here. {wanted}")  # pragma: no cover
        words = self.state.action_to_string(action, self.seat)
        reason = step.why.get(words) or step.otherwise or "That is a legal move, but not now."
        return Attempt(False, f"{reason} {wanted}")

    def hand_over(self, seed: int) -> Match:
        """The tutorial's match, to be played on as a normal game: chance back to
        ``ChanceSampler(seed)`` from here on.  Its record starts with chosen outcomes,
        so it never verifies by the seed (a tutorial is not a played match)."""
        if not self.finished:
            raise TutorialError("the tutorial hands over only after its last step")
        match = Match(self.match.game, seed, self.state.clone())
        match.advance()
        return match

    def to_json(self) -> dict[str, Any]:
        """What a front end shows now: the step, the intended move, the progress."""
        step = self.step
        return {
            "game": self.script.game_id,
            "title": self.script.title,
            "seat": self.seat,
            "step_index": self.index,
            "steps": len(self.script.steps),
            "step": step.to_json() if step is not None else None,
            "intended_action": self.intended_action() if step is not None else None,
            "finished": self.finished,
            "handover": self.script.handover if step is None else None,
            "later": [link.to_json() for link in self.script.later],
        }

    # ----------------------------------------------------------- internals
    def _settle(self) -> None:
        """Resolve chance and the other seats' scripted moves until the learner must
        act on the current step (or, after the last step, stop at once)."""
        if self.finished:
            return
        state = self.match.state
        while not state.is_terminal():
            if state.is_chance_node():
                index, chosen = self.match.chance_count(), self.script.chance
                if index >= len(chosen):
                    raise TutorialError(
                        f"step {self.index + 1}: the script's {len(chosen)} chance outcomes "
                        "ran out (a tutorial chooses every draw before its last step)"
                    )
                state.apply_action(self.match.sampler.draw(state, index))
                continue
            active = state.active_seats()
            if self.seat in active:
                return
            if self._others >= len(self.script.others):
                raise TutorialError(
                    f"step {self.step.key if self.step else '?'}: seat {active[0] + 1} must "
                    "move but the script's moves for the other seats ran out"
                )
            other = active[0]
            action = action_by_words(state, other, self.script.others[self._others])
            self._others += 1
            self.match.act(action, other)
        raise TutorialError("the game ended before the tutorial's last step")
