"""America's Main Street solved: the computed solo values against the ``expert``'s
simulated mean, and the expert against push-your-luck head to head.

The solo games are the ones ``roadtrip simulate GAME --bot expert -n N --seed S
--workers 1`` plays (same seeds, same means); this script adds the 95% interval of
the mean number of turns and compares it with the computed value.

    PYTHONPATH=src nice -n 10 python benchmarks/main_street_solved.py --games 20000 --duel 2000
    PYTHONPATH=src nice -n 10 python benchmarks/main_street_solved.py --game mileage-may-vary \
        --games 20000 --two-fill-ups 5000 --duel 2000
"""

from __future__ import annotations

import argparse
from math import sqrt

from roadtrip import load_game
from roadtrip.bots.main_street.kicks_expert import solo_values
from roadtrip.bots.main_street.mileage_expert import (
    TwoFillUpMileageBot,
    mat_spreads,
    mat_values,
)
from roadtrip.bots.main_street.tables import MILEAGE_TABLE, load_table
from roadtrip.sim.runner import game_rngs, play_game, play_games, simulate
from roadtrip.sim.stats import wilson_interval

Z = 1.959964


def turns_interval(turns: list[int]) -> tuple[float, float, float]:
    """(mean, half-width of its 95% interval, sd) of the turns."""
    mean = sum(turns) / len(turns)
    var = sum((t - mean) ** 2 for t in turns) / (len(turns) - 1)
    return mean, Z * sqrt(var / len(turns)), sqrt(var)


def solo(game_id: str, games: int, seed: int, options: dict[str, str]) -> None:
    """The expert's turns to win over ``games`` solo games, with a 95% interval."""
    game = load_game(game_id, **options)
    tally = play_games(game, ["expert"], seed, 0, games)
    histogram = tally.win_round_histogram
    won = sum(histogram.values())
    turns = [t for t, n in histogram.items() for _ in range(n)]
    mean, half, sd = turns_interval(turns)
    print(
        f"{game_id} {options or ''}: expert won {won}/{games}; turns to win {mean:.3f} "
        f"(95% {mean - half:.3f}-{mean + half:.3f}), sd {sd:.2f}"
    )
    if game_id == "get-your-kicks":
        mode = options.get("solo_six_black", "loss")
        upper = solo_values(mode)[(0, 0)]
        lower = solo_values(mode, "lower")[(0, 0)]
        inside = abs(mean - upper) <= half
        print(
            f"  computed: {upper:.4f} (played model, an upper bound on the optimum); "
            f"lower bound {lower:.4f}; mean within the computed value's 95% interval "
            f"({upper - half:.3f}-{upper + half:.3f}): {inside}"
        )
    else:
        table = load_table(MILEAGE_TABLE)
        print(
            f"  computed: two-fill-up policy {table['upper']:.4f} (exact, sd "
            f"{mat_spreads()[(0,) * 9]:.3f}; an upper bound on the optimum), lower bound "
            f"{table['lower']:.4f}, first-fill-up policy {table['first_fill_up']:.4f}; the "
            f"expert (an improvement step on the two-fill-up table) is not solved"
        )


def two_fill_ups(games: int, seed: int) -> None:
    """The two-fill-up policy played: its mean against its exact value."""
    game = load_game("mileage-may-vary")
    bots = [TwoFillUpMileageBot()]
    turns = [play_game(game, bots, *game_rngs(seed, i)).rounds or 0 for i in range(games)]
    mean, half, sd = turns_interval(turns)
    solved = mat_values()[(0,) * 9]
    print(
        f"mileage-may-vary two-fill-up policy: {mean:.3f} turns (95% {mean - half:.3f}-"
        f"{mean + half:.3f}), sd {sd:.2f}, {games} games; exact {solved:.4f}: within "
        f"the 95% interval of a mean about it: {abs(mean - solved) <= half}"
    )


def duel(game_id: str, games: int, seed: int) -> None:
    """Expert against push-your-luck, two mats, each in both seats (half the games)."""
    wins = 0.0
    for bots in (("expert", "push-your-luck"), ("push-your-luck", "expert")):
        summary = simulate(game_id, {"players": 2}, list(bots), games // 2, seed)
        seat = bots.index("expert")
        wins += summary.seats[seat].wins
        print(
            f"  {game_id} {bots[0]} (first) vs {bots[1]}: "
            f"{', '.join(f'{s.bot} {s.win_rate:.1%}' for s in summary.seats)}"
        )
    total = 2 * (games // 2)
    low, high = wilson_interval(wins, total)
    print(
        f"{game_id}, 2 mats: expert wins {wins / total:.1%} (95% {low:.1%}-{high:.1%}) "
        f"of {total} games against push-your-luck (a shared win counts)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="solo games (0: none)")
    parser.add_argument("--duel", type=int, default=2000)
    parser.add_argument(
        "--two-fill-ups", type=int, default=5000, help="games of the two-fill-up policy"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=None)
    args = parser.parse_args()
    for game_id in args.game or ["get-your-kicks", "mileage-may-vary"]:
        if args.games:
            solo(game_id, args.games, args.seed, {})
        if args.two_fill_ups and game_id == "mileage-may-vary":
            two_fill_ups(args.two_fill_ups, args.seed)
        if args.duel:
            duel(game_id, args.duel, args.seed)


if __name__ == "__main__":
    main()
