"""The README's first command works on a stock Debian with only the system python3.

Debian and Ubuntu refuse ``pip install`` into the system Python (PEP 668), so the
command must make its own virtual environment.  This test clones the committed
repository, runs ``bash scripts/serve.sh`` with ``/usr/bin/python3`` and waits for the
web app to answer.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYSTEM_PYTHON = Path("/usr/bin/python3")


def test_readme_quick_start_is_exactly_two_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", quick, re.S)
    commands = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert commands == ["bash scripts/serve.sh", "bash .ci/run"]


def test_ci_installs_into_a_virtual_environment_never_the_system_python() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert "scripts/venv.sh test" in ci
    assert "pip install" not in ci
    assert "python3-venv" in ci


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
@pytest.mark.skipif(not SYSTEM_PYTHON.exists(), reason="needs Debian's /usr/bin/python3")
@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_first_readme_command_serves_from_a_fresh_clone_with_system_python(
    tmp_path: Path,
) -> None:
    clone = tmp_path / "roadtrip"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env["PATH"] = "/usr/local/bin:/usr/bin:/bin"
    env["PYTHON"] = str(SYSTEM_PYTHON)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen(
        ["bash", "scripts/serve.sh", "--port", str(port)],
        cwd=clone,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 420
        body = ""
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    body = r.read().decode()
                break
            except OSError:
                time.sleep(1)
        output = (tmp_path / "serve.log").read_text()
        assert "road-to-300" in body, output[-3000:]
        assert (clone / ".venv" / "bin" / "roadtrip").exists()
        assert "externally-managed-environment" not in output
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
