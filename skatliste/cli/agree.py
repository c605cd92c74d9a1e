"""The list the table agrees on, for every game family: ``compare``, ``sign``, ``reopen``,
``protest``. Each parses, calls ``skatliste.app.agree`` and prints; ``compare`` exits 0 when
the two lists agree, 1 when they differ, 2 when they cannot be compared."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from skatliste.app import agree as app
from skatliste.cli.base import (
    cli,
    current_lang,
    list_options,
    messages_lang_option,
    refuse,
)
from skatliste.compare import report_lines
from skatliste.i18n import Lang, join, msg


@cli.command(name="compare")
@click.argument("list_a", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("list_b", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@messages_lang_option
def compare_cmd(list_a: Path, list_b: Path, as_json: bool) -> None:
    """The two lists of one table (the double list), game by game: every game where they
    differ with both entries and values, then the totals that differ. LIST_B may be the paper
    list typed in, one game a line as 'skatliste value -' reads them (with the declarer,
    '= N' the value written). Exit 0: they agree; 1: they differ; 2: not lists of the same
    players.

    \b
    Examples:
      skatliste compare table-03.json table-03.b.json
      skatliste compare evening.json paper.txt
      skatliste compare a.json b.json --json
    """

    lang = current_lang()
    found = app.compare_lists(list_a, list_b, lang=lang)
    result = found.comparison
    if as_json:
        click.echo(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        for line in report_lines(result, found.after):
            click.echo(line.render(lang))
    if not result.agree:
        sys.exit(1)


@cli.command()
@click.argument("names", nargs=-1)
@list_options
def sign(names: tuple[str, ...], ledger_path: Path, lang: Lang) -> None:
    """The players sign the list as it is: each signature keeps who, when, and what they
    signed (the game count and a short fingerprint of the games). When every player has
    signed, the list is closed: it takes no change until 'skatliste reopen'. An open protest
    is decided first.

    \b
    Examples:
      skatliste sign Anna Ben Carl
      skatliste sign Dora
    """
    done = app.sign(ledger_path, names)
    ledger = done.ledger
    for s in done.signatures:
        games = ledger.family.entry_count(s.games)
        click.echo(
            msg(
                "{name} signed: {games} ({mark})", name=s.player, games=games, mark=s.fingerprint
            ).render(lang)
        )
    if done.closed:
        line = app.signed_line(ledger)
        assert line is not None  # closed: every player signed
        click.echo(msg("the list is closed: {signed}", signed=line).render(lang))
        return
    standing = app.standing(ledger)
    missing = [p for p in ledger.players if standing.signature_of(p) is None]
    click.echo(msg("still to sign: {names}", names=join(missing, ", ")).render(lang))


@cli.command()
@click.option("--why", default=None, help="Why the list is reopened (kept in the history).")
@list_options
def reopen(why: str | None, ledger_path: Path, lang: Lang) -> None:
    """Reopen a signed list, with the reason why: the signatures are void (they stay in the
    history), the list takes changes again, and the players sign again.

    \b
    Example:
      skatliste reopen --why "game 7 was Pik, not Kreuz"
    """
    if why is None:
        refuse(msg("say why the list is reopened: it is kept in the history"))
    app.reopen(ledger_path, why)
    click.echo(
        msg("the list is open again ({why}): the signatures are void", why=why.strip()).render(lang)
    )


@cli.command()
@click.argument("number", type=int)
@click.argument("text", required=False)
@click.option("--decide", "decision", default=None, help="The decision on the open protest.")
@click.option(
    "--edit",
    "edit_words",
    default=None,
    metavar="WORDS",
    help="With --decide: the game as corrected (as 'skatliste edit N' takes it).",
)
@list_options
def protest(
    number: int,
    text: str | None,
    decision: str | None,
    edit_words: str | None,
    ledger_path: Path,
    lang: Lang,
) -> None:
    """Mark game N as disputed (who, and about what), or with --decide record the decision
    on its open protest and, where it changes the game, correct it with --edit. A list with
    an open protest cannot be signed.

    \b
    Examples:
      skatliste protest 7 "Carl: Re was said after the first card"
      skatliste protest 7 --decide "Re stands: said before the first card"
      skatliste protest 7 --decide "Re came too late" --edit "anna kreuz mit 2 kontra"
    """
    if decision is None:
        if edit_words is not None:
            refuse(msg("--edit corrects a game with --decide: give the decision too"))
        if text is None:
            refuse(msg("say what the protest is about, e.g. 'Carl: Re came too late'"))
        ledger = app.protest(ledger_path, number, text)
        where = ledger.family.entry_name(number)
        click.echo(
            msg(
                "{where}: protest kept ({text}); the list is signed once it is decided",
                where=where,
                text=repr(text.strip()),
            ).render(lang)
        )
        return
    if text is not None:
        refuse(msg("give the protest's words or --decide, not both"))
    words = edit_words.split() if edit_words is not None else []
    if edit_words is not None and not words:
        refuse(msg("say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'"))
    ledger, _ = app.decide(ledger_path, number, decision, words=words)
    where = ledger.family.entry_name(number)
    said = msg("{where}: protest decided ({text})", where=where, text=repr(decision.strip()))
    if words:
        said = msg("{decided}; corrected to {words}", decided=said, words=repr(" ".join(words)))
    click.echo(said.render(lang))
