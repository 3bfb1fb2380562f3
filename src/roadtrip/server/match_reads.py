"""Reads of a match that must not grow with its length: replay steps and the record.

A replay step used to replay the whole match (cloning every state on the way), and
a record download serialized every action again, so one 17,000-move match cost
seconds per request and a few clients could stall every match's moves.  Here a
replay step starts from the live match's nearest checkpoint
(:class:`roadtrip.core.checkpoints.Checkpoints`, made when the match was loaded),
and a finished match's record is serialized once and kept with the live match;
both are forgotten with it, so they are bounded by the live cache.  What an
audience may see of the rebuilt state is still decided by
:mod:`roadtrip.server.visibility` alone.
"""

from __future__ import annotations

import dataclasses
import json

from roadtrip.core.checkpoints import Checkpoints
from roadtrip.core.records import MatchRecord
from roadtrip.core.state import State
from roadtrip.server.autoplay import LiveMatch


def replay_state(live: LiveMatch, step: int) -> State:
    """The state of ``live`` after its first ``step`` actions (exact: the stored
    actions, chance outcomes included, applied from a checkpoint)."""
    checkpoints = live.checkpoints
    if checkpoints is None:  # (every loaded match has them; made here if not)
        checkpoints = Checkpoints(live.match.game.new_initial_state())
        live.checkpoints = checkpoints
    # One consistent history: a move swaps in a whole new Match, never edits this one.
    return checkpoints.state_at(live.match.state.history(), step)


def record_text(live: LiveMatch, record: MatchRecord) -> str:
    """``record`` (the finished ``live`` match's) as the download's JSON, made once."""
    text = live.record_text
    if text is None:
        text = record_json(record)
        live.record_text = text
    return text


def record_json(record: MatchRecord) -> str:
    """The record as JSON, indented, with one ``[seat, action]`` pair per line (the
    pairs indented number by number made a 17,000-move record 700 kB and slow)."""
    head = json.dumps(dataclasses.replace(record, actions=()).to_dict(), indent=2)
    rows = ",\n    ".join(f"[{seat}, {action}]" for seat, action in record.actions)
    actions = f"[\n    {rows}\n  ]" if rows else "[]"
    # The head's "actions": [] is replaced by the rows (the key keeps its place).
    return head.replace('"actions": []', f'"actions": {actions}', 1)
