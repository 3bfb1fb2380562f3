"""Each registered bot's decision time, per game, on one core.

For every registered game and every bot registered for it, play games with that
bot in every seat (chance and seeds as ``roadtrip simulate`` draws them) and time
each decision: the bot's ``choose`` alone, and ``observe`` + ``choose`` (what a
simulation pays per decision).  Prints a table in microseconds.

    python benchmarks/bench_bots.py                   # 3 s per bot and game
    python benchmarks/bench_bots.py --seconds 10 --players 3
    python benchmarks/bench_bots.py --games 500 --bot greedy
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

import roadtrip
from bench_playouts import format_table  # a sibling script: run from this directory's path
from roadtrip.bots import bot_names, make_bot, observe
from roadtrip.core import Game, sample_chance
from roadtrip.sim.runner import game_rngs


@dataclass(frozen=True)
class BotResult:
    """What one bot's benchmark on one game measured."""

    game: str
    bot: str
    games: int
    decisions: int
    choose_ns: int
    observe_ns: int
    seconds: float

    @property
    def choose_us(self) -> float:
        return self.choose_ns / self.decisions / 1000

    @property
    def decision_us(self) -> float:
        return (self.choose_ns + self.observe_ns) / self.decisions / 1000

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games


def play_timed(game: Game, bot_name: str, seed: int, index: int) -> tuple[int, int, int]:
    """One game with ``bot_name`` in every seat: (decisions, choose ns, observe ns)."""
    bots = [make_bot(bot_name, game) for _ in range(game.num_players())]
    chance_rng, bot_rng = game_rngs(seed, index)
    clock = time.perf_counter_ns
    state = game.new_initial_state()
    decisions = choose_ns = observe_ns = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, chance_rng))
            continue
        for seat in state.active_seats():
            t0 = clock()
            observation = observe(state, seat)
            t1 = clock()
            action = bots[seat].choose(observation, bot_rng)
            t2 = clock()
            state.apply_action(action, seat)
            observe_ns += t1 - t0
            choose_ns += t2 - t1
            decisions += 1
    return decisions, choose_ns, observe_ns


def bench_bot(game: Game, bot_name: str, seconds: float, games: int | None, seed: int) -> BotResult:
    """Play games of ``game`` with ``bot_name`` for ``seconds`` (or ``games`` games)."""
    for index in range(5):  # warm up
        play_timed(game, bot_name, seed + 1, index)
    played = decisions = choose_ns = observe_ns = 0
    started = time.perf_counter()
    while True:
        d, c, o = play_timed(game, bot_name, seed, played)
        played, decisions, choose_ns, observe_ns = (
            played + 1,
            decisions + d,
            choose_ns + c,
            observe_ns + o,
        )
        if games is not None:
            if played >= games:
                break
        elif time.perf_counter() - started >= seconds:
            break
    elapsed = time.perf_counter() - started
    return BotResult(game.id, bot_name, played, decisions, choose_ns, observe_ns, elapsed)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per bot (default 3)")
    parser.add_argument("--games", type=int, default=None, help="a fixed count instead")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    parser.add_argument("--bot", action="append", help="only this bot (repeatable)")
    parser.add_argument("--players", type=int, default=None, help="seats, where the game has them")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    results = []
    for info in roadtrip.list_games():
        if args.game and info.id not in args.game:
            continue
        options = {} if args.players is None else {"players": args.players}
        game = roadtrip.load_game(info.id, **options)
        for name in bot_names(info.id):
            if args.bot and name not in args.bot:
                continue
            print(f"{info.id} / {name}: playing...", flush=True)
            results.append(bench_bot(game, name, args.seconds, args.games, args.seed))

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
    ]
    seats = f" with {args.players} seats" if args.players else ""
    print(f"\nMean decision time per bot{seats} (one core):")
    print(format_table(headers, rows))


if __name__ == "__main__":
    main()
