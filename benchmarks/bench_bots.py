"""Each registered bot's decision time, per game, on one core.

For every registered game and every bot registered for it, play games with that
bot in every seat (chance and seeds as ``roadtrip simulate`` draws them) and time
each decision: the bot's ``choose`` alone, and ``observe`` + ``choose`` (what a
simulation pays per decision).  Prints a table in microseconds, with the slowest
single ``choose`` in milliseconds (a bot with a time budget must stay under it).

    python benchmarks/bench_bots.py                   # 3 s per bot and game
    python benchmarks/bench_bots.py --seconds 10 --players 3
    python benchmarks/bench_bots.py --games 500 --bot greedy
    python benchmarks/bench_bots.py --game get-your-kicks --game mileage-may-vary --players 1,3
    python benchmarks/bench_bots.py --game open-road --players 4 --bot heuristic
    python benchmarks/bench_bots.py --game open-road --players 4 --bot random --option max_rounds=60
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench_playouts import (  # a sibling script: run from this directory's path
    format_table,
    games_to_bench,
    player_counts,
)
from roadtrip.bots import bot_names, make_bot, observe
from roadtrip.core import Game, sample_chance
from roadtrip.sim.runner import game_rngs, still_deciding


@dataclass(frozen=True)
class BotResult:
    """What one bot's benchmark on one game measured."""

    game: str  # the game id, with its number of seats where given
    bot: str
    games: int
    decisions: int
    choose_ns: int
    observe_ns: int
    seconds: float
    slowest_ns: int  # the slowest single choose

    @property
    def choose_us(self) -> float:
        return self.choose_ns / self.decisions / 1000

    @property
    def decision_us(self) -> float:
        return (self.choose_ns + self.observe_ns) / self.decisions / 1000

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games


def play_timed(game: Game, bot_name: str, seed: int, index: int) -> tuple[int, int, int, int]:
    """One game with ``bot_name`` in every seat: (decisions, choose ns, observe ns,
    the slowest choose's ns)."""
    bots = [make_bot(bot_name, game) for _ in range(game.num_players())]
    chance_rng, bot_rng = game_rngs(seed, index)
    clock = time.perf_counter_ns
    state = game.new_initial_state()
    decisions = choose_ns = observe_ns = slowest_ns = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance_rng))
            continue
        # As the runner does: every active seat decides on the same state, then all
        # apply, unless an earlier choice ends the phase (then the rest choose again).
        chosen = []
        seen = {seat: state.legal_actions(seat) for seat in state.active_seats()}
        for seat in seen:
            t0 = clock()
            observation = observe(state, seat)
            t1 = clock()
            chosen.append((seat, bots[seat].choose(observation, bot_rng)))
            t2 = clock()
            observe_ns += t1 - t0
            choose_ns += t2 - t1
            slowest_ns = max(slowest_ns, t2 - t1)
            decisions += 1
        for seat, action in chosen:
            if not still_deciding(state, seen, seat):
                break
            state.apply_action(action, seat)
    return decisions, choose_ns, observe_ns, slowest_ns


def bench_bot(
    game: Game, label: str, bot_name: str, seconds: float, games: int | None, seed: int
) -> BotResult:
    """Play games of ``game`` with ``bot_name`` for ``seconds`` (or ``games`` games)."""
    for index in range(5):  # warm up
        play_timed(game, bot_name, seed + 1, index)
    played = decisions = choose_ns = observe_ns = slowest_ns = 0
    started = time.perf_counter()
    while True:
        d, c, o, slowest = play_timed(game, bot_name, seed, played)
        played, decisions, choose_ns, observe_ns = (
            played + 1,
            decisions + d,
            choose_ns + c,
            observe_ns + o,
        )
        slowest_ns = max(slowest_ns, slowest)
        if games is not None:
            if played >= games:
                break
        elif time.perf_counter() - started >= seconds:
            break
    elapsed = time.perf_counter() - started
    return BotResult(label, bot_name, played, decisions, choose_ns, observe_ns, elapsed, slowest_ns)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per bot (default 3)")
    parser.add_argument("--games", type=int, default=None, help="a fixed count instead")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--bot", action="append", help="only this bot (repeatable)")
    parser.add_argument(
        "--players", type=player_counts, default=None, help="seats: N, or N,M,... for several"
    )
    parser.add_argument(
        "--option", action="append", default=[], help="a variant option NAME=VALUE (repeatable)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    results = []
    for label, game in games_to_bench(args.game, args.players, args.option):
        for name in bot_names(game.id):
            if args.bot and name not in args.bot:
                continue
            print(f"{label} / {name}: playing...", flush=True)
            results.append(bench_bot(game, label, name, args.seconds, args.games, args.seed))

    rows = [
        [
            f"{r.game} / {r.bot}",
            f"{r.games:,}",
            f"{r.decisions:,}",
            f"{r.decisions_per_game:.1f}",
            f"{r.choose_us:,.1f}",
            f"{r.decision_us:,.1f}",
            f"{r.choose_ns / r.games / 1000:,.0f}",
            f"{r.games / r.seconds:,.0f}",
            f"{r.slowest_ns / 1e6:,.1f}",
        ]
        for r in results
    ]
    headers = [
        "game / bot",
        "games",
        "decisions",
        "dec/game",
        "choose µs",
        "observe+choose µs",
        "choose µs/game",
        "games/s",
        "slowest ms",
    ]
    print("\nMean decision time per bot (one core):")
    print(format_table(headers, rows))


if __name__ == "__main__":
    main()
