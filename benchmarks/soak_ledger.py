"""What the soak's people (benchmarks/soak_cluster.py) count as acknowledged, and how
a missing move is reported.

A person's move is acknowledged by the server's answer to it, read exactly: right
after each ``act`` the client sends a fence, a message of a unique unknown type
(``soak-fence-N``), which the server refuses with a ``bad_message`` error naming
it.  The server handles one connection's messages in order, and everything its
handling of the act posts (the state showing the move, or a refusal and then the
state) is queued before the fence's answer.  So the move is acknowledged when the
fence's answer arrives with no refusal before it and a state before it whose
``my_moves`` is past the move's index.  A connection that drops first leaves the
move unacknowledged (maybe stored, maybe not): never counted.

States older than one already received on the connection (``version`` lower) are
counted (``states_out_of_order``, a server defect: 0 expected) and ignored, never
acted on.  An index acknowledged twice with different actions is counted too
(``conflicts``: the server accepted two moves at one place).

:class:`Tally` is what all the clients saw, and :func:`verdict` checks the
database against it at the end.
"""

from __future__ import annotations

import itertools
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text

from roadtrip.core.records import MatchRecord, replay
from roadtrip.server.sql_store import SqlStore

FENCE_PREFIX = "soak-fence-"
_fences = itertools.count(1)
_FENCE = re.compile(rf"{FENCE_PREFIX}\d+")


@dataclass
class Move:
    """One act sent: the seat's move count it was chosen at, and what came of it."""

    index: int
    action: int
    server: str  # the process (name#start) whose connection carried it
    version: int  # the state's version it was chosen on
    fence: str
    sent_at: float
    shown_version: int | None = None  # a state past ``index`` arrived (its version)
    refused: str | None = None  # the error code of a refusal
    outcome: str = "pending"  # acknowledged / refused / no_state / dropped


@dataclass
class SeatLedger:
    """One person's moves in one match (kept over reconnections)."""

    started: float = field(default_factory=time.monotonic)
    moves: list[Move] = field(default_factory=list)
    acked: dict[int, Move] = field(default_factory=dict)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    out_of_order: int = 0
    server: str = "?"
    pending: Move | None = None
    newest: int = -1  # the newest version received on this connection

    def connected(self, server: str) -> None:
        """A new connection (to ``server``): an unanswered move stays unknown."""
        self.dropped()
        self.server = server
        self.newest = -1

    def dropped(self) -> None:
        if self.pending is not None:
            self.pending.outcome = "dropped"
            self.pending = None

    def state(self, version: int, my_moves: int) -> bool:
        """A state arrived; False when it is older than one already received (ignore it)."""
        if version < self.newest:
            self.out_of_order += 1
            return False
        self.newest = version
        move = self.pending
        if move is not None and my_moves > move.index and move.shown_version is None:
            move.shown_version = version
        return True

    def sent(self, index: int, action: int, version: int) -> str:
        """Record an act; returns the fence message type to send right after it."""
        fence = f"{FENCE_PREFIX}{next(_fences)}"
        move = Move(index, action, self.server, version, fence, self.elapsed())
        self.moves.append(move)
        self.pending = move
        return fence

    def error(self, code: str, text: str) -> bool:
        """An error arrived; True when it is a fence's answer (not a refusal)."""
        found = _FENCE.search(text)
        if found is None:
            if self.pending is not None and self.pending.refused is None:
                self.pending.refused = code
            return False
        move = self.pending
        if move is None or found.group(0) != move.fence:
            return True  # the fence of a move already concluded (cannot happen)
        self.pending = None
        if move.refused is not None:
            move.outcome = "refused"
        elif move.shown_version is None:
            move.outcome = "no_state"  # accepted without a state showing it
        else:
            move.outcome = "acknowledged"
            earlier = self.acked.get(move.index)
            if earlier is not None and earlier.action != move.action:
                self.conflicts.append({"first": asdict(earlier), "second": asdict(move)})
            else:
                self.acked[move.index] = move
        return True

    @property
    def waiting(self) -> bool:
        """Whether a move's answer is still awaited (send nothing new meanwhile)."""
        return self.pending is not None

    def elapsed(self) -> float:
        return round(time.monotonic() - self.started, 3)


# ------------------------------------------------------------- the diagnosis
def diagnose(
    match_id: str,
    seat: int,
    move: Move,
    stored_actions: list[tuple[int, int]],
    ledger: SeatLedger,
    logs: list[Path],
) -> dict[str, Any]:
    """Everything needed to explain one acknowledged move missing from the store."""
    decisions = [(i, a) for i, (s, a) in enumerate(stored_actions) if s == seat]
    around = range(max(0, move.index - 3), move.index + 4)
    at_version = move.shown_version if move.shown_version is not None else move.version
    return {
        "match": match_id,
        "seat": seat,
        "index": move.index,
        "action": move.action,
        "acknowledged": asdict(move),
        "sent_at_this_index": [asdict(m) for m in ledger.moves if m.index == move.index],
        "stored_action_count": len(stored_actions),
        "stored_seat_moves": {
            i: {"position": decisions[i][0], "action": decisions[i][1]}
            for i in around
            if i < len(decisions)
        },
        "stored_actions_around": {
            i: list(stored_actions[i])
            for i in range(max(0, at_version - 8), min(len(stored_actions), at_version + 4))
        },
        "log_lines": log_lines(logs, match_id),
    }


def log_lines(logs: list[Path], match_id: str, limit: int = 200) -> list[str]:
    """The server log lines naming ``match_id`` (each prefixed with its log's name),
    with the start banners, so the reader can tell which run of a process spoke."""
    lines: list[str] = []
    for log in logs:
        if not log.exists():
            continue
        for line in log.read_text(errors="replace").splitlines():
            if match_id in line or line.startswith("==== start"):
                lines.append(f"{log.stem}: {line}")
    named = [line for line in lines if match_id in line]
    if not named:
        return []
    return lines[-limit:] if len(named) > limit else _trim_banners(lines)


def _trim_banners(lines: list[str]) -> list[str]:
    """Drop start banners that no line about the match follows."""
    kept: list[str] = []
    for index, line in enumerate(lines):
        if "==== start" in line:
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if "==== start" in following or not following:
                continue
        kept.append(line)
    return kept


@dataclass
class Tally:
    """What the clients saw."""

    created: dict[str, str] = field(default_factory=dict)  # match -> kind
    create_failures: int = 0  # a create whose answer never came (maybe stored)
    ledgers: dict[tuple[str, int], SeatLedger] = field(default_factory=dict)
    moves_sent: int = 0
    reconnects: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished_seen: set[str] = field(default_factory=set)

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1

    def acknowledged(self) -> int:
        return sum(len(ledger.acked) for ledger in self.ledgers.values())

    def outcomes(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for ledger in self.ledgers.values():
            for move in ledger.moves:
                counts[move.outcome] = counts.get(move.outcome, 0) + 1
        return counts


# ---------------------------------------------------------------- the verdict
def verdict(store: SqlStore, tally: Tally, logs: list[Path]) -> dict[str, Any]:
    """Check the database against what the clients saw; each move missing comes with
    its diagnosis (soak_ledger.diagnose), each failing or unfinished match with the
    server log lines naming it."""
    with store.engine.connect() as conn:
        ids = [str(r[0]) for r in conn.execute(text("SELECT id FROM matches"))]
    failed_to_load: list[str] = []
    unfinished: list[str] = []
    lost: list[dict[str, Any]] = []
    actions = 0
    for match_id in ids:
        stored = store.load(match_id)
        assert stored is not None
        actions += len(stored.actions)
        all_bots = all(s.bot is not None for s in stored.seats)
        try:
            state = replay(
                MatchRecord(stored.game, stored.options, stored.seed, tuple(stored.actions))
            )
        except Exception as exc:  # any failure is the figure counted
            failed_to_load.append(f"{match_id}: {exc}")
            continue
        if state.is_terminal() != stored.finished:
            failed_to_load.append(f"{match_id}: finished={stored.finished} but terminal differs")
        must_finish = match_id in tally.created or all_bots
        if must_finish and not stored.finished:
            unfinished.append(match_id)
    conflicts: list[dict[str, Any]] = []
    for (match_id, seat), ledger in tally.ledgers.items():
        conflicts += [{"match": match_id, "seat": seat, **c} for c in ledger.conflicts]
        if not ledger.acked:
            continue
        stored = store.load(match_id)
        history = list(stored.actions) if stored else []
        decisions = [a for s, a in history if s == seat]
        for index, move in sorted(ledger.acked.items()):
            if index >= len(decisions) or decisions[index] != move.action:
                lost.append(diagnose(match_id, seat, move, history, ledger, logs))
    troubled = [entry.split(":")[0] for entry in failed_to_load] + unfinished
    return {
        "stored_matches": len(ids),
        "stored_actions": actions,
        "acknowledged_moves": tally.acknowledged(),
        "acknowledged_moves_lost": len(lost),
        "lost": lost[:20],
        "acknowledged_twice_differently": len(conflicts),
        "conflicts": conflicts[:20],
        "states_out_of_order": sum(ledger.out_of_order for ledger in tally.ledgers.values()),
        "moves_by_outcome": tally.outcomes(),
        "matches_failing_to_load": len(failed_to_load),
        "failing": failed_to_load[:20],
        "matches_not_finished": len(unfinished),
        "not_finished": unfinished[:20],
        "log_lines_of_troubled_matches": {m: log_lines(logs, m, 60) for m in troubled[:5]},
    }
