"""The import graph of engine/: dependencies run one way.

Built from the source with ``ast`` (every import statement, including those inside functions and
under ``if TYPE_CHECKING``: a deferred or type-only import is still a dependency). The nodes are
engine's subpackages (engine.answer, engine.contract_facts, …) and its top-level modules (engine.engine,
engine.audit, …). Two rules:

* production code never imports benchmark code: only engine/bench itself and the command line
  (engine/cli.py, which offers ``python -m engine bench``) may import engine.bench;
* no cycles: no two nodes import each other, directly or through others;
* questions are read in one place: engine/question's modules are imported by that package alone;
  everything else (engine/, ui/, pages/, scripts/, app.py) imports the face, ``engine.question``.

And between modules over engine/, ui/ and pages/ (``from pkg import submodule`` is an import of
the submodule): no module cycle at all; engine/ never imports ui, pages, streamlit or scripts;
pages/ and ui/ reach the engine through its face only: ``engine`` (the FACE table of
engine/__init__.py) and ``engine.types`` (#28).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "engine"
MAY_IMPORT_BENCH = {"engine.bench", "engine.cli"}


def node_of(module: str) -> str:
    """engine.contract_facts.llm_extract → engine.contract_facts; engine.audit → engine.audit; engine → engine."""
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


def question_internals_imported(repo: Path = REPO) -> list[str]:
    """Where a module outside engine/question imports one of its modules (not the face)."""
    sources = [p for folder in ("engine", "ui", "pages", "scripts") for p in (repo / folder).rglob("*.py")]
    sources += [repo / "app.py"] if (repo / "app.py").exists() else []
    found = []
    for path in sorted(sources):
        if (repo / "engine" / "question") in path.parents:
            continue
        for name, line in imported_modules(ast.parse(path.read_text("utf-8"), str(path)), repo / "engine"):
            if name.startswith("engine.question."):
                found.append(f"{path.relative_to(repo)}:{line} {name}")
    return found


def test_only_engine_question_reads_questions():
    assert question_internals_imported() == []
    # the face is really used: retrieval and the answer pipeline read questions through it
    users = {p.relative_to(REPO).as_posix() for p in ENGINE.rglob("*.py")
             if "from engine.question import" in p.read_text("utf-8")}
    assert {"engine/retrieve/search.py", "engine/answer/pipeline.py"} <= users


def test_the_question_check_sees_an_import_of_a_question_module(tmp_path):
    (tmp_path / "engine" / "question").mkdir(parents=True)
    (tmp_path / "engine" / "question" / "reading.py").write_text("")
    (tmp_path / "engine" / "answer").mkdir()
    (tmp_path / "engine" / "answer" / "x.py").write_text(
        "from engine.question import read_question\ndef f():\n    from engine.question.reading import analyse\n")
    (tmp_path / "engine" / "question" / "plan.py").write_text("from engine.question.reading import analyse\n")
    assert question_internals_imported(tmp_path) == ["engine/answer/x.py:3 engine.question.reading"]


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


# -- modules ----------------------------------------------------------------------------------------

LAYERS = ("engine", "ui", "pages")
FACE_MODULES = {"engine", "engine.types"}
def module_name(path: Path, repo: Path) -> str:
    parts = path.relative_to(repo).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(repo: Path = REPO) -> dict[str, dict[str, list[int]]]:
    """module → every name it imports (any package, deferred and type-only included) → lines.
    ``from pkg import name`` imports pkg.name when that is a module of the repository, else pkg."""
    paths = {module_name(p, repo): p for layer in LAYERS if (repo / layer).is_dir()
             for p in (repo / layer).rglob("*.py")}
    found: dict[str, dict[str, list[int]]] = {}
    for module, path in paths.items():
        names: dict[str, list[int]] = defaultdict(list)
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    names[alias.name].append(node.lineno)
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:  # relative: resolved against this module's package
                    package = module.split(".")[:len(module.split(".")) - node.level + (path.name == "__init__.py")]
                    base = ".".join(package + [node.module])
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in paths]
                for name in subs + ([base] if len(subs) < len(node.names) else []):
                    names[name].append(node.lineno)
        found[module] = dict(names)
    return found


def module_edges(repo: Path = REPO) -> dict[str, dict[str, list[str]]]:
    """module → imported module of engine/, ui/ or pages/ (the nearest enclosing one) → where."""
    imports = module_imports(repo)
    edges: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for module, names in imports.items():
        for name, lines in names.items():
            target = name
            while target and target not in imports:
                target = target.rpartition(".")[0]
            if target and target != module:
                edges[module][target] += [f"{module}:{line}" for line in lines]
    return edges


def test_no_module_imports_another_that_imports_it_back():
    edges = module_edges()
    found = cycles(edges)
    detail = {" ↔ ".join(c): {f"{a} → {b}": edges[a][b][:2] for a in c for b in c if b in edges[a]}
              for c in found}
    assert found == [], f"module import cycles: {detail}"


def test_the_engine_never_imports_the_dashboard_streamlit_or_scripts():
    offenders = {f"{module} → {name}" for module, names in module_imports().items() if module.split(".")[0] == "engine"
                 for name in names if name.split(".")[0] in ("ui", "pages", "streamlit", "scripts")}
    assert offenders == set()


def dashboard_reaches(repo: Path = REPO) -> dict[str, set[str]]:
    """pages/ and ui/ module file → the engine modules it imports other than the face."""
    reaches: dict[str, set[str]] = {}
    for module, names in module_imports(repo).items():
        if module.split(".")[0] in ("ui", "pages"):
            past = {n for n in names if n.split(".")[0] == "engine" and n not in FACE_MODULES}
            if past:
                reaches[module.replace(".", "/") + ".py"] = past
    return reaches


def test_pages_and_ui_reach_the_engine_through_its_face():
    assert dashboard_reaches() == {}, "import these through the face (engine/__init__.py FACE)"


def test_every_face_name_is_defined_where_the_face_says():
    import engine

    from importlib import import_module

    for name, target in engine.FACE.items():
        module, _, attribute = target.partition(":")
        assert getattr(engine, name) is getattr(import_module(module), attribute or name), name
    assert set(engine.__all__) == {*engine.FACE, "__version__"}


def test_the_module_checker_sees_a_cycle_and_a_reach_past_the_face(tmp_path):
    (tmp_path / "engine" / "a").mkdir(parents=True)
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "types.py").write_text("")
    (tmp_path / "engine" / "a" / "__init__.py").write_text("from engine.a import x\n")
    (tmp_path / "engine" / "a" / "x.py").write_text("def f():\n    from engine.a.y import g\n")
    (tmp_path / "engine" / "a" / "y.py").write_text("from typing import TYPE_CHECKING\n"
                                                    "if TYPE_CHECKING:\n    from engine.a.x import f\n")
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "w.py").write_text("from engine import Engine\nfrom engine.types import Chunk\n"
                                          "from engine.a import x\n")
    assert cycles(module_edges(tmp_path)) == [["engine.a.x", "engine.a.y"]]  # pkg → its submodule is no cycle
    assert dashboard_reaches(tmp_path) == {"ui/w.py": {"engine.a.x"}}


def test_every_engine_package_imports_first_in_a_fresh_interpreter():
    # the graph above reads imports; this runs them: a package whose import, done first, reaches a
    # module that imports it back (python -m engine once failed to start so) fails here
    packages = sorted(p.parent.relative_to(REPO).as_posix().replace("/", ".")
                      for p in ENGINE.glob("*/__init__.py"))
    failed = {}
    for name in ["engine.cli", *packages]:
        run = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=REPO, capture_output=True, text=True)
        if run.returncode:
            failed[name] = run.stderr.strip().splitlines()[-1]
    assert failed == {}, failed
