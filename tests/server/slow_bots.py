"""Bots for the bot-pool tests: one that sleeps, one that burns CPU, one that hangs,
one that kills its own process.  ``register()`` adds them (the pool's workers run
it as they start: this module is importable there because conftest.py puts its
folder on ``sys.path``, which spawned workers inherit).  Each records the process
it chose in (``CHOSEN_IN``), so a test can tell the pool's work from its own."""

from __future__ import annotations

import os
import time
from random import Random

from roadtrip.bots import Bot, Observation, register_bot
from roadtrip.core.game import Game

CHOSEN_IN: list[int] = []  # pids of the processes where these bots chose, in this process


class SlowBot:
    """Takes ``seconds`` (sleeping, or burning CPU), then plays the first legal action;
    ``mode`` "hang" never answers, "crash" ends its process."""

    def __init__(self, name: str, seconds: float, mode: str) -> None:
        self.name = name
        self.seconds = seconds
        self.mode = mode

    def choose(self, observation: Observation, rng: Random) -> int:
        CHOSEN_IN.append(os.getpid())
        if self.mode == "crash":
            os._exit(3)
        if self.mode == "hang":
            time.sleep(3600)
        if self.mode == "burn":
            until = time.perf_counter() + self.seconds
            while time.perf_counter() < until:
                sum(range(1000))
        else:
            time.sleep(self.seconds)
        return observation.legal_actions[0]


class TallyBot:
    """Remembers how many decisions it made in its match (roadtrip.bots.Remembers);
    plays the first legal action."""

    name = "tally"

    def __init__(self) -> None:
        self.count = 0

    def choose(self, observation: Observation, rng: Random) -> int:
        self.count += 1
        return observation.legal_actions[0]

    def memory(self) -> int:
        return self.count

    def recall(self, memory: int | None) -> None:
        self.count = memory or 0


def burn_cpu(seconds: float) -> float:
    """Use ``seconds`` of this process's CPU time (a paused process uses none)."""
    until = time.process_time() + seconds
    while time.process_time() < until:
        sum(range(1000))
    return seconds


def _factory(name: str, mode: str, default: float) -> object:
    def make(game: Game, seconds: float = default) -> Bot:
        return SlowBot(name, seconds, mode)

    return make


def register() -> None:
    """Register sleepy (0.8 s a move), napper (0.1 s), burner (0.5 s of CPU), plodder
    (4 s), hanger, crasher and tally."""
    register_bot("tally", lambda game: TallyBot(), "test bot: remembers")
    for name, mode, seconds in (
        ("sleepy", "sleep", 0.8),
        ("napper", "sleep", 0.1),
        ("burner", "burn", 0.5),
        ("plodder", "burn", 4.0),
        ("hanger", "hang", 0.0),
        ("crasher", "crash", 0.0),
    ):
        register_bot(name, _factory(name, mode, seconds), f"test bot: {mode}")  # type: ignore[arg-type]
