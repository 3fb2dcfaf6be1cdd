"""recorder.quickcheck never says yes wrongly, and says yes to every record the engines write.

Its yes skips the full validators, so it must imply theirs (fastjsonschema's,
which decides, and jsonschema's, which words errors), and, for a schema it
calls closed, that no float hides anywhere in the value. Its no costs only
time: the full validators then decide as before.
"""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recorder import quickcheck, schemagen
from recorder.events import KERNEL
from recorder.games.battlecon import GAME as BATTLECON
from recorder.games.cogs import GAME as COGS
from recorder.header import Player
from recorder.match import Match, run, sealed
from recorder.validate import _Compiled, _fast_form, _find_float
from tests.toygame import EVENTS

SCALARS = (st.none() | st.booleans() | st.integers(-(2**60), 2**60)
           | st.sampled_from([0, 1, 7, 8, -1, 2**53, 2**53 + 1, 1.0, 0.0, -0.0])
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8)
           | st.sampled_from(["public", "", "a" * 70, "input", "outcome", "hand", "removed", "x\n", "0" * 64,
                              "0" * 64 + "\n", "Abc", "Abc\n"]))
JSON = st.recursive(
    SCALARS,
    lambda inner: (st.lists(inner, max_size=4) | st.lists(inner, max_size=3).map(tuple)
                   | st.dictionaries(st.text(max_size=4), inner, max_size=4)),
    max_leaves=10,
)


def _whole_schemas() -> list[dict]:
    schemas = [schemagen.header_schema(), schemagen.envelope_schema()]
    schemas += [schemagen.event_schema(None, cls) for cls in KERNEL.own()]
    schemas += [schemagen.event_schema("toy", cls) for cls in EVENTS.own()]
    for registry in schemagen.installed_registries():
        schemas += [schemagen.event_schema(registry.game, cls) for cls in registry.own()]
    return schemas


WHOLE = [_Compiled(s) for s in _whole_schemas()]
FIELDS = [_Compiled({"type": "object", "properties": {"v": prop}, "required": ["v"]})
          for s in _whole_schemas() for prop in s["properties"].values()]


def _fast_accepts(compiled: _Compiled, value) -> bool:
    try:
        compiled.fast(value)
    except Exception:  # fastjsonschema's JsonSchemaValueException
        return False
    return True


def _implies_the_full_validators(compiled: _Compiled, value) -> None:
    if not compiled.quick(value):
        return
    assert _fast_accepts(compiled, value), (compiled.schema, value)
    assert compiled.explain(value) is None, (compiled.schema, value)
    if compiled.closed:
        assert _find_float(value, deque()) is None, (compiled.schema, value)


@settings(max_examples=600, deadline=None)
@given(index=st.integers(0, len(FIELDS) - 1), value=JSON)
def test_a_yes_for_one_field_implies_both_validators(index, value):
    _implies_the_full_validators(FIELDS[index], {"v": value})


def _records():
    header = BATTLECON.make_header(players=(Player("A", "cadenza"), Player("B", "kallistar")), edition="woi",
                                   seed=5, options={"duels": 1, "special_actions": True, "ante_finishers": True})
    match = Match(BATTLECON, header)
    run(match, {p: BATTLECON.bot("random", 50 + p, p) for p in (0, 1)})
    out = [(BATTLECON, header, r) for r in sealed(match)]
    header = COGS.make_header(players=(Player("A", "lions"), Player("B", "herons")), edition="standard", seed=5,
                              options={"turns": 4})
    match = Match(COGS, header)
    run(match, {p: COGS.bot("sensible", 5, p) for p in (0, 1)})
    return out + [(COGS, header, r) for r in sealed(match)]


RECORDS = _records()
ENVELOPE = _Compiled(schemagen.envelope_schema())


def _payload_schema(game, record) -> _Compiled:
    cls = game.events.get(record.type)
    return _Compiled(schemagen.event_schema(None if cls.TYPE in {c.TYPE for c in KERNEL.own()} else game.name, cls))


PAYLOADS = {(game.name, r.type): _payload_schema(game, r) for game, _, r in RECORDS}


@settings(max_examples=600, deadline=None)
@given(index=st.integers(0, len(RECORDS) - 1), field=st.data(), value=JSON)
def test_a_yes_for_a_damaged_record_implies_both_validators(index, field, value):
    game, _, record = RECORDS[index]
    raw = record.to_dict()
    key = field.draw(st.sampled_from(sorted(raw) + ["extra"]))
    _implies_the_full_validators(ENVELOPE, {**raw, key: value})
    _implies_the_full_validators(ENVELOPE, {k: v for k, v in raw.items() if k != key})
    payload = PAYLOADS[(game.name, record.type)]
    name = field.draw(st.sampled_from(sorted(record.data) + ["extra"]))
    _implies_the_full_validators(payload, {**record.data, name: value})
    _implies_the_full_validators(payload, {k: v for k, v in record.data.items() if k != name})


def test_every_record_the_engines_write_gets_a_yes():
    for game, header, record in RECORDS:
        assert ENVELOPE.quick(record.to_dict()), record
        payload = PAYLOADS[(game.name, record.type)]
        assert payload.quick(record.data) and payload.closed, record


def test_every_schema_beatlog_publishes_compiles():
    # The header's free-form options make it open; everything else is closed.
    for compiled in WHOLE:
        assert compiled.quick is not quickcheck._never, compiled.schema["title"]
        assert compiled.closed or compiled.schema["title"] in ("header", "envelope"), compiled.schema["title"]


def _quick(schema):
    return quickcheck.compile(_fast_form(schema))


@pytest.mark.parametrize("schema,good,bad", [
    ({"type": "integer", "minimum": 0, "maximum": 7}, [0, 7], [True, 1.0, 8, -1, "1", None]),
    ({"type": ["null", "integer"]}, [None, 3], [False, 2.0]),
    ({"type": "string", "maxLength": 3, "pattern": "^[a-c]+$"}, ["abc", "a"], ["abcd", "abd", "ab\n", ""]),
    ({"enum": ["hand", "discard1"]}, ["hand"], ["Hand", 1, None]),
    ({"enum": [1, 2]}, [1, 2], [True, 1.0, "1"]),
    ({"const": "public"}, ["public"], ["public\n", 0]),
    ({"anyOf": [{"const": "public"}, {"type": "integer", "minimum": 0}]}, ["public", 0], ["x", -1, 0.0]),
    ({"type": "array", "items": {"type": "integer"}, "maxItems": 2}, [[], [1, 2]], [(1,), [1, 2, 3], [True]]),
    ({"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "string"}}, "required": ["a"],
      "additionalProperties": False}, [{"a": 1}, {"a": 1, "b": "x"}], [{"b": "x"}, {"a": 1, "c": 2}, {"a": "1"}]),
    ({"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
     [{}, {"k": ["x"]}], [{"k": "x"}, {"k": [1]}]),
])
def test_quick_semantics(schema, good, bad):
    quick = _quick(schema)
    assert all(quick.check(v) for v in good), good
    assert not any(quick.check(v) for v in bad), bad


def test_unknown_keywords_and_free_form_parts():
    assert _quick({"type": "string", "format": "date"}).check is quickcheck._never
    assert _quick({"type": "array", "prefixItems": [{}]}).check is quickcheck._never
    assert _quick({"type": "string", "pattern": "a$|b$"}).check is quickcheck._never
    assert not _quick({"type": "object"}).closed  # any object: floats inside are the float check's to find
    assert not _quick({"type": "array"}).closed
    assert not _quick({"type": "object", "properties": {"a": {}}, "additionalProperties": False}).closed
    assert _quick({"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"],
                   "additionalProperties": False}).closed
