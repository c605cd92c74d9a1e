"""Statistics over one or many lists (a club's season): per player, derived from the sheets."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from skatliste.i18n import LANGS, Lang, pmsg
from skatliste.printed import signed
from skatliste.skat.entries import GameEntry, RamschEntry
from skatliste.skat.games import GERMAN_NAME, GameType
from skatliste.skat.row import Row
from skatliste.skat.rules import GameResult

NONE = "–"
"""A cell for a number that does not exist yet (no games declared, none won)."""


@dataclass
class PlayerStats:
    """One player's numbers."""

    name: str
    lists: int = 0
    games: int = 0
    """Deals he took part in (as declarer, defender or in a Ramsch)."""
    declared: int = 0
    won: int = 0
    lost: int = 0
    total: int = 0
    by_game: dict[str, list[int]] = field(default_factory=dict)
    """German game name → [declared, won]."""
    declared_points: int = 0
    """Sum of the list points of his own games."""
    highest: int | None = None
    """His highest won game (list points); None while he has won none."""
    schneider: int = 0
    """His won games in which the opponents were Schneider (reached, not only announced)."""
    schwarz: int = 0
    """His won games in which the opponents took no trick."""
    overbid: int = 0
    kontra_against: int = 0
    """His games the defenders doubled."""
    kontra_lost: int = 0
    """... of which he lost."""
    ramsch_lost: int = 0

    @property
    def win_rate(self) -> float | None:
        """Share of his games he won (None when he declared none)."""
        return self.won / self.declared if self.declared else None

    @property
    def average(self) -> float | None:
        """Average list points of his own games (None when he declared none)."""
        return self.declared_points / self.declared if self.declared else None

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {
            "lists": self.lists,
            "games": self.games,
            "declared": self.declared,
            "won": self.won,
            "lost": self.lost,
            "win_rate": None if self.win_rate is None else round(self.win_rate, 4),
            "total": self.total,
            "by_game": {k: {"declared": v[0], "won": v[1]} for k, v in self.by_game.items()},
            "average": None if self.average is None else round(self.average, 2),
            "highest": self.highest,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "overbid": self.overbid,
            "kontra_against": self.kontra_against,
            "kontra_lost": self.kontra_lost,
            "ramsch_lost": self.ramsch_lost,
        }

    def cells(self, lang: Lang) -> tuple[list[str], list[list[str]]]:
        """The numbers as ``stats`` shows them: the heads and this player's row."""
        return stats_headers(lang), stats_rows({self.name: self}, lang)

    def by_kind(self) -> list[tuple[str, str]]:
        """By kind of game, in the game types' order: (the kind, won/declared)."""
        return [(g, "{1}/{0}".format(*self.by_game[g])) for g in GAME_ORDER if g in self.by_game]


GAME_ORDER = [GERMAN_NAME[g] for g in GameType]


def collect(sheets: Iterable[tuple[tuple[str, ...], list[Row]]]) -> dict[str, PlayerStats]:
    """Merge the sheets of several lists by player name (case as first seen)."""
    people: dict[str, PlayerStats] = {}

    def get(name: str) -> PlayerStats:
        key = name.casefold()
        if key not in people:
            people[key] = PlayerStats(name)
        return people[key]

    for players, rows in sheets:
        for name in players:
            get(name).lists += 1
        for row in rows:
            for name, points in row.points.items():
                who = get(name)
                who.total += points
                if len(players) != 4 or name != row.dealer:  # at four the dealer sits out
                    who.games += 1
            e = row.entry
            if isinstance(e, RamschEntry):
                for name, points in row.points.items():
                    if points < 0:
                        get(name).ramsch_lost += 1
            elif isinstance(e, GameEntry) and row.result is not None:
                _count_game(get(e.declarer), row.result)
    return {s.name: s for s in sorted(people.values(), key=lambda s: -s.total)}


def _count_game(who: PlayerStats, r: GameResult) -> None:
    """One game of his own, counted: declared, won or lost, what happened."""
    who.declared += 1
    who.declared_points += r.list_points
    kind = who.by_game.setdefault(GERMAN_NAME[r.declaration.game], [0, 0])
    kind[0] += 1
    if r.won:
        who.won += 1
        kind[1] += 1
        who.highest = max(who.highest or r.list_points, r.list_points)
        # what happened: a won game with Schneider/Schwarz reached (a won announced
        # Schneider was reached); a lost one, or being schneidered, is no Schneider
        who.schneider += r.schneider
        who.schwarz += r.schwarz
    else:
        who.lost += 1
    who.overbid += r.overbid
    if r.outcome.kontra:
        who.kontra_against += 1
        who.kontra_lost += not r.won


_HEADERS = [
    pmsg("stats column", "Player"),
    pmsg("stats column", "Lists"),
    pmsg("stats column", "Games"),
    pmsg("stats column", "won"),
    pmsg("stats column", "lost"),
    pmsg("stats column", "rate"),
    pmsg("stats column", "average"),
    pmsg("stats column", "highest"),
    pmsg("stats column", "Schneider"),
    pmsg("stats column", "Schwarz"),
    pmsg("stats column", "overbid"),
    pmsg("stats column", "Kontra (lost)"),
    pmsg("stats column", "Points"),
]
"""The columns of ``skatliste stats`` (context "stats column": "won" is "gew." here)."""


def stats_headers(lang: Lang) -> list[str]:
    """The columns of ``skatliste stats`` in ``lang``."""
    return [h.render(lang) for h in _HEADERS]


STATS_HEADERS: dict[Lang, list[str]] = {lang: stats_headers(lang) for lang in LANGS}
"""The columns in each language, from the catalogue."""


def stats_rows(people: dict[str, PlayerStats], lang: Lang = "de") -> list[list[str]]:
    """One line of text cells per player; '–' where a player has no such number yet; the
    average with the language's decimal mark (``+110,5`` in German)."""
    body = []
    for s in people.values():
        rate = NONE if s.win_rate is None else f"{s.win_rate:.0%}"
        average = NONE if s.average is None else signed(s.average, places=1)
        if lang == "de":  # number formatting, not a message: the decimal comma
            average = average.replace(".", ",")
        highest = NONE if s.highest is None else signed(s.highest)
        body.append(
            [
                s.name, str(s.lists), str(s.declared), str(s.won), str(s.lost), rate, average,
                highest, str(s.schneider), str(s.schwarz), str(s.overbid),
                f"{s.kontra_against} ({s.kontra_lost})", signed(s.total),
            ]
        )  # fmt: skip
    return body
