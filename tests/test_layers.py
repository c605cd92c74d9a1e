"""The layers hold: the CLI goes through the application layer (``skatliste.app``), never to
the store or to the core's private names, so the web page can call the very same functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import skatliste
from tests.sources import parsed

PACKAGE = Path(skatliste.__file__).parent
EDGES = sorted((PACKAGE / "cli").glob("*.py"))
STORES = (
    "skatliste.store.files",
    "skatliste.store.lists",
    "skatliste.store.names",
    "skatliste.store.tournament",
)
"""The modules that touch list files."""


def _is_store(module: str) -> bool:
    return any(module == store or module.startswith(store + ".") for store in STORES)


def _imports(path: Path) -> list[tuple[int, str, str]]:
    """(line, module, name) of every import of a skatliste module, type-only ones included."""
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += [(node.lineno, node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, "") for alias in node.names]
    return [item for item in found if item[1].split(".")[0] == "skatliste"]


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


@pytest.mark.parametrize("path", EDGES, ids=lambda p: p.name)
def test_the_cli_never_touches_the_store(path: Path) -> None:
    """The list file is the store's; the CLI reads and writes it through skatliste.app."""
    bad = [
        f"{path.name}:{line}: {module}" for line, module, _ in _imports(path) if _is_store(module)
    ]
    assert bad == []


@pytest.mark.parametrize("path", EDGES, ids=lambda p: p.name)
def test_the_cli_uses_no_private_name_of_the_core(path: Path) -> None:
    """A name with a leading underscore is a module's own business, not an edge's."""
    bad = [
        f"{path.name}:{line}: {module}.{name}"
        for line, module, name in _imports(path)
        if not module.startswith("skatliste.cli")
        and (_is_private(name) or any(_is_private(part) for part in module.split(".")))
    ]
    assert bad == []


def test_the_scan_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The scan itself: an import of the store and of a private name are found."""
    edge = tmp_path / "edge.py"
    edge.write_text(
        "from skatliste.store.lists import load\nfrom skatliste.skat.sheet import _Rounds\n",
        encoding="utf-8",
    )
    assert _imports(edge) == [
        (1, "skatliste.store.lists", "load"),
        (2, "skatliste.skat.sheet", "_Rounds"),
    ]
    assert _is_private("_Rounds") and not _is_private("__version__")
    assert _is_store("skatliste.store.lists") and not _is_store("skatliste.ledgers_of_another_kind")


_FOLDERS = ("skat", "american", "store", "render")
BELOW_THE_APP = [
    *sorted(p for folder in _FOLDERS for p in (PACKAGE / folder).glob("*.py")),
    *(PACKAGE / name for name in ("families.py", "fields.py", "options.py")),
]
"""The game families, their registry, the store and the renderers: below the application."""


@pytest.mark.parametrize("path", BELOW_THE_APP, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_nothing_below_the_application_imports_it_or_an_edge(path: Path) -> None:
    """Imports flow one way (core → store → app → edges), imports inside functions counted:
    the families, the store and the renderers never reach up."""
    up = ("skatliste.app", "skatliste.cli", "skatliste.web")
    bad = [
        f"{path.name}:{line}: {module}"
        for line, module, _ in _imports(path)
        if module.startswith(up)
    ]
    assert bad == []
