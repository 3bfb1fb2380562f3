"""The game log's words: names instead of seat numbers, a seat's hidden draws on one
line, and each rematch link delivered only to its own seat."""

from __future__ import annotations

from random import Random
from types import SimpleNamespace
from typing import Any

from server_kit import CheckingTransport, seats

from roadtrip.core.state import CHANCE, fill_mentions, mention
from roadtrip.server.coordinator import Coordinator
from roadtrip.server.gamelog import LogEntry, log_entry, log_lines
from roadtrip.server.storage import Grant, MemoryStore, SeatSpec


class MentioningState:
    """Just enough of a State for log_entry: a hidden draw that mentions its seat."""

    def __init__(self, players: int, perfect: bool = False) -> None:
        self.game = SimpleNamespace(info=SimpleNamespace(perfect_information=perfect))
        self.players = players

    def num_players(self) -> int:
        return self.players

    def describe_action(self, action: int, seat: int, viewer: int | None, names: Any = None) -> str:
        owner = action // 100
        card = f"a green {action % 100}" if viewer == owner else "a card"
        return fill_mentions(f"{mention(owner)} draws {card}", names)


def draws(state: MentioningState, owner: int, cards: list[int], names: list[str]) -> list[LogEntry]:
    return [log_entry(state, CHANCE, owner * 100 + c, names) for c in cards]  # type: ignore[arg-type]


def test_chance_lines_call_seats_by_their_names() -> None:
    state = MentioningState(2)
    entry = log_entry(state, CHANCE, 3, ["Ann", "Ben"])  # type: ignore[arg-type]
    assert entry.text_for(None) == "Chance: Ann draws a card"
    assert entry.text_for(0) == "Chance: Ann draws a green 3"
    assert "seat" not in " ".join(entry.texts)


def test_a_seats_consecutive_draws_are_one_line_the_owner_sees_the_cards() -> None:
    state = MentioningState(2)
    names = ["Ann", "Ben"]
    log = [*draws(state, 0, [1, 2, 3], names), *draws(state, 1, [4, 5, 6, 7, 8], names)]
    assert log_lines(log, None, group_draws=True) == [
        "Chance: Ann draws 3 cards",
        "Chance: Ben draws 5 cards",
    ]
    assert log_lines(log, 0, group_draws=True) == [
        "Chance: Ann draws 3 cards: a green 1, a green 2, a green 3",
        "Chance: Ben draws 5 cards",
    ]
    assert log_lines(log, 1, group_draws=True)[1] == (
        "Chance: Ben draws 5 cards: a green 4, a green 5, a green 6, a green 7, a green 8"
    )
    # Without grouping (perfect-information games) every draw keeps its line.
    assert len(log_lines(log, None, group_draws=False)) == 8


def test_interleaved_deals_group_per_seat_and_decisions_break_runs() -> None:
    state = MentioningState(2)
    names = ["Ann", "Ben"]
    deal = [
        e
        for pair in zip(draws(state, 0, [1, 2], names), draws(state, 1, [3, 4], names), strict=True)
        for e in pair
    ]
    decision = LogEntry(0, ("Ann: plays a green 1",) * 3)
    log = [*deal, decision, *draws(state, 0, [5], names)]
    assert log_lines(log, None, group_draws=True) == [
        "Chance: Ann draws 2 cards",
        "Chance: Ben draws 2 cards",
        "Ann: plays a green 1",
        "Chance: Ann draws a card",
    ]


def test_a_new_road_rally_match_does_not_open_with_dozens_of_chance_lines() -> None:
    store = MemoryStore()
    transport = CheckingTransport(store)
    coordinator = Coordinator(store, transport)
    transport.coordinator = coordinator
    created = coordinator.create_match("road-rally", {"players": 4}, seats(None, None, None, None))
    grant = coordinator.authorize(created.match_id, created.seat_tokens[0])
    live = coordinator.live(created.match_id)
    message = coordinator.message(created.match_id, grant)
    assert len(live.log) >= 36  # one entry per action: the replay's steps
    assert len(message["log"]) <= 14, message["log"]


def test_each_seat_gets_only_its_own_rematch_link() -> None:
    store = MemoryStore()
    transport = CheckingTransport(store)
    coordinator = Coordinator(store, transport)
    transport.coordinator = coordinator
    team = [SeatSpec("Ann", partner="Bob"), SeatSpec("Cy")]
    created = coordinator.create_match("get-your-kicks", {}, team, seed=3)
    mid = created.match_id
    tokens = [created.seat_tokens[0], created.partner_tokens[0], created.seat_tokens[1]]
    grants = [coordinator.authorize(mid, t) for t in tokens]
    spectator = coordinator.authorize(mid, created.spectator_token)
    assert grants[0] != grants[1]  # the two partners are two audiences
    for grant in [*grants, spectator]:
        transport.connect(grant)
    live = coordinator.live(mid)
    rng = Random(4)
    while not live.match.state.is_terminal():
        seat = live.match.state.active_seats()[0]
        grant = grants[1] if seat == 0 else grants[2]
        coordinator.act(grant, rng.choice(live.match.state.legal_actions(seat)), seat)
        live = coordinator.live(mid)
    rematch, _ = coordinator.rematch(grants[2])
    new_tokens = [rematch.seat_tokens[0], rematch.partner_tokens[0], rematch.seat_tokens[1]]
    for grant, own in zip(grants, new_tokens, strict=True):
        last = transport.messages_for(grant)[-1]
        assert last["rematch"] == f"/m/{rematch.match_id}#t={own}"
        others = [t for t in [*new_tokens, rematch.spectator_token] if t != own]
        sent = " ".join(str(m) for m in transport.messages_for(grant))
        assert not any(t in sent for t in others)
    assert transport.messages_for(spectator)[-1]["rematch"].endswith(rematch.spectator_token)
    assert grants[0] == Grant(mid, (0,)) and grants[1] == Grant(mid, (0,), member=1)
