"""The web edge sits on the application layer: it never touches the list file itself, never
imports the CLI, and nothing below the edges imports Starlette."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from .conftest import ROOT
from .sources import parsed

PACKAGE = ROOT / "skatliste"


def imported(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


WEB = sorted((PACKAGE / "web").glob("*.py"))
BELOW_THE_EDGES = sorted(p for p in PACKAGE.rglob("*.py") if not p.is_relative_to(PACKAGE / "web"))


@pytest.mark.parametrize("path", WEB, ids=lambda p: p.name)
def test_web_calls_the_app_never_the_store_or_the_cli(path: Path) -> None:
    for name in imported(path):
        assert not name.startswith(("skatliste.store", "skatliste.cli", "click")), name


@pytest.mark.parametrize("path", BELOW_THE_EDGES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_web_edge_imports_starlette(path: Path) -> None:
    """(``cli/serve.py`` starts the server: it imports uvicorn and the web app, not
    Starlette.)"""
    for name in imported(path):
        assert not name.startswith(("starlette", "jinja2")), name
