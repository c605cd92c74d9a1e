"""``skatliste publish``: a static site of lists, tournaments, seasons and leagues. Build the
site's values (``app.publish``), draw its pages (``web.published``), write what changed
(``app.publish_site``); with ``--watch``, again whenever a source changes."""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import click

from skatliste.app import publish as app
from skatliste.app.publish_site import (
    check_target,
    known_summaries,
    known_tags,
    stamp,
    write_site,
)
from skatliste.cli.base import _resolved_lang, cli, say
from skatliste.errors import SkatlisteError
from skatliste.i18n import Lang, msg, nmsg
from skatliste.web import published as render

POLL_SECONDS = 0.5
"""How often ``--watch`` looks at the sources: a finished table is on the site within a
second or two."""


def _once(sources: tuple[Path, ...], out: Path, lang: Lang, title: str) -> None:
    site = app.build(sources, title=title, known=known_summaries(out), salt=lang)
    app.refuse_empty(site)
    drawn = render.draw_site(site, lang, known=known_tags(out))
    got = write_site(out, drawn.pages, kept=drawn.kept, tags=drawn.tags, summaries=site.summaries)
    click.echo(
        say(
            msg(
                "{out}: {written}, {same}, {removed}",
                out=str(out),
                written=nmsg("{count} page written", "{count} pages written", len(got.written)),
                same=nmsg("{count} unchanged", "{count} unchanged", len(got.same)),
                removed=nmsg("{count} taken away", "{count} taken away", len(got.removed)),
            )
        )
    )
    sys.stdout.flush()  # a --watch's log shows each run as it ends


@cli.command()
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The site's folder (new, empty, or one publish wrote before).",
)
@click.option(
    "--title", default="", help="The site's title (else publish.json's, else the folder's name)."
)
@click.option(
    "--watch", is_flag=True, help="Keep publishing whenever a source changes (Ctrl-C stops)."
)
@click.option(
    "--lang",
    type=click.Choice(["de", "en"], case_sensitive=False),
    default=None,
    is_eager=True,
    callback=_resolved_lang,
    help="Language of the site and of messages (default German; LANG=en* → English).",
)
def publish(sources: tuple[Path, ...], out: Path, title: str, watch: bool, lang: Lang) -> None:
    """Write a static web site of lists, tournament, season and league folders, or a club's
    folder holding years of them: an index by year, every ranking, standing and match day,
    each table's sheet, a page per player with a rating. Again, it rewrites only the pages
    that changed.

    \b
    Examples:
      skatliste publish club/ --out site
      skatliste publish preisskat/ --out site --watch
    """
    check_target(out)
    # the sources' stamp is taken before each run: a list written while the site is drawn
    # is seen at the next look
    before = stamp(app.watched(sources, out=out)) if watch else ()
    _once(sources, out, lang, title)
    if watch:  # pragma: no cover - ended by Ctrl-C (a test runs it in a process)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the way to stop, not an error
            _watch(sources, out, lang, title, before)


def _watch(sources: tuple[Path, ...], out: Path, lang: Lang, title: str, before: object) -> None:
    """Publish again whenever the sources' stamp changes, until interrupted."""
    while True:
        time.sleep(POLL_SECONDS)
        now = stamp(app.watched(sources, out=out))
        if now == before:
            continue
        before = now
        try:
            _once(sources, out, lang, title)
        except SkatlisteError as exc:
            # a list caught half-way through a change: said, and tried again at the next one
            click.echo(say(msg("Error: {message}", message=exc.message)), err=True)
