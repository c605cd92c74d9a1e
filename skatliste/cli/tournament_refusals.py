"""How the command line gets past the tournament's refusals: the application says what is
wrong in Skat words, the ``tournament`` group adds the option or command that helps."""

from __future__ import annotations

import click

from skatliste.app import tournament as app
from skatliste.cli.base import SkatGroup
from skatliste.cli.options import typed
from skatliste.errors import InputError, LedgerError, OptionError
from skatliste.i18n import Message, msg


def _passable() -> tuple[type[InputError], ...]:
    """The refusals the command line says how to get past (``_how``); looked up only when
    a refusal comes, so that a ranking does not load the draw's modules."""
    return (app.NoSuchPlayer, app.SeriesNotDrawn, app.SeriesHasResults, app.TableHasResults)


class TournamentGroup(SkatGroup):
    """The tournament's commands; adds to the application's refusals how to get past them on
    the command line."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return click.Group.invoke(self, ctx)
        except OptionError as exc:
            raise typed(exc) from None
        except _passable() as exc:
            raise InputError(msg("{problem}{how}", problem=exc.message, how=_how(exc))) from None
        except app.NoTournament as exc:
            how = msg(
                "; start one with 'skatliste tournament new DIR --name NAME', or give "
                "--tournament DIR"
            )
            raise LedgerError(msg("{problem}{how}", problem=exc.message, how=how)) from None
        except app.TablesStillPlaying as exc:
            how = msg("give --provisional for the list as it stands, every line marked provisional")
            raise InputError(exc.told(how)) from None
        except app.PaperResultKept as exc:
            how = msg("replace it with --force (the old one is kept in the history)")
            raise InputError(exc.told(how)) from None
        except app.TablesCountTwice as exc:
            hows = [
                msg(
                    "delete the list's games ('skatliste undo --ledger {name}' for each) or the "
                    "paper result ('skatliste tournament result {series} {table} --delete')",
                    series=series,
                    table=table,
                    name=name,
                )
                for series, table, name in exc.tables
            ]
            raise LedgerError(exc.told(hows)) from None


def _how(exc: InputError) -> Message:
    """How the command line gets past a refusal of the application."""
    if isinstance(exc, app.NoSuchPlayer):
        return msg(" (see 'skatliste tournament player list')")
    if isinstance(exc, app.SeriesNotDrawn):
        return msg("; draw it with 'skatliste tournament draw {series}'", series=exc.series)
    if isinstance(exc, app.TableHasResults):
        return msg("; seat it anew with --force (its old seating, result and list are kept)")
    return msg("; redraw it with --force (the old seating and its lists are kept)")
