"""Records the server gives out verify by their seed (issue 25): for every game, a
finished match's record replays only the chance outcomes its seed draws, and the
same record with one outcome changed is refused, naming that step."""

from __future__ import annotations

from dataclasses import replace

import pytest
from server_kit import seats

import roadtrip
from roadtrip.core import CHANCE, MatchRecord, SeedMismatch, replay
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.storage import MemoryStore
from roadtrip.server.transport import MemoryTransport

# Quick bots for each game (the heuristics finish a race in a few hundred moves).
GAMES = {
    "road-to-300": ({"players": 2}, "greedy"),
    "get-your-kicks": ({"players": 2}, "threshold"),
    "mileage-may-vary": ({"players": 2}, "threshold"),
    "road-rally": ({"players": 3}, "heuristic"),
    "open-road": ({"players": 2}, "heuristic"),
}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_server_record_verifies_by_its_seed(game_id: str) -> None:
    options, bot = GAMES[game_id]
    coordinator = Coordinator(MemoryStore(), MemoryTransport())
    players = int(options["players"])
    created = coordinator.create_match(game_id, options, seats(*[bot] * players), seed=2**61 + 5)
    spectator = coordinator.authorize(created.match_id, created.spectator_token)
    record = MatchRecord.from_json(coordinator.record(spectator).to_json())
    assert record.seed == 2**61 + 5 and record.verified_by_seed and record.run_game is None
    assert replay(record).is_terminal()
    # One chance outcome changed to another possible one: refused at that step.
    state, index = roadtrip.load_game(game_id, **options).new_initial_state(), 0
    while True:
        seat, action = record.actions[index]
        others = [a for a, _ in state.chance_outcomes() if a != action] if seat == CHANCE else []
        if others:
            break
        state.apply_action(action, None if seat == CHANCE else seat)
        index += 1
    changed = (*record.actions[:index], (CHANCE, others[0]), *record.actions[index + 1 :])
    with pytest.raises(SeedMismatch, match=rf"^action {index} \(chance: "):
        replay(replace(record, actions=changed, returns=None))
