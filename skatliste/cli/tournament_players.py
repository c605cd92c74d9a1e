"""``skatliste tournament player``: register players (add, remove, list, import a CSV file);
and the ``--tournament`` option every tournament command takes."""

from __future__ import annotations

import json
from pathlib import Path

import click

from skatliste.app import tournament as app
from skatliste.cli.base import (
    SkatGroup,
    folder_option,
    lang_option,
    messages_lang_option,
    resolve_lang,
    say,
)
from skatliste.i18n import msg, nmsg
from skatliste.render.plain import plain_table
from skatliste.render.tournament import text

tournament_option = folder_option(
    "tournament", app.ENV_VAR, "The tournament folder (or env SKATLISTE_TOURNAMENT)."
)


# --- players ----------------------------------------------------------------------------


@click.group(cls=SkatGroup)
def player() -> None:
    """Register players: add, remove, list, import a CSV file.

    \b
    Examples:
      skatliste tournament player add Anna --club "Herz Dame" --number 1
      skatliste tournament player import players.csv
      skatliste tournament player list
    """


@player.command("add")
@click.argument("name")
@click.option("--club", default="", help="The player's club (for the team ranking).")
@click.option("--number", type=int, default=None, help="The start number.")
@tournament_option
@messages_lang_option
def player_add(name: str, club: str, number: int | None, folder: Path) -> None:
    """Register a player (names are unique, whatever their case; quote one with a space).

    \b
    Examples:
      skatliste tournament player add Anna --club "Herz Dame" --number 1
      skatliste tournament player add "Anna Schmidt"
    """
    p = app.add_player(folder, name, club=club, number=number)
    club = f" ({p.club})" if p.club else ""
    click.echo(say(msg("{name} registered{club}", name=p.name, club=club)))


@player.command("remove")
@click.argument("name")
@tournament_option
@messages_lang_option
def player_remove(name: str, folder: Path) -> None:
    """Remove a player; one who has played stays in the ranking with the series played.

    \b
    Example:
      skatliste tournament player remove Anna
    """
    r = app.remove_player(folder, name)
    if r.unranked:
        click.echo(
            say(
                msg(
                    "{name} has left: not drawn again, listed with the series played and "
                    "without a place",
                    name=r.player.name,
                )
            )
        )
    elif r.kept:
        click.echo(
            say(
                msg(
                    "{name} has left: not drawn again, ranked with the series played",
                    name=r.player.name,
                )
            )
        )
    else:
        click.echo(say(msg("{name} removed", name=r.player.name)))
    for series in r.unplayed:
        note = msg(
            "Note: {name} is seated in series {series}, which has no result yet; redraw it "
            "with 'skatliste tournament draw {series}'",
            name=r.player.name,
            series=series,
        )
        click.echo(say(note), err=True)


@player.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@tournament_option
@lang_option
def player_list(as_json: bool, folder: Path, lang: str | None) -> None:
    """The registered players, by start number.

    \b
    Example:
      skatliste tournament player list
    """

    t = text(resolve_lang(lang))
    people = app.players(folder)
    if as_json:
        data = [
            {"name": p.name, "club": p.club, "number": p.number, "left": p.left} for p in people
        ]
        click.echo(json.dumps({"players": data}, ensure_ascii=False, indent=2))
        return
    body = [[str(p.number or ""), p.name, p.club, t["yes"] if p.left else ""] for p in people]
    click.echo(plain_table([t["number"], t["name"], t["club"], t["left"]], body, "rlll"))
    present = sum(not p.left for p in people)
    click.echo(say(nmsg("{count} player present", "{count} players present", present)))


@player.command("import")
@click.argument("csv_file", type=click.Path(dir_okay=False, path_type=Path))
@tournament_option
@messages_lang_option
def player_import(csv_file: Path, folder: Path) -> None:
    """Register the players of a CSV file: a header row with name, club, number (German or
    English: Name, Verein, Startnummer); ',' or ';' between fields.

    \b
    Example:
      skatliste tournament player import players.csv
    """
    added = app.import_players_file(folder, csv_file)
    click.echo(say(nmsg("{count} player registered", "{count} players registered", len(added))))
