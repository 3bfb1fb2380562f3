"""The server never shows a seat's pending simultaneous choice (issue 25, item 2).

Competitive Road to 300 through the HTTP API: after Ann has chosen on the shared
roll and Ben has not, Ben's and the spectators' state messages (view, choices, log)
and the replay of the match in progress are the same whatever Ann chose, her line
reads "Ann: has chosen"; once Ben has chosen too, the log tells both choices.
Road Rally's reward choice is checked on the log functions the messages use.
"""

from __future__ import annotations

from random import Random
from typing import Any

from fastapi.testclient import TestClient
from server_kit import act_http, auth, state_http

import roadtrip
from roadtrip.games.road_rally import actions as A
from roadtrip.server.app import create_app
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.gamelog import log_entry, log_lines
from roadtrip.server.storage import MemoryStore, SeatSpec

SEATS = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]


def create(client: TestClient, seed: int) -> tuple[str, str, str, str]:
    """A 2-seat Road to 300 match with a known seed (the same roll in both runs):
    its id and Ann's, Ben's and the spectators' tokens."""
    coordinator: Coordinator = client.app.state.coordinator  # type: ignore[attr-defined]
    created = coordinator.create_match("road-to-300", {"players": 2}, SEATS, seed=seed)
    ann, ben = created.seat_tokens[0], created.seat_tokens[1]
    return created.match_id, ann, ben, created.spectator_token


def without_version(message: dict[str, Any]) -> dict[str, Any]:
    """A message less what differs between two matches and moves (id, counters)."""
    return {k: v for k, v in message.items() if k not in ("version", "my_moves", "match")}


def play_ann(client: TestClient, mid: str, token: str, pick: int) -> None:
    """Ann makes this round's decisions: the ``pick``-th choice each time."""
    for _ in range(2):
        message = state_http(client, mid, token)
        if 0 not in message["active_seats"]:
            return
        choices = message["choices"]
        action = choices[pick % len(choices)]["action"]
        response = act_http(client, mid, token, action, my_moves=message["my_moves"])
        assert response.status_code == 200, response.text


def test_ben_and_spectators_cannot_tell_what_ann_chose_until_both_have() -> None:
    """Rule (docs/rules/road-to-300.md): the seats decide on the shared roll at once."""
    seen: list[dict[str, Any]] = []
    for pick in (0, 1):
        with TestClient(create_app(MemoryStore())) as client:
            mid, ann, ben, spectator = create(client, seed=5)
            before = state_http(client, mid, ben)
            assert before["active_seats"] == [0, 1]
            play_ann(client, mid, ann, pick)
            ben_view = state_http(client, mid, ben)
            watcher = state_http(client, mid, spectator)
            replay = client.get(f"/api/matches/{mid}/replay", headers=auth(ben)).json()
            steps = [
                client.get(f"/api/matches/{mid}/replay/{s}", headers=auth(spectator)).json()
                for s in range(replay["steps"] - 1, replay["steps"] + 1)
            ]
            seen.append(
                {
                    "ben": without_version(ben_view),
                    "spectator": without_version(watcher),
                    "replay": replay["log"],
                    "steps": [s["text"] for s in steps] + [s["view"] for s in steps],
                }
            )
            assert ben_view["log"][-1] == "Ann: has chosen"
            assert watcher["log"][-1] == "Ann: has chosen"
            assert ben_view["view"]["chosen_seats"] == [0]
            assert ben_view["view"]["sheets"][0] == before["view"]["sheets"][0]
            own = state_http(client, mid, ann)
            assert own["log"][-1].startswith("Ann: end on ")
            # Ben chooses: both choices are revealed together, to everyone.
            message = ben_view
            while 1 in message["active_seats"]:
                action = message["choices"][0]["action"]
                message = act_http(client, mid, ben, action, my_moves=message["my_moves"]).json()
            assert any(line.startswith("Ann: end on ") for line in message["log"])
            spectator_log = state_http(client, mid, spectator)["log"]
            assert "Ann: has chosen" not in spectator_log
            assert any(line.startswith("Ben: cross ") for line in spectator_log)
    assert seen[0]["ben"]["choices"]
    assert seen[0] == seen[1], "Ann's choice shows to Ben or to spectators"


def test_a_road_rally_reward_choice_reads_has_chosen_until_both_have_chosen() -> None:
    """Rule (docs/rules/road-rally-usa.md): 4th and 5th place choose points or cards
    at once; the log lines of a pending choice are the same whatever it was."""
    game = roadtrip.load_game("road-rally", players=5, tiles=7)
    names = ["Ann", "Ben", "Cy", "Di", "Ed"]
    for seed in range(200):
        rng, state = Random(seed), game.new_initial_state()
        log = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                log.append(log_entry(state, -1, action, names))
                state.apply_action(action)
                continue
            if state.mode_name == "reward" and len(state.deciding) == 2:  # type: ignore[attr-defined]
                first, second = state.deciding  # type: ignore[attr-defined]
                lines = {}
                for choice in (A.TAKE_POINTS, A.TAKE_CARDS):
                    after = state.clone()
                    entry = log_entry(after, first, choice, names)
                    after.apply_action(choice, first)
                    sealed = after.simultaneous_from()
                    lines[choice] = [
                        log_lines([*log, entry], v, group_draws=True, sealed_from=sealed)
                        for v in (None, second)
                    ]
                    assert lines[choice][0][-1] == f"{names[first]}: has chosen"
                assert lines[A.TAKE_POINTS] == lines[A.TAKE_CARDS]
                return
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            action = A.REVEAL if A.REVEAL in legal else rng.choice(legal)
            log.append(log_entry(state, seat, action, names))
            state.apply_action(action, seat)
    raise AssertionError("no reward choice of two seats found")
