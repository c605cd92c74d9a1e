"""An independent check of a list file, for the tests: the JSON Schema that ``skatliste
schema`` prints, interpreted here (a small interpreter of the subset the format uses, strict
like the reader), and the format's rules beyond types and bounds, written out again from
docs/file-format.md. The reader must accept exactly what this accepts."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from skatliste.families import all_presets
from skatliste.store.lists import json_schema

_Schema = Mapping[str, Any]
_Check = Callable[[object], bool]
_TYPES: dict[str, Callable[[object], bool]] = {
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: type(v) is bool,
    "string": lambda v: type(v) is str,
    "null": lambda v: v is None,
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list,
}


def _between(low: int, high: int, measure: Callable[[Any], int]) -> _Check:
    return lambda v: low <= measure(v) <= high


class _Schemas:
    """A JSON Schema, compiled to checks once per part."""

    def __init__(self, schema: _Schema) -> None:
        self.root = schema
        self.defs: Mapping[str, _Schema] = schema.get("$defs", {})
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._compiled: dict[int, _Check] = {}

    def resolve(self, schema: _Schema) -> _Schema:
        ref = schema.get("$ref")
        if ref is None:
            return schema
        return self.defs[ref.rsplit("/", 1)[1]]

    def pattern(self, text: str) -> re.Pattern[str]:
        found = self._patterns.get(text)
        if found is None:
            # JSON Schema's '$' is the end of the text, not before a final newline
            found = self._patterns[text] = re.compile(re.sub(r"\$$", r"\\Z", text))
        return found

    def valid(self, value: object, schema: _Schema) -> bool:
        """Does ``value`` satisfy ``schema``? (Which problem, pydantic says.)"""
        return self.checker(schema)(value)

    def checker(self, schema: _Schema) -> _Check:
        """``schema`` compiled to one function (once per schema: a list has many games)."""
        schema = self.resolve(schema)  # a part of the loaded schema: its id is stable
        found = self._compiled.get(id(schema))
        if found is None:
            found = self._compiled[id(schema)] = self._compile(schema)
        return found

    def _compile(self, schema: _Schema) -> _Check:
        schema = self.resolve(schema)
        if "anyOf" in schema:
            return self._any_of(schema)
        if "oneOf" in schema:
            return self._one_of(schema)
        checks = [*self._scalar_checks(schema), *self._nested_checks(schema)]
        if len(checks) == 1:
            return checks[0]
        if len(checks) == 2:
            one, two = checks
            return lambda v: one(v) and two(v)
        return lambda v: all(check(v) for check in checks)

    def _any_of(self, schema: _Schema) -> _Check:
        options = [self.checker(s) for s in schema["anyOf"]]
        if len(options) == 2 and schema["anyOf"][1] == {"type": "null"}:
            first = options[0]
            return lambda v: v is None or first(v)
        return lambda v: any(check(v) for check in options)

    def _one_of(self, schema: _Schema) -> _Check:
        key = schema["discriminator"]["propertyName"]
        by_kind = {
            kind: self.checker({"$ref": ref})
            for kind, ref in schema["discriminator"]["mapping"].items()
        }

        def one_of(v: object) -> bool:
            if type(v) is not dict:
                return False
            kind = v.get(key)
            check = by_kind.get(kind) if type(kind) is str else None
            return check is not None and check(v)

        return one_of

    def _scalar_checks(self, schema: _Schema) -> list[_Check]:
        """The type, const, enum, bounds, length and pattern of a value."""
        checks: list[_Check] = []
        kind = schema.get("type")
        if kind is not None:
            checks.append(_TYPES[kind])
        if "const" in schema:
            c = schema["const"]
            checks.append(lambda v: type(v) is type(c) and v == c)
        if "enum" in schema:
            allowed = {(type(e), e) for e in schema["enum"]}
            checks.append(lambda v: (type(v), v) in allowed)
        if kind == "integer" and ("minimum" in schema or "maximum" in schema):
            low = schema.get("minimum", -(2**63))
            high = schema.get("maximum", 2**63)
            checks.append(_between(low, high, lambda v: v))
        if kind in ("string", "array"):
            low = schema.get("minLength", schema.get("minItems", 0))
            high = schema.get("maxLength", schema.get("maxItems", 2**63))
            if low or high < 2**63:
                checks.append(_between(low, high, len))
        if "multipleOf" in schema:
            step = schema["multipleOf"]
            checks.append(lambda v: v % step == 0)  # type: ignore[operator,unused-ignore]
        if "pattern" in schema:
            search = self.pattern(schema["pattern"]).search
            checks.append(lambda v: search(v) is not None)  # type: ignore[call-overload]
        return checks

    def _nested_checks(self, schema: _Schema) -> list[_Check]:
        """The items of an array, the properties of an object."""
        kind = schema.get("type")
        if kind == "array" and "items" in schema:
            item = self.checker(schema["items"])
            return [lambda v: all(item(x) for x in v)]
        if kind == "object":
            return [self._object(schema)]
        return []

    def _object(self, schema: _Schema) -> _Check:
        props = {k: self.checker(p) for k, p in schema.get("properties", {}).items()}
        required = frozenset(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_check = None if isinstance(extra, bool) else self.checker(extra)
        low = schema.get("minProperties", 0)
        high = schema.get("maxProperties", 2**63)

        def check(v: Any) -> bool:
            if not low <= len(v) <= high or not required <= v.keys():
                return False
            for key, item in v.items():
                sub = props.get(key)
                if sub is not None:
                    if not sub(item):
                        return False
                elif extra is False or (extra_check is not None and not extra_check(item)):
                    return False
            return True

        return check


_SCHEMAS: _Schemas | None = None


def _names(entry: Mapping[str, Any]) -> list[object]:
    """Every player's name an entry holds (docs/file-format.md)."""
    kind = entry.get("kind")
    if kind in ("game", "deal"):
        return [entry.get("declarer")]
    if kind == "ramsch":
        extra = [entry["durchmarsch"]] if entry.get("durchmarsch") is not None else []
        return [*entry.get("augen", {}), *entry.get("jungfrau", ()), *extra]
    return []


def _semantics(data: Mapping[str, Any]) -> bool:
    """The rule set is one of its family's, each option allowed; the players differ, the
    first dealer is one of them, their count is the rule set's; every name is a player's."""
    rules = data["rules"]
    family = all_presets().get(rules["preset"])
    if family is None:
        return False
    try:
        rule_set = family.rules(rules["preset"], rules["options"])
    except ValueError:
        return False
    players = data["players"]
    if len({p.casefold() for p in players}) != len(players) or data["first_dealer"] not in players:
        return False
    if len(players) not in rule_set.player_counts:
        return False
    entries = list(data.get("games", ()))
    for item in data.get("history", ()):
        entries += [e for e in (item["entry"], item.get("replaced_by")) if e is not None]
    return all(name in players for entry in entries for name in _names(entry))


def accepts(text: str) -> bool:
    """Whether a list file is right: valid JSON without a key given twice, valid by its
    family's printed schema, and right by the rules beyond it."""
    twice = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal twice
        found = dict(items)
        twice = twice or len(found) != len(items)
        return found

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except ValueError:
        return False
    if twice or not isinstance(data, dict):
        return False
    rules = data.get("rules")
    preset = rules.get("preset") if isinstance(rules, dict) else None
    family = all_presets().get(preset) if isinstance(preset, str) else None
    schemas = [json_schema(family)] if family is not None else []
    return any(_Schemas(s).valid(data, s) for s in schemas) and _semantics(data)
