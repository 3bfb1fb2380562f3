"""Import-graph checks for a game package (issue 11, "Shape"): no import cycles.

A game package reads from the bottom up: the state's data (e.g. ``sheet.py``), the
rule steps above it, the Game/State facade on top, views and tensors beside.  Two
helpers any game's tests can call:

* :func:`import_cycles` builds the package's import graph with grimp (which
  import-linter ships) and returns every cycle among its modules, as the modules of
  each strongly connected component.  Imports under ``if TYPE_CHECKING:`` are left
  out: they never run, and type hints may point up the layers.
* :func:`function_level_imports` lists imports of the package's own modules made
  inside a function body, the usual way to dodge a cycle at run time (grimp sees
  them as ordinary imports, so a cycle dodged that way is found anyway; this names
  the dodge itself).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import grimp


def _package_graph(package: str) -> dict[str, set[str]]:
    top = package.split(".")[0]
    graph = grimp.build_graph(top, exclude_type_checking_imports=True, cache_dir=None)
    modules = {m for m in graph.modules if m == package or m.startswith(package + ".")}
    return {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}


def import_cycles(package: str) -> list[list[str]]:
    """Every import cycle inside ``package`` (e.g. "roadtrip.games.road_to_300"), as
    sorted lists of the modules that import each other in a circle; [] when none."""
    edges = _package_graph(package)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in edges[node]:
                cycles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(cycles)


def function_level_imports(package: str) -> list[str]:
    """Imports of ``package``'s own modules inside functions, as "file:line module"."""
    root = Path(importlib.import_module(package).__file__ or "").parent
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                for name in names:
                    if name == package or name.startswith(package + "."):
                        found.append(f"{path.name}:{node.lineno} {name}")
    return found
