"""``skatliste tournament``: players, the draw, results, ranking, teams, prizes, exports.
Each command parses, calls ``skatliste.app.tournament`` and prints what it returns."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import click

from skatliste.app import tournament as app
from skatliste.cli.base import (
    cli,
    lang_option,
    messages_lang_option,
    resolve_lang,
    say,
)
from skatliste.cli.render import export_format, put_out
from skatliste.cli.tournament_players import player, tournament_option
from skatliste.cli.tournament_refusals import TournamentGroup
from skatliste.errors import InputError
from skatliste.i18n import Lang, msg, pmsg
from skatliste.i18n import render as render_message
from skatliste.money import parse_amount
from skatliste.printed import number, with_minus
from skatliste.render import tournament as render
from skatliste.render.plain import plain_table
from skatliste.render.tournament import money, ranking_table, text
from skatliste.tournament import MAX_SERIES_GAMES, Leavers, Ties

# --- the options read into values (``--games 36/48``, ``--pool 500``) -----------------------


EXAMPLES = {
    "--pool": "--pool 500",
    "--split": "--split 30,20,15",
    "--amounts": "--amounts 100,60,40",
    "--entry": "--entry 10",
    "--lost-game": "--lost-game 0.50, --lost-game 0.30,0.30,0.30,1",
}
"""How each money option is typed."""


def games_option(spec: str | None) -> tuple[int, int] | None:
    """``--games 36/48``: the games of a series at a table of three and of four."""
    if spec is None:
        return None
    found = re.fullmatch(r"\s*(\d{1,9})\s*/\s*(\d{1,9})\s*", spec)
    if not found or not all(1 <= int(found.group(g)) <= MAX_SERIES_GAMES for g in (1, 2)):
        raise InputError(
            msg(
                "--games {spec}: give the games at a table of three and of four (1 to {most}), "
                "e.g. 36/48 or 24/32",
                spec=spec,
                most=MAX_SERIES_GAMES,
            )
        )
    return int(found.group(1)), int(found.group(2))


def _one_amount(text: str, raw: str, option: str) -> Fraction:
    """One amount as the core reads money (``sheet.parse_amount``: 12.50, 12,50, 1/3; six
    digits at most before the point, so 1e309 or a typing slip never reaches the sums)."""
    text = text.strip()
    value = parse_amount(text)
    if value is not None:
        return value
    if text.startswith(("-", "−")):
        raise InputError(
            msg(
                "{option} {raw}: {part} is negative; give e.g. {example}",
                option=option,
                raw=raw,
                part=repr(text),
                example=EXAMPLES[option],
            )
        )
    raise InputError(
        msg(
            "{option} {raw}: {part} is not a number (e.g. {example}): write at most six "
            "digits before the decimal point or comma, and no exponent",
            option=option,
            raw=raw,
            part=repr(text),
            example=EXAMPLES[option],
        )
    )


def amounts_option(raw: str | None, option: str) -> list[Fraction]:
    """``--split 30,20,15``: amounts separated by commas (none without the option)."""
    if raw is None:
        return []
    return [_one_amount(part, raw, option) for part in raw.split(",")]


def amount_option(raw: str | None, option: str) -> Fraction | None:
    """``--pool 500``: one amount (None without the option)."""
    if raw is None:
        return None
    values = amounts_option(raw, option)
    if len(values) != 1:
        raise InputError(
            msg(
                "{option} {raw}: give one amount, e.g. {example}",
                option=option,
                raw=raw,
                example=EXAMPLES[option],
            )
        )
    return values[0]


def table_points_option(raw: str | None) -> tuple[int, ...] | None:
    """``--table-points 4,3,2,1``: the points of places 1 to 4 at a table; ``none``: no
    table points (None without the option)."""
    if raw is None:
        return None
    if raw.strip().casefold() in ("none", "keine"):
        return ()
    parts = [p.strip() for p in raw.split(",")]
    if not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
        raise InputError(
            msg(
                "--table-points {raw}: give the points of places 1 to 4 at a table, whole "
                "numbers, e.g. 4,3,2,1 (or none)",
                raw=raw,
            )
        )
    return tuple(int(p) for p in parts)


def rules_options(f: Callable[..., None]) -> Callable[..., None]:
    """The ranking's rules, as ``new`` and ``rules`` take them."""
    f = click.option(
        "--table-points",
        default=None,
        metavar="P1,P2,P3,P4",
        help="Rank by table points first: the points of places 1 to 4 at a table "
        "(e.g. 4,3,2,1; a table of three gives the first three); none: by Seeger-Fabian.",
    )(f)
    f = click.option(
        "--leavers",
        type=click.Choice([x.value for x in Leavers]),
        default=None,
        help="A player who left: ranked with his series (default), or unranked: listed "
        "without a place, the next moves up.",
    )(f)
    f = click.option(
        "--lot-seed",
        type=int,
        default=None,
        help="The seed of the lot (with --ties lot; default random, recorded).",
    )(f)
    return click.option(
        "--ties",
        type=click.Choice([x.value for x in Ties]),
        default=None,
        help="Players still equal after Seeger-Fabian, won and lost: share the place "
        "(default), or lot: an order drawn by lot, the same on every look.",
    )(f)


DRAW = ("draw", "seat", "seating")
"""The commands of ``cli.tournament_draw``, loaded when one of them is called."""


@cli.group(cls=TournamentGroup, lazy=dict.fromkeys(DRAW, "skatliste.cli.tournament_draw"))
def tournament() -> None:
    """A tournament across tables: players, the draw, table lists, ranking, teams, prizes.

    \b
    Examples:
      skatliste tournament new preisskat --name "Preisskat Dezember" --series 3
      cd preisskat
      skatliste tournament player add Anna --club "Herz Dame"
      skatliste tournament draw 1
      skatliste tournament seating 1
      skatliste tournament result 1 2 Anna=312/9/2 Ben=-40/3/4 Carl=118/6/1
      skatliste tournament ranking
    """


@tournament.command("new")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--name", required=True, help="The tournament's name.")
@click.option("--date", default=None, help="The day, YYYY-MM-DD (default today).")
@click.option("--series", type=int, default=3, show_default=True, help="Series to play.")
@click.option(
    "--games",
    default=None,
    metavar="N3/N4",
    help="Games in a series at a table of three/four (default 36/48, SkWO).",
)
@click.option("--seed", type=int, default=None, help="Seed of the draws (default random).")
@click.option(
    "--double-list",
    is_flag=True,
    help="Every table keeps two lists (table-03.json and table-03.b.json); it counts when "
    "they agree.",
)
@rules_options
@messages_lang_option
def new(
    folder: Path,
    name: str,
    date: str | None,
    series: int,
    games: str | None,
    seed: int | None,
    double_list: bool,
    ties: str | None,
    lot_seed: int | None,
    leavers: str | None,
    table_points: str | None,
) -> None:
    """Start a tournament in a new folder.

    \b
    Examples:
      skatliste tournament new preisskat --name "Preisskat Dezember" --series 3 --seed 7
      skatliste tournament new meisterschaft --name "Meisterschaft" --double-list
      skatliste tournament new finale --name "Finale" --table-points 4,3,2,1 --ties lot
    """
    counts = games_option(games)
    t = app.new_tournament(
        folder,
        name=name,
        date=date,
        series=series,
        games=counts,
        seed=seed,
        double_list=double_list,
        ties=Ties(ties or Ties.SHARED),
        lot_seed=lot_seed,
        leavers=Leavers(leavers or Leavers.RANKED),
        table_points=table_points_option(table_points) or (),
    )
    click.echo(
        say(
            msg(
                "{path}: {name} on {date}, {series} series of {four} games at a table of four, "
                "{three} at three; seed {seed}",
                path=t.path,
                name=t.name,
                date=t.date,
                series=t.series,
                four=t.games[4],
                three=t.games[3],
                seed=t.seed,
            )
        )
    )
    if t.double_list:
        click.echo(
            say(
                msg(
                    "every table keeps two lists, table-NN.json and table-NN.b.json: a table "
                    "counts once they agree"
                )
            )
        )
    if (t.ties, t.leavers, t.table_points) != (Ties.SHARED, Leavers.RANKED, ()):
        click.echo(rules_line(t))


tournament.add_command(player)


# --- results ----------------------------------------------------------------------------


def rules_line(t: app.Tournament) -> str:
    """The ranking's rules in one sentence, as ``new`` and ``rules`` print them."""
    order = (
        msg("ranked by table points {points}, then Seeger-Fabian",
            points=",".join(map(str, t.table_points)))
        if t.table_points
        else msg("ranked by Seeger-Fabian")
    )  # fmt: skip
    ties = (
        msg("ties by lot (seed {seed})", seed=t.lot_seed)
        if t.ties is Ties.LOT
        else msg("ties share the place")
    )
    leavers = (
        msg("a player who left is listed without a place")
        if t.leavers is Leavers.UNRANKED
        else msg("a player who left is ranked")
    )
    return say(
        msg(
            "{order}, then more won, then fewer lost; {ties}; {leavers}",
            order=order,
            ties=ties,
            leavers=leavers,
        )
    )


@tournament.command("rules")
@rules_options
@tournament_option
@messages_lang_option
def rules(
    ties: str | None,
    lot_seed: int | None,
    leavers: str | None,
    table_points: str | None,
    folder: Path,
) -> None:
    """The ranking's rules of the tournament: shown, or set with the options (recorded in
    the history, with the lot's seed).

    \b
    Examples:
      skatliste tournament rules
      skatliste tournament rules --ties lot --leavers unranked
      skatliste tournament rules --table-points 4,3,2,1
      skatliste tournament rules --table-points none
    """
    if (ties, lot_seed, leavers, table_points) == (None, None, None, None):
        click.echo(rules_line(app.open_tournament(folder)))
        return
    t = app.set_rules(
        folder,
        ties=None if ties is None else Ties(ties),
        lot_seed=lot_seed,
        leavers=None if leavers is None else Leavers(leavers),
        table_points=table_points_option(table_points),
    )
    click.echo(rules_line(t))


@tournament.command("result")
@click.argument("series", type=int)
@click.argument("table", type=int)
@click.argument("items", nargs=-1)
@click.option("--force", is_flag=True, help="Replace a paper result (the old one is kept).")
@click.option("--delete", is_flag=True, help="Take the paper result back (kept in the history).")
@tournament_option
@lang_option
def result(
    series: int,
    table: int,
    items: tuple[str, ...],
    force: bool,
    delete: bool,
    folder: Path,
    lang: str | None,
) -> None:
    """Enter a paper Spielliste: every player's list points, games won and games lost (a
    name with a space quoted with its result).

    \b
    Examples:
      skatliste tournament result 1 2 Anna=312/9/2 Ben=-40/3/4 Carl=118/6/1
      skatliste tournament result 1 3 "Anna Schmidt=312/9/2" Dora=-40/3/4 Emil=118/6/1
      skatliste tournament result 1 2 --delete
    """
    if delete:
        if items or force:
            raise InputError(
                msg("--delete takes the paper result back: give no results and no --force")
            )
        app.delete_paper_result(folder, series, table)
        click.echo(
            say(
                msg(
                    "series {series} table {table}: paper result deleted (kept in the history)",
                    series=series,
                    table=table,
                )
            )
        )
        return
    if not items:
        raise InputError(
            msg("give every player's result, e.g. Anna=312/9/2 Ben=-40/3/4 Carl=118/6/1")
        )
    scores = app.enter_paper_result(folder, series, table, list(items), force=force)
    # the words of the tournament's tables, without their renderer: one result costs little

    parts = ", ".join(f"{name} {with_minus(s.seeger_fabian)}" for name, s in scores.items())
    said = pmsg(
        "tournament",
        "series {series} table {table}: Seeger-Fabian {points}",
        series=series,
        table=table,
        points=parts,
    )
    click.echo(said.render(resolve_lang(lang)))


@tournament.command("status")
@tournament_option
@lang_option
def status(folder: Path, lang: str | None) -> None:
    """Per series and table: done, in progress (games of the series), paper, or missing.

    \b
    Example:
      skatliste tournament status
    """

    t = text(resolve_lang(lang))
    tables = app.status(folder)
    if not tables:
        click.echo(say(msg("no series drawn yet: 'skatliste tournament draw 1'")))
        return
    body = []
    for s in tables:
        state = t[s.state]
        if s.state in ("in progress", "done", "differs"):
            state += f" ({s.games}/{s.length})"
        body.append([str(s.series), str(s.table), ", ".join(s.players), state])
    headers = [t["series_h"], t["table"], t["player"], t["state"]]
    click.echo(plain_table(headers, body, "rrll"))
    for s in tables:
        for problem in s.problems:
            click.echo(
                say(
                    msg(
                        "series {series} table {table}: {problem}",
                        series=s.series,
                        table=s.table,
                        problem=problem,
                    )
                )
            )


# --- ranking, teams, prizes ------------------------------------------------------------------


def _ranking_note(r: app.Ranking, lang: Lang) -> str:
    """The notes under a ranking: the tables still playing, the lot's seed where the lot
    decided a place."""
    t = text(lang)
    notes = []
    if r.in_progress:
        where = ", ".join(
            t["where"].format(series=s.series, table=s.table, games=s.games, length=s.length)
            for s in r.in_progress
        )
        notes.append(t["playing"].format(tables=where))
    if any(s.by_lot for s in r.standings):
        notes.append(t["by_lot"].format(seed=r.lot_seed))
    return "\n".join(notes)


def _ranking_title(r: app.Ranking, lang: Lang) -> str:

    t = text(lang)
    which = t["series_n"].format(series=r.series) if r.series else t["all_series"]
    return f"{r.name} · {r.date} · {which}"


@tournament.command("ranking")
@click.option("--series", type=int, default=None, help="Rank one series only.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@tournament_option
@lang_option
def ranking(series: int | None, as_json: bool, folder: Path, lang: str | None) -> None:
    """The live ranking: Seeger-Fabian per series and in all, then more won games, then
    fewer lost games; equal players share a place. Every game entered counts.

    \b
    Examples:
      skatliste tournament ranking
      skatliste tournament ranking --series 1 --json
    """

    r = app.ranking(folder, series=series)
    if as_json:
        click.echo(json.dumps(app.ranking_json(r), ensure_ascii=False, indent=2))
        return
    chosen = resolve_lang(lang)
    click.echo(_ranking_title(r, chosen))
    click.echo(ranking_table(r.standings, chosen))
    note = _ranking_note(r, chosen)
    if note:
        click.echo(note)


@tournament.command("teams")
@click.option("--size", type=int, default=4, show_default=True, help="Players counted per club.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@tournament_option
@lang_option
def teams(size: int, as_json: bool, folder: Path, lang: str | None) -> None:
    """Clubs ranked by the sum of their best players' Seeger-Fabian totals.

    \b
    Example:
      skatliste tournament teams --size 4
    """

    t = text(resolve_lang(lang))
    lines = app.team_ranking(folder, size=size)
    if as_json:
        data = [
            {
                "place": t.place,
                "club": t.club,
                "seeger_fabian": t.seeger_fabian,
                "players": [{"name": n, "seeger_fabian": sf} for n, sf in t.members],
                "short": t.short,
            }
            for t in lines
        ]
        click.echo(json.dumps({"teams": data}, ensure_ascii=False, indent=2))
        return
    if not lines:
        click.echo(
            say(msg("no player has a club: 'skatliste tournament player add NAME --club CLUB'"))
        )
        return
    body = [
        [
            f"{x.place}.",
            x.club + (" †" if x.short else ""),
            number(x.seeger_fabian),
            ", ".join(f"{n} {number(sf)}" for n, sf in x.members),
        ]
        for x in lines
    ]
    headers = [t["place"], t["club"], t["total"], t["counted"]]
    click.echo(plain_table(headers, body, "rlrl"))
    if any(x.short for x in lines):
        click.echo(t["short"].format(size=size))


@tournament.command("prizes")
@click.option("--pool", default=None, help="The prize money to split.")
@click.option("--split", default=None, metavar="P1,P2,...", help="Percent of the pool per place.")
@click.option("--amounts", default=None, metavar="A1,A2,...", help="Fixed prize per place.")
@click.option("--entry", default=None, help="Start money per player.")
@click.option(
    "--lost-game",
    default=None,
    metavar="F1,F2,...",
    help="Fee per lost game; in tiers per series: the n-th lost game of a series costs the "
    "n-th amount, the last every game beyond (0.30,0.30,0.30,1: 1st-3rd 0.30, from the 4th 1).",
)
@click.option(
    "--provisional",
    is_flag=True,
    help="While a table still plays: the list as it stands, every line marked provisional.",
)
@tournament_option
@lang_option
def prizes(
    pool: str | None,
    split: str | None,
    amounts: str | None,
    entry: str | None,
    lost_game: str | None,
    provisional: bool,
    folder: Path,
    lang: str | None,
) -> None:
    """Who gets what (equal places share their prizes), and each player's fees. Refused
    while a table still plays, unless --provisional.

    \b
    Examples:
      skatliste tournament prizes --pool 500 --split 30,20,15,10
      skatliste tournament prizes --amounts 100,60,40 --entry 10 --lost-game 0.50
      skatliste tournament prizes --amounts 100,60 --entry 2 --lost-game 0.30,0.30,0.30,1
      skatliste tournament prizes --pool 200 --split 40,30 --provisional
    """

    chosen = resolve_lang(lang)
    t = text(chosen)
    got = app.prize_list(
        folder,
        pool=amount_option(pool, "--pool"),
        split=amounts_option(split, "--split"),
        amounts=amounts_option(amounts, "--amounts"),
        entry=amount_option(entry, "--entry"),
        lost_game=amounts_option(lost_game, "--lost-game"),
        provisional=provisional,
    )
    mark = [t["provisional"]] if got.provisional else []
    body = [[f"{p.place}.", p.name, money(p.amount, chosen), *mark] for p in got.prizes]
    heads = [t["place"], t["name"], t["prize"], *([""] if mark else [])]
    click.echo(plain_table(heads, body, "rlr" + "l" * len(mark)))
    paid = money(got.paid_out, chosen)
    if got.remaining:
        click.echo(t["remaining"].format(paid=paid, left=money(got.remaining, chosen)))
    else:
        click.echo(t["paid_out"].format(paid=paid))
    if got.fees:
        click.echo()
        fee_body = [
            [
                f.name,
                money(f.entry, chosen),
                str(f.lost),
                money(f.lost_fees, chosen),
                money(f.total, chosen),
                *mark,
            ]
            for f in got.fees
        ]
        headers = [t["name"], t["entry"], t["lost"], t["lost_games"], t["pays"]]
        headers += [""] * len(mark)
        click.echo(plain_table(headers, fee_body, "lrrrr" + "l" * len(mark)))
        click.echo(t["collected"].format(amount=money(got.collected, chosen)))
    if got.provisional:
        where = render_message(got.playing(), chosen)
        click.echo(t["provisional_note"].format(tables=where))


@tournament.command("export")
@click.argument("what", type=click.Choice(["ranking", "seating"]))
@click.option("--series", type=int, default=None, help="The series (seating: required).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "csv", "json"]),
    default=None,
    help="Default: from the output file's ending, else html.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None)
@tournament_option
@lang_option
def export(
    what: str,
    series: int | None,
    fmt: str | None,
    output: Path | None,
    folder: Path,
    lang: str | None,
) -> None:
    """The ranking or a seating plan as printable HTML (A4; the ranking with a bar chart of
    the top players), CSV or JSON; to a file with -o, else to the terminal.

    \b
    Examples:
      skatliste tournament export ranking -o ranking.html
      skatliste tournament export seating --series 1 -o seating-1.html
    """

    chosen = resolve_lang(lang)
    fmt = export_format(fmt, output)
    if what == "ranking":
        r = app.ranking(folder, series=series)
        if fmt == "html":
            text = render.ranking_html(
                _ranking_title(r, chosen),
                r.standings,
                note=_ranking_note(r, chosen),
                lang=chosen,
            )
        elif fmt == "csv":
            text = render.ranking_csv(r.standings, chosen)
        else:
            text = render.to_json(app.ranking_json(r))
    else:
        if series is None:
            raise InputError(msg("export seating: give the series, e.g. --series 1"))
        plan = app.seating(folder, series)
        t = app.open_tournament(folder)
        tables = [(x.table, x.players, x.list) for x in plan.tables]
        if fmt == "html":
            text = render.seating_html(t.name, series, tables, plan.by_player(), chosen)
        elif fmt == "csv":
            text = render.seating_csv(series, tables, chosen)
        else:
            text = render.to_json(
                {
                    "series": series,
                    "tables": [
                        {"table": n, "players": list(p), "list": path} for n, p, path in tables
                    ],
                }
            )
    named = {"ranking": msg("ranking"), "seating": msg("seating")}[what]
    put_out(output, text, named, fmt)
