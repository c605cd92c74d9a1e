"""What the rule set and the table forbid for an entry, the game itself being fine: a game
past the series, a declarer who sits out, Kontra or Bock the rules do not play (rules §7, §8)."""

from __future__ import annotations

from skatliste.errors import InvalidGameError
from skatliste.i18n import Message, msg
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import GameType
from skatliste.skat.rules import check_bid, check_bock, check_kontra_bid, check_pushes
from skatliste.skat.rulesets import KontraRule, RuleSet


def rule_problems(
    table: Table,
    index: int,
    entry: Entry,
    ramsch_round: bool,
    ramsch_outside: bool,
    *,
    deal: int | None = None,
) -> list[Message]:
    """What the rule set and the table forbid for this entry (the game itself may be fine);
    ``deal``: the deal it was played in, where games entered later stand before it (§8)."""
    return series_problems(table, index) + entry_rule_problems(
        table, index, entry, ramsch_round, ramsch_outside, deal=deal
    )


def series_problems(table: Table, index: int) -> list[Message]:
    """A game past the end of the series (rule series)."""
    problems: list[Message] = []
    series = table.series
    if series is not None and index >= series:
        problems.append(
            msg(
                "the series has {series} games (rule series); this would be game {number}",
                series=series,
                number=index + 1,
            )
        )
    return problems


def entry_rule_problems(
    table: Table,
    index: int,
    entry: Entry,
    ramsch_round: bool,
    ramsch_outside: bool,
    *,
    deal: int | None = None,
) -> list[Message]:
    """What the rules forbid for this kind of entry here. For a game, whether there is a
    problem depends on the game, its declarer, the dealer and the Ramsch round only; the game
    number appears in the message alone."""
    if isinstance(entry, PassedEntry):
        return _pass_problems(table.rules, ramsch_round)
    if isinstance(entry, RamschEntry):
        return _ramsch_problems(
            table, index, entry, ramsch_round or ramsch_outside, index if deal is None else deal
        )
    return _game_problems(table, index, entry, ramsch_round, index if deal is None else deal)


def _plays_no(rules: RuleSet, tournament: Message, other: Message) -> Message:
    """Who refuses: the tournament rules (SkWO) or this rule set, each said whole."""
    return tournament if rules.is_tournament else other


def _pass_problems(rules: RuleSet, ramsch_round: bool) -> list[Message]:
    """Eingepasst where every deal is played, or a Ramsch is due."""
    if rules.two_player:
        return [
            msg("in {variant} every deal is played: no passing", variant=rules.variant.capitalize())
        ]
    if ramsch_round:
        return [msg("this deal is in a Ramsch round: enter the Ramsch or a Grand Hand")]
    if rules.on("ramsch.on_pass"):
        return [
            msg(
                "all passed: this rule set plays Ramsch then (rule ramsch.on_pass); enter the "
                "Ramsch with the Augen of each player"
            )
        ]
    return []


def dealer_named(table: Table, deal: int, entry: RamschEntry) -> bool:
    """Whether a Ramsch at a table of four names its dealer, who sits out (rules §1): that
    problem says all (the scoring's complaint about a name follows from it)."""
    named = [n for n, _ in entry.augen] + list(entry.jungfrau) + [entry.durchmarsch or ""]
    return table.size == 4 and table.dealer(deal) in named


def _ramsch_problems(
    table: Table, index: int, entry: RamschEntry, allowed: bool, deal: int
) -> list[Message]:
    """A Ramsch the rules do not play here, or without the Augen of who played."""
    problems: list[Message] = []
    try:
        check_pushes(entry.pushes)
    except InvalidGameError as exc:
        problems.append(exc.message)
    if not allowed:
        problems.append(
            _plays_no(
                table.rules,
                msg("the tournament rules (SkWO, rules §7) play no Ramsch"),
                msg(
                    "this rule set plays no Ramsch here (rules ramsch.on_pass and "
                    "ramsch.after_bock)"
                ),
            )
        )
    names = [n for n, _ in entry.augen]
    expected = table.active(deal)
    if dealer_named(table, deal, entry):
        problems.append(
            msg(
                "{dealer} deals game {number} and sits out at a table of four (rules §1): a "
                "Ramsch needs the Augen of {players}, e.g. '{example}=45 ...'",
                dealer=table.dealer(deal),
                number=index + 1,
                players=", ".join(expected),
                example=expected[0].lower(),
            )
        )
    elif sorted(names) != sorted(expected):
        problems.append(
            msg(
                "a Ramsch needs the Augen of {players} (who played game {number}), "
                "e.g. '{example}=45 ...'",
                players=", ".join(expected),
                number=index + 1,
                example=expected[0].lower(),
            )
        )
    return problems


def _game_problems(
    table: Table, index: int, entry: GameEntry, ramsch_round: bool, deal: int
) -> list[Message]:
    """A declarer who is no player or sits out, Kontra or Bock the rules do not play."""
    rules = table.rules
    problems: list[Message] = []
    if entry.declarer not in table.players:
        problems.append(
            msg(
                "unknown player '{name}': the players are {players}",
                name=entry.declarer,
                players=", ".join(table.players),
            )
        )
    elif table.size == 4 and entry.declarer == table.dealer(deal):
        problems.append(
            msg(
                "{name} deals game {number} and sits out at a table of four (rules §1); "
                "the declarer is one of the three others",
                name=entry.declarer,
                number=index + 1,
            )
        )
    d, o = entry.declaration, entry.outcome
    try:
        check_bock(o.bock)
        if entry.kontra_bid is not None:
            check_kontra_bid(entry.kontra_bid)
    except InvalidGameError as exc:
        problems.append(exc.message)
    if ramsch_round and not (d.game is GameType.GRAND and d.hand):
        problems.append(
            msg(
                "this deal is in a Ramsch round (after a Bock round): play Ramsch or declare a "
                "Grand Hand"
            )
        )
    problems += _kontra_problems(rules, entry)
    if o.bock and not rules.on("bock"):
        problems.append(
            _plays_no(
                rules,
                msg("the tournament rules (SkWO, rules §7) play no Bock"),
                msg("this rule set plays no Bock (rule bock=off)"),
            )
        )
    return problems


def _kontra_problems(rules: RuleSet, entry: GameEntry) -> list[Message]:
    """Kontra or Re the rule set does not play (rules kontra, kontra.null, §8)."""
    o = entry.outcome
    kontra = rules.kontra
    if (o.kontra or o.re) and kontra is KontraRule.OFF:
        return [
            _plays_no(
                rules,
                msg("the tournament rules (SkWO, rules §7) play no Kontra or Re"),
                msg("this rule set plays no Kontra or Re (rule kontra=off)"),
            )
        ]
    null = entry.declaration.game is GameType.NULL
    if (o.kontra or o.re) and null and not rules.on("kontra.null"):
        return [msg("this rule set plays no Kontra on a Null (rule kontra.null=off)")]
    if o.kontra and kontra is KontraRule.AFTER18:
        return _kontra_bid_problems(entry)
    return []


def _kontra_bid_problems(entry: GameEntry) -> list[Message]:
    """Rule kontra=after18: the Kontra-sayer bid at least 18, and no more than the declarer."""
    said, bid = entry.kontra_bid, entry.outcome.bid
    if said is None:
        return [
            msg(
                "rule kontra=after18: only a defender who bid at least 18 may say Kontra; "
                "write his bid after it, e.g. 'kontra 20'"
            )
        ]
    if said < 18:
        return [
            msg(
                "'kontra {bid}': only a defender who bid at least 18 may say Kontra "
                "(rule kontra=after18)",
                bid=said,
            )
        ]
    if bid is not None and said > bid:
        return [
            msg(
                "'kontra {bid}': the defender cannot have bid more than the declarer's {declared}",
                bid=said,
                declared=bid,
            )
        ]
    try:
        check_bid(said)
    except InvalidGameError as exc:
        return [exc.message]
    return []
