"""A new match as its creator sees it: the id and the secret tokens (returned once,
never stored; the store keeps only their hashes)."""

from __future__ import annotations

from dataclasses import dataclass, field

from roadtrip.server.storage import Grant


@dataclass
class Created:
    """A new match: its id and the secret tokens (returned once, never stored).
    ``partner_tokens``: the second member's token of each team seat."""

    match_id: str
    seat_tokens: dict[int, str]
    spectator_token: str
    hotseat_token: str | None
    partner_tokens: dict[int, str] = field(default_factory=dict)

    def token_for(self, grant: Grant) -> str | None:
        """The new token matching what ``grant`` held in the old match (a rematch):
        the same seat and team member, the hot-seat, or the spectators'."""
        if grant.is_spectator:
            return self.spectator_token
        if len(grant.seats) > 1:
            return self.hotseat_token
        seat = grant.seats[0]
        if grant.member == 1:
            return self.partner_tokens.get(seat)
        return self.seat_tokens.get(seat)
