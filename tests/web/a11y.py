"""Accessibility checks inside the browser tests: axe-core's WCAG 2.x A/AA rules.

axe-core runs in the page itself (``axe-playwright-python`` ships its script, so
nothing is downloaded).  ``assert_accessible(page)`` fails with every violation's
rule, impact, help text and the first offending elements, so a failure says what to
fix.
"""

from __future__ import annotations

from typing import Any

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def axe_violations(page: Any, *, include: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations on ``page`` (optionally only inside ``include``)."""
    from axe_playwright_python.sync_playwright import Axe

    context: Any = {"include": [[include]]} if include else None
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    results = Axe().run(page, context=context, options=options)
    violations: list[dict[str, Any]] = results.response.get("violations", [])
    return violations


def describe_violations(violations: list[dict[str, Any]]) -> str:
    lines = []
    for v in violations:
        targets = [" ".join(map(str, n.get("target", []))) for n in v.get("nodes", [])[:4]]
        lines.append(
            f"{v['id']} ({v.get('impact')}): {v.get('help')}; {len(v.get('nodes', []))} "
            f"element(s), e.g. {targets}"
        )
    return "\n".join(lines)


def assert_accessible(page: Any, *, include: str | None = None) -> None:
    """No axe-core WCAG 2.2 A/AA violation of any impact on ``page``."""
    violations = axe_violations(page, include=include)
    assert not violations, "axe-core found:\n" + describe_violations(violations)
