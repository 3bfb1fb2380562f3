"""Peak memory of replaying a long record for a review: every state held at once
(the seat's states, as ``decisions_of`` held them before issue 23) against the streamed replay.

    PYTHONPATH=src python benchmarks/review_replay_memory.py {make,held,streamed} FILE

``make`` writes an all-bot record (The Open Road, 4 riders, random bots, seed 1:
a few thousand moves); ``held`` and ``streamed`` replay it the two ways and print
the process's peak RSS (``ru_maxrss``), in separate processes so that one does not
hide the other.
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path
from random import Random

import roadtrip
from roadtrip.bots.advice.review import decisions_of
from roadtrip.core import Match, MatchRecord, replay_states


def make(path: Path) -> None:
    match = Match(roadtrip.load_game("open-road", players=4), 1)
    rng = Random(1)
    match.advance()
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(rng.choice(match.state.legal_actions(seat)), seat)
    path.write_text(match.record().to_json(), encoding="utf-8")
    print(f"{len(match.record().actions)} moves")


def main() -> None:
    mode, path = sys.argv[1], Path(sys.argv[2])
    if mode == "make":
        make(path)
        return
    record = MatchRecord.from_json(path.read_text(encoding="utf-8"))
    if mode == "held":
        # decisions_of before issue 23: a list of (index, state) of the seat's moves.
        held = [
            (i, s)
            for i, s in enumerate(replay_states(record))
            if i < len(record.actions) and record.actions[i][0] == 0
        ]
        count = len(held)
    else:
        count = sum(1 for _ in decisions_of(record, 0))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{mode}: {len(record.actions)} moves, {count} of seat 0; peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
