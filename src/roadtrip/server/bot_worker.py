"""What runs inside the web app's bot processes (see :mod:`roadtrip.server.bot_pool`).

Each worker process gets the whole state of a match (a pickle of one to three
kilobytes, a twentieth of a millisecond to make) and the name of the bot that
must move, and sends back the action; or a state and a seat to advise, and sends
back the advisor's report.  The coordinator keeps the only true copy of every
match: a worker only reads what it is sent.

Bots are kept per match and seat (the oldest forgotten past ``KEPT_MATCHES``) for
their caches only.  What a bot must remember between decisions (Road Rally's expert
chooses a whole play of cards at its first card: :class:`roadtrip.bots.Remembers`)
travels with the job: the pool sends the memory its last decision left and keeps
the one this decision leaves, so any process may make any decision and give the
same answer.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from roadtrip.bots import Bot, Remembers, make_bot, observe
from roadtrip.bots.advice import AdviceReport, advise
from roadtrip.core.state import State

KEPT_MATCHES = 512  # matches whose bots a worker keeps
PARENT_CHECK_SECONDS = 1.0  # how often a worker checks that its server still runs

_bots: OrderedDict[str, dict[tuple[int, str], Bot]] = OrderedDict()


@dataclass(frozen=True)
class BotAsk:
    """One bot decision: ``seat`` of match ``key`` plays bot ``bot`` in ``state``,
    with a generator seeded by ``rng_seed`` (the same seed as in one process)."""

    key: str
    state: State
    seat: int
    bot: str
    rng_seed: str
    think: float | None = None  # about this many seconds (units of work); None: default
    memory: Any = None  # what the bot's last decision in this match left (Remembers)


@dataclass(frozen=True)
class BotAnswer:
    """A bot's action and what it must remember for its next decision."""

    action: int
    memory: Any = None


@dataclass(frozen=True)
class AdviceAsk:
    """The advisor's figures for ``seat`` in ``state`` within ``seconds``."""

    key: str
    state: State
    seat: int
    seconds: float
    seed: str
    names: Sequence[str] | None


def started(nice: int, setup: Callable[[], None] | None) -> None:
    """The initializer of every worker: lower its priority by ``nice`` (the web
    process answers moves first), end with the server (even a killed one), then
    run ``setup`` (tests register bots)."""
    if nice > 0 and hasattr(os, "nice"):
        os.nice(nice)
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()
    if setup is not None:
        setup()


def _end_with(parent: int) -> None:
    """Exit as soon as the server process that started this worker is gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def ready() -> int:
    """A worker's first job: it has started and imported the bots."""
    return os.getpid()


def choose(ask: BotAsk) -> int:
    """The action the bot chooses (it sees only what its seat may see)."""
    return decide(ask).action


def decide(ask: BotAsk) -> BotAnswer:
    """The action the bot chooses, remembering ``ask.memory`` first, and what it
    remembers after."""
    bots = _bots.get(ask.key)
    if bots is None:
        bots = _bots[ask.key] = {}
        while len(_bots) > KEPT_MATCHES:
            _bots.popitem(last=False)
    else:
        _bots.move_to_end(ask.key)
    bot = bots.get((ask.seat, ask.bot))
    if bot is None:
        bot = bots[(ask.seat, ask.bot)] = make_bot(ask.bot, ask.state.game, think=ask.think)
    remembers = bot if isinstance(bot, Remembers) else None
    if remembers is not None:
        remembers.recall(ask.memory)  # this process may not have made the last decision
    action = bot.choose(observe(ask.state, ask.seat), Random(ask.rng_seed))
    return BotAnswer(action, None if remembers is None else remembers.memory())


def advice(ask: AdviceAsk) -> AdviceReport:
    """The advisor's report (it uses only what the seat may see)."""
    return advise(ask.state, ask.seat, ask.seconds, seed=ask.seed, names=ask.names)
