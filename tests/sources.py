"""The package's modules parsed once per test process: the scans of test_messages,
test_structure, test_layers and test_web_layers each walk every module, and parsing all of
them takes seconds. Keyed by the text itself, so a file written in a test is parsed anew; the
trees are shared, so no scan may change one."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


@cache
def parse(source: str) -> ast.Module:
    """The tree of ``source``, parsed the first time it is asked for."""
    return ast.parse(source)


def parsed(path: Path) -> ast.Module:
    """The tree of the module at ``path``."""
    return parse(path.read_text(encoding="utf-8"))
