"""Write a long American Grand list for the benchmark: python bench/make_american.py N PATH.

The list is started as a user starts one (``skatliste new --rules american-grand``); its N
deals are a fixed-seed mix of the four contracts, made and set, written in the file's own
format (one deal a line), so the list is read as any list a table has kept.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

SKATLISTE = str(Path(sys.executable).with_name("skatliste"))
PLAYERS = ["Anna", "Ben", "Carl", "Dora"]
TYPICAL: list[dict[str, object]] = [
    {"contract": "whist", "bid": 25, "tricks": 11},
    {"contract": "whist", "bid": 30, "tricks": 12},
    {"contract": "whist", "bid": 20, "tricks": 8},
    {"contract": "grand", "bid": 20, "tricks": 10},
    {"contract": "grand", "bid": 25, "tricks": 10},
    {"contract": "grand", "bid": 15, "tricks": 3},
    {"contract": "euchre", "bid": 10, "tricks": 4},
    {"contract": "euchre", "bid": 20, "tricks": 4, "alone": True},
    {"contract": "euchre", "bid": 25, "tricks": 5, "alone": True},
    {"contract": "hearts", "bid": 30, "hearts": 0},
    {"contract": "hearts", "bid": 45, "hearts": 4},
]


def deals(count: int, seed: int = 2026) -> list[str]:
    """``count`` deal lines three minutes apart, each by a random player of the table."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, 20, tzinfo=UTC)
    lines = []
    for i in range(count):
        deal = {"kind": "deal", "declarer": rng.choice(PLAYERS), **rng.choice(TYPICAL)}
        deal["time"] = (start + timedelta(minutes=3 * i)).isoformat()  # a deal in 3 minutes
        lines.append(json.dumps(deal, separators=(",", ":")))
    return lines


def main() -> None:
    count, path = int(sys.argv[1]), Path(sys.argv[2])
    path.unlink(missing_ok=True)
    subprocess.run(
        [SKATLISTE, "new", "--rules", "american-grand", "--players", *PLAYERS],
        env={"SKATLISTE_LEDGER": str(path), "PATH": str(Path(sys.executable).parent)},
        check=True,
        capture_output=True,
    )
    text = path.read_text(encoding="utf-8")
    games = '"games": [\n' + ",\n".join(f"    {line}" for line in deals(count)) + "\n  ]"
    assert text.count('"games": []') == 1
    path.write_text(text.replace('"games": []', games), encoding="utf-8")


if __name__ == "__main__":
    main()
