"""A package's names imported on first use (PEP 562's module ``__getattr__``): a command loads
the modules it uses, not every module the package offers names of."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def names_from(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: each name of ``where`` imported from its module when
    first looked up, and kept in the package; any other name an ``AttributeError``."""

    def lookup(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    return lookup
