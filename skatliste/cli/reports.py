"""Reports: ``sheet``, ``summary``, ``explain``, ``export``, ``stats``, ``chart``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from skatliste.app import lists as app
from skatliste.app import reports
from skatliste.app.reports import ExportFormat
from skatliste.cli.base import cli, list_options, refuse, say
from skatliste.cli.render import game_lines
from skatliste.i18n import Lang
from skatliste.skat.explain import seeger_fabian_line


@cli.command()
@click.option(
    "--format",
    "fmt",
    default="plain",
    type=click.Choice(["plain", "grid", "md", "csv", "json"]),
    show_default=True,
)
@list_options
def sheet(fmt: str, ledger_path: Path, lang: Lang) -> None:
    """The list as on paper: every game, its value and the running totals.

    \b
    Examples:
      skatliste sheet
      skatliste sheet --format md
      skatliste sheet --format csv > evening.csv
    """
    text = app.sheet_text(ledger_path, fmt=fmt, lang=lang)
    sys.stdout.flush()
    out = sys.stdout.buffer  # UTF-8 as kept: a season's sheet is printed without decoding it
    out.write(text)
    out.write(b"\n")
    out.flush()


@cli.command()
@click.option("--round", "round_", type=int, default=None, help="Only round N.")
@click.option("--last-round", is_flag=True, help="Only the last round played.")
@click.option(
    "--cent",
    default=None,
    metavar="X",
    help="Stake in cent per point (e.g. 0.25 or 1/4): who pays whom.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def summary(
    round_: int | None,
    last_round: bool,
    cent: str | None,
    as_json: bool,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """Totals, games won and lost, Seeger-Fabian, rank — and the money.

    \b
    Examples:
      skatliste summary
      skatliste summary --last-round
      skatliste summary --cent 0.25
    """
    from skatliste.money import settle
    from skatliste.render.text import render_summary, summary_json
    from skatliste.skat.summary import summarise, summary_of

    if round_ is not None and last_round:
        refuse("give --round N or --last-round, not both")
    if round_ is None and not last_round:
        # the whole list: its numbers only (a long list's from its derivation cache)
        standing = app.summary_numbers(ledger_path)
        table = standing.table
        result = summary_of(table, standing.derived)
        only = None
    else:
        ledger = app.open_list(ledger_path)
        table = ledger.table
        last = app.rounds_played(ledger)
        only = last if last_round else round_
        if only is not None and not 1 <= only <= last:
            refuse(f"round {only}: the list has rounds 1 to {last}")
        result = summarise(ledger.table, ledger.entries, only_round=only)
    stake = app.parse_stake(cent)
    settlement = None if stake is None else settle({p.name: p.total for p in result.players}, stake)
    if as_json:
        click.echo(json.dumps(summary_json(table, result, settlement), ensure_ascii=False))
        return
    if only is not None:
        click.echo(f"{'Runde' if lang == 'de' else 'Round'} {only}")
    click.echo(render_summary(table, result, settlement=settlement, lang=lang))


@cli.command(name="explain")
@click.argument("number", type=int)
@list_options
def explain_cmd(number: int, ledger_path: Path, lang: Lang) -> None:
    """Game N's full computation, with Seeger-Fabian.

    \b
    Example:
      skatliste explain 7
    """
    from skatliste.skat.rules import seeger_fabian_points

    ledger = app.open_list(ledger_path)
    row = app.game_row(ledger, number)
    lines = game_lines(row, lang)
    dealer = "Geber" if lang == "de" else "dealer"
    lines.insert(1, f"  {dealer}: {row.dealer}")
    if row.result is not None and not ledger.rules.two_player:
        sf = seeger_fabian_points(row.result, table=ledger.table.size)
        lines.append(f"  {seeger_fabian_line(row.result, sf, lang=lang)}")
    click.echo("\n".join(lines))


@cli.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "md", "csv", "json"]),
    default="html",
    show_default=True,
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to this file (default: standard output).",
)
@click.option("--cent", default=None, metavar="X", help="Stake in cent per point: settlement.")
@list_options
def export(
    fmt: ExportFormat,
    output: Path | None,
    cent: str | None,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """The list to share or print: HTML (one file, chart included, A4), Markdown, CSV, JSON.

    \b
    Examples:
      skatliste export -o evening.html
      skatliste export --format csv -o evening.csv
      skatliste export --format md --cent 0.25
    """
    ledger = app.open_list(ledger_path)
    text = reports.export(ledger, fmt, lang=lang, cent=cent)
    if output is None:
        click.echo(text, nl=False)
        return
    reports.write_output(output, text, lists=[ledger_path])
    click.echo(say(f"{output}: {fmt}, {len(ledger.entries)} games"))


@cli.command()
@click.argument("ledgers", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def stats(ledgers: tuple[Path, ...], as_json: bool, ledger_path: Path, lang: Lang) -> None:
    """Per player: games, won/lost and rate, by game type, average and highest game,
    Schneider/Schwarz, overbids, Kontra. Several ledgers are merged by player name.

    \b
    Examples:
      skatliste stats
      skatliste stats 2026-*.json --json
    """
    from skatliste.skat.stats import GAME_ORDER, STATS_HEADERS, stats_rows

    people = reports.statistics(list(ledgers) or [ledger_path])
    if as_json:
        click.echo(
            json.dumps({n: s.as_dict() for n, s in people.items()}, ensure_ascii=False, indent=2)
        )
        return
    from tabulate import tabulate

    de = lang == "de"
    heads = STATS_HEADERS[lang]
    body = stats_rows(people)
    click.echo(
        tabulate(
            body,
            headers=heads,
            disable_numparse=True,
            colalign=("left",) + ("right",) * (len(heads) - 1),
        )
    )
    click.echo("")
    kinds = [g for g in GAME_ORDER if any(g in s.by_game for s in people.values())]
    body = [
        [s.name, *["{}/{}".format(*reversed(s.by_game.get(g, [0, 0]))) for g in kinds]]
        for s in people.values()
    ]
    title = "gewonnen/gespielt" if de else "won/declared"
    click.echo(
        tabulate(
            body,
            headers=[title, *kinds],
            disable_numparse=True,
            colalign=("left",) + ("right",) * len(kinds),
        )
    )


@cli.command()
@click.option("--width", type=click.IntRange(10, 400), default=60, show_default=True)
@click.option("--height", type=click.IntRange(5, 60), default=12, show_default=True)
@list_options
def chart(width: int, height: int, ledger_path: Path, lang: Lang) -> None:
    """The running totals as a chart in the terminal.

    \b
    Example:
      skatliste chart --ledger examples/evening.json
    """
    from skatliste.render.export import text_chart
    from skatliste.skat.sheet import rows

    ledger = app.open_list(ledger_path)
    derived = list(rows(ledger.table, ledger.entries))
    click.echo(text_chart(ledger.table, derived, width=width, height=height, lang=lang))
