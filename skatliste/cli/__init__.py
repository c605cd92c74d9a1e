"""The command line: parse, call the application layer, render, set the exit code.

One module per group of commands; each registers its commands on the group in ``base``,
and is imported only when one of its commands is called or listed (a command's start-up
loads its own module, not every command's). This package is the only place (with
``skatliste.web``) that prints or exits.
"""

from skatliste.cli.base import cli, main

MODULES: dict[str, tuple[str, ...]] = {
    "skatliste.cli.lists": (
        "add",
        "bock",
        "check",
        "delete",
        "edit",
        "end",
        "history",
        "insert",
        "new",
        "pass",
        "ramsch",
        "restore",
        "rules",
        "undo",
    ),
    "skatliste.cli.schema": ("schema",),
    "skatliste.cli.reports": ("chart", "explain", "export", "sheet", "stats", "summary"),
    "skatliste.cli.skat_values": ("bids", "value"),
    "skatliste.cli.skat_cards": ("augen", "replay", "spitzen", "trick"),
    "skatliste.cli.skat_play": ("play",),
    "skatliste.cli.agree": ("compare", "protest", "reopen", "sign"),
    "skatliste.cli.tournament": ("tournament",),
    "skatliste.cli.season": ("season",),
    "skatliste.cli.league": ("league",),
    "skatliste.cli.serve": ("serve",),
    "skatliste.cli.publish": ("publish",),
}
"""Each command module and the commands it registers (a test checks the two agree)."""

cli.lazy = {name: module for module, names in MODULES.items() for name in names}

__all__ = ["MODULES", "cli", "main"]
