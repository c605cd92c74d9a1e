"""Reports, for every game family: ``sheet``, ``summary``, ``explain``, ``export``, ``stats``;
and Skat's ``chart``. Each asks the list's family for its renderer (``skatliste.render``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import click

from skatliste.app import lists as app
from skatliste.app import reports
from skatliste.app.output import write_output
from skatliste.cli.base import Failed, cli, list_options, refuse, say
from skatliste.cli.render import export_format
from skatliste.errors import InputError
from skatliste.i18n import Lang, msg, nmsg
from skatliste.money import Stake, Way, parse_stake
from skatliste.render import renderer
from skatliste.render import report as render
from skatliste.render.report import ExportFormat, SheetFormat

EXPORTS = ("html", "md", "csv", "json")
"""The formats ``export`` writes."""


def _stake(cent: str | None, settle: str | None) -> Stake | None:
    """``--cent``: the stake per point in cent (``0.25``, ``0,25`` or ``1/4``), or None;
    ``--settle``: exact (the default) or paper, only with a stake."""
    if cent is None:
        if settle is not None:
            refuse(msg("--settle {way} settles money: give the stake with --cent X", way=settle))
        return None
    try:
        stake = parse_stake(cent)
    except InputError as exc:
        refuse(msg("--cent {text}: {problem}", text=cent, problem=exc.message))
    return Stake(stake, Way(settle) if settle is not None else Way.EXACT)


SETTLE = click.option(
    "--settle",
    type=click.Choice([w.value for w in Way]),
    default=None,
    help="With --cent: exact (default) or paper (each total rounded to cents first, rules §8).",
)


def _notes(ledger: app.Ledger, lang: Lang) -> None:
    for line in render.notes(ledger, lang):
        click.echo(line, err=True)


@cli.command()
@click.option(
    "--format",
    "fmt",
    default="plain",
    type=click.Choice(["plain", "grid", "md", "csv", "json"]),
    show_default=True,
)
@list_options
def sheet(fmt: SheetFormat, ledger_path: Path, lang: Lang) -> None:
    """The list as on paper: every game, its value and the running totals (American Grand:
    each partie's deals, the pairs' running scores, its result).

    \b
    Examples:
      skatliste sheet
      skatliste sheet --format md
      skatliste sheet --format csv > evening.csv
    """
    ledger = app.open_list(ledger_path)
    footer = reports.agreement(ledger).footer
    _print(render.sheet(ledger, fmt, lang=lang, footer=footer))
    _notes(ledger, lang)
    found = len(ledger.family.problems(ledger.table, ledger.entries)) + len(
        reports.agreement_problems(ledger)
    )
    if found:  # as 'check' does: the sheet shows the list, and says that it is not right
        raise Failed(
            say(
                nmsg(
                    "{games}: {count} problem ('skatliste check' lists it)",
                    "{games}: {count} problems ('skatliste check' lists them)",
                    found,
                    games=ledger.family.entry_count(app.numbered_count(ledger)),
                )
            )
        )


def _print(text: str) -> None:
    """A long text and a line break on standard output, as UTF-8 bytes at once (a long list's
    sheet or American Grand summary: megabytes that click.echo would search for colour codes
    first)."""
    sys.stdout.flush()
    out = sys.stdout.buffer
    out.write(text.encode("utf-8"))
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
@SETTLE
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def summary(
    round_: int | None,
    last_round: bool,
    cent: str | None,
    settle: str | None,
    as_json: bool,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """Totals, games won and lost, Seeger-Fabian, rank — and the money (American Grand:
    each partie's result, §A5; a partie in progress is shown as provisional).

    \b
    Examples:
      skatliste summary
      skatliste summary --last-round
      skatliste summary --cent 0.25
      skatliste summary --cent 0.25 --settle paper
    """
    if round_ is not None and last_round:
        refuse(msg("give --round N or --last-round, not both"))
    stake = _stake(cent, settle)
    ledger = app.open_list(ledger_path)
    only = None
    if round_ is not None or last_round:
        last = app.rounds_played(ledger)
        only = last if last_round else round_
        if only is not None and not 1 <= only <= last:
            refuse(msg("round {number}: the list has rounds 1 to {last}", number=only, last=last))
    show = renderer(ledger.family, "summary")
    _print(show(ledger, lang=lang, stake=stake, only_round=only, as_json=as_json))
    if not as_json:
        _notes(ledger, lang)


@cli.command(name="explain")
@click.argument("number", type=int)
@list_options
def explain_cmd(number: int, ledger_path: Path, lang: Lang) -> None:
    """Game N's full computation, with Seeger-Fabian (American Grand: deal N's, with the
    partie's standing after it).

    \b
    Example:
      skatliste explain 7
    """
    ledger = app.open_list(ledger_path)
    row = app.game_row(ledger, number)
    click.echo("\n".join(renderer(ledger.family, "explain")(ledger, row, lang)))


@cli.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(EXPORTS),
    default=None,
    help="Default: from the output file's ending (.html, .md, .csv, .json), else html.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write to this file (default: standard output).",
)
@click.option("--cent", default=None, metavar="X", help="Stake in cent per point: settlement.")
@SETTLE
@list_options
def export(
    fmt: ExportFormat | None,
    output: Path | None,
    cent: str | None,
    settle: str | None,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """The list to share or print: HTML (one file, chart included, A4), Markdown, CSV, JSON.

    \b
    Examples:
      skatliste export -o evening.html
      skatliste export -o evening.csv
      skatliste export --format md --cent 0.25
    """
    chosen = cast("ExportFormat", export_format(fmt, output, EXPORTS, lists=[ledger_path]))
    stake = _stake(cent, settle)
    reports.refuse_csv_stake(chosen, stake)
    ledger = app.open_list(ledger_path)
    signed = reports.agreement(ledger)
    text = render.export(
        ledger, chosen, lang=lang, stake=stake, footer=signed.footer, agreement=signed.data
    )
    if output is None or str(output) == "-":  # standard output, as -o - says
        click.echo(text, nl=False)
        return
    write_output(output, text, lists=[ledger_path])
    games = ledger.family.entry_count(app.numbered_count(ledger))
    click.echo(say(msg("{path}: {format}, {games}", path=str(output), format=chosen, games=games)))


@cli.command()
@click.argument("ledgers", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def stats(ledgers: tuple[Path, ...], as_json: bool, ledger_path: Path, lang: Lang) -> None:
    """Per player: games, won/lost and rate, by game type, average and highest game,
    Schneider/Schwarz, overbids, Kontra (American Grand: deals declared, made and set, by
    contract, parties won). Several ledgers are merged by player name.

    \b
    Examples:
      skatliste stats
      skatliste stats 2026-*.json --json
    """
    lists = reports.statistics(list(ledgers) or [ledger_path])
    click.echo(renderer(lists[0].family, "stats")(lists, lang=lang, as_json=as_json))


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
    ledger = app.open_list(ledger_path)
    click.echo(renderer(ledger.family, "chart")(ledger, width=width, height=height, lang=lang))
