"""The strict reader's quick test of a field lets through only what the field's check lets
through: it makes reading a long list cheaper, never more lenient."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skatliste.american.family import DEAL
from skatliste.fields import Boolean, Integer, Record, Text, Type
from skatliste.skat.family import GAME, RAMSCH

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 200),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["grand", "clubs", "Anna", "", "null", "hearts", "whist"]),
)

TYPES: list[Type] = [
    Boolean(),
    Boolean(nullable=True),
    Integer(0, 120),
    Integer(1, 11, nullable=True),
    Integer(0, 100, step=5),
    Integer(5, step=5),
    Integer(0, 10_000),
    Text(),
    Text(min_length=1),
    Text(nullable=True),
    Text(choices=("grand", "clubs", "")),
    Text(min_length=1, choices=("grand", "clubs", "")),
    Text(pattern=r"[a-z]+", like="abc"),
]


@pytest.mark.parametrize("kind", TYPES, ids=repr)
@given(value=scalars)
def test_what_the_quick_test_lets_through_the_check_lets_through(kind: Type, value: Any) -> None:
    quick = kind.fast()
    passes = quick is not None and type(value) is quick[0]
    if passes and quick is not None and (quick[1] is None or value in quick[1]):
        assert kind.check()(value) is None


@pytest.mark.parametrize(
    ("kind", "quick"),
    [
        (Boolean(), (bool, None)),
        (Integer(0, 4, step=2), (int, frozenset({0, 2, 4}))),
        (Integer(5, step=5), None),
        (Integer(0, 10_000), None),
        (Text(), (str, None)),
        (Text(min_length=1), None),
        (Text(min_length=1, choices=("a", "")), (str, frozenset({"a"}))),
        (Text(pattern="x"), None),
    ],
    ids=repr,
)
def test_the_quick_tests(kind: Type, quick: Any) -> None:
    assert kind.fast() == quick


def field_values(record: Record) -> st.SearchStrategy[dict[str, Any]]:
    names = [f.name for f in record.fields]
    return st.dictionaries(st.sampled_from([*names, "kind", "extra"]), scalars, max_size=8)


@pytest.mark.parametrize("record", [GAME, RAMSCH, DEAL], ids=lambda r: r.name)
@given(data=st.data())
def test_a_record_finds_the_same_problem_with_or_without_the_quick_tests(
    record: Record, data: st.DataObject
) -> None:
    item = data.draw(field_values(record))
    slow = Record(record.name, record.fields, tagged=record.tagged)
    slow._fast.clear()
    found, again = record.problem(item), slow.problem(item)
    assert (found is None) == (again is None)
    if found is not None and again is not None:
        assert found.render("en") == again.render("en")


def test_a_bool_is_not_taken_for_a_whole_number_nor_a_float() -> None:
    spitzen = Integer(1, 11).fast()
    assert spitzen is not None and spitzen[1] is not None
    assert True in spitzen[1]  # the set alone would take it (True == 1) ...
    assert GAME.problem({"kind": "game", "declarer": "Anna", "game": "grand", "spitzen": True})
    assert GAME.problem({"kind": "game", "declarer": "Anna", "game": "grand", "spitzen": 2.0})
