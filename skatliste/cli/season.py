"""``skatliste season``: a club's season — its evenings, the standing (Vereinsmeisterschaft),
a player's history, the club ranking, exports. Each command parses, calls
``skatliste.app.season`` and prints what it returns."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from skatliste.app import season as app
from skatliste.cli.base import (
    F,
    SkatGroup,
    cli,
    folder_option,
    lang_option,
    messages_lang_option,
    resolve_lang,
    say,
)
from skatliste.cli.render import export_format
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import Lang, msg
from skatliste.render import season as render
from skatliste.render.season import (
    missing_lines,
    not_ranked_note,
    player_line,
    player_table,
    rules_lines,
    standing_table,
    stats_table,
    teams_table,
    title,
)
from skatliste.season import Rule, ScoreKind, SeasonRules, shown

season_option = folder_option("season", app.ENV_VAR, "The season folder (or env SKATLISTE_SEASON).")


class SeasonGroup(SkatGroup):
    """The season's commands; a folder without a season says how to start one."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return click.Group.invoke(self, ctx)
        except app.NoSeason as exc:
            how = msg(
                "; start one with 'skatliste season new DIR --name NAME', or give --season DIR"
            )
            raise LedgerError(msg("{problem}{how}", problem=exc.message, how=how)) from None


@cli.group(cls=SeasonGroup)
def season() -> None:
    """A club's season: evenings of lists and tournaments, the standing, players, clubs.

    \b
    Examples:
      skatliste season new vm2027 --name "Vereinsmeisterschaft 2027" --best 10
      cd vm2027
      skatliste season add ../abende/2027-01-15-tisch1.json --date 2027-01-15
      skatliste season standing
      skatliste season player Anna
    """


def _rule_options(f: F) -> F:
    for option in reversed(
        [
            click.option(
                "--score",
                type=click.Choice([k.value for k in ScoreKind]),
                default="seeger-fabian",
                show_default=True,
                help="What a series scores: its Seeger-Fabian or its list points.",
            ),
            click.option(
                "--rule",
                type=click.Choice([r.value for r in Rule]),
                default="sum",
                show_default=True,
                help="The season score: the sum or the average of the counted series.",
            ),
            click.option("--best", type=int, default=None, help="Only the N best series count."),
            click.option("--drop", type=int, default=None, help="The K worst series drop."),
            click.option("--drop-from", type=int, default=None, help="Drop one from series N."),
            click.option("--drop-every", type=int, default=None, help="... one more every N."),
            click.option("--drop-max", type=int, default=None, help="... at most N dropped."),
            click.option("--min-series", type=int, default=0, help="Fewer series: not ranked."),
            click.option("--min-evenings", type=int, default=0, help="Fewer evenings: not ranked."),
            click.option(
                "--attendance", type=int, default=0, help="Points per evening attended (sum)."
            ),
        ]
    ):
        f = option(f)
    return f


@season.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", required=True, help="The season's name.")
@_rule_options
@messages_lang_option
def new(folder: Path, name: str, score: str, rule: str, **counts: int | None) -> None:
    """Start a season in a new folder, with its rules (shown by 'season rules', changed with
    'season rules --set').

    \b
    Examples:
      skatliste season new vm2027 --name "Vereinsmeisterschaft 2027"
      skatliste season new vm2027 --name "VM 2027" --rule average --min-series 44 --min-evenings 22
      skatliste season new cup --name "Pokal" --drop-from 30 --drop-every 5 --drop-max 5
    """
    rules = SeasonRules(
        score=ScoreKind(score),
        rule=Rule(rule),
        best=counts["best"],
        drop=counts["drop"],
        drop_from=counts["drop_from"],
        drop_every=counts["drop_every"],
        drop_max=counts["drop_max"],
        min_series=counts["min_series"] or 0,
        min_evenings=counts["min_evenings"] or 0,
        attendance=counts["attendance"] or 0,
    )
    s = app.new_season(folder, name=name, rules=rules)
    click.echo(say(msg("{path}: the season {name} started", path=s.path, name=s.name)))


def _setting(item: str) -> tuple[str, object]:
    """``best=10``, ``drop-from=30``, ``best=none`` (off), ``rule=average`` → (field, value)."""
    key, sep, value = item.partition("=")
    field = key.strip().replace("-", "_")
    if not sep or field not in app.RULE_NAMES:
        raise InputError(
            msg(
                "--set {item}: write NAME=VALUE, NAME one of {known}",
                item=item,
                known=", ".join(n.replace("_", "-") for n in app.RULE_NAMES),
            )
        )
    value = value.strip()
    if field == "score":
        return field, _choice(ScoreKind, value, item)
    if field == "rule":
        return field, _choice(Rule, value, item)
    if value.lower() in ("none", "off", "") and field in (
        "best",
        "drop",
        "drop_from",
        "drop_every",
        "drop_max",
    ):
        return field, None
    try:
        return field, int(value)
    except ValueError:
        raise InputError(msg("--set {item}: the value is a whole number", item=item)) from None


def _choice(kind: Any, value: str, item: str) -> object:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(k.value for k in kind)
        raise InputError(msg("--set {item}: one of {known}", item=item, known=known)) from None


@season.command("rules")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help="Change a rule.")
@season_option
@messages_lang_option
def rules(settings: tuple[str, ...], folder: Path) -> None:
    """The season's rules; change them with --set (the old ones are kept in the history): the
    standing follows at once, it is derived on every read.

    \b
    Examples:
      skatliste season rules
      skatliste season rules --set best=10
      skatliste season rules --set best=none --set drop=2 --set min-evenings=6
    """

    if settings:
        changes = dict(_setting(item) for item in settings)
        _, now = app.set_rules(folder, changes)
    else:
        now = app.open_season(folder).rules
    for line in rules_lines(now):
        click.echo(say(line))


@season.command("add")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--date", "day", default=None, help="The evening's day, YYYY-MM-DD (default today).")
@click.option(
    "--series",
    type=int,
    default=None,
    metavar="N",
    help="The lists are series N of the evening: a player sits at one of its tables.",
)
@season_option
@messages_lang_option
def add(paths: tuple[Path, ...], day: str | None, series: int | None, folder: Path) -> None:
    """Add an evening: its list files (each one series for its players; the tables may be
    redrawn between series) and tournament folders (each table a series). Paths are kept
    relative to the season folder; a second add on the same day adds to that evening.

    \b
    Examples:
      skatliste season add tisch1.json tisch2.json --date 2027-01-15
      skatliste season add s2-tisch1.json s2-tisch2.json --series 2 --date 2027-01-15
      skatliste season add ../preisskat --date 2027-02-05
    """
    evening = app.add_evening(folder, list(paths), day=day, series=series)
    click.echo(
        say(
            msg(
                "the evening of {date}: {paths}",
                date=evening.date,
                paths=", ".join(evening.paths),
            )
        )
    )


@season.command("remove")
@click.argument("day", metavar="DATE")
@season_option
@messages_lang_option
def remove(day: str, folder: Path) -> None:
    """Take an evening out of the season (kept in the history).

    \b
    Example:
      skatliste season remove 2027-01-15
    """
    evening = app.remove_evening(folder, day)
    click.echo(say(msg("the evening of {date} taken out (kept in the history)", date=evening.date)))


@season.command("alias")
@click.argument("name")
@click.argument("other", required=False)
@click.option(
    "--remove", is_flag=True, help="Take back the alias of the spelling NAME (kept in history)."
)
@season_option
@messages_lang_option
def alias(name: str, other: str | None, remove: bool, folder: Path) -> None:
    """Join two spellings of one player: OTHER is NAME (shown as NAME). Refused where both
    have a result in one series (two players). --remove takes an alias back.

    \b
    Examples:
      skatliste season alias "Hans-Jürgen" "Hans Jürgen"
      skatliste season alias --remove "Hans Jürgen"
    """
    if remove:
        if other is not None:
            raise InputError(msg("--remove takes one name: the spelling the alias joined"))
        joined, spelling = app.remove_alias(folder, name)
        said = msg("'{other}' is no longer '{name}' in the standing", other=spelling, name=joined)
        click.echo(say(said))
        return
    if other is None:
        raise InputError(msg("an alias joins two names: give both"))
    app.add_alias(folder, name, other)
    click.echo(say(msg("'{other}' is '{name}' in the standing", other=other, name=name)))


def _notes(st: app.Standing, lang: Lang) -> None:

    note = not_ranked_note(st)
    if note is not None:
        click.echo(note.render(lang))
    for line in missing_lines(st.missing):
        click.echo(line.render(lang))


@season.command("standing")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@season_option
@lang_option
def standing(as_json: bool, folder: Path, lang: str | None) -> None:
    """The season standing: by score, then more series played; equal players share a place.
    Players below the minimum follow without a place; a missing list is named.

    \b
    Examples:
      skatliste season standing
      skatliste season standing --json
    """

    st = app.standing(folder)
    if as_json:
        click.echo(json.dumps(app.standing_json(st), ensure_ascii=False, indent=2))
        return
    chosen = resolve_lang(lang)
    click.echo(title(st).render(chosen))
    click.echo(standing_table(st, chosen))
    _notes(st, chosen)


@season.command("player")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@season_option
@lang_option
def player(name: str, as_json: bool, folder: Path, lang: str | None) -> None:
    """A player's season: every evening and series with its score, counted or dropped, and
    the statistics of the season (as 'skatliste stats' counts them).

    \b
    Examples:
      skatliste season player Anna
      skatliste season player "Hans-Jürgen" --json
    """

    page = app.player(folder, name)
    if as_json:
        click.echo(json.dumps(app.player_json(page), ensure_ascii=False, indent=2))
        return
    chosen = resolve_lang(lang)
    click.echo(player_line(page, chosen))
    click.echo(player_table(page, chosen))
    click.echo()
    click.echo(stats_table(page, chosen))
    for line in missing_lines(page.missing):
        click.echo(line.render(chosen))


@season.command("teams")
@click.option("--size", type=int, default=4, show_default=True, help="Players counted per club.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@season_option
@lang_option
def teams(size: int, as_json: bool, folder: Path, lang: str | None) -> None:
    """Clubs ranked by the sum of their best players' season scores (a cup's club ranking);
    a club is what a tournament gave its players.

    \b
    Example:
      skatliste season teams --size 4
    """

    lines = app.teams(folder, size=size)
    rule = app.open_season(folder).rules.rule
    if as_json:
        data = [
            {
                "place": x.place,
                "club": x.club,
                "score": app.json_number(shown(x.score, rule)),
                "players": [
                    {"name": n, "score": app.json_number(shown(v, rule))} for n, v in x.members
                ],
                "short": x.short,
            }
            for x in lines
        ]
        click.echo(json.dumps({"teams": data}, ensure_ascii=False, indent=2))
        return
    if not lines:
        click.echo(say(msg("no ranked player has a club (a tournament gives a player's club)")))
        return
    chosen = resolve_lang(lang)
    click.echo(teams_table(lines, rule, chosen))
    if any(x.short for x in lines):
        from skatliste.render.tournament import text  # the tournament's words: teams only

        click.echo(text(chosen)["short"].format(size=size))


@season.command("export")
@click.argument(
    "fmt", metavar="[FORMAT]", type=click.Choice(["html", "csv", "json"]), required=False
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@season_option
@lang_option
def export(fmt: str | None, output: Path | None, folder: Path, lang: str | None) -> None:
    """The standing as printable HTML (A4, with a chart of the top players' season), CSV or
    JSON (without FORMAT: the output file's ending says which, else HTML); to a file with -o,
    else to the terminal.

    \b
    Examples:
      skatliste season export html -o standing.html
      skatliste season export -o standing.csv
    """

    fmt = export_format(fmt, output, option="")
    chosen = resolve_lang(lang)
    st = app.standing(folder)
    if fmt == "html":
        days, lines = app.progress(folder)
        text = render.standing_html(st, days, lines, chosen)
    elif fmt == "csv":
        text = render.standing_csv(st, chosen)
    else:
        text = render.to_json(app.standing_json(st))
    if output is None or str(output) == "-":  # standard output, as -o - says
        click.echo(text, nl=False)
        return
    app.write_output(folder, output, text)
    click.echo(say(msg("{path}: the standing written ({format})", path=output, format=fmt)))
