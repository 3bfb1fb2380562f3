"""The shape of ``roadtrip.games.main_street`` (issue 11, "Shape"): its modules import
each other in one direction, with no circle, and no import is hidden inside a
function to dodge one.  The layers, top to bottom: the Game/State facades (``kicks``,
``mileage``), then ``view``/``tensor``/``options`` beside each other, then ``base``
(the state's data and the turn loop), then ``data`` (the components)."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import roadtrip.games.main_street as package

PACKAGE = "roadtrip.games.main_street"
LAYERS = (
    ("kicks", "mileage", "tutorial_kicks", "tutorial_mileage"),
    ("view", "tensor", "options"),
    ("base",),
    ("data",),
)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("roadtrip", cache_dir=None)


def _internal_imports() -> dict[str, set[str]]:
    graph = _graph()
    modules = {m for m in graph.find_children(PACKAGE)}
    return {
        m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules} for m in modules
    }


def test_the_package_has_no_import_cycle() -> None:
    imports = _internal_imports()
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list[str]) -> None:
        seen[module] = 1
        for other in sorted(imports[module]):
            assert seen.get(other) != 1, "import cycle: " + " -> ".join([*path, other])
            if other not in seen:
                visit(other, [*path, other])
        seen[module] = 2

    for module in sorted(imports):
        if module not in seen:
            visit(module, [module])


def test_modules_import_only_lower_layers() -> None:
    """Every module of the package sits in one layer and imports only layers below."""
    level = {f"{PACKAGE}.{name}": rank for rank, names in enumerate(LAYERS) for name in names}
    imports = _internal_imports()
    assert set(imports) == set(level), "a new module must be given a layer"
    for module, targets in imports.items():
        for target in targets:
            assert level[target] > level[module], f"{module} imports {target} from above"


def test_no_import_is_hidden_in_a_function() -> None:
    """No function-level import (the old way of dodging a cycle)."""
    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    assert not isinstance(inner, ast.Import | ast.ImportFrom), (
                        f"{path.name}:{inner.lineno} imports inside {node.name}()"
                    )
