"""One ``expert`` against ``heuristic`` bots in every other seat, seats rotated.

    PYTHONPATH=src nice -n 10 python benchmarks/expert_vs_heuristic.py road-rally \
        --players 2 -n 300 --think 0.1 --seed 1

Game ``i`` (from ``--first``, default 0) is deal ``i`` of
``sim.runner.game_rngs(seed, i)`` with the expert on seat ``i % players``
(``--samples N``: a sample budget instead of ``--think``); its win share (a
shared win counts its share) is printed with a 95% Wilson interval, every
``--every`` games and at the end.  (``roadtrip
tournament`` rotates seats too, but with two bot kinds at four seats it also
plays line-ups with two or three experts.)
"""

from __future__ import annotations

import argparse
import time
from random import Random

from roadtrip.bots import Bot, Observation, make_bot
from roadtrip.bots.open_road.expert import OpenRoadExpert
from roadtrip.bots.road_rally.expert import RoadRallyExpert
from roadtrip.core.game import Game
from roadtrip.core.registry import load_game
from roadtrip.sim.runner import game_rngs, play_game
from roadtrip.sim.stats import wilson_interval


class _Clock:
    """Wall time of the expert's decisions (searched or not)."""

    def __init__(self) -> None:
        self.calls = 0
        self.total = 0.0
        self.longest = 0.0

    def timed(self, bot: Bot) -> Bot:
        choose = bot.choose

        def timed_choose(observation: Observation, rng: Random) -> int:
            began = time.perf_counter()
            action = choose(observation, rng)
            spent = time.perf_counter() - began
            self.calls += 1
            self.total += spent
            self.longest = max(self.longest, spent)
            return action

        bot.choose = timed_choose  # type: ignore[method-assign]
        return bot

    def mean(self) -> float:
        return self.total / self.calls if self.calls else 0.0


def _expert(
    game: Game, think: float, samples: int | None, settings: dict[str, float | None]
) -> Bot:
    """The registered expert with ``think`` seconds, or (``samples``) the same
    bot with a sample budget and no time limit; ``settings``: keyword arguments
    of the expert's class (e.g. ``candidates``), for trials."""
    if samples is None and not settings:
        return make_bot("expert", game, think=think)
    seconds = None if samples is not None else think
    if game.id == "road-rally":
        return RoadRallyExpert(game, seconds=seconds, samples=samples, **settings)  # type: ignore[arg-type]
    return OpenRoadExpert(game, seconds=seconds, samples=samples, **settings)  # type: ignore[arg-type]


def _setting(text: str) -> tuple[str, float | None]:
    """``name=value``: a number, or None."""
    name, _, value = text.partition("=")
    if value == "None":
        return name, None
    number = float(value)
    return name, int(number) if number.is_integer() and "." not in value else number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["road-rally", "open-road"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("-n", "--games", type=int, default=300)
    parser.add_argument("--think", type=float, default=0.1, help="seconds per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="a budget of samples per candidate instead of --think (independent of load)",
    )
    parser.add_argument("--rival", default="heuristic")
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument(
        "--set",
        type=_setting,
        action="append",
        default=[],
        help="name=value: a keyword of the expert's class (trials: candidates=5, rounds=4)",
    )
    args = parser.parse_args()
    game = load_game(args.game, players=args.players)
    share = 0.0
    started = time.perf_counter()
    clock = _Clock()
    for played, index in enumerate(range(args.first, args.first + args.games), start=1):
        seat = index % args.players
        bots = [make_bot(args.rival, game) for _ in range(args.players)]
        bots[seat] = clock.timed(_expert(game, args.think, args.samples, dict(args.set)))
        chance, bot_rng = game_rngs(args.seed, index)
        share += play_game(game, bots, chance, bot_rng).returns[seat]
        if played % args.every == 0 or played == args.games:
            low, high = wilson_interval(share, played)
            budget = f"samples {args.samples}" if args.samples else f"think {args.think}s"
            budget += "".join(f", {name}={value}" for name, value in args.set)
            print(
                f"{args.game} {args.players} seats, expert vs {args.rival}, {budget}: "
                f"{played} games, expert wins {share / played:.1%} "
                f"(95% {low:.1%} - {high:.1%}), {time.perf_counter() - started:.0f} s; "
                f"expert decisions {clock.calls}, mean {clock.mean():.3f} s, "
                f"max {clock.longest:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
