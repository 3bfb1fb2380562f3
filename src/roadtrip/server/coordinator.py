"""The match coordinator: the only authority over live matches.

It validates every move against the rules, resolves chance with the match's secret
seed, runs bot seats, stores every accepted action before anyone hears of it, and
then pushes each connected audience its own message.  Storage and transport are
passed in (Protocols with in-memory fakes for tests): it does no I/O of its own.

Its parts live beside it: automatic play that nobody waits for
(:mod:`roadtrip.server.unattended`), rematches (:mod:`roadtrip.server.rematches`),
turn clocks (:mod:`roadtrip.server.clocked`), resuming unfinished matches after a
start (:mod:`roadtrip.server.resume`) and its typed refusals
(:mod:`roadtrip.server.match_errors`, re-exported here).
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from roadtrip.bots import bot_thinks, make_bot
from roadtrip.core.checkpoints import Checkpoints
from roadtrip.core.match import Match
from roadtrip.core.options import validate_options
from roadtrip.core.records import MatchRecord, replay
from roadtrip.core.registry import game_class, load_game
from roadtrip.server.advice_policy import advice_allowed, default_advice
from roadtrip.server.autoplay import INLINE_MOVES, LiveMatch, play_automatic
from roadtrip.server.clocked import TurnClocks
from roadtrip.server.coordinator_base import Background, MoveObserver, Thinker, Unobserved
from roadtrip.server.created import Created
from roadtrip.server.deadlines import clock_message, timed_out
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.live_cache import LiveCache, LiveLimits
from roadtrip.server.match_errors import AccessDenied, NotFound, StaleVersion, Unplayable
from roadtrip.server.rematches import MAX_REMEMBERED_REMATCHES, Rematches
from roadtrip.server.resume import PendingResume, Resuming
from roadtrip.server.seats import SetupError, checked_seats, display_names
from roadtrip.server.storage import Grant, MatchStore, SeatSpec, StoredMatch
from roadtrip.server.timers import Timers
from roadtrip.server.tokens import new_match_id, new_seed, new_token, token_hash
from roadtrip.server.transport import Transport
from roadtrip.server.turn_clock import TurnClock
from roadtrip.server.unattended import UnattendedPlay
from roadtrip.server.visibility import state_message

__all__ = [
    "MAX_REMEMBERED_REMATCHES",
    "AccessDenied",
    "Background",
    "Coordinator",
    "Created",
    "LiveMatch",
    "NotFound",
    "StaleVersion",
    "Thinker",
    "Unplayable",
]

logger = logging.getLogger("roadtrip.server")
# Every stored change and every move refused as stale, at INFO: silent unless a
# handler is configured (benchmarks/soak_cluster.py does, and quotes the lines).
moves_log = logging.getLogger("roadtrip.server.moves")


class Coordinator(UnattendedPlay, Rematches, TurnClocks, Resuming):
    """Creates, loads, advances and reports matches.

    ``background`` runs automatic play that goes on after a request has answered
    (bots-only matches); without it, every match plays on until a human must act
    before the call returns.  ``limits`` bound the matches kept in memory.
    ``timers`` (the web app: on its event loop) fire the turn clocks of timed
    matches; without them, :meth:`expire` and :meth:`expire_overdue` are called
    by hand (tests, on a fake ``clock``).
    ``thinker`` and ``think_runner`` (both or neither): bots that think are played
    by the thinker, each decision waited for in a job of ``think_runner`` outside
    the match's lock, never inside a request (see :mod:`roadtrip.server.autoplay`).
    """

    def __init__(
        self,
        store: MatchStore,
        transport: Transport,
        *,
        clock: Callable[[], float] = time.time,
        connected: Callable[[str], set[int]] | None = None,
        background: Background | None = None,
        limits: LiveLimits | None = None,
        timers: Timers | None = None,
        thinker: Thinker | None = None,
        think_runner: Background | None = None,
    ) -> None:
        self.store = store
        self.transport = transport
        self.clock = clock
        self.connected = connected
        self.background = background
        self.timers = timers
        self.thinker = thinker
        self.think_runner = think_runner
        self.observer: MoveObserver = Unobserved()  # the app's metrics (server/metrics.py)
        self._live: LiveCache[LiveMatch] = LiveCache(limits or LiveLimits(), clock)
        self._broken: dict[str, str] = {}
        self._rematches: OrderedDict[str, Created] = OrderedDict()
        self._clients: OrderedDict[str, str] = OrderedDict()
        self.pending_resume = PendingResume()  # unfinished matches not resumed yet

    # ------------------------------------------------------------ creation
    def create_match(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        *,
        hotseat: bool = False,
        seed: int | None = None,
        advice: bool | None = None,
        turn_clock: TurnClock | None = None,
    ) -> Created:
        cls = game_class(game_id)  # UnknownGame naming the games
        seats = checked_seats(game_id, seats)
        # Checked by name first: an option called "self" or "game_id" is unknown,
        # not a keyword argument of the constructor.
        validate_options(game_id, cls.options_spec, options)
        options = dict(options)
        if "players" not in options and any(o.name == "players" for o in cls.options_spec):
            # The seats say how many play, unless the options say it themselves.
            if not cls.info.min_players <= len(seats) <= cls.info.max_players:
                raise SetupError(
                    f"{cls.info.name} is for {cls.info.min_players} to "
                    f"{cls.info.max_players} players; got {len(seats)} seats"
                )
            options["players"] = len(seats)
        game = load_game(game_id, **options)
        if len(seats) != game.num_players():
            raise SetupError(
                f"{game.info.name} with these options has {game.num_players()} seats; "
                f"got {len(seats)}"
            )
        for spec in seats:
            if spec.bot is not None:
                make_bot(spec.bot, game)  # raises UnknownBot naming the choices
        match_id = new_match_id()
        seat_tokens = {i: new_token() for i, s in enumerate(seats) if s.bot is None}
        partner_tokens = {i: new_token() for i, s in enumerate(seats) if s.partner}
        spectator_token = new_token()
        grants = {token_hash(t): Grant(match_id, (i,)) for i, t in seat_tokens.items()}
        for i, t in partner_tokens.items():
            grants[token_hash(t)] = Grant(match_id, (i,), member=1)
        grants[token_hash(spectator_token)] = Grant(match_id, ())
        hotseat_token = None
        if hotseat and seat_tokens:
            hotseat_token = new_token()
            grants[token_hash(hotseat_token)] = Grant(match_id, tuple(sorted(seat_tokens)))
        stored = StoredMatch(
            id=match_id,
            game=game_id,
            options=dict(game.options),
            seed=seed if seed is not None else new_seed(),
            seats=list(seats),
            created_at=self.clock(),
            hotseat=hotseat,
            advice=default_advice(seats) if advice is None else advice,
            clock=turn_clock,
        )
        self.store.create(stored, grants)
        self.note_client(match_id)
        with self._live.lock(match_id):
            self._continue(self.live(match_id), INLINE_MOVES)
        return Created(match_id, seat_tokens, spectator_token, hotseat_token, partner_tokens)

    # -------------------------------------------------------------- access
    def authorize(self, match_id: str, token: str | None, *, opens: bool = True) -> Grant:
        """The grant of ``token`` in ``match_id``; ``opens``: the request is its
        holder at the match (its page), so the seats' turn clocks may start
        (server/clock_start.py; the lobby's question "is it my turn?" is not)."""
        self.live(match_id)  # NotFound for an unknown match (WebSocket 4404, HTTP 404)
        if not token:
            raise AccessDenied("this needs a seat or spectator token")
        grant = self.store.grant(token_hash(token))
        if grant is None or grant.match_id != match_id:
            raise AccessDenied("the token is not valid for this match")
        return Resuming.admit(self, grant, opens=opens)  # (a cluster refreshed already)

    def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded from the store if it is not (NotFound;
        Unplayable for a match that was set aside)."""
        live = self._live.get(match_id)
        if live is not None:
            return live
        with self._live.lock(match_id):
            live = self._live.get(match_id)
            if live is None:
                reason = self._broken.get(match_id)
                if reason is not None:
                    raise Unplayable(f"match {match_id} cannot be played on: {reason}")
                live = self._load(match_id)
                self.sweep()
        return live

    def sweep(self) -> list[str]:
        """Forget matches idle too long or beyond the cap, except those whose bots
        are still playing or that have people connected; they reload on use.
        Their queued thinking (advice nobody will read) is dropped."""
        forgotten = self._live.sweep(self._keep)
        for match_id in forgotten:
            self.forget_thinking(match_id)
        return forgotten

    def _keep(self, match_id: str, live: LiveMatch) -> bool:
        """Whether ``sweep`` must keep ``match_id`` in memory now."""
        return live.advancing or bool(self.transport.audiences(match_id))

    def live_count(self) -> int:
        """How many matches are in memory now."""
        return len(self._live)

    def message(self, match_id: str, grant: Grant) -> dict[str, Any]:
        live = self.live(match_id)
        message = state_message(
            match_id=match_id,
            state=live.match.state,
            grant=grant,
            seats=live.stored.seats,
            log=live.log,
            connected=self.connected(match_id) if self.connected else None,
            reads=live.reads,
            views=live.views,
        )
        message["rematch"] = self.rematch_link(grant)
        message["advice_allowed"] = advice_allowed(live.stored)
        message["rated"] = self.ratings.rated(match_id)
        message["clock"] = clock_message(live, self.clock())
        return message

    # --------------------------------------------------------------- moves
    def act(
        self, grant: Grant, action: int, seat: int | None = None, my_moves: int | None = None
    ) -> None:
        """A seat's move: validated, stored with what follows it, then announced."""
        if grant.is_spectator:
            raise AccessDenied("spectators cannot make moves")
        self.note_client(grant.match_id)
        with self._live.lock(grant.match_id):
            self._act(grant, action, seat, my_moves)

    def _act(self, grant: Grant, action: int, seat: int | None, my_moves: int | None) -> None:
        started = time.perf_counter()
        live = self.live(grant.match_id)
        state = live.match.state
        if seat is None:
            seat = grant.seat_to_act(state.active_seats())
        elif seat not in grant.seats:
            raise AccessDenied(f"this token does not play seat {seat}")
        # ``my_moves``: the moves the client saw this seat make.  Another seat's move
        # never makes a move stale (everyone may decide on the same roll); a repeat does.
        if my_moves is not None and my_moves != (made := live.reads.moves_by(state, seat)):
            moves_log.info(
                "match %s: seat %d's move refused as stale (my_moves %d, made %d)",
                grant.match_id,
                seat,
                my_moves,
                made,
            )
            raise StaleVersion(
                f"seat {seat} has made {made} moves, not {my_moves}: "
                "that move was already made or the state has changed"
            )
        start = state.move_number()
        trial = state.clone()
        entry = log_entry(trial, seat, action, display_names(live.stored.seats))
        trial.apply_action(action, seat)  # raises IllegalMove & co; nothing changed
        live_trial = Match(live.match.game, live.match.seed, trial)
        new_log = [entry]
        more = play_automatic(
            live, live_trial, new_log, INLINE_MOVES, stop_at_thinker=self._thinks_elsewhere()
        )
        self._commit(live, live_trial, new_log, start)
        self.observer.moved(live.stored.game, time.perf_counter() - started)
        if more:
            self._continue(live, 0)

    def notify(self, match_id: str) -> None:
        """Push every connected audience its own current message."""
        for grant in self.transport.audiences(match_id):
            self.transport.send(match_id, grant, self.message(match_id, grant))

    # ------------------------------------------------------------- restart
    # (resuming unfinished matches after a start: roadtrip.server.resume)
    def unplayable(self) -> dict[str, str]:
        """The matches set aside since this process started, with the reason."""
        return dict(self._broken)

    # -------------------------------------------------------------- records
    def record(self, grant: Grant) -> MatchRecord:
        live = self.live(grant.match_id)
        if not live.match.state.is_terminal():
            raise AccessDenied(
                "the full record (with the seed that decides every roll) is available "
                "once the match is over; use the replay to review the moves so far"
            )
        return live.match.record(
            seats=[s.to_dict() for s in live.stored.seats], match_id=live.stored.id
        )

    # ------------------------------------------------------------ internals
    def _load(self, match_id: str) -> LiveMatch:
        stored = self.store.load(match_id)
        if stored is None:
            raise NotFound(f"no match '{match_id}'")
        try:
            live = self._replay(stored)
        except Exception as exc:  # a stored match the rules refuse
            self._set_aside(match_id, exc)
            reason = self._broken[match_id]
            raise Unplayable(f"match {match_id} cannot be played on: {reason}") from exc
        if live.match.state.is_terminal() and not stored.finished:
            # A process stopped between storing the last moves and storing the
            # finish (two writes): the store learns it now (found by the soak).
            self.store.finish(match_id, live.match.state.returns())
            stored.finished = True
        self._keep_time(live, live.match, [])
        self._arm(live)
        self._live.put(match_id, live)
        return live

    @staticmethod
    def _replay(stored: StoredMatch) -> LiveMatch:
        record = MatchRecord(stored.game, stored.options, stored.seed, tuple(stored.actions))
        game = load_game(stored.game, **stored.options)
        state = game.new_initial_state()
        log = []
        names = display_names(stored.seats)
        timeouts = set(stored.timeouts)
        checkpoints = Checkpoints(state)  # replay steps start from these, never from 0
        for index, (seat, action) in enumerate(stored.actions):
            entry = log_entry(state, seat, action, names)
            log.append(timed_out(entry) if index in timeouts else entry)
            state.apply_action(action, seat)
            checkpoints.offer(state)
        if stored.actions:
            replay(record)  # validates the stored history as a whole, too
        bots = {i: make_bot(s.bot, game) for i, s in enumerate(stored.seats) if s.bot}
        thinking = frozenset(i for i in bots if bot_thinks(stored.seats[i].bot or "", game.id))
        match = Match(game, stored.seed, state)
        return LiveMatch(stored, match, bots, log, thinking=thinking, checkpoints=checkpoints)

    def _set_aside(self, match_id: str, exc: Exception) -> None:
        reason = str(exc) or type(exc).__name__
        logger.error("match %s is set aside: %s", match_id, reason, exc_info=exc)
        self._broken[match_id] = reason
        self._live.pop(match_id)
        self.drop_thinking(match_id)

    def _commit(
        self,
        live: LiveMatch,
        trial: Match,
        new_log: list[LogEntry],
        start: int,
        timeouts: list[int] | None = None,
    ) -> None:
        """Store first (the moves, then the deadlines), then swap the new state in,
        then tell everyone.  ``timeouts``: indexes of moves the clock made."""
        history = trial.state.history()
        new_actions = history[start:]
        try:
            if new_actions:
                self.store.append(live.stored.id, start, new_actions)
            if trial.state.is_terminal() and not live.stored.finished:
                self.store.finish(live.stored.id, trial.state.returns())
                live.stored.finished = True
            self._keep_time(live, trial, timeouts or [])
        except Exception as exc:
            # The store is the truth: a write that failed half-way (actions stored,
            # finish not) or whose outcome is unknown must not leave a live copy that
            # disagrees with it.  The next use reloads the match from the store.
            self._live.pop(live.stored.id)
            moves_log.info("match %s: storing at action %d failed: %s", live.stored.id, start, exc)
            raise
        if new_actions:
            moves_log.info(
                "match %s: stored actions %d-%d %s",
                live.stored.id,
                start,
                start + len(new_actions) - 1,
                new_actions[:8],
            )
            ended = trial.state.is_terminal()  # new actions that end a match: its finish
            self.observer.stored(live.stored.id, live.stored.game, len(new_actions), ended)
        live.match = trial
        live.log.extend(new_log)
        self._arm(live)
        if trial.state.is_terminal() and new_actions:
            self.drop_thinking(live.stored.id)  # advice asked before the end
        if new_actions:
            self.notify(live.stored.id)
