"""How the bench's lists are made: as a user makes them, through the CLI and the list file's
own format, never through the package's insides (which change; the format is versioned).

A list is started with ``skatliste new`` (or by ``tournament draw``); a few typical games are
entered once with ``skatliste add`` on a scratch list, and their stored lines are repeated
with other declarers, one entry a line, as the writer lays a list out (docs/file-format.md).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

SKATLISTE = str(Path(sys.executable).with_name("skatliste"))
TIME = "2026-12-05T20:00:00+00:00"
PASSED = "pass"
"""In a list of typical games: an all-passed deal (``skatliste pass``)."""

Entry = dict[str, Any]


def skatliste(*args: str) -> str:
    """Run ``skatliste ARGS`` in English; its output (exits the bench when it fails)."""
    done = subprocess.run(
        [SKATLISTE, *args, "--lang", "en"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"bench: skatliste {' '.join(args[:3])} ... failed: {done.stderr[:300]}")
    return done.stdout


def entered(games: Sequence[str], *, rules: str = "isko") -> list[Entry]:
    """Each of ``games`` (the words ``add`` takes after the declarer, or ``PASSED``) entered
    once on a scratch list of three with ``rules``: the entries as the list stores them."""
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "scratch.json")
        skatliste("new", "--players", "Anna", "Ben", "Carl", "--rules", rules, "--ledger", path)
        for words in games:
            if words == PASSED:
                skatliste("pass", "--ledger", path)
            else:
                skatliste("add", "Anna", *words.split(), "--ledger", path)
        stored: list[Entry] = json.loads(Path(path).read_text(encoding="utf-8"))["games"]
    return [entry | {"time": TIME} for entry in stored]


def header(path: Path) -> dict[str, Any]:
    """A list file's fields but its entries."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    del data["games"]
    return data


def active(players: Sequence[str], first_dealer: str, index: int) -> list[str]:
    """Who may declare game ``index`` (0-based): at a table of four the dealer sits out, and
    the deal passes clockwise (rules §1)."""
    if len(players) != 4:
        return list(players)
    dealer = players[(players.index(first_dealer) + index) % 4]
    return [p for p in players if p != dealer]


def dealt(
    players: Sequence[str], first_dealer: str, typical: Sequence[Entry], count: int, seed: int
) -> list[Entry]:
    """``count`` entries drawn from ``typical`` (fixed seed), three minutes apart, each game
    declared by a player who plays it: the dealer at a table of four never declares."""
    rng = random.Random(seed)
    start = datetime.fromisoformat(TIME)
    out = []
    for i in range(count):
        entry = dict(rng.choice(typical))
        entry["time"] = (start + timedelta(minutes=3 * i)).isoformat()  # a game in 3 minutes
        if "declarer" in entry:
            entry["declarer"] = rng.choice(active(players, first_dealer, i))
        out.append(entry)
    return out


def write(path: Path, entries: Sequence[Entry], *, fields: dict[str, Any] | None = None) -> None:
    """Put ``entries`` into the list at ``path`` (started empty), one a line as the writer lays
    them out; ``fields`` replace fields of its header (its players, its first dealer)."""
    data = header(path) | (fields or {})
    history = data.pop("history", [])
    head = json.dumps(data | {"games": [], "history": history}, ensure_ascii=False, indent=2)
    lines = ",\n".join(
        "    " + json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries
    )
    assert head.count('"games": []') == 1
    text = head.replace('"games": []', f'"games": [\n{lines}\n  ]' if entries else '"games": []')
    path.write_text(text + "\n", encoding="utf-8")
