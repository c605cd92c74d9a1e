"""Write a club's season folder for the benchmark: E evenings of 4 tables of four, each table's
list of 45 games (50 evenings: 200 lists, 9,000 games), 16 of 20 players seated at random each
evening, the season's rules a growing drop.

    python bench/make_season.py 50 FOLDER

The games are the tournament benchmark's fixed-seed mix; at a table of four the dealer sits
out and never declares.
"""

from __future__ import annotations

import random
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from make_tournament import entries

from skatliste.season import SeasonRules
from skatliste.skat.rulesets import build_rule_set
from skatliste.store import season as store
from skatliste.store.files import locked
from skatliste.store.lists import new_list, save

TABLES, GAMES, PLAYERS = 4, 45, 20


def build(folder: Path, evenings: int, *, seed: int = 2027) -> None:
    """The folder, written through the season store and the ledger (the programs' writers)."""
    rng = random.Random(seed)
    names = [f"Spieler {i:02d}" for i in range(1, PLAYERS + 1)]
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    rules = SeasonRules(drop_from=30, drop_every=5, drop_max=5, min_evenings=10)
    s = store.Season(folder, f"Saison ({evenings} Abende)", now, rules)
    store.create(s)
    (folder / "abende").mkdir()
    first = date(2027, 1, 1)
    for n in range(evenings):
        day = (first + timedelta(days=7 * n)).isoformat()
        seated = rng.sample(names, 4 * TABLES)
        paths = []
        for t in range(TABLES):
            rel = f"abende/{day}-tisch{t + 1}.json"
            ledger = new_list(
                folder / rel,
                seated[4 * t : 4 * t + 4],
                first_dealer=None,
                rules=build_rule_set("isko"),
            )
            ledger.entries = entries(ledger.table, GAMES, rng)
            save(ledger)
            paths.append(rel)
        s.evenings.append(store.Evening(day, tuple(paths)))
    with locked(s.path):
        store.save(s)


def main() -> None:
    build(Path(sys.argv[2]), int(sys.argv[1]))


if __name__ == "__main__":
    main()
