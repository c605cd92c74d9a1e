"""The message catalogues, kept by Babel at development time (``make catalogues``).

``python -m tests.catalogues`` extracts every message id from the package (the calls
``msg(id, ...)`` and ``nmsg(singular, plural, count, ...)``) and every text of the commands'
``--help`` (their docstrings, options' ``help=`` and metavars, which Babel does not see: the
command tree is walked for them, ``extract_help``), adds the new ids to each
language's ``.po`` with an empty text to fill in, keeps every translation there, and compiles
the ``.mo`` beside it. The order of the ``.po`` is kept (new ids go at the end), so two
branches that each add messages merge without moving each other's entries. An entry whose id
the code no longer uses stays, unless ``--drop-unused`` is given (a branch that still uses it
then merges without losing its German); drop them once the branches are in.

The tests in ``tests/test_messages.py`` use the same extraction: an id without German, or a
German text whose placeholders are not its id's, fails there.
"""

from __future__ import annotations

import io
import string
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "skatliste"
LOCALE = PACKAGE / "locale"
DOMAIN = "skatliste"
KEYWORDS: dict[str, Any] = {"msg": None, "nmsg": (1, 2), "pmsg": ((1, "c"), 2)}
"""``msg(id, ...)``, ``nmsg(singular, plural, count, ...)`` and ``pmsg(context, id, ...)``
(skatliste.i18n)."""

LANGUAGES = ("de",)
"""The languages with a catalogue (English is the ids themselves)."""


@dataclass(frozen=True)
class Found:
    """One message id the code uses, and where."""

    id: str | tuple[str, str]
    where: str
    context: str | None = None

    @property
    def key(self) -> str:
        """The id (its singular for a plural) the catalogue files it under."""
        return self.id if isinstance(self.id, str) else self.id[0]


def extract(folder: Path = PACKAGE) -> list[Found]:
    """Every message id of the package, in the order of the files and their lines."""
    found: list[Found] = []
    for filename, lineno, message, _comments, context in extract_from_dir(
        folder, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        where = f"{folder.name}/{filename}:{lineno}"
        ident = message if isinstance(message, str) else tuple(message)
        found.append(Found(ident, where, context))  # type: ignore[arg-type]
    return found


def extract_help() -> list[Found]:
    """Every id of the commands' ``--help`` (their docstrings, the options' ``help=``, the
    metavars), which Babel's extraction does not see: the command tree walked, every command
    loaded (skatliste.cli.helptexts)."""
    from skatliste.cli import cli
    from skatliste.cli.helptexts import ids

    return [Found(ident, f"{where} --help", context) for ident, context, where in ids(cli)]


def used() -> list[Found]:
    """Every id the package uses: its messages, then its commands' help."""
    return extract() + extract_help()


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a text (``{{`` is a brace, not a placeholder)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def texts(entry: Message | None) -> list[str]:
    """The translated text of an entry, each plural form of it (none for no entry)."""
    if entry is None or entry.string is None:
        return []
    if isinstance(entry.string, str):
        return [entry.string]
    return [str(t) for t in entry.string]


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` of a catalogue."""
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _flags(ident: str | tuple[str, str]) -> set[str]:
    ids = (ident,) if isinstance(ident, str) else ident
    return {"python-brace-format"} if any(fields(i) for i in ids) else set()


def update(lang: str, *, drop_unused: bool = False) -> tuple[int, int]:
    """Bring the catalogue of ``lang`` up to the code; return (ids added, entries dropped)."""
    catalog = read(lang)
    kept: dict[tuple[str, str | None], Found] = {}
    for found in used():
        kept.setdefault((found.key, found.context), found)
    added = dropped = 0
    for (key, context), found in kept.items():
        if catalog.get(key, context) is not None:
            continue
        empty: str | tuple[str, str] = "" if isinstance(found.id, str) else ("", "")
        catalog.add(found.id, empty, flags=_flags(found.id), context=context)
        added += 1
    if drop_unused:
        for message in list(catalog):
            if message.id and (_key(message), message.context) not in kept:
                catalog.delete(message.id, message.context)
                dropped += 1
    catalog.obsolete.clear()
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, include_previous=False)
    po_path(lang).write_bytes(out.getvalue())
    po_path(lang).with_suffix(".mo").write_bytes(compiled(read(lang)))
    return added, dropped


def _key(message: Message) -> str:
    return message.id if isinstance(message.id, str) else str(message.id[0])


def main(argv: list[str]) -> int:
    drop = "--drop-unused" in argv
    for lang in LANGUAGES:
        added, dropped = update(lang, drop_unused=drop)
        print(f"{po_path(lang).relative_to(ROOT)}: {added} new id(s), {dropped} dropped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
