"""What a turn clock costs: the time of a player's move with and without one, and how
fast overdue deadlines are expired (docs/server.md, "Turn timers and correspondence
play").

    python benchmarks/turn_clock_cost.py --database-url sqlite:///tmp/clock.sqlite3
    python benchmarks/turn_clock_cost.py --database-url postgresql://u:pw@host/db

First makes ``--overdue`` timed two-person Road to 300 matches whose deadlines
have all passed and times the ``expire_overdue`` sweeps that expire them in a
fresh coordinator, as after a restart (the stand-in greedy bot moves for each
seat).  Then plays ``--matches`` matches of ``--moves`` player's moves each
through the coordinator (no HTTP), untimed, timed (one day) and timed while the
clocks wait for the second person (30 s, only one link opened), and prints the
time of a move: validated, stored (a timed match's deadlines too, or the read of
the stored clock while it waits) and announced.
Use an empty database.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from roadtrip.server.coordinator import Coordinator
from roadtrip.server.sql_store import SqlStore
from roadtrip.server.storage import Grant, SeatSpec
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.turn_clock import TurnClock

CLOCK = TurnClock(86_400.0, "bot", "greedy")
LIVE = TurnClock(30.0, "bot", "greedy")  # waits for every link (a move does not start it)


def move_times(
    coordinator: Coordinator, timed: bool, matches: int, moves: int, opened: bool = True
) -> list[float]:
    """Seconds per player's move over ``matches`` matches of ``moves`` moves each
    (``opened``: both people opened their links; else a live clock that waits for
    the second, so each move also reads the stored clock: server/clock_start.py)."""
    rng = Random(1)
    seats = [SeatSpec("Ann"), SeatSpec("Ben")]
    out = []
    for _ in range(matches):
        created = coordinator.create_match(
            "road-to-300",
            {},
            seats,
            seed=rng.randrange(1 << 30),
            turn_clock=(CLOCK if opened else LIVE) if timed else None,
        )
        match_id = created.match_id
        for seat, token in created.seat_tokens.items():  # both open their links: clocks run
            if opened or seat == 0:
                coordinator.authorize(match_id, token)
        for _ in range(moves):
            state = coordinator.live(match_id).match.state
            if state.is_terminal():
                break
            seat = state.active_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            start = time.perf_counter()
            coordinator.act(Grant(match_id, (seat,)), action, seat)
            out.append(time.perf_counter() - start)
    return out


def expiry_time(store: SqlStore, count: int) -> tuple[float, int]:
    """Seconds of one sweep expiring ``count`` overdue timed matches, and how many moved."""
    now = [time.time()]
    coordinator = Coordinator(store, MemoryTransport(), clock=lambda: now[0])
    seats = [SeatSpec("Ann"), SeatSpec("Ben")]
    for seed in range(count):
        created = coordinator.create_match("road-to-300", {}, seats, seed=seed, turn_clock=CLOCK)
        for token in created.seat_tokens.values():  # both open their links: clocks run
            coordinator.authorize(created.match_id, token)
    now[0] += CLOCK.seconds + 1
    fresh = Coordinator(store, MemoryTransport(), clock=lambda: now[0])  # a restarted process
    start = time.perf_counter()
    moved = 0
    while True:
        done = fresh.expire_overdue()
        moved += done
        if not done:
            break
    return time.perf_counter() - start, moved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--overdue", type=int, default=200)
    args = parser.parse_args()
    store = SqlStore(args.database_url)
    seconds, moved = expiry_time(store, args.overdue)  # first: no other timed match yet
    print(f"overdue sweep: {args.overdue} matches, {moved} expired in {seconds:.2f} s")
    coordinator = Coordinator(store, MemoryTransport())
    for timed, opened, name in (
        (False, True, "untimed"),
        (True, True, "timed  "),
        (True, False, "waiting"),
    ):
        times = sorted(move_times(coordinator, timed, args.matches, args.moves, opened))
        p99 = times[int(0.99 * (len(times) - 1))]
        print(
            f"{name} moves={len(times)} "
            f"mean={statistics.mean(times) * 1000:.2f} ms p99={p99 * 1000:.2f} ms"
        )
    store.close()


if __name__ == "__main__":
    main()
