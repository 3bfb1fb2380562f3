"""Turn timers: the per-move time limit a match may be created with.

A match created with ``"turn_clock": {"seconds": 120, "on_expiry": "bot", "bot":
"heuristic"}`` gives each decision of a human seat at most ``seconds`` seconds.
When the time runs out, the server makes that decision for the seat:

* ``bot`` (the default): the stand-in bot ``bot`` (any bot kind of the game; by
  default a quick one, :data:`STAND_IN_BOTS`) chooses the move, from what that seat
  may see, exactly as a bot seat would;
* ``pass``: the seat takes the game's "pass" decision where the game has one at
  that moment (:func:`pass_action`: America's Main Street's "stop"/"conclude"
  the turn, The Open Road's "pass" when nothing else is possible); where it has
  none (Road Rally USA, Road to 300, and the other decisions of the games above),
  the stand-in bot moves instead.  A pass that the rules do not offer is never
  invented: the server only ever plays a legal move.

The limit is from 10 seconds to 30 days: a few minutes for a live match, a day or
three for correspondence play.  This module holds the setting and its checks; the
deadlines themselves are kept by :mod:`roadtrip.server.deadlines`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roadtrip.bots import bot_names, bot_thinks
from roadtrip.core.errors import RoadtripError
from roadtrip.core.state import State

MIN_SECONDS = 10
MAX_SECONDS = 30 * 24 * 3600  # 30 days
ON_EXPIRY = ("bot", "pass")
# A limit of at least this much is correspondence play: its clocks also start at a
# person's first move, not only once everyone has opened their link
# (server/clock_start.py).  The lobby offers 30 s to 10 min (live) and 1 or 3 days.
CORRESPONDENCE_SECONDS = 3600

# The stand-in bot of each game when the creator names none: quick and sensible
# (the search bots and experts think for seconds; "random" is a poor stand-in).
STAND_IN_BOTS = {
    "open-road": "heuristic",
    "road-rally": "heuristic",
    "road-to-300": "greedy",
    "get-your-kicks": "threshold",
    "mileage-may-vary": "threshold",
}


# Games with a decision that passes (see pass_action).
PASS_GAMES = frozenset({"get-your-kicks", "mileage-may-vary", "open-road"})


class TimerError(RoadtripError, ValueError):
    """A turn clock that cannot be set as asked (a 400 ``bad_setup``)."""


@dataclass(frozen=True)
class TurnClock:
    """A match's time limit per decision and what happens when it runs out."""

    seconds: float
    on_expiry: str = "bot"
    bot: str = "random"

    def to_dict(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "on_expiry": self.on_expiry, "bot": self.bot}


def is_correspondence(clock: TurnClock) -> bool:
    """Whether ``clock`` is for correspondence play (an hour or more per move)."""
    return clock.seconds >= CORRESPONDENCE_SECONDS


def turn_clock_of(game_id: str, spec: object) -> TurnClock | None:
    """The checked turn clock of a new match of ``game_id`` from the request's
    ``turn_clock`` object (None or ``{"seconds": 0}``: no time limit)."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise TimerError(
            'the turn clock must be an object such as {"seconds": 120, "on_expiry": "bot"}; '
            f"got {spec!r}"[:200]
        )
    unknown = sorted(set(spec) - {"seconds", "on_expiry", "bot"})
    if unknown:
        raise TimerError(
            f"the turn clock has no setting {', '.join(map(repr, unknown))}; "
            "it takes seconds, on_expiry and bot"
        )
    seconds = spec.get("seconds", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise TimerError(f"the turn clock's seconds must be a number; got {seconds!r}")
    if seconds == 0:
        return None
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise TimerError(
            f"the turn clock's seconds must be 0 (no limit) or from {MIN_SECONDS} to "
            f"{MAX_SECONDS} (30 days); got {seconds}"
        )
    on_expiry = spec.get("on_expiry", "bot")
    if on_expiry not in ON_EXPIRY:
        raise TimerError(
            f"the turn clock's on_expiry must be one of {', '.join(ON_EXPIRY)}; got {on_expiry!r}"
        )
    choices = stand_in_choices(game_id)
    bot = spec.get("bot")
    if bot is None:
        bot = STAND_IN_BOTS.get(game_id, "random")
    if bot not in choices:
        raise TimerError(
            f"the turn clock's stand-in bot must be one of {', '.join(choices)} "
            f"(a bot that answers at once); got {bot!r}"
        )
    return TurnClock(float(seconds), str(on_expiry), str(bot))


def stand_in_choices(game_id: str) -> list[str]:
    """The bots that may stand in for a seat whose time ran out: those that answer at
    once.  A stand-in moves inside the match's lock, in the server's own process, so
    a bot that thinks (expert, mcts) would hold the match for its whole budget."""
    return [name for name in bot_names(game_id) if not bot_thinks(name, game_id)]


def turn_clock_from_dict(data: dict[str, Any] | None) -> TurnClock | None:
    """A stored turn clock (None: the match has no time limit)."""
    if not data or not data.get("seconds"):
        return None
    return TurnClock(
        float(data["seconds"]), str(data.get("on_expiry", "bot")), str(data.get("bot", "random"))
    )


def turn_clock_info(game_id: str) -> dict[str, Any]:
    """What the lobby needs to offer a turn clock for ``game_id``."""
    return {
        "stand_in": STAND_IN_BOTS.get(game_id, "random"),
        "stand_ins": stand_in_choices(game_id),
        "pass": game_id in PASS_GAMES,
        "min_seconds": MIN_SECONDS,
        "max_seconds": MAX_SECONDS,
    }


def pass_action(state: State, seat: int) -> int | None:
    """The game's "pass" decision of ``seat`` now, if it has one: America's Main
    Street's STOP (end the turn: "stop" / "conclude"), The Open Road's PASS (the
    turn ends when nothing else is possible).  Road Rally USA and Road to 300 have
    no decision that passes: None."""
    game = state.game.id
    if game not in PASS_GAMES:
        return None
    if game == "open-road":
        from roadtrip.games.open_road.actions import PASS as action
    else:
        from roadtrip.games.main_street.base import STOP as action
    return action if action in state.legal_actions(seat) else None
