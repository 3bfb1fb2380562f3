"""The match coordinator: the only authority over live matches.

It validates every move against the rules, resolves chance with the match's secret
seed, runs bot seats, stores every accepted action before anyone hears of it, and
then pushes each connected audience its own message.  Storage and transport are
passed in (Protocols with in-memory fakes for tests), so the coordinator itself
does no I/O of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from roadtrip.bots import Bot, make_bot, observe
from roadtrip.core.errors import IllegalMove, RoadtripError
from roadtrip.core.match import Match
from roadtrip.core.records import MatchRecord, replay
from roadtrip.core.registry import game_class, load_game
from roadtrip.core.state import CHANCE
from roadtrip.server.advice_policy import advice_allowed, default_advice
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.seats import SetupError, checked_seats, display_names
from roadtrip.server.storage import Grant, MatchStore, SeatSpec, StoredMatch
from roadtrip.server.tokens import new_match_id, new_seed, new_token, token_hash
from roadtrip.server.transport import Transport
from roadtrip.server.visibility import moves_by, state_message

MAX_BOT_STEPS = 10_000  # a runaway bot loop is a bug; stop it rather than hang


class AccessDenied(RoadtripError, PermissionError):
    """A missing or wrong token, or a token that may not do this."""


class NotFound(RoadtripError, LookupError):
    """No such match."""


class StaleVersion(IllegalMove):
    """A move made against a state that has changed since the client saw it."""


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


@dataclass
class LiveMatch:
    stored: StoredMatch
    match: Match
    bots: dict[int, Bot]
    log: list[LogEntry] = field(default_factory=list)


class Coordinator:
    """Creates, loads, advances and reports matches."""

    def __init__(
        self,
        store: MatchStore,
        transport: Transport,
        *,
        clock: Callable[[], float] = time.time,
        connected: Callable[[str], set[int]] | None = None,
    ) -> None:
        self.store = store
        self.transport = transport
        self.clock = clock
        self.connected = connected
        self._live: dict[str, LiveMatch] = {}
        # Rematches made since this process started: old match id -> the new match.
        # (Tokens are never stored, so after a restart a rematch click makes a new one.)
        self._rematches: dict[str, Created] = {}

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
    ) -> Created:
        cls = game_class(game_id)  # UnknownGame naming the games
        seats = checked_seats(game_id, seats)
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
        )
        self.store.create(stored, grants)
        live = self._load(match_id)
        self._advance_and_store(live, len(live.match.state.history()))
        return Created(match_id, seat_tokens, spectator_token, hotseat_token, partner_tokens)

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
            )
            self._rematches[grant.match_id] = created
            self.notify(grant.match_id)  # every audience's message now has its link
        return created, self.rematch_link(grant) or ""

    def rematch_link(self, grant: Grant) -> str | None:
        """``grant``'s own link into the rematch of its match, if there is one."""
        created = self._rematches.get(grant.match_id)
        token = created.token_for(grant) if created is not None else None
        return f"/m/{created.match_id}#t={token}" if created is not None and token else None

    # -------------------------------------------------------------- access
    def authorize(self, match_id: str, token: str | None) -> Grant:
        self.live(match_id)  # NotFound for an unknown match (WebSocket 4404, HTTP 404)
        if not token:
            raise AccessDenied("this needs a seat or spectator token")
        grant = self.store.grant(token_hash(token))
        if grant is None or grant.match_id != match_id:
            raise AccessDenied("the token is not valid for this match")
        return grant

    def live(self, match_id: str) -> LiveMatch:
        live = self._live.get(match_id)
        return live if live is not None else self._load(match_id)

    def message(self, match_id: str, grant: Grant) -> dict[str, Any]:
        live = self.live(match_id)
        message = state_message(
            match_id=match_id,
            state=live.match.state,
            grant=grant,
            seats=live.stored.seats,
            log=live.log,
            connected=self.connected(match_id) if self.connected else None,
        )
        message["rematch"] = self.rematch_link(grant)
        message["advice_allowed"] = advice_allowed(live.stored)
        return message

    # --------------------------------------------------------------- moves
    def act(
        self, grant: Grant, action: int, seat: int | None = None, my_moves: int | None = None
    ) -> None:
        """A seat's move: validated, stored with what follows it, then announced."""
        if grant.is_spectator:
            raise AccessDenied("spectators cannot make moves")
        live = self.live(grant.match_id)
        state = live.match.state
        if seat is None:
            active = state.active_seats()
            seat = next((s for s in grant.seats if s in active), grant.seats[0])
        elif seat not in grant.seats:
            raise AccessDenied(f"this token does not play seat {seat}")
        # ``my_moves``: how many moves the client saw this seat make.  Another seat's
        # move never makes a move stale (everyone may decide on the same roll), but
        # a repeated click does.
        if my_moves is not None and my_moves != moves_by(state, seat):
            raise StaleVersion(
                f"seat {seat} has made {moves_by(state, seat)} moves, not {my_moves}: "
                "that move was already made or the state has changed"
            )
        start = state.move_number()
        trial = state.clone()
        entry = log_entry(trial, seat, action, display_names(live.stored.seats))
        trial.apply_action(action, seat)  # raises IllegalMove & co; nothing changed
        live_trial = Match(live.match.game, live.match.seed, trial)
        new_log = [entry]
        self._run_automatic(live, live_trial, new_log)
        self._commit(live, live_trial, new_log, start)

    def notify(self, match_id: str) -> None:
        """Push every connected audience its own current message."""
        for grant in self.transport.audiences(match_id):
            self.transport.send(match_id, grant, self.message(match_id, grant))

    # ------------------------------------------------------------- restart
    def resume_all(self) -> int:
        """Load every unfinished match and let its bots and chance catch up."""
        count = 0
        for match_id in self.store.unfinished():
            live = self.live(match_id)
            self._advance_and_store(live, live.match.state.move_number())
            count += 1
        return count

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
        record = MatchRecord(stored.game, stored.options, stored.seed, tuple(stored.actions))
        game = load_game(stored.game, **stored.options)
        state = game.new_initial_state()
        log = []
        names = display_names(stored.seats)
        for seat, action in stored.actions:
            log.append(log_entry(state, seat, action, names))
            state.apply_action(action, seat)
        if stored.actions:
            replay(record)  # validates the stored history as a whole, too
        bots = {i: make_bot(s.bot, game) for i, s in enumerate(stored.seats) if s.bot}
        live = LiveMatch(stored, Match(game, stored.seed, state), bots, log)
        self._live[match_id] = live
        return live

    def _advance_and_store(self, live: LiveMatch, start: int) -> None:
        trial = Match(live.match.game, live.match.seed, live.match.state.clone())
        new_log: list[LogEntry] = []
        self._run_automatic(live, trial, new_log)
        self._commit(live, trial, new_log, start)

    def _run_automatic(self, live: LiveMatch, trial: Match, new_log: list[LogEntry]) -> None:
        """Resolve chance and bot moves until a human must act or the game ends."""
        state = trial.state
        names = display_names(live.stored.seats)
        for _ in range(MAX_BOT_STEPS):
            if state.is_terminal():
                return
            if state.is_chance_node():
                outcome = trial.sampler.draw(state, trial.chance_count())
                new_log.append(log_entry(state, CHANCE, outcome, names))
                state.apply_action(outcome)
                continue
            bot_seat = next((s for s in state.active_seats() if s in live.bots), None)
            if bot_seat is None:
                return
            rng = Random(f"bot:{live.stored.seed}:{state.move_number()}")
            action = live.bots[bot_seat].choose(observe(state, bot_seat), rng)
            new_log.append(log_entry(state, bot_seat, action, names))
            state.apply_action(action, bot_seat)
        raise RoadtripError(f"match {live.stored.id}: bots made {MAX_BOT_STEPS} moves in a row")

    def _commit(self, live: LiveMatch, trial: Match, new_log: list[LogEntry], start: int) -> None:
        """Store first, then swap the new state in, then tell everyone."""
        history = trial.state.history()
        new_actions = history[start:]
        try:
            if new_actions:
                self.store.append(live.stored.id, start, new_actions)
            if trial.state.is_terminal() and not live.stored.finished:
                self.store.finish(live.stored.id, trial.state.returns())
                live.stored.finished = True
        except Exception:
            # The store is the truth: a write that failed half-way (actions stored,
            # finish not) or whose outcome is unknown must not leave a live copy that
            # disagrees with it.  The next use reloads the match from the store.
            self._live.pop(live.stored.id, None)
            raise
        live.match = trial
        live.log.extend(new_log)
        if new_actions:
            self.notify(live.stored.id)
