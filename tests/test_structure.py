"""The shape of the house: imports flow one way, so no module of the package imports itself
round a cycle (an import inside a function counts); the shared rooms know no family (a
family's modules are imported by the family, the registry and modules named for it only);
and no module is longer than a newcomer reads in one sitting (700 lines)."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import skatliste
from skatliste.families import PLUGINS
from tests.sources import parsed

PACKAGE = Path(skatliste.__file__).parent
MAX_LINES = 700
FAMILIES = tuple(p.module.rpartition(".")[0] for p in PLUGINS)
"""Each family's package (``skatliste.skat``), from the registry."""
REGISTRY = "skatliste.families"


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package under ``root`` by its dotted name (a package by its own)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """For each module, the modules it imports, wherever the import stands: each imported name
    is taken to the nearest module that exists (``from skatliste.skat import sheet`` is an edge
    to ``skatliste.skat.sheet``, ``from skatliste.skat.sheet import rows`` too); a module's
    own packages are no edge (``skatliste.skat.sheet`` is loaded inside ``skatliste.skat``)."""
    mods = modules(root)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        tree = parsed(path)
        base = m.split(".") if path.name == "__init__.py" else m.split(".")[:-1]
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                here = base[: len(base) - node.level + 1] if node.level else []
                mod = ".".join(here + ([node.module] if node.module else []))
                names = [mod] + [f"{mod}.{alias.name}" for alias in node.names]
            for name in names:
                while name and name not in mods:
                    name = name.rpartition(".")[0]
                if name and name != m and not m.startswith(name + "."):
                    graph[m].add(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles: each strongly connected set of two or more modules (Tarjan), unless
    it is a package and its own modules only."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
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
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            component.sort()
            first = component[0]
            if len(component) > 1 and not all(
                x == first or x.startswith(first + ".") for x in component
            ):
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def named_for(module: str, family: str) -> bool:
    """Whether ``module`` belongs to ``family``'s package or is named for it: a part of its
    name under the package's root starts with the family's folder name (``render.skat``,
    ``cli.skat_play``, ``render.american_sheet``). The root is named by its own name: the
    package ``skatliste`` is a Skat list (its public API is Skat's rules)."""
    folder = family.rpartition(".")[2]
    parts = module.split(".")[1:] or [module]
    return (
        module == family
        or module.startswith(family + ".")
        or any(part.startswith(folder) for part in parts)
    )


def family_imports(graph: dict[str, set[str]], families: Sequence[str], registry: str) -> list[str]:
    """``module -> family module`` for every import of a family's module by a module that is
    neither the family's, nor the registry, nor named for the family."""
    return [
        f"{m} -> {target}"
        for m in sorted(graph)
        if m != registry
        for family in families
        if not named_for(m, family)
        for target in sorted(graph[m])
        if target == family or target.startswith(family + ".")
    ]


def long_modules(root: Path, limit: int = MAX_LINES) -> list[str]:
    """``path: N lines`` of every module longer than ``limit`` lines."""
    out = []
    for path in sorted(root.rglob("*.py")):
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > limit:
            out.append(f"{path.relative_to(root.parent)}: {count} lines")
    return out


def test_no_import_cycle_among_the_packages_modules() -> None:
    """Core, store, app and edges import one way: no module reaches itself again through its
    imports, an import inside a function included."""
    found = cycles(import_graph(PACKAGE))
    assert found == [], "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_shared_rooms_import_no_familys_modules() -> None:
    """Compare, organised play, the store, the app and the edges ask the family (through the
    registry): only a family's own modules, the registry and modules named for the family
    (a Skat-only command, a Skat renderer) import its modules."""
    found = family_imports(import_graph(PACKAGE), FAMILIES, REGISTRY)
    assert found == [], "a family's modules imported outside it:\n" + "\n".join(found)


def test_the_family_scan_sees_a_shared_room_that_imports_a_family(tmp_path: Path) -> None:
    """The scan itself: a shared module importing a family's module (inside a function too)
    is named; the family's own modules, the registry and a module named for the family are
    not."""
    pkg = tmp_path / "pkg"
    for folder in ("game", "room", "render"):
        (pkg / folder).mkdir(parents=True)
        (pkg / folder / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "game" / "rules.py").write_text("x = 1\n")
    (pkg / "game" / "family.py").write_text("from pkg.game.rules import x\n")
    (pkg / "registry.py").write_text("def load():\n    from pkg.game import family\n")
    (pkg / "render" / "game_sheet.py").write_text("from pkg.game.rules import x\n")
    (pkg / "room" / "compare.py").write_text("def f():\n    from pkg.game import rules\n")
    (pkg / "room" / "ask.py").write_text("from pkg import registry\n")
    found = family_imports(import_graph(pkg), ["pkg.game"], "pkg.registry")
    assert found == ["pkg.room.compare -> pkg.game", "pkg.room.compare -> pkg.game.rules"]
    assert named_for("skatliste", "skatliste.skat") and named_for(
        "skatliste.cli.skat_play", "skatliste.skat"
    )
    assert not named_for("skatliste.compare", "skatliste.skat")


def test_no_module_is_longer_than_700_lines() -> None:
    """A module does one job and reads in one sitting: at most 700 lines."""
    found = long_modules(PACKAGE)
    assert found == [], "modules over 700 lines:\n" + "\n".join(found)


def test_the_scans_see_a_cycle_behind_a_function_and_a_long_module(tmp_path: Path) -> None:
    """The scans themselves: a cycle closed by an import inside a function is found, whether
    the import names the module or a name in it; a package importing its own modules is none;
    a module one line too long is named."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from pkg import a\n")
    (pkg / "a.py").write_text("from pkg.b import thing\n")
    (pkg / "b.py").write_text("def thing():\n    from pkg import c\n")
    (pkg / "c.py").write_text("def late():\n    from .a import x\n")
    (pkg / "sub" / "__init__.py").write_text("from . import d\n")
    (pkg / "sub" / "d.py").write_text("import pkg.sub\n" + "x = 1\n" * 699)
    graph = import_graph(pkg)
    assert graph["pkg.b"] == {"pkg.c"} and graph["pkg.c"] == {"pkg.a"}
    assert graph["pkg.sub"] == {"pkg.sub.d"} and graph["pkg.sub.d"] == set()
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert long_modules(pkg) == []  # 700 lines are allowed
    (pkg / "sub" / "d.py").write_text("x = 1\n" * 701)
    assert long_modules(pkg) == ["pkg/sub/d.py: 701 lines"]
