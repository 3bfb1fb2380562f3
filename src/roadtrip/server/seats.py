"""Who sits where: checking a new match's seats, and how seats are shown.

Every seat gets a distinct display name (two "Heuristic bot" seats become
"Heuristic bot 1" and "Heuristic bot 2"; a team seat reads "Ann & Bob") and a
colour of its own for its chip in the headline, the player list and the log.  The
stored names are never rewritten: the display names are derived, so matches stored
before this existed show the same way.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from roadtrip.core.errors import RoadtripError
from roadtrip.server.storage import SeatSpec

NAME_LIMIT = 40  # characters of a player's name

# A seat's colour, by seat number: the one source of seat colours for every view of
# a match (chips, player list, log, end table, and the boards' pieces: the boards
# take them from the match's ``players``).  Road Rally's cars use the first five.
SEAT_COLOURS = ("#2563eb", "#d6336c", "#0b9a76", "#7048e8", "#e8590c", "#8a6d00")
# The Open Road's riders stand on a map whose routes are blue, orange, green and red:
# its seats take colours that none of those can be mistaken for.
GAME_COLOURS = {
    "open-road": ("#7c3aed", "#0f8a7e", "#d6336c", "#3b5bdb", "#8d5a2b", "#1f2937"),
}

# Games whose rulebook lets two people share one seat: America's Main Street,
# "teams of 2 players share one mat" (shared/rules/main-street.txt).
TEAM_GAMES = frozenset({"get-your-kicks", "mileage-may-vary"})


class SetupError(RoadtripError, ValueError):
    """A new match that cannot be made as asked (seats, names, teams)."""


def check_name(name: str, where: str) -> str:
    """A stripped name within the limit, or SetupError naming the limit."""
    cleaned = name.strip()
    if len(cleaned) > NAME_LIMIT:
        raise SetupError(
            f"{where} is {len(cleaned)} characters long; names may have at most "
            f"{NAME_LIMIT} characters"
        )
    return cleaned


def checked_seats(game_id: str, seats: list[SeatSpec]) -> list[SeatSpec]:
    """The seats of a new match with clean names; SetupError says what is wrong."""
    if not seats:
        raise SetupError("A match needs at least one seat")
    out = []
    for index, spec in enumerate(seats):
        where = f"The name of seat {index + 1}"
        name = check_name(spec.name, where) or f"Player {index + 1}"
        partner = None
        if spec.partner is not None and spec.partner.strip():
            if game_id not in TEAM_GAMES:
                raise SetupError(
                    f"Seat {index + 1} is a team, but only America's Main Street "
                    "(get-your-kicks, mileage-may-vary) lets two players share a seat"
                )
            if spec.bot is not None:
                raise SetupError(f"Seat {index + 1} is a bot: a bot seat cannot be a team")
            partner = check_name(spec.partner, f"The partner's name of seat {index + 1}")
        out.append(SeatSpec(name=name, bot=spec.bot, partner=partner))
    return out


def display_names(seats: list[SeatSpec]) -> list[str]:
    """A distinct name per seat: repeated names are numbered in seat order."""
    # Asked several times a move (the log, the choices, the players): remembered by
    # the labels, which are all it depends on.
    return list(_numbered(tuple(s.label for s in seats)))


@functools.lru_cache(maxsize=4096)
def _numbered(labels: tuple[str, ...]) -> tuple[str, ...]:
    counts = Counter(labels)
    taken = set(labels)
    numbered: Counter[str] = Counter()
    names = []
    for label in labels:
        if counts[label] == 1:
            names.append(label)
            continue
        while True:
            numbered[label] += 1
            candidate = f"{label} {numbered[label]}"
            if candidate not in taken:
                break
        taken.add(candidate)
        names.append(candidate)
    return tuple(names)


def seat_colour(seat: int, game_id: str | None = None) -> str:
    """The colour of ``seat`` in a match of ``game_id``."""
    palette = GAME_COLOURS.get(game_id or "", SEAT_COLOURS)
    return palette[seat % len(palette)]


def players_of(
    seats: list[SeatSpec], connected: set[int] | None = None, game_id: str | None = None
) -> list[dict[str, Any]]:
    """The ``players`` of a state message or a replay of a match of ``game_id``:
    display name, colour, team."""
    names = display_names(seats)
    return [
        {
            "seat": i,
            "name": names[i],
            "bot": spec.bot,
            "colour": seat_colour(i, game_id),
            "members": list(spec.members),
            "online": spec.bot is not None or (connected is not None and i in connected),
        }
        for i, spec in enumerate(seats)
    ]
