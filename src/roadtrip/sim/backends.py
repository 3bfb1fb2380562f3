"""Where chunks of simulated games run: a local process pool, or a Ray cluster.

A backend runs a top-level (picklable) ``job(*args)`` once for every ``args`` of a
list of jobs and hands each result to ``on_result`` in this process as soon as it
finishes, in whatever order the chunks finish.  The one rule every backend keeps:
it changes where and in which order chunks run, never what a chunk returns.  A
chunk's result depends only on its arguments (game ``i`` of a run depends only on
``(seed, i)``, see :mod:`roadtrip.sim.runner`), and the runner adds the chunks'
tallies, which add up exactly in any order; so a run gives the same summary on
every backend and with any number of workers.

* ``local``: :class:`PoolBackend`, ``workers`` processes of this machine
  (the runner plays in this process itself when there is one worker).
* ``ray``: :class:`RayBackend`, one Ray task per chunk on an existing cluster
  (``address``, e.g. ``"auto"`` or ``"ray://head:10001"``; every node needs the
  same roadtrip installed) or, without an address, on a new local Ray started for
  the run (never one already running on the machine) and stopped after it.  Ray
  is an optional extra: ``pip install 'roadtrip[ray]'``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from types import ModuleType
from typing import Any, Protocol, TypeVar

from roadtrip.core.errors import RoadtripError

Result = TypeVar("Result")

BACKENDS = ("local", "ray")


class BackendError(RoadtripError, ValueError):
    """A backend that cannot be used as asked (unknown name, Ray not installed)."""


class Backend(Protocol):
    """Runs chunks of games somewhere and reports each result here as it finishes."""

    name: str
    workers: int  # how many chunks may run at once

    def run(
        self,
        job: Callable[..., Result],
        jobs: Sequence[tuple[Any, ...]],
        on_result: Callable[[Result], None],
    ) -> None:
        """Run ``job(*args)`` for every ``args``; ``on_result`` hears every result.

        An error in a job (or in ``on_result``) cancels the jobs not yet finished
        and is raised here."""
        ...

    def close(self) -> None:
        """Release what the backend started (a pool, a local Ray)."""
        ...


class PoolBackend:
    """A pool of ``workers`` processes on this machine."""

    name = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(
        self,
        job: Callable[..., Result],
        jobs: Sequence[tuple[Any, ...]],
        on_result: Callable[[Result], None],
    ) -> None:
        pool = ProcessPoolExecutor(max_workers=self.workers)
        try:
            futures: list[Future[Result]] = [pool.submit(job, *args) for args in jobs]
            for future in as_completed(futures):
                on_result(future.result())
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)

    def close(self) -> None:
        """Nothing to release: each run shuts its pool down."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or a BackendError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'roadtrip[ray]'") from None
    return ray


class RayBackend:
    """One Ray task per chunk, on the cluster at ``address`` or on a local Ray.

    If Ray is already initialized in this process (a notebook, a test fixture) the
    backend uses that connection and leaves it open; otherwise it connects (or
    starts a local Ray with ``num_cpus`` CPUs, all of them when None) and
    disconnects in :meth:`close`.
    """

    name = "ray"

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self._ray = import_ray()
        self._owns_connection = not self._ray.is_initialized()
        if self._owns_connection:
            try:
                # Without an address, "local" starts a fresh Ray for this run: plain
                # ray.init() would join a cluster already running on the machine
                # (``ray start``), which refuses num_cpus and is not what was asked.
                self._ray.init(
                    address=address if address is not None else "local",
                    num_cpus=num_cpus if address is None else None,
                    include_dashboard=False,
                    log_to_driver=False,
                    logging_level=logging.ERROR,
                )
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f" at {address}" if address else ""
                raise BackendError(f"cannot start or reach Ray{where}: {exc}") from None
        self.workers = max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def run(
        self,
        job: Callable[..., Result],
        jobs: Sequence[tuple[Any, ...]],
        on_result: Callable[[Result], None],
    ) -> None:
        ray = self._ray
        task = ray.remote(job)
        pending = [task.remote(*args) for args in jobs]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    on_result(ray.get(ref))
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise

    def close(self) -> None:
        if self._owns_connection and self._ray.is_initialized():
            self._ray.shutdown()


def check_backend(name: str, address: str | None) -> None:
    """BackendError for an unknown backend name or an address given to ``local``."""
    if name not in BACKENDS:
        raise BackendError(f"no backend {name!r}; choose one of: {', '.join(BACKENDS)}")
    if name == "local" and address is not None:
        raise BackendError("--address is for the ray backend (use --backend ray)")


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    """The backend called ``name``: ``local`` with ``workers`` processes, or ``ray``
    (at ``address``, or a local Ray with ``workers`` CPUs when ``workers > 1``, else
    with every CPU).  Raises BackendError for another name, for an address without
    Ray, or when Ray is not installed."""
    check_backend(name, address)
    if name == "local":
        return PoolBackend(workers)
    return RayBackend(address, workers if workers > 1 else None)
