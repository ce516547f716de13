"""The shape of the `generator` package: no module imports one that imports it back, no folder of it imports one
that imports it back, no module is too long.

Imports are read from the source (ast), so an import inside a function counts as much as one at the top;
an import under `if TYPE_CHECKING:` does not, as it never runs. `from pkg import name` imports `pkg.name`
when that is a module of the package, else `pkg`. Importing `a.b.c` from outside package `a.b` runs
`a/b/__init__.py` first, so it imports `a.b` as well. A module that imports by computed name
(`importlib.import_module`, `__import__`) is refused: such an import is invisible to this check. The one exception
is the family registry, which imports each family when first asked for: the modules it may import are the names of
its `BUILT_IN` tuple, read from its source and counted here as imports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
MAX_LINES = 500


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
BY_NAME = {"generator.scoring.families": "BUILT_IN"}
"""The modules that import by computed name, and the tuple of their source that names the modules beside them they
may import so."""


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under `node`, at any depth, except those that only run for a type checker."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _import_nodes_of(other)
            continue
        yield from _import_nodes_of(child)


def _import_nodes_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    yield from _import_nodes(node)


def _imported_by(name: str, path: Path) -> set[str]:
    """The modules of the package that module `name` (source at `path`) imports."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
            continue
        if node.level:
            base = package[:len(package) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            full = f"{source}.{alias.name}"
            out.add(full if full in MODULES else source)
    if name in BY_NAME:
        out.update(f"{'.'.join(package)}.{n}" for n in _named_in(path, BY_NAME[name]))
    return {m for m in out | _packages_run(out, name) if m in MODULES and m != name}


def _named_in(path: Path, tuple_name: str) -> tuple[str, ...]:
    """The strings of the module-level tuple `tuple_name` of the source at `path`."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == tuple_name for t in targets) and node.value is not None:
                names = ast.literal_eval(node.value)
                assert isinstance(names, tuple) and all(isinstance(n, str) for n in names), (path, tuple_name)
                return names
    raise AssertionError(f"{path} has no tuple {tuple_name}")


def _packages_run(imported: set[str], importer: str) -> set[str]:
    """The packages whose `__init__` importing `imported` runs: each one's enclosing packages, except those the
    importer is inside of (already running when it runs)."""
    out: set[str] = set()
    for module in imported:
        parts = module.split(".")
        for n in range(1, len(parts)):
            package = ".".join(parts[:n])
            if not _in(importer, package):
                out.add(package)
    return out


def import_graph() -> dict[str, set[str]]:
    return {name: _imported_by(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of `graph`: one per strongly connected group of modules, as a path that closes on itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_loop(graph, group) for group in groups]


def _loop(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the first module of `group` (breadth first within the group)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for v in frontier:
            for w in sorted(graph[v] & group):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in came_from:
                    came_from[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"no cycle in {sorted(group)}")


def test_the_cycle_finder_finds_a_loop_through_three_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert cycles(graph) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_reads_relative_and_function_level_imports() -> None:
    graph = import_graph()
    assert "generator.rules" in graph["generator.cli"]  # from .rules import …
    assert "generator.site.build" in graph["generator.cli"]  # inside cmd_build
    assert "generator.site.urls" in graph["generator.site.views"]  # from . import urls: a module, not the package
    assert "generator.site" not in graph["generator.site.views"]


def test_the_import_graph_counts_the_packages_an_import_runs() -> None:
    graph = import_graph()
    assert "generator.rules" in graph["generator.scoring.mcr"]  # from ..rules import …
    assert "generator.scoring" in graph["generator.stats.tally"]  # from ..scoring.families import …: its __init__ runs
    assert "generator.scoring" not in graph["generator.scoring.mcr"]  # already running when mcr is imported


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join("  " + " -> ".join(c) for c in found)


def _unit(name: str) -> str:
    """The folder (or top-level module) of generator/ that module `name` belongs to: generator.site.pages.card is in
    generator.site."""
    return ".".join(name.split(".")[:2])


def test_no_folder_imports_one_that_imports_it_back() -> None:
    """Each folder of generator/ is a layer: what it imports from another is below it, never a way back up (the hand
    stream sits below both the examples and the pairs, the rule data below the families that read it)."""
    graph: dict[str, set[str]] = {}
    for name, deps in import_graph().items():
        graph.setdefault(_unit(name), set()).update(_unit(d) for d in deps if _unit(d) != _unit(name))
    found = cycles(graph)
    assert not found, "folders that import each other:\n" + "\n".join("  " + " -> ".join(c) for c in found)


def test_the_rule_data_sits_below_the_families() -> None:
    """The rule loader is handed the family registry (generator.rulesets does that): nothing of generator.rules
    reaches a family, the registry, or the rule sets checked against it. The registry imports each family."""
    graph = import_graph()
    reached: set[str] = set()
    todo = [m for m in graph if _in(m, "generator.rules")]
    while todo:
        for dep in graph[todo.pop()] - reached:
            reached.add(dep)
            todo.append(dep)
    assert sorted(m for m in reached if _in(m, "generator.scoring") or m == "generator.rulesets") == []
    assert {"generator.scoring.mcr", "generator.scoring.series"} <= graph["generator.scoring.families"]
    assert "generator.scoring.families" in graph["generator.rulesets"]


def test_no_module_imports_by_computed_name() -> None:
    """An import by computed name hides an edge from the checks above."""
    dynamic = sorted(name for name, path in MODULES.items()
                     for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.Call) and _called(node.func) in {"import_module", "__import__"})
    assert dynamic == sorted(BY_NAME)
    assert {"generator.scoring.riichi", "generator.scoring.guangdong"} <= import_graph()["generator.scoring.families"]


def _called(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def test_only_the_command_line_imports_the_site() -> None:
    """The engine (scoring, receipts, examples, stats…) is the site's input, never the other way round."""
    graph = import_graph()
    importing = sorted(name for name, deps in graph.items()
                       if not _in(name, "generator.site") and name != "generator.cli"
                       and any(_in(d, "generator.site") for d in deps))
    assert importing == []


def _in(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_product_never_imports_the_test_oracle() -> None:
    """PyMahjongGB (`MahjongGB`) checks the engine in the tests and benchmarks; the product must run without it."""
    importing = sorted(name for name, path in MODULES.items()
                       for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")))
                       if any(m.split(".")[0] in {"MahjongGB", "mcr_oracle"} for m in _raw_names(node)))
    assert importing == []


def _raw_names(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return [node.module or ""] if node.level == 0 else []


def test_no_module_is_over_500_lines() -> None:
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"
