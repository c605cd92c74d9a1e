"""Two tournament folders whose history holds every action and every shape of fact the code
writes, made through the application layer only: the fixtures ``tests/data/tournament-
history.json`` and ``tests/data/tournament-league-day.json`` are these files as an earlier
build wrote them (main at c6504f3, whose history was a dict of facts per item), and the tests
make them again with today's code.

Run as ``python -m tests.tournament_history DIR`` to write both folders into DIR.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from skatliste.app import league as league_app
from skatliste.app import tournament as app

DATA = Path(__file__).parent / "data"
FIXTURE = DATA / "tournament-history.json"
LEAGUE_FIXTURE = DATA / "tournament-league-day.json"

PLAYERS = [
    ("Anna", "Herz Dame", 1),
    ("Ben", "Herz Dame", 2),
    ("Carl", "", None),
    ("Dora", "Kreuz Bube", 4),
    ("Emil", "Kreuz Bube", None),
    ("Frida", "", 6),
    ("Gerd", "", None),
    ("Hans", "Pik As", 8),
    ("Ida", "Pik As", None),
    ("Jürgen Groß", "Grün Ober", 10),
    ("Kai", "", None),
    ("Lena", "", None),
]
"""Twelve players; Lena leaves before the first draw (three tables of four, then of 4, 4, 3
once Kai has left)."""

_TIME = re.compile(rb'"(time|created)": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00"')


def without_times(raw: bytes) -> bytes:
    """A tournament file with every time stamp the same: what a run at another second
    writes."""
    return _TIME.sub(rb'"\1": "2026-12-05T18:00:00+00:00"', raw)


def _table(folder: Path, series: int, table: int) -> tuple[str, ...]:
    seating = app.open_tournament(folder).seating(series)
    assert seating is not None
    return seating.tables[table - 1]


def _paper(folder: Path, series: int, table: int, lines: list[tuple[int, int, int]]) -> list[str]:
    """``NAME=POINTS/WON/LOST`` for the players at the table, in seat order."""
    names = _table(folder, series, table)
    return [f"{n}={p}/{w}/{lost}" for n, (p, w, lost) in zip(names, lines, strict=False)]


def build_tournament(folder: Path) -> Path:
    """A Preisskat whose history keeps each action: a player removed before the draw (gone)
    and one after it (left), a paper result replaced and one deleted, a series redrawn with
    its paper results and one without, a table seated by hand where none was, one over a
    list and one over a list and a paper result."""
    app.new_tournament(
        folder, name="Preisskat Dezember", date="2026-12-05", series=3, games=(6, 8), seed=2026
    )
    for name, club, number in PLAYERS:
        app.add_player(folder, name, club=club, number=number)
    app.remove_player(folder, "Lena")  # not seated: gone from the file
    app.draw_series(folder, 1, seed=7)
    four = [(120, 2, 0), (-40, 1, 1), (0, 0, 0), (48, 1, 0)]
    app.enter_paper_result(folder, 1, 1, _paper(folder, 1, 1, four))
    app.enter_paper_result(folder, 1, 1, _paper(folder, 1, 1, four[::-1]), force=True)
    app.enter_paper_result(folder, 1, 3, _paper(folder, 1, 3, four))
    app.delete_paper_result(folder, 1, 3)
    app.enter_paper_result(folder, 1, 2, _paper(folder, 1, 2, four))
    app.draw_series(folder, 1, seed=8, force=True)  # with the paper results of tables 1 and 2
    app.draw_series(folder, 2, seed=9)
    app.seat_table(folder, 2, 1, _table(folder, 2, 1)[::-1])  # over its (empty) list
    app.enter_paper_result(folder, 2, 2, _paper(folder, 2, 2, four))
    app.seat_table(folder, 2, 2, _table(folder, 2, 2)[::-1], force=True)  # over list and paper
    app.seat_table(folder, 3, 1, ["Anna", "Ben", "Carl", "Dora"])  # a series not drawn
    app.remove_player(folder, "Kai")  # seated: kept as having left
    app.draw_series(folder, 2, seed=10)  # no result: no paper results to keep
    return folder / "tournament.json"


LEAGUE_TEAMS = {
    "Kiel": ["Anna", "Ben", "Carl", "Dora", "Emil"],
    "Lübeck": ["Fritz", "Gerd", "Hans", "Ida"],
    "Eutin": ["Jan", "Kai", "Lea"],
    "Plön": ["Max", "Nora", "Olaf", "Paul"],
}


def build_league_day(folder: Path) -> Path:
    """A match day whose team Plön stays away after the draw: its players leave (each a
    removal), and series 1, which cannot be drawn again without two of one team at a table,
    has its draw taken back (a redraw without a new seating)."""
    league_app.new_league(folder, name="Kreisliga", series=2, seed=2027)
    for team, players in LEAGUE_TEAMS.items():
        league_app.add_team(folder, team, players)
    league_app.new_day(folder, 1, list(LEAGUE_TEAMS), when="2027-03-14")
    league_app.draw(folder, 1, 1)
    league_app.absent(folder, 1, "Plön")
    return folder / "day-1" / "tournament.json"


def main(out: Path) -> None:
    made = build_tournament(out / "tournament")
    day = build_league_day(out / "league")
    print(made, day, sep="\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
