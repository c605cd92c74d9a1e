"""A list read a distinct game line at a time is the list read whole: the same header, games
and history, or it is left to the whole read, which words every problem (store/lines.py)."""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.errors import LedgerError
from skatliste.families import families
from skatliste.fields import Text
from skatliste.store import lists
from skatliste.store.lines import cut

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LISTS = sorted(p.name for p in EXAMPLES.glob("*.json"))
PATH = Path("list.json")


def _text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _same(a: lists.ListFile[object], b: lists.ListFile[object]) -> None:
    assert a.header == b.header
    assert a.entries == b.entries
    assert a.history == b.history
    assert [type(e) for e in a.entries] == [type(e) for e in b.entries]


def _whole_or_refusal(text: str) -> lists.ListFile[object] | str:
    try:
        return lists.read_whole(PATH, text)
    except LedgerError as exc:
        return exc.message.render("en")


@pytest.mark.parametrize("name", LISTS)
def test_every_example_list_is_read_by_its_lines_as_whole(name: str) -> None:
    text = _text(name)
    fast = lists.read_by_lines(PATH, text)
    assert fast is not None, "the example is laid out as the writer writes it"
    _same(fast, lists.read_whole(PATH, text))


def test_a_list_the_writer_wrote_is_read_by_its_lines(tmp_path: Path) -> None:
    """What ``dumps`` writes is what the line reader takes: a long list gains its speed."""
    lst = lists.read_whole(PATH, _text("pub-evening.json"))
    text = lists.dumps(lst)
    again = lists.read_by_lines(PATH, text)
    assert again is not None
    _same(again, lst)


def test_every_game_gets_an_entry_of_its_own() -> None:
    """Equal lines still make distinct entries, each with its own time."""
    text = _text("evening.json")
    line = re.search(r'\n    (\{"kind": ?"game".*?"time": ?")([^"]*)("\}),\n', text)
    assert line is not None
    head, _, end = line.groups()
    twins = f"\n    {head}T1{end},\n    {head}T2{end},\n"
    doubled = text.replace(line.group(0), line.group(0) + twins[1:], 1)
    fast = lists.read_by_lines(PATH, doubled)
    assert fast is not None
    _same(fast, lists.read_whole(PATH, doubled))
    times = [getattr(e, "time", None) for e in fast.entries]
    assert "T1" in times and "T2" in times
    assert len({id(e) for e in fast.entries}) == len(fast.entries)


HAND_EDITS = [
    # a key given twice in a game, before and after its time
    (r'"augen": ?(\d+)', r'"augen":\1,"augen":20'),
    (r'("time": ?"[^"]*")\}', r'\1,"time":"x"}'),
    (r'\{"kind": ?"game",', r'{"time":"x","kind":"game",'),
    # a time that is not plain text
    (r'"time": ?"[^"]*"', r'"time":"a\\"b"'),
    (r'"time": ?"[^"]*"', r'"time":"a\\u0041"'),
    (r'"time": ?"[^"]*"', r'"time":17'),
    (r'"time": ?"[^"]*"', r'"time":null'),
    (r'"time": ?"[^"]*"', '"time":"a\tb"'),
    (r'"time": ?"[^"]*"', '"time":"a\x01b"'),
    (r'"time": ?"[^"]*"', '"time":"a\u00a0b"'),
    # two games on a line, a comma missing or one too many, a line indented otherwise
    (r"\},\n    \{", r"}, {"),
    (r"\},\n    \{", r"}\n    {"),
    (r'\}\n  \],\n  "history"', r'},\n  ],\n  "history"'),
    (r'\n    \{"kind"', r'\n  {"kind"'),
    # the marker's character, the games given twice, a declarer not at the table
    (r'"first_dealer"', r'"x\\u0000":1,"first_dealer"'),
    (r'"first_dealer"', r'"games":[],"first_dealer"'),
    (r'"declarer": ?"[^"]*"', r'"declarer":"Zoe"'),
    (r'"declarer": ?"[^"]*"', r'"declarer":"An\\"na"'),
    (r'"declarer": ?"[^"]*"', r'"declarer":""'),
    (r'"declarer": ?"[^"]*"', r'"declarer":7'),
    (r'"declarer": ?"[^"]*"', '"declarer":"An\tna"'),
    (r'"kind": ?"game"', r'"kind":"spiel"'),
]


@pytest.mark.parametrize("name", LISTS)
@pytest.mark.parametrize(("pattern", "edit"), HAND_EDITS)
def test_a_hand_edit_reads_as_the_whole_read_says(name: str, pattern: str, edit: str) -> None:
    """Whatever a hand edit did, the list read by lines is the one read whole; where the line
    reader leaves it (None), the whole read decides and words the refusal."""
    text = _text(name)
    edited = re.sub(pattern, edit, text, count=1)
    fast = lists.read_by_lines(PATH, edited)
    whole = _whole_or_refusal(edited)
    if fast is not None:
        assert not isinstance(whole, str), whole
        _same(fast, whole)
    with pytest.raises(LedgerError) if isinstance(whole, str) else _nothing():
        lists.parse(PATH, edited.encode())


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *_: object) -> None:
        return None


TRICKY = ['"', ",", "}", "{", "\n", "\\", "[", "]", " ", "1", ":", "\\u0000", '"time":"', "n", "\t"]


@given(
    name=st.sampled_from(LISTS),
    at=st.floats(0, 1, exclude_max=True),
    cut_out=st.integers(0, 3),
    put=st.lists(st.sampled_from(TRICKY), max_size=3).map("".join),
)
def test_any_edit_reads_by_lines_as_whole_or_is_left_to_the_whole_read(
    name: str, at: float, cut_out: int, put: str
) -> None:
    text = _text(name)
    where = int(at * len(text))
    edited = text[:where] + put + text[where + cut_out :]
    fast = lists.read_by_lines(PATH, edited)
    if fast is not None:
        whole = _whole_or_refusal(edited)
        assert not isinstance(whole, str), whole
        _same(fast, whole)


def test_a_file_laid_out_otherwise_is_not_cut() -> None:
    assert cut('{"games": []}') is None
    assert cut('{\n  "games": [\n    {"kind":"passed"}\n  ]\n}') is None


def test_every_entry_kind_keeps_its_time_as_plain_text() -> None:
    """The line reader reads a line once for every time it is seen with: that holds while
    every kind's ``time`` is any text or none, and not a field that must hold more."""
    for family in families():
        for kind in family.kinds:
            (time,) = [f for f in kind.fields if f.name == "time"]
            assert time.type == Text(nullable=True), (family.name, kind.name)
            assert time.default is None


def test_equal_lines_without_a_time_at_their_end_are_read_once_each_their_own_entry() -> None:
    """A line with its time elsewhere (or none) is read once as it is; a repeat of it is an
    entry of its own with the same time."""
    text = _text("pub-evening.json")
    lines = '    {"kind":"passed"},\n    {"time":"T","kind":"passed"},\n' * 2
    edited = text.replace('  "games": [\n', '  "games": [\n' + lines, 1)
    fast = lists.read_by_lines(PATH, edited)
    assert fast is not None
    _same(fast, lists.read_whole(PATH, edited))
    assert [getattr(e, "time", "") for e in fast.entries[:4]] == [None, "T", None, "T"]
    assert fast.entries[0] is not fast.entries[2]


def test_a_game_read_in_one_list_is_read_in_the_next_with_its_own_declarer() -> None:
    """Lines are kept read across lists (a tournament's share their games): a game read on
    one list is the same game on the next with that list's declarer and time, and a declarer
    not at the next list's table is still refused there."""
    text = lists.dumps(lists.read_whole(PATH, _text("evening.json")))
    first = lists.read_by_lines(PATH, text)
    assert first is not None
    players = first.players
    renamed = text
    for old, new in zip(players, ("Xaver", "Yvonne", "Zora"), strict=False):
        renamed = renamed.replace(f'"{old}"', f'"{new}"')
    second = lists.read_by_lines(PATH, renamed)
    assert second is not None
    _same(second, lists.read_whole(PATH, renamed))
    declarers = {getattr(e, "declarer", None) for e in second.entries} - {None}
    assert declarers <= {"Xaver", "Yvonne", "Zora"}
    stranger = renamed.replace('"declarer":"Xaver"', '"declarer":"Anna"', 1)
    assert lists.read_by_lines(PATH, stranger) is None
    with pytest.raises(LedgerError, match="Anna"):
        lists.parse(PATH, stranger.encode())


def test_every_declarer_is_a_name_the_players_line_gives() -> None:
    """The line reader gives each game its own declarer once a game is read: that holds
    while a declarer is any name, and its only other check is being one of the players."""
    for family in families():
        for kind in family.kinds:
            found = [f for f in kind.fields if f.name == "declarer"]
            if found:
                assert found[0].type == Text(min_length=1), (family.name, kind.name)


def test_the_entries_of_a_list_read_by_its_lines_are_made_when_first_asked_for() -> None:
    """Its count, how its entries repeat and the entries but for their times need none made
    (the sheet of a long list); made once, they are the whole read's, the same list each
    time asked."""
    text = _text("pub-evening.json")
    lst = lists.read_by_lines(PATH, text)
    assert lst is not None
    whole = lists.read_whole(PATH, text)
    distinct, which = lst.distinct() or ([], [])
    untimed = lst.untimed()
    assert untimed is not None
    assert lst.count == len(which) == len(untimed) == len(whole.entries)
    assert lst._entries is None  # nothing asked for them yet
    assert list(untimed) == [distinct[k] for k in which] == list(untimed[:])
    assert [untimed[i] for i in range(len(untimed))] == list(untimed)
    assert lst.entries is lst.entries
    assert lst.entries == whole.entries
    assert [replace(e, time=None) for e in lst.entries] == [replace(e, time=None) for e in untimed]
    assert lst.distinct() == (distinct, which)
    lst.entries.pop()
    assert lst.distinct() is None and lst.untimed() is None


def test_entries_asked_for_by_two_threads_at_once_are_made_once() -> None:
    """Both get the same entries: a change one makes is the other's."""
    lst = lists.read_by_lines(PATH, _text("pub-evening.json"))
    assert lst is not None
    seen: list[object] = []
    threads = [threading.Thread(target=lambda: seen.append(lst.entries)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(made is seen[0] for made in seen)


def test_entries_given_anew_are_the_list_s_own_and_no_longer_those_read() -> None:
    """A list whose entries were replaced (even by equal ones) no longer tells how the
    entries read repeat."""
    lst = lists.read_by_lines(PATH, _text("pub-evening.json"))
    assert lst is not None
    entries = list(lists.read_whole(PATH, _text("pub-evening.json")).entries)
    lst.entries = entries
    assert lst.entries is entries
    assert lst.distinct() is None
    assert lst.given() != () and len(lst.given()) == len(entries)
