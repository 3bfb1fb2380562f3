"""Budgets in units of work: a thinking bot's decision does not depend on the load.

Every thinking bot (``mcts`` in two games, both race experts, the Road to 300
expert solo and competitive) makes a few decisions at small budgets on fixed
positions and seeds; then both cores are kept busy by spinning processes and the
same decisions are made again: they are identical, down to the search's figures.
(No timing is asserted: under load the decisions just take longer.)
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from random import Random
from typing import Any

import pytest
from decisions import decision

import roadtrip
from roadtrip.bots import Bot, make_bot, observe
from roadtrip.bots.open_road.expert import OpenRoadExpert
from roadtrip.bots.road_rally.expert import RoadRallyExpert
from roadtrip.bots.road_to_300 import montecarlo
from roadtrip.bots.road_to_300.expert import ExpertRoadTo300Bot
from roadtrip.bots.search import make_mcts_bot
from roadtrip.core.state import State

Case = tuple[str, Callable[[], Bot], State]


def _spin() -> None:  # pragma: no cover - runs in a child process
    while True:
        pass


@contextmanager
def busy_cores(count: int = 2) -> Iterator[None]:
    """``count`` processes spinning on the CPU for the duration of the block."""
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(count)]
    for spinner in spinners:
        spinner.start()
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.terminate()
        for spinner in spinners:
            spinner.join(timeout=5)


def _cases() -> list[Case]:
    kicks = roadtrip.load_game("get-your-kicks")
    solo = roadtrip.load_game("road-to-300")
    duel = roadtrip.load_game("road-to-300", players=2)
    rally = roadtrip.load_game("road-rally", players=2)
    road = roadtrip.load_game("open-road", players=2)
    cases: list[Case] = []
    for seed in (1, 2):
        cases += [
            (
                "mcts get-your-kicks",
                lambda: make_mcts_bot(kicks, iterations=80),
                decision(kicks, seed, 3),
            ),
            (
                "mcts road-to-300",
                lambda: make_mcts_bot(solo, iterations=60),
                decision(solo, seed, 4),
            ),
            (
                "road-rally expert",
                lambda: RoadRallyExpert(rally, steps=2500),
                decision(rally, seed, 20),
            ),
            (
                "open-road expert",
                lambda: OpenRoadExpert(road, steps=1500),
                decision(road, seed, 40),
            ),
            (
                "road-to-300 expert, competitive (mcts)",
                lambda: make_bot("expert", duel, think=0.01),
                decision(duel, seed, 4),
            ),
        ]
        if montecarlo.available():
            cases.append(
                (
                    "road-to-300 expert, solo",
                    lambda: ExpertRoadTo300Bot(solo, lookaheads=120),
                    decision(solo, seed, 6),
                )
            )
    return cases


def _decide(cases: list[Case]) -> list[tuple[str, int, Any]]:
    """Each case's choice and its search's figures (where the bot keeps them)."""
    made = []
    for name, bot_of, state in cases:
        bot = bot_of()
        seat = state.current_player()
        action = bot.choose(observe(state, seat), Random(f"load:{name}"))
        result = getattr(bot, "last_result", None)
        figures = None
        if result is not None:
            assert not getattr(result, "capped", False), name
            figures = getattr(result, "actions", None) or getattr(result, "candidates", None)
        made.append((name, action, figures))
    return made


@pytest.mark.slow
def test_decisions_are_the_same_with_both_cores_busy() -> None:
    cases = _cases()
    quiet = _decide(cases)
    with busy_cores(2):
        busy = _decide(cases)
    assert busy == quiet
    assert {name for name, _, _ in quiet} >= {
        "mcts get-your-kicks",
        "road-rally expert",
        "open-road expert",
        "road-to-300 expert, competitive (mcts)",
    }
