"""``value`` and ``bids``: one game's value explained, the Reizwerte; no list needed."""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import click

from skatliste.app.skat_value import Valued
from skatliste.app.skat_value import value as value_of
from skatliste.cli.base import (
    WORDS_CONTEXT,
    cli,
    lang_option,
    messages_lang_option,
    resolve_lang,
    say,
)
from skatliste.errors import InputError
from skatliste.i18n import Lang, msg
from skatliste.printed import signed
from skatliste.skat.explain import (
    explain,
    headline,
    paper_line,
    result_record,
    seeger_fabian_line,
)
from skatliste.skat.rules import (
    MAX_BOCK,
    REIZWERTE,
    games_reaching,
    is_valid_bid,
    nearest_bids,
)
from skatliste.skat.words import TABLE_WORDS, next_words

# --- value ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class GameOptions:
    """A game given as ``value``'s options (--with 2 --hand ...) instead of words."""

    with_: int | None = None
    without: int | None = None
    hand: bool = False
    ouvert: bool = False
    schneider: bool = False
    schwarz: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    won: bool | None = None
    bid: int | None = None
    augen: int | None = None
    kontra: bool = False
    re: bool = False
    bock: int = 0

    def words(self) -> list[str]:
        """The options as table words, so one parser (``parse_words``) serves both."""
        words: list[str] = []
        if self.with_ is not None:
            words += ["mit", str(self.with_)]
        if self.without is not None:
            words += ["ohne", str(self.without)]
        flags = (self.hand, self.ouvert, self.schneider, self.schwarz, self.kontra, self.re)
        names = ("hand", "ouvert", "schneider", "schwarz", "kontra", "re")
        words += [name for name, on in zip(names, flags, strict=True) if on]
        if self.schneider_announced:
            words += ["schneider", "angesagt"]
        if self.schwarz_announced:
            words += ["schwarz", "angesagt"]
        if self.won is not None:
            words.append("gewonnen" if self.won else "verloren")
        if self.bid is not None:
            words += ["gereizt", str(self.bid)]
        if self.augen is not None:
            words += ["augen", str(self.augen)]
        return words + ["bock"] * self.bock


def _record(valued: Valued, lang: Lang) -> dict[str, object]:
    """The game's JSON record (``--json``), with the value on paper and whether it is right."""
    record = result_record(valued.result, fabian=valued.fabian, lang=lang)
    if valued.paper is not None:
        record["paper"] = {"value": valued.paper, "matches": valued.ok}
    return record


def _refuse_other_family(words: tuple[str, ...]) -> None:
    """'value' values a Skat game: a word of another game family's entries only, or a rule
    set given here, is refused saying where such an entry is valued."""
    for i, word in enumerate(words):
        preset: str | None = None
        if word == "--rules":
            preset = words[i + 1] if i + 1 < len(words) else ""
        elif word.startswith("--rules="):
            preset = word.partition("=")[2]
        elif word.casefold() in TABLE_WORDS or word.isdigit():
            continue  # a Skat word: the registry (every family's plug-in) is not loaded
        # the registry only for a word of another family (value's start-up is a bench target)
        from skatliste.families import all_presets, family_of_word

        if preset is not None:
            other = all_presets().get(preset.casefold())
        else:
            other = family_of_word(word)
            if other is None or other.name == "skat":
                continue
        if other is not None and other.name != "skat":
            raise InputError(
                msg(
                    "'{word}' belongs to {family}: 'value' is for Skat games; an entry of "
                    "{family} is valued when it is added to a list of its rule set, e.g. "
                    "'skatliste new --rules {preset} --players {players}', then 'skatliste add "
                    "{example}'",
                    word=word if preset is None else "--rules " + preset,
                    family=other.title,
                    preset=next(iter(other.presets)),
                    players=" ".join(("Anna", "Ben", "Carl", "Dora")[: max(other.player_counts)]),
                    example=other.example,
                )
            )
        raise InputError(
            msg(
                "'--rules {preset}': 'value' takes no rule set: it values a Skat game by the "
                "ISkO; a list's rules apply when the game is added to it ('skatliste add ...'); "
                "e.g. 'skatliste value kreuz mit 2 hand'",
                preset=preset,
            )
        )


def complete_game_words(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The Skat table words for ``value`` (which values a Skat game, whatever list is near)."""
    words = [str(w).casefold() for w in ctx.params.get(param.name or "") or ()]
    low = incomplete.casefold()
    return [w for w in next_words(words) if w.casefold().startswith(low)]


@cli.command(context_settings=WORDS_CONTEXT)
@click.argument("words", nargs=-1, type=click.UNPROCESSED, shell_complete=complete_game_words)
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
@click.option(
    "--bock",
    type=click.IntRange(0, MAX_BOCK),
    default=0,
    metavar="N",
    help=f"Bock doublings (0 to {MAX_BOCK}).",
)
@click.option(
    "--table",
    type=click.Choice(["3", "4"]),
    default=None,
    help="Table size for Seeger-Fabian (default 3); shows the Seeger-Fabian line.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@lang_option
def value(
    words: tuple[str, ...],
    table: str | None,
    as_json: bool,
    lang: str | None,
    *,
    with_: int | None,
    without: int | None,
    hand: bool,
    ouvert: bool,
    schneider: bool,
    schwarz: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    won: bool | None,
    bid: int | None,
    augen: int | None,
    kontra: bool,
    re: bool,
    bock: int,
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
    _refuse_other_family(words)
    language = resolve_lang(lang)
    size = int(table or 3)
    extra = GameOptions(
        with_=with_,
        without=without,
        hand=hand,
        ouvert=ouvert,
        schneider=schneider,
        schwarz=schwarz,
        schneider_announced=schneider_announced,
        schwarz_announced=schwarz_announced,
        won=won,
        bid=bid,
        augen=augen,
        kontra=kontra,
        re=re,
        bock=bock,
    ).words()
    if list(words) == ["-"]:
        if extra:
            raise InputError(
                msg("with '-' every game comes from stdin: give its words there, not as options")
            )
        _value_batch(sys.stdin, size, language, as_json=as_json)
        return
    if not words and not extra:
        raise InputError(msg("say which game, e.g. 'skatliste value kreuz mit 2 hand'"))
    valued = value_of([*words, *extra], table=size)
    if as_json:
        click.echo(json.dumps(_record(valued, language), ensure_ascii=False))
    else:
        result = valued.result
        lines = [f"{headline(result, language)}: {signed(result.list_points)}"]
        lines += [f"  {step}" for step in explain(result, lang=language)]
        if table is not None:
            lines.append(f"  {seeger_fabian_line(result, valued.fabian, lang=language)}")
        if valued.paper is not None:
            lines.append(f"  {paper_line(valued.paper, valued.ok, result.list_points, language)}")
        click.echo("\n".join(lines))
    if not valued.ok:
        sys.exit(1)


_BATCH_CACHE = 8_192
"""Distinct games remembered by ``value -`` (a paper list repeats its games; memory stays
flat however long the input)."""
_BATCH_FLUSH = 2_000
"""Lines written at once."""


def _line_error(out: list[str], number: int, message: str, text: str, *, as_json: bool) -> None:
    """Write the answers batched so far, then one line's error (with --json also as a JSON
    line on standard output)."""
    sys.stdout.write("".join(out))
    out.clear()
    sys.stdout.flush()
    if as_json:
        click.echo(json.dumps({"line": number, "error": message}, ensure_ascii=False))
    click.echo(text, err=True)


def _value_batch(stream: Iterable[str], table: int, lang: Lang, *, as_json: bool) -> None:
    """One game per line: each distinct line is parsed and valued once, the answers are
    written in batches (``value -`` on a season's paper list)."""
    failed = 0
    seen: dict[str, tuple[str, bool]] = {}
    out: list[str] = []
    write = sys.stdout.write
    for number, raw in enumerate(_utf8_lines(stream), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not line.isascii() and _NOT_UTF8.search(line):
            # bytes that are no UTF-8 reach us as lone surrogates (surrogateescape)
            failed += 1
            problem = msg(
                "line {number} is not UTF-8 text: save the games as UTF-8", number=number
            ).render(lang)
            told = msg("Error: {message}", message=problem).render(lang)
            _line_error(out, number, problem, told, as_json=as_json)
            continue
        words = line.split()
        key = " ".join(words)
        known = seen.get(key)
        if known is None:
            try:
                known = _batch_answer(words, table, lang, as_json=as_json)
            except InputError as exc:
                failed += 1
                error = exc.render(lang)
                said = msg("line {number}: Error: {problem}", number=number, problem=error)
                _line_error(out, number, error, said.render(lang), as_json=as_json)
                continue
            if len(seen) >= _BATCH_CACHE:
                for old in list(itertools.islice(seen, _BATCH_CACHE // 2)):
                    del seen[old]  # the older half goes: memory stays flat
            seen[key] = known
        text, ok = known
        if not ok:
            failed += 1
        out.append(f'{{"line": {number}, {text}\n' if as_json else f"{number}: {text}\n")
        if len(out) >= _BATCH_FLUSH:
            write("".join(out))
            out.clear()
    write("".join(out))
    sys.stdout.flush()
    if failed:
        sys.exit(1)


_NOT_UTF8 = re.compile("[\ud800-\udfff]")


def _utf8_lines(stream: Iterable[str]) -> Iterator[str]:
    """The lines of standard input, read as they come (memory stays flat), without a
    byte-order mark from a Windows editor; text that is not UTF-8 is refused."""
    first = True
    try:
        for raw in stream:
            if first:
                raw = raw.removeprefix("\ufeff")
                first = False
            yield raw
    except UnicodeDecodeError:
        raise InputError(
            msg("the games on standard input are not UTF-8 text: save them as UTF-8")
        ) from None


def _batch_answer(words: list[str], table: int, lang: Lang, *, as_json: bool) -> tuple[str, bool]:
    """A line's answer without its number (JSON: the record's fields after ``"line"``)."""
    valued = value_of(words, table=table)
    if as_json:
        return json.dumps(_record(valued, lang), ensure_ascii=False)[1:], valued.ok
    result = valued.result
    text = f"{headline(result, lang)}: {signed(result.list_points)} — " + "; ".join(
        explain(result, lang=lang)
    )
    if valued.paper is not None:
        text += " — " + paper_line(valued.paper, valued.ok, result.list_points, lang)
    return text, valued.ok


@cli.command()
@click.argument("bid", type=int, required=False)
@messages_lang_option
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
    if not is_valid_bid(bid):
        bids = nearest_bids(bid)
        near: object = (
            bids[0] if len(bids) == 1 else msg("{one} or {other}", one=bids[0], other=bids[1])
        )
        click.echo(
            say(
                msg(
                    "{bid} is not a Reizwert (nearest: {near}); games reaching it:",
                    bid=bid,
                    near=near,
                )
            )
        )
    if not reach:
        click.echo(say(msg("no game reaches {bid}", bid=bid)))
        return
    for r in reach:
        if r.multiplier is None:
            click.echo(f"{r.variant:<17}{r.value}")
        else:
            click.echo(f"{r.game.german:<17}{r.multiplier} × {r.value // r.multiplier} = {r.value}")
