"""The players of a tournament: registered, removed, imported from a club's CSV file."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace
from pathlib import Path

from skatliste.app.tournament.base import _now, has_results, open_tournament
from skatliste.errors import InputError, OptionError
from skatliste.i18n import Message, join, msg
from skatliste.players import check_player_names, nfc, reserved_names, same_name
from skatliste.store import tournament as store
from skatliste.store.tournament import Tournament
from skatliste.store.tournament_history import PlayerRemoved
from skatliste.tournament import (
    Leavers,
    Player,
)

# --- players ----------------------------------------------------------------------------


def _check_name(name: str) -> str:
    # a decomposed 'ü' is the same name as a composed one; 'Anna  Schmidt' is 'Anna Schmidt'
    name = nfc(" ".join(name.split()))
    if not name:
        raise InputError(msg("a player needs a name"))
    if "," in name or "=" in name:
        raise InputError(
            msg("'{name}': a name cannot hold ',' or '=' (they separate names)", name=name)
        )
    folded = same_name(name)
    if folded in reserved_names() or folded.lstrip("+-").isdigit():
        raise InputError(
            msg("'{name}' cannot be a player's name: it means something else on a list", name=name)
        )
    check_player_names([name])  # a name every list of the tournament takes
    return name


def _add(t: Tournament, name: str, club: str, number: int | None) -> Player:
    name = _check_name(name)
    if t.player(name) is not None:
        raise InputError(msg("'{name}': a player of this name is registered already", name=name))
    if number is not None:
        if number < 1:
            raise OptionError("number", msg("a start number is 1 or more"), value=number)
        taken = next((p for p in t.players if p.number == number), None)
        if taken is not None:
            raise InputError(
                msg("start number {number} is {name}'s already", number=number, name=taken.name)
            )
    player = Player(name, club.strip(), number)
    t.players.append(player)
    return player


def add_player(
    folder: Path | str, name: str, *, club: str = "", number: int | None = None
) -> Player:
    """Register a player (names unique, case-insensitive; a number is the start number)."""
    with store.updating(Path(folder)) as t:
        return _add(t, name, club, number)


class NoSuchPlayer(InputError):
    """A name that is no registered player (the edge says where the players are listed)."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(msg("'{name}': no such player", name=name))


def find_player(t: Tournament, name: str) -> Player:
    """A registered player by name (case-insensitive)."""
    player = t.player(name)
    if player is None:
        raise NoSuchPlayer(name)
    return player


@dataclass(frozen=True)
class Removal:
    """A removed player: gone from the file, or kept (with the series played) as having left."""

    player: Player
    kept: bool
    unplayed: tuple[int, ...] = ()
    """Drawn series the player is seated in that have no result yet: redraw them."""
    unranked: bool = False
    """Kept, and listed without a place (the tournament's leavers are unranked)."""


def remove_player(folder: Path | str, name: str) -> Removal:
    """Remove a player. One already seated in a drawn series stays in the ranking with the
    series played (without a place where the tournament's leavers are unranked), and is not
    drawn again."""
    with store.updating(Path(folder)) as t:
        player = find_player(t, name)
        seated = any(player.name in table for d in t.draws for table in d.tables)
        index = t.players.index(player)
        if seated:
            if player.left:
                raise InputError(msg("'{name}' has left the tournament already", name=player.name))
            t.players[index] = replace(player, left=True)
        else:
            del t.players[index]
        t.history.append(PlayerRemoved(_now(), player.name))
        unplayed = tuple(
            d.series
            for d in t.draws
            if any(player.name in table for table in d.tables) and not has_results(t, d.series)
        )
        return Removal(player, seated, unplayed, seated and t.leavers is Leavers.UNRANKED)


def players(folder: Path | str) -> list[Player]:
    """The registered players, by start number, then name."""
    t = open_tournament(folder)
    return sorted(t.players, key=lambda p: (p.number is None, p.number or 0, p.name.casefold()))


COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "spieler", "spielername", "player"),
    "club": ("club", "verein", "team", "mannschaft"),
    "number": ("number", "nummer", "startnummer", "nr", "nr.", "start number", "no", "no."),
}


def _columns(header_row: list[str]) -> dict[str, int]:
    """Which column holds the name, the club and the number (German or English headers)."""
    header = [h.strip().casefold() for h in header_row]
    where: dict[str, int] = {}
    for key, names in COLUMNS.items():
        for i, h in enumerate(header):
            if h in names:
                where[key] = i
    return where


def import_players(folder: Path | str, text: str, *, source: str = "CSV") -> list[Player]:
    """Register the players of a CSV file (a header row; name, club, number; German or
    English column names; ``,`` or ``;`` between fields). Every problem is listed; with any
    problem nobody is added."""
    text = text.lstrip("\ufeff")
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        raise InputError(
            msg("{source}: empty; give a header row such as 'name,club,number'", source=source)
        )
    where = _columns(rows[0])
    if "name" not in where:
        raise InputError(
            msg(
                "{source}: line 1: no name column in {header}; name the columns e.g. "
                "'name,club,number' or 'Name;Verein;Startnummer'",
                source=source,
                header=repr(rows[0]),
            )
        )
    problems: list[Message] = []
    with store.updating(Path(folder)) as t:
        added: list[Player] = []
        for line_no, row in enumerate(rows[1:], start=2):
            if not any(cell.strip() for cell in row):
                continue

            def cell(key: str, row: list[str] = row) -> str:
                i = where.get(key)
                return row[i].strip() if i is not None and i < len(row) else ""

            raw_number = cell("number")
            number = None
            if raw_number:
                if not raw_number.isdigit():
                    problems.append(
                        msg(
                            "{source}: line {line}: number {number} is not a number",
                            source=source,
                            line=line_no,
                            number=repr(raw_number),
                        )
                    )
                    continue
                number = int(raw_number)
            try:
                added.append(_add(t, cell("name"), cell("club"), number))
            except InputError as exc:
                problems.append(
                    msg(
                        "{source}: line {line}: {problem}",
                        source=source,
                        line=line_no,
                        problem=exc.message,
                    )
                )
        if problems:
            problems.append(msg("nobody was added; correct the file and import again"))
            raise InputError(msg("{lines}", lines=join(problems, "\n")))
        return added


def import_players_file(folder: Path | str, path: Path | str) -> list[Player]:
    """``import_players`` from a CSV file (UTF-8, a BOM is fine)."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(
            msg("{path}: not UTF-8 text; save the CSV file as UTF-8 and import it again", path=path)
        ) from None
    except OSError as exc:
        raise InputError(
            msg("{path}: cannot read: {why}", path=path, why=exc.strerror or exc)
        ) from None
    return import_players(folder, text, source=str(path))
