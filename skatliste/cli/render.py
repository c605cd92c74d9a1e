"""How the CLI shows a list's entries: by the renderers its game family registered
(``skatliste.render``), and the words of an entry; where an organiser's export goes. Text
only, no logic."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from skatliste.cli.base import say
from skatliste.i18n import Lang, Message, msg

__all__ = ["entry_words", "export_format", "put_out", "rendered"]

if TYPE_CHECKING:
    from skatliste.app.lists import Ledger


def rendered(ledger: Ledger, fmt: str) -> Callable[..., Any]:
    """The renderer of ``fmt`` for the list's family (imported when used, so that
    ``skatliste value`` does not load the sheet)."""
    from skatliste.render import renderer

    return renderer(ledger.family, fmt)


def entry_words(ledger: Ledger, entry: object, lang: Lang) -> str:
    """An entry of the list as the words that would enter it again."""
    words: str = ledger.family.words(entry, lang)
    return words


def export_format(fmt: str | None, output: Path | None) -> str:
    """An organiser's export's format: ``--format``, else the output file's ending (html,
    csv, json), else html."""
    if fmt is not None:
        return fmt
    suffix = output.suffix.lower().lstrip(".") if output else ""
    return suffix if suffix in ("html", "csv", "json") else "html"


def put_out(output: Path | None, text: str, what: Message, fmt: str) -> None:
    """An export to the terminal (no ``-o``, or ``-o -``), else into its file, saying so."""
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return
    from skatliste.app.reports import write_output

    write_output(output, text)
    click.echo(say(msg("{path}: {what} written ({format})", path=output, what=what, format=fmt)))
