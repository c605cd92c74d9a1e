"""Write a club's season folder for the benchmark: E evenings of 4 tables of four, each table's
list of 45 games (50 evenings: 200 lists, 9,000 games), 16 of 20 players seated at random each
evening, the season's rules a growing drop.

    python bench/make_season.py 50 FOLDER

Made as a club makes it: ``season new``, each table's list started by ``skatliste new`` (the
ISkO rules), filled with the tournament benchmark's fixed-seed mix of games (the dealer at a
table of four never declaring) and added with ``season add`` (bench/filled.py).
"""

from __future__ import annotations

import random
import shutil
import sys
from datetime import date, timedelta
from pathlib import Path

from filled import PASSED, dealt, entered, skatliste, write
from make_tournament import GAMES

TABLES, SERIES_GAMES, PLAYERS = 4, 45, 20


def build(folder: Path, evenings: int, *, seed: int = 2027) -> None:
    """The folder, through the CLI; each evening's lists filled before they are added."""
    rng = random.Random(seed)
    names = [f"Spieler {i:02d}" for i in range(1, PLAYERS + 1)]
    skatliste(
        "season", "new", str(folder), "--name", f"Saison ({evenings} Abende)",
        "--drop-from", "30", "--drop-every", "5", "--drop-max", "5", "--min-evenings", "10",
    )  # fmt: skip
    (folder / "abende").mkdir()
    started = folder / "abende" / "started.json"
    skatliste("new", "--players", *names[:4], "--ledger", str(started))
    typical = entered([*GAMES, PASSED])
    mix = typical[:-1] * 19 + [typical[-1]] * len(GAMES)  # one deal in twenty passed
    first = date(2027, 1, 1)
    for n in range(evenings):
        day = (first + timedelta(days=7 * n)).isoformat()
        seated = rng.sample(names, 4 * TABLES)
        paths = []
        for t in range(TABLES):
            path = folder / "abende" / f"{day}-tisch{t + 1}.json"
            shutil.copy(started, path)
            table = seated[4 * t : 4 * t + 4]
            games = dealt(table, table[0], mix, SERIES_GAMES, seed=rng.randrange(2**32))
            write(path, games, fields={"players": table, "first_dealer": table[0]})
            paths.append(str(path.resolve()))
        skatliste("season", "add", *paths, "--date", day, "--season", str(folder))
    started.unlink()
    Path(f"{started}.lock").unlink(missing_ok=True)


def main() -> None:
    build(Path(sys.argv[2]), int(sys.argv[1]))


if __name__ == "__main__":
    main()
