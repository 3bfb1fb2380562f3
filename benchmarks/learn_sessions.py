"""Memory and time of one learn-to-play session played to its end (docs/server.md,
"Learn to play"): the tutorial's steps, then its game on with the first choice each
turn, measured with tracemalloc (which slows the run: the times are upper bounds).

    nice -n 10 python benchmarks/learn_sessions.py
"""

from __future__ import annotations

import time
import tracemalloc

from roadtrip.games.tutorials import tutorial_ids
from roadtrip.server.tutorials import TutorialSessions


def main() -> None:
    for game in tutorial_ids():
        sessions = TutorialSessions()
        tracemalloc.start()
        started = time.perf_counter()
        _, session = sessions.start(game, "bench")
        message = session.message()
        moves = 0
        while not message["state"]["finished"]:
            action = message["tutorial"]["intended_action"]
            if action is None:
                action = message["state"]["choices"][0]["action"]
            session.move(action)
            message = session.message()
            moves += 1
        held, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        seconds = time.perf_counter() - started
        print(f"{game}: {moves} learner moves, {held / 1024:.0f} KiB held, {seconds:.1f} s")


if __name__ == "__main__":
    main()
