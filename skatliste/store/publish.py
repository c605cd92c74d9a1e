"""The publish file: ``publish.json`` in a folder a site is published from says, for every
list and folder below it, which players the public site shows by their initials and which it
leaves off (as federations publish results: a player may ask not to be named). Facts only,
written by hand; defined once here, read strictly by :mod:`skatliste.store.formats`.

.. code-block:: json

    {"format": "skatliste-publish", "version": 1,
     "initials": ["Hans-Jürgen"], "hidden": ["Gerd"], "prizes": ["45", "27", "18"]}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from skatliste.fields import Const, Field, ListOf, Names, Places, Record, Text, at
from skatliste.i18n import msg
from skatliste.players import same_name
from skatliste.store.formats import Format, read

FILE_NAME: Final = "publish.json"
FORMAT_NAME: Final = "skatliste-publish"
FORMAT_VERSION: Final = 1

PUBLISH = Record(
    "publish",
    (
        Field("format", Const(FORMAT_NAME)),
        Field("version", Const(FORMAT_VERSION)),
        Field("title", Text(), "", "the site's title (the folder's name without it)"),
        Field("initials", Names(), [], "players shown by their initials"),
        Field("hidden", Names(), [], "players left off the public site"),
        Field(
            "prizes",
            ListOf(Text(pattern=r"\d{1,7}([.,]\d{1,2})?", like="27,50")),
            [],
            "a tournament folder's prize of each place in euro, the first place's first",
        ),
    ),
    "What the public site shows of the players of the lists and folders below it.",
)


def _rules(data: dict[str, Any]) -> Places:
    """A name in both lists is a contradiction, not a choice."""
    hidden = {same_name(n) for n in data.get("hidden", [])}
    for i, name in enumerate(data.get("initials", []), 1):
        if same_name(name) in hidden:
            yield (
                at("initials", i),
                msg(
                    "'{name}' is both shown by initials and left off; keep it in one list",
                    name=name,
                ),
            )


FORMAT = Format(FORMAT_NAME, FORMAT_VERSION, PUBLISH, "publish file", {}, _rules)
"""The publish file: what its reader checks."""


@dataclass(frozen=True)
class Privacy:
    """Who the site shows by initials, who it leaves off (names compared as the lists compare
    them: ``players.same_name``)."""

    title: str = ""
    initials: frozenset[str] = frozenset()
    hidden: frozenset[str] = frozenset()
    prizes: tuple[Fraction, ...] = ()
    """The prize of each place (in euro) of the tournament in this folder."""


def parse(path: Path, raw: bytes) -> Privacy:
    """The publish file in ``raw``, read by its format: refused with every problem found."""
    data = read(FORMAT, path, raw).data
    return Privacy(
        data.get("title", ""),
        frozenset(same_name(n) for n in data.get("initials", [])),
        frozenset(same_name(n) for n in data.get("hidden", [])),
        tuple(Fraction(x.replace(",", ".")) for x in data.get("prizes", [])),
    )


def load(folder: Path) -> Privacy | None:
    """The publish file of ``folder``, or None where it has none."""
    path = folder / FILE_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    return parse(path, raw)
