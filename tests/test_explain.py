"""Explanations as Skat players say them (issue: 'mit 2, Spiel 3, Hand 4 → 4 × 12 = 48')."""

from __future__ import annotations

import pytest

from skatliste.i18n import Lang
from skatliste.skat.explain import explain
from skatliste.skat.rules import game_value, seeger_fabian_points
from skatliste.skat.words import parse_words


def _explain(words: str, lang: Lang = "de", table: int | None = None) -> list[str]:
    p = parse_words(words.split())
    r = game_value(p.declaration, p.outcome)
    sf = seeger_fabian_points(r, table=table) if table else None
    return explain(r, lang=lang, fabian=sf)


@pytest.mark.parametrize(
    ("words", "lines"),
    [
        ("kreuz mit 2 hand", ["mit 2, Spiel 3, Hand 4 → 4 × 12 = 48"]),
        (
            "kreuz mit 2 hand verloren",
            ["mit 2, Spiel 3, Hand 4 → 4 × 12 = 48", "verloren: −2 × 48 = −96"],
        ),
        (
            "pik mit 1 gereizt 36",
            [
                "mit 1, Spiel 2 → 2 × 11 = 22",
                "überreizt: gereizt 36, Spielwert 22 → 4 × 11 = 44, verloren −88",
            ],
        ),
        (
            "kreuz hand mit 1 schneider angesagt augen 70",
            [
                "mit 1, Spiel 2, Hand 3, Schneider 4, angesagt 5 → 5 × 12 = 60",
                "verloren: −2 × 60 = −120",
            ],
        ),
        (
            "grand ouvert mit 4",
            [
                "mit 4, Spiel 5, Hand 6, Schneider 7, angesagt 8, Schwarz 9, angesagt 10, Ouvert 11"
                " → 11 × 24 = 264"
            ],
        ),
        ("null ouvert hand verloren", ["Null ouvert Hand = 59", "verloren: −2 × 59 = −118"]),
        (
            "grand mit 2 verloren kontra re bock",
            [
                "mit 2, Spiel 3 → 3 × 24 = 72",
                "verloren: −2 × 72 = −144",
                "Kontra ×2 → −288",
                "Re ×2 → −576",
                "Bock ×2 → −1152",
            ],
        ),
    ],
)
def test_german_explanations(words: str, lines: list[str]) -> None:
    assert _explain(words) == lines


def test_english_explanation() -> None:
    assert _explain("spades with 1 bid 36", "en") == [
        "with 1, game 2 → 2 × 11 = 22",
        "overbid: bid 36, game value 22 → 4 × 11 = 44, lost −88",
    ]


def test_seeger_fabian_line() -> None:
    assert _explain("karo ohne 2 verloren", table=4)[-1] == (
        "Seeger-Fabian: −54 − 50 = −104, Gegenspieler je +30"
    )
