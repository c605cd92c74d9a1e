"""Messages the gettext way: an id and its parameters, rendered in a language at the edge.

A message is made where something is refused or confirmed, and rendered only where it is
shown: the CLI in the command's language, the web page in the request's. Its id is the English
text with ``{name}`` where a value goes (gettext's msgid); the German text is in the catalogue
``skatliste/locale/de/LC_MESSAGES/skatliste.po`` (compiled to ``.mo`` beside it), read by the
standard library's :mod:`gettext`. Counts take the plural form of the language (``ngettext``).
A value that is itself a message is rendered in the same language, so nothing is ever glued
together in English and parsed apart again.

A sentence is one id with its values, never words of the catalogue joined by code: German puts
its words in another order (``msg("{payer} pays {receiver} {amount}", ...)`` is "Ben zahlt
Anna 0,24 €", and another language may turn it round), and every count is an ``nmsg``.
``tests/test_messages.py`` fails on a sentence glued from pieces and on an id of one or two
lowercase words that is not listed there with the reason it stands alone (a column head, a
word the table writes, a noun that fills a slot of a whole sentence).

>>> m = msg("game {number}: {problem}", number=7, problem=msg("a Null has no Spitzen"))
>>> m.render("en")
'game 7: a Null has no Spitzen'
>>> nmsg("{count} game", "{count} games", 1).render("en")
'1 game'
>>> nmsg("{count} game", "{count} games", 3).render("en")
'3 games'
>>> nmsg("{count} game", "{count} games", 1).render("de")
'1 Spiel'

A short word that says two things (a column's "won" is "gew.", the answer "won" is
"gewonnen") has a context, gettext's msgctxt:

>>> pmsg("stats column", "won").render("de"), msg("Won").render("de")
('gew.', 'Gewonnen')
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

Lang = Literal["de", "en"]
"""The languages skatliste speaks: German (the default, as a Skat list is) and English."""

LANGS: tuple[Lang, ...] = ("de", "en")

DOMAIN = "skatliste"
LOCALE_DIR = Path(__file__).with_name("locale")


def environment_lang() -> Lang:
    """The language the environment asks for: SKATLISTE_LANG, else LANG=en* → English, else
    German (a command's ``--lang`` goes first, at the edge that reads it)."""
    value = os.environ.get("SKATLISTE_LANG") or ""
    if not value and os.environ.get("LANG", "").lower().startswith("en"):
        value = "en"
    return "en" if value.lower().startswith("en") else "de"


@cache
def translations(lang: Lang) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (English is the ids themselves)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


@dataclass(frozen=True, slots=True)
class Message:
    """One message: its id (English, with ``{name}`` placeholders), the plural id and the count
    for a message that counts something, the values to fill in, and the context of a short
    word that says different things in different places (gettext's msgctxt: the column
    "Won" is "gew.", the question "Won" is "Gewonnen")."""

    text: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    count: int = 0
    context: str | None = None

    def render(self, lang: Lang) -> str:
        """The message in ``lang``, its values (messages among them) rendered in ``lang`` too."""
        template = self.template(lang)
        values = {name: render(value, lang) for name, value in self.params}
        if self.plural is not None:
            values.setdefault("count", str(self.count))
        return template.format_map(values)

    def template(self, lang: Lang) -> str:
        """The text of ``lang`` with its ``{placeholders}`` still to fill in (for a caller that
        fills one template many times, e.g. each line of an explanation)."""
        t = translations(lang)
        if self.context is None:
            template = (
                t.gettext(self.text)
                if self.plural is None
                else t.ngettext(self.text, self.plural, self.count)
            )
        else:
            template = (
                t.pgettext(self.context, self.text)
                if self.plural is None
                else t.npgettext(self.context, self.text, self.plural, self.count)
            )
        return template

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True, slots=True)
class Joined:
    """Several values shown as one (``a; b``), each rendered in the language of the whole."""

    items: tuple[object, ...]
    separator: str = "; "

    def render(self, lang: Lang) -> str:
        return self.separator.join(render(item, lang) for item in self.items)

    def __str__(self) -> str:
        return self.render("en")


def msg(text: str, /, **params: object) -> Message:
    """A message: ``msg("game {number}: the list has games 1 to {last}", number=7, last=5)``."""
    return Message(text, tuple(params.items()))


def nmsg(singular: str, plural: str, count: int, /, **params: object) -> Message:
    """A message that counts: ``nmsg("{count} game", "{count} games", n)`` (``{count}`` is
    filled in unless given)."""
    return Message(singular, tuple(params.items()), plural, count)


def pmsg(context: str, text: str, /, **params: object) -> Message:
    """A message in a context: ``pmsg("tournament", "Won")`` (a column head, not a question)."""
    return Message(text, tuple(params.items()), context=context)


def join(items: Iterable[object], separator: str = "; ") -> Joined:
    """Values (messages or plain text) shown together, e.g. a list's problems."""
    return Joined(tuple(items), separator)


def render(value: object, lang: Lang) -> str:
    """A value of a message in ``lang``: a message or joined messages rendered, anything else as
    it is (a name, a number)."""
    if isinstance(value, Message | Joined):
        return value.render(lang)
    if isinstance(value, str):
        return value
    return str(value)
