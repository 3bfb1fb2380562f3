"""Fixtures of the browser tests: the real app on a loopback port, and Chromium.

The app runs on uvicorn in a background thread with a temporary SQLite database;
``live_server.restart()`` stops it and starts a new one on the same port and
database (a server restart, as the pages see it).  The browser is Debian's
Chromium at /usr/bin/chromium, driven by Playwright's sync API; no browser is
ever downloaded.  Without Chromium (or Playwright) the tests are skipped with the
reason, except in CI (``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from roadtrip.server.app import create_app
from roadtrip.server.quotas import Quota

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
IN_CI = bool(os.environ.get("CI"))

MISSING_BROWSER = (
    f"the browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium) "
    "and Playwright for Python (pip install -e '.[test]'); no browser is downloaded"
)


def _playwright_available() -> bool:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return False
    return True


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the tests that use the browser when Chromium or Playwright is missing,
    except in CI, where the ``browser`` fixture then fails with the reason."""
    if IN_CI or (CHROMIUM.exists() and _playwright_available()):
        return
    skip = pytest.mark.skip(reason=MISSING_BROWSER)
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """The app on uvicorn in a thread; ``url`` is its base address."""

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        # The browser tests create hundreds of matches from 127.0.0.1.
        app = create_app(database_url=self.database_url, create_quota=Quota(10**6, 1e6))
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, name="roadtrip-web-test", daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the test server did not start on port {self.port}")
            time.sleep(0.02)
        self._server, self._thread = server, thread

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=15)
        self._server = self._thread = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def api(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        response = httpx.request(method, self.url + path, headers=headers, timeout=10, **kwargs)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("web")
    server = LiveServer(f"sqlite:///{folder / 't.sqlite3'}")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists() or not _playwright_available():
        pytest.fail(f"CI is set but {MISSING_BROWSER}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Screenshots:
    """Saves named full-page screenshots under test-artifacts/screenshots/."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, page: Any, name: str, *, full_page: bool = True) -> Path:
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path


@pytest.fixture(scope="session")
def shot() -> Screenshots:
    return Screenshots(SCREENSHOTS)


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """new_page(width, height) -> a page in its own browser context (own storage).

    Page errors (uncaught exceptions in the client) fail the test.  The server's
    Content-Security-Policy forbids eval, which Playwright's wait_for_function
    needs, so pages bypass it unless ``enforce_csp`` (test_web_csp.py plays with
    it enforced)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 900, *, enforce_csp: bool = False) -> Any:
        context = browser.new_context(
            viewport={"width": width, "height": height}, bypass_csp=not enforce_csp
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"
