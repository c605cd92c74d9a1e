"""A Skat game replayed from its cards (``skatliste replay``), and the entry it makes in a
list (``add --from-replay``): read here, so that every edge can offer it. Named for Skat,
whose modules it uses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skatliste.errors import InputError
from skatliste.i18n import msg
from skatliste.players import find_player
from skatliste.skat.replay import ReplayResult, decode_replay, load_replay, replay
from skatliste.skat.words import to_words

if TYPE_CHECKING:  # the list is the caller's: replaying loads no list store
    from skatliste.store.lists import ListFile


def replayed(data: bytes, *, source: str) -> ReplayResult:
    """The game of a replay file's bytes (``source`` names it in a refusal) played out trick
    by trick: its tricks, Augen and value, or the first card played against the rules."""
    return replay(load_replay(decode_replay(data, source=source), source=source))


def read_replay(path: Path) -> ReplayResult:
    """The game of the replay file at ``path``, played out (``replayed``)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise InputError(msg("{path}: cannot read: {why}", path=path, why=why)) from None
    return replayed(data, source=str(path))


def entry_of(
    game: ReplayResult, player: str, *, source: str, note: str = ""
) -> Callable[[ListFile[Any]], object]:
    """The entry the game a replay played out makes in a list (its declaration and outcome as
    table words) for ``player``, who must be its declarer: what ``app.lists.append`` enters.
    A replay with a card played against the rules has no outcome: the edge says which card
    before it asks (``game.illegal``)."""
    assert game.result is not None and game.outcome is not None, "an illegal card: no game"
    words = to_words(game.result.declaration, game.outcome).split()

    def make(ledger: ListFile[Any]) -> object:
        declarer = find_player(ledger.table.players, player)
        entry = ledger.family.parse(ledger.table, words, declarer=declarer, note=note)
        if declarer.casefold() != game.declarer.casefold():
            raise InputError(
                msg(
                    "{file}: the declarer there is {declarer}, not {player}",
                    file=source,
                    declarer=game.declarer,
                    player=player,
                )
            )
        return entry

    return make
