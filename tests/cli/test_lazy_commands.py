"""The commands in their own modules load only when used (issue 24: `roadtrip serve`
answers within 2 s of starting, so it must not import the lab's SciPy and pandas)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from roadtrip.cli.lazy_commands import LAZY_COMMANDS, load_command
from roadtrip.cli.main import app


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_every_lazy_command_loads_under_its_name(name: str) -> None:
    assert load_command(name).name == name


def test_the_help_lists_every_command_with_its_summary() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in ["games", "play", "replay", *LAZY_COMMANDS]:
        assert f" {name} " in result.output
    assert "Run the web app" in result.output


def test_a_lazy_command_runs_with_its_options() -> None:
    result = CliRunner().invoke(app, ["simulate", "road-to-300", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert '"games": 3' in result.output


def test_an_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["serv"])
    assert result.exit_code == 2
    assert "No such command" in result.output


def test_serving_imports_neither_scipy_nor_pandas() -> None:
    probe = (
        "import sys\n"
        "from roadtrip.cli.main import app\n"
        "from roadtrip.cli.lazy_commands import load_command\n"
        "load_command('serve')\n"
        "print(sorted(m for m in ('scipy', 'pandas', 'matplotlib') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
