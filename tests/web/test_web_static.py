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
# A relative module path in a script: `import ... from "./x.js"`, `export ... from`,
# a bare `import "./x.js"`, a dynamic `import("./x.js")` and `new URL("./x.css", ...)`.
MODULE_IMPORT = re.compile(
    r"""(?:\bfrom\s+|\bimport\s*\(?\s*|new URL\(\s*)["'](\.{1,2}/[^"']+)["']"""
)
STATIC_REF = re.compile(r"""(?:src|href)=["'](/static/[^"'#?]+)["']""")
# A served path written out in full (a page, a script or a browser test's import()).
STATIC_PATH = re.compile(r"""["'](/static/[^"'#?\s]+)["']""")
TESTS = Path(__file__).resolve().parent


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
        "boards/road_to_300/board.js",
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


def broken_module_paths(path: Path, text: str) -> list[str]:
    """The relative imports and /static/ paths in a script that name no file."""
    broken = [t for t in MODULE_IMPORT.findall(text) if not (path.parent / t).resolve().is_file()]
    return broken + [ref for ref in STATIC_PATH.findall(text) if not static_file(ref)]


def static_file(ref: str) -> bool:
    return (WEB / ref.removeprefix("/static/")).is_file()


def web_id(path: Path) -> str:
    return path.relative_to(WEB).as_posix()  # boards/<game>/board.js: names repeat


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".js"], ids=web_id)
def test_module_imports_resolve(path: Path) -> None:
    """No build step: the browser loads each import as written, so a wrong path
    shows only in a browser.  Every relative import must name an existing file."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("//"), f"{web_id(path)} starts with a header comment"
    assert broken_module_paths(path, text) == [], web_id(path)


def test_the_import_check_finds_a_broken_path() -> None:
    """The check above fails on each form of a path that names no file (and passes
    the same forms naming files that exist)."""
    here = WEB / "boards" / "road_rally" / "board.js"
    for form in (
        'import { a } from "./no-such.js";',
        'export { a } from "../no_such/board.js";',
        'import "./no-such.js";',
        'const m = () => import("../../js/no-such.js");',
        'ensureStylesheet(new URL("./no-such.css", import.meta.url));',
        'await import("/static/boards/no-such-board.js");',
    ):
        assert broken_module_paths(here, form), form
    good = 'import { a } from "./track.js";\nimport("../index.js");\nnew URL("./board.css", u);'
    assert broken_module_paths(here, good) == []


@pytest.mark.parametrize("path", sorted(TESTS.glob("*.py")), ids=lambda p: p.name)
def test_browser_tests_name_served_files(path: Path) -> None:
    """The browser tests import board modules by their served path: a moved file
    must not leave a test importing a path that 404s."""
    refs = STATIC_PATH.findall(path.read_text(encoding="utf-8"))
    assert [ref for ref in refs if not static_file(ref) and "no-such" not in ref] == []


@pytest.mark.parametrize("path", [p for p in FILES if p.suffix == ".html"], ids=web_id)
def test_page_references_resolve(path: Path) -> None:
    refs = STATIC_REF.findall(path.read_text(encoding="utf-8"))
    assert refs
    for ref in refs:
        assert static_file(ref), f"{path.name}: {ref}"
