"""Seating for the terminal games that mix humans and bots (Road Rally USA, The Open
Road): who sits where from ``--humans``, ``--bots`` and ``--hotseat`` (and how many
seats, when ``--bots`` names one bot per seat and no count is given), and each bot
seat's own random generator, so that a seed replays the same game."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from roadtrip.bots import Bot, bot_names, make_bot
from roadtrip.core import Game, Match, RoadtripError, game_class

DEFAULT_BOTS = ("heuristic", "random")
"""Best first: a bot seat without a named bot gets the first one the game has."""


class SeatError(RoadtripError, ValueError):
    """A seating the command line cannot arrange (--humans, --bots, --hotseat)."""


def default_bot(game_id: str) -> str:
    available = bot_names(game_id)
    return next((name for name in DEFAULT_BOTS if name in available), DEFAULT_BOTS[-1])


def seat_bots(
    game: Game, bots: str | None, humans: int | None, hotseat: bool, noun: str = "players"
) -> dict[int, str]:
    """The bot kind on each bot seat; humans sit on the first seats.  ``noun`` names
    the seats in messages ("cars", "riders")."""
    seats = game.num_players()
    if hotseat:
        if bots or (humans is not None and humans != seats):
            raise SeatError("--hotseat puts a human on every seat: leave out --bots and --humans")
        return {}
    count = 1 if humans is None else humans
    if not 1 <= count <= seats:
        raise SeatError(f"--humans must be 1 to {seats} with {seats} {noun}; got {count}")
    names = bot_list(bots)
    free = seats - count
    if names and not free:
        raise SeatError(f"every seat has a human (--humans {count}): there is no seat for --bots")
    if len(names) <= 1:
        names = (names or [default_bot(game.id)]) * free
    if len(names) != free:
        raise SeatError(
            f"--bots names {len(names)} bots for {free} bot seats (Players {count + 1}-{seats}): "
            "give one name for all of them or one per seat"
        )
    return {count + index: name for index, name in enumerate(names)}


def bot_list(bots: str | None) -> list[str]:
    """The names ``--bots`` gives, in seat order."""
    return [b.strip() for b in bots.split(",") if b.strip()] if bots else []


def players_for_bots(
    game_id: str, bots: str | None, humans: int | None, noun: str = "players"
) -> int | None:
    """The seat count ``--bots`` implies when no player count is given: the humans
    (1 unless ``--humans``) and one seat per bot named, when it names more than one
    (a single name fills the bot seats of the game's default count).  SeatError
    when that count is not one the game seats."""
    names = bot_list(bots)
    if len(names) < 2:
        return None
    people = 1 if humans is None else humans
    total = people + len(names)
    info = game_class(game_id).info
    if not info.min_players <= total <= info.max_players:
        raise SeatError(
            f"--bots names {len(names)} bots and {people} human(s) play: that is {total} "
            f"{noun}, but {game_id} seats {info.min_players}-{info.max_players}"
        )
    return total


def bot_rng(seed: int, seat: int) -> Random:
    """Each bot seat's own generator: a seed replays the same game."""
    return Random(f"roadtrip-bot:{seed}:{seat}")


@dataclass(frozen=True)
class Seating:
    """Who plays a match: the bot kind, bot and generator on each bot seat, and the
    human seats."""

    kinds: dict[int, str]
    bots: dict[int, Bot]
    rngs: dict[int, Random]
    humans: list[int]


def seat_match(
    match: Match, bots: str | None, humans: int | None, hotseat: bool, noun: str
) -> Seating:
    """Seat ``match`` as the command line asks (:func:`seat_bots`), each bot made and
    given its own generator."""
    kinds = seat_bots(match.game, bots, humans, hotseat, noun)
    made = {seat: make_bot(name, match.game) for seat, name in kinds.items()}
    rngs = {seat: bot_rng(match.seed, seat) for seat in made}
    people = [s for s in range(match.game.num_players()) if s not in made]
    return Seating(kinds, made, rngs, people)
