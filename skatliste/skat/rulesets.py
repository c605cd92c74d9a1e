"""Rule sets: named bundles (presets) of spelled-out options, never hidden in code.

A ledger stores its preset's name and every option's value, so a list played under one
rule set keeps being scored under it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skatliste import options as shared
from skatliste.i18n import Message, msg
from skatliste.options import Option, OptionValue
from skatliste.skat.rules import (
    Durchmarsch,
    NullOverbid,
    RamschOptions,
    RamschSkat,
    ScoringOptions,
    Variant,
)

__all__ = ["Option", "OptionValue", "RuleSet", "build_rule_set"]


class Switch(StrEnum):
    """The value of an on/off option (the file's word)."""

    ON = "on"
    """The rule is played."""
    OFF = "off"
    """The rule is not played."""


class KontraRule(StrEnum):
    """Who may double a game (rule ``kontra``, §8)."""

    ON = "on"
    """Kontra (×2) and Re (×4) may be said."""
    OFF = "off"
    """Refused, as in tournaments."""
    AFTER18 = "after18"
    """Only a defender who bid at least 18 may say Kontra ('kontra 20' records his bid)."""


class BockOverlap(StrEnum):
    """A Bock round called during a Bock round (rule ``bock.overlap``, §8)."""

    QUEUE = "queue"
    """It follows the running one: the next round counts double too."""
    STACK = "stack"
    """It runs at once beside it: the games of both count ×4 (Doppelbock)."""


class ListKind(StrEnum):
    """What the list counts (rule ``list``, §8)."""

    CLASSIC = "classic"
    """Every game's points, won and lost."""
    BIERLACHS = "bierlachs"
    """Only losses, down to a limit: who reaches it first buys the beer."""


class TwoLost(StrEnum):
    """Who a lost two-player game counts for (rule ``two.lost``, §9)."""

    OPPONENT = "opponent"
    """Credited double to the opponent."""
    CALLER = "caller"
    """Charged −2 × value to the caller."""


class Ranking(StrEnum):
    """What ranks the players (rule ``ranking``; the value is the file's word)."""

    LIST = "list"
    """List points (a classic list)."""
    SEEGER_FABIAN = "seeger-fabian"
    """Seeger-Fabian points (SkWO 5.1, §7), then more won, then fewer lost games."""


def _words(vocabulary: type[StrEnum]) -> tuple[OptionValue, ...]:
    """The file's words of a closed vocabulary, in its order."""
    return tuple(member.value for member in vocabulary)


ON_OFF = _words(Switch)


def _series(raw: str) -> OptionValue:
    raw = raw.strip().lower()
    if raw in ("auto", "off"):
        return raw
    n = int(raw) if raw.isdigit() else -1
    if n <= 0:
        raise ValueError(msg("give the number of games in a series (e.g. 36), 'auto' or 'off'"))
    return n


class BockTrigger(StrEnum):
    """What starts a Bock round (rule ``bock.triggers``, §8; the value is the file's word)."""

    SIXTY_SIXTY = "60-60"
    """A game lost at 60:60."""
    KONTRA_LOST = "kontra-lost"
    """A lost game with Kontra."""
    KONTRA_RE = "kontra-re"
    """A game with Kontra and Re."""
    GRAND_HAND_WON = "grand-hand-won"
    """A won Grand Hand."""
    GRAND_LOST = "grand-lost"
    """A lost Grand."""
    SCHNEIDER = "schneider"
    """A game with Schneider."""
    VALUE = "value>="
    """A game whose value is N or more, written ``value>=N`` (e.g. value>=100)."""
    ALL_PASSED = "all-passed"
    """All passed (eingepasst, or the Ramsch played instead)."""
    HUNDRED = "hundred"
    """A player's total crossing a multiple of 100."""

    @property
    def shown(self) -> str:
        """As ``rules --list`` names it: ``value>=N`` for the value trigger."""
        return "value>=N" if self is BockTrigger.VALUE else self.value


BOCK_TRIGGERS: dict[BockTrigger, str] = {
    BockTrigger.SIXTY_SIXTY: "a game lost at 60:60",
    BockTrigger.KONTRA_LOST: "a lost game with Kontra",
    BockTrigger.KONTRA_RE: "a game with Kontra and Re",
    BockTrigger.GRAND_HAND_WON: "a won Grand Hand",
    BockTrigger.GRAND_LOST: "a lost Grand",
    BockTrigger.SCHNEIDER: "a game with Schneider",
    BockTrigger.VALUE: "a game whose value is N or more (e.g. value>=100)",
    BockTrigger.ALL_PASSED: "all passed (eingepasst, or the Ramsch played instead)",
    BockTrigger.HUNDRED: "a player's total crossing a multiple of 100",
}

_KNOWN_TRIGGERS = ", ".join(t.shown for t in BockTrigger)


@dataclass(frozen=True)
class Trigger:
    """One trigger of rule ``bock.triggers``: its kind, and N of ``value>=N``."""

    kind: BockTrigger
    value: int = 0
    """The game value that starts a Bock round (``value>=N`` only)."""

    @classmethod
    def parse(cls, word: str) -> Trigger:
        """``60-60``, ``value>=100``, ...; ValueError naming the known triggers.

        >>> Trigger.parse("value>=100")
        Trigger(kind=<BockTrigger.VALUE: 'value>='>, value=100)
        """
        if word.startswith(BockTrigger.VALUE):
            number = word.removeprefix(BockTrigger.VALUE)
            if not number.isdigit():
                raise ValueError(
                    msg("'{word}': write value>=N with a number, e.g. value>=100", word=word)
                )
            return cls(BockTrigger.VALUE, int(number))
        try:
            return cls(BockTrigger(word))
        except ValueError:
            raise ValueError(
                msg(
                    "unknown trigger '{word}'; known: {known}, none",
                    word=word,
                    known=_KNOWN_TRIGGERS,
                )
            ) from None


def _triggers(raw: str) -> OptionValue:
    words = [w.strip().lower() for w in raw.split(",") if w.strip()]
    if words == ["none"] or not words:
        return "none"
    for w in words:
        Trigger.parse(w)
    return ",".join(words)


def _positive(raw: str) -> OptionValue:
    if not raw.strip().isdigit() or int(raw) <= 0 or len(raw.strip()) > shared.MOST_DIGITS:
        raise ValueError(
            msg("give a positive number of at most {most} digits", most=shared.MOST_DIGITS)
        )
    return int(raw)


def _loss(raw: str) -> OptionValue:
    raw = raw.strip().lower()
    if raw == "augen":
        return raw
    if raw.isdigit() and int(raw) > 0 and len(raw) <= shared.MOST_DIGITS:
        return int(raw)
    raise ValueError(msg("'augen' (the loser loses his Augen) or a fixed number of points"))


OPTIONS: dict[str, Option] = {
    o.key: o
    for o in (
        Option(
            "variant",
            "skat",
            msg("the game: skat (3 or 4 players), bauernskat or offizierskat (2 players, §9)"),
            choices=_words(Variant),
        ),
        Option(
            "kontra",
            "on",
            msg(
                "Kontra (×2) and Re (×4) may be said (§8); off: refused as in tournaments; "
                "after18: only by a defender who bid at least 18 ('kontra 20' records his bid)"
            ),
            choices=_words(KontraRule),
        ),
        Option(
            "kontra.null",
            "on",
            msg("Kontra and Re on a Null game"),
            choices=ON_OFF,
        ),
        Option(
            "bock",
            "off",
            msg("Bock at all: 'bock' on a game, Bock rounds, 'skatliste bock' (§8)"),
            choices=ON_OFF,
        ),
        Option(
            "bock.triggers",
            "none",
            msg(
                "what starts a Bock round (comma list): {triggers}; or none",
                triggers=_KNOWN_TRIGGERS,
            ),
            parse=_triggers,
        ),
        Option(
            "bock.overlap",
            "queue",
            msg(
                "a Bock round during a Bock round: queue (the next round counts double too) or "
                "stack (×4, Doppelbock)"
            ),
            choices=_words(BockOverlap),
        ),
        Option(
            "bock.from_bock",
            "on",
            msg(
                "on: a game of a Bock round can start another Bock round; off: only a game "
                "outside one can (a Bock round called by hand always starts one)"
            ),
            choices=ON_OFF,
        ),
        Option(
            "ramsch.on_pass",
            "off",
            msg("on: when all pass, a Ramsch is played instead of eingepasst"),
            choices=ON_OFF,
        ),
        Option(
            "ramsch.after_bock",
            "off",
            msg("on: a round of Ramsch after each Bock round (a Grand Hand may be played instead)"),
            choices=ON_OFF,
        ),
        Option(
            "ramsch.skat",
            "last_trick",
            msg("the Skat's Augen in a Ramsch go to the last trick's winner, or to the loser"),
            choices=_words(RamschSkat),
        ),
        Option(
            "ramsch.loss",
            "augen",
            msg("the Ramsch loser loses his Augen, or a fixed number of points"),
            parse=_loss,
        ),
        Option(
            "ramsch.durchmarsch",
            "plus",
            msg("Durchmarsch: +120 for the player (plus) or −120 for each other player (minus)"),
            choices=_words(Durchmarsch),
        ),
        Option(
            "spitzen_cap",
            11,
            msg("highest Spitzen count in a suit game: 11 (ISkO) or 4 (a common club rule, §3)"),
            choices=(11, 4),
        ),
        Option(
            "lost_hand_single",
            "off",
            msg("on: a lost Hand game counts single, not double (older rules, §5)"),
            choices=ON_OFF,
        ),
        Option(
            "null_overbid",
            "refuse",
            msg(
                "a Null worth less than the bid: refuse the entry (ISkO) or charge the smallest "
                "multiple reaching the bid, lost double (jSkat), §6"
            ),
            choices=_words(NullOverbid),
        ),
        Option(
            "list",
            "classic",
            msg("classic list, or bierlachs: only losses count, down to the limit (§8)"),
            choices=_words(ListKind),
        ),
        Option(
            "bierlachs.limit",
            301,
            msg("the Bierlachs limit: who has lost this many points first (301, 501, ...)"),
            parse=_positive,
        ),
        Option(
            "two.lost",
            "opponent",
            msg(
                "two-player games: a lost game is credited double to the opponent (§9), or "
                "charged −2 × value to the caller"
            ),
            choices=_words(TwoLost),
        ),
        Option(
            "series",
            "off",
            msg(
                "games in a tournament series: auto (36 at a table of 3, 48 at 4), a number, or off"
            ),
            parse=_series,
        ),
        Option(
            "ranking",
            "list",
            msg("what ranks the players: list points (classic) or seeger-fabian (SkWO 5.1, §7)"),
            choices=_words(Ranking),
        ),
    )
}


PRESETS: dict[str, dict[str, OptionValue]] = {
    "isko": {},
    "tournament": {
        "kontra": "off",
        "bock": "off",
        "series": "auto",
        "ranking": "seeger-fabian",
    },
    "pub": {
        "kontra": "on",
        "bock": "on",
        "bock.triggers": "60-60,kontra-lost,kontra-re,grand-hand-won,grand-lost",
        "bock.overlap": "queue",
        "ramsch.on_pass": "on",
        "ramsch.after_bock": "on",
    },
    "bauernskat": {"variant": "bauernskat", "kontra": "off"},
    "offizierskat": {"variant": "offizierskat", "kontra": "on"},
}

PRESET_HELP: dict[str, Message] = {
    "isko": msg(
        "Internationale Skatordnung: classic list, Kontra/Re allowed, "
        "Seeger-Fabian as a second column"
    ),
    "tournament": msg(
        "SkWO tournament list: Seeger-Fabian ranks, series of 36/48 games, "
        "no Kontra/Re, no Bock, no Ramsch"
    ),
    "pub": msg(
        "Kneipenregeln: Kontra/Re, Bock rounds (60:60, lost Kontra, Kontra+Re, Grand Hand "
        "won, Grand lost), Ramsch when all pass and a Ramsch round after each Bock round"
    ),
    "bauernskat": msg("two players, suit or Grand, a lost game counts double for the opponent"),
    "offizierskat": msg("two players as Bauernskat, with Kontra/Re and Ramsch games"),
}


SERIES_BY_TABLE = {3: 36, 4: 48}


@dataclass(frozen=True)
class RuleSet(shared.RuleSet):
    """A Skat preset and the value of every option, with what the options mean."""

    @property
    def plays_ramsch(self) -> bool:
        """Ramsch games may be entered: when all pass, after a Bock round, or Offizierskat."""
        return self.ramsch_on_any_deal or self.on("ramsch.after_bock")

    @property
    def ramsch_on_any_deal(self) -> bool:
        """A deal outside a Ramsch round may be a Ramsch: all passed is played as one (rule
        ramsch.on_pass), or Offizierskat (§9)."""
        return self.on("ramsch.on_pass") or self.variant is Variant.OFFIZIERSKAT

    @property
    def plays_bock(self) -> bool:
        """Bock rounds and 'bock' on a game (rule bock)."""
        return self.on("bock")

    @property
    def kontra_allowed(self) -> bool:
        """Kontra (and Re) may be said (rule kontra on or after18)."""
        return self.kontra is not KontraRule.OFF

    @property
    def plays_pass(self) -> bool:
        """'eingepasst' may be entered: not at two players (every deal is played), nor where
        all passed is played as a Ramsch (rule ramsch.on_pass)."""
        return not (self.two_player or self.on("ramsch.on_pass"))

    @property
    def bierlachs_limit(self) -> int:
        """The Bierlachs limit (rule bierlachs.limit)."""
        return int(self.options["bierlachs.limit"])

    def on(self, key: str) -> bool:
        """True when an on/off option is on."""
        return self.options[key] == Switch.ON

    @property
    def kontra(self) -> KontraRule:
        """Who may say Kontra."""
        return KontraRule(str(self.options["kontra"]))

    @property
    def bock_overlap(self) -> BockOverlap:
        """A Bock round during a Bock round: queued or stacked."""
        return BockOverlap(str(self.options["bock.overlap"]))

    @property
    def scoring(self) -> ScoringOptions:
        """The options the scoring core needs."""
        return ScoringOptions(
            spitzen_cap=int(self.options["spitzen_cap"]),
            lost_hand_single=self.on("lost_hand_single"),
            null_overbid=NullOverbid(str(self.options["null_overbid"])),
        )

    def series_length(self, table: int) -> int | None:
        """Games in a series at a table of this size, or None when the list is open-ended."""
        series = self.options["series"]
        if series == "off":
            return None
        if series == "auto":
            return SERIES_BY_TABLE.get(table)
        return int(series)

    @property
    def seeger_fabian_ranks(self) -> bool:
        """Seeger-Fabian is the primary ranking (tournaments)."""
        return self.options["ranking"] == Ranking.SEEGER_FABIAN

    @property
    def is_tournament(self) -> bool:
        """The tournament preset (its refusals cite the SkWO)."""
        return self.preset == "tournament"

    @property
    def variant(self) -> Variant:
        """Skat, Bauernskat or Offizierskat."""
        return Variant(str(self.options["variant"]))

    @property
    def two_player(self) -> bool:
        """Bauernskat or Offizierskat."""
        return self.variant is not Variant.SKAT

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players a list under these rules has."""
        return (2,) if self.two_player else (3, 4)

    @property
    def bock_triggers(self) -> tuple[Trigger, ...]:
        """The Bock-round triggers, or () for none."""
        raw = str(self.options["bock.triggers"])
        return () if raw == "none" else tuple(Trigger.parse(w) for w in raw.split(","))

    @property
    def ramsch(self) -> RamschOptions:
        """How a Ramsch is scored."""
        loss = self.options["ramsch.loss"]
        return RamschOptions(
            skat=RamschSkat(str(self.options["ramsch.skat"])),
            loss="augen" if loss == "augen" else int(loss),
            durchmarsch=Durchmarsch(str(self.options["ramsch.durchmarsch"])),
        )

    @property
    def two_lost(self) -> TwoLost:
        """Two-player games: who a lost game counts for."""
        return TwoLost(str(self.options["two.lost"]))

    @property
    def bierlachs(self) -> bool:
        """A minus-only list to a limit."""
        return self.options["list"] == ListKind.BIERLACHS


def build_rule_set(preset: str = "isko", overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """A Skat preset with ``KEY=VALUE`` overrides, every option spelled out.

    >>> build_rule_set("pub", {"bock.overlap": "stack"}).bock_overlap
    <BockOverlap.STACK: 'stack'>
    """
    return shared.build(RuleSet, preset, PRESETS, OPTIONS, overrides)
