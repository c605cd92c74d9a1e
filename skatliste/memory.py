"""Memory: long lists are many small objects that refer to no other.

A list of 100,000 games is about a million objects (entries, rows, their dicts) with no cycle
among them. Python's cyclic garbage collector runs again and again while they are made and
finds nothing to free; switched off for that while, reading, deriving and drawing a long list
costs a fifth to a quarter less. It is on again afterwards, as it was.

>>> import gc
>>> with collector_off():
...     gc.isenabled()
False
>>> gc.isenabled()
True
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_off() -> Iterator[None]:
    """Run the block without the cyclic garbage collector, and restore it as it was, also when
    the block raises."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
