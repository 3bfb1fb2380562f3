"""The web app's Prometheus metrics: what ``GET /metrics`` shows (docs/server.md,
"Operations").

Each app has its own :class:`~prometheus_client.CollectorRegistry` (never the
library's global one), so several apps in one process (the tests) never share a
count, and each process of a cluster shows its own figures (Prometheus adds them
up).  Counters and histograms are fed as things happen: by the coordinator (moves,
stored actions, finished matches: :class:`ServerMetrics` is its ``observer``), by
the bot pool (a job's wait, as it starts) and by :mod:`roadtrip.server.request_log`
(errors, advice and review answers).  Gauges are read when scraped, from the
objects that hold them (matches in memory, WebSockets, jobs queued), so keeping
them costs nothing between scrapes.  No label holds a match id, a token or an
address: every label has a small, fixed set of values.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from roadtrip.server.thinking import Job, Kind

if TYPE_CHECKING:
    from prometheus_client import Metric

    from roadtrip.server.bot_pool import BotPool
    from roadtrip.server.coordinator import Coordinator
    from roadtrip.server.transport import QueueHub

# A move is a few milliseconds (validate, play the bots that follow, store, notify);
# the buckets reach a second for matches whose moves run long automatic sequences.
MOVE_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# A thinking job waits from nothing (an idle lane) to many seconds (a busy one).
WAIT_BUCKETS = (0.005, 0.025, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

# What an advice or review request came to (its answer's status).
ANSWERED, REFUSED, FAILED, DENIED = "answered", "refused", "failed", "denied"


# Refusals that are the server's failure to answer, not the asker's mistake.
FAILED_CODES = frozenset({"busy", "dropped", "unplayable", "internal"})


def outcome_of(status: int, code: str | None = None) -> str:
    """An advice or review answer's outcome: answered (2xx), refused (429: a quota or
    a full queue), failed (the server could not answer: 5xx, ``dropped`` work, a
    match set aside), denied (any other refusal: not allowed, no such match, not
    over yet)."""
    if status < 400:
        return ANSWERED
    if status == 429:
        return REFUSED
    if status >= 500 or code in FAILED_CODES:
        return FAILED
    return DENIED


class ServerMetrics:
    """One app's metrics; the coordinator's ``observer`` (see the module docstring)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self._games: dict[str, tuple[Any, Any, Any]] = {}  # see _of_game
        r = self.registry
        self.moves = Counter(
            "roadtrip_moves", "Moves of players (people's seats) applied.", ["game"], registry=r
        )
        self.move_seconds = Histogram(
            "roadtrip_move_seconds",
            "Time the coordinator took to apply a player's move: check it, play the "
            "automatic moves that follow in the request, store them and tell the pages.",
            ["game"],
            buckets=MOVE_BUCKETS,
            registry=r,
        )
        self.actions = Counter(
            "roadtrip_actions_stored",
            "Actions stored: players' moves, bots', chance and the turn clock's.",
            ["game"],
            registry=r,
        )
        self.finished = Counter(
            "roadtrip_matches_finished", "Matches that ended here.", ["game"], registry=r
        )
        self.job_wait = Histogram(
            "roadtrip_bot_job_wait_seconds",
            "Time a bot pool job (a thinking bot's decision, advice, a review's "
            "decision) waited from its submission to its start.",
            ["kind"],
            buckets=WAIT_BUCKETS,
            registry=r,
        )
        self.advice = Counter(
            "roadtrip_advice_requests",
            "Advice requests by outcome: answered, refused (429), failed (5xx, dropped), "
            "denied (not allowed, no such match).",
            ["outcome"],
            registry=r,
        )
        self.reviews = Counter(
            "roadtrip_review_requests",
            "Review requests (POST starts one, GET reads it) by outcome, as for advice.",
            ["method", "outcome"],
            registry=r,
        )
        self.errors = Counter(
            "roadtrip_http_errors",
            "Error answers by HTTP status and error code (docs/server.md, Errors).",
            ["status", "code"],
            registry=r,
        )
        self.ws_errors = Counter(
            "roadtrip_websocket_errors",
            "Error messages sent on WebSockets, by code.",
            ["code"],
            registry=r,
        )

    # ------------------------------------------------------ the coordinator
    def _of_game(self, game: str) -> tuple[Any, Any, Any]:
        """The per-game children of the move metrics, looked up once per game:
        ``labels()`` (a lock and a dictionary a call) came three times a move."""
        children = self._games.get(game)
        if children is None:
            children = (
                self.moves.labels(game),
                self.move_seconds.labels(game),
                self.actions.labels(game),
            )
            self._games[game] = children
        return children

    def moved(self, game: str, seconds: float) -> None:
        moves, move_seconds, _ = self._of_game(game)
        moves.inc()
        move_seconds.observe(seconds)

    def stored(self, match_id: str, game: str, actions: int, finished: bool) -> None:
        self._of_game(game)[2].inc(actions)
        if finished:
            self.finished.labels(game).inc()

    # ------------------------------------------------------- the bot pool
    def job_started(self, job: Job) -> None:
        if job.started_at is not None:
            wait = max(0.0, job.started_at - job.submitted_at)
            self.job_wait.labels(Kind(job.kind).name.lower()).observe(wait)

    # ------------------------------------------------------------ requests
    def error(self, status: int, code: str) -> None:
        self.errors.labels(str(status), code).inc()

    def advice_answered(self, status: int, code: str | None = None) -> None:
        self.advice.labels(outcome_of(status, code)).inc()

    def review_answered(self, method: str, status: int, code: str | None = None) -> None:
        self.reviews.labels(method, outcome_of(status, code)).inc()

    def websocket_error(self, code: str) -> None:
        self.ws_errors.labels(code).inc()

    # -------------------------------------------------------------- gauges
    def watch(self, coordinator: Coordinator, hub: QueueHub, pool: BotPool | None = None) -> None:
        """Show the gauges of ``coordinator``, ``hub`` and ``pool`` (read when
        scraped), and hear of the coordinator's moves and the pool's jobs."""
        coordinator.observer = self
        if pool is not None:
            pool.on_start = self.job_started
        self.registry.register(LiveGauges(coordinator, hub, pool))

    def exposition(self) -> bytes:
        """The metrics in Prometheus's text format."""
        return generate_latest(self.registry)


class LiveGauges(Collector):
    """Gauges read at scrape time from the live objects."""

    def __init__(self, coordinator: Coordinator, hub: QueueHub, pool: BotPool | None) -> None:
        self.coordinator = coordinator
        self.hub = hub
        self.pool = pool

    def describe(self) -> list[Metric]:
        return []  # the names are only known by collecting (see collect)

    def collect(self) -> Iterator[Metric]:
        yield GaugeMetricFamily(
            "roadtrip_live_matches",
            "Matches in this process's memory (played, watched or recently used).",
            value=self.coordinator.live_count(),
        )
        yield GaugeMetricFamily(
            "roadtrip_websocket_connections",
            "WebSockets connected to this process (past their hello).",
            value=self.hub.connection_count(),
        )
        queued = GaugeMetricFamily(
            "roadtrip_bot_queue_depth",
            "Jobs waiting in each bot lane's fair queue (not running).",
            labels=["lane"],
        )
        for lane in self.pool.lanes if self.pool is not None else ():
            queued.add_metric([str(lane.index)], lane.queued())
        yield queued
