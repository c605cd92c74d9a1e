"""A long list's plain sheet drawn from its distinct games is the sheet drawn game by game:
the same text, byte for byte, for any rule set, table and list; any sheet whose rows are not
each their game's at its seat (Bock and Ramsch rounds, a series, a Ramsch, a problem) is left
to the general path (docs/rules.md §1, §7 and §8)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatliste.printed import signed, signed_cells
from skatliste.render.skat import sheet_text
from skatliste.render.skat_plain_sheet import plain_sheet
from skatliste.render.skat_text import render_sheet
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import PaperValue
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import rows, seat_rows
from skatliste.skat.words import parse_words
from skatliste.store import lists
from tests.test_derivation import GAMES, PLAYERS, RULES, entries

PLAIN_RULES = [
    ("isko", {}),
    ("isko", {"list": "bierlachs"}),
    ("isko", {"kontra": "off", "spitzen_cap": 4}),
    ("isko", {"series": "9"}),
    ("tournament", {}),
    ("bauernskat", {}),
    ("bauernskat", {"two.lost": "caller"}),
    ("offizierskat", {}),
    ("pub", {"bock": "off"}),
]
"""Rule sets without Bock rounds (and a series or two): the sheets the fast path draws."""


SOUND = [g for i, g in enumerate(GAMES) if i not in (8, 9)]
"""The games without a problem under a rule set without Bock (no Null below its bid, no
'bock' typed)."""
TWO_SOUND = [GAMES[0], GAMES[1], GAMES[10]]
"""The games Skat for two plays (no Null, Hand, Kontra or bid)."""


@st.composite
def clean_entries(draw: st.DrawFn, table: Table, index: int) -> Entry:
    """Game ``index``: a game a player at the table declared, with or without a paper value
    or a note, or all passed (where a deal may be passed)."""
    if not table.rules.two_player and draw(st.integers(0, 9)) == 0:
        return PassedEntry(note=draw(st.sampled_from(["", "zu spät"])))
    game = draw(st.sampled_from(TWO_SOUND if table.rules.two_player else SOUND))
    seated = [p for p in table.players if table.size < 4 or p != table.dealer(index)]
    return GameEntry(
        declarer=draw(st.sampled_from(seated)),
        declaration=game.declaration,
        outcome=game.outcome,
        paper=draw(st.sampled_from([None, None, PaperValue(24, False), PaperValue(-96, True)])),
        note=draw(st.sampled_from(["", "", "Ben kam zu spät"])),
        time=draw(st.sampled_from([None, "2026-01-01T20:00:00+00:00", "2026-01-01T20:05:09Z"])),
    )


@st.composite
def long_lists(draw: st.DrawFn) -> tuple[Table, list[Entry]]:
    """A table under any rule set, its list sound games and passed deals, and now and then
    anything else (a Ramsch, a problem, a stranger's game) somewhere in it."""
    preset, options = draw(st.sampled_from(PLAIN_RULES * 3 + RULES))
    rules = build_rule_set(preset, options)
    size = draw(st.sampled_from(rules.player_counts))
    players = PLAYERS[:size]
    table = Table(players, draw(st.sampled_from(players)), rules)
    games = [draw(clean_entries(table, i)) for i in range(draw(st.integers(0, 60)))]
    if draw(st.integers(0, 2)) == 0:
        other = draw(entries(players).filter(lambda e: _names(e) <= set(players)))
        games.insert(draw(st.integers(0, len(games))), other)
    return table, games


def _names(entry: Entry) -> set[str]:
    """The names an entry holds (a list file holds its players' only)."""
    if isinstance(entry, GameEntry):
        return {entry.declarer}
    if isinstance(entry, RamschEntry):
        return {name for name, _ in entry.augen} | set(entry.jungfrau)
    return set()


def _stored(tmp: Path, table: Table, games: list[Entry]) -> lists.ListFile[Entry]:
    """The list written as the writer writes it and read back (a distinct line at a time)."""
    path = tmp / "list.json"
    lst = lists.new_list(path, table.players, first_dealer=table.first_dealer, rules=table.rules)
    lst.entries.extend(games)
    lists.save(lst)
    read: lists.ListFile[Entry] = lists.load(path)
    return read


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=150)
@given(long_lists())
def test_the_plain_sheet_of_the_distinct_games_is_the_sheet_game_by_game(
    tmp_path: Path, case: tuple[Table, list[Entry]]
) -> None:
    """Byte for byte the text ``render_sheet`` draws from every row, in German and English;
    or left to it."""
    table, games = case
    lst = _stored(tmp_path, table, games)
    distinct = lst.distinct()
    if distinct is None:  # an empty list is read whole: there is nothing to share
        assert not games
        distinct = ([], [])
    firsts = [distinct[0][k] for k in distinct[1]]
    assert [replace(d, time=e.time) for d, e in zip(firsts, lst.entries, strict=True)] == games
    for lang in ("de", "en"):
        general = render_sheet(lst.table, list(rows(lst.table, lst.entries)), lang=lang)
        fast = plain_sheet(lst.table, *distinct, lang=lang)
        assert fast is None or fast == general
        assert sheet_text(lst, fmt="plain", lang=lang) == general


def test_a_clean_long_list_is_drawn_from_its_distinct_games(tmp_path: Path) -> None:
    """Sound games without Bock rounds: the fast path draws the sheet, every round closed by
    its line but the last, the marks explained under it."""
    table = Table(PLAYERS[:3], "Anna", build_rule_set("isko"))
    game = parse_words("kreuz mit 1 augen 72 = 24".split())
    lost = parse_words("null hand verloren".split())
    games: list[Entry] = [
        GameEntry(declarer=p, declaration=g.declaration, outcome=g.outcome, time=f"t{i}")
        for i, (p, g) in enumerate(zip(PLAYERS[:3] * 2, [game, lost] * 3, strict=True))
    ]
    lst = _stored(tmp_path, table, games)
    distinct = lst.distinct()
    assert distinct is not None and len(distinct[0]) == 6 and distinct[1] == list(range(6))
    fast = plain_sheet(lst.table, *distinct, lang="de")
    assert fast == render_sheet(lst.table, list(rows(lst.table, lst.entries)))
    assert fast is not None and fast.count("\n---") == 2 and "−" in fast


def test_a_list_changed_since_it_was_read_is_drawn_game_by_game(tmp_path: Path) -> None:
    """Once its entries are no longer those read, a list gives no distinct games."""
    table = Table(PLAYERS[:3], "Anna", build_rule_set("isko"))
    game = GAMES[0]
    entry = GameEntry(declarer="Anna", declaration=game.declaration, outcome=game.outcome)
    lst = _stored(tmp_path, table, [entry, entry])
    assert lst.distinct() is not None
    lst.entries[1] = PassedEntry()
    assert lst.distinct() is None
    lst.entries.append(PassedEntry())
    assert lst.distinct() is None
    whole = lists.read_whole(lst.path, lst.path.read_text(encoding="utf-8"))
    assert whole.distinct() is None


def test_only_a_sheet_of_rows_at_their_seats_is_drawn_from_distinct_games() -> None:
    """Bock rounds, a series, a Ramsch, an impossible game or a problem leave the sheet to
    the general path; an empty list too (it says there are no games)."""
    game = GAMES[0]
    anna = GameEntry(declarer="Anna", declaration=game.declaration, outcome=game.outcome)
    isko = Table(PLAYERS[:3], "Anna", build_rule_set("isko"))
    assert seat_rows(isko, [anna, PassedEntry()]) is not None
    assert seat_rows(Table(PLAYERS[:3], "Anna", build_rule_set("pub")), [anna]) is None
    assert seat_rows(Table(PLAYERS[:3], "Anna", build_rule_set("tournament")), [anna]) is None
    ramsch = RamschEntry(augen=(("Anna", 45), ("Ben", 40), ("Carl", 35)))
    assert seat_rows(isko, [anna, ramsch]) is None
    impossible = GAMES[8]  # a Null below the bid
    refused = GameEntry(
        declarer="Ben", declaration=impossible.declaration, outcome=impossible.outcome
    )
    assert seat_rows(isko, [refused]) is None
    stranger = GameEntry(declarer="Zoe", declaration=game.declaration, outcome=game.outcome)
    assert seat_rows(isko, [stranger]) is None
    four = Table(PLAYERS, "Anna", build_rule_set("isko"))
    assert seat_rows(four, [anna]) is None  # Anna deals the first game and sits out
    assert plain_sheet(isko, [anna], [], lang="de") is None


@given(st.lists(st.integers(-5000, 5000)), st.integers(1, 8))
def test_signed_cells_are_each_number_signed_and_padded(numbers: list[int], width: int) -> None:
    """Each cell is ``signed`` of its number, right-aligned: the real minus sign, 0 unsigned."""
    assert signed_cells(numbers, width) == [signed(n).rjust(width) for n in numbers]
