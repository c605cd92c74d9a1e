"""``skatliste serve``: the list on a phone — a web page served from this laptop."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from types import FrameType
from typing import Any

import click

from skatliste.app import serving
from skatliste.app.keys import key_path, list_key, tournament_keys, tournament_keys_path
from skatliste.app.league import NoLeague, open_league
from skatliste.app.lists import open_list
from skatliste.app.season import standing
from skatliste.app.tournament import NoTournament, open_tournament
from skatliste.cli.base import _keep_lang, cli, ledger_option, resolve_lang, say
from skatliste.errors import InputError, LedgerError
from skatliste.i18n import Lang, msg
from skatliste.web.hall import hall_options, limit_logs, raise_open_files
from skatliste.web.links import (
    ANY,
    addresses,
    base_url,
    entry_link,
    qr_terminal,
    served_names,
    serves_network,
)
from skatliste.web.server import ANY_ADDRESS, create_app


@cli.command()
@ledger_option
@click.option(
    "--tournament",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Serve a tournament folder instead of one list: the organiser's page and a page "
    "per table.",
)
@click.option(
    "--league",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Serve a league folder, read-only: the season table and the match reports, live.",
)
@click.option(
    "--season",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Serve a season folder, read-only: the standing and each player's page.",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to serve at; 0.0.0.0 serves the phones on the local network.",
)
@click.option(
    "--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to use."
)
@click.option(
    "--key",
    envvar="SKATLISTE_KEY",
    default=None,
    help="The key that opens the list for writing (or env SKATLISTE_KEY); "
    "default: the key kept beside the list, made on first use.",
)
@click.option("--show-keys", is_flag=True, help="Print the key and the links, then stop.")
@click.option("--renew-key", is_flag=True, help="Replace the kept key: old links stop writing.")
@click.option(
    "--lang",
    type=click.Choice(["de", "en"], case_sensitive=False),
    default=None,
    is_eager=True,
    callback=_keep_lang,
    help="Language of the page (default: each browser's, German when neither) and of what "
    "this command prints.",
)
def serve(
    ledger_path: Path,
    tournament: Path | None,
    league: Path | None,
    season: Path | None,
    host: str,
    port: int,
    key: str | None,
    show_keys: bool,
    renew_key: bool,
    lang: str | None,
) -> None:
    """Keep the list on a phone: serve a page for the table from this computer.

    Prints the entry link (it carries a one-time pairing code the page trades for the
    list's key: whoever has the key may enter games) and its QR code. Without the key the
    page only shows the list. The terminal can add games
    at the same time: every open page follows within a second. With --tournament DIR: the
    organiser's page (live ranking, tables, the seating with each table's QR code to print)
    and a page per table, written with the table's key or the organiser's.

    \b
    Examples:
      skatliste serve --ledger friday.json
      skatliste serve --ledger friday.json --host 0.0.0.0
      skatliste serve --ledger friday.json --show-keys
      skatliste serve --tournament preisskat --host 0.0.0.0
      skatliste serve --league liga --host 0.0.0.0
      skatliste serve --season vm2027 --host 0.0.0.0
    """

    _check_key_options(key, renew_key)
    names = addresses(host)
    chosen = None if lang is None else resolve_lang(lang)
    if league is not None and season is not None:
        raise InputError(msg("serve either a league or a season: give --league or --season"))
    if league is not None:
        _serve_league(league, tournament, host, port, chosen)
        return
    if season is not None:
        alone = tournament is None and key is None and not (show_keys or renew_key)
        _serve_season(season, host, port, names, chosen, alone=alone)
        return
    if not show_keys:
        _check_port(host, port)  # before a key is made for a server that cannot start
    served = {"hosts": _hosts(host), "port": port, "public_url": base_url(names[0], port)}
    if tournament is not None:
        app, key, what, tables = _tournament_app(tournament, key, renew_key, chosen, served)
    else:
        app, key, what = _list_app(ledger_path, key, renew_key, chosen, served)
        tables = []
    # the links carry a one-time pairing code (a key given with --key: the key itself)
    own = "organiser" if tournament is not None else "list"
    fragments = app.state.fragments([own, *(table for _, _, table in tables)])
    fragment = fragments[own]
    target, folder = (tournament, True) if tournament is not None else (ledger_path, False)
    if show_keys:
        runs = serving.running(target, folder=folder)
        if runs is not None:  # the links of the server that runs, wherever it listens
            names, port = addresses(runs.host), runs.port
        _show_keys(names, port, key, fragment, [(t[0], t[1], fragments[t[2]]) for t in tables])
        if runs is None:
            click.echo(
                say(
                    msg(
                        "No 'skatliste serve' runs for this now: these links work once it runs "
                        "on port {port}",
                        port=port,
                    )
                ),
                err=True,
            )
        return

    where = (
        msg("the local network (anyone on it can watch; the key is needed to write)")
        if serves_network(host)
        else msg("this computer only (--host 0.0.0.0 serves the phones on the local network)")
    )
    click.echo(say(msg("Serving {what} to {where}", what=what, where=where)))
    for name in names:
        click.echo(say(msg("  watch:  {link}", link=base_url(name, port))))
        click.echo(say(msg("  enter:  {link}", link=entry_link(name, port, fragment))))
    if tables:
        click.echo(
            say(msg("  each table's link and QR code: on the organiser's page (enter link)"))
        )
    click.echo(qr_terminal(entry_link(names[0], port, fragment)), nl=False)
    click.echo(say(msg("Ctrl+C stops the server.")))
    app.state.paired = lambda spent: _next_link(app, names, port, own, spent)
    with serving.recorded(target, host, port, folder=folder):
        _run(app, host, port)


def _next_link(app: Any, names: list[str], port: int, own: str, target: str) -> None:
    """A phone spent the entry link's pairing code: the next phone's link and QR code (a
    table's are on the organiser's page)."""
    if target != own:
        return
    link = entry_link(names[0], port, app.state.fragments([own])[own])
    click.echo(say(msg("A phone has paired; the next phone's entry link: {link}", link=link)))
    click.echo(qr_terminal(link), nl=False)


def _check_key_options(key: str | None, renew_key: bool) -> None:
    """Refuse a key given with --renew-key, or one too short to guess at."""
    if key is not None and renew_key:
        raise InputError(
            msg("--renew-key replaces the kept key: give no --key (or SKATLISTE_KEY) with it")
        )
    if key is not None and len(key) < 16:
        raise InputError(
            msg("--key: give at least 16 characters (better: let skatliste make the key)")
        )


def _serve_league(
    folder: Path, tournament: Path | None, host: str, port: int, lang: Lang | None
) -> None:
    """Serve a league's page: read-only, so no key and no entry link."""

    if tournament is not None:
        raise InputError(
            msg("serve either a league or a tournament: give --league or --tournament")
        )
    try:
        league = open_league(folder)
    except NoLeague as exc:
        how = msg("; start one with 'skatliste league new DIR --name NAME', or give --league DIR")
        raise LedgerError(msg("{problem}{how}", problem=exc.message, how=how)) from None
    _check_port(host, port)
    app = create_app(league=folder, lang=lang, hosts=_hosts(host), port=port)
    where = (
        msg("the local network (anyone on it can watch)")
        if serves_network(host)
        else msg("this computer only (--host 0.0.0.0 serves the phones on the local network)")
    )
    what = msg("the league {name} ({folder})", name=league.name, folder=folder)
    click.echo(say(msg("Serving {what} to {where}", what=what, where=where)))
    for name in addresses(host):
        click.echo(say(msg("  watch:  {link}", link=base_url(name, port))))
    click.echo(say(msg("Ctrl+C stops the server.")))
    _run(app, host, port)


def _serve_season(
    folder: Path, host: str, port: int, names: list[str], lang: Lang | None, *, alone: bool
) -> None:
    """Serve a season's standing and players' pages, read-only (no key: nothing is written);
    ``alone``: no tournament and no key were asked for with it."""
    if not alone:
        raise InputError(
            msg("--season serves a season read-only: give no tournament and no key with it")
        )

    st = standing(folder)  # refuse a missing or broken season before anything else
    _check_port(host, port)
    click.echo(
        say(msg("Serving the season {name} ({folder}), read-only", name=st.name, folder=folder))
    )
    for name in names:
        click.echo(say(msg("  watch:  {link}", link=base_url(name, port))))
    click.echo(say(msg("Ctrl+C stops the server.")))
    _run(create_app(season=folder, lang=lang, hosts=_hosts(host), port=port), host, port)


def _hosts(host: str) -> list[str]:
    """The names a request may give as its Host here (with this computer's own)."""

    every = [ANY_ADDRESS] if host in ANY else []  # 0.0.0.0: each of this computer's addresses
    return [*addresses(host), *served_names(host), *every]


def _run(app: Any, host: str, port: int) -> None:
    """Run the page until Ctrl+C, its open pages' event streams closed then (Ctrl+C stops
    at once)."""
    import uvicorn

    raise_open_files()
    limit_logs()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=os.environ.get("SKATLISTE_LOG", "warning"),
        timeout_graceful_shutdown=2,
        **hall_options(),
    )
    watchers = app.state.watchers

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            for watcher in watchers:
                watcher.close()
            super().handle_exit(sig, frame)

    Server(config).run()


def _list_app(
    ledger_path: Path, key: str | None, renew: bool, lang: Lang | None, served: dict[str, Any]
) -> tuple[Any, str, str]:
    """The app for one list, its key (kept beside the list unless given: read again when it
    changes, so '--renew-key' in another terminal revokes the old one at once), what it
    serves."""

    open_list(ledger_path)  # refuse a missing or broken list before anything else
    if key is not None:
        return create_app(ledger_path, key=key, lang=lang, **served), key, str(ledger_path)
    key, made = list_key(ledger_path, renew=renew)
    if made:
        click.echo(say(msg("new key kept in {path}", path=key_path(ledger_path))))
    kept = key_path(ledger_path)
    return create_app(ledger_path, key_file=kept, lang=lang, **served), key, str(ledger_path)


def _tournament_app(
    folder: Path, key: str | None, renew: bool, lang: Lang | None, served: dict[str, Any]
) -> tuple[Any, str, str, list[tuple[str, str, str]]]:
    """The app for a tournament folder, the organiser's key, what it serves, and each table's
    (label, page path of the last drawn series, its pairing target ``S/T``)."""

    try:
        t = open_tournament(folder)
    except NoTournament as exc:
        how = msg(
            "; start one with 'skatliste tournament new DIR --name NAME', or give --tournament DIR"
        )
        raise LedgerError(msg("{problem}{how}", problem=exc.message, how=how)) from None
    keys = tournament_keys(folder, renew=renew)
    if keys.made:
        click.echo(say(msg("keys kept in {path}", path=tournament_keys_path(folder))))
    organiser = key if key is not None else keys.organiser
    tables = []
    if t.draws:
        last = t.draws[-1]
        for n in range(1, len(last.tables) + 1):
            path = f"series/{last.series}/table/{n}/"
            label = say(msg("series {series} table {table}", series=last.series, table=n))
            tables.append((label, path, f"{last.series}/{n}"))
    app = create_app(
        tournament=folder,
        organiser_key=key or "",
        key_file=tournament_keys_path(folder),
        lang=lang,
        **served,
    )
    what = say(msg("the tournament {name} ({folder})", name=t.name, folder=folder))
    return app, organiser, what, tables


def _show_keys(
    names: list[str], port: int, key: str, fragment: str, tables: list[tuple[str, str, str]]
) -> None:
    """``--show-keys``: the key, the entry links (a table's each, with their unspent pairing
    codes), the QR code; no server."""

    click.echo(say(msg("key: {key}", key=key)))
    for name in names:
        click.echo(say(msg("entry link: {link}", link=entry_link(name, port, fragment))))
    for label, path, table_fragment in tables:
        click.echo(f"{label}: {base_url(names[0], port)}{path}#{table_fragment}")
    click.echo(qr_terminal(entry_link(names[0], port, fragment)), nl=False)


def _port_cause(exc: OSError) -> object:
    """Why a port cannot be served, in our words where we know the reason."""
    import errno

    known = {
        errno.EADDRINUSE: msg("another program uses that port"),
        errno.EACCES: msg("this user may not serve on that port"),
        errno.EADDRNOTAVAIL: msg("this machine has no such address"),
    }
    return known.get(exc.errno or 0, exc.strerror or exc)


def _free(host: str, port: int) -> OSError | None:
    """Why ``port`` cannot be served on ``host`` (bound by another program, say), or None."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            return exc
    return None


def _check_port(host: str, port: int) -> None:
    """Refuse a port another program holds, with what to do (before uvicorn tries): the next
    free port of the twenty after it (or 8000) to try."""
    exc = _free(host, port)
    if exc is None:
        return
    after = range(port + 1, min(port + 21, 65536))
    other = next((p for p in after if _free(host, p) is None), 8000)
    raise InputError(
        msg(
            "--host {host} --port {port}: cannot serve there ({why}); try --port {other}",
            host=host,
            port=port,
            why=_port_cause(exc),
            other=other,
        )
    )
