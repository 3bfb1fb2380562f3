"""HTTP fuzzer: schemathesis against the app's OpenAPI schema, counted case by case.

Every operation of ``/openapi.json`` is called with cases that schemathesis draws
from the schema (valid ones and, in its negative mode, invalid ones), plainly (made-
up match ids, no token) and aimed at real matches (a real id with a seat's or the
spectators' token), plus match setups drawn from the real games, options and bots.
Checked on every response:

* no server error (5xx);
* no state change from rejected input: a move request answered 4xx leaves the
  match's stored action count as it was;
* schemathesis' other checks (status codes and bodies as documented) are counted
  and shown, as information;

and at the end that every stored match replays through the engine.

    python benchmarks/fuzz_http.py --cases 10000            # a served process (SQLite)
    python benchmarks/fuzz_http.py --cases 300 --in-process # the ASGI app in this process

Needs schemathesis (the ``test`` extra).  tests/server/test_fuzz.py runs a few
hundred cases in-process.  Only loopback addresses are used.
"""

from __future__ import annotations

import contextlib
import os
import random
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import FailedHealthCheck, Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup

import roadtrip
from fuzz_cli import fuzz_main
from fuzz_target import ServedProcess, create_match, replay_sqlite
from roadtrip.bots import bot_names
from roadtrip.core.registry import game_class

PEOPLE_GAMES = [("road-to-300", 2), ("road-rally", 2), ("get-your-kicks", 2)]


@dataclass
class Report:
    cases: int = 0
    by_operation: Counter[str] = field(default_factory=Counter)
    statuses: Counter[int] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    state_changed_by_rejected: list[str] = field(default_factory=list)
    other_check_failures: Counter[str] = field(default_factory=Counter)
    transport_errors: list[str] = field(default_factory=list)
    stored_matches: int = 0
    failing_to_replay: list[str] = field(default_factory=list)

    def ok(self) -> bool:
        return not (
            self.server_errors
            or self.state_changed_by_rejected
            or self.transport_errors
            or self.failing_to_replay
        )

    def summary(self) -> dict[str, Any]:
        return {
            "cases": self.cases,
            "by_operation": dict(sorted(self.by_operation.items())),
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "responses_5xx": len(self.server_errors),
            "state_changes_from_rejected_input": len(self.state_changed_by_rejected),
            "dropped_connections": len(self.transport_errors),
            "stored_matches": self.stored_matches,
            "matches_failing_to_replay": len(self.failing_to_replay),
            "other_schemathesis_checks_failed": dict(self.other_check_failures),
            "examples": (
                self.server_errors
                + self.state_changed_by_rejected
                + self.transport_errors
                + self.failing_to_replay
            )[:10],
        }


class App:
    """Where the app runs: its schema, a way to call it, its store."""

    def __init__(self, in_process: bool, folder: Path) -> None:
        self.in_process = in_process
        self.served: ServedProcess | None = None
        self.database = folder / "fuzz.sqlite3"
        self.base_url: str | None = None
        if in_process:
            from fastapi.testclient import TestClient

            from roadtrip.server.app import create_app
            from roadtrip.server.quotas import Quota
            from roadtrip.server.sql_store import SqlStore

            self.app = create_app(
                SqlStore(f"sqlite:///{self.database}"), create_quota=Quota(10**6, 1e6)
            )
            self.client: Any = TestClient(self.app)
            self.client.__enter__()  # the app's lifespan: its bot threads
            self.schema = schemathesis.openapi.from_asgi("/openapi.json", self.app)
        else:
            self.served = ServedProcess(folder)
            self.database = self.served.database
            self.client = self.served.http
            self.base_url = self.served.base_url
            self.schema = schemathesis.openapi.from_url(f"{self.base_url}/openapi.json")

    def call(self, case: Any) -> Any:
        return case.call(base_url=self.base_url) if self.base_url else case.call()

    def version(self, match_id: str, token: str) -> int:
        response = self.client.get(
            f"/api/matches/{match_id}/state", headers={"Authorization": f"Bearer {token}"}
        )
        return int(response.json()["version"])

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return create_match(self.client, body)

    def replay_all(self) -> tuple[int, list[str]]:
        return replay_sqlite(self.database)

    def close(self) -> None:
        if self.served is not None:
            self.served.close()
        else:
            self.client.__exit__(None, None, None)

    def tracebacks(self) -> int:
        return self.served.tracebacks() if self.served is not None else 0


def setups() -> st.SearchStrategy[dict[str, Any]]:
    """Match setups drawn from the real games, option names and bots (with some
    wrong values): deeper than what the schema alone can guess."""
    games = [g.id for g in roadtrip.list_games()]

    @st.composite
    def setup(draw: st.DrawFn) -> dict[str, Any]:
        game = draw(st.sampled_from([*games, "no-such-game"]))
        names = [o.name for o in game_class(game).options_spec] if game in games else []
        bots = bot_names(game) if game in games else []
        value = st.one_of(st.booleans(), st.integers(-5, 300), st.text(max_size=12))
        options = draw(st.dictionaries(st.sampled_from([*names, "self", "game_id"]), value))
        seat = st.fixed_dictionaries(
            {"name": st.text(min_size=1, max_size=50)},
            optional={"bot": st.sampled_from([*bots, "nobody"]), "partner": st.text(max_size=9)},
        )
        return {
            "game": game,
            "options": options,
            "seats": draw(st.lists(seat, max_size=7)),
            "hotseat": draw(st.booleans()),
        }

    return setup()


class Fuzzer:
    def __init__(self, app: App, rng: random.Random) -> None:
        self.app, self.rng = app, rng
        self.report = Report()
        self.match_id = ""
        self.tokens: list[str] = []
        self.new_match()

    def new_match(self) -> None:
        game, players = self.rng.choice(PEOPLE_GAMES)
        seats = [{"name": f"P{i}"} for i in range(players)]
        created = self.app.create({"game": game, "seats": seats, "hotseat": True})
        self.match_id = created["match"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.tokens += [created["spectator"]["token"], created["hotseat"]["token"]]

    def target(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Path parameters and headers aiming at the real match."""
        token = self.rng.choice(self.tokens)
        return {"match_id": self.match_id}, {"Authorization": f"Bearer {token}"}

    def check(self, operation: Any, case: Any, aimed: bool) -> None:
        name = f"{operation.method.upper()} {operation.path}"
        self.report.cases += 1
        self.report.by_operation[name] += 1
        is_move = aimed and operation.path.endswith("/actions")
        before = self.app.version(self.match_id, self.tokens[-2]) if is_move else None
        try:
            response = self.app.call(case)
        except Exception as exc:  # the connection failed: counted
            self.report.transport_errors.append(f"{name}: {type(exc).__name__}: {exc}"[:300])
            return
        status = response.status_code
        self.report.statuses[status] += 1
        if status >= 500:
            body = response.text[:200] if hasattr(response, "text") else ""
            self.report.server_errors.append(f"{name} -> {status} {body} {case.body!r}"[:400])
        if before is not None and status >= 400:
            after = self.app.version(self.match_id, self.tokens[-2])
            if after != before:
                self.report.state_changed_by_rejected.append(f"{name} {case.body!r}: {status}")
        try:
            case.validate_response(response)
        except FailureGroup as failures:  # schemathesis' grouped check failures
            for failure in failures.exceptions:
                title = getattr(failure, "title", type(failure).__name__)
                self.report.other_check_failures[str(title)[:80]] += 1
        if aimed and status == 200 and is_move:
            state = response.json()
            if state.get("finished"):
                self.new_match()

    def run_strategy(self, operation: Any, strategy: Any, aimed: bool, examples: int) -> bool:
        """Run ``examples`` cases; False if the strategy has none to give."""

        @settings(
            max_examples=examples,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=False,
        )
        @given(case=strategy)
        def one(case: Any) -> None:
            self.check(operation, case, aimed)

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                one()
            except (Unsatisfiable, FailedHealthCheck):
                return False  # e.g. no invalid request exists for GET /api/games
        return True

    def run(self, cases: int, progress: Callable[[int], None] | None = None) -> Report:
        operations = [r.ok() for r in self.app.schema.get_all_operations()]
        plans: list[tuple[Any, Any, bool]] = []
        for operation in operations:
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                plans.append((operation, operation.as_strategy(generation_mode=mode), False))
                if "{match_id}" in operation.path:
                    path, headers = self.target()
                    aimed = operation.as_strategy(
                        generation_mode=mode, path_parameters=path, headers=headers
                    )
                    plans.append((operation, aimed, True))
            if operation.path == "/api/matches" and operation.method.lower() == "post":
                made = setups().map(lambda body, op=operation: op.Case(body=body))
                plans.append((operation, made, False))
        while self.report.cases < cases and plans:
            for plan in list(plans):
                operation, strategy, aimed = plan
                if self.report.cases >= cases:
                    break
                if aimed:  # aim at the current match (a new one once it is over)
                    path, headers = self.target()
                    strategy = self.aimed(operation, path, headers)
                chunk = min(cases - self.report.cases, max(10, min(150, cases // len(plans))))
                if not self.run_strategy(operation, strategy, aimed, chunk):
                    plans.remove(plan)
                if progress is not None:
                    progress(self.report.cases)
        self.report.stored_matches, self.report.failing_to_replay = self.app.replay_all()
        return self.report

    @staticmethod
    def aimed(operation: Any, path: dict[str, Any], headers: dict[str, Any]) -> Any:
        mode = random.choice([GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
        return operation.as_strategy(generation_mode=mode, path_parameters=path, headers=headers)


@contextlib.contextmanager
def running(in_process: bool) -> Iterator[App]:
    with tempfile.TemporaryDirectory(prefix="roadtrip-fuzz-http-") as folder:
        app = App(in_process, Path(folder))
        try:
            yield app
        finally:
            app.close()


def fuzz(cases: int, seed: int, in_process: bool, verbose: bool = False) -> dict[str, Any]:
    started = time.monotonic()
    random.seed(seed)
    with running(in_process) as app:
        fuzzer = Fuzzer(app, random.Random(seed))
        progress = (lambda n: print(f"  {n} cases", flush=True)) if verbose else None
        report = fuzzer.run(cases, progress)
        summary = report.summary()
        summary["server_tracebacks"] = app.tracebacks()
    summary["ok"] = report.ok() and not summary["server_tracebacks"]
    summary["seconds"] = round(time.monotonic() - started, 1)
    summary["load_average"] = [round(x, 2) for x in os.getloadavg()]
    summary["schemathesis"] = schemathesis.SCHEMATHESIS_VERSION
    return summary


def main(argv: list[str] | None = None) -> int:
    return fuzz_main(fuzz, __doc__.split("\n\n")[0], argv)


if __name__ == "__main__":
    raise SystemExit(main())
