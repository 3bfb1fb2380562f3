"""The Open Road's package has a shape: data at the bottom, the race's data above it,
the rule steps above that, the views beside them and the Game/State facade on top,
with no import cycle and no import inside a function used to dodge one (issue 11)."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import roadtrip.games.open_road as package

PACKAGE = "roadtrip.games.open_road"
FOLDER = Path(package.__file__).resolve().parent

# Each module may import only modules of lower layers (not those beside it).
LAYERS = (
    ("rules", "tutorial"),
    ("view", "tensor", "texts"),
    ("flow",),
    ("playing",),
    ("riding",),
    ("race",),
    ("paths", "options"),
    ("actions",),
    ("board",),
    ("graph",),
    ("map_data",),
    ("cities", "roads", "cards"),
)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("roadtrip", cache_dir=None)  # type-checking imports too


def _internal_imports() -> dict[str, set[str]]:
    graph = _graph()
    out: dict[str, set[str]] = {}
    for module in graph.find_children(PACKAGE):
        name = module.rsplit(".", 1)[1]
        out[name] = {
            imported.rsplit(".", 1)[1]
            for imported in graph.find_modules_directly_imported_by(module)
            if imported.startswith(PACKAGE + ".")
        }
    return out


def test_the_open_road_package_has_no_import_cycle() -> None:
    imports = _internal_imports()
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(imports.get(module, ())):
            if state.get(other) == 1:
                cycle = [*path[path.index(other) :], other]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if other not in state:
                visit(other, [*path, other])
        state[module] = 2

    for module in sorted(imports):
        if module not in state:
            visit(module, [module])


def test_the_open_road_modules_import_only_lower_layers() -> None:
    rank = {name: i for i, layer in enumerate(LAYERS) for name in layer}
    imports = _internal_imports()
    assert set(imports) == set(rank), "every module of the package has a layer"
    for module, imported in imports.items():
        for other in imported:
            assert rank[other] > rank[module], (
                f"{module} (layer {rank[module]}) imports {other} (layer {rank[other]})"
            )


def test_no_open_road_module_imports_inside_a_function() -> None:
    for path in sorted(FOLDER.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside the function"
