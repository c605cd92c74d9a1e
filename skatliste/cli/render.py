"""Where the CLI's exports go: their format from ``--format`` or the file's name, the
terminal or a file. Text only, no logic."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from skatliste.app.output import refuse_target, write_output
from skatliste.cli.base import refuse, say
from skatliste.i18n import Message, msg

__all__ = ["export_format", "put_out"]

SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".csv": "csv", ".json": "json"}
"""The export format a file's name ends in."""


def export_format(
    fmt: str | None,
    output: Path | None,
    formats: Sequence[str] = ("html", "csv", "json"),
    *,
    option: str = "--format ",
    lists: Sequence[Path] = (),
) -> str:
    """An export's format: ``--format``, else the output file's ending (``.html`` or ``.htm``,
    ``.md``, ``.csv``, ``.json``), else html. A file whose ending names another format than
    ``--format`` (``--format html -o b.md``), or one this export does not write (``formats``),
    is refused (exit 2), nothing written: the file would hold what its name does not say
    (``option``: how the format was given, before its name). A file of skatliste's own (one
    of ``lists``, any list) is refused as such first: the name is the smaller matter."""
    named = None if output is None or str(output) == "-" else SUFFIXES.get(output.suffix.lower())
    if named is None or named == fmt:
        return fmt or "html"
    assert output is not None

    refuse_target(output, lists=lists)
    if fmt is not None:
        refuse(
            msg(
                "{path}: the name ends in {suffix}, not .{format}: write it as -o {fixed}, or "
                "leave out {asked} to write {named}",
                path=str(output),
                suffix=output.suffix,
                named=named,
                format=fmt,
                asked=option + fmt,
                fixed=str(output.with_suffix(f".{fmt}")),
            )
        )
    if named not in formats:
        names = [str(output.with_suffix(f".{f}")) for f in formats]
        refuse(
            msg(
                "{path}: the name ends in {suffix}, but this export writes no {named}, only "
                "{formats}: name the file {names}",
                path=str(output),
                suffix=output.suffix,
                named=named,
                formats=", ".join(formats),
                names=", ".join(names),
            )
        )
    return named


def put_out(output: Path | None, text: str, what: Message, fmt: str) -> None:
    """An export to the terminal (no ``-o``, or ``-o -``), else into its file, saying so."""
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return

    write_output(output, text)
    click.echo(say(msg("{path}: {what} written ({format})", path=output, what=what, format=fmt)))
