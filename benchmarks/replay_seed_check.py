"""What checking a record against its seed costs: the time to replay a finished
match's record with its seed (every chance outcome drawn again and compared, as
``roadtrip replay``, the server's reload after a restart and reviews now do) and
the same actions without a seed (outcomes only checked as possible).

    python benchmarks/replay_seed_check.py --repeat 3

One match per game, played through ``roadtrip.core.Match`` (chance from the seed,
as the server and ``roadtrip play`` draw it) with random decisions, except The Open
Road's riders, whose random walks run for tens of thousands of steps: there the
heuristic rides, and a second line times a random-rider match bounded at 400 rounds.
Prints the best of ``--repeat`` replays of each.  Stops by itself (a few seconds).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from random import Random

import roadtrip
from roadtrip.bots import make_bot, observe
from roadtrip.core import CHANCE, Match, MatchRecord, replay

GAMES: list[tuple[str, dict[str, object], str]] = [
    ("road-to-300", {"players": 6}, "random"),
    ("get-your-kicks", {"players": 5}, "random"),
    ("mileage-may-vary", {"players": 5}, "random"),
    ("road-rally", {"players": 5}, "random"),
    ("open-road", {"players": 6}, "heuristic"),
    ("open-road", {"players": 6, "max_rounds": 400}, "random"),
]


def played(game_id: str, options: dict[str, object], bot: str, seed: int) -> MatchRecord:
    """A finished match's record: chance from ``seed``, every seat the ``bot``."""
    game = roadtrip.load_game(game_id, **options)
    match, rng = Match(game, seed), Random(seed)
    bots = [make_bot(bot, game) for _ in range(game.num_players())]
    match.advance()
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(bots[seat].choose(observe(match.state, seat), rng), seat)
    return match.record()


def best_of(record: MatchRecord, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        replay(record)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="replays of each record")
    parser.add_argument("--seed", type=int, default=1, help="seed of every match")
    args = parser.parse_args()
    print("game, options: actions (chance) | with its seed | without | extra")
    for game_id, options, bot in GAMES:
        record = played(game_id, options, bot, args.seed)
        chance = sum(1 for seat, _ in record.actions if seat == CHANCE)
        seeded = best_of(record, args.repeat)
        plain = best_of(replace(record, seed=None), args.repeat)
        print(
            f"{game_id} {options} ({bot}): {len(record.actions)} ({chance}) | "
            f"{seeded * 1000:.1f} ms | {plain * 1000:.1f} ms | {seeded / plain - 1:+.0%}"
        )


if __name__ == "__main__":
    main()
