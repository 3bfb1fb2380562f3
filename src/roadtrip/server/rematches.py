"""The coordinator's part that starts rematches of finished matches.

:class:`Rematches` is a base of :class:`roadtrip.server.coordinator.Coordinator`.
A rematch is a new match with the same game, options, seats, advice and turn clock
as a finished one: one per match, however many players ask, remembered while the
process runs (tokens are never stored, so after a restart a rematch click makes a
new one).  Each connected audience of the old match learns its own new link in its
next state message (:meth:`Rematches.rematch_link`), never another's.
"""

from __future__ import annotations

from roadtrip.server.coordinator_base import CoordinatorBase
from roadtrip.server.created import Created
from roadtrip.server.match_errors import AccessDenied
from roadtrip.server.seats import SetupError
from roadtrip.server.storage import Grant

MAX_REMEMBERED_REMATCHES = 10_000  # old match -> its rematch, newest kept


class Rematches(CoordinatorBase):
    """Rematches of the coordinator's matches (see above)."""

    def rematch(self, grant: Grant) -> tuple[Created, str]:
        """A new match with the same game, options and seats as a finished one (the
        same bots, new tokens for the people); one per match, however many players
        ask.  Returns it with the link of ``grant``'s own seat in it, and tells every
        connected audience of the old match its own new link (never another's)."""
        if grant.is_spectator:
            raise AccessDenied("Spectators cannot start a rematch; a player can")
        live = self.live(grant.match_id)
        if not live.match.state.is_terminal():
            raise SetupError("A rematch can start once this match is over")
        created = self._rematches.get(grant.match_id)
        if created is None:
            stored = live.stored
            created = self.create_match(
                stored.game,
                dict(stored.options),
                list(stored.seats),
                hotseat=stored.hotseat,
                advice=stored.advice,
                turn_clock=stored.clock,
            )
            self._rematches[grant.match_id] = created
            while len(self._rematches) > MAX_REMEMBERED_REMATCHES:
                self._rematches.popitem(last=False)
            self.notify(grant.match_id)  # every audience's message now has its link
        return created, self.rematch_link(grant) or ""

    def rematch_link(self, grant: Grant) -> str | None:
        """``grant``'s own link into the rematch of its match, if there is one."""
        created = self._rematches.get(grant.match_id)
        token = created.token_for(grant) if created is not None else None
        return f"/m/{created.match_id}#t={token}" if created is not None and token else None
