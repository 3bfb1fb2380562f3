"""The shape of Road Rally's game package (issue 11, "Shape"): data at the bottom,
rule steps above, the Game/State facade on top, views and tensors beside, and no
module importing another in a circle, neither at the top of a module, nor under
TYPE_CHECKING, nor hidden inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

import roadtrip.games.road_rally as package

PACKAGE = "roadtrip.games.road_rally"
LAYERS = (
    ("rules", "tutorial"),
    ("flow", "view", "tensor", "hidden"),
    ("scoring",),
    ("actions",),
    ("race",),
    ("cards", "track", "options"),
    ("data",),
)


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("roadtrip", exclude_type_checking_imports=False, cache_dir=None)


def test_the_game_package_has_no_import_cycle() -> None:
    graph = _graph()
    modules = sorted(m for m in graph.find_children(PACKAGE))
    for module in modules:
        for other in modules:
            if module != other and graph.direct_import_exists(importer=module, imported=other):
                back = graph.chain_exists(importer=other, imported=module)
                assert not back, f"{module} imports {other}, which leads back to it"


def test_the_modules_import_only_downwards_through_the_layers() -> None:
    graph = _graph()
    level = {f"{PACKAGE}.{name}": i for i, names in enumerate(LAYERS) for name in names}
    assert set(level) == set(graph.find_children(PACKAGE)), "a module is missing from LAYERS"
    for importer, rank in level.items():
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported in level:
                assert level[imported] > rank, f"{importer} imports {imported} upwards"


def test_no_function_level_imports_dodge_a_cycle() -> None:
    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside a function"
