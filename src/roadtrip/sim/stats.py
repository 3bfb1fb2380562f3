"""Mergeable tallies of simulated games, and the summary built from them.

A :class:`Tally` accumulates per-game results (score histograms, wins, ties, game
lengths, rounds to win a solo game, how games ended) so that tallies from separate
chunks of games, played in other processes, add up to exactly the tally of playing
them all in one place.  Scores and rounds take few distinct values, so histograms
recover their means and medians exactly, whatever the order of the games.
:func:`wilson_interval` gives the 95% interval of a win rate.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from roadtrip.sim.columns import GameColumns

Number = TypeVar("Number", int, float)

# The fields of ``SimulationSummary.to_dict()`` that say how a run ran, not what
# happened in its games: every other field is the same on every backend.
MACHINE_FIELDS = ("elapsed_s", "games_per_second", "workers", "backend", "played")

# The normal quantile for a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (0, 1 for no trials);
    ``successes`` may be fractional (a shared win counts a share)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def histogram_median(histogram: Counter[Number]) -> float:
    """The median of the values a histogram counts (the mean of the middle two for
    an even count; 0 for an empty histogram)."""
    total = sum(histogram.values())
    if total == 0:
        return 0.0
    lower_rank, upper_rank = (total - 1) // 2, total // 2
    lower: Number | None = None
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if lower is None and seen > lower_rank:
            lower = value
        if seen > upper_rank:
            return (float(lower if lower is not None else value) + float(value)) / 2
    return float(max(histogram))  # unreachable: ranks are below the total


def histogram_mean(histogram: Counter[Number]) -> float:
    """The mean of the values a histogram counts (0 for an empty histogram).

    Summed in value order with ``math.fsum``, so it does not depend on the order in
    which games were counted or tallies merged.
    """
    total = sum(histogram.values())
    if total == 0:
        return 0.0
    return math.fsum(value * histogram[value] for value in sorted(histogram)) / total


@dataclass
class GameResult:
    """What one finished game contributes to a tally."""

    scores: tuple[float, ...]
    wins: tuple[bool, ...]
    decisions: int
    rounds: int | None
    ending: str | None = None  # why the game ended, where the state says (``ended``)
    # Balance counts from the game's stats hook (``roadtrip.sim.balance``).
    stats: Counter[str] = field(default_factory=Counter)
    returns: tuple[float, ...] = ()  # ``State.returns()``: who won, ties shared


@dataclass
class Tally:
    """Additive statistics of a batch of games with a fixed number of seats."""

    seats: int
    games: int = 0
    score_histograms: list[Counter[float]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    ties: int = 0
    decisions: int = 0
    rounds: int = 0
    games_with_rounds: int = 0
    round_histogram: Counter[int] = field(default_factory=Counter)
    # Solo games only: the rounds of the games that were won (turns to win).
    win_round_histogram: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    stats: Counter[str] = field(default_factory=Counter)  # balance counts, summed

    def __post_init__(self) -> None:
        if not self.score_histograms:
            self.score_histograms = [Counter() for _ in range(self.seats)]
        if not self.wins:
            self.wins = [0] * self.seats

    def add(self, result: GameResult) -> None:
        """Count one game."""
        if len(result.scores) != self.seats or len(result.wins) != self.seats:
            raise ValueError(f"a game result for {len(result.scores)} seats, not {self.seats}")
        self.games += 1
        for seat, score in enumerate(result.scores):
            self.score_histograms[seat][score] += 1
            if result.wins[seat]:
                self.wins[seat] += 1
        if self.seats > 1 and sum(result.wins) > 1:
            self.ties += 1
        self.decisions += result.decisions
        if result.rounds is not None:
            self.rounds += result.rounds
            self.games_with_rounds += 1
            self.round_histogram[result.rounds] += 1
            if self.seats == 1 and result.wins[0]:
                self.win_round_histogram[result.rounds] += 1
        if result.ending is not None:
            self.endings[result.ending] += 1
        self.stats.update(result.stats)

    def merge(self, other: Tally) -> None:
        """Add another tally's games to this one."""
        if other.seats != self.seats:
            raise ValueError(f"cannot merge a tally of {other.seats} seats into {self.seats}")
        self.games += other.games
        for seat in range(self.seats):
            self.score_histograms[seat].update(other.score_histograms[seat])
            self.wins[seat] += other.wins[seat]
        self.ties += other.ties
        self.decisions += other.decisions
        self.rounds += other.rounds
        self.games_with_rounds += other.games_with_rounds
        self.round_histogram.update(other.round_histogram)
        self.win_round_histogram.update(other.win_round_histogram)
        self.endings.update(other.endings)
        self.stats.update(other.stats)


@dataclass(frozen=True)
class PlayedChunk:
    """Games ``start..stop-1`` of a run: their tally and, when the run records
    them, every game's figures as arrays in index order (else None)."""

    start: int
    stop: int
    tally: Tally
    games: GameColumns | None = None

    @property
    def results(self) -> tuple[GameResult, ...]:
        """Each recorded game's result (none when the run keeps no games)."""
        return () if self.games is None else tuple(self.games.game_results())


@dataclass(frozen=True)
class SeatSummary:
    """One seat's results over a simulation."""

    seat: int
    bot: str
    mean_score: float
    median_score: float
    wins: int
    win_rate: float
    win_rate_low: float
    win_rate_high: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "bot": self.bot,
            "mean_score": self.mean_score,
            "median_score": self.median_score,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": [self.win_rate_low, self.win_rate_high],
        }


@dataclass(frozen=True)
class BotSummary:
    """One bot kind's results over every seat it played (a seat-weighted mean)."""

    bot: str
    seats: int
    mean_score: float
    wins: int
    win_rate: float  # wins over games x seats
    win_rate_low: float
    win_rate_high: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seats": self.seats,
            "mean_score": self.mean_score,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": [self.win_rate_low, self.win_rate_high],
        }


@dataclass(frozen=True)
class SimulationSummary:
    """The outcome of ``roadtrip.sim.simulate``: JSON-ready through ``to_dict()``.

    A win is ``returns()[seat] > 0`` (solo: reaching the target), so a shared win
    counts for every seat that shares it and as one tie.  ``elapsed_s``,
    ``games_per_second``, ``workers`` and ``backend`` are the only fields that depend
    on the machine (``MACHINE_FIELDS``).
    """

    game: str
    options: dict[str, Any]
    seed: int
    games: int
    seats: tuple[SeatSummary, ...]
    ties: int
    mean_decisions: float
    mean_rounds: float | None
    elapsed_s: float
    games_per_second: float
    workers: int
    median_rounds: float | None = None
    # The fewest and the most rounds a game took, where the game counts rounds.
    rounds_range: tuple[int, int] | None = None
    # Solo games: the rounds (turns) of the games won; None without a win.
    mean_rounds_to_win: float | None = None
    median_rounds_to_win: float | None = None
    # Why games ended, where the state says (``ended``), sorted by reason.
    endings: dict[str, int] = field(default_factory=dict)
    # The game's balance counts (``roadtrip.sim.balance``), each a mean per game.
    stats: dict[str, float] = field(default_factory=dict)
    backend: str = "local"  # where the games ran (``roadtrip.sim.backends``)
    # "engine": the rules library; "fast": Road to 300's compiled fast path
    # (``roadtrip.sim.fast_road_to_300``), its own random streams.
    path: str = "engine"
    # The games played in this run (in ``elapsed_s``); fewer than ``games`` when a
    # resumed run found the others in its results file.  None: all of them.
    played: int | None = None

    @property
    def bots(self) -> tuple[str, ...]:
        return tuple(seat.bot for seat in self.seats)

    def by_bot(self) -> list[BotSummary]:
        """Each bot kind over all its seats (in order of first seat)."""
        out = []
        for name in dict.fromkeys(self.bots):
            seats = [seat for seat in self.seats if seat.bot == name]
            wins, trials = sum(seat.wins for seat in seats), self.games * len(seats)
            low, high = wilson_interval(wins, trials)
            mean = math.fsum(seat.mean_score for seat in seats) / len(seats)
            out.append(
                BotSummary(
                    name, len(seats), mean, wins, wins / trials if trials else 0.0, low, high
                )
            )
        return out

    @classmethod
    def from_tally(
        cls,
        tally: Tally,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        bots: tuple[str, ...],
        elapsed_s: float,
        workers: int,
        backend: str = "local",
        path: str = "engine",
        played: int | None = None,
    ) -> SimulationSummary:
        """The summary of ``tally``; ``played`` of its games were played in
        ``elapsed_s`` (the others came from a results file), so the speed counts only
        them."""
        games = tally.games
        timed = games if played is None else played
        seats = []
        for seat in range(tally.seats):
            low, high = wilson_interval(tally.wins[seat], games)
            seats.append(
                SeatSummary(
                    seat=seat,
                    bot=bots[seat],
                    mean_score=histogram_mean(tally.score_histograms[seat]),
                    median_score=histogram_median(tally.score_histograms[seat]),
                    wins=tally.wins[seat],
                    win_rate=tally.wins[seat] / games if games else 0.0,
                    win_rate_low=low,
                    win_rate_high=high,
                )
            )
        return cls(
            game=game,
            options=dict(options),
            seed=seed,
            games=games,
            seats=tuple(seats),
            ties=tally.ties,
            mean_decisions=tally.decisions / games if games else 0.0,
            mean_rounds=(
                tally.rounds / tally.games_with_rounds if tally.games_with_rounds else None
            ),
            elapsed_s=elapsed_s,
            games_per_second=timed / elapsed_s if elapsed_s > 0 else 0.0,
            workers=workers,
            median_rounds=_median_or_none(tally.round_histogram),
            rounds_range=(
                (min(tally.round_histogram), max(tally.round_histogram))
                if tally.round_histogram
                else None
            ),
            mean_rounds_to_win=(
                histogram_mean(tally.win_round_histogram) if tally.win_round_histogram else None
            ),
            median_rounds_to_win=_median_or_none(tally.win_round_histogram),
            endings={reason: tally.endings[reason] for reason in sorted(tally.endings)},
            stats={name: tally.stats[name] / games for name in sorted(tally.stats)},
            backend=backend,
            path=path,
            played=played,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "bots": list(self.bots),
            "seats": [seat.to_dict() for seat in self.seats],
            "ties": self.ties,
            "mean_decisions": self.mean_decisions,
            "mean_rounds": self.mean_rounds,
            "median_rounds": self.median_rounds,
            "rounds_range": list(self.rounds_range) if self.rounds_range else None,
            "mean_rounds_to_win": self.mean_rounds_to_win,
            "median_rounds_to_win": self.median_rounds_to_win,
            "endings": dict(self.endings),
            "by_bot": [bot.to_dict() for bot in self.by_bot()],
            "stats": dict(self.stats),
            "elapsed_s": self.elapsed_s,
            "games_per_second": self.games_per_second,
            "workers": self.workers,
            "backend": self.backend,
            "path": self.path,
            "played": self.games if self.played is None else self.played,
        }


def _median_or_none(histogram: Counter[int]) -> float | None:
    return histogram_median(histogram) if histogram else None
