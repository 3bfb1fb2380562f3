"""Backends change where chunks of games run, never the results: a run on Ray
equals the same run in this process and in a local pool, exactly."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from roadtrip.bots import UnknownBot
from roadtrip.sim import backends
from roadtrip.sim.backends import BackendError, check_backend, make_backend
from roadtrip.sim.runner import PlayedChunk, chunk_ranges, play_chunk, simulate
from roadtrip.sim.stats import MACHINE_FIELDS, SimulationSummary


def _results(summary: SimulationSummary) -> dict[str, Any]:
    data = summary.to_dict()
    for name in MACHINE_FIELDS:
        data.pop(name)
    return data


def test_ray_gives_exactly_the_local_results(ray_cluster: ModuleType) -> None:
    options = {"players": 3}
    bots = ["greedy", "random", "greedy"]
    local = simulate("road-to-300", options, bots, 90, seed=11)
    done: list[int] = []
    on_ray = simulate(
        "road-to-300", options, bots, 90, seed=11, backend="ray", progress=done.append
    )
    assert on_ray.backend == "ray" and on_ray.workers == 2  # the fixture's two CPUs
    assert _results(on_ray) == _results(local)
    assert sum(done) == 90 and len(done) > 1  # progress per finished chunk
    assert ray_cluster.is_initialized()  # the backend left the fixture's Ray open


def test_ray_keeps_balance_counts_exact(ray_cluster: ModuleType) -> None:
    bots = ["heuristic", "random", "random", "random"]
    local = simulate("road-rally", {"players": 4}, bots, 12, seed=2, workers=2)
    on_ray = simulate("road-rally", {"players": 4}, bots, 12, seed=2, backend="ray")
    assert _results(on_ray) == _results(local)
    assert on_ray.stats  # the game's own counts came back from the tasks


def test_an_error_in_a_ray_task_reaches_the_caller(ray_cluster: ModuleType) -> None:
    backend = make_backend("ray", 1)
    good = ("road-to-300", {}, ("random",), 1, 0, 2)
    bad = ("road-to-300", {}, ("nobody",), 1, 2, 4)  # a bot only the worker meets
    heard: list[PlayedChunk] = []
    with pytest.raises(UnknownBot, match="no bot 'nobody'"):
        backend.run(play_chunk, [good, bad], heard.append)
    assert [chunk.start for chunk in heard] in ([], [0])


def test_unknown_backend_and_local_address_are_refused() -> None:
    with pytest.raises(BackendError, match="no backend 'spark'"):
        check_backend("spark", None)
    with pytest.raises(BackendError, match="--address is for the ray backend"):
        simulate("road-to-300", {}, "random", 5, seed=1, address="auto")


def test_resumed_chunks_skip_the_games_already_played() -> None:
    todo = [0, 1, 2, 5, 6, 9]
    bounds = chunk_ranges(todo, 1)
    assert [i for start, stop in bounds for i in range(start, stop)] == todo
    assert all(stop - start <= 1 for start, stop in chunk_ranges(todo, 8))
    assert chunk_ranges([], 2) == []


class _RecordingRay:
    """A stand-in for the ``ray`` module that records how it was initialized."""

    def __init__(self) -> None:
        self.init_kwargs: dict[str, object] = {}
        self.up = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, **kwargs: object) -> None:
        self.init_kwargs = kwargs
        self.up = True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 2.0}

    def shutdown(self) -> None:
        self.up = False


def test_ray_without_an_address_starts_its_own_not_a_running_cluster(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = _RecordingRay()
    monkeypatch.setattr(backends, "import_ray", lambda: fake)
    runner = backends.make_backend("ray", 2)
    assert fake.init_kwargs["address"] == "local"  # never joins a cluster already running
    assert fake.init_kwargs["num_cpus"] == 2 and runner.workers == 2
    runner.close()
    assert not fake.up
    backends.make_backend("ray", 2, "auto")
    assert fake.init_kwargs["address"] == "auto" and fake.init_kwargs["num_cpus"] is None
