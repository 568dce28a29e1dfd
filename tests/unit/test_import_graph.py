"""The import graph of the project has no cycle, and its layers import downwards only.

The graph is grimp's (the library behind import-linter), built from every ``import`` in
the code, the ones inside functions included: a cycle hidden in a function body is a cycle
all the same, it only waits for the call. Imports under ``if TYPE_CHECKING:`` are left out:
they never run. docs/design.md, "Layers", draws the picture these tests keep true.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "pairing", "tournaments", "config")
DISCIPLINES = sorted(p.name for p in (ROOT / "tournaments" / "disciplines").iterdir()
                     if (p / "discipline.py").is_file())


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(*PACKAGES, include_external_packages=False,
                             exclude_type_checking_imports=True)


def _modules(graph: grimp.ImportGraph) -> list[str]:
    return sorted(m for m in graph.modules if ".migrations" not in m)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    modules = _modules(graph)
    edges = {m: sorted(n for n in graph.find_modules_directly_imported_by(m)
                       if ".migrations" not in n) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
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
    return found


def _chain(graph: grimp.ImportGraph, component: list[str]) -> str:
    a, b = component[0], component[1]
    there = graph.find_shortest_chain(importer=a, imported=b) or ()
    back = graph.find_shortest_chain(importer=b, imported=a) or ()
    return " -> ".join([*there, *back[1:]])


def test_the_import_graph_has_no_cycle(graph: grimp.ImportGraph) -> None:
    found = cycles(graph)
    assert not found, "import cycles (function-level imports counted):\n" + "\n".join(
        f"{len(c)} modules, e.g. {_chain(graph, c)}" for c in found)


def test_the_check_sees_a_cycle_inside_a_function(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                  ) -> None:
    """The check itself: two modules importing each other, one only inside a function."""
    pkg = tmp_path / "cyc"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyc.b import B\nA = 1\n")
    (pkg / "b.py").write_text("def f():\n    from cyc.a import A\n    return A\nB = 2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    found = cycles(grimp.build_graph("cyc", include_external_packages=False))
    assert found == [["cyc.a", "cyc.b"]]


@pytest.mark.parametrize("name", DISCIPLINES)
def test_nothing_outside_a_discipline_package_imports_it(graph: grimp.ImportGraph,
                                                         name: str) -> None:
    """The rest of the app reaches a discipline through its class (the registry reads the
    installed apps), never by importing its package."""
    package = f"tournaments.disciplines.{name}"
    importers = {m for inner in graph.find_children(package) | {package}
                 for m in graph.find_modules_that_directly_import(inner)
                 | set(_descendant_importers(graph, inner))}
    outside = sorted(m for m in importers
                     if m != package and not m.startswith(package + "."))
    assert not outside, f"{package} is imported by {outside}"


def _descendant_importers(graph: grimp.ImportGraph, module: str) -> set[str]:
    found: set[str] = set()
    for child in graph.find_descendants(module):
        found |= graph.find_modules_that_directly_import(child)
    return found


# What a layer may not import (its own package excepted): the floor knows no models,
# services, pages or disciplines; the models know no services; the services no pages.
FORBIDDEN = {
    "scoring": ("tournaments", "pairing", "config"),
    "pairing": ("tournaments", "config"),
    "tournaments.common": ("tournaments.models", "tournaments.services", "tournaments.views",
                           "tournaments.api", "tournaments.selectors", "tournaments.forms"),
    "tournaments.disciplines.registry": ("tournaments.models", "tournaments.services",
                                         "tournaments.views", "tournaments.api"),
    "tournaments.disciplines.base": ("tournaments.models", "tournaments.services",
                                     "tournaments.views", "tournaments.api"),
    "tournaments.models": ("tournaments.services", "tournaments.views", "tournaments.api",
                           "tournaments.selectors", "tournaments.forms"),
    "tournaments.services": ("tournaments.views", "tournaments.api", "tournaments.urls"),
}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_import_downwards_only(graph: grimp.ImportGraph, layer: str) -> None:
    modules = {layer} | graph.find_descendants(layer) if layer in graph.modules else set()
    wrong = []
    for module in sorted(modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if any(imported == f or imported.startswith(f + ".") for f in FORBIDDEN[layer]):
                wrong.append(f"{module} -> {imported}")
    assert not wrong, "\n".join(wrong)
