"""The command line: parse, call the core, print. The only module that prints or exits.

Heavy modules (the ledger and pydantic, tabulate) are imported inside the commands that need
them, so ``skatliste value`` starts in a few times the interpreter's own start-up.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from skatliste import __version__
from skatliste.errors import InputError, SkatlisteError
from skatliste.explain import (
    Lang,
    explain,
    game_name,
    result_record,
    seeger_fabian_line,
    signed,
)
from skatliste.rules import REIZWERTE, game_value, games_reaching, seeger_fabian
from skatliste.words import ParsedGame, parse_words

if TYPE_CHECKING:
    from skatliste.ledger import Ledger
    from skatliste.sheet import Entry, Row

F = TypeVar("F", bound=Callable[..., Any])


class Refused(click.ClickException):
    """Bad input or a bad ledger: ``Error: ...`` on stderr, exit status 2."""

    exit_code = 2


class Failed(click.ClickException):
    """A check found problems: exit status 1."""

    exit_code = 1


class SkatGroup(click.Group):
    """Turns every SkatlisteError into ``Error: ...`` and exit 2, in one place."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except SkatlisteError as exc:
            raise Refused(str(exc)) from None


def refuse(message: str) -> NoReturn:
    """Stop with ``Error: message`` and exit status 2."""
    raise Refused(message)


# --- shared options ---------------------------------------------------------------------


def resolve_lang(option: str | None) -> Lang:
    """--lang, else SKATLISTE_LANG, else LANG=en* → English, else German."""
    value = option or os.environ.get("SKATLISTE_LANG") or ""
    if not value and os.environ.get("LANG", "").lower().startswith("en"):
        value = "en"
    return "en" if value.lower().startswith("en") else "de"


def lang_option(f: F) -> F:
    return click.option(
        "--lang",
        type=click.Choice(["de", "en"], case_sensitive=False),
        default=None,
        help="Language of explanations and tables (default German; LANG=en* → English).",
    )(f)


def ledger_option(f: F) -> F:
    return click.option(
        "--ledger",
        "ledger_path",
        type=click.Path(dir_okay=False, path_type=Path),
        envvar="SKATLISTE_LEDGER",
        default="skatliste.json",
        show_default=True,
        help="The list's JSON file (or env SKATLISTE_LEDGER).",
    )(f)


WORDS_CONTEXT = {"ignore_unknown_options": True}


@click.group(cls=SkatGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="skatliste")
def cli() -> None:
    """skatliste — the Skat list (Skat-Liste) for the command line.

    \b
    Quick value:     skatliste value kreuz mit 2 hand
    A new list:      skatliste new --players Anna Ben Carl
    Enter a game:    skatliste add anna grand ohne 1 augen 95
    The sheet:       skatliste sheet
    """


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="skatliste")


# --- value ------------------------------------------------------------------------------

PAPER_TEXT = {
    "de": ("Papier {paper}: stimmt", "Papier {paper}: falsch, das Spiel zählt {right}"),
    "en": ("paper {paper}: right", "paper {paper}: wrong, the game counts {right}"),
}


def _option_words(opts: dict[str, Any]) -> list[str]:
    """The --with/--hand/... options as table words, so one parser serves both."""
    words: list[str] = []
    if opts["with_"] is not None:
        words += ["mit", str(opts["with_"])]
    if opts["without"] is not None:
        words += ["ohne", str(opts["without"])]
    for flag in ("hand", "ouvert", "schneider", "schwarz", "kontra", "re"):
        if opts[flag]:
            words.append(flag)
    if opts["schneider_announced"]:
        words += ["schneider", "angesagt"]
    if opts["schwarz_announced"]:
        words += ["schwarz", "angesagt"]
    if opts["won"] is not None:
        words.append("gewonnen" if opts["won"] else "verloren")
    if opts["bid"] is not None:
        words += ["gereizt", str(opts["bid"])]
    if opts["augen"] is not None:
        words += ["augen", str(opts["augen"])]
    words += ["bock"] * opts["bock"]
    return words


def _value_of(
    parsed: ParsedGame, table: int, lang: Lang
) -> tuple[dict[str, Any], str, str | None, bool]:
    """One game: its JSON record, its Seeger-Fabian line, the paper check line, paper right?"""
    result = game_value(parsed.declaration, parsed.outcome)
    fabian = seeger_fabian(result, table=table)
    record = result_record(result, seeger_fabian=fabian, lang=lang)
    paper: str | None = None
    ok = True
    if parsed.paper is not None:
        ok = parsed.paper.matches(result.list_points)
        record["paper"] = {"value": parsed.paper.value, "matches": ok}
        paper = _paper_line(parsed.paper.value, ok, result.list_points, lang)
    return record, seeger_fabian_line(result, fabian, lang=lang), paper, ok


def _paper_line(paper: int, matches: bool, list_points: int, lang: Lang) -> str:
    """``Papier 72: stimmt`` or ``Papier 72: falsch, das Spiel zählt +48``."""
    right, wrong = PAPER_TEXT[lang]
    return (right if matches else wrong).format(paper=paper, right=signed(list_points))


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
@click.option("--with", "with_", type=int, metavar="N", help="mit N Spitzen.")
@click.option("--without", type=int, metavar="N", help="ohne N Spitzen.")
@click.option("--hand", is_flag=True, help="Hand game.")
@click.option("--ouvert", is_flag=True, help="Ouvert (open).")
@click.option("--schneider", is_flag=True, help="Schneider reached.")
@click.option("--schwarz", is_flag=True, help="Schwarz reached.")
@click.option("--schneider-announced", is_flag=True, help="Schneider angesagt.")
@click.option("--schwarz-announced", is_flag=True, help="Schwarz angesagt.")
@click.option("--won/--lost", default=None, help="Result (default: won, or from --augen).")
@click.option("--bid", type=int, metavar="N", help="The bid (Reizwert).")
@click.option("--augen", type=int, metavar="N", help="Declarer's Augen, Skat included.")
@click.option("--kontra", is_flag=True, help="Kontra (×2).")
@click.option("--re", is_flag=True, help="Re (×2 more).")
@click.option("--bock", type=int, default=0, metavar="N", help="Bock doublings.")
@click.option(
    "--table",
    type=click.Choice(["3", "4"]),
    default=None,
    help="Table size for Seeger-Fabian (default 3); shows the Seeger-Fabian line.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@lang_option
def value(
    words: tuple[str, ...], table: str | None, as_json: bool, lang: str | None, **opts: Any
) -> None:
    """The value of one game, explained step by step.

    WORDS are what players say at the table, in any order, German or English; end with
    '= N' to check a value written on paper. '-' reads one game per line from stdin.

    \b
    Examples:
      skatliste value kreuz mit 2 hand
        Kreuz mit 2 Hand: +48
          mit 2, Spiel 3, Hand 4 → 4 × 12 = 48
      skatliste value pik mit 1 gereizt 36
      skatliste value grand ohne 1 augen 92 = 72
      skatliste value --json hearts with 1 lost
      skatliste value - < paper-list.txt
    """
    language = resolve_lang(lang)
    size = int(table or 3)
    extra = _option_words(opts)
    if list(words) == ["-"]:
        if extra:
            refuse("with '-' every game comes from stdin: give its words there, not as options")
        _value_batch(sys.stdin, size, language, as_json=as_json)
        return
    if not words and not extra:
        refuse("say which game, e.g. 'skatliste value kreuz mit 2 hand'")
    parsed = parse_words(list(words) + extra)
    record, sf_line, paper, ok = _value_of(parsed, size, language)
    if as_json:
        click.echo(json.dumps(record, ensure_ascii=False))
    else:
        lines = [f"{record['name']}: {signed(record['list_points'])}"]
        lines += [f"  {step}" for step in record["explanation"]]
        if table is not None:
            lines.append(f"  {sf_line}")
        if paper:
            lines.append(f"  {paper}")
        click.echo("\n".join(lines))
    if not ok:
        sys.exit(1)


def _value_batch(stream: Any, table: int, lang: Lang, *, as_json: bool) -> None:
    failed = 0
    for number, raw in enumerate(stream, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            record, _, paper, ok = _value_of(parse_words(line.split()), table, lang)
        except InputError as exc:
            failed += 1
            if as_json:
                click.echo(json.dumps({"line": number, "error": str(exc)}, ensure_ascii=False))
            click.echo(f"line {number}: Error: {exc}", err=True)
            continue
        if not ok:
            failed += 1
        if as_json:
            click.echo(json.dumps({"line": number, **record}, ensure_ascii=False))
        else:
            text = f"{number}: {record['name']}: {signed(record['list_points'])} — " + "; ".join(
                record["explanation"]
            )
            if paper:
                text += f" — {paper}"
            click.echo(text)
    if failed:
        sys.exit(1)


@cli.command()
@click.argument("bid", type=int, required=False)
def bids(bid: int | None) -> None:
    """The Reizwerte, or which games reach a bid.

    \b
    Examples:
      skatliste bids
      skatliste bids 36
        Karo     4 × 9 = 36
        Kreuz    3 × 12 = 36 ...
    """
    if bid is None:
        click.echo(" ".join(str(b) for b in REIZWERTE))
        return
    reach = games_reaching(bid)
    from skatliste.rules import is_valid_bid, nearest_bids

    if not is_valid_bid(bid):
        near = " or ".join(str(b) for b in nearest_bids(bid))
        click.echo(f"{bid} is not a Reizwert (nearest: {near}); games reaching it:")
    if not reach:
        click.echo(f"no game reaches {bid}")
        return
    for r in reach:
        if r.multiplier is None:
            click.echo(f"{r.variant:<17}{r.value}")
        else:
            click.echo(f"{r.game.german:<17}{r.multiplier} × {r.value // r.multiplier} = {r.value}")


# --- the ledger -------------------------------------------------------------------------


def _resolve_player(ledger: Ledger, name: str) -> str:
    """A player by name, case-insensitive, or by an unambiguous beginning."""
    players = ledger.table.players
    folded = name.casefold()
    for p in players:
        if p.casefold() == folded:
            return p
    hits = [p for p in players if p.casefold().startswith(folded)]
    if len(hits) == 1:
        return hits[0]
    listed = ", ".join(players)
    if hits:
        refuse(f"'{name}' could be {' or '.join(hits)}: write more of the name")
    refuse(f"unknown player '{name}': the players of this list are {listed}")


def _totals_line(ledger: Ledger, row: Row | None, lang: Lang) -> str:
    table = ledger.table
    totals = row.totals if row else dict.fromkeys(table.players, 0)
    parts = " | ".join(f"{p} {signed(totals[p])}" for p in table.players)
    n = len(ledger.entries)
    label = "Stand" if lang == "de" else "Totals"
    nxt = "nächster Geber" if lang == "de" else "next dealer"
    text = f"{label}: {parts} · {nxt}: {table.dealer(n)}"
    series = table.series
    if series:
        text += f" · {n}/{series}"
    if row is not None and row.pending:
        from skatliste.report import pending_words

        text += " · " + pending_words(row.pending, lang)
    return text


def _game_line(row: Row, lang: Lang) -> list[str]:
    from skatliste.explain import explain_ramsch
    from skatliste.report import describe
    from skatliste.sheet import GameEntry

    e = row.entry
    title = "Spiel" if lang == "de" else "Game"
    if not isinstance(e, GameEntry):
        lines = [f"{title} {row.number}: {describe(row, lang)}"]
        if row.ramsch is not None:
            lines += [f"  {s}" for s in explain_ramsch(row.ramsch, lang=lang)]
        elif row.error is None and any(row.points.values()):
            lines.append("  " + ", ".join(f"{n} {signed(v)}" for n, v in row.points.items()))
        return lines
    if row.result is None:
        return [f"{title} {row.number}: {e.declarer}: {describe(row, lang)} {row.error}"]
    lines = [
        f"{title} {row.number}: {e.declarer} — {describe(row, lang)}: "
        f"{signed(row.result.list_points)}"
    ]
    lines += [f"  {s}" for s in explain(row.result, lang=lang)]
    credited = [n for n, v in row.points.items() if n != e.declarer and v > 0]
    if credited:  # two-player: a lost game is credited to the other player (§9)
        word = "gutgeschrieben" if lang == "de" else "credited to"
        lines.append(f"  {word}: {credited[0]} {signed(row.points[credited[0]])}")
    if e.paper is not None:
        matches = not row.paper_mismatch
        lines.append(f"  {_paper_line(e.paper.value, matches, row.result.list_points, lang)}")
    return lines


def _entry_from_words(ledger: Ledger, player: str, words: Sequence[str], note: str) -> Entry:
    from skatliste.ledger import now
    from skatliste.sheet import GameEntry

    declarer = _resolve_player(ledger, player)
    parsed = parse_words(list(words))
    return GameEntry(
        declarer=declarer,
        declaration=parsed.declaration,
        outcome=parsed.outcome,
        paper=parsed.paper,
        kontra_bid=parsed.kontra_bid,
        note=note,
        time=now(),
    )


def _refuse_problems(ledger: Ledger, index: int, entry: Entry) -> None:
    from skatliste.sheet import entry_problems

    problems = entry_problems(ledger.table, ledger.entries[:index], entry)
    if problems:
        refuse(f"game {index + 1}: " + "; ".join(problems))


def _last_row(ledger: Ledger) -> Row | None:
    from skatliste.sheet import last_row

    return last_row(ledger.table, ledger.entries)


def _append(ledger_path: Path, make: Callable[[Ledger], Entry], lang: Lang) -> None:
    """Add one entry: derive its row once, refuse it if the rules do, else save and print."""
    from skatliste.ledger import updating
    from skatliste.sheet import last_row

    with updating(ledger_path) as ledger:
        entry = make(ledger)
        row = last_row(ledger.table, [*ledger.entries, entry])
        assert row is not None
        if row.problems:
            refuse(f"game {row.number}: " + "; ".join(row.problems))
        ledger.entries.append(entry)
    click.echo("\n".join(_game_line(row, lang)))
    click.echo(_totals_line(ledger, row, lang))


@cli.command()
@click.argument("names", nargs=-1)
@click.option(
    "--players",
    "players_flag",
    is_flag=True,
    help="The names follow (seat order, clockwise): 3 or 4 players.",
)
@click.option(
    "--rules",
    "preset",
    default="isko",
    show_default=True,
    help="Rule set: isko or tournament (see 'skatliste rules --list').",
)
@click.option(
    "--rule",
    "rule_items",
    multiple=True,
    metavar="KEY=VALUE",
    help="Change one option of the rule set; repeatable.",
)
@click.option(
    "--first-dealer", default=None, help="Who deals the first game (default: first name)."
)
@click.option("--force", is_flag=True, help="Overwrite an existing ledger.")
@ledger_option
def new(
    names: tuple[str, ...],
    players_flag: bool,
    preset: str,
    rule_items: tuple[str, ...],
    first_dealer: str | None,
    force: bool,
    ledger_path: Path,
) -> None:
    """Start a new list.

    \b
    Examples:
      skatliste new --players Anna Ben Carl
      skatliste new --players Anna Ben Carl Dora --rules tournament --first-dealer Dora
      skatliste new --players Anna Ben Carl --rule spitzen_cap=4 --ledger friday.json
    """
    from skatliste.ledger import create, new_ledger
    from skatliste.rulesets import build_rule_set, parse_rule_assignments

    rules = build_rule_set(preset.lower(), parse_rule_assignments(rule_items))
    players = [n.strip() for raw in names for n in raw.split(",") if n.strip()]
    if len(players) not in rules.player_counts:
        if rules.two_player:
            refuse(
                f"{len(players)} player(s) given: {rules.variant.capitalize()} is played by "
                "2 players, e.g. 'skatliste new --players Anna Ben --rules bauernskat'"
            )
        refuse(
            f"{len(players)} player(s) given: a list has 3 or 4 players in seat order, "
            "e.g. 'skatliste new --players Anna Ben Carl' (2 with --rules bauernskat)"
        )
    if len({p.casefold() for p in players}) != len(players):
        refuse("two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')")
    for p in players:
        if p.lower() in ("p", "q", "-") or p.lower().lstrip("+-").isdigit():
            refuse(f"'{p}' cannot be a player's name: it means something else at the prompt")
    dealer = None
    if first_dealer is not None:
        matches = [p for p in players if p.casefold() == first_dealer.casefold()]
        if not matches:
            refuse(f"--first-dealer {first_dealer}: not one of {', '.join(players)}")
        dealer = matches[0]
    ledger = new_ledger(ledger_path, players, first_dealer=dealer, rules=rules)
    create(ledger, force=force)
    table = ledger.table
    series = table.series
    extra = f", series of {series} games" if series else ""
    click.echo(
        f"{ledger_path}: new list for {', '.join(players)} ({rules.preset} rules{extra}); "
        f"{table.dealer(0)} deals first"
    )


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("player")
@click.argument("words", nargs=-1, type=click.UNPROCESSED)
@click.option("--note", default="", help="A note kept with the game.")
@click.option(
    "--from-replay",
    "replay_file",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Take the game from a replay file (see 'skatliste replay').",
)
@ledger_option
@lang_option
def add(
    player: str,
    words: tuple[str, ...],
    note: str,
    replay_file: Path | None,
    ledger_path: Path,
    lang: str | None,
) -> None:
    """Enter a game: the declarer, then the same words as 'value'.

    End with '= N' to record the value written on paper.

    \b
    Examples:
      skatliste add anna kreuz mit 2 hand augen 75
      skatliste add ben grand ohne 1 schneider = 72
      skatliste add c pik mit 1 gereizt 36 kontra
      skatliste add anna --from-replay examples/grand-hand.txt
    """
    language = resolve_lang(lang)
    if replay_file is not None:
        if words:
            refuse("--from-replay takes the game from the file: give no words with it")
        replayed = _load_replay(replay_file)
        if replayed.illegal is not None:
            bad = replayed.illegal
            refuse(
                f"{replay_file}: trick {bad.trick}: {bad.player} plays {bad.card} against the "
                f"rules ({bad.reason('en')}); fix the file first ('skatliste replay {replay_file}')"
            )
        assert replayed.result is not None
        from skatliste.words import to_words

        words = tuple(to_words(replayed.result.declaration, replayed.outcome).split())

        def check_declarer(ledger: Ledger) -> Entry:
            entry = _entry_from_words(ledger, player, words, note)
            if entry.declarer.casefold() != replayed.declarer.casefold():  # type: ignore[union-attr]
                refuse(f"{replay_file}: the declarer there is {replayed.declarer}, not {player}")
            return entry

        _append(ledger_path, check_declarer, language)
        return
    if not words:
        refuse("say which game, e.g. 'skatliste add anna kreuz mit 2 hand'")
    _append(ledger_path, lambda ledger: _entry_from_words(ledger, player, words, note), language)


@cli.command(name="pass")
@click.option("--note", default="", help="A note kept with the game.")
@ledger_option
@lang_option
def pass_(note: str, ledger_path: Path, lang: str | None) -> None:
    """All passed (eingepasst): a game that scores 0 and moves the deal on.

    \b
    Example:
      skatliste pass
    """
    from skatliste.ledger import now
    from skatliste.sheet import PassedEntry

    _append(ledger_path, lambda _: PassedEntry(note=note, time=now()), resolve_lang(lang))


def _check_number(ledger: Ledger, number: int) -> int:
    n = len(ledger.entries)
    if n == 0:
        refuse(f"{ledger.path}: the list has no games yet")
    if not 1 <= number <= n:
        refuse(f"game {number}: the list has games 1 to {n}")
    return number - 1


def _warn_followups(ledger: Ledger) -> None:
    from skatliste.sheet import check

    problems = check(ledger.table, ledger.entries)
    if problems:
        click.echo(
            f"Note: 'skatliste check' now finds {len(problems)} problem(s), "
            f"the first at game {problems[0][0]}: {problems[0][1]}",
            err=True,
        )


@cli.command()
@ledger_option
@lang_option
def undo(ledger_path: Path, lang: str | None) -> None:
    """Take back the last game (kept in 'skatliste history').

    \b
    Example:
      skatliste undo
    """
    from skatliste.ledger import updating

    language = resolve_lang(lang)
    with updating(ledger_path) as ledger:
        index = _check_number(ledger, len(ledger.entries))
        removed = ledger.entries.pop()
        ledger.record("undo", index + 1, removed, None)
    title = "zurückgenommen" if language == "de" else "taken back"
    click.echo(f"{title}: {_entry_words(removed, language)}")
    click.echo(_totals_line(ledger, _last_row(ledger), language))


def _entry_words(entry: Entry, lang: Lang) -> str:
    """An entry as the words that would enter it again."""
    from skatliste.sheet import GameEntry, RamschEntry
    from skatliste.words import to_words

    if isinstance(entry, GameEntry):
        return f"{entry.declarer} {to_words(entry.declaration, entry.outcome)}"
    if isinstance(entry, RamschEntry):
        words = ["ramsch", *(f"{n}={a}" for n, a in entry.augen)]
        words += [f"jungfrau {n}" for n in entry.jungfrau]
        if entry.durchmarsch:
            words.append(f"durchmarsch {entry.durchmarsch}")
        if entry.pushes:
            words.append(f"geschoben {entry.pushes}")
        if entry.skat is not None:
            words.append(f"skat {entry.skat}")
        return " ".join(words)
    return "eingepasst" if lang == "de" else "all passed"


@cli.command()
@click.argument("number", type=int)
@ledger_option
@lang_option
def delete(number: int, ledger_path: Path, lang: str | None) -> None:
    """Delete game N; every later value and dealer follows (kept in history).

    \b
    Example:
      skatliste delete 7
    """
    from skatliste.ledger import updating

    language = resolve_lang(lang)
    with updating(ledger_path) as ledger:
        index = _check_number(ledger, number)
        removed = ledger.entries.pop(index)
        ledger.record("delete", number, removed, None)
    click.echo(f"deleted game {number}: {_entry_words(removed, language)}")
    click.echo(_totals_line(ledger, _last_row(ledger), language))
    _warn_followups(ledger)


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("number", type=int)
@click.argument("words", nargs=-1, required=True, type=click.UNPROCESSED)
@click.option("--note", default=None, help="Replace the game's note.")
@ledger_option
@lang_option
def edit(
    number: int, words: tuple[str, ...], note: str | None, ledger_path: Path, lang: str | None
) -> None:
    """Replace game N. Start with a player's name to change the declarer; 'eingepasst'
    (or 'pass') makes it an all-passed game, 'ramsch NAME=AUGEN ...' a Ramsch. The old
    version is kept in history.

    \b
    Examples:
      skatliste edit 7 kreuz mit 2 hand augen 75
      skatliste edit 7 ben grand ohne 1
      skatliste edit 12 eingepasst
      skatliste edit 5 ramsch anna=50 ben=40 carl=30
    """
    from skatliste.ledger import now, updating
    from skatliste.sheet import GameEntry, PassedEntry, RamschEntry, rows

    language = resolve_lang(lang)
    with updating(ledger_path) as ledger:
        index = _check_number(ledger, number)
        old = ledger.entries[index]
        keep_note = old.note if note is None else note
        first = words[0].lower()
        if len(words) == 1 and first in ("eingepasst", "pass", "passed"):
            entry: Entry = PassedEntry(note=keep_note, time=now())
        elif first == "ramsch":
            entry = _ramsch_entry(ledger, words[1:], keep_note)
        else:
            from skatliste.words import GAME_WORDS, NUMBER_WORDS

            known = set(GAME_WORDS) | set(NUMBER_WORDS)
            if first not in known and any(
                p.casefold().startswith(first.casefold()) for p in ledger.table.players
            ):
                player, rest = words[0], words[1:]
            elif isinstance(old, GameEntry):
                player, rest = old.declarer, words
            else:
                was = "a Ramsch" if isinstance(old, RamschEntry) else "eingepasst"
                refuse(f"game {number} was {was}: start the words with the declarer")
            entry = _entry_from_words(ledger, player, rest, keep_note)
            if (
                isinstance(old, GameEntry)
                and isinstance(entry, GameEntry)
                and old.paper is not None
                and entry.paper is None
            ):
                # the paper list still says what it said: keep it to compare
                entry = replace(entry, paper=old.paper)
        _refuse_problems(ledger, index, entry)
        ledger.entries[index] = entry
        ledger.record("edit", number, old, entry)
    row = next(rows(ledger.table, ledger.entries, only=number - 1))
    click.echo("\n".join(_game_line(row, language)))
    click.echo(_totals_line(ledger, _last_row(ledger), language))
    _warn_followups(ledger)


@cli.command()
@ledger_option
@lang_option
def history(ledger_path: Path, lang: str | None) -> None:
    """Games taken back, deleted or replaced — nothing entered is ever lost.

    \b
    Example:
      skatliste history
    """
    from skatliste.ledger import load, model_to_entry

    language = resolve_lang(lang)
    ledger = load(ledger_path)
    if not ledger.history:
        click.echo("no games removed or replaced")
        return
    for item in ledger.history:
        line = f"{item.time}  {item.action:<6} game {item.number}: "
        line += _entry_words(model_to_entry(item.entry), language)
        if item.replaced_by is not None:
            line += " → " + _entry_words(model_to_entry(item.replaced_by), language)
        click.echo(line)


@cli.command()
@click.option(
    "--format",
    "fmt",
    default="plain",
    type=click.Choice(["plain", "grid", "md", "csv", "json"]),
    show_default=True,
)
@ledger_option
@lang_option
def sheet(fmt: str, ledger_path: Path, lang: str | None) -> None:
    """The list as on paper: every game, its value and the running totals.

    \b
    Examples:
      skatliste sheet
      skatliste sheet --format md
      skatliste sheet --format csv > evening.csv
    """
    from skatliste.ledger import load
    from skatliste.report import render_sheet
    from skatliste.sheet import rows

    ledger = load(ledger_path)
    derived = list(rows(ledger.table, ledger.entries))
    click.echo(render_sheet(ledger.table, derived, fmt=fmt, lang=resolve_lang(lang)))


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
@ledger_option
@lang_option
def summary(
    round_: int | None,
    last_round: bool,
    cent: str | None,
    as_json: bool,
    ledger_path: Path,
    lang: str | None,
) -> None:
    """Totals, games won and lost, Seeger-Fabian, rank — and the money.

    \b
    Examples:
      skatliste summary
      skatliste summary --last-round
      skatliste summary --cent 0.25
    """
    from fractions import Fraction

    from skatliste.ledger import load
    from skatliste.report import render_summary, summary_json
    from skatliste.sheet import settle, summarise

    if round_ is not None and last_round:
        refuse("give --round N or --last-round, not both")
    ledger = load(ledger_path)
    played = len(ledger.entries)
    last = (played - 1) // ledger.table.size + 1 if played else 1
    only = last if last_round else round_
    if only is not None and not 1 <= only <= last:
        refuse(f"round {only}: the list has rounds 1 to {last}")
    result = summarise(ledger.table, ledger.entries, only_round=only)
    settlement = None
    if cent is not None:
        try:
            stake = Fraction(cent.replace(",", "."))
        except (ValueError, ZeroDivisionError):
            refuse(f"--cent {cent}: give the stake per point in cent, e.g. 0.25 or 1/4")
        if stake < 0:
            refuse(f"--cent {cent}: the stake cannot be negative")
        settlement = settle({p.name: p.total for p in result.players}, stake)
    if as_json:
        click.echo(json.dumps(summary_json(ledger.table, result, settlement), ensure_ascii=False))
        return
    language = resolve_lang(lang)
    if only is not None:
        click.echo(f"{'Runde' if language == 'de' else 'Round'} {only}")
    click.echo(render_summary(ledger.table, result, settlement=settlement, lang=language))


@cli.command(name="explain")
@click.argument("number", type=int)
@ledger_option
@lang_option
def explain_cmd(number: int, ledger_path: Path, lang: str | None) -> None:
    """Game N's full computation, with Seeger-Fabian.

    \b
    Example:
      skatliste explain 7
    """
    from skatliste.ledger import load
    from skatliste.rules import seeger_fabian as fabian_of
    from skatliste.sheet import rows

    language = resolve_lang(lang)
    ledger = load(ledger_path)
    _check_number(ledger, number)
    row = next(rows(ledger.table, ledger.entries, only=number - 1))
    lines = _game_line(row, language)
    dealer = "Geber" if language == "de" else "dealer"
    lines.insert(1, f"  {dealer}: {row.dealer}")
    if row.result is not None and not ledger.rules.two_player:
        sf = fabian_of(row.result, table=ledger.table.size)
        lines.append(f"  {seeger_fabian_line(row.result, sf, lang=language)}")
    click.echo("\n".join(lines))


@cli.command(name="check")
@ledger_option
def check_cmd(ledger_path: Path) -> None:
    """Re-derive everything and list every problem; exit 1 if any.

    \b
    Example:
      skatliste check
        skatliste.json: game 7: the paper says +72, the game is worth +48
    """
    from skatliste.ledger import load
    from skatliste.sheet import check

    ledger = load(ledger_path)
    problems = check(ledger.table, ledger.entries)
    for number, problem in problems:
        click.echo(f"{ledger_path}: game {number}: {problem}")
    if problems:
        raise Failed(f"{len(problems)} problem(s) in {len(ledger.entries)} games")
    click.echo(f"{ledger_path}: {len(ledger.entries)} games, no problems")


@cli.command()
def schema() -> None:
    """Print the JSON Schema of the ledger format.

    \b
    Example:
      skatliste schema > skatliste.schema.json
    """
    from skatliste.ledger import json_schema

    click.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


@cli.command()
@click.option("--list", "list_all", is_flag=True, help="Every option and preset, with meaning.")
@ledger_option
def rules(list_all: bool, ledger_path: Path) -> None:
    """The rule set of this list, or (--list) every preset and option.

    \b
    Examples:
      skatliste rules
      skatliste rules --list
    """
    from skatliste.rulesets import OPTIONS, PRESET_HELP, PRESETS

    if list_all:
        click.echo("Presets (--rules NAME):")
        for name in PRESETS:
            click.echo(f"  {name:<12}{PRESET_HELP[name]}")
        click.echo("\nOptions (--rule KEY=VALUE), default in isko:")
        for opt in OPTIONS.values():
            allowed = "|".join(str(c) for c in opt.choices) if opt.choices else "see text"
            click.echo(f"  {opt.key} = {opt.default}   ({allowed})\n      {opt.help}")
        return
    from skatliste.ledger import load

    ledger = load(ledger_path)
    click.echo(f"{ledger_path}: rule set {ledger.rules.preset}")
    for key, val in ledger.rules.options.items():
        click.echo(f"  {key} = {val}")


# --- play -------------------------------------------------------------------------------

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
        check=lambda a: a.lower() in ("p", "pass") or _resolve_player(ledger, a),
    )
    if who.lower() in ("p", "pass"):
        return None
    player = _resolve_player(ledger, who)

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
    from skatliste.ledger import load, now
    from skatliste.report import render_sheet
    from skatliste.sheet import PassedEntry, rows

    language = resolve_lang(lang)
    while True:
        ledger = load(ledger_path)
        try:
            answer = _play_words(ledger)
        except _Quit:
            click.echo("")
            return
        except Refused as exc:
            click.echo(f"Error: {exc.message}", err=True)
            continue
        try:
            if answer is None:
                _append(ledger_path, lambda _: PassedEntry(time=now()), language)
            else:
                player, words = answer
                _append(
                    ledger_path,
                    lambda lg, p=player, w=words: _entry_from_words(lg, p, w, ""),  # type: ignore[misc]
                    language,
                )
        except (Refused, SkatlisteError) as exc:
            message = exc.message if isinstance(exc, Refused) else str(exc)
            click.echo(f"Error: {message} — das Spiel wurde nicht eingetragen", err=True)
            continue
        ledger = load(ledger_path)
        click.echo(
            render_sheet(ledger.table, list(rows(ledger.table, ledger.entries)), lang=language)
        )


# --- cards and tricks ---------------------------------------------------------------------


def _game_type(word: str) -> Any:
    from skatliste.words import GAME_WORDS, suggest

    game = GAME_WORDS.get(word.lower())
    if game is None:
        refuse(f"unknown game '{word}'{suggest(word.lower())}")
    return game


@cli.command(name="spitzen")
@click.argument("game")
@click.argument("cards", nargs=-1, required=True)
@click.option("--partial", is_flag=True, help="Allow fewer cards than a full hand.")
@click.option(
    "--cards",
    "hand_size",
    type=click.Choice(["12", "16"]),
    default="12",
    show_default=True,
    help="Cards of a full hand: 12 (10 + Skat) or 16 (two-player Skat).",
)
@lang_option
def spitzen_cmd(
    game: str, cards: tuple[str, ...], partial: bool, hand_size: str, lang: str | None
) -> None:
    """Mit or ohne? The Spitzen of the declarer's cards, Skat included.

    \b
    Examples:
      skatliste spitzen kreuz CJ SJ DJ CA CT C9 C7 SA ST HA DA D7
        mit 2: ♣B ♠B
      skatliste spitzen grand ♥B ♦B ♣A ♣10 ♠A ♠10 ♥A ♥10 ♦A ♦10 ♣K ♠K
        ohne 2: ♣B ♠B fehlen
    """
    from skatliste.cards import no_duplicates, parse_cards, spitzen

    language = resolve_lang(lang)
    kind = _game_type(game)
    held = parse_cards(cards)
    no_duplicates(held, language)
    size = int(hand_size)
    if len(held) != size and not partial:
        refuse(
            f"{len(held)} cards given: the Spitzen count over the declarer's {size} cards "
            f"(hand and Skat); give all {size}, or --partial"
        )
    count = spitzen(held, kind)
    run = " ".join(c.show(language) for c in count.run)
    missing = "" if count.mit else (" fehlen" if language == "de" else " missing")
    click.echo(f"{count.words(language)}: {run}{missing}")


@cli.command()
@click.argument("game")
@click.argument("cards", nargs=-1, required=True)
@click.option("--lead", default=None, help="Who led (with --players).")
@click.option("--players", default=None, help="The players clockwise, e.g. Anna,Ben,Carl.")
@lang_option
def trick(
    game: str, cards: tuple[str, ...], lead: str | None, players: str | None, lang: str | None
) -> None:
    """Who wins the trick, and why, with its Augen. Cards in the order played.

    \b
    Examples:
      skatliste trick grand CA CJ C7
        ♣B gewinnt: Trumpf sticht (Karte 2); 13 Augen
      skatliste trick kreuz ♥A ♥10 ♠B --players Anna,Ben,Carl --lead Ben
    """
    from skatliste.cards import augen, is_trump, no_duplicates, parse_cards, trick_winner

    language = resolve_lang(lang)
    kind = _game_type(game)
    played = parse_cards(cards)
    no_duplicates(played, language)
    if not 2 <= len(played) <= 3:
        refuse(f"{len(played)} cards given: a trick has 3 cards (2 in two-player Skat)")
    win = trick_winner(played, kind)
    card = played[win]
    names = [f"{'Karte' if language == 'de' else 'card'} {i + 1}" for i in range(len(played))]
    if players:
        seats = [p.strip() for p in players.split(",") if p.strip()]
        first = 0
        if lead is not None:
            hits = [i for i, p in enumerate(seats) if p.casefold() == lead.casefold()]
            if not hits:
                refuse(f"--lead {lead}: not one of {', '.join(seats)}")
            first = hits[0]
        names = [seats[(first + i) % len(seats)] for i in range(len(played))]
    elif lead is not None:
        refuse("--lead needs --players (clockwise), e.g. --players Anna,Ben,Carl --lead Ben")
    trump = is_trump(card, kind)
    if language == "de":
        why = "Trumpf sticht" if trump and not is_trump(played[0], kind) else "höchste Karte"
        if trump and is_trump(played[0], kind):
            why = "höchster Trumpf"
        verb = "gewinnt"
    else:
        why = "a trump wins" if trump and not is_trump(played[0], kind) else "highest card"
        if trump and is_trump(played[0], kind):
            why = "highest trump"
        verb = "wins"
    click.echo(f"{card.show(language)} {verb}: {why} ({names[win]}); {augen(played)} Augen")


@cli.command(name="augen")
@click.argument("cards", nargs=-1, required=True)
def augen_cmd(cards: tuple[str, ...]) -> None:
    """The Augen (card points) of a pile.

    \b
    Example:
      skatliste augen CA CT SK HQ D7
        28
    """
    from skatliste.cards import augen, no_duplicates, parse_cards

    pile = parse_cards(cards)
    no_duplicates(pile)
    click.echo(str(augen(pile)))


def _load_replay(path: Path) -> Any:
    from skatliste.replay import load_replay, replay

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        refuse(f"{path}: cannot read: {exc.strerror or exc}")
    return replay(load_replay(text, source=str(path)))


@cli.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the full result as JSON.")
@lang_option
def replay_cmd(file: Path, as_json: bool, lang: str | None) -> None:
    """Replay a whole game from its cards: legal play, tricks, Augen, value.

    Exit 1 when a card was played against the rules (it names the first one).

    \b
    Example:
      skatliste replay examples/grand-hand.txt
    """
    language = resolve_lang(lang)
    out = _load_replay(file)
    if as_json:
        click.echo(json.dumps(_replay_json(out, language), ensure_ascii=False, indent=2))
    else:
        for t in out.tricks:
            cards = ", ".join(f"{p} {c.show(language)}" for p, c in t.cards)
            click.echo(f"{t.number:>2}: {cards} → {t.winner} ({t.augen})")
        if out.illegal is not None:
            bad = out.illegal
            click.echo(
                f"Stich {bad.trick}: {bad.player} spielt {bad.card.show(language)} — "
                f"nicht erlaubt: {bad.reason(language)}"
                if language == "de"
                else f"trick {bad.trick}: {bad.player} plays {bad.card.show(language)} — "
                f"not allowed: {bad.reason(language)}"
            )
        else:
            r = out.result
            assert r is not None
            decl = out.declarer
            stiche = "Stiche" if language == "de" else "tricks"
            with_skat = "mit Skat" if language == "de" else "Skat included"
            click.echo(
                f"{decl}: {out.declarer_augen} Augen ({with_skat}), "
                f"{out.declarer_tricks} {stiche}"
                + (f"; {out.spitzen_words}" if out.spitzen_words else "")
            )
            click.echo(f"{game_name(r, language)}: {signed(r.list_points)}")
            click.echo("\n".join(f"  {s}" for s in explain(r, lang=language)))
    if out.illegal is not None:
        sys.exit(1)


def _replay_json(out: Any, lang: Lang) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": list(out.players),
        "declarer": out.declarer,
        "tricks": [
            {
                "number": t.number,
                "leader": t.leader,
                "cards": [{"player": p, "card": str(c)} for p, c in t.cards],
                "winner": t.winner,
                "augen": t.augen,
            }
            for t in out.tricks
        ],
        "illegal": None,
    }
    if out.illegal is not None:
        bad = out.illegal
        data["illegal"] = {
            "trick": bad.trick,
            "player": bad.player,
            "card": str(bad.card),
            "reason": bad.reason(lang),
        }
        return data
    data["declarer_augen"] = out.declarer_augen
    data["declarer_tricks"] = out.declarer_tricks
    data["spitzen"] = out.spitzen_words or None
    data["value"] = result_record(
        out.result, seeger_fabian=seeger_fabian(out.result, table=3), lang=lang
    )
    return data


# --- house rules: Ramsch and Bock -------------------------------------------------------


def _ramsch_entry(ledger: Ledger, words: Sequence[str], note: str) -> Entry:
    """``anna=45 ben=40 carl=35 [jungfrau ben] [durchmarsch anna] [geschoben 2] [skat 10]``."""
    from skatliste.ledger import now
    from skatliste.sheet import RamschEntry

    augen: dict[str, int] = {}
    jungfrau: list[str] = []
    durchmarsch: str | None = None
    pushes = 0
    skat: int | None = None
    toks = [t for w in words for t in w.replace(",", " ").split()]
    i = 0
    while i < len(toks):
        tok = toks[i]
        low = tok.lower()
        if "=" in tok:
            name, _, value = tok.partition("=")
            player = _resolve_player(ledger, name)
            if not value.isdigit():
                refuse(f"'{tok}': write each player's Augen as NAME=N, e.g. anna=45")
            if player in augen:
                refuse(f"{player}'s Augen are given twice")
            augen[player] = int(value)
        elif low in ("jungfrau", "durchmarsch", "geschoben", "pushed", "skat"):
            if i + 1 >= len(toks):
                refuse(f"'{tok}' needs a name or number after it, e.g. 'jungfrau ben'")
            arg = toks[i + 1]
            i += 1
            if low == "jungfrau":
                jungfrau.append(_resolve_player(ledger, arg))
            elif low == "durchmarsch":
                durchmarsch = _resolve_player(ledger, arg)
            elif not arg.isdigit():
                refuse(f"'{tok} {arg}': '{tok}' needs a number, e.g. '{tok} 1'")
            elif low == "skat":
                skat = int(arg)
            else:
                pushes = int(arg)
        else:
            refuse(
                f"'{tok}' in a Ramsch: write NAME=AUGEN for each player, then optionally "
                "'jungfrau NAME', 'durchmarsch NAME', 'geschoben N', 'skat N'"
            )
        i += 1
    if not augen:
        refuse("give each player's Augen, e.g. 'skatliste ramsch anna=45 ben=40 carl=35'")
    return RamschEntry(
        augen=tuple(augen.items()),
        skat=skat,
        jungfrau=tuple(jungfrau),
        durchmarsch=durchmarsch,
        pushes=pushes,
        note=note,
        time=now(),
    )


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("words", nargs=-1, required=True)
@click.option("--note", default="", help="A note kept with the game.")
@ledger_option
@lang_option
def ramsch(words: tuple[str, ...], note: str, ledger_path: Path, lang: str | None) -> None:
    """Enter a Ramsch: every player's Augen (they add up to 120), then Jungfrau, Durchmarsch
    and pushes. The player with the most Augen loses them.

    \b
    Examples:
      skatliste ramsch anna=45 ben=40 carl=35
      skatliste ramsch anna=75 ben=0 carl=45 jungfrau ben geschoben 1
      skatliste ramsch anna=120 ben=0 carl=0 durchmarsch anna
    """
    _append(ledger_path, lambda ledger: _ramsch_entry(ledger, words, note), resolve_lang(lang))


@cli.command()
@ledger_option
@lang_option
def bock(ledger_path: Path, lang: str | None) -> None:
    """Call a Bock round by hand: it starts with the next game (rule bock=on).

    \b
    Example:
      skatliste bock
    """
    from skatliste.ledger import updating

    language = resolve_lang(lang)
    with updating(ledger_path) as ledger:
        if not ledger.rules.on("bock"):
            refuse("this rule set plays no Bock (rule bock=off; the pub rule set has it)")
        if not ledger.entries:
            refuse("no game yet: a Bock round is called after a game and starts with the next")
        last = ledger.entries[-1]
        if last.bock_called:
            refuse("a Bock round was called after this game already")
        flagged = replace(last, bock_called=True)
        ledger.entries[-1] = flagged
        ledger.record("edit", len(ledger.entries), last, flagged)
    click.echo(_totals_line(ledger, _last_row(ledger), language))


# --- reports ----------------------------------------------------------------------------


def _stake(cent: str | None) -> Any:
    from fractions import Fraction

    if cent is None:
        return None
    try:
        stake = Fraction(cent.replace(",", "."))
    except (ValueError, ZeroDivisionError):
        refuse(f"--cent {cent}: give the stake per point in cent, e.g. 0.25 or 1/4")
    if stake < 0:
        refuse(f"--cent {cent}: the stake cannot be negative")
    return stake


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
@ledger_option
@lang_option
def export(
    fmt: str,
    output: Path | None,
    cent: str | None,
    ledger_path: Path,
    lang: str | None,
) -> None:
    """The list to share or print: HTML (one file, chart included, A4), Markdown, CSV, JSON.

    \b
    Examples:
      skatliste export -o evening.html
      skatliste export --format csv -o evening.csv
      skatliste export --format md --cent 0.25
    """
    from skatliste.export import render_csv, render_html, render_json, render_markdown
    from skatliste.ledger import load
    from skatliste.sheet import rows, settle, summarise

    language = resolve_lang(lang)
    ledger = load(ledger_path)
    derived = list(rows(ledger.table, ledger.entries))
    summary = summarise(ledger.table, ledger.entries)
    stake = _stake(cent)
    settlement = (
        None if stake is None else settle({p.name: p.total for p in summary.players}, stake)
    )
    if fmt == "html":
        text = render_html(
            ledger.table,
            derived,
            summary,
            settlement=settlement,
            stake=cent,
            created=ledger.created,
            lang=language,
        )
    elif fmt == "md":
        text = render_markdown(ledger.table, derived, summary, settlement=settlement, lang=language)
    elif fmt == "csv":
        text = render_csv(ledger.table, derived, language)
    else:
        text = render_json(ledger.table, derived, summary, settlement) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    from skatliste.ledger import atomic_write

    atomic_write(output, text)
    click.echo(f"{output}: {fmt}, {len(derived)} games")


@cli.command()
@click.argument("ledgers", nargs=-1, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@ledger_option
@lang_option
def stats(ledgers: tuple[Path, ...], as_json: bool, ledger_path: Path, lang: str | None) -> None:
    """Per player: games, won/lost and rate, by game type, average and highest game,
    Schneider/Schwarz, overbids, Kontra. Several ledgers are merged by player name.

    \b
    Examples:
      skatliste stats
      skatliste stats 2026-*.json --json
    """
    from skatliste.ledger import load
    from skatliste.sheet import rows
    from skatliste.stats import GAME_ORDER, collect

    paths = list(ledgers) or [ledger_path]
    sheets = []
    for path in paths:
        ledger = load(path)
        sheets.append((ledger.table.players, list(rows(ledger.table, ledger.entries))))
    people = collect(sheets)
    if as_json:
        click.echo(
            json.dumps({n: s.as_dict() for n, s in people.items()}, ensure_ascii=False, indent=2)
        )
        return
    from tabulate import tabulate

    de = resolve_lang(lang) == "de"
    heads = (
        ["Spieler", "Listen", "Spiele", "gew.", "verl.", "Quote", "Schnitt", "Höchstes",
         "Schneider", "Schwarz", "überreizt", "Kontra (verl.)", "Punkte"]
        if de
        else ["Player", "Lists", "Games", "won", "lost", "rate", "average", "highest",
              "Schneider", "Schwarz", "overbid", "Kontra (lost)", "Points"]
    )  # fmt: skip
    body = [
        [
            s.name, s.lists, s.declared, s.won, s.lost, f"{s.win_rate:.0%}",
            f"{s.average:+.1f}".replace("-", "−"), s.highest, s.schneider, s.schwarz, s.overbid,
            f"{s.kontra_against} ({s.kontra_lost})", signed(s.total),
        ]
        for s in people.values()
    ]  # fmt: skip
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
@ledger_option
@lang_option
def chart(width: int, height: int, ledger_path: Path, lang: str | None) -> None:
    """The running totals as a chart in the terminal.

    \b
    Example:
      skatliste chart --ledger examples/evening.json
    """
    from skatliste.export import text_chart
    from skatliste.ledger import load
    from skatliste.sheet import rows

    ledger = load(ledger_path)
    derived = list(rows(ledger.table, ledger.entries))
    click.echo(
        text_chart(ledger.table, derived, width=width, height=height, lang=resolve_lang(lang))
    )
