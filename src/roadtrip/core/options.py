"""Declared variant options: each game lists its options, with defaults and documentation.

Options are validated once, when a game is loaded.  An unknown name or a bad value
raises :class:`InvalidOption` naming what exists, so a typo never silently plays the
default.  ``Option.parse`` turns command-line or form text into a typed value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from roadtrip.core.errors import InvalidOption

OptionValue = bool | int | str

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One variant option.

    Exactly one kind applies: ``choices`` (a fixed set of strings), an integer range
    (``minimum``/``maximum`` with an int default), or a flag (a bool default).
    ``rule`` quotes or names the rulebook sentence the option rests on.
    """

    name: str
    default: OptionValue
    doc: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str = ""

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        return "int"

    def validate(self, value: Any, game_id: str) -> OptionValue:
        """Return ``value`` if it is allowed for this option, else raise InvalidOption."""
        where = f"option '{self.name}' of game '{game_id}'"
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOption(f"{where} must be one of {allowed}; got {value!r}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOption(f"{where} must be true or false; got {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidOption(f"{where} must be a whole number; got {value!r}")
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise InvalidOption(
                f"{where} must be between {self.minimum} and {self.maximum}; got {value}"
            )
        return value

    def parse(self, text: str, game_id: str) -> OptionValue:
        """Turn text (from a command line or a form) into a validated value."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in _TRUE:
                return True
            if lowered in _FALSE:
                return False
            raise InvalidOption(
                f"option '{self.name}' of game '{game_id}' must be true or false; got {text!r}"
            )
        if self.kind == "int":
            try:
                number = int(text.strip())
            except ValueError:
                raise InvalidOption(
                    f"option '{self.name}' of game '{game_id}' must be a whole number; got {text!r}"
                ) from None
            return self.validate(number, game_id)
        return self.validate(text.strip(), game_id)

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, for help texts and forms."""
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "doc": self.doc,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["minimum"] = self.minimum
            out["maximum"] = self.maximum
        if self.rule:
            out["rule"] = self.rule
        return out


def round_limit_option(unit: str, ranking: str) -> Option:
    """The ``max_rounds`` option every game declares: a bound on the length of a match
    for machines (simulations of policies that never stop, learning agents), off by
    default.  ``unit`` says what a round is in this game, ``ranking`` who wins a match
    cut off by it; the state's ``ending()`` is then ``"max_rounds"``."""
    return Option(
        "max_rounds",
        0,
        f"0: no limit (the rulebook's game). N: the match also ends after round N "
        f"({unit}); {ranking}. For simulations, weak bots and AI frameworks that need a "
        f"bounded game.",
        minimum=0,
        maximum=10000,
        rule="Not in the rulebook: a limit for machines, off by default.",
    )


def validate_options(
    game_id: str, declared: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Check ``given`` against ``declared`` and fill in defaults."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise InvalidOption(
            f"game '{game_id}' has no option {', '.join(repr(u) for u in unknown)}; "
            f"its options are: {known}"
        )
    values: dict[str, OptionValue] = {}
    for option in declared:
        if option.name in given:
            values[option.name] = option.validate(given[option.name], game_id)
        else:
            values[option.name] = option.default
    return values


def parse_option_texts(
    game_id: str, declared: Sequence[Option], texts: Sequence[str]
) -> dict[str, OptionValue]:
    """Parse ``name=value`` strings (as typed on a command line) into option values."""
    by_name = {option.name: option for option in declared}
    values: dict[str, OptionValue] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise InvalidOption(f"an option is written name=value; got {text!r}")
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidOption(
                f"game '{game_id}' has no option '{name}'; its options are: {known}"
            )
        values[name] = by_name[name].parse(raw, game_id)
    return values
