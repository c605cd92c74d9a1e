"""The sheet's fast derivation equals its plain definition (docs/rules.md §1, §7 and §8).

``skatliste.skat.sheet`` looks each distinct game up once per derivation (a list repeats the
same few hundred games) and adds only the points that change. Here the sheet is derived the
plain way, game by game, from the same pure pieces (``score``, ``rule_problems``, the Bock and
Ramsch rounds), and every row, the state after the list and every problem must be the same,
for any rule set, table and list.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.printed import signed
from skatliste.skat.entries import Entry, GameEntry, PassedEntry, RamschEntry, Table
from skatliste.skat.games import PaperValue
from skatliste.skat.problems import dealer_named, rule_problems
from skatliste.skat.rounds import Rounds, triggered
from skatliste.skat.row import Row
from skatliste.skat.rules import Variant
from skatliste.skat.rulesets import build_rule_set
from skatliste.skat.sheet import (
    Derived,
    bierlachs_reached,
    check,
    derivation,
    derive,
    last_row,
    played,
    rows,
    score,
)
from skatliste.skat.words import parse_words

WORDS = [
    "kreuz mit 1 augen 72",
    "pik ohne 2 augen 65",
    "grand mit 2 hand augen 60",  # lost at 60:60, a Bock trigger
    "grand ohne 1 augen 59 kontra",  # lost Kontra, a Bock trigger
    "karo mit 3 augen 40 kontra re",
    "herz mit 1 gereizt 36",  # overbid
    "null",
    "null hand verloren",
    "null gereizt 30",  # a Null below the bid: refused under the ISkO, an error on the sheet
    "kreuz mit 2 bock",
    "grand mit 4 augen 120 schwarz",
    "grand mit 1 hand augen 90",  # a Grand Hand won, a Bock trigger and allowed in Ramsch rounds
]
GAMES = [parse_words(w.split()) for w in WORDS]
"""Shared declarations and outcomes, as the reader shares them: the fast path finds them."""

RULES = [
    ("isko", {}),
    ("pub", {}),
    ("pub", {"bock.overlap": "stack"}),
    ("pub", {"bock.triggers": "hundred,value>=48,schneider,all-passed", "list": "bierlachs"}),
    ("tournament", {}),
    ("isko", {"kontra": "after18", "kontra.null": "off", "list": "bierlachs"}),
    ("bauernskat", {}),
    ("offizierskat", {}),
]
PLAYERS = ("Anna", "Ben", "Carl", "Dora")


@st.composite
def tables(draw: st.DrawFn) -> Table:
    """A table under any of the rule sets, of a size it plays."""
    preset, options = draw(st.sampled_from(RULES))
    rules = build_rule_set(preset, options)
    size = draw(st.sampled_from(rules.player_counts))
    players = PLAYERS[:size]
    return Table(players, draw(st.sampled_from(players)), rules)


@st.composite
def entries(draw: st.DrawFn, players: tuple[str, ...]) -> Entry:
    """A game (by a player or a stranger), all passed, or a Ramsch (right or wrong players)."""
    kind = draw(st.sampled_from(["game"] * 6 + ["passed", "ramsch"]))
    called = draw(st.booleans()) and draw(st.booleans())
    later = draw(st.booleans()) and draw(st.booleans())  # entered later, outside the rounds
    if kind == "passed":
        return PassedEntry(bock_called=called, inserted=later)
    if kind == "ramsch":
        who = draw(st.sampled_from([players[:3], players[-3:], players]))
        augen = draw(st.sampled_from([(45, 40, 35), (0, 60, 60), (120, 0, 0), (30, 30, 30)]))
        return RamschEntry(
            augen=tuple(zip(who, augen, strict=False)),
            jungfrau=tuple(draw(st.sampled_from([(), who[1:2]]))),
            pushes=draw(st.sampled_from([0, 1, 2])),
            bock_called=called,
            inserted=later,
        )
    game = draw(st.sampled_from(GAMES))
    paper = draw(st.sampled_from([None, PaperValue(48, False), PaperValue(-96, True)]))
    return GameEntry(
        declarer=draw(st.sampled_from([*players, "Zoe"])),
        declaration=game.declaration,
        outcome=game.outcome,
        paper=paper,
        kontra_bid=draw(st.sampled_from([None, None, 18, 20, 17])),
        bock_called=called,
        inserted=later,
    )


@st.composite
def lists(draw: st.DrawFn) -> tuple[Table, list[Entry]]:
    table = draw(tables())
    return table, draw(st.lists(entries(table.players), max_size=40))


def plain(table: Table, games: list[Entry]) -> tuple[list[Row], Derived]:
    """The sheet by its definition: each game scored, added to every player, checked."""
    rules = table.rules
    bock_on = rules.on("bock")
    rounds = Rounds(rules, table.size)
    triggers = rules.bock_triggers if bock_on else ()
    outside = rules.on("ramsch.on_pass") or rules.variant is Variant.OFFIZIERSKAT
    state = Derived.start(table)
    out: list[Row] = []
    for index, entry in enumerate(games):
        deal = state.dealt  # §8: a game entered later stands in the deal, passes it to no one
        state.dealt += not entry.inserted
        bock, ramsch_round = rounds.current()
        bock = bock if bock_on else 0
        s = score(table, entry, bock)
        before = dict(state.totals)
        for name in table.players:
            state.totals[name] += s.points[name]
            state.sf_totals[name] += s.sf_points[name]
        if rules.bierlachs and state.bierlachs is None:
            state.bierlachs = bierlachs_reached(table, state.totals, index + 1)
        if isinstance(entry, GameEntry):
            if s.result is None:
                state.problems += 1
            elif entry.declarer in table.players:
                state.declared[entry.declarer] += 1
                (state.won if s.result.won else state.lost)[entry.declarer] += 1
        elif isinstance(entry, RamschEntry):
            state.ramsch += 1
        else:
            state.passed += 1
        if not entry.inserted:  # §8: a game entered later counts in no round, starts none
            rounds.advance()
            if bock_on and triggered(
                triggers, entry, s.result, before, state.totals, ramsch_round=ramsch_round
            ):
                rounds.trigger()
        state.count = index + 1
        problems = rule_problems(table, index, entry, ramsch_round, outside, deal=deal)
        # a Ramsch naming the dealer at a table of four: that problem says all (rules §1)
        superseded = isinstance(entry, RamschEntry) and dealer_named(table, deal, entry)
        if s.error is not None and s.error not in problems and not superseded:
            problems.insert(0, s.error)
        out.append(
            Row(
                number=index + 1,
                round=deal // table.size + 1,
                dealer=table.dealer(deal),
                entry=entry,
                result=s.result,
                ramsch=s.ramsch,
                error=s.error,
                problems=tuple(problems),
                points=s.points,
                sf_points=s.sf_points,
                totals=dict(state.totals),
                sf_totals=dict(state.sf_totals),
                bock=bock,
                ramsch_round=ramsch_round,
                pending=rounds.ahead(),
            )
        )
    return out, state


@given(lists())
def test_the_sheet_is_its_plain_definition(case: tuple[Table, list[Entry]]) -> None:
    """Every row (values, points, totals, Bock and Ramsch rounds, problems) and the state after
    the list are those of the plain game-by-game derivation."""
    table, games = case
    expected, state = plain(table, games)
    assert list(rows(table, games)) == expected
    assert derive(table, games) == state
    assert last_row(table, games) == (expected[-1] if expected else None)
    # organised play's results (rules §7) are the derivation's, without its rows
    assert played(table, games) == derivation(table, games).results


@given(lists())
def test_every_problem_is_found_as_the_rows_name_them(case: tuple[Table, list[Entry]]) -> None:
    """``check`` lists each row's problems and each paper value that differs, in order."""
    table, games = case
    expected, _ = plain(table, games)
    found: list[tuple[int, str]] = []
    for row in expected:
        found += [(row.number, str(problem)) for problem in row.problems]
        if row.paper_mismatch:
            assert isinstance(row.entry, GameEntry) and row.entry.paper and row.result
            paper, worth = signed(row.entry.paper.value), signed(row.result.list_points)
            found.append((row.number, f"the paper says {paper}, the game is worth {worth}"))
    assert [(n, str(problem)) for n, problem in check(table, games)] == found


def test_a_row_shows_its_game_and_totals_and_equals_only_a_row() -> None:
    """A row's repr names its number and totals (what a failed test shows); it equals a row
    with the same facts only, and is not hashable (its points and totals are dicts)."""
    table = Table(("Anna", "Ben", "Carl"), "Anna", build_rule_set("isko"))
    parsed = parse_words("kreuz mit 1 augen 72".split())
    games: list[Entry] = [
        GameEntry(declarer="Anna", declaration=parsed.declaration, outcome=parsed.outcome)
    ]
    (row,) = rows(table, games)
    shown = repr(row)
    assert shown.startswith("Row(number=1, round=1, dealer='Anna'")
    assert shown.endswith("totals={'Anna': 24, 'Ben': 0, 'Carl': 0})")
    assert row == next(rows(table, games)) and row != shown
    with pytest.raises(TypeError):
        hash(row)
