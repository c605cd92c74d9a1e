"""How the CLI shows a list's entries: by the renderers its game family registered
(``skatliste.render``), and the words of an entry; text only, no logic."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from skatliste.i18n import Lang
from skatliste.skat.explain import paper_line

__all__ = ["entry_words", "paper_line", "rendered"]

if TYPE_CHECKING:
    from skatliste.app.lists import Ledger


def rendered(ledger: Ledger, fmt: str) -> Callable[..., Any]:
    """The renderer of ``fmt`` for the list's family (imported when used, so that
    ``skatliste value`` does not load the sheet)."""
    from skatliste.render import renderer

    return renderer(ledger.family, fmt)


def entry_words(ledger: Ledger, entry: object, lang: Lang) -> str:
    """An entry of the list as the words that would enter it again."""
    words: str = ledger.family.words(entry, lang)
    return words
