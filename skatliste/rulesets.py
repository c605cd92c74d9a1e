"""Rule sets: named bundles (presets) of spelled-out options, never hidden in code.

A ledger stores its preset's name and every option's value, so a list played under one
rule set keeps being scored under it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from skatliste.errors import RuleSetError
from skatliste.rules import ScoringOptions

OptionValue = str | int


@dataclass(frozen=True)
class Option:
    """One rule-set option: its key, allowed values, default and meaning."""

    key: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] = ()
    parse: Callable[[str], OptionValue] | None = None
    """For non-choice options: text → value, raising ValueError."""

    def convert(self, raw: Any) -> OptionValue:
        """Check and convert a value from the command line or the ledger."""
        if self.choices:
            for choice in self.choices:
                if str(choice) == str(raw).strip().lower():
                    return choice
            allowed = "|".join(str(c) for c in self.choices)
            raise RuleSetError(f"rule {self.key}={raw}: allowed values are {allowed}")
        assert self.parse is not None
        try:
            return self.parse(str(raw))
        except ValueError as exc:
            raise RuleSetError(f"rule {self.key}={raw}: {exc}") from None


def _series(raw: str) -> OptionValue:
    raw = raw.strip().lower()
    if raw in ("auto", "off"):
        return raw
    n = int(raw) if raw.isdigit() else -1
    if n <= 0:
        raise ValueError("give the number of games in a series (e.g. 36), 'auto' or 'off'")
    return n


OPTIONS: dict[str, Option] = {
    o.key: o
    for o in (
        Option(
            "kontra",
            "on",
            "Kontra (×2) and Re (×4) may be said (rules §8); off: refused as in tournaments",
            choices=("on", "off"),
        ),
        Option(
            "bock",
            "off",
            "games may be entered as Bock ('bock' doubles the game, rules §8)",
            choices=("on", "off"),
        ),
        Option(
            "spitzen_cap",
            11,
            "highest Spitzen count in a suit game: 11 (ISkO) or 4 (a common club rule, §3)",
            choices=(11, 4),
        ),
        Option(
            "lost_hand_single",
            "off",
            "on: a lost Hand game counts single, not double (older rules, §5)",
            choices=("on", "off"),
        ),
        Option(
            "null_overbid",
            "refuse",
            "a Null worth less than the bid: refuse the entry (ISkO) or charge the smallest "
            "multiple reaching the bid, lost double (jSkat), §6",
            choices=("refuse", "multiple"),
        ),
        Option(
            "series",
            "off",
            "games in a tournament series: auto (36 at a table of 3, 48 at 4), a number, or off",
            parse=_series,
        ),
        Option(
            "ranking",
            "list",
            "what ranks the players: list points (classic) or seeger-fabian (SkWO 5.1, §7)",
            choices=("list", "seeger-fabian"),
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
        "null_overbid": "refuse",
        "spitzen_cap": 11,
        "lost_hand_single": "off",
    },
}

PRESET_HELP: dict[str, str] = {
    "isko": "Internationale Skatordnung: classic list, Kontra/Re allowed, "
    "Seeger-Fabian as a second column",
    "tournament": "SkWO tournament list: Seeger-Fabian ranks, series of 36/48 games, "
    "no Kontra/Re, no Bock, no Ramsch",
}

SERIES_BY_TABLE = {3: 36, 4: 48}


@dataclass(frozen=True)
class RuleSet:
    """A preset name and the value of every option."""

    preset: str
    options: Mapping[str, OptionValue]

    def __getitem__(self, key: str) -> OptionValue:
        return self.options[key]

    def on(self, key: str) -> bool:
        """True when an on/off option is on."""
        return self.options[key] == "on"

    @property
    def scoring(self) -> ScoringOptions:
        """The options the scoring core needs."""
        null_overbid = self.options["null_overbid"]
        assert null_overbid in ("refuse", "multiple")
        return ScoringOptions(
            spitzen_cap=int(self.options["spitzen_cap"]),
            lost_hand_single=self.on("lost_hand_single"),
            null_overbid=null_overbid,
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
        return self.options["ranking"] == "seeger-fabian"

    @property
    def is_tournament(self) -> bool:
        """The tournament preset (its refusals cite the SkWO)."""
        return self.preset == "tournament"


def build_rule_set(preset: str = "isko", overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """A preset with ``--rule KEY=VALUE`` overrides, every option spelled out."""
    if preset not in PRESETS:
        known = ", ".join(PRESETS)
        raise RuleSetError(f"unknown rule set '{preset}': known rule sets are {known}")
    values: dict[str, OptionValue] = {k: o.default for k, o in OPTIONS.items()}
    values.update(PRESETS[preset])
    for key, raw in (overrides or {}).items():
        if key not in OPTIONS:
            import difflib

            close = difflib.get_close_matches(key, list(OPTIONS), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise RuleSetError(f"unknown rule option '{key}'{hint} (see 'skatliste rules --list')")
        values[key] = OPTIONS[key].convert(raw)
    return RuleSet(preset, values)


def parse_rule_assignments(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``["kontra=off", "series=36"]`` → ``{"kontra": "off", "series": "36"}``."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RuleSetError(f"rule '{item}': write KEY=VALUE, e.g. --rule kontra=off")
        out[key.strip().lower()] = value.strip()
    return out
