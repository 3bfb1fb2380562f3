"""A tutorial's script as plain data: the steps, the rule links, the chosen chance.

Kept apart from the engine (:mod:`roadtrip.core.tutorial`, which runs a match and so
draws chance) so that each game's script in ``games/<game>/tutorial.py`` imports only
data: the rules layer never imports anything that draws random numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roadtrip.core.errors import RoadtripError


class TutorialError(RoadtripError, ValueError):
    """A tutorial script that does not fit its game: a chosen chance outcome or a
    scripted move that is not legal where it comes up, or a script that runs out."""


@dataclass(frozen=True)
class RuleLink:
    """A rule's place in our rulings: ``docs/rules/<doc>.md`` at the heading whose
    anchor (GitHub's slug of the heading) is ``anchor``."""

    doc: str
    anchor: str
    title: str

    @property
    def path(self) -> str:
        return f"docs/rules/{self.doc}.md"

    @property
    def href(self) -> str:
        return f"{self.path}#{self.anchor}"

    def to_json(self) -> dict[str, str]:
        return {"doc": self.doc, "anchor": self.anchor, "title": self.title, "href": self.href}


@dataclass(frozen=True)
class Step:
    """One decision of the learner, and the rule it introduces.

    ``move`` is the intended action in the game's words (``action_to_string`` for
    the learner's seat).  ``highlight`` names board parts by stable keys that every
    front end knows for this game (documented in docs/tutorials.md).  ``why`` maps
    other legal moves (in the game's words) to why the tutorial wants ``move``
    instead; ``otherwise`` answers any other legal move.
    """

    key: str
    text: str
    move: str
    highlight: tuple[str, ...] = ()
    rule: RuleLink | None = None
    why: Mapping[str, str] = field(default_factory=dict)
    otherwise: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "text": self.text,
            "move": self.move,
            "highlight": list(self.highlight),
            "rule": self.rule.to_json() if self.rule is not None else None,
        }


@dataclass(frozen=True)
class TutorialScript:
    """A whole tutorial: the game set-up, the chosen chance, the steps and the end.

    ``chance`` lists the chance outcomes in order, in the game's words; ``None``
    leaves one to ``seed`` (a fixed seed of the script, for draws that teach
    nothing, such as the hidden cards of a seat that is not the learner's).
    """

    game_id: str
    title: str
    options: Mapping[str, Any]
    chance: tuple[str | None, ...]
    steps: tuple[Step, ...]
    handover: str
    later: tuple[RuleLink, ...] = ()
    others: tuple[str, ...] = ()
    seat: int = 0
    seed: int = 0

    def links(self) -> list[RuleLink]:
        """Every rule link of the script (its steps', then the rules for later)."""
        return [s.rule for s in self.steps if s.rule is not None] + list(self.later)
