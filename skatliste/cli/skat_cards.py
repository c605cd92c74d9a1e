"""Cards and tricks: ``spitzen``, ``trick``, ``augen``, ``replay``; no list needed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from skatliste.app import skat_replay as replay
from skatliste.cli.base import cli, lang_option, messages_lang_option, resolve_lang
from skatliste.cli.options import typed
from skatliste.errors import InputError, OptionError
from skatliste.i18n import Lang, msg, nmsg
from skatliste.printed import signed
from skatliste.skat.cards import (
    augen,
    is_trump,
    no_duplicates,
    parse_cards,
    spitzen,
    trick_seats,
    trick_winner,
)
from skatliste.skat.explain import explain, headline, result_record
from skatliste.skat.games import GameType
from skatliste.skat.replay import ReplayResult
from skatliste.skat.rules import seeger_fabian_points
from skatliste.skat.words import GAME_WORDS, suggest


def _game_type(word: str) -> GameType:
    game = GAME_WORDS.get(word.lower())
    if game is None:
        raise InputError(msg("unknown game '{word}'{hint}", word=word, hint=suggest(word.lower())))
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
    language = resolve_lang(lang)
    kind = _game_type(game)
    held = parse_cards(cards)
    no_duplicates(held, language)
    size = int(hand_size)
    if len(held) != size and not partial:
        raise InputError(
            nmsg(
                "{count} card given: the Spitzen count over the declarer's {size} cards (hand "
                "and Skat); give all {size}, or --partial",
                "{count} cards given: the Spitzen count over the declarer's {size} cards (hand "
                "and Skat); give all {size}, or --partial",
                len(held),
                size=size,
            )
        )
    count = spitzen(held, kind)
    run = " ".join(c.show(language) for c in count.run)
    said = (
        msg("{spitzen}: {cards}", spitzen=count.words(language), cards=run)
        if count.mit
        else msg("{spitzen}: {cards} missing", spitzen=count.words(language), cards=run)
    )
    click.echo(said.render(language))


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
    language = resolve_lang(lang)
    kind = _game_type(game)
    played = parse_cards(cards)
    no_duplicates(played, language)
    if not 2 <= len(played) <= 3:
        raise InputError(
            nmsg(
                "{count} card given: a trick has 3 cards (2 in two-player Skat)",
                "{count} cards given: a trick has 3 cards (2 in two-player Skat)",
                len(played),
            )
        )
    win = trick_winner(played, kind)
    card = played[win]
    names: list[object] = [msg("card {number}", number=i + 1) for i in range(len(played))]
    if players:
        try:
            names = list(trick_seats(players.split(","), len(played), lead=lead))
        except OptionError as exc:
            raise typed(exc) from None
    elif lead is not None:
        raise InputError(
            msg("--lead needs --players (clockwise), e.g. --players Anna,Ben,Carl --lead Ben")
        )
    trump = is_trump(card, kind)
    why = msg("a trump wins") if trump and not is_trump(played[0], kind) else msg("highest card")
    if trump and is_trump(played[0], kind):
        why = msg("highest trump")
    said = msg(
        "{card} wins: {why} ({who}); {augen} Augen",
        card=card.show(language),
        why=why,
        who=names[win],
        augen=augen(played),
    )
    click.echo(said.render(language))


@cli.command(name="augen")
@click.argument("cards", nargs=-1, required=True)
@messages_lang_option
def augen_cmd(cards: tuple[str, ...]) -> None:
    """The Augen (card points) of a pile.

    \b
    Example:
      skatliste augen CA CT SK HQ D7
        28
    """
    pile = parse_cards(cards)
    no_duplicates(pile)
    click.echo(str(augen(pile)))


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
    out = replay.read_replay(file)
    if as_json:
        click.echo(json.dumps(_replay_json(out, language), ensure_ascii=False, indent=2))
    else:
        for t in out.tricks:
            cards = ", ".join(f"{p} {c.show(language)}" for p, c in t.cards)
            click.echo(f"{t.number:>2}: {cards} → {t.winner} ({t.augen})")
        if out.illegal is not None:
            bad = out.illegal
            said = msg(
                "trick {trick}: {player} plays {card} — not allowed: {reason}",
                trick=bad.trick,
                player=bad.player,
                card=bad.card.show(language),
                reason=bad.reason(language),
            )
            click.echo(said.render(language))
        else:
            r = out.result
            assert r is not None
            decl = out.declarer
            took = nmsg(
                "{declarer}: {augen} Augen (Skat included), {count} trick",
                "{declarer}: {augen} Augen (Skat included), {count} tricks",
                out.declarer_tricks,
                declarer=decl,
                augen=out.declarer_augen,
            ).render(language)
            click.echo(took + (f"; {out.spitzen_words}" if out.spitzen_words else ""))
            click.echo(f"{headline(r, language)}: {signed(r.list_points)}")
            click.echo("\n".join(f"  {s}" for s in explain(r, lang=language)))
    if out.illegal is not None:
        sys.exit(1)


def _replay_json(out: ReplayResult, lang: Lang) -> dict[str, object]:
    data: dict[str, object] = {
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
    assert out.result is not None
    data["declarer_augen"] = out.declarer_augen
    data["declarer_tricks"] = out.declarer_tricks
    data["spitzen"] = out.spitzen_words or None
    data["value"] = result_record(
        out.result, fabian=seeger_fabian_points(out.result, table=3), lang=lang
    )
    return data
