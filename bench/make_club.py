"""Write a club's folder of ten years for the benchmark of ``skatliste publish``: each year 50
weekly evenings (one table of four, its list of 48 games: 500 lists in all), two seasons of
25 evenings, three tournaments (24 players, two series: 12 table lists each); and one league
season of four teams over four match days (two series each).

    python bench/make_club.py FOLDER

Made as a club makes it: lists started by ``skatliste new`` and filled with the benchmark's
fixed-seed mix of games (bench/filled.py); tournaments by ``tournament new``, a CSV of
players and ``tournament draw``; the league by ``league new``, ``team add``, ``day new`` and
``day draw``. A season file is written in its documented format (docs/file-format.md) with
its 25 evenings, as 25 ``season add`` would write it, to keep the making short.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from datetime import date, timedelta
from pathlib import Path

from filled import PASSED, dealt, entered, header, skatliste, write
from make_tournament import GAMES
from make_tournament import build as tournament

YEARS = range(2017, 2027)
EVENINGS, TOURNAMENTS, SEASONS = 50, 3, 2
MEMBERS = [f"Mitglied {i:02d}" for i in range(1, 21)]


def evenings(club: Path, year: int, mix: list, started: Path, rng: random.Random) -> None:  # type: ignore[type-arg]
    """The year's evenings, and its two seasons holding them."""
    first = date(year, 1, 6)
    days: list[tuple[str, str]] = []
    folder = club / str(year) / "abende"
    folder.mkdir(parents=True)
    for n in range(EVENINGS):
        day = (first + timedelta(days=7 * n)).isoformat()
        path = folder / f"{day}.json"
        shutil.copy(started, path)
        table = rng.sample(MEMBERS, 4)
        games = dealt(table, table[0], mix, 48, seed=rng.randrange(2**32))
        write(path, games, fields={"players": table, "first_dealer": table[0]})
        days.append((day, f"abende/{day}.json"))
    half = EVENINGS // SEASONS
    for s in range(SEASONS):
        season = club / str(year) / f"saison-{s + 1}"
        skatliste("season", "new", str(season), "--name", f"Jahreswertung {year}/{s + 1}",
                  "--drop", "3", "--min-evenings", "5")  # fmt: skip
        data = json.loads((season / "season.json").read_text(encoding="utf-8"))
        data["evenings"] = [
            {"date": d, "paths": [f"../{p}"]} for d, p in days[s * half : (s + 1) * half]
        ]
        (season / "season.json").write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def league(club: Path, mix: list, rng: random.Random) -> None:  # type: ignore[type-arg]
    """A league season: four teams of four, four match days of two series."""
    folder = club / "2026" / "liga"
    where = ["--league", str(folder)]
    skatliste("league", "new", str(folder), "--name", "Kreisliga 2026", "--series", "2")
    for t in range(4):
        team = [f"Liga {t}-{i}" for i in range(4)]
        skatliste("league", "team", "add", f"Team {t}", "--players", *team, *where)
    for d in range(1, 5):
        day = date(2026, 3, 1) + timedelta(days=14 * d)
        teams = [f"Team {t}" for t in range(4)]
        skatliste(
            "league", "day", "new", str(d), "--teams", *teams, "--date", day.isoformat(), *where
        )
        for s in (1, 2):
            skatliste("league", "day", "draw", str(d), str(s), *where)
            for path in sorted((folder / f"day-{d}" / f"series-{s}").glob("table-*.json")):
                table = header(path)
                write(
                    path,
                    dealt(
                        table["players"], table["first_dealer"], mix, 48, seed=rng.randrange(2**32)
                    ),
                )


def build(club: Path) -> None:
    rng = random.Random(2017)
    club.mkdir(parents=True)
    started = club / "started.json"
    skatliste("new", "--players", *MEMBERS[:4], "--ledger", str(started))
    typical = entered([*GAMES, PASSED])
    mix = typical[:-1] * 19 + [typical[-1]] * len(GAMES)  # one deal in twenty passed
    played = entered([*GAMES, PASSED], rules="tournament")
    for year in YEARS:
        evenings(club, year, mix, started, rng)
        for n in range(TOURNAMENTS):
            day = date(year, 4 * n + 3, 14).isoformat()
            tournament(club / str(year) / f"turnier-{n + 1}", 24, 2, seed=year * 10 + n,
                       name=f"Preisskat {n + 1}", day=day, typical=played)  # fmt: skip
    league(club, played, rng)
    started.unlink()
    Path(f"{started}.lock").unlink(missing_ok=True)


def main() -> None:
    build(Path(sys.argv[1]))


if __name__ == "__main__":
    main()
