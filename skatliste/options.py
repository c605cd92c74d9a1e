"""Rule options, shared by the game families: an option's key, allowed values, default and
meaning, and the rule set a list is played under (a preset and every option spelled out).

Each family brings its table of options and its presets (``skat/rulesets.py``,
``american/options.py``) and a :class:`RuleSet` subclass whose typed properties are what the
edges ask (``plays_ramsch``, ``bock_triggers``, ``partie_deals``) instead of looking options up
by their keys.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from skatliste.errors import RuleSetError
from skatliste.i18n import Message, msg, nmsg

MOST_DIGITS = 9
"""The most digits a number in a rule option has (as at the table: none is longer)."""

OptionValue = str | int


@dataclass(frozen=True)
class Option:
    """One rule-set option: its key, allowed values, default and meaning."""

    key: str
    default: OptionValue
    help: Message
    """What the option means (``rules --list``)."""
    choices: tuple[OptionValue, ...] = ()
    parse: Callable[[str], OptionValue] | None = None
    """For non-choice options: text → value, raising ValueError (its text: why)."""

    def convert(self, raw: Any) -> OptionValue:
        """Check and convert a value from the command line or the list file."""
        if self.choices:
            for choice in self.choices:
                if str(choice) == str(raw).strip().lower():
                    return choice
            allowed = "|".join(str(c) for c in self.choices)
            raise RuleSetError(
                msg(
                    "rule {key}={value}: allowed values are {allowed}",
                    key=self.key,
                    value=str(raw),
                    allowed=allowed,
                )
            )
        assert self.parse is not None
        try:
            return self.parse(str(raw))
        except ValueError as exc:
            why: object = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else exc
            raise RuleSetError(
                msg("rule {key}={value}: {why}", key=self.key, value=str(raw), why=why)
            ) from None


@dataclass(frozen=True)
class RuleSet(ABC):
    """A preset name and the value of every option. The family's subclass adds what its
    options mean; the capabilities below are what an edge may ask of any family."""

    preset: str
    options: Mapping[str, OptionValue]

    def __getitem__(self, key: str) -> OptionValue:
        return self.options[key]

    @property
    def plays_ramsch(self) -> bool:
        """Ramsch games may be entered."""
        return False

    @property
    def plays_bock(self) -> bool:
        """Bock rounds and 'bock' on a game."""
        return False

    @property
    def kontra_allowed(self) -> bool:
        """Kontra (and Re) may be said."""
        return False

    @property
    @abstractmethod
    def player_counts(self) -> tuple[int, ...]:
        """How many players a list under these rules has."""


R = TypeVar("R", bound=RuleSet)


def build(
    cls: type[R],
    preset: str,
    presets: Mapping[str, Mapping[str, OptionValue]],
    options: Mapping[str, Option],
    overrides: Mapping[str, Any] | None = None,
) -> R:
    """A preset of ``presets`` with ``KEY=VALUE`` overrides, every option spelled out."""
    if preset not in presets:
        raise RuleSetError(
            msg(
                "unknown rule set '{preset}': known rule sets are {known}",
                preset=preset,
                known=", ".join(presets),
            )
        )
    values: dict[str, OptionValue] = {k: o.default for k, o in options.items()}
    values.update(presets[preset])
    for key, raw in (overrides or {}).items():
        if key not in options:
            import difflib  # only on the error path

            close = difflib.get_close_matches(key, list(options), n=1)
            if close:
                raise RuleSetError(
                    msg(
                        "unknown rule option '{key}'; did you mean '{close}'?",
                        key=key,
                        close=close[0],
                    )
                )
            raise RuleSetError(msg("unknown rule option '{key}'", key=key))
        values[key] = options[key].convert(raw)
    return cls(preset, values)


def stored_problem(
    presets: Mapping[str, object], options: Mapping[str, Option], stored: Mapping[str, object]
) -> Message | None:
    """What is wrong with a stored rule set's options: an unknown option or value (the preset
    is known: the family was found by it)."""
    unknown = sorted(set(stored) - set(options))
    if unknown:
        return nmsg(
            "unknown option {options}",
            "unknown options {options}",
            len(unknown),
            options=", ".join(unknown),
        )
    for key, value in stored.items():
        try:
            options[key].convert(value)
        except RuleSetError as exc:
            return (
                exc.message
                if isinstance(exc.message, Message)
                else msg("{problem}", problem=exc.message)
            )
    return None
