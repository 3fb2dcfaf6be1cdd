"""The fast validators accept exactly what the published schemas accept.

validate.py compiles a rewritten (faster) form of each schema with
fastjsonschema and adds a float check; messages come from jsonschema on the
published schema. Both must agree on every value, or a log could pass one
reader and fail another.
"""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from recorder import schemagen
from recorder.events import KERNEL
from recorder.validate import _Compiled, _find_float
from tests.toygame import EVENTS

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.sampled_from([0, 1, 7, 8, -1, 2**53, 2**53 + 1])
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8) | st.sampled_from(["public", "", "a" * 70]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=8,
)


def _property_schemas() -> list[dict]:
    schemas = [schemagen.header_schema(), schemagen.envelope_schema()]
    schemas += [schemagen.event_schema(None, cls) for cls in KERNEL.own()]
    schemas += [schemagen.event_schema("toy", cls) for cls in EVENTS.own()]
    for registry in schemagen.installed_registries():
        schemas += [schemagen.event_schema(registry.game, cls) for cls in registry.own()]
    out = []
    for schema in schemas:
        for prop in schema["properties"].values():
            out.append({"type": "object", "properties": {"v": prop}, "required": ["v"]})
    return out


PROPERTY_SCHEMAS = [_Compiled(s) for s in _property_schemas()]


def _fast_accepts(compiled: _Compiled, value) -> bool:
    try:
        compiled.fast(value)
    except Exception:  # fastjsonschema's JsonSchemaValueException
        return False
    return _find_float(value, deque()) is None


def _exact_accepts(compiled: _Compiled, value) -> bool:
    # Every reader applies the no-floats rule after its schema check (validate._no_floats), so the
    # exact side does too: a float inside a free-form object is refused by both.
    return compiled.explain(value) is None and _find_float(value, deque()) is None


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(PROPERTY_SCHEMAS) - 1), value=JSON)
def test_fast_and_exact_validators_agree(index, value):
    compiled = PROPERTY_SCHEMAS[index]
    instance = {"v": value}
    assert _fast_accepts(compiled, instance) == _exact_accepts(compiled, instance), compiled.schema


def test_every_field_schema_is_covered():
    assert len(PROPERTY_SCHEMAS) > 20


CORPUS = [
    None, True, False, 0, 1, -1, 2, 3, 7, 8, 15, 1000, 1001, 2**53, 2**53 + 1, -(2**53), -(2**53) - 1,
    0.0, 1.0, 1.5, "", "public", "input", "outcome", "a", "Ab1", "x" * 5000, "0" * 64, "m-0123456789ab",
    [], [0], [1, 2], [1, 2, 3], [1] * 1001, ["a"], [None], [1.0], [[1]], {}, {"a": 1}, {"a": "b"}, {"a": None},
    {"name": "Ann", "side": "red"}, {"name": "", "side": "red"},
]


def _distinct(compiled_list):
    from recorder import canonical

    seen = {}
    for compiled in compiled_list:
        seen.setdefault(canonical.dumps(compiled.schema), compiled)
    return list(seen.values())


def test_fast_and_exact_validators_agree_on_a_fixed_corpus():
    disagreements = []
    for compiled in _distinct(PROPERTY_SCHEMAS):
        for value in CORPUS:
            instance = {"v": value}
            if _fast_accepts(compiled, instance) != _exact_accepts(compiled, instance):
                disagreements.append((compiled.schema["properties"]["v"], value if not isinstance(value, (str, list)) or len(value) < 20 else f"<{len(value)} long>"))
    assert not disagreements, disagreements[:5]
