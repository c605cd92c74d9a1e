"""One line of the derived sheet (``Row``) and one entry scored (``Scored``): what the
derivation (``sheet``) gives every renderer."""

from __future__ import annotations

from typing import NamedTuple

from skatliste.i18n import Message
from skatliste.skat.entries import Entry, GameEntry
from skatliste.skat.rounds import RoundKind
from skatliste.skat.rules import GameResult, RamschResult


class Row:
    """One line of the sheet, derived on each read. A long sheet builds a row a game, so a
    row keeps its entry's score and the totals as they are; the dicts of points and totals
    are made when first asked for."""

    __slots__ = (
        "_made",
        "_sf_totals",
        "_totals",
        "bock",
        "dealer",
        "entry",
        "number",
        "pending",
        "problems",
        "ramsch_round",
        "round",
        "scored",
    )

    number: int
    """Game number, from 1."""
    round: int
    """Round number, from 1: a round is each player dealing once."""
    dealer: str
    entry: Entry
    scored: Scored
    """The entry scored: its value, and the points it gives."""
    problems: tuple[Message, ...]
    """Everything wrong with this entry on this list (the error included)."""
    bock: int
    """Bock doublings from Bock rounds (not counting 'bock' typed on the game)."""
    ramsch_round: bool
    """The game was dealt in a Ramsch round."""
    pending: tuple[RoundKind, ...]
    """The special rounds still ahead after this game, one a game."""

    def __init__(
        self,
        *,
        number: int,
        round: int,
        dealer: str,
        entry: Entry,
        result: GameResult | None,
        ramsch: RamschResult | None,
        error: Message | None,
        problems: tuple[Message, ...],
        points: dict[str, int],
        sf_points: dict[str, int],
        totals: dict[str, int],
        sf_totals: dict[str, int],
        bock: int = 0,
        ramsch_round: bool = False,
        pending: tuple[RoundKind, ...] = (),
    ) -> None:
        """A row from its facts, every field by name (the derivation makes its rows with
        ``made``)."""
        players = tuple(totals)
        scored = Scored(
            result,
            ramsch,
            error,
            players,
            tuple((n, v) for n, v in points.items() if v),
            tuple((n, v) for n, v in sf_points.items() if v),
        )
        self._fill(number, round, dealer, entry, scored, problems, bock, ramsch_round, pending)
        self._totals = tuple(totals.values())
        self._sf_totals = tuple(sf_totals[p] for p in players)

    @classmethod
    def made(
        cls,
        number: int,
        round: int,
        dealer: str,
        entry: Entry,
        scored: Scored,
        problems: tuple[Message, ...],
        totals: tuple[int, ...],
        sf_totals: tuple[int, ...],
        bock: int,
        ramsch_round: bool,
        pending: tuple[RoundKind, ...],
    ) -> Row:
        """A row as the derivation makes it: the totals in the players' order."""
        row = cls.__new__(cls)
        row._fill(number, round, dealer, entry, scored, problems, bock, ramsch_round, pending)
        row._totals = totals
        row._sf_totals = sf_totals
        return row

    def _fill(
        self,
        number: int,
        round: int,
        dealer: str,
        entry: Entry,
        scored: Scored,
        problems: tuple[Message, ...],
        bock: int,
        ramsch_round: bool,
        pending: tuple[RoundKind, ...],
    ) -> None:
        self.number, self.round, self.dealer, self.entry = number, round, dealer, entry
        self.scored, self.problems, self.bock = scored, problems, bock
        self.ramsch_round, self.pending = ramsch_round, pending
        self._made: dict[str, dict[str, int]] | None = None

    @property
    def result(self) -> GameResult | None:
        """The game's value; None for eingepasst, a Ramsch, and an impossible game."""
        return self.scored.result

    @property
    def ramsch(self) -> RamschResult | None:
        return self.scored.ramsch

    @property
    def error(self) -> Message | None:
        """Why the entry could not be scored (an impossible game in a hand-edited file)."""
        return self.scored.error

    def _dict(self, name: str) -> dict[str, int]:
        if self._made is None:
            self._made = {}
        found = self._made.get(name)
        if found is None:
            players = self.scored.players
            if name == "points":
                found = self.scored.points
            elif name == "sf_points":
                found = self.scored.sf_points
            else:
                values = self._totals if name == "totals" else self._sf_totals
                found = dict(zip(players, values, strict=True))
            self._made[name] = found
        return found

    @property
    def points(self) -> dict[str, int]:
        """List points this game gives each player."""
        return self._dict("points")

    @property
    def sf_points(self) -> dict[str, int]:
        """Seeger-Fabian points this game gives each player."""
        return self._dict("sf_points")

    @property
    def totals(self) -> dict[str, int]:
        """Running list totals after this game."""
        return self._dict("totals")

    @property
    def sf_totals(self) -> dict[str, int]:
        """Running Seeger-Fabian totals after this game."""
        return self._dict("sf_totals")

    @property
    def list_totals(self) -> tuple[int, ...]:
        """The running list totals in the players' order (no dict made)."""
        return self._totals

    def _facts(self) -> tuple[object, ...]:
        return (
            self.number,
            self.round,
            self.dealer,
            self.entry,
            self.result,
            self.ramsch,
            self.error,
            self.problems,
            self.points,
            self.sf_points,
            self.totals,
            self.sf_totals,
            self.bock,
            self.ramsch_round,
            self.pending,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Row) and self._facts() == other._facts()

    def key(self) -> tuple[object, ...]:
        """Everything the row is, hashable: two rows with equal keys are equal rows (what a
        renderer draws from a row alone may be kept by its key)."""
        return (
            self.number,
            self.round,
            self.dealer,
            self.entry,
            self.scored,
            self.problems,
            self._totals,
            self._sf_totals,
            self.bock,
            self.ramsch_round,
            self.pending,
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = ("number", "round", "dealer", "entry", "result", "ramsch", "error")
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"Row({shown}, totals={self.totals!r})"

    @property
    def doublings(self) -> int:
        """Every Bock doubling of this game: from Bock rounds and 'bock' typed on the game."""
        result = self.scored.result
        return result.outcome.bock if result is not None else self.bock

    @property
    def paper_mismatch(self) -> bool:
        """The value written on paper differs from the computed one."""
        e = self.entry
        result = self.scored.result
        return (
            isinstance(e, GameEntry)
            and e.paper is not None
            and result is not None
            and not e.paper.matches(result.list_points)
        )


class Scored(NamedTuple):
    """One entry scored: what the row shows and what the totals add (a tuple: a list's
    distinct games are each scored once, and many times over in a tournament)."""

    result: GameResult | None
    ramsch: RamschResult | None
    error: Message | None
    players: tuple[str, ...]
    gains: tuple[tuple[str, int], ...]
    """The players whose list points change, and by how much."""
    sf_gains: tuple[tuple[str, int], ...]
    """The players whose Seeger-Fabian points change, and by how much."""

    @property
    def points(self) -> dict[str, int]:
        """List points this entry gives each player."""
        points = dict.fromkeys(self.players, 0)
        points.update(self.gains)
        return points

    @property
    def sf_points(self) -> dict[str, int]:
        """Seeger-Fabian points this entry gives each player."""
        points = dict.fromkeys(self.players, 0)
        points.update(self.sf_gains)
        return points
