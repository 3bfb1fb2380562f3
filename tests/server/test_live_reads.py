"""A state message of a long match costs the same at any length (server/live_reads.py):
the log's tail and ``my_moves`` from counts kept with the live match, equal to the
answers computed from the whole match."""

from __future__ import annotations

from random import Random

import pytest
from server_kit import seats

from roadtrip.core.match import Match
from roadtrip.core.registry import load_game
from roadtrip.core.state import CHANCE
from roadtrip.server import gamelog
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.gamelog import LogEntry, log_entry, log_lines
from roadtrip.server.live_reads import LiveReads, count_lines
from roadtrip.server.storage import Grant, MemoryStore
from roadtrip.server.transport import MemoryTransport
from roadtrip.server.visibility import moves_by

NAMES = ["Ann", "Ben", "Cy"]


def random_log(rng: Random, length: int) -> list[LogEntry]:
    """Entries of three seats where runs of hidden draws (several things, several
    drawers) come between plain moves."""
    entries = []
    while len(entries) < length:
        if rng.random() < 0.4:
            for _ in range(rng.randint(1, 9)):
                who = rng.choice(NAMES)
                thing = rng.choice(["a card", "a rally point card"])
                verb = rng.choice(["draws", "is dealt"])
                owner = f"Chance: {who} {verb} {rng.choice(['green 1', 'red 4'])}"
                texts = (f"Chance: {who} {verb} {thing}", owner, owner, owner)
                entries.append(LogEntry(CHANCE, texts))
        else:
            seat = rng.randrange(3)
            entries.append(
                LogEntry(seat, tuple(f"{NAMES[seat]}: move {len(entries)}" for _ in range(4)))
            )
    return entries[:length]


@pytest.mark.parametrize("limit", [0, 1, 3, 20])
def test_the_log_tail_equals_the_whole_logs_lines_as_the_log_grows(limit: int) -> None:
    rng = Random(limit)
    log = random_log(rng, 400)
    reads = LiveReads()
    for length in [*range(0, 60), *range(60, 401, 7)]:
        for viewer in (None, 0, 2):
            lines = log_lines(log[:length], viewer, group_draws=True)
            expected = (lines[-limit:] if limit else [], max(0, len(lines) - limit))
            assert reads.log_tail(log[:length], viewer, group_draws=True, limit=limit) == expected
            plain = reads.log_tail(log[:length], viewer, group_draws=False, limit=limit)
            lines = log_lines(log[:length], viewer, group_draws=False)
            assert plain == (lines[-limit:] if limit else [], max(0, len(lines) - limit))
        assert count_lines(log[:length]) == len(log_lines(log[:length], 0, group_draws=True))
    # An older (shorter) log, and another log altogether, still read right.
    lines = log_lines(log[:100], 1, group_draws=True)
    assert reads.log_tail(log[:100], 1, group_draws=True, limit=5) == (lines[-5:], len(lines) - 5)
    other = random_log(Random(99), 300)
    lines = log_lines(other, 1, group_draws=True)
    assert reads.log_tail(other, 1, group_draws=True, limit=5) == (lines[-5:], len(lines) - 5)


def test_moves_by_equals_a_count_of_the_whole_history_as_it_grows() -> None:
    game = load_game("road-rally", players=3)
    match = Match(game, 3)
    match.advance()
    rng = Random(3)
    reads = LiveReads()
    states = []
    while not match.state.is_terminal():
        seat = match.state.active_seats()[0]
        match.act(rng.choice(match.state.legal_actions(seat)), seat)
        states.append(match.state.clone())
        assert [reads.moves_by(match.state, s) for s in range(3)] == [
            moves_by(match.state, s) for s in range(3)
        ]
    older = states[len(states) // 2]
    assert reads.moves_by(older, 1) == moves_by(older, 1)  # a reader behind
    again = LiveReads()
    assert again.moves_by(states[-1], 2) == moves_by(states[-1], 2)


def test_a_state_message_of_a_long_match_reads_only_the_logs_tail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = MemoryStore()
    coordinator = Coordinator(store, MemoryTransport())
    # Without a background runner the whole match is played inline.
    created = coordinator.create_match("open-road", {}, seats("random", "random"), seed=1)
    live = coordinator.live(created.match_id)
    assert live.match.state.is_terminal() and len(live.log) > 5_000
    read = [0]
    original = LogEntry.text_for

    def counted(self: LogEntry, viewer: int | None) -> str:
        read[0] += 1
        return original(self, viewer)

    monkeypatch.setattr(LogEntry, "text_for", counted)
    message = coordinator.message(created.match_id, Grant(created.match_id, ()))
    assert read[0] <= 300  # was every entry of the log (20,998)
    monkeypatch.setattr(LogEntry, "text_for", original)
    lines = log_lines(live.log, None, group_draws=False)
    assert message["log"] == lines[-300:] and message["log_start"] == len(lines) - 300


def test_log_entries_of_a_real_hidden_information_match_group_as_before() -> None:
    game = load_game("road-rally", players=3)
    match = Match(game, 5)
    rng = Random(5)
    log: list[LogEntry] = []
    reads = LiveReads()
    while not match.state.is_terminal():
        state = match.state
        if state.is_chance_node():
            outcome = match.sampler.draw(state, match.chance_count())
            log.append(log_entry(state, CHANCE, outcome, NAMES))
            state.apply_action(outcome)
        else:
            seat = state.active_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            log.append(log_entry(state, seat, action, NAMES))
            state.apply_action(action, seat)
        for viewer in (None, 1):
            lines = log_lines(log, viewer, group_draws=True)
            expected = (lines[-10:], max(0, len(lines) - 10))
            assert reads.log_tail(log, viewer, group_draws=True, limit=10) == expected
    assert any(gamelog._hidden_draw(entry) for entry in log)  # the grouping was exercised
