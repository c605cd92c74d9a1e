"""``play``: enter games by answering questions, one at a time; over a pipe too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from skatliste.app import lists as app
from skatliste.cli.base import Refused, cli, lang_option, ledger_option, resolve_lang
from skatliste.cli.lists import show_change
from skatliste.errors import InputError, SkatlisteError
from skatliste.words import parse_words

if TYPE_CHECKING:
    from skatliste.ledger import Ledger


GAME_CHOICES = ["karo", "herz", "pik", "kreuz", "grand", "null"]


def _ask(
    text: str, default: str | None = None, check: Callable[[str], object] | None = None
) -> str:
    """One question; 'q' (or the end of the input) stops. A bad answer is asked again."""
    while True:
        try:
            answer: str = click.prompt(
                text, default=default, show_default=default not in (None, "")
            )
        except click.Abort:
            raise _Quit() from None
        answer = answer.strip()
        if answer.lower() in ("q", "quit", "ende"):
            raise _Quit()
        if check is None:
            return answer
        try:
            check(answer)
        except (SkatlisteError, click.ClickException) as exc:
            message = exc.message if isinstance(exc, click.ClickException) else str(exc)
            click.echo(f"Error: {message}", err=True)
            continue
        return answer


def _yes(text: str, default: bool = False) -> bool:
    def check(answer: str) -> None:
        if answer.lower() not in ("j", "ja", "y", "yes", "n", "nein", "no"):
            raise InputError(f"'{answer}': answer j (ja) or n (nein)")

    d = "j" if default else "n"
    return _ask(f"{text} (j/n)", d, check).lower() in ("j", "ja", "y", "yes")


class _Quit(Exception):
    pass


def _check_words(*fixed: str) -> Callable[[str], None]:
    """A check that the answer, with the words so far, makes a possible declaration."""
    from skatliste.rules import normalise

    def check(answer: str) -> None:
        parsed = parse_words([*fixed, *answer.split()])
        normalise(parsed.declaration, parsed.outcome)

    return check


def _number_between(low: int, high: int, what: str) -> Callable[[str], None]:
    def check(answer: str) -> None:
        if answer and not (answer.isdigit() and low <= int(answer) <= high):
            raise InputError(f"'{answer}': {what} is a number from {low} to {high}, or empty")

    return check


def _play_words(ledger: Ledger) -> tuple[str, list[str]] | None:
    """One game's questions; (declarer, words) or None for eingepasst."""
    n = len(ledger.entries)
    table = ledger.table
    names = "/".join(table.players)
    click.echo(f"\nSpiel {n + 1} — Geber: {table.dealer(n)}")
    who = _ask(
        f"Spieler ({names}, p = eingepasst, q = Ende)",
        check=lambda a: a.lower() in ("p", "pass") or app.resolve_player(ledger.table, a),
    )
    if who.lower() in ("p", "pass"):
        return None
    player = app.resolve_player(ledger.table, who)

    def is_game(answer: str) -> None:
        if parse_words([answer]).declaration.game is None:  # pragma: no cover - parse refuses
            raise InputError(answer)

    game = _ask(f"Spiel ({'/'.join(GAME_CHOICES)})", check=is_game).lower()
    words = [game]
    is_null = game == "null"
    if not is_null:
        words += _ask("Spitzen (z. B. 'mit 2' oder 'ohne 1')", "mit 1", _check_words(game)).split()
    hand = _yes("Hand")
    if hand:
        words.append("hand")
    if _yes("Ouvert"):
        words.append("ouvert")
    elif hand and not is_null:
        said = _ask(
            "Angesagt (nichts/schneider/schwarz)",
            "nichts",
            lambda a: a.lower() in ("nichts", "schneider", "schwarz") or _no(a),
        ).lower()
        if said in ("schneider", "schwarz"):
            words += [said, "angesagt"]
    if is_null:
        words.append("gewonnen" if _yes("Gewonnen", True) else "verloren")
    else:
        augen = _ask(
            "Augen des Spielers (leer: nicht gezählt)", "", _number_between(0, 120, "Augen")
        )
        if augen:
            words += ["augen", augen]
            if _yes("Schwarz (eine Partei ohne Stich)"):
                words.append("schwarz")
        else:
            won = _yes("Gewonnen", True)
            words.append("gewonnen" if won else "verloren")
            if _yes("Schwarz (eine Partei ohne Stich)"):
                words.append("schwarz")
            elif _yes("Schneider"):
                words.append("schneider")
    bid = _ask("Gereizt (leer: nicht notiert)", "", _check_bid)
    if bid:
        words += ["gereizt", bid]
    if ledger.rules.on("kontra"):
        k = _ask(
            "Kontra/Re (nein/kontra/re)",
            "nein",
            lambda a: a.lower() in ("nein", "kontra", "re") or _no(a),
        ).lower()
        if k in ("kontra", "re"):
            words.append("kontra")
        if k == "re":
            words.append("re")
    return player, words


def _check_bid(answer: str) -> None:
    from skatliste.rules import check_bid as check

    if answer:
        _number_between(18, 264, "the bid")(answer)
        check(int(answer))


def _no(answer: str) -> bool:
    raise InputError(f"'{answer}' is not one of the choices shown")


@cli.command()
@ledger_option
@lang_option
def play(ledger_path: Path, lang: str | None) -> None:
    """Enter games by answering questions; shows the sheet after each game. 'q' stops.

    Works over a pipe too: one answer per line.

    \b
    Example:
      skatliste play
        Spiel 1 — Geber: Anna
        Spieler (Anna/Ben/Carl, p = eingepasst, q = Ende): ben
        Spiel (karo/herz/pik/kreuz/grand/null): kreuz ...
    """
    from skatliste.report import render_sheet
    from skatliste.sheet import rows

    language = resolve_lang(lang)
    while True:
        ledger = app.open_list(ledger_path)
        try:
            answer = _play_words(ledger)
        except _Quit:
            click.echo("")
            return
        except (Refused, SkatlisteError) as exc:
            message = exc.message if isinstance(exc, Refused) else str(exc)
            click.echo(f"Error: {message}", err=True)
            continue
        try:
            if answer is None:
                change = app.pass_game(ledger_path)
            else:
                player, words = answer
                change = app.add_game(ledger_path, player, words)
        except SkatlisteError as exc:
            click.echo(f"Error: {exc} — das Spiel wurde nicht eingetragen", err=True)
            continue
        show_change(change, language)
        ledger = change.ledger
        click.echo(
            render_sheet(ledger.table, list(rows(ledger.table, ledger.entries)), lang=language)
        )
