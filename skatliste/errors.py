"""One exception tree for everything skatliste refuses.

The library raises these and never prints. Each carries a :class:`~skatliste.i18n.Message`
(an id and its parameters); each edge renders it in a single place in its language (the CLI:
``Error: ...`` on stderr with exit status 2; the web: a 4xx with ``{"error": ...}``).
``str(error)`` is the English text.
"""

from __future__ import annotations

from skatliste.i18n import Lang, Message, msg


class SkatlisteError(Exception):
    """Base of every error skatliste raises on purpose."""

    message: Message

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))

    def render(self, lang: Lang) -> str:
        """The message in ``lang``."""
        return self.message.render(lang)


class InputError(SkatlisteError, ValueError):
    """Something the user typed cannot be understood (a word, a number, a name)."""


class InvalidGameError(InputError):
    """A game that cannot exist under the rules, e.g. Schwarz angesagt without Hand."""


class LedgerError(SkatlisteError):
    """The ledger file cannot be read, is corrupt, newer than this program, or busy."""


class ListRefuses(LedgerError):
    """A list that reads fine but takes no change now (closed by its signatures; of a family
    a tournament cannot count): its message says nothing of the file but where it is, so a
    page may tell it to any key, with the path named from the folder served."""


class NoList(LedgerError):
    """There is no list at ``path``: each edge says how to start one."""

    def __init__(self, message: Message, path: str) -> None:
        super().__init__(message)
        self.path = path


class ListExists(LedgerError):
    """A new list was asked for where one is already: each edge says how to replace it or
    where else to start it."""


class NotAList(LedgerError):
    """A new list was asked for where skatliste keeps a file of another kind, which it never
    replaces: each edge says where else to start it."""


class RuleSetError(InputError):
    """An unknown rule-set preset or option, or an option value that is not allowed."""


class ChangedError(LedgerError):
    """A change names a game as it was seen (``expect=``), but the list has changed since:
    another phone deleted, edited or added a game first. Nothing is written."""


class OptionError(InputError):
    """A setting given to a command cannot be: ``options`` name the settings (as the CLI's
    options without their dashes: ``size``, ``lost_game``), ``value`` is what was given, and
    ``problem`` says what is wrong in Skat words. Each edge says where it was typed: the CLI
    ``--size 0: a team has at least 1 player``, any other edge the value and the problem."""

    def __init__(
        self, options: str | tuple[str, ...], problem: Message, *, value: object = None
    ) -> None:
        self.options = (options,) if isinstance(options, str) else options
        self.problem = problem
        self.value = value
        super().__init__(
            problem if value is None else msg("'{value}': {problem}", value=value, problem=problem)
        )


_JSON_REASONS = {
    "Expecting value": msg("a value was expected"),
    "Expecting property name enclosed in double quotes": msg(
        "a name in double quotes was expected"
    ),
    "Expecting ',' delimiter": msg("a comma was expected"),
    "Expecting ':' delimiter": msg("a colon was expected"),
    "Invalid control character at": msg("a control character (a tab, a line break) in a text"),
    "Unterminated string starting at": msg("a text is not closed"),
    "Invalid \\escape": msg("a backslash that escapes nothing"),
    "Invalid \\uXXXX escape": msg("a \\u escape without its four hex digits"),
    "Extra data": msg("more after the end"),
}
"""What Python's JSON reader says is wrong, in our words (its messages are English only)."""


def json_reason(why: str) -> Message | str:
    """What a ``json.JSONDecodeError``'s ``msg`` says, in our words where we have them."""
    return _JSON_REASONS.get(why, why)


def os_reason(exc: OSError) -> Message | str:
    """What the machine said, in words of ours where the reason is a common one (a full disk,
    a read-only medium, a missing permission): the system's own words are English whatever
    the user's language; only an unusual reason keeps them."""
    import errno

    known = {
        errno.ENOSPC: msg("no space left on the device"),
        errno.EDQUOT: msg("the disk quota is used up"),
        errno.EFBIG: msg("the file is too large"),
        errno.EIO: msg("the device reported an input/output error"),
        errno.EROFS: msg("the file system is read-only"),
        errno.EACCES: msg("no permission to do that"),
        errno.EPERM: msg("no permission to do that"),
        errno.ENOENT: msg("no such file or folder"),
        errno.EISDIR: msg("it is a folder"),
        errno.ENOTDIR: msg("a part of the path is not a folder"),
        errno.EBADF: msg("it is closed"),
        errno.EPIPE: msg("nobody reads it any more"),
    }
    found = known.get(exc.errno or 0)
    if found is not None:
        return found
    return exc.strerror or str(exc)
