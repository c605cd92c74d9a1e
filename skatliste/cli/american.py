"""The commands of an American Grand list (rules ``american-grand``).

They carry the same names as a Skat list's (``new``, ``add``, ``undo``, ``edit``, ``delete``,
``explain``, ``sheet``, ``summary``, ``check``, ``history``, ``export``, ``rules``) plus
``end``; the group in ``base`` routes a command here when the list (or ``new --rules``) is of
this family, so the Skat commands know nothing of it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from skatliste.cli.base import (
    FAMILY_GROUPS,
    WORDS_CONTEXT,
    Failed,
    cli,
    ledger_option,
    list_options,
    messages_lang_option,
    say,
    translate,
)
from skatliste.i18n import Lang

if TYPE_CHECKING:
    from skatliste.american.game import Entry, Partie
    from skatliste.app.american import AmericanList, Change


@click.group(name="skatliste")
def american() -> None:
    """American Grand: four players in two pairs, Whist, Grand, Euchre or Hearts each deal,
    to 100 points, settled by points and sets.

    \b
    A new list:   skatliste new --rules american-grand --players Anna Ben Carl Dora
    Enter a deal: skatliste add anna whist 25 tricks 11
    The sheet:    skatliste sheet
    """


def _entry_words(entry: Entry, lang: Lang) -> str:
    from skatliste.american.game import PartieEnd, to_words

    if isinstance(entry, PartieEnd):
        return "Partie von Hand beendet" if lang == "de" else "partie ended by hand"
    return f"{entry.declarer} {to_words(entry)}"


def _current(lst: AmericanList) -> Partie:
    from skatliste.american.game import parties

    return parties(lst.table, lst.entries)[-1]


def _show_state(lst: AmericanList, lang: Lang) -> None:
    """After a change: the standing of the partie in progress, or the result of the one that
    has just ended."""
    from skatliste.app.american import deal_count
    from skatliste.render.american import settlement_lines, standing_line

    partie = _current(lst)
    deals = deal_count(lst)
    if partie.finished:
        click.echo("\n".join(settlement_lines(lst.table, partie, lang)))
        word = "Nächste Partie 0 : 0" if lang == "de" else "Next partie 0 : 0"
        nxt = "nächster Geber" if lang == "de" else "next dealer"
        click.echo(f"{word} · {nxt}: {lst.table.dealer(deals)}")
        return
    click.echo(standing_line(lst.table, partie, deals, lang))


def _warn_problems(lst: AmericanList) -> None:
    """A hand-edited deal the rules refuse is not counted: say so where the numbers are."""
    from skatliste.american.game import problems

    found = problems(lst.table, lst.entries)
    if found:
        where, problem = found[0]
        entries = "1 entry" if len(found) == 1 else f"{len(found)} entries"
        note = (
            f"Note: {entries} not counted, the first at {where}: {problem} (see 'skatliste check')"
        )
        click.echo(say(note), err=True)


def _show_change(change: Change, lang: Lang) -> None:
    from skatliste.render.american import deal_lines

    if change.row is not None:
        click.echo("\n".join(deal_lines(change.lst.table, change.row, lang)))
    _show_state(change.lst, lang)
    if change.followups:
        where, problem = change.followups[0]
        click.echo(
            f"Note: 'skatliste check' now finds {len(change.followups)} problem(s), "
            f"the first at {where}: {problem}",
            err=True,
        )


@american.command()
@click.argument("names", nargs=-1)
@click.option("--players", "players_flag", is_flag=True, help="The names follow: 4 players.")
@click.option("--rules", "preset", default="american-grand", show_default=True)
@click.option("--rule", "rule_items", multiple=True, metavar="KEY=VALUE")
@click.option("--first-dealer", default=None, help="Who deals first (default: first name).")
@click.option("--force", is_flag=True, help="Overwrite an existing ledger.")
@ledger_option
@messages_lang_option
def new(
    names: tuple[str, ...],
    players_flag: bool,
    preset: str,
    rule_items: tuple[str, ...],
    first_dealer: str | None,
    force: bool,
    ledger_path: Path,
) -> None:
    """Start an American Grand list: four players in seat order, partners opposite.

    \b
    Examples:
      skatliste new --rules american-grand --players Anna Ben Carl Dora
      skatliste new --rules american-grand --players Anna Ben Carl Dora --rule partie.deals=8
    """
    from skatliste.app.american import new_list

    lst = new_list(
        ledger_path,
        names,
        preset=preset,
        rule_items=rule_items,
        first_dealer=first_dealer,
        force=force,
    )
    t = lst.table
    click.echo(
        say(
            f"{ledger_path}: new American Grand list: {t.pair_name(0)} against "
            f"{t.pair_name(1)}; {t.dealer(0)} deals first"
        )
    )


@american.command(context_settings=WORDS_CONTEXT)
@click.argument("player")
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
@click.option("--note", default="", help="A note kept with the deal.")
@list_options
def add(player: str, words: tuple[str, ...], note: str, ledger_path: Path, lang: Lang) -> None:
    """Enter a deal: the declarer, the contract and bid, and what happened.

    \b
    Examples:
      skatliste add anna whist 25 tricks 11
      skatliste add ben grand 15 stiche 3
      skatliste add anna euchre 20 alone tricks 5
      skatliste add dora hearts 40 hearts 3
    """
    from skatliste.app.american import add as add_deal

    _show_change(add_deal(ledger_path, player, words, note=note), lang)


@american.command()
@click.option("--note", default="", help="Why, e.g. 'closing time'.")
@list_options
def end(note: str, ledger_path: Path, lang: Lang) -> None:
    """End the partie in progress by hand (a time limit): its result is final, and the next
    deal starts a new partie at 0 : 0. American Grand lists only.

    \b
    Example:
      skatliste end --note "closing time"
    """
    from skatliste.app.american import end as end_partie

    change = end_partie(ledger_path, note=note)
    _show_state(change.lst, lang)


@american.command()
@list_options
def undo(ledger_path: Path, lang: Lang) -> None:
    """Take back the last deal, or the last 'end' (kept in 'skatliste history').

    \b
    Example:
      skatliste undo
    """
    from skatliste.app.american import undo as undo_last

    change = undo_last(ledger_path)
    assert change.removed is not None
    click.echo(translate(f"taken back: {_entry_words(change.removed, lang)}", lang))
    _show_state(change.lst, lang)


@american.command()
@click.argument("number", type=int)
@list_options
def delete(number: int, ledger_path: Path, lang: Lang) -> None:
    """Delete deal N; every later score and dealer follows (kept in history).

    \b
    Example:
      skatliste delete 3
    """
    from skatliste.app.american import delete as delete_deal

    change = delete_deal(ledger_path, number)
    assert change.removed is not None
    words = _entry_words(change.removed, lang)
    click.echo(translate(f"deleted deal {number}: {words}", lang))
    _show_change(change, lang)


@american.command(context_settings=WORDS_CONTEXT)
@click.argument("number", type=int)
@click.argument("words", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option("--note", default=None, help="Replace the deal's note.")
@list_options
def edit(
    number: int, words: tuple[str, ...], note: str | None, ledger_path: Path, lang: Lang
) -> None:
    """Replace deal N; start with a player's name to change the declarer (kept in history).

    \b
    Examples:
      skatliste edit 3 whist 25 tricks 12
      skatliste edit 3 carl grand 20 tricks 9
    """
    from skatliste.app.american import edit as edit_deal

    _show_change(edit_deal(ledger_path, number, words, note=note), lang)


@american.command(name="explain")
@click.argument("number", type=int)
@list_options
def explain_cmd(number: int, ledger_path: Path, lang: Lang) -> None:
    """Deal N: who dealt, what was played, the computation, the partie's standing after it.

    \b
    Example:
      skatliste explain 3
    """
    from skatliste.american.game import number as total
    from skatliste.app.american import load, row_of
    from skatliste.render.american import deal_lines

    lst = load(ledger_path)
    row, partie = row_of(lst, number)
    lines = deal_lines(lst.table, row, lang)
    de = lang == "de"
    lines.insert(1, f"  {'Geber' if de else 'dealer'}: {row.dealer}")
    pts = " · ".join(f"{lst.table.pair_name(i)} {total(row.totals[i])}" for i in (0, 1))
    sets = f"{row.sets[0]} : {row.sets[1]}"
    lines.append(
        f"  Partie {partie.number}, {'danach' if de else 'after it'}: {pts} · "
        f"{'verloren' if de else 'sets'} {sets}"
    )
    if row.deal.note:
        lines.append(f"  {'Notiz' if de else 'note'}: {row.deal.note}")
    click.echo("\n".join(lines))


@american.command()
@click.option(
    "--format",
    "fmt",
    default="plain",
    type=click.Choice(["plain", "grid", "md", "csv", "json"]),
    show_default=True,
)
@list_options
def sheet(fmt: str, ledger_path: Path, lang: Lang) -> None:
    """The list as on paper: each partie's deals, the pairs' running scores, its result.

    \b
    Examples:
      skatliste sheet
      skatliste sheet --format md
    """
    from skatliste.american.game import parties
    from skatliste.app.american import load
    from skatliste.render.american import render_sheet

    lst = load(ledger_path)
    parts = parties(lst.table, lst.entries)
    click.echo(render_sheet(lst.table, parts, fmt=fmt, lang=lang))
    _warn_problems(lst)


@american.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@list_options
def summary(as_json: bool, ledger_path: Path, lang: Lang) -> None:
    """Each partie's result (§A5): 100 − the lower score, 10 a set of difference, the winner;
    a partie in progress is shown as provisional.

    \b
    Examples:
      skatliste summary
      skatliste summary --json
    """
    from skatliste.american.game import parties
    from skatliste.app.american import load
    from skatliste.render.american import render_summary, summary_json

    lst = load(ledger_path)
    parts = [p for p in parties(lst.table, lst.entries) if p.rows]
    if as_json:
        click.echo(json.dumps(summary_json(lst.table, parts), ensure_ascii=False))
        return
    click.echo(render_summary(lst.table, parts, lang))
    _warn_problems(lst)


@american.command(name="check")
@ledger_option
@messages_lang_option
def check_cmd(ledger_path: Path) -> None:
    """Re-derive everything and list every problem; exit 1 if any.

    \b
    Example:
      skatliste check
    """
    from skatliste.american.game import problems
    from skatliste.app.american import deal_count, load

    lst = load(ledger_path)
    found = problems(lst.table, lst.entries)
    for where, problem in found:
        click.echo(say(f"{ledger_path}: {where}: {problem}"))
    n = deal_count(lst)
    if found:
        raise Failed(f"{len(found)} problem(s) in {n} deals")
    click.echo(say(f"{ledger_path}: {n} deals, no problems"))


@american.command()
@list_options
def history(ledger_path: Path, lang: Lang) -> None:
    """Deals taken back, deleted or replaced — nothing entered is ever lost.

    \b
    Example:
      skatliste history
    """
    from skatliste.app.american import history as removed_entries
    from skatliste.app.american import load

    removed = removed_entries(load(ledger_path))
    if not removed:
        click.echo(say("no deals removed or replaced"))
        return
    for item in removed:
        line = f"{item.time}  {item.action:<6} {item.number}: "
        line += _entry_words(item.entry, lang)
        if item.replaced_by is not None:
            line += " → " + _entry_words(item.replaced_by, lang)
        click.echo(line)


@american.command()
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
@list_options
def export(fmt: str, output: Path | None, ledger_path: Path, lang: Lang) -> None:
    """The list to share or print: HTML (one file), Markdown, CSV, JSON.

    \b
    Examples:
      skatliste export -o partie.html
      skatliste export --format csv -o partie.csv
    """
    from skatliste.american.game import parties
    from skatliste.app.american import deal_count, load
    from skatliste.render.american import (
        render_html,
        render_json,
        render_markdown,
        render_sheet,
    )

    lst = load(ledger_path)
    parts = parties(lst.table, lst.entries)
    if fmt == "html":
        text = render_html(lst.table, parts, created=lst.model.created, lang=lang)
    elif fmt == "md":
        text = render_markdown(lst.table, parts, lang)
    elif fmt == "csv":
        text = render_sheet(lst.table, parts, fmt="csv", lang=lang) + "\n"
    else:
        text = render_json(lst.table, parts, lang) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    from skatliste.app.reports import write_output

    write_output(output, text, lists=[ledger_path])
    click.echo(say(f"{output}: {fmt}, {deal_count(lst)} deals"))


@american.command()
@click.option("--list", "list_all", is_flag=True, help="Every option, with meaning.")
@ledger_option
@messages_lang_option
def rules(list_all: bool, ledger_path: Path) -> None:
    """The rule set of this list, or (--list) every preset and option.

    \b
    Example:
      skatliste rules
    """
    if list_all:
        from skatliste.skat.rulesets import listing

        click.echo(listing())
        return
    from skatliste.app.american import load

    lst = load(ledger_path)
    click.echo(say(f"{ledger_path}: rule set {lst.rules.preset}"))
    for key, val in lst.rules.options.items():
        click.echo(f"  {key} = {val}")


FAMILY_GROUPS["american-grand"] = american
# 'end' is this family's own: listed with every command, it refuses a Skat list clearly
cli.add_command(end)
