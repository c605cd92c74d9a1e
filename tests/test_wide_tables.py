"""Every text table keeps its columns on a terminal when a cell takes more columns than it has
characters (a name in Chinese, an emoji in a note): the summary, the statistics and the sheet
in each of its text formats, for Skat and American Grand lists. Narrow tables are the text
tabulate drew before, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from skatliste.render.plain import shown_width, text_table

from .conftest import Run

TABULATE = {"plain": "simple", "grid": "grid", "md": "github"}
NAMED = {"l": "left", "r": "right", "c": "center"}


def _ok(run: Run, *args: str) -> str:
    r = run(*args)
    assert r.exit_code == 0, r.output
    return r.output


@pytest.fixture
def wide_lists(run: Run, tmp_path: Path) -> dict[str, Path]:
    """A Skat list and an American Grand list with players named in Chinese and an emoji in
    a note."""
    skat, grand = tmp_path / "skat.json", tmp_path / "grand.json"
    _ok(run, "new", "--players", "李雷", "王芳", "Carl", "--ledger", str(skat))
    _ok(run, "add", "李雷", "kreuz", "mit", "1", "--note", "Runde 🍺", "--ledger", str(skat))
    _ok(run, "add", "carl", "grand", "mit", "2", "--ledger", str(skat))
    _ok(run, "add", "王芳", "null", "--ledger", str(skat))
    _ok(run, "new", "--rules", "american-grand", "--players", "李雷", "Ben", "王芳", "🍺Dora",
        "--ledger", str(grand))  # fmt: skip
    _ok(run, "add", "李雷", "whist", "25", "stiche", "11", "--note", "🍺", "--ledger", str(grand))
    _ok(run, "add", "ben", "grand", "20", "stiche", "10", "--ledger", str(grand))
    return {"skat": skat, "american-grand": grand}


def _tables(text: str) -> list[list[str]]:
    """The blocks of lines that are tables: a head, then a rule of dashes (plain) or boxes
    (grid, md)."""
    blocks = [block.splitlines() for block in text.split("\n\n")]
    return [
        b for b in blocks if len(b) > 2 and (set(b[1]) <= {"-", " "} or b[0].startswith(("+", "|")))
    ]


def _aligned(text: str) -> None:
    tables = _tables(text)
    assert tables, text
    for table in tables:
        assert len({shown_width(line) for line in table}) == 1, "\n".join(table)


@pytest.mark.parametrize("family", ["skat", "american-grand"])
@pytest.mark.parametrize("fmt", ["plain", "grid", "md"])
def test_the_sheet_keeps_its_columns_with_wide_characters_in_each_text_format(
    run: Run, wide_lists: dict[str, Path], family: str, fmt: str
) -> None:
    """Every line of each table of the sheet is as wide on a terminal as its head."""
    text = _ok(run, "sheet", "--format", fmt, "--ledger", str(wide_lists[family]))
    assert "李雷" in text
    _aligned(text)


@pytest.mark.parametrize("family", ["skat", "american-grand"])
@pytest.mark.parametrize("command", ["summary", "stats"])
def test_the_summary_and_the_statistics_keep_their_columns_with_wide_characters(
    run: Run, wide_lists: dict[str, Path], family: str, command: str
) -> None:
    """The ranking (Skat; American Grand's summary has no table) and the statistics: every
    line as wide as its head."""
    text = _ok(run, command, "--ledger", str(wide_lists[family]))
    if command == "summary" and family == "american-grand":
        assert not _tables(text)  # each partie's result in lines, not a table
        return
    assert "李雷" in text
    _aligned(text)


@pytest.mark.parametrize("family", ["skat", "american-grand"])
def test_markdown_tables_with_wide_characters_stay_valid(
    run: Run, wide_lists: dict[str, Path], family: str
) -> None:
    """``export --format md``: each table a pipe table whose lines have the head's cells
    (and are aligned on a terminal besides)."""
    out = wide_lists[family].with_suffix(".md")
    _ok(run, "export", "--format", "md", "-o", str(out), "--ledger", str(wide_lists[family]))
    tables = _tables(out.read_text(encoding="utf-8"))
    assert tables
    for table in tables:
        assert set(table[1]) <= {"|", "-"}
        assert all(line.startswith("| ") and line.endswith(" |") for line in table[::2][:1])
        assert len({line.replace("\\|", "").count("|") for line in table}) == 1
        assert len({shown_width(line) for line in table}) == 1


NARROW = st.text(alphabet="abcXYZ019+−=/.äöüßé ·„“", max_size=8).map(str.strip)


@settings(max_examples=200, deadline=None)
@given(
    columns=st.integers(min_value=1, max_value=5).flatmap(
        lambda n: st.tuples(
            st.lists(NARROW.filter(bool), min_size=n, max_size=n),
            st.lists(st.lists(NARROW, min_size=n, max_size=n), min_size=1, max_size=6),
            st.text(alphabet="lrc", min_size=n, max_size=n),
        )
    ),
    fmt=st.sampled_from(["plain", "grid", "md"]),
)
def test_a_narrow_table_is_the_text_tabulate_drew(
    columns: tuple[list[str], list[list[str]], str], fmt: str
) -> None:
    """Cells of one column a character each (ASCII, umlauts, the real minus sign) give the
    same bytes as tabulate's ``simple``, ``grid`` and ``github`` formats did (``plain``
    aligns a 'c' column left, as the sheet always did; its last column, right-aligned, is a
    number in every table, never empty)."""
    headers, body, align = columns
    if fmt == "plain":
        align = align.replace("c", "l")
        assume(align[-1] == "l" or all(line[-1] for line in body))
    expected = tabulate(
        body,
        headers=headers,
        tablefmt=TABULATE[fmt],
        colalign=tuple(NAMED[a] for a in align),
        disable_numparse=True,
    )
    assert text_table(headers, body, align, fmt) == expected


def test_a_wide_cell_is_padded_by_the_columns_it_takes() -> None:
    """李 takes two columns, 🍺 two, ä one: each box as wide as its column on a terminal."""
    grid = text_table(
        ["Name", "Punkte"], [["李雷", "+12"], ["🍺", "−5"], ["Jürgen", "0"]], "lr", "grid"
    )
    assert grid.splitlines() == [
        "+--------+----------+",
        "| Name   |   Punkte |",
        "+========+==========+",
        "| 李雷   |      +12 |",
        "+--------+----------+",
        "| 🍺     |       −5 |",
        "+--------+----------+",
        "| Jürgen |        0 |",
        "+--------+----------+",
    ]
