"""docs/rules.md is the rules reference the program cites: every § the package names is a
heading there, and every worked example comes out exactly so from `skatliste value`."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from skatliste.money import settle

from .conftest import ROOT, Run

RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
SOURCES = sorted((ROOT / "skatliste").rglob("*.py"))
"""Every string the package can print: messages, help texts, docstrings."""
CITING = [
    *SOURCES,
    *sorted((ROOT / "examples").glob("*.txt")),
    ROOT / "tests" / "data" / "game_values.txt",
]
"""And what a user reads next to them: the example files and the golden file's sources."""

HEADINGS = set(re.findall(r"^#{1,6} §(A?\d+)\b", RULES, re.M))


def _cited() -> list[tuple[str, str]]:
    """(section, where) for every § in the package's source and the files a user reads."""
    found: dict[str, str] = {}
    for path in CITING:
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        # A range "§3-§6" cites every section from 3 to 6.
        for first, last in re.findall(r"§(\d+)\s*[-–]\s*§?(\d+)", text):
            for number in range(int(first), int(last) + 1):
                found.setdefault(str(number), where)
        for section in re.findall(r"§(A?\d+)", text):
            found.setdefault(section, where)
    return sorted(found.items(), key=lambda item: (item[0][0] == "A", int(item[0].lstrip("A"))))


CITED = _cited()


def test_the_rules_document_has_every_skat_section() -> None:
    """§1 to §10, as the program has always numbered them."""
    assert {str(n) for n in range(1, 11)} <= HEADINGS


@pytest.mark.parametrize(("section", "where"), CITED, ids=[f"section {s}" for s, _ in CITED])
def test_every_cited_section_is_a_heading_of_the_rules_document(section: str, where: str) -> None:
    """A player reading "rules §7" finds '## §7 ...' in docs/rules.md."""
    assert section in HEADINGS, f"{where} cites §{section}: docs/rules.md has no '## §{section}'"


@pytest.mark.parametrize("path", CITING, ids=lambda p: p.name)
def test_the_package_cites_only_its_own_rules(path: Path) -> None:
    """The reference lives in the repository (docs/rules.md), not in a folder a user lacks;
    American Grand's sections are §A1..§A6, so that its "§3" does not send a player to Skat's."""
    text = path.read_text(encoding="utf-8")
    assert "shared/rules" not in text
    assert not re.search(r"American Grand §\d", text), "cite American Grand as §A1..§A6"
    if "american" in path.name:
        bare = sorted(set(re.findall(r"§\d+", text)))
        assert not bare, f"{path.name} cites {bare}, Skat's sections: write §A1..§A6"


def _section(number: str) -> str:
    start = RULES.index(f"## §{number} ")
    end = RULES.find("\n#", start + 1)
    return RULES[start:end]


def _table(text: str, header_word: str) -> list[list[str]]:
    """The body rows of the Markdown table whose header names `header_word`."""
    rows: list[list[str]] = []
    inside = False
    for line in text.splitlines():
        if not line.startswith("|"):
            inside = False
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header_word in cells:
            inside = True
        elif inside and not set(line) <= set("|-: "):
            rows.append(cells)
    return rows


def _number(cell: str) -> int:
    return int(cell.replace("−", "-").replace("+", ""))


def _words(cell: str) -> list[str]:
    assert cell.startswith("`") and cell.endswith("`"), cell
    return cell.strip("`").split()


WORKED = _table(_section("10"), "arithmetic")
SEEGER_FABIAN = _table(_section("10"), "declarer")
MONEY = _table(_section("10"), "whole cents")
PAYMENTS = _table(_section("10"), "paid cent")


def test_the_worked_examples_are_all_there() -> None:
    """The reference's fourteen examples, and the ones §3 and §6 tell in words."""
    assert len(WORKED) >= 14
    assert len(SEEGER_FABIAN) == 3
    assert len(MONEY) == 4
    assert len(PAYMENTS) == 6


@pytest.mark.parametrize("row", WORKED, ids=[row[0] for row in WORKED])
def test_worked_example_comes_out_exactly_so(row: list[str], run: Run) -> None:
    """`skatliste value WORDS` prints the example's arithmetic and puts its number on the list."""
    _, words, arithmetic, points = row
    r = run("value", "--json", *_words(words))
    assert r.exit_code == 0, r.output
    record = json.loads(r.stdout)
    assert record["list_points"] == _number(points)
    assert any(arithmetic in line for line in record["explanation"]), record["explanation"]
    assert record["game_value"] == _number(arithmetic.rsplit("=", 1)[1])


@pytest.mark.parametrize("row", SEEGER_FABIAN, ids=[f"{r[0]}, table {r[2]}" for r in SEEGER_FABIAN])
def test_worked_seeger_fabian_comes_out_exactly_so(row: list[str], run: Run) -> None:
    """§7 on the worked examples: the declarer's ±50 and the others' 40 or 30."""
    _, words, table, declarer, others = row
    r = run("value", "--json", "--table", table, *_words(words))
    assert r.exit_code == 0, r.output
    points = json.loads(r.stdout)["seeger_fabian"]
    assert (points["declarer"], points["each_opponent"]) == (_number(declarer), _number(others))


def test_worked_money_comes_out_exactly_so() -> None:
    """§8 money: (n × total − sum) × stake for each player, at ¼ cent a point."""
    totals = {row[0]: _number(row[1]) for row in MONEY}
    assert f"add up to {sum(totals.values())}" in _section("10")
    settled = settle(totals, Fraction(1, 4))
    assert {name: float(settled.exact[name]) for name in totals} == {
        row[0]: float(row[3].replace("−", "-")) for row in MONEY
    }
    assert settled.balances == {row[0]: _number(row[4]) for row in MONEY}


def test_worked_money_in_whole_cents_is_each_pairs_payment() -> None:
    """§8 rounding: each pair's exact amount, and what it pays in whole cents."""
    totals = {row[0]: _number(row[1]) for row in MONEY}
    exact = {(a, b): (totals[b] - totals[a]) * Fraction(1, 4) for a in totals for b in totals}
    shown = [
        (payer, receiver, Fraction(amount), int(paid)) for payer, receiver, amount, paid in PAYMENTS
    ]
    assert [(p, r, e) for p, r, e, _ in shown] == [(p, r, exact[p, r]) for p, r, _, _ in shown]
    assert settle(totals, Fraction(1, 4)).payments == [(p, r, c) for p, r, _, c in shown]
