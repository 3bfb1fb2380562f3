"""One ``expert`` against ``heuristic`` bots in every other seat, seats rotated.

    PYTHONPATH=src nice -n 10 python benchmarks/expert_vs_heuristic.py road-rally \
        --players 2 -n 300 --think 1.0 --seed 1

Game ``i`` (from ``--first``, default 0) is deal ``i`` of
``sim.runner.game_rngs(seed, i)`` with the expert on seat ``i % players``.  The
budget is in units of work (issue 23): ``--think S`` is turned into playout
actions by the expert's calibration (the same units, so the same games, at any
load), ``--steps N`` gives them directly, ``--samples N`` bounds the samples per
candidate instead (no step budget).  Its win share (a shared win counts its
share) is printed with a 95% Wilson interval, every ``--every`` games and at the
end; with three or more seats also the head-to-head share: of the (game,
heuristic seat) pairs, those where the expert finished ahead of that seat (the
winner is ahead of everyone, the others by their scores: Road Rally's points,
The Open Road's dots left; equal scores count half; parity 50%).  (``roadtrip
tournament`` rotates seats too, but with two bot kinds at four seats it also
plays line-ups with two or three experts.)
"""

from __future__ import annotations

import argparse
import dataclasses
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
        self.capped = 0  # searches the safety cap cut short

    def timed(self, bot: Bot) -> Bot:
        choose = bot.choose

        def timed_choose(observation: Observation, rng: Random) -> int:
            began = time.perf_counter()
            before = getattr(bot, "last_result", None)
            action = choose(observation, rng)
            spent = time.perf_counter() - began
            result = getattr(bot, "last_result", None)
            if result is not None and result is not before and getattr(result, "capped", False):
                self.capped += 1
            self.calls += 1
            self.total += spent
            self.longest = max(self.longest, spent)
            return action

        bot.choose = timed_choose  # type: ignore[method-assign]
        return bot

    def mean(self) -> float:
        return self.total / self.calls if self.calls else 0.0


def _expert(
    game: Game,
    think: float,
    steps: int | None,
    samples: int | None,
    settings: dict[str, float | None],
) -> Bot:
    """The registered expert with ``think`` seconds (turned into steps), or the
    same bot with ``steps`` playout actions, or (``samples``) a sample budget and
    no step budget; ``settings``: keyword arguments of the expert's class (e.g.
    ``candidates``), for trials."""
    if samples is None and steps is None and not settings:
        return make_bot("expert", game, think=think)
    seconds = None if samples is not None and steps is None else think
    kind: type[RoadRallyExpert] | type[OpenRoadExpert] = (
        RoadRallyExpert if game.id == "road-rally" else OpenRoadExpert
    )
    extra: dict[str, float | None] = dict(settings)
    if samples is not None:
        extra["samples"] = samples
    return kind(game, seconds=seconds, steps=steps, **extra)  # type: ignore[arg-type]


def _set_cap(bot: Bot, cap: float) -> None:
    """Give the expert's searches a safety cap of ``cap`` seconds."""
    for name in ("settings", "setup_settings"):
        settings = getattr(bot, name, None)
        if settings is not None:
            setattr(bot, name, dataclasses.replace(settings, cap=cap))


def budget_steps(bot: Bot) -> int | None:
    """The playout actions a searched decision of ``bot`` gets (None: no step budget)."""
    settings = getattr(bot, "settings", None)
    return getattr(settings, "steps", None)


def ahead(returns: tuple[float, ...], scores: tuple[float, ...], me: int, other: int) -> float:
    """1 if seat ``me`` finished ahead of seat ``other``, 0 if behind, 0.5 if level:
    the (shared) winner is ahead of the rest, the rest are ranked by their scores."""
    if returns[me] != returns[other]:
        return 1.0 if returns[me] > returns[other] else 0.0
    if scores[me] != scores[other]:
        return 1.0 if scores[me] > scores[other] else 0.0
    return 0.5


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
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="about this many seconds a decision, turned into playout actions",
    )
    parser.add_argument(
        "--steps", type=int, default=None, help="playout actions a searched decision"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="index of the first deal")
    parser.add_argument(
        "--samples",
        type=int,
        default=None,
        help="at most this many samples per candidate (alone: no step budget)",
    )
    parser.add_argument(
        "--cap",
        type=float,
        default=None,
        help="the searches' safety cap in seconds (default: the bot's own; a large one "
        "keeps the budget exact on a crowded machine)",
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
    pairs, ahead_of = 0, 0.0
    started = time.perf_counter()
    clock = _Clock()
    steps: int | None = None
    for played, index in enumerate(range(args.first, args.first + args.games), start=1):
        seat = index % args.players
        bots = [make_bot(args.rival, game) for _ in range(args.players)]
        expert = _expert(game, args.think, args.steps, args.samples, dict(args.set))
        if args.cap is not None:
            _set_cap(expert, args.cap)
        steps = budget_steps(expert)
        bots[seat] = clock.timed(expert)
        chance, bot_rng = game_rngs(args.seed, index)
        result = play_game(game, bots, chance, bot_rng)
        share += result.returns[seat]
        for other in range(args.players):
            if other != seat:
                pairs += 1
                ahead_of += ahead(result.returns, result.scores, seat, other)
        if played % args.every == 0 or played == args.games:
            low, high = wilson_interval(share, played)
            budget = f"steps {steps}" if steps is not None else "no step budget"
            budget += f", samples {args.samples}" if args.samples else ""
            budget += f" (think {args.think}s)" if args.steps is None and steps else ""
            budget += "".join(f", {name}={value}" for name, value in args.set)
            head = ""
            if args.players > 2:
                h_low, h_high = wilson_interval(ahead_of, pairs)
                head = (
                    f"; head to head {ahead_of / pairs:.1%} ({h_low:.1%} - {h_high:.1%}, "
                    f"{pairs} pairs)"
                )
            print(
                f"{args.game} {args.players} seats, expert vs {args.rival}, {budget}: "
                f"{played} games, expert wins {share / played:.1%} "
                f"(95% {low:.1%} - {high:.1%}){head}, {time.perf_counter() - started:.0f} s; "
                f"expert decisions {clock.calls}, mean {clock.mean():.3f} s, "
                f"max {clock.longest:.2f} s, capped {clock.capped}",
                flush=True,
            )


if __name__ == "__main__":
    main()
