"""``skatliste league venue``: a match day played at several venues (rules §L, venues): the
official adds each venue and its key, the venue exports its signed report, the official imports
it (provisional) and confirms it."""

from __future__ import annotations

from pathlib import Path

import click

from skatliste.app import league_venues as venues
from skatliste.app.league import ENV_VAR
from skatliste.cli.base import SkatGroup, folder_option, messages_lang_option, say
from skatliste.errors import InputError
from skatliste.i18n import msg, nmsg

# --- venues ---------------------------------------------------------------------------------


league_option = folder_option("league", ENV_VAR, "The league folder (or env SKATLISTE_LEAGUE).")


@click.group(cls=SkatGroup)
def venue() -> None:
    """A match day played at several venues: the official adds each venue (its key is made),
    the venue exports its signed report, the official imports it (provisional) and confirms.

    \b
    Examples:
      skatliste league venue add 2 Kiel --teams "Kreuz Bube" Pik
      skatliste league venue export 2 Kiel --key KEY -o kiel-2.json
      skatliste league venue import kiel-2.json
      skatliste league venue confirm 2
    """


@venue.command("add")
@click.argument("number", type=int)
@click.argument("name")
@click.argument("names", nargs=-1)
@click.option("--teams", "teams_flag", is_flag=True, help="The day's teams playing there follow.")
@league_option
@messages_lang_option
def venue_add(
    number: int, name: str, names: tuple[str, ...], teams_flag: bool, folder: Path
) -> None:
    """Add venue NAME of match day N where these of its teams play, and make its key (kept
    in the league's keys.json only; hand it to the venue).

    \b
    Example:
      skatliste league venue add 2 Kiel --teams "Kreuz Bube" Pik
    """
    if names and not teams_flag:
        raise InputError(msg("name the teams after --teams, e.g. --teams Kiel Lübeck"))
    made, key = venues.add_venue(folder, number, name, list(names))
    said = msg(
        "match day {number}, venue {venue}: {teams}; its key (hand it to the venue, it signs "
        "the report with it): {key}",
        number=number,
        venue=made.name,
        teams=", ".join(made.teams),
        key=key,
    )
    click.echo(say(said))


@venue.command("export")
@click.argument("number", type=int)
@click.argument("name")
@click.option(
    "--key",
    envvar="SKATLISTE_VENUE_KEY",
    required=True,
    help="The venue's key (or env SKATLISTE_VENUE_KEY).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True)
@league_option
@messages_lang_option
def venue_export(number: int, name: str, key: str, output: Path, folder: Path) -> None:
    """The venue's report of match day N: its finished tables, signed with its key, in one
    file for the league official.

    \b
    Example:
      skatliste league venue export 2 Kiel --key KEY -o kiel-2.json
    """
    count = venues.export_report(folder, number, name, key=key, output=output)
    said = nmsg(
        "{path}: the report of venue {venue}, match day {number}: {count} table",
        "{path}: the report of venue {venue}, match day {number}: {count} tables",
        count,
        path=output,
        venue=name,
        number=number,
    )
    click.echo(say(said))


@venue.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@league_option
@messages_lang_option
def venue_import(file: Path, folder: Path) -> None:
    """Take in a venue's report: its key, its day and venue checked, refused if given before;
    its results count, marked provisional until confirmed.

    \b
    Example:
      skatliste league venue import kiel-2.json
    """
    got = venues.import_report(folder, file)
    said = nmsg(
        "match day {number}, venue {venue}: {count} table taken in, provisional until "
        "'skatliste league venue confirm {number}'",
        "match day {number}, venue {venue}: {count} tables taken in, provisional until "
        "'skatliste league venue confirm {number}'",
        got.tables,
        number=got.day,
        venue=got.venue,
    )
    click.echo(say(said))


@venue.command("confirm")
@click.argument("number", type=int)
@click.option("--venue", "name", default=None, help="Only this venue (default: every one).")
@league_option
@messages_lang_option
def venue_confirm(number: int, name: str | None, folder: Path) -> None:
    """Confirm the reported results of match day N: no longer provisional.

    \b
    Examples:
      skatliste league venue confirm 2
      skatliste league venue confirm 2 --venue Kiel
    """
    done = venues.confirm(folder, number, name)
    said = msg(
        "match day {number}: confirmed the results of {venues}",
        number=number,
        venues=", ".join(done),
    )
    click.echo(say(said))
