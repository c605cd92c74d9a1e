"""The command line: parse, call the application layer, render, set the exit code.

One module per group of commands; each registers its commands on the group in ``base``.
This package is the only place (with ``skatliste.web``) that prints or exits.
"""

import skatliste.cli.serve  # noqa: F401  (registers skatliste serve)
from skatliste.cli import (  # noqa: F401  (registers commands)
    american,
    cards,
    lists,
    play,
    reports,
    tournament,
    values,
)
from skatliste.cli.base import cli, main

__all__ = ["cli", "main"]
