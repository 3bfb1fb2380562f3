"""Variant studies: one option's values compared over the same games.

A study is read from ``--option`` texts as a command line types them: exactly one
option lists several values (``start_fix=none,off_start``), the others fix one
value each.  :func:`parse_study` checks every value against the game's declared
options (an unknown option or value raises InvalidOption naming the choices) and
returns a :class:`Study`: the varied option, its values in order (the first is the
baseline of the comparison), and the options shared by every run.  Every run is
played with the same seed, so game ``i`` of each run gets the same chance draws
and bots' generators (:mod:`roadtrip.sim.runner`): the runs differ only by the
option.  :func:`study_rows` gives the short comparison the terminal prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from roadtrip.core.errors import InvalidOption
from roadtrip.core.options import Option, OptionValue, parse_option_texts
from roadtrip.sim.stats import SimulationSummary

# Balance groups worth a column each in the terminal's study table: rates per
# place (``start.<k>.wins``: Road Rally's win rate by starting-row place).
STUDY_GROUPS = {"start": "row"}


@dataclass(frozen=True)
class Study:
    """What a study varies: ``option`` over ``values``, with ``fixed`` options."""

    game: str
    option: str
    values: tuple[OptionValue, ...]
    fixed: dict[str, OptionValue]

    def options_for(self, value: OptionValue) -> dict[str, OptionValue]:
        """The options of the run of ``value``."""
        return {**self.fixed, self.option: value}

    def label(self, value: OptionValue) -> str:
        """A run's name in tables and the report: ``option=value``."""
        return f"{self.option}={shown(value)}"

    def file_name(self, value: OptionValue, suffix: str = ".jsonl") -> str:
        """A run's results file name: ``<game>-<option>-<value><suffix>``."""
        return f"{self.game}-{self.option}-{shown(value)}{suffix}"


def shown(value: OptionValue) -> str:
    """An option value as a command line writes it (``true``, not ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def parse_study(
    game: str, declared: Sequence[Option], texts: Sequence[str], players: int | None = None
) -> Study:
    """The study that ``--option`` ``texts`` (and ``--players``) ask for.

    Raises InvalidOption for a text that is not ``name=value[,value...]``, an
    unknown option or value, an option given twice, a value listed twice, and
    unless exactly one option lists two or more values.
    """
    varied: list[tuple[str, tuple[OptionValue, ...]]] = []
    fixed: dict[str, OptionValue] = {}
    seen: set[str] = set()
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise InvalidOption(f"an option is written name=value[,value...]; got {text!r}")
        if name in seen:
            raise InvalidOption(f"option '{name}' is given twice: list its values in one --option")
        seen.add(name)
        pieces = [piece.strip() for piece in raw.split(",")]
        if any(not piece for piece in pieces):
            raise InvalidOption(f"option '{name}' has an empty value in {raw!r}")
        values = tuple(
            parse_option_texts(game, declared, [f"{name}={piece}"])[name] for piece in pieces
        )
        if len(set(values)) != len(values):
            raise InvalidOption(f"option '{name}' lists a value twice: {raw!r}")
        if len(values) > 1:
            varied.append((name, values))
        else:
            fixed[name] = values[0]
    if players is not None:
        if "players" in seen:
            raise InvalidOption("give the number of seats once: --players or --option players=")
        fixed["players"] = players
    if len(varied) != 1:
        named = ", ".join(name for name, _ in varied) or "none"
        raise InvalidOption(
            "a study varies exactly one option: give it as --option name=value1,value2 "
            f"(options with several values: {named})"
        )
    option, values = varied[0]
    return Study(game, option, values, fixed)


def place_rates(summary: SimulationSummary, group: str) -> list[float]:
    """The rates ``<group>.<k>.wins`` of a summary by place ``k``, one per seat
    (a place never counted is 0); empty if the game has no such group."""
    stats = summary.stats
    if not any(key.startswith(f"{group}.") for key in stats):
        return []
    return [stats.get(f"{group}.{k}.wins", 0.0) for k in range(len(summary.seats))]


def study_columns(summaries: Sequence[SimulationSummary]) -> list[str]:
    """The columns of :func:`study_rows` after the value (seats, places, length)."""
    first = summaries[0]
    columns = [f"seat {seat.seat + 1}" for seat in first.seats]
    for group, name in STUDY_GROUPS.items():
        columns += [f"{name} {k + 1}" for k in range(len(place_rates(first, group)))]
    return [*columns, "rounds", "ties"]


def widest_interval(summaries: Sequence[SimulationSummary]) -> float:
    """The largest half-width of a seat's 95% win-rate interval, in points."""
    return max(
        50 * (seat.win_rate_high - seat.win_rate_low)
        for summary in summaries
        for seat in summary.seats
    )


def study_rows(labels: Sequence[str], summaries: Sequence[SimulationSummary]) -> list[list[str]]:
    """One row of text cells per run: its label, each seat's win rate (a shared
    win counts), the study groups' rates, the mean length in rounds, the ties."""
    rows = []
    for label, summary in zip(labels, summaries, strict=True):
        row = [label]
        row += [f"{seat.win_rate:.1%}" for seat in summary.seats]
        for group in STUDY_GROUPS:
            row += [f"{rate:.1%}" for rate in place_rates(summary, group)]
        rounds = summary.mean_rounds
        row.append(f"{rounds:.2f}" if rounds is not None else "-")
        row.append(f"{summary.ties:,}")
        rows.append(row)
    return rows
