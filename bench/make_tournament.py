"""Write a championship's tournament folder for the benchmark: N players, S series, every
table's list full (48 games at a table of four, 36 at three).

    python bench/make_tournament.py 1000 3 FOLDER

Made as an organiser makes it: ``tournament new``, the players from a CSV file, ``tournament
draw`` for each series (which starts every table's list); then each list is filled with a
fixed-seed mix of tournament games (no Kontra, no Bock, no Ramsch), the dealer at a table of
four never declaring (bench/filled.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from filled import PASSED, Entry, dealt, entered, header, skatliste, write

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
SERIES_GAMES = {3: 36, 4: 48}


def build(
    folder: Path,
    players: int,
    series: int,
    *,
    seed: int = 2026,
    name: str = "",
    day: str = "2026-12-05",
    typical: list[Entry] | None = None,
) -> None:
    """The folder, through the CLI; then every table's list filled (``typical``: the games
    entered once, for a caller that builds many tournaments)."""
    where = ["--tournament", str(folder)]
    skatliste(
        "tournament",
        "new",
        str(folder),
        "--name",
        name or f"Meisterschaft ({players})",
        "--date",
        day,
        "--series",
        str(series),
        "--seed",
        str(seed),
    )
    csv = folder.parent / f"{folder.name}-players.csv"
    rows = [f"Spieler {i:04d},Club {i % 40:02d},{i}" for i in range(1, players + 1)]
    csv.write_text("name,club,number\n" + "\n".join(rows) + "\n", encoding="utf-8")
    skatliste("tournament", "player", "import", str(csv), *where)
    csv.unlink()
    typical = typical or entered([*GAMES, PASSED], rules="tournament")
    mix = typical[:-1] * 19 + [typical[-1]] * len(GAMES)  # one deal in twenty passed
    for s in range(1, series + 1):
        skatliste("tournament", "draw", str(s), *where)
        for n, path in enumerate(sorted((folder / f"series-{s}").glob("table-*.json"))):
            table = header(path)
            seated, first = table["players"], table["first_dealer"]
            games = SERIES_GAMES[len(seated)]
            write(path, dealt(seated, first, mix, games, seed=seed + 1000 * s + n))


def main() -> None:
    players, series, folder = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    build(folder, players, series)


if __name__ == "__main__":
    main()
