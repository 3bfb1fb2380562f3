"""The figures of a tournament: win rates, mean scores, head-to-head and ratings.

Each bot's figures count the seats it played (a bot on two seats of one game plays
two "games").  A win is ``returns()[seat] > 0``; a win shared by ``k`` seats counts
``1/k`` for each, and the win rate's 95% interval is Wilson's on those fractional
wins.  A game's *finishing order* ranks its seats by return, then by score;
seats level on both tie.

Ratings come from openskill's Plackett-Luce model: every game, in schedule order,
updates the ratings of the bots on its seats from its finishing order (ties
shared).  A rating is ``mu`` (the estimated skill), ``sigma`` (its uncertainty) and
the conservative ``ordinal`` = ``mu - 3 sigma``, by which the standings are sorted.
A bot on several seats of one game is rated as one player per seat and takes the
mean of those seats' updated ratings.  The head-to-head rate of bot A against
bot B is how often A finished ahead of B in the games they both played (level
counts half).  A solo game has no opponent: no ratings and no head-to-head, and
the standings are sorted by win rate, then mean score.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from roadtrip.sim.stats import wilson_interval

RATING_MODEL = "openskill PlackettLuce (mu 25, sigma 25/3; ordinal = mu - 3 sigma)"


@dataclass(frozen=True)
class PlayedGame:
    """What a tournament keeps of one game: its schedule index, the bot on each
    seat, and each seat's return and score."""

    index: int
    seating: tuple[str, ...]
    returns: tuple[float, ...]
    scores: tuple[float, ...]

    def finishing_ranks(self) -> list[int]:
        """Each seat's place, 0 first: seats with a better (return, score) ahead;
        seats level on both share a place."""
        keys = list(zip(self.returns, self.scores, strict=True))
        return [sum(other > key for other in keys) for key in keys]

    def win_shares(self) -> list[float]:
        """Each seat's share of the win: 1/k for each of k winners, else 0."""
        winners = sum(value > 0 for value in self.returns)
        return [1 / winners if value > 0 else 0.0 for value in self.returns]


@dataclass(frozen=True)
class Rating:
    """A bot's openskill rating."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}


@dataclass(frozen=True)
class BotStanding:
    """One bot's results over the whole tournament."""

    bot: str
    games: int  # seats played
    wins: float  # shared wins count a share
    win_rate: float
    win_rate_low: float
    win_rate_high: float
    mean_score: float
    rating: Rating | None  # None in a solo tournament

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_95": [self.win_rate_low, self.win_rate_high],
            "mean_score": self.mean_score,
            "rating": self.rating.to_dict() if self.rating is not None else None,
        }


@dataclass(frozen=True)
class HeadToHead:
    """How often ``bot`` finished ahead of ``opponent`` in the games both played."""

    bot: str
    opponent: str
    games: int
    ahead: float  # level finishes count half

    @property
    def rate(self) -> float:
        return self.ahead / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "opponent": self.opponent,
            "games": self.games,
            "ahead": self.ahead,
            "rate": self.rate,
        }


@dataclass(frozen=True)
class TournamentSummary:
    """The outcome of ``roadtrip.sim.tournament.tournament``: JSON-ready through
    ``to_dict()``.  ``elapsed_s`` is the only field that depends on the machine."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: int
    bots: tuple[str, ...]
    pairings: tuple[tuple[str, ...], ...]
    deals: int
    games: int
    standings: tuple[BotStanding, ...]  # best first
    head_to_head: tuple[HeadToHead, ...]  # empty in a solo tournament
    think: float | None
    workers: int
    elapsed_s: float

    @property
    def solo(self) -> bool:
        return self.seats == 1

    @property
    def games_per_pairing(self) -> int:
        return self.deals * self.seats

    def head_to_head_rate(self, bot: str, opponent: str) -> float | None:
        """The rate at which ``bot`` finished ahead of ``opponent`` (None: never met)."""
        for cell in self.head_to_head:
            if cell.bot == bot and cell.opponent == opponent:
                return cell.rate if cell.games else None
        return None

    def head_to_head_matrix(self) -> dict[str, Any]:
        """Rows and columns in standings order; ``rate[i][j]``: how often bot i
        finished ahead of bot j (None on the diagonal and where they never met)."""
        order = [standing.bot for standing in self.standings]
        cells = {(cell.bot, cell.opponent): cell for cell in self.head_to_head}
        rate: list[list[float | None]] = []
        games: list[list[int]] = []
        for bot in order:
            row = [cells.get((bot, opponent)) for opponent in order]
            rate.append([cell.rate if cell is not None and cell.games else None for cell in row])
            games.append([cell.games if cell is not None else 0 for cell in row])
        return {"bots": order, "rate": rate, "games": games}

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": self.seats,
            "solo": self.solo,
            "bots": list(self.bots),
            "pairings": [list(lineup) for lineup in self.pairings],
            "deals": self.deals,
            "games_per_pairing": self.games_per_pairing,
            "games": self.games,
            "rating_model": None if self.solo else RATING_MODEL,
            "standings": [standing.to_dict() for standing in self.standings],
            "head_to_head": None if self.solo else self.head_to_head_matrix(),
            "think": self.think,
            "workers": self.workers,
            "elapsed_s": self.elapsed_s,
        }


def rate_games(bots: Sequence[str], games: Sequence[PlayedGame]) -> dict[str, Rating]:
    """Each bot's Plackett-Luce rating after ``games``, updated in the given order."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {name: model.rating(name=name) for name in bots}
    for game in games:
        teams = [[ratings[name]] for name in game.seating]
        updated = model.rate(teams, ranks=[float(rank) for rank in game.finishing_ranks()])
        by_bot: dict[str, list[PlackettLuceRating]] = defaultdict(list)
        for name, team in zip(game.seating, updated, strict=True):
            by_bot[name].append(team[0])
        for name, seats in by_bot.items():
            ratings[name] = model.rating(
                mu=math.fsum(seat.mu for seat in seats) / len(seats),
                sigma=math.fsum(seat.sigma for seat in seats) / len(seats),
                name=name,
            )
    return {name: Rating(rating.mu, rating.sigma) for name, rating in ratings.items()}


def head_to_head(bots: Sequence[str], games: Sequence[PlayedGame]) -> list[HeadToHead]:
    """Every ordered pair of different bots: how often the first finished ahead."""
    met: dict[tuple[str, str], int] = defaultdict(int)
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    for game in games:
        ranks = game.finishing_ranks()
        for seat, name in enumerate(game.seating):
            for other, opponent in enumerate(game.seating):
                if name == opponent:
                    continue
                met[name, opponent] += 1
                if ranks[seat] < ranks[other]:
                    ahead[name, opponent] += 1.0
                elif ranks[seat] == ranks[other]:
                    ahead[name, opponent] += 0.5
    return [
        HeadToHead(bot, opponent, met[bot, opponent], ahead[bot, opponent])
        for bot in bots
        for opponent in bots
        if bot != opponent
    ]


def summarize(
    played: Sequence[PlayedGame],
    *,
    game: str,
    options: dict[str, Any],
    seed: int,
    seats: int,
    bots: tuple[str, ...],
    lineups: Sequence[tuple[str, ...]],
    deals: int,
    think: float | None,
    workers: int,
    elapsed_s: float,
) -> TournamentSummary:
    """The tournament's figures from its games (in any order: they are sorted by
    schedule index first, so the result does not depend on the workers)."""
    ordered = sorted(played, key=lambda one: one.index)
    solo = seats == 1
    ratings = {} if solo else rate_games(bots, ordered)
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, list[float]] = defaultdict(list)
    scores: dict[str, list[float]] = defaultdict(list)
    for one in ordered:
        for name, share, score in zip(one.seating, one.win_shares(), one.scores, strict=True):
            games[name] += 1
            wins[name].append(share)
            scores[name].append(score)
    standings = []
    for name in bots:
        count, won = games[name], math.fsum(wins[name])
        low, high = wilson_interval(won, count)
        standings.append(
            BotStanding(
                bot=name,
                games=count,
                wins=won,
                win_rate=won / count if count else 0.0,
                win_rate_low=low,
                win_rate_high=high,
                mean_score=math.fsum(scores[name]) / count if count else 0.0,
                rating=ratings.get(name),
            )
        )
    standings.sort(
        key=lambda s: (-s.rating.ordinal if s.rating else 0.0, -s.win_rate, -s.mean_score)
    )
    return TournamentSummary(
        game=game,
        options=dict(options),
        seed=seed,
        seats=seats,
        bots=bots,
        pairings=tuple(lineups),
        deals=deals,
        games=len(ordered),
        standings=tuple(standings),
        head_to_head=() if solo else tuple(head_to_head(bots, ordered)),
        think=think,
        workers=workers,
        elapsed_s=elapsed_s,
    )
