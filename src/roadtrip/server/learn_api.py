"""The learn-to-play routes: start a game's tutorial, follow its steps, play on.

| method and path | body / auth | answer |
|---|---|---|
| ``POST /api/learn`` | ``{"game"}`` | 201 ``{"token", "tutorial", "state"}`` |
| ``GET /api/learn/state`` | Bearer | ``{"tutorial", "state"}`` |
| ``POST /api/learn/moves`` | Bearer, ``{"action"}`` | ``{"answer", "tutorial", "state"}`` |

``tutorial`` is :meth:`Tutorial.to_json` (the step, its highlight keys and rule link);
``state`` is a match's state message for the learner's seat (the board draws it as on
the match page).  ``answer`` is ``{"accepted", "message"}``: a move the step does not
want is answered with its explanation and changes nothing (200, ``accepted``
false).  After the last step the same session plays on against bots; a move there
that the rules refuse is a 400 ``illegal_move`` as in a match.  The token travels
in the ``Authorization`` header only.  Sessions live in memory
(:mod:`roadtrip.server.tutorials`); new ones spend the address's
``ROADTRIP_LEARN_QUOTA`` (default a burst of 10, then 10 a minute).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, Field

from roadtrip.core.errors import GameOver, IllegalMove, UnknownGame
from roadtrip.server.errors import error_responses
from roadtrip.server.match_api import bearer
from roadtrip.server.quotas import Buckets, Quota, TooManyRequests, client_address
from roadtrip.server.tutorials import NoSuchTutorial, TutorialSessions

LEARN_QUOTA_ENV = "ROADTRIP_LEARN_QUOTA"
LEARN_QUOTA = Quota(10, 10.0)  # a person starts a tutorial now and then


class StartIn(BaseModel):
    game: str = Field(max_length=64)


class MoveIn(BaseModel):
    action: int = Field(ge=0, le=1_000_000)


def install_learn_api(
    app: FastAPI, sessions: TutorialSessions | None = None, quota: Quota | None = None
) -> TutorialSessions:
    """Add the learn routes to ``app``; returns the sessions (the app sweeps them)."""
    sessions = TutorialSessions() if sessions is None else sessions  # (empty is falsy)
    starts = Buckets(quota or Quota.from_env(LEARN_QUOTA_ENV, LEARN_QUOTA), "a tutorial")
    app.state.learn_quota = starts

    @app.post(
        "/api/learn",
        status_code=201,
        responses=error_responses(UnknownGame, TooManyRequests, body=True),
    )
    def start(body: StartIn, request: Request) -> dict[str, Any]:
        # Sync routes run on a worker thread: building a tutorial replays its script.
        address = client_address(request.scope)
        starts.take(address)
        try:
            token, session = sessions.start(body.game, address)
        except Exception:  # an unknown game creates nothing and costs nothing
            starts.give_back(address)
            raise
        with session.lock:
            return {"token": token, **session.message()}

    @app.get("/api/learn/state", responses=error_responses(NoSuchTutorial, validated=False))
    def state(request: Request) -> dict[str, Any]:
        session = sessions.get(bearer(request))
        with session.lock:
            return session.message()

    @app.post(
        "/api/learn/moves",
        responses=error_responses(NoSuchTutorial, GameOver, IllegalMove, body=True),
    )
    def move(body: MoveIn, request: Request) -> dict[str, Any]:
        session = sessions.get(bearer(request))
        with session.lock:  # one move at a time per session
            answer = session.move(body.action)
            return {"answer": answer, **session.message()}

    return sessions
