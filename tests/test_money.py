"""The settlement in whole cents (docs/rules.md §8): the balances add up to exactly 0, and each
player's payments and receipts add up to his balance, on every table and at every stake."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from skatliste.money import Way, settle, whole_cents
from skatliste.web.server import create_app

from .conftest import Run
from .webtools import KEY

STAKES = [Fraction(s) for s in ("0.1", "0.25", "1/4", "1", "0.5", "2", "1/3", "0.3", "1/7", "5")]

stakes = st.one_of(
    st.sampled_from(STAKES),
    st.fractions(min_value=0, max_value=100, max_denominator=1000),
)
tables = st.integers(min_value=2, max_value=5).flatmap(
    lambda n: st.lists(st.integers(-3000, 3000), min_size=n, max_size=n)
)


def _totals(points: list[int]) -> dict[str, int]:
    return {f"P{i}": total for i, total in enumerate(points)}


def _net(payments: list[tuple[str, str, int]], name: str) -> int:
    """What a player receives less what he pays."""
    return sum(c for _, to, c in payments if to == name) - sum(
        c for by, _, c in payments if by == name
    )


@given(tables, stakes)
def test_the_balances_add_up_to_exactly_0_cents(points: list[int], stake: Fraction) -> None:
    """Whatever the totals and the stake, the rounded balances add up to 0, each within a cent
    of its exact amount (n × total − sum) × stake."""
    totals = _totals(points)
    s = settle(totals, stake)
    assert sum(s.balances.values()) == 0
    n, whole = len(totals), sum(totals.values())
    for name, total in totals.items():
        assert s.exact[name] == (n * total - whole) * stake
        assert s.balances[name] in (math.floor(s.exact[name]), math.ceil(s.exact[name]))


@given(tables, stakes)
def test_each_players_payments_add_up_to_his_balance(points: list[int], stake: Fraction) -> None:
    """Every player's receipts less his payments are his rounded balance, to the cent."""
    totals = _totals(points)
    s = settle(totals, stake)
    for name in totals:
        assert _net(s.payments, name) == s.balances[name]


@given(tables, stakes)
def test_each_pair_pays_its_difference_within_a_cent(points: list[int], stake: Fraction) -> None:
    """The lower total pays the higher one the difference × stake, rounded up or down to a
    whole cent; a pair whose amount comes to no cent is not listed, and no pair twice."""
    totals = _totals(points)
    s = settle(totals, stake)
    pairs = [frozenset((by, to)) for by, to, _ in s.payments]
    assert len(set(pairs)) == len(pairs)
    for by, to, cent in s.payments:
        exact = (totals[to] - totals[by]) * stake
        assert cent > 0
        assert cent in (math.floor(exact), math.ceil(exact))
    names = list(totals)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if frozenset((a, b)) not in pairs:
                assert abs(totals[a] - totals[b]) * stake < 1


@given(tables, stakes)
def test_the_rounding_takes_the_largest_remainders(points: list[int], stake: Fraction) -> None:
    """A balance rounded down lost no more by it than any balance rounded up (the largest
    remainder), so the balances move least in all; one that is whole cents is not moved."""
    s = settle(_totals(points), stake)
    down = [e - math.floor(e) for k, e in s.exact.items() if s.balances[k] == math.floor(e)]
    up = [e - math.floor(e) for k, e in s.exact.items() if s.balances[k] > e]
    assert not down or not up or max(down) <= min(up)
    assert all(s.balances[k] == e for k, e in s.exact.items() if e.denominator == 1)


@given(tables, stakes)
def test_the_settlement_does_not_depend_on_the_order_of_different_totals(
    points: list[int], stake: Fraction
) -> None:
    """Players with different totals get the same cents however the totals are ordered: only
    equal totals that cannot share a cent are told apart by the order (§8)."""
    assume(len(set(points)) == len(points))
    totals = _totals(points)
    s = settle(totals, stake)
    turned = settle(dict(reversed(totals.items())), stake)
    assert turned.balances == s.balances
    assert sorted(turned.payments) == sorted(s.payments)


def test_whole_cents_breaks_a_tie_for_the_higher_balance_then_the_first_named() -> None:
    """Two half cents: the higher balance's goes up; at equal balances, the first named's."""
    half = Fraction(1, 2)
    assert whole_cents({"A": -half, "B": half}) == {"A": -1, "B": 1}
    assert whole_cents({"A": -half, "B": Fraction(0), "C": half}) == {"A": -1, "B": 0, "C": 1}
    alike = {"X": half, "Y": half, "Z": Fraction(-1)}
    assert whole_cents(alike) == {"X": 1, "Y": 0, "Z": -1}
    assert whole_cents(dict(reversed(alike.items()))) == {"Z": -1, "Y": 1, "X": 0}


def test_no_stake_no_money() -> None:
    """At a stake of 0 nobody pays anybody."""
    s = settle({"A": 120, "B": -40, "C": 0}, Fraction(0))
    assert s.balances == {"A": 0, "B": 0, "C": 0} and s.payments == []


def test_a_payment_under_half_a_cent_is_not_listed() -> None:
    """3 points at a tenth of a cent: A's 0.6 cent, rounded, is no cent, and nobody pays."""
    s = settle({"A": 3, "B": 0, "C": 0}, Fraction(1, 10))
    assert s.balances == {"A": 0, "B": 0, "C": 0} and s.payments == []


def test_two_players_pay_half_a_cent_to_the_receiver() -> None:
    """Skat for two: the pair's amount is the whole balance, a half cent up for the winner."""
    s = settle({"A": 35, "B": 0}, Fraction(1, 10))
    assert s.balances == {"A": 4, "B": -4} and s.payments == [("B", "A", 4)]


def test_a_pair_rounds_the_other_way_where_the_balances_ask_it() -> None:
    """Anna +144, Ben −54, Carl 0 at ¼ cent: the balances 85.5, −63 and −22.5 become 86, −63
    and −23; Ben's payments to the nearest cent (49.5 → 50, 13.5 → 14) would make −64, so
    his half cent with Carl is rounded down."""
    s = settle({"Anna": 144, "Carl": 0, "Ben": -54}, Fraction(1, 4))
    assert s.balances == {"Anna": 86, "Carl": -23, "Ben": -63}
    assert s.payments == [("Carl", "Anna", 36), ("Ben", "Anna", 50), ("Ben", "Carl", 13)]


# --- the newcomer's evening, at the command line ---------------------------------------

NEWCOMER_DE = """\
  Platz  Spieler      Punkte    Seeger-Fabian    Spiele    gew.    verl.    Saldo
-------  ---------  --------  ---------------  --------  ------  -------  -------
     1.  Ben             +72             +202         2       2        0  +0,29 €
     2.  Anna              0              +30         0       0        0  +0,01 €
     2.  Dora              0              +30         0       0        0  +0,01 €
     4.  Carl            −80             −130         1       0        1  −0,31 €

3 Spiele; Rangfolge nach Listenpunkten

Anna zahlt Ben 0,07 €
Dora zahlt Ben 0,07 €
Carl zahlt Ben 0,15 €
Carl zahlt Anna 0,08 €
Carl zahlt Dora 0,08 €
"""

NEWCOMER_EN = """\
  Rank  Player      Points    Seeger-Fabian    Games    won    lost    Balance
------  --------  --------  ---------------  -------  -----  ------  ---------
    1.  Ben            +72             +202        2      2       0     +€0.29
    2.  Anna             0              +30        0      0       0     +€0.01
    2.  Dora             0              +30        0      0       0     +€0.01
    4.  Carl           −80             −130        1      0       1     −€0.31

3 games; ranked by list points

Anna pays Ben €0.07
Dora pays Ben €0.07
Carl pays Ben €0.15
Carl pays Anna €0.08
Carl pays Dora €0.08
"""


@pytest.fixture
def newcomers_list(run: Run, tmp_path: Path) -> Path:
    """Anna, Ben, Carl, Dora: Ben Kreuz mit 1, Carl Herz ohne 3 lost with 40, Ben Grand mit 1."""
    path = tmp_path / "list.json"
    for args in (
        ("new", "--players", "Anna", "Ben", "Carl", "Dora"),
        ("add", "ben", "kreuz", "mit", "1"),
        ("add", "carl", "herz", "ohne", "3", "augen", "40"),
        ("add", "ben", "grand", "mit", "1"),
    ):
        r = run(*args, "--ledger", str(path))
        assert r.exit_code == 0, r.output
    return path


def _cents(line: str) -> int:
    """The last amount of a line (``+0,29 €``, ``−€0.31``, ``0,07 €``) in cent."""
    sign, euro, cent = re.findall(r"([+−]?)€?(\d+)[,.](\d\d)", line)[-1]
    return (-1 if sign == "−" else 1) * (100 * int(euro) + int(cent))


@pytest.mark.parametrize(("lang", "shown"), [("de", NEWCOMER_DE), ("en", NEWCOMER_EN)])
def test_the_newcomers_balances_add_up_and_match_the_payments(
    run: Run, newcomers_list: Path, lang: str, shown: str
) -> None:
    """Ben +72, Anna 0, Dora 0, Carl −80 at 0.1 cent (docs/rules.md §8): the Saldo column
    adds up to 0,00 €, and Ben's 0,07 + 0,07 + 0,15 € are his 0,29 €."""
    r = run("summary", "--cent", "0.1", "--lang", lang, "--ledger", str(newcomers_list))
    assert r.exit_code == 0, r.output
    assert r.stdout == shown
    lines = r.stdout.splitlines()
    balances = {line.split()[1]: _cents(line) for line in lines[2:6]}
    assert sum(balances.values()) == 0
    pays = "zahlt" if lang == "de" else "pays"
    payments = []
    for line in lines[9:]:
        by, word, to, *_ = line.split()
        assert word == pays
        payments.append((by, to, _cents(line)))
    assert {name: _net(payments, name) for name in balances} == balances


def test_the_newcomers_json_and_export_settle_alike(run: Run, newcomers_list: Path) -> None:
    """The summary's JSON and the Markdown export carry the same whole cents as its table."""
    r = run("summary", "--cent", "0.1", "--json", "--ledger", str(newcomers_list))
    data = json.loads(r.stdout)
    assert data["balances_cent"] == {"Ben": 29, "Anna": 1, "Dora": 1, "Carl": -31}
    assert data["exact_balances_cent"] == {"Ben": 29.6, "Anna": 0.8, "Dora": 0.8, "Carl": -31.2}
    assert data["payments_cent"][:3] == [
        {"from": "Anna", "to": "Ben", "amount": 7},
        {"from": "Dora", "to": "Ben", "amount": 7},
        {"from": "Carl", "to": "Ben", "amount": 15},
    ]
    md = run("export", "--format", "md", "--cent", "0.1", "--ledger", str(newcomers_list))
    assert md.exit_code == 0, md.output
    for line in NEWCOMER_DE.splitlines()[9:]:
        assert line in md.stdout
    assert "+0,29 €" in md.stdout and "+0,30 €" not in md.stdout
    html = run("export", "--cent", "0.1", "--ledger", str(newcomers_list)).stdout
    assert "Carl zahlt Ben 0,15 €" in html and "+0,30 €" not in html


def test_the_phone_page_gives_a_cent_equal_totals_cannot_share_as_the_summary(
    run: Run, tmp_path: Path
) -> None:
    """Ben and Anna both 0 at a tournament list, Ben ranked first by Seeger-Fabian: at 1/48
    cent each owes Carl half a cent, and one cent of the two goes to Ben, the one the summary
    lists first, on the phone page as in the summary (§8)."""
    path = tmp_path / "list.json"
    for args in (
        ("new", "--players", "Anna", "Ben", "Carl", "--rules", "tournament"),
        ("add", "ben", "grand", "mit", "1", "verloren"),
        ("add", "ben", "grand", "mit", "1"),
        ("add", "ben", "grand", "mit", "1"),
        ("add", "carl", "kreuz", "mit", "1"),
    ):
        assert run(*args, "--ledger", str(path)).exit_code == 0
    printed = run("summary", "--cent", "1/48", "--ledger", str(path)).stdout.splitlines()
    assert [line.split()[1] for line in printed[2:5]] == ["Carl", "Ben", "Anna"]
    assert [line[-7:] for line in printed[2:5]] == ["+0,01 €", " 0,00 €", "−0,01 €"]
    assert printed[-1] == "Anna zahlt Carl 0,01 €"
    page = TestClient(create_app(path, key=KEY)).get("/api/list", params={"cent": "1/48"})
    summary = page.json()["summary"]
    assert [row[1] for row in summary["rows"]] == ["Carl", "Ben", "Anna"]
    assert [row[-1] for row in summary["rows"]] == ["+0,01 €", "0,00 €", "−0,01 €"]
    assert summary["payments"] == ["Anna zahlt Carl 0,01 €"]


@pytest.mark.parametrize("typed", ["10001", "99999", "1000000", "123456789012", "1234567,5"])
def test_a_stake_too_high_is_said_so_however_many_digits_it_has(typed: str) -> None:
    from skatliste.errors import InputError
    from skatliste.money import parse_stake

    with pytest.raises(InputError) as refused:
        parse_stake(typed)
    assert refused.value.message.render("en").startswith("at most 10000 cent (100 €) a point")


# --- the paper way (docs/rules.md §8, skatspielen.info "Anschreiben") -----------------------


def test_the_paper_way_gives_the_published_pub_list() -> None:
    """+218, −81, +60, −38 at ¼ cent: +54.5, −20.25, +15 and −9.5 cent rounded first to +55,
    −20, +15, −10, then the differences paid: A +180, B −120, C +20, D −80 cent, where the
    exact settlement gives 179, −121, 20, −78; A gets 75 from B and 40 from C, as published."""
    totals = {"A": 218, "B": -81, "C": 60, "D": -38}
    paper = settle(totals, Fraction(1, 4), way=Way.PAPER)
    assert paper.balances == {"A": 180, "B": -120, "C": 20, "D": -80}
    assert ("B", "A", 75) in paper.payments and ("C", "A", 40) in paper.payments
    assert paper.way is Way.PAPER
    assert settle(totals, Fraction(1, 4)).balances == {"A": 179, "B": -121, "C": 20, "D": -78}


def test_the_paper_way_rounds_half_a_cent_away_from_0() -> None:
    """+54.5 becomes +55 (the source's own figure), and a loser's −9.5 becomes −10 alike."""
    s = settle({"A": 218, "D": -38}, Fraction(1, 4), way=Way.PAPER)
    assert s.payments == [("D", "A", 65)]
    assert s.balances == {"A": 65, "D": -65}


@given(tables, stakes)
def test_the_paper_way_adds_up_by_itself(points: list[int], stake: Fraction) -> None:
    """Rounding each total first, the balances still add up to 0, each player's payments to
    his balance, and each pair pays the difference of its two rounded totals."""
    totals = _totals(points)
    s = settle(totals, stake, way=Way.PAPER)
    assert sum(s.balances.values()) == 0
    assert {name: _net(s.payments, name) for name in totals} == s.balances
    rounded = {
        k: math.floor(abs(v * stake) + Fraction(1, 2)) * (1 if v >= 0 else -1)
        for k, v in totals.items()
    }
    for by, to, cent in s.payments:
        assert cent == rounded[to] - rounded[by] > 0
    assert s.exact == settle(totals, stake).exact


def test_the_paper_way_at_the_command_line(run: Run, tmp_path: Path) -> None:
    """Anna +144, Carl 0, Ben −54 at ¼ cent: the paper way rounds Ben's −13.5 to −14, so Ben
    pays Carl 0,14 € where the exact way has 0,13 €; the summary says how it settled, and a
    way without a stake or a way unknown is refused."""
    path = tmp_path / "list.json"
    for args in (
        ("new", "--players", "Anna", "Ben", "Carl"),
        ("add", "anna", "grand", "ohne", "1", "schneider", "kontra"),
        ("add", "ben", "karo", "mit", "2", "verloren"),
    ):
        assert run(*args, "--ledger", str(path)).exit_code == 0
    exact = run("summary", "--cent", "0.25", "--ledger", str(path)).stdout
    paper = run("summary", "--cent", "0.25", "--settle", "paper", "--ledger", str(path)).stdout
    assert exact.splitlines()[-1] == "Ben zahlt Carl 0,13 €"
    assert paper.splitlines()[-4:] == [
        "Abgerechnet wie auf Papier: jeder Stand erst auf Cent gerundet, dann die Differenzen "
        "gezahlt (Regeln §8)",
        "Carl zahlt Anna 0,36 €",
        "Ben zahlt Anna 0,50 €",
        "Ben zahlt Carl 0,14 €",
    ]
    data = json.loads(
        run("summary", "--cent", "1/4", "--settle", "paper", "--json", "--ledger", str(path)).stdout
    )
    assert data["balances_cent"] == {"Anna": 86, "Carl": -22, "Ben": -64}
    assert data["settled"] == "paper"
    md = run(
        "export", "--format", "md", "--cent", "0.25", "--settle", "paper", "--ledger", str(path)
    )
    assert "Ben zahlt Carl 0,14 €" in md.stdout
    alone = run("summary", "--settle", "paper", "--ledger", str(path))
    assert alone.exit_code == 2 and "--settle paper" in alone.stderr and "--cent" in alone.stderr
    page = TestClient(create_app(path, key=KEY))
    money = page.get("/api/list", params={"cent": "0.25", "settle": "paper"}).json()["summary"]
    assert money["payments"][-1] == "Ben zahlt Carl 0,14 €"
    assert page.get("/api/list", params={"cent": "0.25"}).json()["summary"]["payments"][-1] == (
        "Ben zahlt Carl 0,13 €"
    )
    for params in ({"settle": "paper"}, {"cent": "0.25", "settle": "rund"}):
        refused = page.get("/api/list", params=params)
        assert refused.status_code == 422 and "settle=" in refused.json()["error"]
