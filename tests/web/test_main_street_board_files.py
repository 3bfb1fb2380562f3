"""The Main Street browser board's files, read as text (no browser): modules of at
most ~600 lines (issue 11, "Shape"), the rules dialog's colour table is the game's
data (the state colours of FACTS.md, with each place's mark), and its words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from roadtrip.games.main_street.data import COLORS

BOARDS = Path(__file__).resolve().parents[2] / "src" / "roadtrip" / "web" / "boards"
MODULES = sorted((BOARDS / "main_street").glob("*.js"))
MAX_LINES = 600


def test_the_board_is_split_into_modules_of_at_most_600_lines() -> None:
    names = {path.relative_to(BOARDS).as_posix() for path in MODULES}
    assert {"main_street/board.js", "main_street/mat.js", "main_street/panels.js"} <= names
    for path in MODULES:
        lines = path.read_text().count("\n")
        assert lines <= MAX_LINES, f"{path.name} has {lines} lines"
        name = path.relative_to(BOARDS).as_posix()
        assert path.read_text().startswith(f"// boards/{name}:"), name


def test_the_rules_colour_table_is_the_data() -> None:
    """The rules dialog's table: Missouri light blue, New Mexico pink, California dark
    blue, Illinois green (FACTS.md), points, boxes and each place's mark."""
    text = (BOARDS / "main_street" / "rules.js").read_text()
    row = r'^  (\["[^"]+", "#[0-9a-f]{6}", "[^"]+", \d+, \d+, \d+, "[^"]+"\]),'
    rows = re.findall(row, text, re.M)
    table = [json.loads(row) for row in rows]
    assert table == [[c.name, c.hex, c.place, c.cubes, c.points, c.boxes, c.mark] for c in COLORS]


def test_no_wrong_article_or_count_in_the_board_words() -> None:
    """Issue 11 (words): no 'a orange', no '1 excess go back', no fixed 'draw three
    more cubes' where the bag may hold fewer."""
    for path in MODULES:
        text = path.read_text()
        assert not re.search(r"\ba \$\{", text), path.name  # 'a ${colour}' would say 'a orange'
        assert "excess go back" not in text, path.name
    panels = (BOARDS / "main_street" / "panels.js").read_text()
    assert "the last ${plural(r.draw" in panels
    assert "cubes in the bag are ${" not in panels  # '1 of the 124 cubes in the bag is red'
    assert 'in the bag ${r.bad === 1 ? "is" : "are"}' in panels
