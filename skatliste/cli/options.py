"""Where the CLI's user typed a setting the application refused: ``--size 0: ...``.

The application names a refused setting by its name (``skatliste.errors.OptionError``) and
says what is wrong in Skat words; the CLI adds the option it is typed as.
"""

from __future__ import annotations

from skatliste.errors import InputError, OptionError
from skatliste.i18n import msg


def typed(exc: OptionError) -> InputError:
    """The refusal as the CLI says it: the option (and the value given) first."""
    options = "/".join("--" + name.replace("_", "-") for name in exc.options)
    if exc.value is not None:
        options += f" {exc.value}"
    return InputError(msg("{options}: {problem}", options=options, problem=exc.problem))
