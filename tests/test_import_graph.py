"""The import graph of engine/: dependencies run one way.

Built from the source with ``ast`` (every import statement, including those inside functions and
under ``if TYPE_CHECKING``: a deferred or type-only import is still a dependency). The nodes are
engine's subpackages (engine.answer, engine.facts, …) and its top-level modules (engine.engine,
engine.audit, …). Two rules:

* production code never imports benchmark code: only engine/bench itself and the command line
  (engine/cli.py, which offers ``python -m engine bench``) may import engine.bench;
* no cycles: no two nodes import each other, directly or through others.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"
MAY_IMPORT_BENCH = {"engine.bench", "engine.cli"}


def node_of(module: str) -> str:
    """engine.facts.llm_extract → engine.facts; engine.audit → engine.audit; engine → engine."""
    return ".".join(module.split(".")[:2])


def imported_modules(tree: ast.AST, root: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
            # ``from engine import bench`` names a module too
            found += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names
                      if (root.parent / node.module.replace(".", "/") / alias.name).exists()]
    return [(name, line) for name, line in found if name == "engine" or name.startswith("engine.")]


def import_edges(root: Path = ENGINE) -> dict[str, dict[str, list[str]]]:
    """node → imported node → where ("engine/facts/llm_extract.py:129"), between distinct nodes."""
    edges: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        source = node_of(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for name, line in imported_modules(ast.parse(path.read_text("utf-8"), str(path)), root):
            target = node_of(name)
            if target != source:
                edges[source][target].append(f"{path.relative_to(root.parent)}:{line}")
    return edges


def cycles(edges: dict[str, dict[str, list[str]]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in list(edges):
        if node not in index:
            visit(node)
    return found


def test_only_the_command_line_imports_benchmark_code():
    edges = import_edges()
    offenders = {source: targets["engine.bench"] for source, targets in edges.items()
                 if "engine.bench" in targets and source not in MAY_IMPORT_BENCH}
    assert offenders == {}, f"production code imports engine.bench: {offenders}"


def test_the_engine_packages_import_each_other_in_one_direction():
    edges = import_edges()
    found = cycles(edges)
    detail = {" ↔ ".join(component): {f"{a} → {b}": edges[a][b][:2] for a in component
                                      for b in component if b in edges[a]}
              for component in found}
    assert found == [], f"import cycles: {detail}"


def test_the_checker_sees_deferred_and_type_only_imports(tmp_path):
    """The graph counts an import inside a function and one under TYPE_CHECKING, and finds a cycle
    through them (guards the two tests above against passing on an empty graph)."""
    pkg = tmp_path / "engine"
    for sub in ("a", "b", "bench"):
        (pkg / sub).mkdir(parents=True)
        (pkg / sub / "__init__.py").write_text("")
    (pkg / "a" / "x.py").write_text("def f():\n    from engine.b.y import g\n")
    (pkg / "b" / "y.py").write_text("from typing import TYPE_CHECKING\n"
                                    "if TYPE_CHECKING:\n    from engine.a.x import f\n")
    edges = import_edges(pkg)
    assert cycles(edges) == [["engine.a", "engine.b"]]
    assert len(import_edges()) > 10  # the real engine/ was read
