"""A tournament folder: made, opened, its clock and its game counts."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from skatliste import tournament as core
from skatliste.errors import OptionError
from skatliste.families import default_family
from skatliste.i18n import msg
from skatliste.options import RuleSet
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament
from skatliste.store.tournament_history import RulesSet
from skatliste.tournament import Leavers, Ties

ENV_VAR = "SKATLISTE_TOURNAMENT"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def _games(games: tuple[int, int] | None) -> dict[int, int]:
    """The series length at a table of three and of four (SkWO default: 36 and 48)."""
    if games is None:
        return {3: 36, 4: 48}
    three, four = games
    if not all(1 <= n <= core.MAX_SERIES_GAMES for n in games):
        raise OptionError(
            "games",
            msg(
                "a series has 1 to {most} games at a table of three and of four",
                most=core.MAX_SERIES_GAMES,
            ),
            value=f"{three}/{four}",
        )
    return {3: three, 4: four}


def new_tournament(
    folder: Path | str,
    *,
    name: str,
    date: str | None = None,
    series: int = 3,
    games: tuple[int, int] | None = None,
    seed: int | None = None,
    double_list: bool = False,
    ties: Ties = Ties.SHARED,
    lot_seed: int | None = None,
    leavers: Leavers = Leavers.RANKED,
    table_points: tuple[int, ...] = (),
) -> Tournament:
    """Create the folder and its tournament file (no players yet); ``games`` are the games of
    a series at a table of three and of four; ``double_list``: every table keeps two lists;
    the ranking's rules as :func:`set_rules` takes them."""
    if not name.strip():
        raise OptionError("name", msg("give the tournament a name, e.g. 'Preisskat Dezember'"))
    if not 1 <= series <= core.MAX_SERIES:
        raise OptionError(
            "series",
            msg("a tournament has 1 to {most} series, e.g. 3", most=core.MAX_SERIES),
            value=series,
        )
    _check_seed(seed)
    _check_rules(ties, lot_seed, table_points)
    if date is not None and not store.valid_date(date):
        raise OptionError(
            "date", msg("no such day; give the date as YYYY-MM-DD, e.g. 2026-12-05"), value=date
        )
    t = Tournament(
        folder=Path(folder),
        name=name.strip(),
        date=date or datetime.now(UTC).date().isoformat(),
        created=_now(),
        series=series,
        games=_games(games),
        seed=_drawn_seed() if seed is None else seed,
        double_list=double_list,
    )
    if (ties, leavers, table_points) != (Ties.SHARED, Leavers.RANKED, ()):
        _apply_rules(t, ties, lot_seed, leavers, table_points)
    store.create(t)
    return t


def _check_rules(ties: Ties, lot_seed: int | None, table_points: tuple[int, ...]) -> None:
    """A lot's seed only for ties by lot; table points that can be places' points."""
    if lot_seed is not None and ties is not Ties.LOT:
        raise OptionError(
            "lot_seed",
            msg("a lot's seed is for ties by lot: give it with --ties lot"),
            value=lot_seed,
        )
    if lot_seed is not None and not 0 <= lot_seed <= MAX_SEED:
        raise OptionError(
            "lot_seed", msg("give a whole number from 0 to {most}", most=MAX_SEED), value=lot_seed
        )
    problem = core.table_points_problem(table_points) if table_points else None
    if problem is not None:
        raise OptionError("table_points", problem)


def _apply_rules(
    t: Tournament,
    ties: Ties,
    lot_seed: int | None,
    leavers: Leavers,
    table_points: tuple[int, ...],
) -> None:
    """Set the rules, drawing the lot's seed where none is given, and record them."""
    if ties is Ties.LOT and lot_seed is None:
        lot_seed = t.lot_seed if t.lot_seed is not None else _drawn_seed()
    t.ties, t.leavers, t.table_points = ties, leavers, table_points
    t.lot_seed = lot_seed if ties is Ties.LOT else None
    t.history.append(RulesSet(_now(), ties.value, leavers.value, table_points, t.lot_seed))


def _drawn_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


def set_rules(
    folder: Path | str,
    *,
    ties: Ties | None = None,
    lot_seed: int | None = None,
    leavers: Leavers | None = None,
    table_points: tuple[int, ...] | None = None,
) -> Tournament:
    """Set the ranking's rules of a tournament (those not given stay as they are): what
    decides a tie still left (a shared place, or the lot drawn with ``lot_seed``, drawn at
    random where not given), where a player who left stands, the table points of places 1
    to 4 (``()``: none, ranked by Seeger-Fabian). Recorded in the history with the lot's
    seed."""
    with store.updating(Path(folder)) as t:
        ties_ = t.ties if ties is None else ties
        points = t.table_points if table_points is None else table_points
        _check_rules(ties_, lot_seed, points)
        _apply_rules(t, ties_, lot_seed, t.leavers if leavers is None else leavers, points)
        return t


MAX_SEED = 10**core.MAX_DIGITS - 1
"""The largest seed typed (--seed): nine digits, like every number at the table."""


def _check_seed(seed: int | None) -> None:
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise OptionError(
            "seed", msg("give a whole number from 0 to {most}", most=MAX_SEED), value=seed
        )


def table_rules(t: Tournament, size: int) -> RuleSet:
    """The rule set of a table list of ``size`` players: the tournament rules of the default
    family (the registry's first), with the tournament's series at such a table."""
    rules = default_family().tournament_rules(t.games[size])
    assert rules is not None  # the default family plays tournaments
    return rules


def has_results(t: Tournament, series: int) -> bool:
    """Whether a drawn series has a result: a paper result, or a game on a table's list."""
    seating = t.seating(series)
    if seating is None:
        return False
    if any(r.series == series for r in t.paper):
        return True
    tables = range(1, len(seating.tables) + 1)
    return any(store.list_games(t.folder, store.list_name(series, n)) for n in tables)


def open_tournament(folder: Path | str) -> Tournament:
    """Read the tournament file strictly."""
    return store.load(Path(folder))
