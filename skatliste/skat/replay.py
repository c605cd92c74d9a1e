"""A whole game replayed from its cards: every card checked against the follow rules, every
trick's winner, the Augen with the Skat, Schneider and Schwarz by tricks, and the value.

The file (JSON or ``key: value`` text) holds the players in seat order (Vorhand first), the
declarer, the declaration in table words, each player's ten cards as played, the Skat that
counts for the declarer (the two cards put away; in a Hand game the Skat as dealt), and the
play: the 30 cards in order, or trick by trick.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from skatliste.errors import InputError, json_reason
from skatliste.i18n import Lang, msg, nmsg
from skatliste.skat.cards import (
    Card,
    augen,
    legal_plays,
    no_duplicates,
    parse_cards,
    spitzen,
    trick_winner,
)
from skatliste.skat.games import Declaration, GameType, Outcome
from skatliste.skat.rules import GameResult, augen_needed, game_value
from skatliste.skat.words import parse_words

TEXT_EXAMPLE = """players: Anna Ben Carl
declarer: Anna
game: grand hand gereizt 48
Anna: CJ SJ HJ CA CT C9 SA ST HA DA
Ben: ...
Carl: ...
skat: DJ H7
trick: CA C8 C7
..."""


@dataclass(frozen=True)
class Trick:
    """One trick: who led, the cards in play order, who won it."""

    number: int
    leader: str
    cards: tuple[tuple[str, Card], ...]
    winner: str

    @property
    def augen(self) -> int:
        return augen(c for _, c in self.cards)


@dataclass(frozen=True)
class IllegalPlay:
    """The first card that broke the rules: not in the player's hand (``owner`` says where it
    was), or not following the led card (``allowed`` are the cards that would have)."""

    trick: int
    player: str
    card: Card
    led: Card | None = None
    allowed: tuple[Card, ...] = ()
    owner: str | None = None

    def reason(self, lang: Lang = "de") -> str:
        """Why, in the user's language."""
        if self.led is None:
            where = (
                msg("{name} holds it", name=self.owner)
                if self.owner
                else msg("played before or in the Skat")
            )
            why = msg("not in {player}'s hand ({where})", player=self.player, where=where)
            return why.render(lang)
        cards = [c.show(lang) for c in self.allowed]
        listed: object = cards[0]
        if len(cards) > 1:
            listed = msg("{cards} or {last}", cards=", ".join(cards[:-1]), last=cards[-1])
        return msg(
            "{card} led, must follow with {cards}",
            card=self.led.show(lang),
            cards=listed,
        ).render(lang)


@dataclass
class ReplayResult:
    """Everything a replay found."""

    players: tuple[str, ...]
    declarer: str
    declaration: Declaration
    tricks: list[Trick] = field(default_factory=list)
    illegal: IllegalPlay | None = None
    declarer_augen: int = 0
    declarer_tricks: int = 0
    spitzen_words: str = ""
    outcome: Outcome | None = None
    result: GameResult | None = None


@dataclass(frozen=True)
class ReplayGame:
    """The parsed file."""

    players: tuple[str, ...]
    declarer: str
    declaration: Declaration
    bid: int | None
    kontra: bool
    re: bool
    hands: dict[str, tuple[Card, ...]]
    skat: tuple[Card, ...]
    play: tuple[Card, ...]


def _as_text_fields(text: str) -> dict[str, Any]:
    fields: dict[str, Any] = {"tricks": []}
    hands: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise InputError(
                msg(
                    "line {number}: '{line}': write 'key: value' (e.g. 'skat: DJ H7')",
                    number=number,
                    line=line[:40],
                )
            )
        key, value = key.strip(), value.strip()
        low = key.lower()
        if low == "trick":
            fields["tricks"].append(value)
        elif low in ("players", "declarer", "game", "skat", "play"):
            fields[low] = value.split() if low == "players" else value
        else:
            hands[key] = value
    fields["hands"] = hands
    return fields


def decode_replay(data: bytes, *, source: str = "replay") -> str:
    """A replay file's bytes as text: UTF-8, a byte-order mark at the start ignored."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            msg(
                "{source}: byte {start}: not UTF-8 text; save the replay as UTF-8",
                source=source,
                start=exc.start,
            )
        ) from None


def _words(value: object, what: str, source: str) -> str:
    """A field of table words or cards: text, or a JSON list of texts."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    raise InputError(
        msg(
            "{source}: {field}: {value} is not text; write it as in '{field}: ...' (a "
            "string or a list of strings)",
            source=source,
            field=what,
            value=json.dumps(value)[:40],
        )
    )


def _replay_fields(text: str, source: str) -> dict[str, Any]:
    """The replay's fields: a JSON object, or ``key: value`` lines."""
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(
                msg(
                    "{source}: line {line}: not valid JSON ({why})",
                    source=source,
                    line=exc.lineno,
                    why=json_reason(exc.msg),
                )
            ) from None
        except (ValueError, RecursionError):  # a number too long, nesting too deep
            raise InputError(
                msg("{source}: not a replay: the JSON is too deep or too long", source=source)
            ) from None
        if not isinstance(data, dict):
            raise InputError(msg("{source}: a replay is a JSON object", source=source))
        return data
    return _as_text_fields(text)


def _replay_play(data: dict[str, Any], source: str) -> tuple[Card, ...]:
    """The 30 cards played: ``play`` in one line, or ``tricks`` one by one."""
    if data.get("play"):
        return tuple(parse_cards([_words(data["play"], "play", source)]))
    tricks = data.get("tricks") or []
    if not isinstance(tricks, list):
        raise InputError(
            msg('{source}: tricks: a list of tricks, e.g. ["CA C8 C7", ...]', source=source)
        )
    return tuple(c for t in tricks for c in parse_cards([_words(t, "trick", source)]))


def load_replay(text: str, *, source: str = "replay") -> ReplayGame:
    """Read a replay file's text (JSON if it starts with '{', else ``key: value`` lines)."""
    data = _replay_fields(text, source)
    try:
        raw_players = data["players"]
        declarer_raw = data["declarer"]
        game_raw = data["game"]
        hands_raw = data["hands"]
        skat_raw = data["skat"]
    except KeyError as exc:
        raise InputError(
            msg(
                "{source}: '{field}' is missing; a replay names players, declarer, game, each "
                "player's cards, skat and the play, e.g.\n{example}",
                source=source,
                field=exc.args[0],
                example=TEXT_EXAMPLE,
            )
        ) from None
    players = tuple(_words(raw_players, "players", source).replace(",", " ").split())
    declarer_name = _words(declarer_raw, "declarer", source).strip()
    game_words = _words(game_raw, "game", source)
    if len(players) != 3 or len(set(players)) != 3:
        raise InputError(
            msg(
                "{source}: players: name the three players in seat order, Vorhand first",
                source=source,
            )
        )
    if declarer_name not in players:
        raise InputError(
            msg(
                "{source}: declarer '{name}' is not one of {players}",
                source=source,
                name=declarer_name,
                players=", ".join(players),
            )
        )
    parsed = parse_words(game_words.split())
    if parsed.outcome.won is not None or parsed.outcome.augen is not None:
        raise InputError(
            msg(
                "{source}: game: '{words}': say only what was declared and bid; the replay "
                "finds the result",
                source=source,
                words=game_words,
            )
        )
    if not isinstance(hands_raw, dict) or set(hands_raw) != set(players):
        raise InputError(
            msg(
                "{source}: give the cards of each of {players}",
                source=source,
                players=", ".join(players),
            )
        )
    hands = {p: tuple(parse_cards([_words(hands_raw[p], f"{p}'s cards", source)])) for p in players}
    skat = tuple(parse_cards([_words(skat_raw, "skat", source)]))
    for p, cards in hands.items():
        if len(cards) != 10:
            raise InputError(
                nmsg(
                    "{source}: {name} has {count} card; each player plays 10",
                    "{source}: {name} has {count} cards; each player plays 10",
                    len(cards),
                    source=source,
                    name=p,
                )
            )
    if len(skat) != 2:
        raise InputError(
            nmsg(
                "{source}: skat: {count} card; the Skat is 2 cards",
                "{source}: skat: {count} cards; the Skat is 2 cards",
                len(skat),
                source=source,
            )
        )
    everything = [c for p in players for c in hands[p]] + list(skat)
    no_duplicates(everything)
    play = _replay_play(data, source)
    if len(play) != 30:
        raise InputError(
            nmsg(
                "{source}: the play has {count} card; a game is 10 tricks of 3 (30 cards)",
                "{source}: the play has {count} cards; a game is 10 tricks of 3 (30 cards)",
                len(play),
                source=source,
            )
        )
    return ReplayGame(
        players=players,
        declarer=declarer_name,
        declaration=parsed.declaration,
        bid=parsed.outcome.bid,
        kontra=parsed.outcome.kontra,
        re=parsed.outcome.re,
        hands=hands,
        skat=skat,
        play=play,
    )


def replay(game: ReplayGame) -> ReplayResult:
    """Play the game through; stop at the first illegal card."""
    d = game.declaration
    kind_of_game = d.game
    out = ReplayResult(game.players, game.declarer, d)
    hands = {p: list(cards) for p, cards in game.hands.items()}
    leader = game.players[0]  # Vorhand leads the first trick
    won_cards: dict[str, list[Card]] = {p: [] for p in game.players}
    tricks_won: dict[str, int] = dict.fromkeys(game.players, 0)
    for t in range(10):
        seat = game.players.index(leader)
        order = [game.players[(seat + k) % 3] for k in range(3)]
        cards = game.play[t * 3 : t * 3 + 3]
        played: list[Card] = []
        for player, card in zip(order, cards, strict=True):
            if card not in hands[player]:
                owner = next((p for p in game.players if card in hands[p]), None)
                out.illegal = IllegalPlay(t + 1, player, card, owner=owner)
                return out
            allowed = legal_plays(hands[player], played, kind_of_game)
            if card not in allowed:
                out.illegal = IllegalPlay(t + 1, player, card, played[0], tuple(allowed))
                return out
            hands[player].remove(card)
            played.append(card)
        winner = order[trick_winner(played, kind_of_game)]
        out.tricks.append(Trick(t + 1, leader, tuple(zip(order, played, strict=True)), winner))
        won_cards[winner].extend(played)
        tricks_won[winner] += 1
        leader = winner

    declarer = game.declarer
    out.declarer_tricks = tricks_won[declarer]
    out.declarer_augen = augen(won_cards[declarer]) + augen(game.skat)
    if kind_of_game is GameType.NULL:
        outcome = Outcome(
            won=out.declarer_tricks == 0, bid=game.bid, kontra=game.kontra, re=game.re
        )
        d_final = d
    else:
        twelve = list(game.hands[declarer]) + list(game.skat)
        count = spitzen(twelve, kind_of_game)
        out.spitzen_words = count.words()
        d_final = Declaration(
            game=d.game,
            spitzen=count.count,
            mit=count.mit,
            hand=d.hand,
            ouvert=d.ouvert,
            schneider_announced=d.schneider_announced,
            schwarz_announced=d.schwarz_announced,
        )
        schwarz = out.declarer_tricks in (0, 10)  # rules §3: Schwarz is by tricks
        all_tricks = out.declarer_tricks == 10
        if d.schwarz_announced or d.ouvert:
            won = all_tricks
        else:
            won = out.declarer_augen >= augen_needed(d)
        outcome = Outcome(
            won=won,
            augen=out.declarer_augen,
            schwarz=schwarz,
            bid=game.bid,
            kontra=game.kontra,
            re=game.re,
        )
    out.declaration = d_final
    out.outcome = outcome
    out.result = game_value(d_final, outcome)
    return out
