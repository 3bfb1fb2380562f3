"""The browser client's files, without a browser: served with the right types, no
external resources, and every module import and page reference resolves."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

import roadtrip

WEB = Path(roadtrip.__file__).resolve().parent / "web"
FILES = sorted(p for p in WEB.rglob("*") if p.is_file())
TEXT_SUFFIXES = {".html", ".js", ".css", ".svg"}
CONTENT_TYPES = {
    ".html": "text/html",
    ".js": "javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
EXTERNAL = re.compile(r"""(?:https?:)?//[a-z0-9-]+(?:\.[a-z0-9-]+)+""", re.IGNORECASE)
MODULE_IMPORT = re.compile(r"""(?:from\s+|import\(\s*|new URL\(\s*)["'](\.{1,2}/[^"']+)["']""")
STATIC_REF = re.compile(r"""(?:src|href)=["'](/static/[^"'#?]+)["']""")


def test_the_client_has_its_pages_and_modules() -> None:
    names = {p.relative_to(WEB).as_posix() for p in FILES}
    for needed in (
        "index.html",
        "match.html",
        "replay.html",
        "js/lobby.js",
        "js/match.js",
        "js/replay.js",
        "boards/index.js",
        "boards/road-to-300.js",
    ):
        assert needed in names


@pytest.mark.parametrize("path", ["/", "/m/some-match", "/replay/some-match"])
def test_pages_are_served(live_server: Any, path: str) -> None:
    response = httpx.get(live_server.url + path, timeout=10)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module"' in response.text


def test_every_file_is_served_as_static(live_server: Any) -> None:
    for path in FILES:
        rel = path.relative_to(WEB).as_posix()
        response = httpx.get(f"{live_server.url}/static/{rel}", timeout=10)
        assert response.status_code == 200, rel
        expected = CONTENT_TYPES.get(path.suffix)
        if expected:
            assert expected in response.headers["content-type"], (rel, response.headers)
        assert response.content == path.read_bytes()


@pytest.mark.parametrize(
    "path", [p for p in FILES if p.suffix in TEXT_SUFFIXES], ids=lambda p: p.name
)
def test_no_external_resources(path: Path) -> None:
    """The client must work offline: no CDN, font service or other address."""
    text = path.read_text(encoding="utf-8").replace(SVG_NAMESPACE, "")
    assert EXTERNAL.findall(text) == [], f"{path.name} refers to another site"
    assert "@import" not in text


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".js"], ids=lambda p: p.name)
def test_module_imports_resolve(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.startswith("//"), f"{path.name} starts with a header comment"
    for target in MODULE_IMPORT.findall(text):
        assert (path.parent / target).resolve().is_file(), f"{path.name}: {target}"


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".html"], ids=lambda p: p.name)
def test_page_references_resolve(path: Path) -> None:
    refs = STATIC_REF.findall(path.read_text(encoding="utf-8"))
    assert refs
    for ref in refs:
        assert (WEB / ref.removeprefix("/static/")).is_file(), f"{path.name}: {ref}"
