"""Playing a match with the keyboard alone, for the browser tests.

``watch(page)`` (before the page loads) records what a screen reader would hear:
every paragraph added to the polite live region ``#announcer`` goes to
``window.__transcript``, the assertive ``#alert`` to ``window.__alerts``, and after
every redraw of the game log (a move by anyone) whether the focus was on
``<body>`` (``window.__bodyFocus``, once the player has pressed a key).  The
transcripts survive a reload (sessionStorage).

``press_choice(page, selector)`` moves the focus with Tab (then Shift+Tab) until
it is on an element matching ``selector`` and presses Enter or Space: no click,
no ``focus()`` from the test.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

WATCH = """
// Kept in sessionStorage too, so that a reload goes on with the same transcript.
const kept = (name) => JSON.parse(sessionStorage.getItem(name) || "[]");
window.__transcript = kept("__transcript");
window.__alerts = kept("__alerts");
window.__bodyFocus = [];
window.__keys = 0;
document.addEventListener("keydown", () => { window.__keys += 1; }, true);
document.addEventListener("DOMContentLoaded", () => {
  const record = (id, name) => {
    const out = window[name];
    const region = document.getElementById(id);
    if (!region) return;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          const text = (node.textContent || "").trim();
          if (text) out.push(text);
          sessionStorage.setItem(name, JSON.stringify(out));
        }
      }
    }).observe(region, { childList: true, subtree: true, characterData: true });
  };
  record("announcer", "__transcript");
  record("alert", "__alerts");
  const log = document.getElementById("log");
  if (log) {
    new MutationObserver(() => {
      if (!window.__keys) return;
      const active = document.activeElement;
      const lost = !active || active === document.body || active === document.documentElement;
      window.__bodyFocus.push(lost ? (log.lastElementChild || {}).textContent || "?" : "");
    }).observe(log, { childList: true });
  }
});
"""

IS_FOCUSED = "sel => { const a = document.activeElement; return Boolean(a && a.matches(sel)); }"
MAX_TABS = 250


def watch(page: Any) -> None:
    page.add_init_script(WATCH)


def press_choice(page: Any, selector: str, key: str = "Enter") -> None:
    """Tab (or Shift+Tab) to an element matching ``selector``, then press ``key``."""
    for direction in ("Tab", "Shift+Tab"):
        for _ in range(MAX_TABS):
            if page.evaluate(IS_FOCUSED, selector):
                page.keyboard.press(key)
                return
            page.keyboard.press(direction)
    raise AssertionError(f"no element matching {selector!r} could be reached with Tab")


def transcript(page: Any) -> list[str]:
    out: list[str] = page.evaluate("window.__transcript")
    return out


def log_sentences(page: Any, state: dict[str, Any]) -> list[str]:
    """The final log as the announcer words it (the page's own announce-words.js)."""
    out: list[str] = page.evaluate(
        """async (msg) => {
            const words = await import("/static/js/announce-words.js");
            return words.sentences(msg).map((s) => s.text);
        }""",
        state,
    )
    return out


def check_transcript(page: Any, state: dict[str, Any]) -> None:
    """The focus was never on <body> after a move; every line of the match's log
    was said exactly once, and "Sending your move…" never."""
    # The last lines may still be on their way to the region; if they never come,
    # the checks below say what is missing.
    with contextlib.suppress(Exception):
        page.wait_for_function(
            "() => window.__transcript.some((t) => t.startsWith('Game over'))", timeout=3000
        )
    assert state["log_start"] == 0, "the test match should fit in one log"
    lost = [line for line in page.evaluate("window.__bodyFocus") if line]
    assert not lost, f"the focus was on <body> after these moves: {lost[:10]}"
    said = Counter(transcript(page))
    expected = Counter(log_sentences(page, state))
    assert expected, "the match has no log"
    wrong = {text: (said[text], n) for text, n in expected.items() if said[text] != n}
    assert not wrong, f"lines said (times said, times in the log): {wrong}; said: {list(said)[:40]}"
    everything = transcript(page) + page.evaluate("window.__alerts")
    assert not [t for t in everything if "Sending your move" in t]
