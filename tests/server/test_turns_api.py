"""Turn timers and correspondence play over HTTP: the ``turn_clock`` of
``POST /api/matches`` (bad values are a 400 naming the problem), the clock in the
state message, ``POST /api/turns`` ("your matches where it is your turn", bounded,
telling nothing about other seats), and the event-loop timers."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth

from roadtrip.server.app import create_app
from roadtrip.server.storage import MemoryStore
from roadtrip.server.timers import LoopTimers
from roadtrip.server.turns import MAX_TOKENS


@pytest.fixture(params=["memory", "sqlite"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "memory":
        app = create_app(MemoryStore())
    else:
        app = create_app(database_url=f"sqlite:///{tmp_path / 'turns.sqlite3'}")
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, turn_clock: Any, game: str = "road-rally") -> Any:
    seats = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Bot", "bot": "heuristic"}]
    return client.post(
        "/api/matches", json={"game": game, "seats": seats, "turn_clock": turn_clock}
    )


@pytest.mark.parametrize(
    ("turn_clock", "words"),
    [
        ({"seconds": 3}, "must be 0 (no limit) or from 10 to 2592000"),
        ({"seconds": "soon"}, "must be a number"),
        ({"seconds": 60, "on_expiry": "forfeit"}, "on_expiry must be one of bot, pass"),
        ({"seconds": 60, "bot": "greedy"}, "stand-in bot must be one of heuristic"),
        ({"seconds": 60, "bot": "expert"}, "(a bot that answers at once); got 'expert'"),
        ({"seconds": 60, "hours": 2}, "has no setting 'hours'"),
        (120, "must be an object such as"),
        ([{"seconds": 60}], "must be an object such as"),
    ],
)
def test_a_bad_turn_clock_is_a_400_naming_the_problem(
    client: TestClient, turn_clock: object, words: str
) -> None:
    response = create(client, turn_clock)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["code"] == "bad_setup" and words in error["message"]
    assert error["message"][0].isupper()


def test_a_timed_match_shows_its_clock_and_an_untimed_one_none(client: TestClient) -> None:
    created = create(client, {"seconds": 120, "on_expiry": "pass"}).json()
    assert created["turn_clock"] == {"seconds": 120.0, "on_expiry": "pass", "bot": "heuristic"}
    token, bens = (s["token"] for s in created["seats"])
    state = client.get(f"/api/matches/{created['match']}/state", headers=auth(token)).json()
    # Ben has not opened his link: the clock waits for him, and says so
    assert state["clock"]["deadlines"] == [] and not state["clock"]["started"]
    assert state["clock"]["waiting_for"] == [{"seat": 1, "name": "Ben"}]
    client.get(f"/api/matches/{created['match']}/state", headers=auth(bens))
    state = client.get(f"/api/matches/{created['match']}/state", headers=auth(token)).json()
    clock = state["clock"]
    assert clock["seconds"] == 120 and clock["on_expiry"] == "pass" and clock["started"]
    assert [d["seat"] for d in clock["deadlines"]] == [
        s for s in state["active_seats"] if s in (0, 1)
    ]
    for deadline in clock["deadlines"]:
        assert 110_000 < deadline["remaining_ms"] <= 120_000
        assert deadline["at"] > clock["server_time"]
    plain = create(client, None).json()
    token = plain["seats"][0]["token"]
    assert (
        client.get(f"/api/matches/{plain['match']}/state", headers=auth(token)).json()["clock"]
        is None
    )


def test_turns_tell_each_token_whether_its_own_seat_may_act(client: TestClient) -> None:
    created = create(client, {"seconds": 86_400}).json()
    match_id = created["match"]
    ann, ben = (s["token"] for s in created["seats"])
    state = client.get(f"/api/matches/{match_id}/state", headers=auth(ann)).json()
    # Asking whether it is Ben's turn is not Ben opening his link: no clock runs yet
    early = client.post("/api/turns", json={"tokens": [ann, ben]}).json()["matches"]
    assert [turn["deadline"] for turn in early] == [None, None]
    assert [turn["clock_waits_for"] for turn in early] == [["Ben"], ["Ben"]]
    client.get(f"/api/matches/{match_id}/state", headers=auth(ben))
    answer = client.post(
        "/api/turns", json={"tokens": [ann, ben, created["spectator"]["token"], "nonsense"]}
    )
    assert answer.status_code == 200, answer.text
    mine, bens, spectator, unknown = answer.json()["matches"]
    assert mine["your_turn"] == (0 in state["active_seats"])
    assert bens["your_turn"] == (1 in state["active_seats"])
    assert mine["match"] == match_id and mine["seats"] == [0] and not mine["finished"]
    assert set(mine) == {
        "known", "match", "game", "game_name", "seats", "your_turn", "finished", "deadline",
        "clock_waits_for",
    }  # fmt: skip
    assert mine["clock_waits_for"] == []
    mover = mine if mine["your_turn"] else bens
    assert 86_000_000 < mover["deadline"]["remaining_ms"] <= 86_400_000
    waiting = bens if mine["your_turn"] else mine
    assert waiting["deadline"] is None  # another seat's deadline is not told
    assert spectator["your_turn"] is False and spectator["seats"] == []
    assert unknown == {"known": False}


def test_turns_bound_the_request(client: TestClient) -> None:
    too_many = client.post("/api/turns", json={"tokens": ["x"] * (MAX_TOKENS + 1)})
    assert too_many.status_code == 422 and "tokens" in too_many.json()["error"]["message"]
    too_long = client.post("/api/turns", json={"tokens": ["x" * 129]})
    assert too_long.status_code == 422
    assert client.post("/api/turns", json={"tokens": "abc"}).status_code == 422
    assert client.post("/api/turns", json={"tokens": []}).json()["matches"] == []


def test_loop_timers_fire_once_when_due_and_can_be_moved_or_cancelled() -> None:
    fired: list[str] = []
    now = [100.0]

    async def run() -> None:
        timers = LoopTimers(fired.append, clock=lambda: now[0])
        timers.bind(asyncio.get_running_loop())
        timers.arm("a", 99.0)  # due already
        timers.arm("b", 99.0)
        timers.arm("b", None)  # cancelled
        timers.arm("c", 200.0)  # far away
        timers.arm("d", 99.0)
        timers.arm("d", 100.03)  # moved later
        await asyncio.sleep(0.1)
        assert fired == ["a"]  # d's time has not come on the clock (it waits again)
        now[0] = 100.05
        timers.arm("d", 100.03)
        await asyncio.sleep(0.05)
        assert sorted(fired) == ["a", "d"]
        assert timers.armed() == {"c": 200.0}
        # armed from another thread (the coordinator's): handed to the loop
        await asyncio.get_running_loop().run_in_executor(None, timers.arm, "e", 50.0)
        await asyncio.sleep(0.05)
        assert sorted(fired) == ["a", "d", "e"]
        timers.cancel_all()

    asyncio.run(run())


def test_stand_ins_are_bots_that_answer_at_once_and_the_default_is_one() -> None:
    """A stand-in moves inside the match's lock in the server's own process: a bot
    that thinks (expert, mcts) would hold the match, so none is offered."""
    from roadtrip.bots import bot_thinks
    from roadtrip.core.registry import list_games
    from roadtrip.server.turn_clock import turn_clock_info

    for game in list_games():
        info = turn_clock_info(game.id)
        assert info["stand_in"] in info["stand_ins"], game.id
        assert not any(bot_thinks(name, game.id) for name in info["stand_ins"]), game.id
