"""No message the server sends to a seat holds another seat's hidden cards.

Issue 13, item 4: every message to every seat over at least 100 whole matches of
each game with hidden information, played through the server.  The games with
hidden information are those whose ``info.perfect_information`` is False: today
only Road Rally USA (hands, rally cards, the top cards seen at a Mechanic).  The
Open Road, America's Main Street and Road to 300 show everything to everyone
(their views have no private part); the first test fails when that changes, so
that a new hidden-information game joins this check.

Each match runs on the coordinator with the in-memory store and a transport that
checks every message as it is sent, against the full state it was built from:

* the view is the seat's own (``state.view(seat)``): outside ``mine`` it equals the
  spectators' view, which holds no hidden card; ``mine`` holds exactly the seat's own
  hand, rally cards and known top cards (and the Mechanic's cards while it is the
  Mechanic's mover), and is None for spectators;
* the choices are the seat's own legal actions, and only while it must act;
* every log line is the one this seat may read: the spectators' words, except for
  a line that only this seat reads otherwise (its own draws); a line whose words
  differ for another seat (that seat's draws) reads as the spectators' here.

A few more matches are played by WebSocket clients of the in-process app, and every
message they receive is checked the same way against the replayed record.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_kit import auth, ws_receive

import roadtrip
from roadtrip.core.records import replay_states
from roadtrip.core.state import State
from roadtrip.server.app import create_app
from roadtrip.server.autoplay import LiveMatch
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.gamelog import LogEntry, log_lines
from roadtrip.server.storage import Grant, MemoryStore, SeatSpec
from roadtrip.server.transport import MemoryTransport, Message
from roadtrip.server.visibility import LOG_LIMIT, acting_seat

HIDDEN_GAMES = ["road-rally"]
MATCHES = 100
# Seats: None is a random client through the coordinator; a name is a server bot.
LINEUPS: list[list[str | None]] = [
    [None, None],
    [None, None, None],
    [None, "heuristic"],
    [None, None, "random"],
    [None, "random", None, None],
    ["heuristic", None, None],
    [None, "random", "random", None, "random"],
]
OPTIONS: list[dict[str, Any]] = [
    {},
    {"tiles": 7},
    {"rally_deal": "mixed", "gas": "after"},
    {"deck": "red_heavy", "tiles": 6},
]


def test_the_hidden_information_games_are_the_ones_checked_here() -> None:
    hidden = sorted(g.id for g in roadtrip.list_games() if not g.perfect_information)
    assert hidden == HIDDEN_GAMES


def spectators_view(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("mine", "you")}


def own_secrets(state: Any, seat: int) -> dict[str, Any]:
    """What only ``seat`` knows in Road Rally USA (docs/rules/road-rally-usa.md)."""
    mechanic = state.mode_name == "mechanic" and state.mover == seat
    return {
        "hand": list(state.cards[seat].hand),
        "rally_cards": list(state.rally_hand[seat]),
        "known_top": list(state.cards[seat].known_top),
        "mechanic_cards": list(state.mech_cards) if mechanic else None,
    }


def check_entry(entry: LogEntry) -> None:
    """A log entry is private to at most one seat: the others read the spectators'
    words (otherwise one seat's secret would be another's too)."""
    private = [s for s, text in enumerate(entry.texts[1:]) if text != entry.texts[0]]
    assert len(private) <= 1, f"one action described privately to seats {private}: {entry}"


Lines = Callable[[int | None], list[str]]


def lines_of(log: list[LogEntry], state: State | None = None) -> Lines:
    """The log's lines as each viewer reads them, each computed once (sealed where
    ``state`` has a simultaneous decision under way)."""
    cache: dict[int | None, list[str]] = {}
    sealed_from = None if state is None else state.simultaneous_from()

    def lines(viewer: int | None) -> list[str]:
        if viewer not in cache:
            cache[viewer] = log_lines(log, viewer, group_draws=True, sealed_from=sealed_from)
        return cache[viewer]

    return lines


def check_message(message: Message, grant: Grant, state: State, lines: Lines) -> None:
    """``message`` (to ``grant``, built from ``state`` and the log whose ``lines``
    are given) shows nothing of another seat's hidden cards (see the module
    docstring)."""
    if message["type"] != "state":
        assert message["type"] in ("presence", "error"), message["type"]
        assert set(message) <= {"type", "match", "online", "code", "message"}
        return
    seat = acting_seat(state, grant)
    assert message["seat"] == seat and message["version"] == state.move_number()
    view = message["view"]
    assert view == state.view(seat)
    assert spectators_view(view) == spectators_view(state.view(None))
    if seat is None:
        assert view["mine"] is None
    else:
        mine = {k: view["mine"][k] for k in ("hand", "rally_cards", "known_top", "mechanic_cards")}
        assert mine == own_secrets(state, seat)
    legal = state.legal_actions(seat) if seat in state.active_seats() else []
    assert [c["action"] for c in message["choices"]] == legal
    spectator_lines, own = lines(None), lines(seat)
    assert len(own) == len(spectator_lines)
    start = message["log_start"]
    assert message["log"] == own[start:] and start == max(0, len(own) - LOG_LIMIT)
    for index, line in enumerate(message["log"], start):
        if line == spectator_lines[index]:
            continue
        # A line private to this seat: every other seat reads the spectators' words.
        for other in range(state.num_players()):
            if other != seat:
                assert lines(other)[index] == spectator_lines[index], (line, lines(other)[index])


class LeakCheckingTransport(MemoryTransport):
    """Checks every message as it is sent, against the live match it was built from."""

    def __init__(self) -> None:
        super().__init__()
        self.coordinator: Coordinator | None = None
        self.checked = 0
        self._checked_entries: dict[str, int] = {}
        self._lines_key: tuple[str, int] | None = None
        self._lines: Lines = lines_of([])

    def send(self, match_id: str, grant: Grant, message: Message) -> None:
        assert self.coordinator is not None
        live: LiveMatch = self.coordinator.live(match_id)
        log = live.log
        for entry in log[self._checked_entries.get(match_id, 0) :]:
            check_entry(entry)
        self._checked_entries[match_id] = len(log)
        key = (match_id, len(log))
        if key != self._lines_key:  # one version's messages share the lines
            self._lines_key, self._lines = key, lines_of(log, live.match.state)
        check_message(message, grant, live.match.state, self._lines)
        self.checked += 1


def play_match(
    coordinator: Coordinator,
    transport: LeakCheckingTransport,
    lineup: list[str | None],
    options: dict[str, Any],
    rng: Random,
) -> int:
    """One whole match: random clients for the people's seats, a spectator watching."""
    seats = [SeatSpec(name=f"P{i}" if b is None else f"B{i}", bot=b) for i, b in enumerate(lineup)]
    created = coordinator.create_match(
        "road-rally", {**options, "players": len(seats)}, seats, seed=rng.randrange(2**32)
    )
    mid = created.match_id
    people = [Grant(mid, (seat,)) for seat in created.seat_tokens]
    for grant in [*people, Grant(mid, ())]:
        transport.connect(grant)
    coordinator.notify(mid)
    moves = 0
    while not (state := coordinator.live(mid).match.state).is_terminal():
        grant = next(g for g in people if g.seats[0] in state.active_seats())
        seat = grant.seats[0]
        coordinator.act(grant, rng.choice(state.legal_actions(seat)), seat)
        moves += 1
        assert moves < 5_000, "the match does not end"
    return moves


def test_no_message_to_a_seat_holds_another_seats_hidden_cards() -> None:
    """100 whole Road Rally USA matches, 2 to 5 seats, people and bots."""
    store, transport = MemoryStore(), LeakCheckingTransport()
    coordinator = Coordinator(store, transport)
    transport.coordinator = coordinator
    rng = Random(13)
    finished = 0
    for number in range(MATCHES):
        lineup = LINEUPS[number % len(LINEUPS)]
        options = OPTIONS[(number // len(LINEUPS)) % len(OPTIONS)]
        play_match(coordinator, transport, lineup, options, rng)
        finished += 1
        if number % 10 == 9:
            coordinator.sweep()
    assert finished == MATCHES and store.unfinished() == []
    assert transport.checked > 20 * MATCHES


@pytest.mark.parametrize("players", [2, 3])
def test_websocket_clients_of_a_match_never_receive_another_seats_cards(players: int) -> None:
    """Whole matches played by WebSocket clients of the app, one per seat, and a
    spectator: every message each receives is checked against the replayed record."""
    app = create_app(MemoryStore())
    rng = Random(players)
    with TestClient(app) as client:
        created = client.post(
            "/api/matches",
            json={
                "game": "road-rally",
                "options": {"players": players, "tiles": 7},
                "seats": [{"name": f"P{i}"} for i in range(players)],
            },
        ).json()
        mid = created["match"]
        tokens = [s["token"] for s in created["seats"]] + [created["spectator"]["token"]]
        received: list[list[Message]] = [[] for _ in tokens]
        sockets = [client.websocket_connect(f"/ws/matches/{mid}") for _ in tokens]
        for ws, token in zip(sockets, tokens, strict=True):
            ws.__enter__()
            ws.send_json({"type": "hello", "token": token})
        try:
            latest: list[Message | None] = [None] * len(tokens)

            def drain(index: int) -> Message:
                while True:
                    message = ws_receive(sockets[index])
                    received[index].append(message)
                    if message["type"] == "state":
                        latest[index] = message
                        return message

            for index in range(len(tokens)):
                drain(index)
            while True:
                state = client.get(f"/api/matches/{mid}/state", headers=auth(tokens[-1])).json()
                if state["finished"]:
                    break
                seat = state["active_seats"][0]
                mine = latest[seat]
                while mine is None or mine["version"] != state["version"]:
                    mine = drain(seat)
                action = rng.choice(mine["choices"])["action"]
                sockets[seat].send_json({"type": "act", "action": action})
                for index in range(len(tokens)):  # every audience hears of the move
                    while (m := latest[index]) is None or m["version"] <= state["version"]:
                        drain(index)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        record = client.get(f"/api/matches/{mid}/record", headers=auth(tokens[0]))
        assert record.status_code == 200
        coordinator: Coordinator = app.state.coordinator
        live = coordinator.live(mid)
        states = {s.move_number(): s.clone() for s in replay_states(live.match.record())}
        checked = 0
        for index, messages in enumerate(received):
            grant = Grant(mid, () if index == players else (index,))
            for message in messages:
                if message["type"] != "state":
                    check_message(
                        message, grant, live.match.state, lines_of(live.log, live.match.state)
                    )
                    continue
                version = message["version"]
                check_message(
                    message, grant, states[version], lines_of(live.log[:version], states[version])
                )
                checked += 1
        assert checked > 10 * players


def test_the_check_catches_a_message_built_for_another_seat() -> None:
    """The check can fail: seat 1's own message, or a log line of seat 1's draws,
    delivered to seat 0 is caught."""
    store, transport = MemoryStore(), MemoryTransport()
    coordinator = Coordinator(store, transport)
    seats = [SeatSpec(name="Ann"), SeatSpec(name="Ben")]
    mid = coordinator.create_match("road-rally", {"players": 2}, seats, seed=3).match_id
    live = coordinator.live(mid)
    ann, ben = Grant(mid, (0,)), Grant(mid, (1,))
    lines = lines_of(live.log, live.match.state)
    check_message(coordinator.message(mid, ann), ann, live.match.state, lines)
    with pytest.raises(AssertionError):
        check_message(coordinator.message(mid, ben), ann, live.match.state, lines)
    leaky = coordinator.message(mid, ann)
    leaky["log"] = lines(1)[leaky["log_start"] :]  # Ben's draws, named
    assert leaky["log"] != coordinator.message(mid, ann)["log"]
    with pytest.raises(AssertionError):
        check_message(leaky, ann, live.match.state, lines)
