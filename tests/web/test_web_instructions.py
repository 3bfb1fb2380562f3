"""Instructions name keys as well as clicks (issue 27, item 4: "click the glowing
field" told a keyboard player nothing).  Every text literal in the browser client
that tells the player to click also names a key; the match page says once which
keys play."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "roadtrip" / "web"
# A string literal: "...", '...' or `...` (template parts included), on one line.
LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
CLICK = re.compile(r"\bclick", re.IGNORECASE)
KEYS = re.compile(r"\b(Enter|Tab|Space|key|keys|arrow)\b", re.IGNORECASE)


def player_texts(path: Path) -> list[str]:
    """The string literals of ``path`` that read as words to a player (not event
    names or selectors), with comments left out."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    found = []
    for literal in LITERAL.findall("\n".join(lines)):
        words = literal[1:-1]
        if " " in words.strip() and CLICK.search(words):
            found.append(words)
    return found


SCRIPTS = sorted(WEB.rglob("*.js"))


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(WEB)))
def test_an_instruction_to_click_also_names_a_key(path: Path) -> None:
    bare = [text for text in player_texts(path) if not KEYS.search(text)]
    assert bare == [], f"{path.name}: say the key too: {bare}"


def test_the_check_finds_a_bare_click(tmp_path: Path) -> None:
    script = tmp_path / "board.js"
    script.write_text('el("p", {}, "Click the glowing field.");\n// click here\n')
    assert player_texts(script) == ["Click the glowing field."]
    assert not KEYS.search(player_texts(script)[0])


def test_the_match_page_says_which_keys_play() -> None:
    page = (WEB / "match.html").read_text(encoding="utf-8")
    assert 'id="keys-help"' in page and "Enter or Space" in page
