"""Who sits at America's Main Street's mats in the terminal: "Player 2" by default,
or names from ``roadtrip play ... --names``, where a seat may be a team of two
("teams of 2 players share one mat"): ``--names "Ann+Ben,Cy"`` seats Ann and Ben at
mat 1 and Cy at mat 2.

A team is one seat: both names are shown ("Ann & Ben"), the prompt asks either
partner ("Ann or Ben, ..."), and whichever of them types the choice acts for the
mat (the two agree at the table; see docs/rules/americas-main-street.md, "Players,
teams and turn order").
"""

from __future__ import annotations

from dataclasses import dataclass

from roadtrip.cli.seating import SeatError

TEAM_SIZE = 2
NAME_LIMIT = 24
"""The longest name accepted (a longer one is refused, not cut)."""


@dataclass(frozen=True)
class SeatNames:
    """The people on each seat (empty: unnamed, 'Player N'); ``solo`` games say
    'You' to an unnamed player."""

    people: tuple[tuple[str, ...], ...] = ()

    def named(self, seat: int) -> bool:
        return seat < len(self.people) and bool(self.people[seat])

    def team(self, seat: int) -> bool:
        return self.named(seat) and len(self.people[seat]) > 1

    def name(self, seat: int) -> str:
        """'Ann & Ben', 'Cy' or 'Player 2'."""
        return " & ".join(self.people[seat]) if self.named(seat) else f"Player {seat + 1}"

    def addressee(self, seat: int) -> str:
        """Whom the prompt asks: 'Ann or Ben' for a team (either may act)."""
        return " or ".join(self.people[seat]) if self.named(seat) else f"Player {seat + 1}"

    def possessive(self, seat: int) -> str:
        return f"{self.name(seat)}'s"


def parse_seat_names(text: str, seats: int) -> SeatNames:
    """``"Ann+Ben,Cy"`` for ``seats`` mats: one entry per seat, a team's two names
    joined by '+'.  Raises SeatError saying what is wrong (and changes nothing)."""
    entries = [entry.strip() for entry in text.split(",")]
    if len(entries) != seats:
        raise SeatError(
            f"--names gives {len(entries)} seat{'s' * (len(entries) != 1)} for {seats} "
            f"mat{'s' * (seats != 1)}: one entry per mat, a team of two as 'Ann+Ben'"
        )
    people: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        names = tuple(name.strip() for name in entry.split("+"))
        if not all(names):
            raise SeatError(f"--names: seat {number} has an empty name ({entry!r})")
        if len(names) > TEAM_SIZE:
            raise SeatError(
                f"--names: seat {number} names {len(names)} players; a team is 2 players "
                "sharing one mat"
            )
        for name in names:
            if len(name) > NAME_LIMIT:
                raise SeatError(
                    f"--names: {name!r} is {len(name)} characters long; "
                    f"names may have at most {NAME_LIMIT}"
                )
            if name.lower() in seen:
                raise SeatError(f"--names: {name!r} is named twice; every player needs a name")
            seen.add(name.lower())
        people.append(names)
    return SeatNames(tuple(people))
