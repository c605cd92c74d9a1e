"""Write a realistic ledger of N games for the benchmark: python bench/make_ledger.py N PATH.

The games are a fixed-seed mix of what a club's season holds: mostly suit games and Grands,
some Null, overbids, Kontra/Re, all-passed deals.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from skatliste.skat.entries import Entry, GameEntry, PassedEntry
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.words import parse_words
from skatliste.store.lists import new_list as new_ledger
from skatliste.store.lists import save

TYPICAL = [
    "kreuz mit 1 augen 72",
    "pik ohne 2 augen 65",
    "herz mit 2 augen 58",
    "karo ohne 1 augen 91",
    "grand mit 1 augen 80",
    "grand ohne 2 hand augen 66",
    "grand mit 2 augen 95",
    "kreuz ohne 3 hand augen 75",
    "pik mit 1 gereizt 36 augen 70",
    "herz ohne 1 augen 61 kontra",
    "karo mit 3 augen 40 kontra re",
    "null",
    "null hand verloren",
    "null ouvert",
    "kreuz mit 2 hand schneider angesagt augen 92",
    "grand mit 4 augen 120 schwarz",
]
PLAYERS = ["Anna", "Ben", "Carl"]


def realistic_entries(count: int, seed: int = 2026) -> list[Entry]:
    rng = random.Random(seed)
    parsed = [parse_words(words.split()) for words in TYPICAL]
    entries: list[Entry] = []
    for i in range(count):
        if rng.random() < 0.05:
            entries.append(PassedEntry(time="2026-01-01T20:00:00+00:00"))
            continue
        p = rng.choice(parsed)
        entries.append(
            GameEntry(
                declarer=PLAYERS[(i + rng.randrange(3)) % 3],
                declaration=p.declaration,
                outcome=p.outcome,
                time="2026-01-01T20:00:00+00:00",
            )
        )
    return entries


def main() -> None:
    count, path = int(sys.argv[1]), Path(sys.argv[2])
    ledger = new_ledger(path, PLAYERS, first_dealer=None, rules=build_rule_set())
    ledger.entries.extend(realistic_entries(count))
    save(ledger)


if __name__ == "__main__":
    main()
