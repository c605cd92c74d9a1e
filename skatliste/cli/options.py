"""The CLI's options read into values (``--games 36/48``, ``--pool 500``), and a setting the
application refused said as it was typed (``--size 0: ...``).

The application takes ints and Fractions and names a refused setting by its name
(``skatliste.errors.OptionError``), saying what is wrong in Skat words; the CLI reads the
option's text and adds the option to what the application says.
"""

from __future__ import annotations

import re
from fractions import Fraction

from skatliste.errors import InputError, OptionError
from skatliste.i18n import msg

EXAMPLES = {
    "--pool": "--pool 500",
    "--split": "--split 30,20,15",
    "--amounts": "--amounts 100,60,40",
    "--entry": "--entry 10",
    "--lost-game": "--lost-game 0.50",
}
"""How each money option is typed."""


def games_option(spec: str | None) -> tuple[int, int] | None:
    """``--games 36/48``: the games of a series at a table of three and of four."""
    from skatliste.tournament import MAX_SERIES_GAMES

    if spec is None:
        return None
    found = re.fullmatch(r"\s*(\d{1,9})\s*/\s*(\d{1,9})\s*", spec)
    if not found or not all(1 <= int(found.group(g)) <= MAX_SERIES_GAMES for g in (1, 2)):
        raise InputError(
            msg(
                "--games {spec}: give the games at a table of three and of four (1 to {most}), "
                "e.g. 36/48 or 24/32",
                spec=spec,
                most=MAX_SERIES_GAMES,
            )
        )
    return int(found.group(1)), int(found.group(2))


def _one_amount(text: str, raw: str, option: str) -> Fraction:
    """One amount as the core reads money (``sheet.parse_amount``: 12.50, 12,50, 1/3; six
    digits at most before the point, so 1e309 or a typing slip never reaches the sums)."""
    from skatliste.money import parse_amount

    text = text.strip()
    value = parse_amount(text)
    if value is not None:
        return value
    if text.startswith(("-", "−")):
        raise InputError(
            msg(
                "{option} {raw}: {part} is negative; give e.g. {example}",
                option=option,
                raw=raw,
                part=repr(text),
                example=EXAMPLES[option],
            )
        )
    raise InputError(
        msg(
            "{option} {raw}: {part} is not a number (e.g. {example}): write at most six "
            "digits before the decimal point or comma, and no exponent",
            option=option,
            raw=raw,
            part=repr(text),
            example=EXAMPLES[option],
        )
    )


def amounts_option(raw: str | None, option: str) -> list[Fraction]:
    """``--split 30,20,15``: amounts separated by commas (none without the option)."""
    if raw is None:
        return []
    return [_one_amount(part, raw, option) for part in raw.split(",")]


def amount_option(raw: str | None, option: str) -> Fraction | None:
    """``--pool 500``: one amount (None without the option)."""
    if raw is None:
        return None
    values = amounts_option(raw, option)
    if len(values) != 1:
        raise InputError(
            msg(
                "{option} {raw}: give one amount, e.g. {example}",
                option=option,
                raw=raw,
                example=EXAMPLES[option],
            )
        )
    return values[0]


def typed(exc: OptionError) -> InputError:
    """The refusal as the CLI says it: the option (and the value given) first."""
    options = "/".join("--" + name.replace("_", "-") for name in exc.options)
    if exc.value is not None:
        options += f" {exc.value}"
    return InputError(msg("{options}: {problem}", options=options, problem=exc.problem))
