"""Write a championship's tournament folder for the benchmark: N players, S series, every
table's list full (48 games at a table of four, 36 at three), drawn with repeat avoidance.

    python bench/make_tournament.py 1000 3 FOLDER

The games are a fixed-seed mix of tournament games (no Kontra, no Bock, no Ramsch); at a
table of four the dealer sits out and never declares.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from skatliste import tournament as core
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, Table
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.words import parse_words
from skatliste.store import tournament as store
from skatliste.store.lists import new_list as new_ledger
from skatliste.store.lists import save

GAMES = [
    "kreuz mit 1 augen 72",
    "pik ohne 2 augen 65",
    "herz mit 2 augen 58",
    "karo ohne 1 augen 91",
    "grand mit 1 augen 80",
    "grand ohne 2 hand augen 66",
    "grand mit 2 augen 95",
    "kreuz ohne 3 hand augen 75",
    "pik mit 1 gereizt 36 augen 70",
    "null",
    "null hand verloren",
    "null ouvert",
]
TIME = "2026-12-05T10:00:00+00:00"


def entries(table: Table, count: int, rng: random.Random) -> list[Entry]:
    parsed = [parse_words(words.split()) for words in GAMES]
    out: list[Entry] = []
    for i in range(count):
        if rng.random() < 0.05:
            out.append(PassedEntry(time=TIME))
            continue
        p = rng.choice(parsed)
        declarer = rng.choice(table.active(i))
        out.append(
            GameEntry(declarer=declarer, declaration=p.declaration, outcome=p.outcome, time=TIME)
        )
    return out


def build(folder: Path, players: int, series: int, *, seed: int = 2026) -> None:
    """The folder, written through the store and the ledger (the programs' own writers)."""
    rng = random.Random(seed)
    names = [f"Spieler {i:04d}" for i in range(1, players + 1)]
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    t = store.Tournament(
        folder=folder,
        name=f"Meisterschaft ({players} players)",
        date="2026-12-05",
        created=now,
        series=series,
        games={3: 36, 4: 48},
        seed=seed,
        players=[core.Player(n, f"Club {i % 40:02d}", i + 1) for i, n in enumerate(names)],
    )
    store.create(t)
    rules = build_rule_set("tournament")
    for s in range(1, series + 1):
        met = core.pairs_met([d.tables for d in t.draws])
        drawn = core.draw(names, seed=seed + s, met=met)
        (folder / f"series-{s}").mkdir()
        for n, seated in enumerate(drawn.tables, start=1):
            ledger = new_ledger(
                folder / store.list_name(s, n), list(seated), first_dealer=None, rules=rules
            )
            length = ledger.table.series
            assert length is not None
            ledger.entries = entries(ledger.table, length, rng)
            save(ledger)
        t.draws.append(store.Seating(s, seed + s, now, list(drawn.tables), len(drawn.repeats)))
    with store.locked(folder):
        store.save(t)


def main() -> None:
    players, series, folder = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    build(folder, players, series)


if __name__ == "__main__":
    main()
