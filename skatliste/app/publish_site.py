"""Writing a published site: each page compared with the file already there and written only
when it differs (atomically, so a reader never gets half a page), the pages of an earlier run
that are gone taken away. The site folder holds one manifest, ``.skatliste-site.json``: the
pages skatliste wrote there (so it never deletes a file of anyone else's, and never writes
into a folder that holds other things)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skatliste.app.publish_summary import Summary
from skatliste.errors import LedgerError
from skatliste.i18n import msg
from skatliste.store.files import atomic_write

MANIFEST = ".skatliste-site.json"
"""The site folder's list of the pages skatliste wrote there."""


@dataclass(frozen=True)
class Written:
    """What a run changed: pages written (new or changed), left as they were, taken away."""

    written: list[str]
    same: list[str]
    removed: list[str]


def _manifest(out: Path) -> dict[str, Any]:
    """The manifest: ``pages`` (every page skatliste wrote there) and ``tags`` (each sheet's
    tag: what its page was drawn from)."""
    path = out / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {"pages": [], "tags": {}}
    except (OSError, ValueError):
        data = None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("pages"), list)
        or not isinstance(data.get("tags", {}), dict)
    ):
        raise LedgerError(
            msg(
                "{path}: not a manifest skatliste wrote; delete it or publish to another folder",
                path=str(path),
            )
        )
    return {
        "pages": [str(p) for p in data["pages"]],
        "tags": data.get("tags", {}),
        "sources": data.get("sources", []),
    }


def known_tags(out: Path) -> dict[str, str]:
    """The tag of each sheet whose page is still there, as the last run wrote it."""
    if not (out / MANIFEST).is_file():
        return {}
    tags = _manifest(out)["tags"]
    return {k: str(v) for k, v in tags.items() if (out / k).is_file()}


def check_target(out: Path) -> None:
    """Refuse a site folder that holds anything but an earlier site (nothing is written)."""
    if out.exists() and not out.is_dir():
        raise LedgerError(msg("{path}: not a folder; give the site's folder", path=str(out)))
    if out.is_dir() and not (out / MANIFEST).exists() and any(out.iterdir()):
        raise LedgerError(
            msg(
                "{path}: the folder holds files skatliste did not publish; give an empty or a "
                "new folder",
                path=str(out),
            )
        )
    _manifest(out)


def _inside(out: Path, key: str) -> Path:
    path = (out / key).resolve()
    if not path.is_relative_to(out.resolve()):  # a key is made by the site, never typed
        raise LedgerError(msg("{path}: outside the site", path=key))
    return path


def known_summaries(out: Path) -> dict[str, Summary]:
    """Each source's summary as the last run kept it, by the source's path; one the manifest
    does not hold whole, or whose pages are not all there, is left out (read again)."""
    if not (out / MANIFEST).is_file():
        return {}
    found = {}
    for data in _manifest(out)["sources"]:
        try:
            got = Summary.from_json(data)
        except (KeyError, ValueError, TypeError):
            continue
        if all((out / k).is_file() for k in got.keys if k.endswith(".html")):
            found[got.source] = got
    return found


def write_site(
    out: Path,
    pages: Mapping[str, str],
    *,
    kept: Sequence[str] = (),
    tags: Mapping[str, str] | None = None,
    summaries: Sequence[Summary] = (),
) -> Written:
    """Write ``pages`` (key → text) under ``out``: only what changed; the pages ``kept`` are
    left as they are (their sheets' ``tags`` unchanged)."""
    check_target(out)
    old = _manifest(out)["pages"]
    out.mkdir(parents=True, exist_ok=True)
    written, same = [], list(kept)
    for key, text in sorted(pages.items()):
        path = _inside(out, key)
        data = text.encode("utf-8")
        try:
            if path.read_bytes() == data:
                same.append(key)
                continue
        except OSError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text, what="file", durable=False)
        written.append(key)
    removed = []
    for key in old:
        if key not in pages and key not in kept:
            path = _inside(out, key)
            try:
                path.unlink()
                removed.append(key)
            except FileNotFoundError:
                pass
            parent = path.parent
            while parent != out.resolve() and parent.is_dir() and not any(parent.iterdir()):
                parent.rmdir()
                parent = parent.parent
    listed = {
        "pages": sorted({*pages, *kept}),
        "tags": dict(sorted((tags or {}).items())),
        "sources": [x.to_json() for x in summaries],
    }
    manifest = json.dumps(listed, ensure_ascii=False, separators=(",", ":")) + "\n"
    if _read(out / MANIFEST) != manifest:
        atomic_write(out / MANIFEST, manifest, what="file")
    return Written(written, same, removed)


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def stamp(paths: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """What ``--watch`` compares: each file's name, modification time and size (a folder's:
    a file added or taken away)."""
    out = []
    for p in paths:
        try:
            st = os.stat(p)
        except OSError:
            continue
        out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)
