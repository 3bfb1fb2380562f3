"""Random playouts through the public API, on one core: games and actions per second.

For every registered game (``roadtrip.list_games()``), play uniformly random games
with nothing but the public State API (``new_initial_state``, ``is_terminal``,
``is_chance_node``, ``chance_outcomes`` via ``sample_chance``, ``legal_actions``,
``apply_action``) for a fixed time or a fixed count, and print a table.

    python benchmarks/bench_playouts.py                  # 5 s per game
    python benchmarks/bench_playouts.py --seconds 10
    python benchmarks/bench_playouts.py --games 20000 --game road-to-300 --players 3
    python benchmarks/bench_playouts.py --game get-your-kicks --game mileage-may-vary --players 1,3
    python benchmarks/bench_playouts.py --game open-road --players 4 --option max_rounds=60

``--option NAME=VALUE`` (repeatable) sets a variant option; a game without that option
is skipped with a note.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from random import Random

import roadtrip
from roadtrip.core import Game, InvalidOption, game_class, sample_chance
from roadtrip.core.options import OptionValue, parse_option_texts


@dataclass(frozen=True)
class PlayoutResult:
    """What one game's benchmark measured."""

    label: str
    games: int
    actions: int
    chance_actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games


def playout(game: Game, rng: Random) -> tuple[int, int]:
    """One uniformly random game to the end: (actions, of which chance)."""
    state = game.new_initial_state()
    actions = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            chance += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions, chance


def bench_game(
    game: Game, label: str, seconds: float, games: int | None, seed: int
) -> PlayoutResult:
    """Play random games of ``game`` for ``seconds`` (or exactly ``games`` games)."""
    rng = Random(seed)
    for _ in range(20):  # warm up caches and lazy imports
        playout(game, rng)
    played = actions = chance = 0
    started = time.perf_counter()
    deadline = started + seconds
    while True:
        a, c = playout(game, rng)
        played, actions, chance = played + 1, actions + a, chance + c
        if games is not None:
            if played >= games:
                break
        elif played % 50 == 0 and time.perf_counter() >= deadline:
            break
    return PlayoutResult(label, played, actions, chance, time.perf_counter() - started)


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, rows)])


def player_counts(text: str) -> list[int]:
    """``--players`` as a list: "3" or "1,3" (each count is a separate run)."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seats as N or N,M,...; got {text!r}") from None
    if not counts:
        raise argparse.ArgumentTypeError("give at least one number of seats")
    return counts


def games_to_bench(
    only: Sequence[str] | None,
    players: Sequence[int] | None,
    option_texts: Sequence[str] = (),
) -> Iterator[tuple[str, Game]]:
    """(label, game) for every registered game (or those in ``only``), once per
    number of seats in ``players`` (None: the game's default), with the variant
    options ``option_texts`` ("name=value"); a game without those options, or that
    does not allow a number of seats, is skipped with a note."""
    for info in roadtrip.list_games():
        if only and info.id not in only:
            continue
        try:
            options: dict[str, OptionValue] = parse_option_texts(
                info.id, game_class(info.id).options_spec, option_texts
            )
        except InvalidOption as exc:
            print(f"{info.id}: skipping ({exc})", flush=True)
            continue
        for seats in players or [None]:
            chosen = dict(options) if seats is None else {"players": seats, **options}
            try:
                game = roadtrip.load_game(info.id, **chosen)
            except InvalidOption as exc:
                print(f"{info.id}: skipping players={seats} ({exc})", flush=True)
                continue
            settings = ", ".join(f"{name}={value}" for name, value in chosen.items())
            yield (f"{info.id} ({settings})" if settings else info.id), game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--games", type=int, default=None, help="a fixed count instead")
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
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
        print(f"{label}: playing...", flush=True)
        results.append(bench_game(game, label, args.seconds, args.games, args.seed))

    rows = [
        [
            r.label,
            f"{r.games:,}",
            f"{r.seconds:.2f}",
            f"{r.games_per_second:,.0f}",
            f"{r.actions_per_second:,.0f}",
            f"{r.actions_per_game:.1f}",
            f"{r.chance_actions / r.games:.1f}",
        ]
        for r in results
    ]
    headers = ["game", "games", "s", "games/s", "actions/s", "actions/game", "chance/game"]
    print()
    print(format_table(headers, rows))


if __name__ == "__main__":
    main()
