"""The command line: parse, call the application layer, render, set the exit code.

One module per group of commands; each registers its commands on the group in ``base``.
This package is the only place (with ``skatliste.web``) that prints or exits.
"""

from skatliste.cli import (  # noqa: F401  (registers commands)
    agree,
    cards,
    lists,
    play,
    reports,
    values,
)
from skatliste.cli.base import cli, main

# imported when called or listed: their application layers are heavy at start-up
cli.lazy = {
    "tournament": "skatliste.cli.tournament",
    "season": "skatliste.cli.season",
    "league": "skatliste.cli.league",
    "serve": "skatliste.cli.serve",
}

__all__ = ["cli", "main"]
