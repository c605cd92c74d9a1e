"""``skatliste tournament draw``, ``seat`` and ``seating``: who sits where. A module of its
own, loaded by the tournament group when one of its commands is called (the draw loads the
seating's modules, which a ranking does not need)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from skatliste.app import tournament as app
from skatliste.app.tournament.draw import by_ranking as ranked
from skatliste.cli.base import lang_option, messages_lang_option, resolve_lang, say
from skatliste.cli.tournament import tournament
from skatliste.cli.tournament_players import tournament_option
from skatliste.errors import InputError
from skatliste.i18n import Lang, msg, nmsg
from skatliste.render.plain import plain_table
from skatliste.render.tournament import text

# --- the draw ---------------------------------------------------------------------------


@tournament.command("draw")
@click.argument("series", type=int)
@click.option("--seed", type=int, default=None, help="Seed of this draw (printed, stored).")
@click.option("--force", is_flag=True, help="Redraw a series that has results (kept).")
@click.option("--by-ranking", is_flag=True, help="Seat by the ranking after the series before.")
@click.option(
    "--apart", type=click.Choice(["club"]), default=None, help="With --by-ranking: clubs apart."
)
@tournament_option
@lang_option
def draw(
    series: int,
    seed: int | None,
    force: bool,
    by_ranking: bool,
    apart: str | None,
    folder: Path,
    lang: str | None,
) -> None:
    """Seat the present players for a series: tables of four, tables of three only where
    the count requires; from series 2 on nobody meets again as far as the numbers allow.
    With --by-ranking: places 1-4 at table 1, 5-8 at table 2, ... (--apart club swaps a
    player with the nearest place to keep his club apart).

    \b
    Examples:
      skatliste tournament draw 1
      skatliste tournament draw 2 --seed 4711
      skatliste tournament draw 2 --by-ranking --apart club
    """

    if apart and not by_ranking:
        raise InputError(msg("--apart club keeps clubs apart in a series seated --by-ranking"))
    seat = ranked(series, apart=apart == "club") if by_ranking else None
    plan = app.draw_series(folder, series, seed=seed, force=force, seat=seat)
    if plan.moved:
        click.echo(
            say(
                msg(
                    "the old seating of series {series} is in the history, its lists in {folder}/",
                    series=series,
                    folder=plan.moved,
                )
            )
        )

    chosen = resolve_lang(lang)
    t = text(chosen)
    sizes = [len(x.players) for x in plan.tables]
    parts = [
        t[word].format(count=sizes.count(k))
        for k, word in ((4, "of_four"), (3, "of_three"))
        if k in sizes
    ]
    drawn = nmsg(
        "series {series}: {count} table ({sizes}), seed {seed}",
        "series {series}: {count} tables ({sizes}), seed {seed}",
        len(plan.tables),
        series=series,
        sizes=", ".join(parts),
        seed=plan.seed,
    )
    click.echo(drawn.render(chosen))
    _print_seating(plan, chosen)
    if apart:
        pairs = ", ".join(f"{a}–{b}" for a, b in plan.together)
        together = nmsg(
            "{count} pair of one club could not be kept apart{pairs}",
            "{count} pairs of one club could not be kept apart{pairs}",
            len(plan.together),
            pairs=f" ({pairs})" if pairs else "",
        )
        click.echo(together.render(chosen))


def _print_seating(plan: app.SeatingPlan, lang: Lang) -> None:

    t = text(lang)
    body = [[str(x.table), ", ".join(x.players), x.first_dealer, x.list] for x in plan.tables]
    headers = [t["table"], t["players_seated"], t["deals_first"], t["list"]]
    click.echo(plain_table(headers, body, "rlll"))
    if plan.series > 1:
        pairs = ", ".join(f"{a}–{b}" for a, b in plan.repeats)
        repeats = t["repeats_which"] if pairs else t["repeats"]
        click.echo(repeats.format(count=len(plan.repeats), pairs=pairs))


@tournament.command("seat")
@click.argument("series", type=int)
@click.argument("table", type=int)
@click.argument("names", nargs=-1, required=True)
@click.option("--force", is_flag=True, help="Seat a table that has results (they are kept).")
@tournament_option
@messages_lang_option
def seat(series: int, table: int, names: tuple[str, ...], force: bool, folder: Path) -> None:
    """Seat a table by hand (a late arrival, a seating made elsewhere): its 3 or 4 players in
    seat order, the first deals first; its list is written as by a draw. Quote a name with a
    space: "Anna Schmidt".

    \b
    Examples:
      skatliste tournament seat 1 7 Anna Ben Carl
      skatliste tournament seat 1 7 "Anna Schmidt" Ben Carl Dora --force
    """
    plan = app.seat_table(folder, series, table, list(names), force=force)
    if plan.moved:
        moved = msg(
            "the old seating of the table is in the history, its list in {path}", path=plan.moved
        )
        click.echo(say(moved))
    x = plan.tables[table - 1]
    seated = msg(
        "series {series} table {table}: {players}; {dealer} deals first; list {list}",
        series=series,
        table=table,
        players=", ".join(x.players),
        dealer=x.first_dealer,
        list=x.list,
    )
    click.echo(say(seated))


@tournament.command("seating")
@click.argument("series", type=int)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@tournament_option
@lang_option
def seating(series: int, as_json: bool, folder: Path, lang: str | None) -> None:
    """Who sits where in a series: each table's players in seat order, the first dealer,
    the table's list. For a printable plan: 'skatliste tournament export seating'.

    \b
    Examples:
      skatliste tournament seating 1
      skatliste tournament seating 1 --json
    """
    plan = app.seating(folder, series)
    if as_json:
        data = {
            "series": plan.series,
            "tables": [
                {"table": t.table, "players": list(t.players), "list": t.list} for t in plan.tables
            ],
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print_seating(plan, resolve_lang(lang))
