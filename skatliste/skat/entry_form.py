"""Skat's entry form on the phone page, as data (``Family.form``): the game, the Spitzen, the
announcements with the bid, the result; each tap's words as the table says them."""

from __future__ import annotations

from typing import Any

from skatliste.families import FormGroup, FormRow, Number, Tap
from skatliste.i18n import Message, pmsg
from skatliste.skat.rules import MAX_BID, MIN_BID, TOTAL_AUGEN


def _game_tap(value: str, mark: str, label: Message, word: Message, style: str = "") -> Tap:
    """A game's button: its sign, its name, the word it writes."""
    return Tap("game", value, label, (word,), mark, style)


def _flag(value: str, label: Message, **more: Any) -> Tap:
    """An announcement or a result's toggle, writing its own name."""
    more.setdefault("words", (value,))
    return Tap("flag", value, label, **more)


def _announced(value: str, label: Message) -> Tap:
    """Schneider or Schwarz announced: only a Hand game announces (ISkO), nor does a Null."""
    return _flag(
        f"{value}_announced",
        label,
        words=(value, pmsg("game words", "announced")),
        needs="hand",
        needs_said=pmsg(
            "page", "Only a Hand game can announce Schneider or Schwarz: tap “Hand” first"
        ),
        rests=("game=null",),
    )


FORM = (
    FormGroup(
        "",
        pmsg("page", "What?"),
        (
            FormRow(
                "games",
                "six",
                (
                    _game_tap(
                        "clubs",
                        "♣",
                        pmsg("page", "Clubs"),
                        pmsg("game words", "clubs"),
                        "suit black",
                    ),
                    _game_tap(
                        "spades",
                        "♠",
                        pmsg("page", "Spades"),
                        pmsg("game words", "spades"),
                        "suit black",
                    ),
                    _game_tap(
                        "hearts",
                        "♥",
                        pmsg("page", "Hearts"),
                        pmsg("game words", "hearts"),
                        "suit red",
                    ),
                    _game_tap(
                        "diamonds",
                        "♦",
                        pmsg("page", "Diamonds"),
                        pmsg("game words", "diamonds"),
                        "suit red",
                    ),
                    _game_tap("grand", "G", pmsg("page", "Grand"), pmsg("game words", "grand")),
                    _game_tap("null", "0", pmsg("page", "Null"), pmsg("game words", "null")),
                ),
            ),
        ),
    ),
    FormGroup(
        "spitzen-set",
        "Spitzen",
        (
            FormRow(
                "spitzen",
                "six",
                (
                    Tap(
                        "mit",
                        "mit",
                        pmsg("page", "with"),
                        (pmsg("game words", "with"),),
                        default=True,
                        along="n",
                    ),
                    Tap(
                        "mit",
                        "ohne",
                        pmsg("page", "without"),
                        (pmsg("game words", "without"),),
                        along="n",
                    ),
                    *(Tap("n", str(n), str(n), (str(n),)) for n in range(1, 5)),
                ),
            ),
            FormRow(
                "spitzen-more",
                "six",
                tuple(Tap("n", str(n), str(n), (str(n),)) for n in range(5, 12)),
                folded=pmsg("page", "more Spitzen"),
                rests=("game=grand",),  # a Grand has at most 4 Spitzen (the Buben)
            ),
        ),
        rests=("game=null",),
    ),
    FormGroup(
        "",
        pmsg("page", "Announced"),
        (
            # the common ones in reach; the rare ones (and the bid) one tap away, so a whole
            # game fits on a phone's screen
            FormRow(
                "flags",
                "three",
                (
                    _flag("hand", pmsg("page", "Hand")),
                    _flag("kontra", pmsg("page", "Kontra"), plays="plays_kontra"),
                    _flag(
                        "re",
                        pmsg("page", "Re"),
                        plays="plays_kontra",
                        needs="kontra",
                        needs_said=pmsg("page", "Re comes only after Kontra: tap “Kontra” first"),
                    ),
                ),
            ),
            FormRow(
                "flags-more",
                "three",
                (
                    _flag("ouvert", pmsg("page", "Ouvert")),
                    _announced("schneider", pmsg("page", "Schneider announced")),
                    _announced("schwarz", pmsg("page", "Schwarz announced")),
                    Number(
                        "bid",
                        pmsg("page", "bid"),
                        MIN_BID,
                        MAX_BID,
                        (pmsg("game words", "bid"),),
                    ),
                ),
                folded=pmsg("page", "more announcements: Ouvert, Schneider, Schwarz, bid"),
            ),
        ),
    ),
    FormGroup(
        "",
        pmsg("page", "Result"),
        (
            FormRow(
                "results",
                "three",
                (
                    Tap("result", "won", pmsg("page", "won"), (pmsg("game words", "won"),)),
                    Tap("result", "lost", pmsg("page", "lost"), (pmsg("game words", "lost"),)),
                    Number(
                        "augen",
                        pmsg("page", "Augen"),
                        0,
                        TOTAL_AUGEN,
                        (pmsg("game words", "augen"),),
                        style="augen",
                        rests=("game=null",),
                        instead="result",
                    ),
                    # with the Augen typed they decide Schneider (Schwarz counts tricks)
                    _flag("schneider", pmsg("page", "Schneider"), rests=("game=null", "augen")),
                    _flag("schwarz", pmsg("page", "Schwarz"), rests=("game=null",)),
                ),
            ),
        ),
    ),
)
"""The form: what is played, its Spitzen, what is announced (and the bid), the result."""

WORDS = (
    "game", "mit", "n", "hand", "ouvert", "schneider_announced", "schwarz_announced",
    "augen", "result", "schneider", "schwarz", "bid", "kontra", "re",
)  # fmt: skip
"""The order the form writes its words in, as the table says them: ``kreuz mit 2 hand
schneider angesagt augen 95 gereizt 36 kontra``."""
