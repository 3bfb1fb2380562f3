"""Readiness: whether the app's dependencies answer (``GET /readyz``).

Each dependency (the database, and in a cluster Redis) has a check, a blocking
function that raises when the dependency does not answer (``SqlStore.ping``: a
``SELECT 1``; ``RedisBus.ping``).  Checks run off the event loop, each on a
thread of its own, and are waited for at most ``timeout`` seconds.  A check that
hangs (a database behind a firewall that drops packets) is not started again while
it runs: the next probes wait for the same one, so a probe every few seconds can
never pile up threads, nor take the threads the routes run on.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from roadtrip.server.storage import MatchStore

CHECK_TIMEOUT = 2.0  # seconds a dependency has to answer a readiness check

log = logging.getLogger("roadtrip.server.readiness")

Check = Callable[[], None]


@dataclass(frozen=True)
class Verdict:
    """One dependency's answer: ``ok``, how long it took, and why not."""

    ok: bool
    seconds: float
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"ok": self.ok, "seconds": round(self.seconds, 4)}
        if self.error is not None:
            body["error"] = self.error
        return body


def database_check(store: MatchStore) -> Check | None:
    """The store's own check (a ``SELECT 1`` for SqlStore); None for a store without
    one (in memory: it is always there)."""
    ping: Check | None = getattr(store, "ping", None)
    return ping


class Readiness:
    """Named checks, run at most one at a time each (see the module docstring)."""

    def __init__(self, checks: dict[str, Check], timeout: float = CHECK_TIMEOUT) -> None:
        self.checks = checks
        self.timeout = timeout
        self._running: dict[str, Future[None]] = {}
        self._lock = threading.Lock()

    def _start(self, name: str) -> Future[None]:
        """The running check of ``name``, started now if none runs."""
        with self._lock:
            future = self._running.get(name)
            if future is not None and not future.done():
                return future
            future = self._running[name] = Future()
        check = self.checks[name]

        def run() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                check()
            except BaseException as exc:  # reported, never raised on this thread
                future.set_exception(exc)
            else:
                future.set_result(None)

        # A daemon thread: a check that never returns must not keep the process up.
        threading.Thread(target=run, name=f"roadtrip-ready-{name}", daemon=True).start()
        return future

    async def verdict(self, name: str) -> Verdict:
        started = time.perf_counter()
        future = self._start(name)
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.timeout)
        except TimeoutError:
            error = f"no answer within {self.timeout:g} s"
        except Exception as exc:
            # The kind of failure only: a driver's message may name hosts and users.
            error = type(exc).__name__
            log.warning("readiness: %s does not answer: %s", name, exc)
        else:
            return Verdict(True, time.perf_counter() - started)
        if error.startswith("no answer"):
            log.warning("readiness: %s: %s", name, error)
        return Verdict(False, time.perf_counter() - started, error)

    async def report(self) -> tuple[bool, dict[str, Any]]:
        """Whether every dependency answers, and the body of ``/readyz``."""
        names = list(self.checks)
        verdicts = await asyncio.gather(*(self.verdict(name) for name in names))
        ready = all(v.ok for v in verdicts)
        body = {
            "status": "ready" if ready else "unavailable",
            "checks": {name: v.to_dict() for name, v in zip(names, verdicts, strict=True)},
        }
        return ready, body
