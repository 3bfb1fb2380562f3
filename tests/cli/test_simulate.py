"""``roadtrip simulate`` through a small Typer app that registers the command."""

from __future__ import annotations

import json
import os

import pytest
from cli_kit import stand_in_app
from typer.testing import CliRunner

from roadtrip.cli.simulate import register
from roadtrip.sim.stats import MACHINE_FIELDS

APP = stand_in_app(register)
runner = CliRunner()


def test_json_is_the_only_output_and_parses() -> None:
    result = runner.invoke(
        APP, ["simulate", "road-to-300", "--bot", "greedy", "-n", "30", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 30
    assert data["bots"] == ["greedy"]
    assert data["seed"] == 1
    seat = data["seats"][0]
    assert set(seat) >= {"mean_score", "median_score", "win_rate", "win_rate_95"}
    assert seat["win_rate_95"][0] <= seat["win_rate"] <= seat["win_rate_95"][1]
    assert result.stderr == ""  # no progress bar with --json


def test_json_is_reproducible_across_workers() -> None:
    base = ["simulate", "road-to-300", "-n", "24", "--seed", "5", "--json", "--players", "2"]
    one = json.loads(runner.invoke(APP, [*base, "--bots", "greedy,random"]).stdout)
    two = json.loads(runner.invoke(APP, [*base, "--bots", "greedy,random", "-w", "2"]).stdout)
    for data in (one, two):
        for name in ("elapsed_s", "games_per_second", "workers"):
            data.pop(name)
    assert one == two
    assert one["bots"] == ["greedy", "random"]


def test_table_shows_each_seat() -> None:
    result = runner.invoke(
        APP,
        ["simulate", "road-to-300", "--players", "2", "--bots", "greedy,random", "-n", "20"],
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "mean score" in out and "95% interval" in out
    assert "greedy" in out and "random" in out
    assert "games/s" in out
    assert "ties" in out


def test_options_are_passed_to_the_game() -> None:
    result = runner.invoke(
        APP,
        ["simulate", "road-to-300", "-n", "5", "--json", "-o", "target=250", "-o", "no_cross=pass"],
    )
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert options["target"] == 250 and options["no_cross"] == "pass"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "no game 'no-such-game'"),
        (["road-to-300", "--bot", "nobody"], "no bot 'nobody'"),
        (["road-to-300", "-o", "colour=red"], "no option 'colour'"),
        (["road-to-300", "-o", "target=lots"], "whole number"),
        (["road-to-300", "-o", "target"], "name=value"),
        (["road-to-300", "-n", "0"], "at least 1"),
        (["road-to-300", "--players", "9"], "between 1 and 6"),
        (["road-to-300", "--players", "2", "--bots", "greedy,random,random"], "2 seat"),
        (["road-to-300", "--players", "2", "-o", "players=3"], "disagree"),
        (["road-to-300", "-w", "0"], "workers"),
        (["road-to-300", "--think", "0"], "--think"),
    ],
)
def test_errors_print_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(
        APP, ["simulate", *args, "-n", "3"] if "-n" not in args else ["simulate", *args]
    )
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error:") and message in lines[0]
    assert "Traceback" not in result.output


def test_open_road_reports_rounds_endings_and_what_was_played() -> None:
    args = ["simulate", "open-road", "--players", "4", "-n", "4", "--seed", "3"]
    args += ["--bots", "heuristic,random,random,random"]
    result = runner.invoke(APP, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["endings"] == {"destination": 4}
    assert data["mean_rounds"] > 5 and data["median_rounds"] > 5
    low, high = data["rounds_range"]
    assert low <= data["median_rounds"] <= high
    assert [bot["bot"] for bot in data["by_bot"]] == ["heuristic", "random"]
    assert data["stats"]["playing.extra_energy.all"] > 0
    assert data["stats"]["actions.ride.all"] > 0
    table = runner.invoke(APP, args)
    assert table.exit_code == 0, table.output
    out = table.stdout
    assert "rounds (median" in out and "destination 4" in out
    for title in ("by bot", "playing cards played", "actions: per game", "bonuses and setbacks"):
        assert title in out


@pytest.mark.parametrize("ray_args", [["--workers", "2"], ["--address", "local"]])
def test_ray_backend_json_equals_local_with_one_worker(ray_args: list[str]) -> None:
    """Issue 14's "done when", at a small n: the same seed gives the same results on
    Ray (a local Ray started for the run, or one reached through --address) as in
    one process."""
    try:
        import ray  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("needs Ray: pip install -e '.[ray]' (part of '.[test]')")
    base = ["simulate", "road-to-300", "--bot", "greedy", "-n", "40", "--seed", "1", "--json"]
    local = runner.invoke(APP, [*base, "--backend", "local", "--workers", "1"])
    on_ray = runner.invoke(APP, [*base, "--backend", "ray", *ray_args])
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    one, two = json.loads(local.stdout), json.loads(on_ray.stdout)
    assert (one["backend"], two["backend"]) == ("local", "ray")
    for data in (one, two):
        for name in MACHINE_FIELDS:
            data.pop(name)
    assert one == two


def test_unknown_backend_is_one_line_error() -> None:
    result = runner.invoke(APP, ["simulate", "road-to-300", "-n", "3", "--backend", "spark"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error:") and "no backend 'spark'" in result.stderr


def test_road_to_300_takes_the_fast_path_unless_engine_is_asked() -> None:
    base = ["simulate", "road-to-300", "--bot", "greedy", "-n", "12", "--json"]
    fast = json.loads(runner.invoke(APP, base).stdout)
    engine = json.loads(runner.invoke(APP, [*base, "--engine"]).stdout)
    assert (fast["path"], engine["path"]) == ("fast", "engine")
    mixed = runner.invoke(APP, ["simulate", "road-to-300", "-p", "2", "--bots", "greedy,mcts",
                                "-o", "max_rounds=1", "-n", "1", "--json"])  # fmt: skip
    assert json.loads(mixed.stdout)["path"] == "engine"
    text = runner.invoke(APP, ["simulate", "road-to-300", "-n", "12"]).stdout
    assert "fast path" in text


def test_think_reaches_the_bots_that_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """--think SECONDS goes through simulate() to every game's bots (make_seat_bots
    hands it to factories with a ``seconds`` keyword, such as expert's)."""
    from roadtrip.sim import runner as sim_runner

    seen: list[float | None] = []
    original = sim_runner.make_seat_bots

    def recording(game, names, think=None):  # type: ignore[no-untyped-def]
        seen.append(think)
        return original(game, names, think)

    monkeypatch.setattr(sim_runner, "make_seat_bots", recording)
    result = runner.invoke(
        APP, ["simulate", "road-to-300", "--bot", "expert", "-n", "2", "--think", "0.3", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert seen == [0.3, 0.3]
    bots = original(sim_runner.load_game("road-to-300"), ["expert"], 0.3)
    assert getattr(bots[0], "seconds", None) == 0.3
