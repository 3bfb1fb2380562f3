"""``roadtrip tournament``: the JSON schema, the tables, and bad requests (exit 2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from roadtrip.cli.main import app

runner = CliRunner()
ROAD_TO_300_PAIR = ["tournament", "road-to-300", "--players", "2", "--bots", "greedy,random"]
KICKS_TRIO = [
    "tournament",
    "get-your-kicks",
    "--players",
    "2",
    "--bots",
    "push-your-luck,threshold,random",
]


def test_json_schema() -> None:
    result = runner.invoke(app, [*KICKS_TRIO, "-n", "4", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json
    data = json.loads(result.stdout)
    assert set(data) == {
        "game",
        "options",
        "seed",
        "seats",
        "solo",
        "bots",
        "pairings",
        "deals",
        "games_per_pairing",
        "games",
        "rating_model",
        "standings",
        "head_to_head",
        "think",
        "workers",
        "elapsed_s",
    }
    assert data["game"] == "get-your-kicks" and data["seats"] == 2 and not data["solo"]
    assert data["options"]["players"] == 2 and data["seed"] == 3
    assert data["bots"] == ["push-your-luck", "threshold", "random"]
    assert data["pairings"] == [
        ["push-your-luck", "threshold"],
        ["push-your-luck", "random"],
        ["threshold", "random"],
    ]
    assert data["deals"] == 2 and data["games_per_pairing"] == 4 and data["games"] == 12
    assert "PlackettLuce" in data["rating_model"]
    ordinals = []
    for standing in data["standings"]:
        assert set(standing) == {
            "bot",
            "games",
            "wins",
            "win_rate",
            "win_rate_95",
            "mean_score",
            "rating",
        }
        low, high = standing["win_rate_95"]
        assert 0 <= low <= standing["win_rate"] <= high <= 1
        assert standing["games"] == 8  # two pairings of four games each
        assert set(standing["rating"]) == {"mu", "sigma", "ordinal"}
        ordinals.append(standing["rating"]["ordinal"])
    assert ordinals == sorted(ordinals, reverse=True)  # best first
    matrix = data["head_to_head"]
    order = [standing["bot"] for standing in data["standings"]]
    assert matrix["bots"] == order
    for i in range(3):
        assert matrix["rate"][i][i] is None and matrix["games"][i][i] == 0
        for j in range(3):
            if i != j:
                assert matrix["games"][i][j] == 4
                assert matrix["rate"][i][j] + matrix["rate"][j][i] == pytest.approx(1)


def test_solo_json_has_no_ratings_or_head_to_head() -> None:
    result = runner.invoke(
        app, ["tournament", "road-to-300", "--bots", "greedy,random", "-n", "5", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["solo"] and data["seats"] == 1
    assert data["head_to_head"] is None and data["rating_model"] is None
    assert [standing["rating"] for standing in data["standings"]] == [None, None]
    assert [standing["games"] for standing in data["standings"]] == [5, 5]


def test_tables_show_standings_ratings_and_head_to_head() -> None:
    result = runner.invoke(app, [*ROAD_TO_300_PAIR, "-n", "6"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for words in ("greedy", "random", "95% CI", "ordinal", "Head to head", "PlackettLuce"):
        assert words in out
    assert out.index("greedy") < out.index("random")  # the stronger bot first


def test_solo_table_says_there_are_no_ratings() -> None:
    result = runner.invoke(app, ["tournament", "road-to-300", "--bots", "greedy,random", "-n", "3"])
    assert result.exit_code == 0, result.output
    assert "Solo game" in result.stdout and "no ratings or head-to-head" in result.stdout
    assert "Head to head" not in result.stdout


def test_same_seed_same_json_with_one_or_two_workers() -> None:
    base = [*ROAD_TO_300_PAIR, "-n", "6", "--seed", "4", "--json"]
    one = json.loads(runner.invoke(app, [*base, "--workers", "1"]).stdout)
    two = json.loads(runner.invoke(app, [*base, "--workers", "2"]).stdout)
    for data in (one, two):
        data.pop("elapsed_s")
        data.pop("workers")
    assert one == two


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["tournament", "road-to-300", "--players", "2", "--bots", "greedy,nobody"],
            "no bot 'nobody'",
        ),
        (["tournament", "road-to-300", "--players", "2", "--bots", "greedy"], "at least two bots"),
        (["tournament", "road-to-300", "--bots", "greedy,random,greedy"], "named twice"),
        ([*ROAD_TO_300_PAIR, "--option", "cross=1"], "has no option 'cross'"),
        ([*ROAD_TO_300_PAIR, "--option", "target=lots"], "target"),
        ([*ROAD_TO_300_PAIR, "-n", "0"], "at least 1"),
        ([*ROAD_TO_300_PAIR, "--think", "-1"], "more than 0"),
        (["tournament", "road-to-3000", "--bots", "greedy,random"], "road-to-3000"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert "Traceback" not in result.output and result.stdout == ""
