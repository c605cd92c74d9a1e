"""``skatliste schema``: the JSON Schema of each file format, in a module of its own so that
no list command loads the tournament's, season's and league's formats."""

from __future__ import annotations

import json

import click

from skatliste.app.schemas import NoSuchFormat
from skatliste.app.schemas import schema as file_schema
from skatliste.cli.base import cli
from skatliste.cli.lists import DEFAULT_PRESET, RULES_HELP
from skatliste.errors import InputError
from skatliste.i18n import msg


@cli.command()
@click.argument("name", metavar="[FORMAT]", default="list")
@click.option("--rules", "preset", default=None, metavar="PRESET", help=RULES_HELP)
def schema(name: str, preset: str | None) -> None:
    """Print the JSON Schema of a file format: list (Skat lists, or American Grand lists;
    without FORMAT), tournament, season, league or venue-report.

    \b
    Examples:
      skatliste schema > skatliste.schema.json
      skatliste schema --rules american-grand > american-grand.schema.json
      skatliste schema tournament > tournament.schema.json
    """
    if preset is not None and name != "list":
        raise InputError(
            msg(
                "--rules chooses a list's format; a {name} file has one format: "
                "'skatliste schema {name}'",
                name=name,
            )
        )
    try:
        found = file_schema(name, preset or DEFAULT_PRESET)
    except NoSuchFormat:
        raise
    except InputError as exc:
        raise InputError(
            msg(
                "--rules {problem}; e.g. 'skatliste schema --rules {preset}'",
                problem=exc.message,
                preset=DEFAULT_PRESET,
            )
        ) from None
    click.echo(json.dumps(found, indent=2, ensure_ascii=False))
