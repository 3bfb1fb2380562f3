"""Road to 300's package shape (issue 11, "Shape"): no import cycles, none dodged.

The model for every game package: ``board.py`` and ``sheet.py`` (the data) at the
bottom, ``rules.py`` (the Game/State facade) on top, ``view.py`` and ``tensor.py``
beside it, reading the state only through type hints.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.games.import_graph import function_level_imports, import_cycles

PACKAGE = "roadtrip.games.road_to_300"


def test_the_package_has_no_import_cycle() -> None:
    assert import_cycles(PACKAGE) == []


def test_no_import_inside_a_function_dodges_a_cycle() -> None:
    assert function_level_imports(PACKAGE) == []


def test_the_checks_find_a_cycle_and_a_dodge(tmp_path: Path, monkeypatch: Any) -> None:
    # A made-up package: data <- rules -> view -> rules (a cycle, whose way back is
    # hidden in a function), and a hint-only import that is no cycle.
    package = tmp_path / "shape_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "data.py").write_text("VALUE = 1\n")
    (package / "rules.py").write_text("from shape_probe import data, view\n")
    (package / "view.py").write_text("def draw() -> None:\n    from shape_probe import rules\n")
    (package / "tensor.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from shape_probe import data\n"
        "if TYPE_CHECKING:\n    from shape_probe import rules\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("shape_probe") == [["shape_probe.rules", "shape_probe.view"]]
    assert function_level_imports("shape_probe") == ["view.py:2 shape_probe"]
