"""What the CLI reads into values before the application sees them: a rule typed as
``KEY=VALUE``, and a setting the application refused said as it was typed (``--size 0: ...``).

The application takes typed values and names a refused setting by its name
(``skatliste.errors.OptionError``), saying what is wrong in Skat words; the CLI reads the
option's text and adds the option to what the application says.
"""

from __future__ import annotations

from skatliste.errors import InputError, OptionError, RuleSetError
from skatliste.i18n import msg


def rule_assignments(items: tuple[str, ...] | list[str]) -> dict[str, str]:
    """``--rule kontra=off --rule series=36`` → ``{"kontra": "off", "series": "36"}``: each
    option of the rule set by its name; the family's option table reads the values.

    >>> rule_assignments(["Kontra = off"])
    {'kontra': 'off'}
    """
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise RuleSetError(msg("rule '{item}': write KEY=VALUE, e.g. kontra=off", item=item))
        out[key.strip().lower()] = value.strip()
    return out


def typed(exc: OptionError) -> InputError:
    """The refusal as the CLI says it: the option (and the value given) first."""
    options = "/".join("--" + name.replace("_", "-") for name in exc.options)
    if exc.value is not None:
        options += f" {exc.value}"
    return InputError(msg("{options}: {problem}", options=options, problem=exc.problem))
