"""``skatliste league``: teams, match days (each a tournament folder), the draw with the teams
kept apart, the match report, the season table, the players, exports. Each command parses,
calls ``skatliste.app.league`` and prints what it returns."""

from __future__ import annotations

import json
from pathlib import Path

import click

from skatliste.app import league as app
from skatliste.app.tournament import SeriesHasResults, SeriesNotDrawn, TablesCountTwice
from skatliste.cli.base import (
    SkatGroup,
    cli,
    folder_option,
    lang_option,
    messages_lang_option,
    resolve_lang,
    say,
)
from skatliste.cli.league_venues import venue
from skatliste.cli.options import typed
from skatliste.cli.render import export_format, put_out
from skatliste.errors import InputError, LedgerError, OptionError
from skatliste.i18n import Lang, Message, msg, nmsg
from skatliste.league import Scoring
from skatliste.render import league as render
from skatliste.render.league import players_text, report_text, table_text, text
from skatliste.render.plain import plain_table


class LeagueGroup(SkatGroup):
    """The league's commands; adds to the application's refusals how to get past them on the
    command line."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return click.Group.invoke(self, ctx)
        except OptionError as exc:
            raise typed(exc) from None
        except app.NoLeague as exc:
            how = msg(
                "; start one with 'skatliste league new DIR --name NAME', or give --league DIR"
            )
            raise LedgerError(msg("{problem}{how}", problem=exc.message, how=how)) from None
        except app.NoSuchTeam as exc:
            how = msg(" (see 'skatliste league team list')")
            raise InputError(msg("{problem}{how}", problem=exc.message, how=how)) from None
        except SeriesHasResults as exc:
            how = msg("; draw it again with --force (the old seating and its lists are kept)")
            raise InputError(msg("{problem}{how}", problem=exc.message, how=how)) from None
        except SeriesNotDrawn as exc:
            how = msg("; draw it with 'skatliste league day draw DAY {series}'", series=exc.series)
            raise InputError(msg("{problem}{how}", problem=exc.message, how=how)) from None
        except TablesCountTwice as exc:
            how = msg(
                "delete the list's games or the paper result ('skatliste tournament result "
                "SERIES TABLE --delete --tournament DAY-FOLDER')"
            )
            raise LedgerError(exc.told([how] * len(exc.tables))) from None


league_option = folder_option("league", app.ENV_VAR, "The league folder (or env SKATLISTE_LEAGUE).")


def _json(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


@cli.group(cls=LeagueGroup)
def league() -> None:
    """A league season (Skat-Liga): teams, match days, the match report, the season table.

    \b
    Examples:
      skatliste league new liga --name "Landesliga Nord 2027" --series 3
      cd liga
      skatliste league team add "Kreuz Bube" --players Anna Ben Carl Dora
      skatliste league day new 1 --teams "Kreuz Bube" "Herz Dame" Pik Karo --venue Kiel
      skatliste league day draw 1 1
      skatliste tournament result 1 1 Anna=312/9/2 ... --tournament day-1
      skatliste league day report 1
      skatliste league table
    """


SCORING_HELP = (
    "Ranking points of a series: group (a new league's: as a group of four or five: three "
    "teams 3:0, 2:1, 1:2; five 4..0; a central day in the groups set with 'day new --group') "
    "or all (every team against every other: n teams give n-1..0)."
)


def scoring_line(league: app.League) -> str:
    """The league's scoring in one sentence, as ``new`` and ``rules`` print it."""
    if league.scoring is Scoring.GROUP:
        return say(
            msg(
                "ranking points as a group of four or five: three teams 3:0, 2:1, 1:2, five "
                "4 to 0; a central match day in the groups set"
            )
        )
    return say(msg("ranking points: every team against every other team of its group or day"))


@league.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", required=True, help="The league's name.")
@click.option("--series", type=int, default=3, show_default=True, help="Series per match day.")
@click.option("--seed", type=int, default=None, help="Seed of the draws (default random).")
@click.option(
    "--scoring", type=click.Choice([x.value for x in Scoring]), default=None, help=SCORING_HELP
)
@messages_lang_option
def new(folder: Path, name: str, series: int, seed: int | None, scoring: str | None) -> None:
    """Start a league in a new folder.

    \b
    Examples:
      skatliste league new liga --name "Landesliga Nord 2027" --series 3
      skatliste league new kreis --name "Kreisliga" --scoring all
    """
    chosen = Scoring(scoring or Scoring.GROUP)
    made = app.new_league(folder, name=name, series=series, seed=seed, scoring=chosen)
    said = msg(
        "{path}: {name}, {series} series a match day; seed {seed}",
        path=made.path,
        name=made.name,
        series=made.series,
        seed=made.seed,
    )
    click.echo(say(said))
    if made.scoring is not Scoring.GROUP:
        click.echo(scoring_line(made))


@league.command("rules")
@click.option(
    "--scoring", type=click.Choice([x.value for x in Scoring]), default=None, help=SCORING_HELP
)
@league_option
@messages_lang_option
def rules(scoring: str | None, folder: Path) -> None:
    """The league's ranking points of a series: shown, or set with --scoring (refused where a
    match day cannot be scored so: more than five teams in one group).

    \b
    Examples:
      skatliste league rules
      skatliste league rules --scoring group
    """
    if scoring is None:
        click.echo(scoring_line(app.open_league(folder)))
        return
    click.echo(scoring_line(app.set_scoring(folder, Scoring(scoring))))


# --- teams ----------------------------------------------------------------------------------


@league.group(cls=SkatGroup)
def team() -> None:
    """The league's teams: add, list, edit.

    \b
    Examples:
      skatliste league team add "Kreuz Bube" --players Anna Ben Carl Dora Emil
      skatliste league team list
    """


def _players_given(flag: bool, names: tuple[str, ...]) -> tuple[str, ...]:
    if names and not flag:
        raise InputError(msg("name the players after --players, e.g. --players Anna Ben Carl"))
    return names


@team.command("add")
@click.argument("name")
@click.argument("names", nargs=-1)
@click.option("--players", "players_flag", is_flag=True, help="The players follow (3 or more).")
@league_option
@messages_lang_option
def team_add(name: str, names: tuple[str, ...], players_flag: bool, folder: Path) -> None:
    """Add a team: its players after --players, the first four the regular lineup, the rest
    reserves; a team may play with three. Quote a name with a space.

    \b
    Examples:
      skatliste league team add "Kreuz Bube" --players Anna Ben Carl Dora
      skatliste league team add Pik --players "Anna Schmidt" Bert Clara Dirk Erna
    """
    made = app.add_team(folder, name, _players_given(players_flag, names))
    said = nmsg(
        "team {team}: {count} player ({players})",
        "team {team}: {count} players ({players})",
        len(made.players),
        team=made.name,
        players=", ".join(made.players),
    )
    click.echo(say(said))


@team.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@league_option
@lang_option
def team_list(as_json: bool, folder: Path, lang: str | None) -> None:
    """The league's teams: the regular lineup and the reserves.

    \b
    Example:
      skatliste league team list
    """

    found = app.teams(folder)
    if as_json:
        data = [
            {"team": t.name, "lineup": list(t.lineup), "reserves": list(t.reserves)} for t in found
        ]
        _json({"teams": data})
        return
    if not found:
        click.echo(say(msg("no team yet: 'skatliste league team add NAME --players A B C D'")))
        return
    t = text(resolve_lang(lang))
    heads = [t["team"], t["lineup"], t["reserves"]]
    body = [[t.name, ", ".join(t.lineup), ", ".join(t.reserves)] for t in found]
    click.echo(plain_table(heads, body, "lll"))


@team.command("edit")
@click.argument("team_name")
@click.argument("names", nargs=-1)
@click.option("--name", default=None, help="The team's new name.")
@click.option("--players", "players_flag", is_flag=True, help="Its players anew follow.")
@league_option
@messages_lang_option
def team_edit(
    team_name: str, names: tuple[str, ...], name: str | None, players_flag: bool, folder: Path
) -> None:
    """Rename a team or give it its players anew (the old ones are kept in the history);
    match days keep the lineups they were made with.

    \b
    Examples:
      skatliste league team edit "Kreuz Bube" --players Anna Ben Carl Dora Fritz
      skatliste league team edit Pik --name "Pik As"
    """
    made = app.edit_team(folder, team_name, name=name, players=_players_given(players_flag, names))
    said = nmsg(
        "team {team}: {count} player ({players})",
        "team {team}: {count} players ({players})",
        len(made.players),
        team=made.name,
        players=", ".join(made.players),
    )
    click.echo(say(said))


# --- match days -----------------------------------------------------------------------------


@league.group(cls=SkatGroup)
def day() -> None:
    """Match days: make one (a tournament folder day-N), draw a series, mark a team absent,
    the match report.

    \b
    Examples:
      skatliste league day new 1 --teams "Kreuz Bube" "Herz Dame" Pik Karo --venue Kiel
      skatliste league day draw 1 1
      skatliste league day report 1
    """


def _lineup_option(items: tuple[str, ...]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in items:
        team, sep, names = item.partition("=")
        if not sep or not team.strip():
            raise InputError(msg("--lineup '{item}': write TEAM=PLAYER,PLAYER,PLAYER", item=item))
        out[team.strip()] = [n for n in (x.strip() for x in names.split(",")) if n]
    return out


@day.command("new")
@click.argument("number", type=int)
@click.argument("names", nargs=-1)
@click.option("--teams", "teams_flag", is_flag=True, help="The teams follow (2 or more).")
@click.option(
    "--lineup",
    multiple=True,
    metavar="TEAM=A,B,C",
    help="A team's lineup of the day (3 or 4 of its players; default its first four).",
)
@click.option("--venue", default=None, help="Where the day is played.")
@click.option("--date", "when", default=None, help="The day, YYYY-MM-DD (default today).")
@click.option(
    "--group",
    "groups",
    multiple=True,
    metavar="A,B,C,D",
    help="A group of the day's teams, scored apart (a central day; give every team one).",
)
@league_option
@messages_lang_option
def day_new(
    number: int,
    names: tuple[str, ...],
    teams_flag: bool,
    lineup: tuple[str, ...],
    venue: str | None,
    when: str | None,
    groups: tuple[str, ...],
    folder: Path,
) -> None:
    """Make match day N of these teams: its folder DIR/day-N is a tournament whose players are
    the lineups, their club the team; every tournament command works on it. More than four
    teams make a central match day, scored in the groups given with --group.

    \b
    Examples:
      skatliste league day new 1 --teams "Kreuz Bube" "Herz Dame" Pik Karo --venue Kiel
      skatliste league day new 2 --teams Pik Karo Kreuz --lineup "Pik=Anna,Bert,Clara"
      skatliste league day new 5 --teams A B C D E F G H --group A,B,C,D --group E,F,G,H
    """
    if names and not teams_flag:
        raise InputError(msg("name the teams after --teams, e.g. --teams Kiel Lübeck Eutin Plön"))
    made = app.new_day(
        folder,
        number,
        list(names),
        lineups=_lineup_option(lineup),
        venue=venue,
        when=when,
        groups=[[n.strip() for n in g.split(",") if n.strip()] for g in groups],
    )
    where = folder / app.day_name(number)
    said = msg(
        "match day {number}: {teams} ({players} players); its tournament is {path}: "
        "'skatliste league day draw {number} 1' seats series 1",
        number=made.number,
        teams=", ".join(made.teams),
        players=len(made.players()),
        path=where,
    )
    click.echo(say(said))


@day.command("draw")
@click.argument("number", type=int)
@click.argument("series", type=int)
@click.option("--seed", type=int, default=None, help="Seed of this draw (printed, stored).")
@click.option("--force", is_flag=True, help="Draw a series again that has results (kept).")
@click.option("--venue", default=None, help="Only the teams playing at this venue.")
@league_option
@lang_option
def day_draw(
    number: int,
    series: int,
    seed: int | None,
    force: bool,
    venue: str | None,
    folder: Path,
    lang: str | None,
) -> None:
    """Seat a series of match day N: tables of four (three where the count or the teams
    require), never two players of one team at a table, from series 2 on nobody meets again
    where the numbers allow. The same seed gives the same draw.

    \b
    Examples:
      skatliste league day draw 1 1
      skatliste league day draw 1 2 --seed 4711
      skatliste league day draw 2 1 --venue Kiel
    """

    plan = app.draw(folder, number, series, seed=seed, force=force, venue=venue)
    chosen = resolve_lang(lang)
    team_of = app.match_day(folder, number).players()
    click.echo(
        nmsg(
            "match day {day} series {series}: {count} table, seed {seed}",
            "match day {day} series {series}: {count} tables, seed {seed}",
            len(plan.tables),
            day=number,
            series=series,
            seed=plan.seed,
        ).render(chosen)
    )
    t = text(chosen)
    heads = [t["table_n"], t["seated"], t["deals_first"], t["list"]]
    where = folder / app.day_name(number)
    body = [
        [
            str(x.table),
            ", ".join(f"{p} ({team_of.get(p, '')})" for p in x.players),
            x.first_dealer,
            str(where / x.list),
        ]
        for x in plan.tables
    ]
    click.echo(plain_table(heads, body, "rlll"))
    if series > 1:
        pairs = ", ".join(f"{a}–{b}" for a, b in plan.repeats)
        said = msg(
            "pairs met again: {count}{pairs}",
            count=len(plan.repeats),
            pairs=f" ({pairs})" if pairs else "",
        )
        click.echo(said.render(chosen))


@day.command("absent")
@click.argument("number", type=int)
@click.argument("team_name")
@league_option
@messages_lang_option
def day_absent(number: int, team_name: str, folder: Path) -> None:
    """Team TEAM did not appear at match day N: it scores no game points and counts as beaten
    by every team that did; its players leave the day's tournament.

    \b
    Example:
      skatliste league day absent 1 Karo
    """
    got = app.absent(folder, number, team_name)
    said = msg(
        "match day {number}: team {team} did not appear: no game points, beaten by every team "
        "that did",
        number=number,
        team=got.team,
    )
    click.echo(say(said))
    for series in got.redraw:
        note = msg(
            "series {series} was drawn again without team {team}: "
            "'skatliste tournament seating {series} --tournament {folder}'",
            series=series,
            team=got.team,
            folder=folder / app.day_name(number),
        )
        click.echo(say(note), err=True)
    for hand in got.by_hand:
        click.echo(say(_by_hand(hand, got.team, folder / app.day_name(number))), err=True)


def _by_hand(hand: app.ByHand, team: str, where: Path) -> Message:
    """How the organiser seats by hand a series that cannot be drawn without the team."""
    tables = ", ".join(str(n) for n in hand.sizes)
    return nmsg(
        "series {series} cannot be drawn again without team {team} ({why}): its draw is "
        "taken back, its lists are in {moved}; seat its {count} player by hand, table after "
        "table from table 1 (tables of {tables}): 'skatliste tournament seat {series} TABLE "
        "NAME... --tournament {folder}'",
        "series {series} cannot be drawn again without team {team} ({why}): its draw is "
        "taken back, its lists are in {moved}; seat its {count} players by hand, table after "
        "table from table 1 (tables of {tables}): 'skatliste tournament seat {series} TABLE "
        "NAME... --tournament {folder}'",
        len(hand.players),
        series=hand.series,
        team=team,
        why=hand.why.message,
        moved=where / hand.moved,
        tables=tables or "-",
        folder=where,
    )


@day.command("report")
@click.argument("number", type=int)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@league_option
@lang_option
def day_report(number: int, as_json: bool, folder: Path, lang: str | None) -> None:
    """The match report (Spielbericht) of day N: per series each team's game points and
    ranking points, then the day's ranking points for : against and game points. Live while
    tables play.

    \b
    Examples:
      skatliste league day report 1
      skatliste league day report 1 --json
    """

    r = app.day_report(folder, number)
    if as_json:
        _json(app.report_json(r))
        return
    click.echo(report_text(r, app.open_league(folder).name, resolve_lang(lang)))


league.add_command(venue)


# --- the season -----------------------------------------------------------------------------


@league.command("table")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@league_option
@lang_option
def table(as_json: bool, folder: Path, lang: str | None) -> None:
    """The season table: place, team, match days played, ranking points for : against, game
    points; ordered by ranking points, then game points.

    \b
    Examples:
      skatliste league table
      skatliste league table --json
    """

    lines = app.table(folder)
    if as_json:
        _json(app.table_json(lines))
        return
    chosen = resolve_lang(lang)
    click.echo(app.open_league(folder).name)
    click.echo(table_text(lines, chosen))


@league.command("players")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@league_option
@lang_option
def players(as_json: bool, folder: Path, lang: str | None) -> None:
    """Every player's Seeger-Fabian over the season (Einzelwertung), ranked like a tournament:
    Seeger-Fabian, then more won, then fewer lost games.

    \b
    Examples:
      skatliste league players
      skatliste league players --json
    """

    lines = app.players(folder)
    if as_json:
        _json(app.players_json(lines))
        return
    click.echo(players_text(lines, resolve_lang(lang)))


@league.command("export")
@click.argument("what", type=click.Choice(["report", "table"]))
@click.option("--day", "number", type=int, default=None, help="The match day (report: required).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "csv", "json"]),
    default=None,
    help="Default: from the output file's ending, else html.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@league_option
@lang_option
def export(
    what: str,
    number: int | None,
    fmt: str | None,
    output: Path | None,
    folder: Path,
    lang: str | None,
) -> None:
    """The match report (Spielbericht) of a day or the season table as printable HTML (A4),
    CSV or JSON; to a file with -o, else to the terminal.

    \b
    Examples:
      skatliste league export report --day 1 -o spielbericht-1.html
      skatliste league export table -o tabelle.csv
    """

    chosen: Lang = resolve_lang(lang)
    fmt = export_format(fmt, output)
    name = app.open_league(folder).name
    if what == "report":
        if number is None:
            raise InputError(msg("export report: give the match day, e.g. --day 1"))
        r = app.day_report(folder, number)
        text = {
            "html": lambda: render.report_html(r, name, chosen),
            "csv": lambda: render.report_csv(r, chosen),
            "json": lambda: render.to_json(app.report_json(r)),
        }[fmt]()
    else:
        lines = app.table(folder)
        text = {
            "html": lambda: render.table_html(lines, name, chosen),
            "csv": lambda: render.table_csv(lines, chosen),
            "json": lambda: render.to_json(app.table_json(lines)),
        }[fmt]()
    named = {"report": msg("report"), "table": msg("table")}[what]
    put_out(output, text, named, fmt)
