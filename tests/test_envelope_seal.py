"""seal builds the record a reader of its line would get back, without re-parsing it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from recorder import canonical
from recorder.envelope import Entry, Record, seal
from recorder.events import INPUT, Event, EventRegistry

REGISTRY = EventRegistry("sealtest")


@REGISTRY.register
@dataclass(frozen=True, slots=True)
class Nested(Event):
    KIND: ClassVar[str] = INPUT
    zeta: int
    alpha: tuple[tuple[int, ...], ...]
    table: dict[str, tuple[str, ...]]
    maybe: bool | None


def test_a_sealed_record_equals_its_line_read_back():
    event = Nested(zeta=3, alpha=((2, 1), ()), table={"b": ("x",), "a": ()}, maybe=True)
    record = seal("m-000000000000", Entry(1, 1, 0, event, 0, None, 0), "0" * 64)
    read_back = Record(**canonical.loads(record.line()))
    assert read_back == record
    assert record.data == {"alpha": [[2, 1], []], "maybe": True, "table": {"a": [], "b": ["x"]}, "zeta": 3}
    # Same key order as parsed JSON, down to nested objects, so any consumer sees the same thing.
    assert list(record.data) == ["alpha", "maybe", "table", "zeta"]
    assert list(record.data["table"]) == ["a", "b"]
    assert record.hash == record.expected_hash() == canonical.sha256_hex(
        canonical.dumps({k: v for k, v in read_back.to_dict().items() if k != "hash"}))
