"""Write a Skat list of N games for the benchmark: python bench/make_ledger.py N [RULES] PATH.

The list is started as a user starts one (``skatliste new``, the ISkO rules unless RULES names
another preset, three players);
its games are a fixed-seed mix of what a club's evenings hold: mostly suit games and Grands,
some Null, overbids, Kontra and Re, one deal in twenty passed (bench/filled.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from filled import PASSED, dealt, entered, skatliste, write

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


def main() -> None:
    count, *rules, path = sys.argv[1:]
    where = Path(path)
    where.unlink(missing_ok=True)
    skatliste("new", "--players", *PLAYERS, "--rules", *(rules or ["isko"]), "--ledger", path)
    # one deal in twenty passed: the mix holds each game once and the pass 1/19 of it
    typical = entered([*TYPICAL, PASSED])
    mix = typical[:-1] * 19 + [typical[-1]] * len(TYPICAL)
    write(where, dealt(PLAYERS, PLAYERS[0], mix, int(count), seed=2026))


if __name__ == "__main__":
    main()
