"""A league folder whose history holds every change the league file keeps, made through the
application layer only: the fixture ``tests/data/league-history.json`` is this league's file
as an earlier build wrote it (main at f6dd8e4, whose history was a dict of facts per item),
and the tests make it again with today's code.

Run as ``python -m tests.league_history DIR`` to write the folder into DIR.
"""

from __future__ import annotations

import sys
from pathlib import Path

from skatliste.app import league as app
from skatliste.league import Scoring

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "league-history.json"

TEAMS = {
    "Kiel": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "Lübeck": ["Fritz", "Gerd", "Hans", "Ida"],
    "Eutin": ["Jan", "Kai", "Lea"],
}


def build_league(folder: Path) -> Path:
    """A league whose teams are changed in each way ``team edit`` has: Kiel renamed while it
    plays a match day (its lineup keeps its players), Lübeck given its players anew (one
    more), Eutin renamed and given its players anew at once, then renamed again."""
    app.new_league(
        folder, name="Kreisliga Süd", series=2, seed=2028, scoring=Scoring.ALL
    )  # as the earlier build wrote it
    for team, players in TEAMS.items():
        app.add_team(folder, team, players)
    app.new_day(folder, 1, ["Kiel", "Lübeck"], when="2027-03-14", venue="Kiel")
    app.edit_team(folder, "Kiel", name="Kreuz Bube Kiel")
    app.edit_team(folder, "lübeck", players=["Fritz", "Gerd", "Hans", "Ida", "Jürgen Groß"])
    app.edit_team(folder, "Eutin", name="Pik As Eutin", players=["Lea", "Kai", "Jan", "Mia"])
    app.edit_team(folder, "Pik As Eutin", name="Eutin")
    return folder / "league.json"


def main(out: Path) -> None:
    print(build_league(out / "league"))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
