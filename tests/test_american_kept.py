"""A long American Grand list carries on from its kept state (docs/rules.md §A4, §A5): the
state after any deals is what walking them gives, deal by deal or all at once; it survives
its JSON; and ``add`` and ``summary`` on a long list print what a whole read prints."""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from skatliste.american import kept
from skatliste.american.deals import Contract, Deal, Entry, PartieEnd
from skatliste.american.family import NO_PARTIE
from skatliste.american.game import Table, parties, problem_places
from skatliste.cli import cli
from skatliste.i18n import Lang
from skatliste.render.american import kept_summary, render_summary
from skatliste.store.state import MIN_ENTRIES, state_path

PLAYERS = ("Anna", "Ben", "Carl", "Dora")
TABLE = Table(PLAYERS, "Anna")
BY_DEALS = Table(PLAYERS, "Anna", partie_deals=4)

DEALS: list[Entry] = [
    Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11),
    Deal(declarer="Ben", contract=Contract.WHIST, bid=30, tricks=9),  # set
    Deal(declarer="Carl", contract=Contract.GRAND, bid=20, tricks=10),
    Deal(declarer="Dora", contract=Contract.GRAND, bid=15, tricks=13),  # a Grand slam
    Deal(declarer="Ben", contract=Contract.EUCHRE, bid=20, tricks=4, alone=True),
    Deal(declarer="Anna", contract=Contract.HEARTS, bid=30, hearts=0),
    Deal(declarer="Carl", contract=Contract.HEARTS, bid=45, hearts=4),
    Deal(declarer="Dora", contract=Contract.WHIST, bid=40, tricks=13),
]
END = PartieEnd()

entries = st.lists(st.sampled_from([*DEALS, END]), max_size=60)


def chained(table: Table, items: list[Entry]) -> kept.Kept:
    """The state built one entry at a time, as ``add`` builds it (refused entries left out,
    as the list refuses them)."""
    state = kept.Kept()
    for entry in items:
        _, _, state = kept.after(table, state, entry, NO_PARTIE)
    return state


def accepted(table: Table, items: list[Entry]) -> list[Entry]:
    """The entries a list would hold: an end by hand with no deal before it is refused."""
    out: list[Entry] = []
    state = kept.Kept()
    for entry in items:
        problems, _, state = kept.after(table, state, entry, NO_PARTIE)
        if not problems:
            out.append(entry)
    return out


def walked(table: Table, items: list[Entry]) -> list[tuple[Any, ...]]:
    return [(p.number, p.deals, p.finished, p.reason, p.settlement) for p in parties(table, items)]


def shown(state: kept.Kept) -> list[tuple[Any, ...]]:
    return [(r.number, r.deals, r.finished, r.reason, r.settlement) for r in kept.results(state)]


@settings(max_examples=150, deadline=None)
@given(items=entries, by_deals=st.booleans())
def test_the_state_deal_by_deal_is_the_walk_of_the_deals(
    items: list[Entry], by_deals: bool
) -> None:
    table = BY_DEALS if by_deals else TABLE
    items = accepted(table, items)
    state = chained(table, items)
    whole = kept.of(table, items)
    assert whole is not None
    assert shown(state) == shown(whole) == walked(table, items)
    assert state.deals == whole.deals == sum(isinstance(e, Deal) for e in items)


@settings(max_examples=100, deadline=None)
@given(items=entries)
def test_the_state_survives_its_json(items: list[Entry]) -> None:
    state = kept.of(TABLE, accepted(TABLE, items))
    assert state is not None
    data = json.loads(json.dumps(kept.to_json(state)))
    again = kept.from_json(data)
    assert again is not None
    assert shown(again) == shown(state)
    assert again.deals == state.deals
    assert kept.to_json(again) == kept.to_json(state)


def test_a_deal_gets_its_row_and_number_from_the_state() -> None:
    state = chained(TABLE, DEALS[:2])
    problems, row, after = kept.after(TABLE, state, DEALS[2], NO_PARTIE)
    assert problems == []
    assert row is not None
    assert (row.number, row.partie, row.dealer) == (3, 1, "Carl")
    assert after.deals == 3 and state.deals == 2  # the state given is left as it was


def test_an_end_by_hand_closes_the_partie_and_is_refused_without_a_deal() -> None:
    problems, row, state = kept.after(TABLE, kept.Kept(), END, NO_PARTIE)
    assert (problems, row) == ([NO_PARTIE], None)
    _, _, state = kept.after(TABLE, chained(TABLE, DEALS[:1]), END, NO_PARTIE)
    assert [(r.finished, r.reason) for r in kept.results(state)] == [(True, "hand")]
    assert state.run.deals == 0


def test_a_deal_the_rules_refuse_leaves_the_state_as_it_was() -> None:
    stranger = Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11)
    state = chained(TABLE, DEALS[:2])
    problems, row, after = kept.after(TABLE, state, stranger, NO_PARTIE)
    assert len(problems) == 1 and row is None and after is state


def test_a_list_with_a_refused_entry_keeps_no_state() -> None:
    stranger = Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11)
    assert kept.of(TABLE, [DEALS[0], stranger]) is None


# --- the walk without rows, and the summary from the state ----------------------------------

REFUSED: list[Entry] = [
    Deal(declarer="Erik", contract=Contract.WHIST, bid=25, tricks=11),  # not at the table
    Deal(declarer="Ben", contract=Contract.EUCHRE, bid=30, tricks=5),  # Euchre bids 25 at most
    Deal(declarer="Carl", contract=Contract.HEARTS, bid=60, hearts=0),  # Hearts bids 50 at most
]
"""Deals the rules refuse: a hand-edited list holds them, the walk skips and names them."""
hand_edited = st.lists(st.sampled_from([*DEALS, *REFUSED, END]), max_size=60)


@settings(max_examples=150, deadline=None)
@given(items=hand_edited, by_deals=st.booleans())
def test_the_walk_without_rows_names_the_problems_the_rows_walk_names(
    items: list[Entry], by_deals: bool
) -> None:
    """Each problem at its entry, in the same words; the parties of the deals that stand."""
    table = BY_DEALS if by_deals else TABLE
    state, wrong, at = kept.walk(table, items)
    assert list(zip(at, wrong, strict=True)) == [
        (i, (where, what)) for i, where, what in problem_places(table, items)
    ]
    assert shown(state) == walked(table, items)
    assert state.deals == sum(len(p.rows) for p in parties(table, items))
    assert kept.last(state) == kept.results(state)[-1]


@settings(max_examples=150, deadline=None)
@given(items=hand_edited, by_deals=st.booleans(), lang=st.sampled_from(["de", "en"]))
def test_the_summary_from_the_state_is_the_summary_of_the_results(
    items: list[Entry], by_deals: bool, lang: Lang
) -> None:
    """Every partie with a deal, worded as its settlement lines, then the parties won."""
    table = BY_DEALS if by_deals else TABLE
    state = kept.walk(table, items)[0]
    parts = [p for p in kept.results(state) if p.deals]
    assert kept_summary(table, state, lang) == render_summary(table, parts, lang)


def test_the_summary_of_a_state_with_no_deal_says_so() -> None:
    assert kept_summary(TABLE, kept.Kept(), "en") == "no deals yet"


def test_a_partie_over_is_kept_as_its_numbers() -> None:
    """Deals, reason (an index of REASONS), points, sets, the slam's pair (-1: none)."""
    # Anna +25; Ben set: −30 and a set; Carl +36; Dora's Grand slam +103 ends the partie
    state = chained(TABLE, DEALS[:4])
    assert kept.numbers(state) == [4, 1, 61, 73, 0, 1, 1]
    assert kept.to_json(state)["closed"] == packed(4, 1, 61, 73, 0, 1, 1)
    assert list(kept.parties_over(state)) == [(4, "slam", (61, 73), (0, 1), 1)]
    assert kept.numbers(kept.Kept()) == []


def packed(*numbers: int, width: str = "h") -> str:
    """Numbers as the state keeps its parties over: their type, the Base64 of their
    little-endian bytes."""
    return f"{width}:" + base64.b64encode(struct.pack(f"<{len(numbers)}{width}", *numbers)).decode()


@pytest.mark.parametrize(("points", "width"), [(40_000, "i:"), (2**40, "q:")])
def test_points_beyond_16_bits_are_kept_as_wider_numbers(points: int, width: str) -> None:
    """A partie's points have no bound: a partie over with more widens the numbers kept."""
    state = chained(TABLE, DEALS[:1])
    state.run.totals = [points, -points]
    _, _, wide = kept.after(TABLE, state, END, NO_PARTIE)
    _, _, wide = kept.after(TABLE, chained_on(wide, DEALS[:1]), END, NO_PARTIE)
    expected = [(1, "hand", (points, -points), (0, 0), None), (1, "hand", (25, 0), (0, 0), None)]
    assert list(kept.parties_over(wide)) == expected
    assert kept.to_json(wide)["closed"].startswith(width)
    again = kept.from_json(json.loads(json.dumps(kept.to_json(wide))))
    assert again is not None and list(kept.parties_over(again)) == expected
    assert kept.to_json(chained(TABLE, DEALS[:4]))["closed"].startswith("h:")
    walked = kept.walk(TABLE, [Deal(declarer="Anna", contract=Contract.WHIST, bid=25, tricks=11)])
    assert kept.to_json(walked[0])["closed"] == "h:"


def chained_on(state: kept.Kept, items: list[Entry]) -> kept.Kept:
    for entry in items:
        _, _, state = kept.after(TABLE, state, entry, NO_PARTIE)
    return state


GOOD = {"deals": 4, "closed": packed(2, 3, 25, 0, 0, 1, -1), "open": [2, [0, 20], [0, 0]]}
"""Two deals ended by hand (25 : 0, sets 0 : 1, no slam), two deals of the partie in
progress."""


@pytest.mark.parametrize(
    "change",
    [
        {"deals": -1},
        {"deals": True},
        {"extra": 1},
        {"closed": {}},
        {"open": [1, [0, 20]]},
        {"open": [1, [0, 20], [0, "0"]]},
        {"open": [-1, [0, 20], [0, 0]]},
        {"open": "x"},
        {"closed": packed(2, 3, 25, 0, 0, 1)},  # a number short
        {"closed": packed(2, 3, 25, 0, 0, 1, -1, 4)},
        {"closed": packed(2, 4, 25, 0, 0, 1, -1, width="q")},
        {"closed": packed(2, 3, 25, 0, 0, 1, -1).replace("h:", "b:")},  # no such type
        {"closed": packed(2, 3, 25, 0, 0, 1, -1).replace("h:", "hi:")},
        {"closed": packed(2, 3, 25, 0, 0, 1, -1)[2:]},
        {"closed": packed(2, 3, 25, 0, 0, 1, -1)[:-4]},
        {"closed": packed(2, 3, 25, 0, 0, 1, -1) + "*"},  # not Base64
        {"closed": packed(2, 4, 25, 0, 0, 1, -1)},  # no such reason
        {"closed": packed(-2, 3, 25, 0, 0, 1, -1)},
        {"closed": packed(2, 1, 25, 0, 0, 1, 2)},  # a slam for no pair
        {"closed": [2, 3, 25, 0, 0, 1, -1]},
        {"closed": [[2, "hand", [25, 0], [0, 1], None]]},  # as an earlier version kept it
    ],
)
def test_anything_but_a_state_is_not_read_as_one(change: dict[str, Any]) -> None:
    found = kept.from_json(GOOD)
    assert found is not None and list(kept.parties_over(found)) == [
        (2, "hand", (25, 0), (0, 1), None)
    ]
    assert kept.from_json({**GOOD, **change}) is None


# --- a long list, through the CLI ---------------------------------------------------------

LINES = [
    {"contract": "whist", "bid": 25, "tricks": 11},
    {"contract": "grand", "bid": 15, "tricks": 3},
    {"contract": "euchre", "bid": 20, "tricks": 4, "alone": True},
    {"contract": "hearts", "bid": 45, "hearts": 4},
    {"contract": "whist", "bid": 30, "tricks": 9},
]


@pytest.fixture
def long_list(tmp_path: Path) -> Path:
    path = tmp_path / "grand.json"
    made = CliRunner().invoke(
        cli,
        ["new", "--rules", "american-grand", "--players", *PLAYERS, "--ledger", str(path)],
    )
    assert made.exit_code == 0, made.output
    data = json.loads(path.read_text(encoding="utf-8"))
    data["games"] = [
        {"kind": "deal", "declarer": PLAYERS[i % 4], **LINES[i % len(LINES)]}
        for i in range(MIN_ENTRIES + 1_003)
    ]
    data["games"][500] = {"kind": "end"}  # a partie ends well inside a long list
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def timeless(path: Path) -> dict[str, Any]:
    """The list without the time each entry was made (two adds a second apart differ)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["games"]:
        entry.pop("time", None)
    return data


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_long_list_keeps_its_state_and_adds_and_sums_up_as_a_whole_read(
    long_list: Path, tmp_path: Path
) -> None:
    twin = tmp_path / "twin.json"
    twin.write_bytes(long_list.read_bytes())
    summary = run("summary", "--ledger", str(long_list))
    assert state_path(long_list).exists()  # the first summary keeps the state
    assert run("summary", "--ledger", str(long_list)) == summary  # from the state
    assert run("summary", "--ledger", str(twin)) == summary
    commands = [
        ["add", "anna", "whist", "25", "tricks", "11"],
        ["end"],
        ["add", "ben", "grand", "20", "tricks", "10"],
    ]
    for command in commands:
        added = run(*command, "--ledger", str(long_list))
        state_path(twin).unlink(missing_ok=True)
        assert run(*command, "--ledger", str(twin)) == added
        state_path(twin).unlink(missing_ok=True)
    assert timeless(long_list) == timeless(twin)
    assert run("summary", "--ledger", str(long_list)) == run("summary", "--ledger", str(twin))
    assert run("check", "--ledger", str(long_list)).startswith(str(long_list))


def test_a_long_list_refuses_an_end_by_hand_right_after_one_from_its_state(
    long_list: Path,
) -> None:
    run("summary", "--ledger", str(long_list))
    run("end", "--ledger", str(long_list))
    result = CliRunner().invoke(cli, ["end", "--ledger", str(long_list), "--lang", "en"])
    assert result.exit_code == 2
    assert "no partie in progress to end" in result.output
