"""``play``: enter games by answering questions, one at a time; over a pipe too."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

from skatliste.app import lists as app
from skatliste.app.lists import Ledger
from skatliste.cli.base import (
    Refused,
    cli,
    current_lang,
    lang_option,
    ledger_option,
    resolve_lang,
    say,
)
from skatliste.cli.lists import show_change
from skatliste.errors import InputError, SkatlisteError
from skatliste.i18n import msg, pmsg
from skatliste.render.skat_text import render_sheet
from skatliste.skat.entries import Entry, Table
from skatliste.skat.rounds import RoundKind
from skatliste.skat.rules import (
    MAX_BID,
    MAX_PUSHES,
    MIN_BID,
    TOTAL_AUGEN,
    check_bid,
    game_value,
    normalise,
    two_player_value,
)
from skatliste.skat.rulesets import KontraRule
from skatliste.skat.sheet import last_row, rows
from skatliste.skat.words import parse_words, whole_number

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
            click.echo(
                msg("Error: {message}", message=_problem(exc)).render(current_lang()), err=True
            )
            continue
        return answer


def _problem(exc: SkatlisteError | click.ClickException) -> str:
    """A refusal in the command's language."""
    if isinstance(exc, SkatlisteError):
        return exc.render(current_lang())
    return exc.message  # a refusal of the CLI's own, said in the command's language already


YES = ("j", "ja", "y", "yes")
NO = ("n", "nein", "no", "nichts", "none", "-")


def _yes(text: str, default: bool = False) -> bool:
    def check(answer: str) -> None:
        if answer.lower() not in (*YES, *NO):
            raise InputError(msg("'{answer}': answer y (yes) or n (no)", answer=answer))

    yes = pmsg("the answer yes, one letter", "y").render(current_lang())
    return _ask(f"{text} ({yes}/n)", yes if default else "n", check).lower() in YES


def _choice(text: str, choices: tuple[str, ...]) -> str:
    """One of ``choices`` (the first means 'no', and n/nein/no answer it too)."""

    def pick(answer: str) -> str:
        low = answer.lower()
        if low in NO:
            return choices[0]
        hits = [c for c in choices if c.startswith(low)] if low else []
        if len(hits) != 1:
            raise InputError(
                msg(
                    "'{answer}': answer one of {choices} (n = {no})",
                    answer=answer,
                    choices=", ".join(choices),
                    no=choices[0],
                )
            )
        return hits[0]

    return pick(_ask(f"{text} ({'/'.join(choices)})", choices[0], pick))


class _Quit(Exception):
    pass


def _check_words(ledger: Ledger, *fixed: str) -> Callable[[str], None]:
    """A check that the answer, with the words so far, makes a possible declaration under the
    list's rules (a Spitzen cap, say)."""

    def check(answer: str) -> None:
        parsed = parse_words([*fixed, *answer.split()])
        normalise(parsed.declaration, parsed.outcome, options=ledger.rules.scoring)

    return check


def _number_between(
    low: int,
    high: int,
    what: str,
    needed: bool = False,
    *,
    then: Callable[[str], None] | None = None,
) -> Callable[[str], None]:
    """A check for a number from ``low`` to ``high`` (or empty unless ``needed``); ``then``
    checks the answer further."""

    def check(answer: str) -> None:
        if not answer and not needed:
            return
        number = whole_number(answer, answer)
        if number is None or not low <= number <= high:
            empty = "" if needed else ", or empty"
            raise InputError(
                msg(
                    "'{answer}': {what} is a number from {low} to {high}{empty}",
                    answer=answer,
                    what=what,
                    low=low,
                    high=high,
                    empty=empty,
                )
            )
        if then is not None:
            then(answer)

    return check


def _dealt(ledger: Ledger) -> int:
    """Deals so far: a game entered later passes the deal on to no one (docs/rules.md §8)."""
    return sum(not entry.inserted for entry in ledger.entries)


def _ramsch_words(ledger: Ledger) -> list[str]:
    """A Ramsch's questions: each player's Augen, Jungfrau, Durchmarsch, pushes."""

    active = ledger.table.active(_dealt(ledger))
    words: list[str] = []
    augen: dict[str, int] = {}
    for name in active:
        answer = _ask(
            say(msg("Augen of {name}", name=name)),
            check=_number_between(0, TOTAL_AUGEN, "Augen", True),
        )
        augen[name] = int(answer)
        words.append(f"{name}={answer}")
    for name in active:
        if augen[name] == 0 and _yes(say(msg("Jungfrau {name} (no trick)", name=name))):
            words += ["jungfrau", name]
    top = [n for n in active if augen[n] == TOTAL_AUGEN]
    if top and _yes(say(msg("Durchmarsch {name} (every trick)", name=top[0])), True):
        words += ["durchmarsch", top[0]]
    pushes = _ask(
        say(msg("Geschoben (how many times)")),
        "0",
        _number_between(0, MAX_PUSHES, "geschoben", True),
    )
    if pushes and int(pushes):
        words += ["geschoben", pushes]
    return words


def ramsch_next(table: Table, entries: Sequence[Entry]) -> bool:
    """Whether the deal after ``entries`` may be a Ramsch: when all pass (``ramsch=on_pass``,
    Offizierskat) and in a Ramsch round."""
    if table.rules.ramsch_on_any_deal:
        return True
    row = last_row(table, entries)
    return row is not None and row.pending[:1] == (RoundKind.RAMSCH,)


def _play_words(ledger: Ledger) -> tuple[str, list[str]] | None:
    """One game's questions; (declarer, words), ("ramsch", words) or None for eingepasst."""
    n = len(ledger.entries)
    table = ledger.table
    dealt = _dealt(ledger)
    active = table.active(dealt)
    ramsch = ramsch_next(table, ledger.entries)
    click.echo(
        "\n"
        + say(msg("Game {number} — dealer: {dealer}", number=n + 1, dealer=table.dealer(dealt)))
    )

    def is_declarer(answer: str) -> None:
        if answer.lower() in ("p", "pass") or (ramsch and answer.lower() in ("r", "ramsch")):
            return
        name = app.resolve_player(table, answer)
        if name not in active:
            raise InputError(
                msg(
                    "{name} deals game {number} and sits out at a table of four; the declarer is "
                    "one of {players}",
                    name=name,
                    number=n + 1,
                    players=", ".join(active),
                )
            )

    extra = msg(", r = Ramsch") if ramsch else ""
    who = _ask(
        say(
            msg(
                "Declarer ({players}, p = all passed{ramsch}, q = quit)",
                players="/".join(active),
                ramsch=extra,
            )
        ),
        check=is_declarer,
    )
    if who.lower() in ("p", "pass"):
        return None
    if ramsch and who.lower() in ("r", "ramsch"):
        return "ramsch", _ramsch_words(ledger)
    player = app.resolve_player(table, who)

    def is_game(answer: str) -> None:
        if parse_words([answer]).declaration.game is None:  # pragma: no cover - parse refuses
            raise InputError(msg("unknown game '{word}'{hint}", word=answer, hint=""))

    game = _ask(say(msg("Game ({games})", games="/".join(GAME_CHOICES))), check=is_game).lower()
    words = _declaration_words(ledger, game)
    words += _result_words(ledger, words)
    bid = _ask(say(msg("Bid (empty: not noted)")), "", _check_bid(ledger, words))
    if bid:
        words += ["gereizt", bid]
    return player, words + _kontra_words(ledger)


def _declaration_words(ledger: Ledger, game: str) -> list[str]:
    """The Spitzen, Hand, Ouvert and what was announced."""
    words = [game]
    is_null = game == "null"
    if not is_null:
        words += _ask(
            say(msg("Spitzen (e.g. 'mit 2' or 'ohne 1')")), "mit 1", _check_words(ledger, game)
        ).split()
    hand = _yes(say(msg("Hand")))
    if hand:
        words.append("hand")
    if _yes(say(msg("Ouvert"))):
        words.append("ouvert")
    elif hand and not is_null:
        said = _choice(say(msg("Announced")), ("nichts", "schneider", "schwarz"))
        if said in ("schneider", "schwarz"):
            words += [said, "angesagt"]
    return words


def _result_words(ledger: Ledger, words: list[str]) -> list[str]:
    """How the game went: won or lost, the Augen, Schneider or Schwarz reached."""
    if words[0] == "null":
        return ["gewonnen" if _yes(say(msg("Won")), True) else "verloren"]
    augen = _ask(
        say(msg("The declarer's Augen (empty: not counted)")),
        "",
        _number_between(0, 120, "Augen", then=_check_words(ledger, *words, "augen")),
    )
    if augen:
        out = ["augen", augen]
        if _yes(say(msg("Schwarz (one side took no trick)"))):
            out.append("schwarz")
        return out
    out = ["gewonnen" if _yes(say(msg("Won")), True) else "verloren"]
    if _yes(say(msg("Schwarz (one side took no trick)"))):
        out.append("schwarz")
    elif _yes(say(msg("Schneider"))):
        out.append("schneider")
    return out


def _kontra_words(ledger: Ledger) -> list[str]:
    """Kontra and Re, when the rules play them (with rule kontra=after18 the sayer's bid)."""
    if ledger.rules.kontra is KontraRule.OFF:
        return []
    k = _choice(say(msg("Kontra/Re")), ("nein", "kontra", "re"))
    words: list[str] = []
    if k in ("kontra", "re"):
        words.append("kontra")
        if ledger.rules.kontra is KontraRule.AFTER18:  # only a defender who bid may say Kontra
            words.append(
                _ask(
                    say(msg("The bid of the Kontra-sayer (at least 18)")),
                    check=_number_between(18, 264, "his bid", True),
                )
            )
    if k == "re":
        words.append("re")
    return words


def _check_bid(ledger: Ledger, words: list[str]) -> Callable[[str], None]:
    """The bid, checked at once with the game so far under the list's rules."""

    def check(answer: str) -> None:
        if not answer:
            return
        _number_between(MIN_BID, MAX_BID, "the bid")(answer)
        check_bid(int(answer))
        parsed = parse_words([*words, "gereizt", answer])
        if not ledger.rules.two_player:
            game_value(parsed.declaration, parsed.outcome, options=ledger.rules.scoring)
        else:
            two_player_value(parsed.declaration, parsed.outcome, variant=ledger.rules.variant)

    return check


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

    language = resolve_lang(lang)
    family = app.open_list(ledger_path).family
    if family.name != "skat":  # the questions are a Skat game's
        raise InputError(
            msg(
                "'play' asks for Skat games; on a list of {family} enter each entry with "
                "'skatliste add', e.g. 'skatliste add {example}'",
                family=family.title,
                example=family.example,
            )
        )
    while True:
        ledger = app.open_list(ledger_path)
        try:
            answer = _play_words(ledger)
        except _Quit:
            click.echo("")
            return
        except (Refused, SkatlisteError) as exc:
            click.echo(
                msg("Error: {message}", message=_problem(exc)).render(current_lang()), err=True
            )
            continue
        try:
            if answer is None:
                change = app.pass_game(ledger_path)
            elif answer[0] == "ramsch":
                change = app.add_ramsch(ledger_path, answer[1])
            else:
                player, words = answer
                change = app.add_game(ledger_path, player, words)
        except SkatlisteError as exc:
            problem = msg("{message} — the game was not entered", message=exc.message)
            click.echo(msg("Error: {message}", message=problem).render(current_lang()), err=True)
            continue
        show_change(change, language)
        ledger = app.open_list(ledger_path)
        click.echo(
            render_sheet(ledger.table, list(rows(ledger.table, ledger.entries)), lang=language)
        )
