"""Where a site is published from: the list files and the tournament, season, league and
club folders given, each found by its own file, and what their publish files say of
privacy (``skatliste publish``)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from skatliste.app.publish_summary import Kind
from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.store import publish as store
from skatliste.store.files import TOURNAMENT_FILE, is_list
from skatliste.store.league import FILE_NAME as LEAGUE_FILE
from skatliste.store.publish import Privacy
from skatliste.store.season import FILE_NAME as SEASON_FILE


@dataclass(frozen=True)
class Source:
    """A list file or a folder the site is published from, and what it is."""

    kind: Kind
    path: Path


# --- finding the sources ----------------------------------------------------------------------


def _kind_of_folder(folder: Path) -> Kind | None:
    if (folder / TOURNAMENT_FILE).is_file():
        return Kind.TOURNAMENT
    if (folder / LEAGUE_FILE).is_file():
        return Kind.LEAGUE
    if (folder / SEASON_FILE).is_file():
        return Kind.SEASON
    return None


def _walk(folder: Path) -> Iterable[Source]:
    """The sources in a club's folder, in the order of their paths: a tournament and a league
    hold their tables (not walked into); a season's lists and tournaments are events too."""
    kind = _kind_of_folder(folder)
    if kind is not None:
        yield Source(kind, folder)
        if kind is not Kind.SEASON:
            return
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        path = Path(entry.path)
        if entry.is_dir():
            yield from _walk(path)
        elif entry.name.endswith(".json") and is_list(path):
            yield Source(Kind.LIST, path)


def find_sources(paths: Sequence[Path | str]) -> list[Source]:
    """Every source under ``paths``, each once; a path that is none is refused with what it
    is."""
    found: dict[Path, Source] = {}
    named: dict[Path, str] = {}
    for given in paths:
        path = Path(given)
        first = named.get(path.resolve())
        if first is not None:  # the same file or folder twice (a season refuses it too)
            raise InputError(
                msg(
                    "{path} is given twice (as {first}): give each source once",
                    path=str(given),
                    first=first,
                )
            )
        named[path.resolve()] = str(given)
        if path.is_file():
            if not is_list(path):
                raise InputError(
                    msg(
                        "{path}: not a skatliste list; publish takes lists and tournament, "
                        "season, league or club folders",
                        path=str(path),
                    )
                )
            got = [Source(Kind.LIST, path)]
        elif path.is_dir():
            got = list(_walk(path))
            if not got:
                raise InputError(
                    msg(
                        "{path}: no list, tournament, season or league in this folder",
                        path=str(path),
                    )
                )
        else:
            raise InputError(msg("{path}: no such file or folder", path=str(path)))
        for s in got:
            found.setdefault(s.path.resolve(), s)
    return list(found.values())


def privacy_of(paths: Sequence[Path | str]) -> Privacy:
    """What the publish files say, together: each given folder's and its folders' below (a
    player left off or shown by initials in one is so on the whole site)."""
    title = ""
    initials: set[str] = set()
    hidden: set[str] = set()
    for given in paths:
        path = Path(given)
        folders = [path] if path.is_dir() else [path.parent]
        if path.is_dir():
            folders += sorted(p.parent for p in path.rglob(store.FILE_NAME))
        for folder in dict.fromkeys(folders):
            got = store.load(folder)
            if got is not None:
                title = title or got.title
                initials |= got.initials
                hidden |= got.hidden
    return Privacy(title, frozenset(initials), frozenset(hidden))
