"""The rules pages: ``docs/rules/<doc>.md`` as HTML at ``/rules/<doc>``, each heading
with GitHub's anchor, so a tutorial step's rule link (``RuleLink``: doc and anchor,
``core/tutorial_script.py``) opens at the rule's line in the browser.

The Markdown is the repository's own (the same files the tutorials' tests check the
anchors against); it is rendered by markdown-it with raw HTML off, so a rules file
cannot put a script into the page.  A checkout serves them; an install without the
``docs`` folder answers 404 like any other missing page.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

RULES_DIR = Path(__file__).resolve().parents[3] / "docs" / "rules"
DOC_NAME = re.compile(r"^[a-z0-9-]{1,64}$")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation but - and _ dropped,
    spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@lru_cache(maxsize=16)
def rules_html(doc: str) -> str | None:
    """The page of ``docs/rules/<doc>.md``, or None when there is no such file."""
    path = RULES_DIR / f"{doc}.md"
    if not DOC_NAME.match(doc) or not path.is_file():
        return None
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = md.parse(path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    title = doc
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = tokens[index + 1].content
        base = slug(text)
        count = seen.get(base, 0)
        seen[base] = count + 1  # GitHub numbers a repeated anchor: -1, -2, ...
        token.attrSet("id", base if count == 0 else f"{base}-{count}")
        if token.tag == "h1" and title == doc:
            title = text
    body = md.renderer.render(tokens, md.options, {})
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} · roadtrip rules</title>"
        '<link rel="stylesheet" href="/static/css/roadtrip.css"></head>'
        '<body><header class="topbar"><a class="brand" href="/">roadtrip</a></header>'
        f'<main class="rules-page panel">{body}</main></body></html>'
    )


def install_rules_pages(app: FastAPI) -> None:
    @app.get("/rules/{doc}", include_in_schema=False)
    def rules_page(doc: str) -> HTMLResponse:
        page = rules_html(doc)
        if page is None:
            raise HTTPException(404, f"no rules page {doc}")
        return HTMLResponse(page)
