"""When a timed match's clocks start: once the people are there (docs/server.md,
"Turn timers and correspondence play", "When the clocks start").

A match is often created by one person for others, who open their links later: a
clock that ran from the creation made the stand-in bot play their first rounds
("time ran out") before they arrived.  So the clocks of a timed match start only
once **every human seat has opened its link**: its token was used for this match
(any request with it, e.g. the page's state request, or a WebSocket hello; either
partner's for a team; the hot-seat link opens every seat it plays; a spectator's
link or the lobby's question "is it my turn?" opens nothing).  A **correspondence**
clock (:func:`roadtrip.server.turn_clock.is_correspondence`: an hour or more per
move) also starts as soon as a human seat makes a move, so that a player who never
opens the link cannot hold the match forever once the others play.  Until then no
deadline runs and nobody's time runs out; bots and chance play as usual, up to a
person's decision.  Once started, the clocks never wait again.

:class:`ClockStart` is a base of :class:`roadtrip.server.coordinator.Coordinator`.
The arrivals and the start are stored (``MatchStore.arrive``/``start_clock``: a
union of seats and a first-start-wins write), so they survive a restart and every
process of a cluster sees them; a copy that has not started re-reads them from the
store at each change (one small read, only until the start), so a copy that missed
an arrival on another process neither keeps the clocks waiting nor overwrites the
deadlines that process stored.
"""

from __future__ import annotations

from typing import Any

from roadtrip.core.match import Match
from roadtrip.server.autoplay import LiveMatch
from roadtrip.server.coordinator_base import CoordinatorBase
from roadtrip.server.seats import display_names
from roadtrip.server.storage import Grant, StoredMatch
from roadtrip.server.turn_clock import is_correspondence
from roadtrip.server.visibility import moves_by


def waiting_for(stored: StoredMatch) -> list[int]:
    """The human seats of a timed match whose link is not opened yet, while its
    clocks have not started (else none)."""
    if stored.clock is None or stored.clock_started_at is not None:
        return []
    return [
        seat
        for seat, spec in enumerate(stored.seats)
        if spec.bot is None and seat not in stored.arrived
    ]


def person_moved(stored: StoredMatch, match: Match) -> bool:
    """Whether a human seat has made a move in ``match`` (before the clocks start,
    every move of a human seat is that person's: the clock makes none yet)."""
    state = match.state
    return any(
        spec.bot is None and moves_by(state, seat) > 0 for seat, spec in enumerate(stored.seats)
    )


def waiting_message(live: LiveMatch) -> dict[str, Any]:
    """The clock message's part about the start: ``started`` and ``waiting_for``
    (the seats, with their names, whose links are not opened yet) and whether a
    person's move starts the clocks too (``starts_on_move``: correspondence)."""
    stored = live.stored
    names = display_names(stored.seats)
    return {
        "started": stored.clock_started_at is not None,
        "waiting_for": [{"seat": seat, "name": names[seat]} for seat in waiting_for(stored)],
        "starts_on_move": stored.clock is not None and is_correspondence(stored.clock),
    }


class ClockStart(CoordinatorBase):
    """Arrivals and the start of the coordinator's turn clocks (see above)."""

    def open_link(self, grant: Grant) -> None:
        """``grant``'s seats opened their link (every authorized request or hello
        says so): stored, and the clocks start when every human seat has.  While
        they wait, each request reads the stored clock (another process may have
        recorded an arrival or the start), and the pages hear of any change."""
        live = self.live(grant.match_id)
        stored = live.stored
        if stored.clock is None or stored.clock_started_at is not None or grant.is_spectator:
            return  # the common case: nothing to store, no lock taken
        with self._live.lock(grant.match_id):
            live = self.live(grant.match_id)
            stored = live.stored
            before = (stored.arrived, stored.clock_started_at)
            new = () if set(grant.seats) <= stored.arrived else grant.seats
            row = self.store.arrive(grant.match_id, new)
            if row is None or stored.clock_started_at is not None:
                return
            row.into(stored)
            if not live.match.state.is_terminal():
                self._keep_time(live, live.match, [])
                self._arm(live)
            if (stored.arrived, stored.clock_started_at) != before:
                self._clock_news(grant.match_id)

    def _clock_runs(self, live: LiveMatch, match: Match) -> bool:
        """Whether the clocks of ``live`` (whose copy has not seen them start) run
        with ``match`` (its copy after a change, or as loaded): started elsewhere,
        or now, when every human seat has opened its link or, for correspondence,
        a person has moved.  The copy takes the stored clock (its deadlines too)."""
        stored = live.stored
        row = self.store.arrive(stored.id, ())  # a read: another process may have started it
        if row is None:
            return False
        if row.started_at is None:
            stored.arrived = row.arrived
            if waiting_for(stored) and not (
                stored.clock is not None
                and is_correspondence(stored.clock)
                and person_moved(stored, match)
            ):
                return False
            row = self.store.start_clock(stored.id, self.clock()) or row
        row.into(stored)
        return True

    def _clock_news(self, match_id: str) -> None:
        """Arrivals or the start changed the clock (not the moves): every audience
        hears it (on a cluster, the other processes reload the clock too)."""
        self.notify(match_id)
