"""The advisor at the terminal: ``--hint`` figures and their table.

:class:`AdvisorHint` is the bot ``roadtrip play --hint`` consults: its choice is
the advisor's best decision (see :func:`roadtrip.bots.advise`), and it keeps the
whole report so that the play loop can print the top choices with their figures
(:func:`advice_table`): the chance to win and the expected score (expected turns
in solo Main Street), each with its 95% interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from rich.console import Console
from rich.table import Table

from roadtrip.bots import AdviceReport, Observation, advise
from roadtrip.bots.advice import DEFAULT_SECONDS, Advice, Interval

TOP_CHOICES = 3


class AdvisorHint:
    """A Bot that plays the advisor's best choice and remembers the figures."""

    name = "advisor"

    def __init__(self, seconds: float = DEFAULT_SECONDS) -> None:
        self.seconds = seconds
        self.last_report: AdviceReport | None = None

    def choose(self, observation: Observation, rng: Random) -> int:
        # The advisor reads only this seat's view: a determinization is as good as
        # the real state to it (in perfect-information games it *is* the state).
        # Its seed is the position's canonical one (not ``rng``): the hint shows the
        # figures the browser's Advice and the review show for this position.
        state = observation.sample_state(Random(0))
        self.last_report = advise(state, observation.seat, self.seconds)
        return self.last_report.best.action


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def win_text(advice: Advice) -> str:
    if advice.exact:
        return percent(advice.win)
    low, high = advice.win_interval.low, advice.win_interval.high
    return f"{percent(advice.win)} ({percent(low)}-{percent(high)})"


def number(value: float) -> str:
    return f"{value:.1f}"


def interval_text(interval: Interval) -> str:
    low = number(interval.low) if interval.low > float("-inf") else "?"
    high = number(interval.high) if interval.high < float("inf") else "?"
    return f"{low}-{high}"


def score_text(advice: Advice) -> str:
    if advice.exact:
        return f"{advice.score:.2f}"  # a solver's figure: close choices differ in 0.01s
    return f"{number(advice.score)} ({interval_text(advice.score_interval)})"


def advice_table(
    report: AdviceReport, limit: int = TOP_CHOICES, numbers: Sequence[int] | None = None
) -> Table:
    """The best ``limit`` choices; ``numbers`` (aligned with the report's choices)
    are the menu numbers to show beside them."""
    table = Table(title=f"Advice ({report.method})", title_justify="left", box=None)
    table.add_column("#", justify="right")
    table.add_column("choice")
    table.add_column("win (95%)", justify="right")
    table.add_column(f"{report.score_name} (95%)", justify="right")
    for index, advice in enumerate(report.choices[:limit]):
        menu = str(numbers[index]) if numbers is not None and numbers[index] else ""
        table.add_row(menu, advice.label, win_text(advice), score_text(advice))
    return table


def print_hint_figures(console: Console, hint: object, menu: dict[int, int] | None = None) -> None:
    """The figures behind the last hint of an :class:`AdvisorHint` (nothing for
    another bot); ``menu`` maps actions to the numbers the player may type."""
    report = getattr(hint, "last_report", None)
    if not isinstance(report, AdviceReport):
        return
    numbers = [menu.get(a.action, 0) for a in report.choices] if menu else None
    console.print(advice_table(report, numbers=numbers))
