"""Helpers of the review tests: finished matches in a store, advisors that count."""

from __future__ import annotations

import threading
import time
from random import Random
from typing import Any

from server_kit import GAME

from roadtrip.bots.advice import AdviceReport, advise
from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.server.storage import Grant, MatchStore, SeatSpec, StoredMatch
from roadtrip.server.tokens import token_hash

SPECTATOR_TOKEN = "spectator-token-of-the-review-tests"


def store_finished_match(store: MatchStore, match_id: str = "rev1", seed: int = 7) -> Grant:
    """A finished two-seat Road to 300 match played at random, stored directly;
    returns its spectator's grant (the token SPECTATOR_TOKEN's)."""
    game = load_game(GAME, players=2)
    match = Match(game, seed)
    match.advance()
    rng = Random(seed)
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(rng.choice(match.state.legal_actions(seat)), seat)
    grant = Grant(match_id, ())
    store.create(
        StoredMatch(
            id=match_id,
            game=GAME,
            options=dict(game.options),
            seed=seed,
            seats=[SeatSpec("Ann"), SeatSpec("Bob")],
            actions=list(match.state.history()),
            finished=True,
            returns=list(match.state.returns()),
            created_at=1.0,
        ),
        {token_hash(SPECTATOR_TOKEN): grant},
    )
    return grant


class CountingAdvisor:
    """The advisor, counting its calls; ``gate`` (if given) holds every call until
    it is set, so that a review stays running while a test looks at it."""

    def __init__(self, gate: threading.Event | None = None) -> None:
        self.calls = 0
        self.gate = gate
        self.lock = threading.Lock()

    def __call__(self, *args: Any, **kwargs: Any) -> AdviceReport:
        with self.lock:
            self.calls += 1
        if self.gate is not None and not self.gate.wait(60):
            raise TimeoutError("the test never opened the gate")
        return advise(*args, **kwargs)


def wait_until(predicate: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)
