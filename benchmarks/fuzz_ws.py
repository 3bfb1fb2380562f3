"""WebSocket fuzzer: random bad (and good) messages to live matches, checked one by one.

Plays two-person matches of every game with two WebSocket connections (one per
seat) and sends ``--cases`` messages drawn at random: malformed JSON, binary
frames, wrong types, huge and deeply nested values, unknown message types,
out-of-turn moves, another seat's moves, stale move counts, illegal and legal
actions, repeated hellos, and bursts of several at once; and new connections whose
first message is a bad hello.  After each case it asks for the state again and
checks:

* no server error: no ``internal`` error code, no close code 1011;
* no connection dropped that was not asked for (asked for: a bad hello, a message
  over the server's frame limit);
* every message answered as the protocol says (an error, then the state for a
  refused move; the state for a move, a sync or a hello);
* no state change from rejected input: the state after equals the state before
  (version, view, choices); an accepted move advances the version;

and at the end that every stored match replays through the engine.

    python benchmarks/fuzz_ws.py --cases 10000             # a served process (SQLite)
    python benchmarks/fuzz_ws.py --cases 300 --in-process  # the ASGI app in this process

tests/server/test_fuzz.py runs a few hundred cases in-process in CI.  Only loopback
addresses are used.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from fuzz_cli import fuzz_main
from fuzz_target import ServedProcess, create_match, replay_every

# Two seats, people only: every change comes from this fuzzer's own messages.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("road-to-300", {"players": 2}),
    ("road-rally", {"players": 2, "tiles": 7}),
    ("open-road", {"players": 2, "max_rounds": 3}),
    ("get-your-kicks", {"players": 2}),
    ("mileage-may-vary", {"players": 2}),
]
FRAME_LIMIT = 64 * 1024  # bytes: the served process closes bigger frames (1009)
TEXT_LIMIT = 16 * 1024  # characters: bigger messages are refused (bad_message)
WEIRD_VALUES: list[Any] = [
    None, True, False, 1.0, 1.5, -0.0, "1", "", "act", [], [1], {}, {"action": 1},
    10**30, -(10**30), 2**63, -1, -(2**31),
]  # fmt: skip


class Closed(Exception):
    """The server closed the connection (``code``)."""

    def __init__(self, code: int | None) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


class Conn(Protocol):
    def send_text(self, data: str) -> None: ...
    def send_bytes(self, data: bytes) -> None: ...
    def recv(self, timeout: float) -> dict[str, Any]: ...
    def close(self) -> None: ...


class Target(Protocol):
    """Where the app runs: open a WebSocket, create a match, read the stored matches."""

    def connect(self, match_id: str) -> Conn: ...
    def create(self, body: dict[str, Any]) -> dict[str, Any]: ...
    def replay_all(self) -> tuple[int, list[str]]: ...


# --------------------------------------------------------------------- report
@dataclass
class Report:
    cases: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    accepted_moves: int = 0
    rejected: int = 0
    server_errors: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    closes_asked_for: int = 0
    protocol_violations: list[str] = field(default_factory=list)
    state_changed_by_rejected: list[str] = field(default_factory=list)
    matches: int = 0
    finished: int = 0
    stored_matches: int = 0
    failing_to_replay: list[str] = field(default_factory=list)

    def ok(self) -> bool:
        return not (
            self.server_errors
            or self.dropped
            or self.protocol_violations
            or self.state_changed_by_rejected
            or self.failing_to_replay
        )

    def summary(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "kinds": dict(sorted(self.kinds.items())),
            "accepted_moves": self.accepted_moves,
            "rejected": self.rejected,
            "closes_asked_for": self.closes_asked_for,
            "server_errors": len(self.server_errors),
            "dropped_connections": len(self.dropped),
            "protocol_violations": len(self.protocol_violations),
            "state_changes_from_rejected_input": len(self.state_changed_by_rejected),
            "matches": self.matches,
            "finished": self.finished,
            "stored_matches": self.stored_matches,
            "matches_failing_to_replay": len(self.failing_to_replay),
            "examples": (
                self.server_errors
                + self.dropped
                + self.protocol_violations
                + self.state_changed_by_rejected
                + self.failing_to_replay
            )[:10],
        }


# ---------------------------------------------------------------------- cases
@dataclass
class Case:
    """One message and what the protocol answers: ``replies`` is the sequence of
    message types expected ("error", "state"); ``change``: whether it may change
    the match; ``close``: the server closes the connection (asked for)."""

    kind: str
    data: str | bytes
    replies: tuple[str, ...]
    change: bool = False
    close: bool = False


def act(action: Any, **extra: Any) -> str:
    return json.dumps({"type": "act", "action": action, **extra})


def nested(depth: int, rng: random.Random) -> str:
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    return opener * depth + "1" + closer * depth


def make_case(rng: random.Random, state: dict[str, Any], other_seat: int, served: bool) -> Case:
    """A random case for a connection whose last state is ``state``."""
    seat = state["seat"]
    legal = [c["action"] for c in state["choices"]]
    mine = state["my_moves"]
    refused = ("error", "state")  # a refused move: the error, then the state
    bad = ("error",)  # a message that is not a valid message
    illegal = rng.choice([-1, -(2**31), 10**30, 2**63, max(legal, default=0) + rng.randint(1, 99)])
    kind = rng.choices(
        [
            "legal", "illegal", "wrong_type", "other_seat", "stale", "unknown_type",
            "malformed", "binary", "nested", "huge", "big_int", "sync", "hello",
        ],
        [30, 8, 8, 5, 5, 5, 8, 3, 5, 4, 3, 3, 2],
    )[0]  # fmt: skip
    if kind == "legal":
        if not legal:  # not this seat's turn: out of turn
            return Case("out_of_turn", act(rng.randint(0, 40), seat=seat), refused)
        extra: dict[str, Any] = {}
        if rng.random() < 0.5:
            extra["my_moves"] = mine
        if rng.random() < 0.3:
            extra["seat"] = seat
        return Case("legal", act(rng.choice(legal), **extra), ("state",), change=True)
    if kind == "illegal":
        return Case("illegal", act(illegal, my_moves=mine), refused)
    if kind == "wrong_type":
        key = rng.choice(["action", "seat", "my_moves"])
        body = {"type": "act", "action": legal[0] if legal else 0, key: rng.choice(WEIRD_VALUES)}
        value = body[key]
        if isinstance(value, int) and not isinstance(value, bool):
            body["action"] = illegal  # an integer: then it must be refused as a move
            return Case("wrong_type", json.dumps(body), refused)
        if value is None and key != "action":
            body["action"] = illegal
            return Case("wrong_type", json.dumps(body), refused)
        return Case("wrong_type", json.dumps(body), bad)
    if kind == "other_seat":
        target = rng.choice([other_seat, 7, -1, 1000])
        return Case("other_seat", act(legal[0] if legal else 0, seat=target), refused)
    if kind == "stale":
        wrong = rng.choice([mine - 1, mine + 1, mine + 50, -5])
        return Case("stale", act(legal[0] if legal else 0, my_moves=wrong), refused)
    if kind == "unknown_type":
        data = rng.choice(
            [
                json.dumps({"type": rng.choice(["move", "ACT", "", "resign", "x" * 200])}),
                json.dumps({"type": rng.choice(WEIRD_VALUES)}),
                json.dumps(rng.choice(WEIRD_VALUES)),
                json.dumps({"action": 1}),
            ]
        )
        return Case("unknown_type", data, bad)
    if kind == "malformed":
        valid = act(legal[0] if legal else 0)
        data = rng.choice(
            [
                valid[: rng.randint(0, len(valid) - 1)],
                valid + rng.choice(["}", "]", ",", "x"]),
                "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(rng.randint(1, 200))),
                '{"type": "act", "action": NaN}',
                '{"type": "act", "action": Infinity}',
                '{"type": "act", "action": 1e400}',
                "{'type': 'act'}",
                "",
                " ",
                '{"type": "act", "action": 1, "type": "hello"}',
                '{"type": "\\ud800"}',
            ]
        )
        if data == '{"type": "act", "action": 1, "type": "hello"}':
            return Case("malformed", data, ("state",))  # the last key wins: a hello
        return Case("malformed", data, bad)
    if kind == "binary":
        return Case("binary", bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300))), bad)
    if kind == "nested":
        depth = rng.choice([10, 100, 900, 3_000, 8_000])
        inner = nested(depth, rng)
        wrapped = act(illegal).replace("}", f', "x": {inner}}}') if rng.random() < 0.5 else inner
        refusal = refused if wrapped.startswith('{"type"') and depth <= 900 else bad
        return Case("nested", wrapped, refusal)
    if kind == "huge":
        size = rng.choice([TEXT_LIMIT + 1, 30_000, 60_000, 100_000, 1_000_000])
        data = act(illegal, pad="x" * size)
        if served and len(data.encode()) > FRAME_LIMIT:
            return Case("huge_frame", data, (), close=True)
        return Case("huge", data, bad)
    if kind == "big_int":
        digits = rng.choice([20, 400, 4_000, 5_000, 15_000])
        data = '{"type": "act", "action": ' + "9" * digits + "}"
        if len(data) > TEXT_LIMIT:
            return Case("big_int", data, bad)
        return Case("big_int", data, refused if digits <= 4_300 else bad)
    if kind == "sync":
        return Case("sync", json.dumps({"type": "sync"}), ("state",))
    return Case("hello", json.dumps({"type": "hello", "token": "whatever"}), ("state",))


# ---------------------------------------------------------------------- runner
@dataclass
class Seat:
    conn: Conn
    token: str
    seat: int
    state: dict[str, Any] = field(default_factory=dict)
    unread_states: int = 0  # states pushed for the other seat's moves
    closed_while_sending: bool = False


class Fuzzer:
    def __init__(self, target: Target, rng: random.Random, served: bool) -> None:
        self.target, self.rng, self.served = target, rng, served
        self.report = Report()
        self.match_id = ""
        self.seats: list[Seat] = []
        self.tokens: list[str] = []

    # ---------------------------------------------------------- reading
    def read(self, seat: Seat, kind: str, timeout: float = 15.0) -> dict[str, Any]:
        """The next message that is not a presence update."""
        while True:
            message = seat.conn.recv(timeout)
            if message.get("type") == "presence":
                continue
            if message.get("type") == "error" and message.get("code") == "internal":
                self.report.server_errors.append(f"{kind}: {message}")
            return message

    def catch_up(self, seat: Seat) -> None:
        while seat.unread_states:
            message = self.read(seat, "catch_up")
            if message.get("type") == "state":
                seat.unread_states -= 1
                seat.state = message

    def sync(self, seat: Seat, kind: str) -> dict[str, Any]:
        self.catch_up(seat)
        seat.conn.send_text(json.dumps({"type": "sync"}))
        message = self.read(seat, kind)
        if message.get("type") != "state":
            raise ProtocolError(f"{kind}: a sync answered with {str(message)[:200]}")
        seat.state = message
        return message

    # ---------------------------------------------------------- matches
    def new_match(self) -> None:
        for seat in self.seats:
            with contextlib.suppress(Exception):
                seat.conn.close()
        game, options = self.rng.choice(GAMES)
        body = {"game": game, "options": options, "seats": [{"name": "A"}, {"name": "B"}]}
        created = self.target.create(body)
        self.match_id = created["match"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.seats = [self.open_seat(i) for i in range(2)]
        self.report.matches += 1

    def open_seat(self, index: int) -> Seat:
        seat = Seat(self.target.connect(self.match_id), self.tokens[index], index)
        seat.conn.send_text(json.dumps({"type": "hello", "token": seat.token}))
        seat.state = self.read(seat, "hello")
        if seat.state.get("type") != "state":
            raise ProtocolError(f"a good hello answered with {seat.state}")
        return seat

    # ------------------------------------------------------------ cases
    def run(self, cases: int, progress: Callable[[int], None] | None = None) -> Report:
        self.new_match()
        while self.report.cases < cases:
            if progress is not None and self.report.cases % 500 == 0:
                progress(self.report.cases)
            try:
                if self.rng.random() < 0.03:
                    self.bad_hello()
                elif self.rng.random() < 0.05:
                    self.burst()
                else:
                    self.one_case()
            except Closed as closed:
                self.report.dropped.append(f"match {self.match_id}: {closed}")
                self.new_match()
            except ProtocolError as error:
                self.report.protocol_violations.append(str(error))
                self.new_match()
            if any(seat.state.get("finished") for seat in self.seats):
                self.report.finished += 1
                self.new_match()
            elif self.rng.random() < 1 / 250:  # more games and positions
                self.new_match()
        for seat in self.seats:
            seat.conn.close()
        self.report.stored_matches, self.report.failing_to_replay = self.target.replay_all()
        return self.report

    def one_case(self) -> None:
        index = self.rng.randrange(2)
        seat, other = self.seats[index], self.seats[1 - index]
        before = self.sync(seat, "before")
        case = make_case(self.rng, before, other.seat, self.served)
        self.report.cases += 1
        self.report.kinds[case.kind] += 1
        self.send(seat, case)
        if case.close:
            self.expect_close(seat, case)
            self.seats[index] = self.open_seat(index)
            return
        replies = [self.read(seat, case.kind) for _ in case.replies]
        got = tuple(str(r.get("type")) for r in replies)
        if got != case.replies:
            raise ProtocolError(f"{case.kind}: expected {case.replies}, got {got}: {replies}")
        after = self.sync(seat, "after")
        if case.change:
            if after["version"] <= before["version"]:
                raise ProtocolError(f"{case.kind}: an accepted move did not change the match")
            self.report.accepted_moves += 1
            other.unread_states += 1
        else:
            self.report.rejected += 1
            self.same(before, after, case)

    def burst(self) -> None:
        """Several refused messages at once, read only afterwards."""
        index = self.rng.randrange(2)
        seat, other = self.seats[index], self.seats[1 - index]
        before = self.sync(seat, "before")
        cases = [make_case(self.rng, before, other.seat, self.served) for _ in range(8)]
        cases = [c for c in cases if not c.change and not c.close][: self.rng.randint(2, 6)]
        for case in cases:
            self.send(seat, case)
        self.report.cases += len(cases)
        self.report.kinds["burst"] += len(cases)
        for case in cases:
            got = tuple(str(self.read(seat, "burst").get("type")) for _ in case.replies)
            if got != case.replies:
                raise ProtocolError(f"burst {case.kind}: expected {case.replies}, got {got}")
        self.report.rejected += len(cases)
        self.same(before, self.sync(seat, "after"), Case("burst", "", ()))

    def bad_hello(self) -> None:
        """A new connection whose first message is not a valid hello: refused, closed."""
        self.report.cases += 1
        self.report.kinds["bad_hello"] += 1
        data = self.rng.choice(
            [
                json.dumps({"type": "hello", "token": "not-a-token"}),
                json.dumps({"type": "hello"}),
                json.dumps({"type": "hello", "token": self.rng.choice(WEIRD_VALUES)}),
                json.dumps({"type": "act", "action": 1}),
                nested(5_000, self.rng),
                "garbage",
            ]
        )
        conn = self.target.connect(self.match_id)
        try:
            conn.send_text(data)
            message = conn.recv(15)
            if message.get("type") != "error":
                raise ProtocolError(f"a bad hello answered with {message}")
            with contextlib.suppress(Closed):
                conn.recv(15)
                raise ProtocolError("a bad hello was not followed by a close")
            self.report.closes_asked_for += 1
        finally:
            conn.close()

    def send(self, seat: Seat, case: Case) -> None:
        try:
            if isinstance(case.data, bytes):
                seat.conn.send_bytes(case.data)
            else:
                seat.conn.send_text(case.data)
        except Closed:
            if not case.close:
                raise
            seat.closed_while_sending = True

    def expect_close(self, seat: Seat, case: Case) -> None:
        if seat.closed_while_sending:  # closed before the whole frame was sent
            self.report.closes_asked_for += 1
            return
        try:
            message = seat.conn.recv(15)
        except Closed as closed:
            if closed.code == 1011:
                self.report.server_errors.append(f"{case.kind}: closed with 1011")
            self.report.closes_asked_for += 1
            return
        raise ProtocolError(f"{case.kind}: expected a close, got {str(message)[:200]}")

    def same(self, before: dict[str, Any], after: dict[str, Any], case: Case) -> None:
        keys = ("version", "view", "choices", "my_moves", "active_seats", "finished")
        changed = [k for k in keys if before.get(k) != after.get(k)]
        if changed:
            self.report.state_changed_by_rejected.append(
                f"{case.kind} {str(case.data)[:120]!r} changed {changed}"
            )


class ProtocolError(Exception):
    """An answer the protocol does not allow."""


# --------------------------------------------------------------------- targets
class TestClientConn:
    """A Starlette TestClient WebSocket (the app in this process)."""

    def __init__(self, session: Any, stack: contextlib.ExitStack) -> None:
        self.session, self.stack = session, stack

    def send_text(self, data: str) -> None:
        self.session.send_text(data)

    def send_bytes(self, data: bytes) -> None:
        self.session.send_bytes(data)

    def recv(self, timeout: float) -> dict[str, Any]:
        import anyio
        from starlette.websockets import WebSocketDisconnect

        stream = self.session._send_rx

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await stream.receive()

        try:
            message = self.session.portal.call(get)
        except TimeoutError:
            raise ProtocolError(f"no answer within {timeout} s") from None
        try:
            self.session._raise_on_close(message)
        except WebSocketDisconnect as closed:
            raise Closed(closed.code) from None
        if message.get("type") == "websocket.close":
            raise Closed(message.get("code"))
        decoded: dict[str, Any] = json.loads(message["text"])
        return decoded

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stack.close()


class InProcess:
    """The ASGI app in this process, on an in-memory store."""

    def __init__(self) -> None:
        from fastapi.testclient import TestClient

        from roadtrip.server.app import create_app
        from roadtrip.server.storage import MemoryStore

        self.store = MemoryStore()
        self.client = TestClient(create_app(self.store))
        self.client.__enter__()

    def connect(self, match_id: str) -> Conn:
        stack = contextlib.ExitStack()
        session = stack.enter_context(self.client.websocket_connect(f"/ws/matches/{match_id}"))
        return TestClientConn(session, stack)

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return create_match(self.client, body)

    def replay_all(self) -> tuple[int, list[str]]:
        return replay_every(self.store, [m.id for m in self.store.recent(10**9)])

    def close(self) -> None:
        self.client.__exit__(None, None, None)


class SocketConn:
    """A ``websockets`` client connection to a served process."""

    def __init__(self, url: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(url, max_size=None, open_timeout=10).__enter__()

    def send_text(self, data: str) -> None:
        self._send(data)

    def send_bytes(self, data: bytes) -> None:
        self._send(data)

    def _send(self, data: str | bytes) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            self.ws.send(data)
        except ConnectionClosed as closed:
            raise Closed(closed.rcvd.code if closed.rcvd else None) from None

    def recv(self, timeout: float) -> dict[str, Any]:
        from websockets.exceptions import ConnectionClosed

        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            raise ProtocolError(f"no answer within {timeout} s") from None
        except ConnectionClosed as closed:
            raise Closed(closed.rcvd.code if closed.rcvd else None) from None
        decoded: dict[str, Any] = json.loads(raw)
        return decoded

    def close(self) -> None:
        self.ws.close()


class Served(ServedProcess):
    """A ``roadtrip serve`` process on a loopback port and a fresh SQLite file."""

    def connect(self, match_id: str) -> Conn:
        return SocketConn(f"ws://127.0.0.1:{self.port}/ws/matches/{match_id}")


@contextlib.contextmanager
def target(in_process: bool) -> Iterator[Any]:
    if in_process:
        app = InProcess()
        try:
            yield app
        finally:
            app.close()
        return
    with tempfile.TemporaryDirectory(prefix="roadtrip-fuzz-") as folder:
        served = Served(Path(folder))
        try:
            yield served
        finally:
            served.close()


def fuzz(cases: int, seed: int, in_process: bool, verbose: bool = False) -> dict[str, Any]:
    started = time.monotonic()
    with target(in_process) as where:
        fuzzer = Fuzzer(where, random.Random(seed), served=not in_process)
        progress = (lambda n: print(f"  {n} cases", flush=True)) if verbose else None
        report = fuzzer.run(cases, progress)
        summary = report.summary()
        if not in_process:
            summary["server_tracebacks"] = where.tracebacks()
    summary["ok"] = report.ok() and not summary.get("server_tracebacks")
    summary["seconds"] = round(time.monotonic() - started, 1)
    summary["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return summary


def main(argv: list[str] | None = None) -> int:
    return fuzz_main(fuzz, __doc__.split("\n\n")[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())
