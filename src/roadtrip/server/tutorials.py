"""Learn-to-play sessions of the web app: a tutorial per browser, in memory, bounded.

A session is one :class:`~roadtrip.core.tutorial.Tutorial` (chosen chance, one rule a
step) and, after its last step, the same match played on with seeded chance against
the game's default bot in the seats that are not the learner's (the hand-over;
docs/tutorials.md).  The session keeps playing by itself rather than becoming a
stored match: a tutorial's record starts with chosen outcomes, so it would never
verify by its seed, and a stored match must (docs/server.md, "Tokens and links").
So a tutorial is never a ranked result and costs the database nothing.

What leaves the server is built by :func:`roadtrip.server.visibility.state_message`
from the learner's seat's view, as for a match's player: the learner never sees
another seat's hidden cards.  Sessions are bounded: :class:`TutorialSessions` keeps
at most ``max_sessions`` (the least recently used forgotten first), at most
``per_address`` per client address (that address's oldest forgotten first), forgets
one idle for ``idle_seconds`` (swept with the matches), and the routes charge a
token bucket per address for each new one (``server/learn_api.py``).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from roadtrip.bots import Bot, bot_names, make_bot, observe
from roadtrip.core.errors import GameOver, NotYourTurn
from roadtrip.core.match import Match
from roadtrip.core.state import CHANCE, State
from roadtrip.core.tutorial import Tutorial
from roadtrip.games.tutorials import tutorial_script
from roadtrip.server.gamelog import LogEntry, log_entry
from roadtrip.server.match_errors import NotFound
from roadtrip.server.seats import display_names
from roadtrip.server.storage import Grant, SeatSpec
from roadtrip.server.tokens import new_seed, new_token, token_hash
from roadtrip.server.visibility import state_message

BOT_KINDS = ("heuristic", "random")  # best first, as `roadtrip learn` seats them
MAX_SESSIONS = 256
PER_ADDRESS = 4
IDLE_SECONDS = 900.0  # a learner reading the rules page for a while keeps the session


class NoSuchTutorial(NotFound):
    """No tutorial session has this token (never started, or forgotten after idling)."""


def default_bot(game_id: str) -> str:
    available = bot_names(game_id)
    return next((name for name in BOT_KINDS if name in available), BOT_KINDS[-1])


@dataclass
class TutorialSession:
    """One learner's tutorial, then its game on against bots."""

    key: str  # the token's hash: the session's name on the server
    address: str
    tutorial: Tutorial
    seed: int  # chance after the hand-over
    used: float
    match: Match | None = None  # set at the hand-over
    bots: dict[int, Bot] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _shadow: State | None = None  # the state the log has described up to

    @property
    def learner(self) -> int:
        return self.tutorial.seat

    @property
    def state(self) -> State:
        return self.match.state if self.match is not None else self.tutorial.state

    def seats(self) -> list[SeatSpec]:
        out = []
        for seat in range(self.state.num_players()):
            if seat == self.learner:
                out.append(SeatSpec(name="You"))
            else:
                kind = default_bot(self.state.game.id)
                out.append(SeatSpec(name=f"{kind.capitalize()} bot", bot=kind))
        return out

    def move(self, action: int) -> dict[str, Any]:
        """The learner's move: a tutorial step's attempt, or a move of the game on."""
        if self.match is None:
            answer = self.tutorial.attempt(action).to_json()
            if self.tutorial.finished:
                self._hand_over()
            return answer
        state = self.match.state
        if state.is_terminal():
            raise GameOver("the game is over: start another tutorial or a match")
        if self.learner not in state.active_seats():
            raise NotYourTurn("it is not your turn")  # pragma: no cover - bots move at once
        self.match.act(action, self.learner)  # IllegalMove: nothing changed
        self._play_bots()
        return {"accepted": True, "message": ""}

    def _hand_over(self) -> None:
        self.match = self.tutorial.hand_over(self.seed)
        game = self.match.game
        self.bots = {
            seat: make_bot(default_bot(game.id), game)
            for seat in range(game.num_players())
            if seat != self.learner
        }
        self._play_bots()

    def _play_bots(self) -> None:
        """Bots and chance move until the learner must, or the end (bounded: every
        move brings the game nearer its end)."""
        if self.match is None:  # the tutorial's own steps: nothing plays by itself
            return
        state = self.match.state
        while not state.is_terminal():
            self.match.advance()
            if state.is_terminal():
                return
            seat = next((s for s in state.active_seats() if s in self.bots), None)
            if seat is None:
                return
            rng = Random(f"learn:{self.seed}:{state.move_number()}")
            self.match.act(self.bots[seat].choose(observe(state, seat), rng), seat)

    def message(self) -> dict[str, Any]:
        """The tutorial's step and the state as the learner's seat sees it."""
        seats = self.seats()
        self._catch_up_log(display_names(seats))
        grant = Grant(match_id=self.key[:12], seats=(self.learner,))
        state = state_message(
            match_id=grant.match_id,
            state=self.state,
            grant=grant,
            seats=seats,
            log=self.log,
            connected={self.learner},  # the learner is here; bots show as online anyway
        )
        state.pop("match")  # a session has no match id to share
        return {"tutorial": self.tutorial.to_json(), "state": state}

    def _catch_up_log(self, names: list[str]) -> None:
        """Describe the moves made since the last message, each on the state before it."""
        history = self.state.history()
        if self._shadow is None:
            self._shadow = self.state.game.new_initial_state()
        shadow = self._shadow
        for seat, action in history[len(self.log) :]:
            self.log.append(log_entry(shadow, seat, action, names))
            if seat == CHANCE:
                shadow.apply_action(action)
            else:
                shadow.apply_action(action, seat)


class TutorialSessions:
    """The live sessions, by token hash (thread-safe; the routes run in threads)."""

    def __init__(
        self,
        *,
        max_sessions: int = MAX_SESSIONS,
        per_address: int = PER_ADDRESS,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_sessions = max_sessions
        self.per_address = per_address
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._sessions: OrderedDict[str, TutorialSession] = OrderedDict()  # oldest use first
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._sessions)

    def start(self, game_id: str, address: str) -> tuple[str, TutorialSession]:
        """A new session of ``game_id``'s tutorial (UnknownGame names the tutorials);
        the token and the session."""
        tutorial = Tutorial(tutorial_script(game_id))  # built outside the lock
        token = new_token()
        session = TutorialSession(
            key=token_hash(token),
            address=address,
            tutorial=tutorial,
            seed=new_seed(),
            used=self.clock(),
        )
        with self._lock:
            self._sweep_locked()
            mine = [s for s in self._sessions.values() if s.address == address]
            for old in mine[: max(0, len(mine) - self.per_address + 1)]:
                del self._sessions[old.key]  # this address's least recently used
            while len(self._sessions) >= self.max_sessions:
                self._sessions.popitem(last=False)
            self._sessions[session.key] = session
        return token, session

    def get(self, token: str | None) -> TutorialSession:
        """The session of ``token``, marked as used now; NoSuchTutorial otherwise."""
        key = token_hash(token) if token else ""
        with self._lock:
            session = self._sessions.get(key)
            if session is None or self.clock() - session.used > self.idle_seconds:
                self._sessions.pop(key, None)
                raise NoSuchTutorial(
                    "there is no tutorial with this token (they are forgotten after "
                    f"{self.idle_seconds / 60:g} minutes without a move): start it again"
                )
            session.used = self.clock()
            self._sessions.move_to_end(key)
            return session

    def sweep(self) -> int:
        """Forget the sessions idle too long; how many."""
        with self._lock:
            return self._sweep_locked()

    def _sweep_locked(self) -> int:
        now = self.clock()
        idle = [k for k, s in self._sessions.items() if now - s.used > self.idle_seconds]
        for key in idle:
            del self._sessions[key]
        return len(idle)
