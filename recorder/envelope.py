"""The event envelope shared by every game, and the hash chain over it.

A :class:`Record` is one line of a log. Its ``hash`` is the SHA-256 of the
canonical JSON of every other field; its ``prev`` is the previous record's
hash, or the match header's hash for seq 1. Changing, inserting, deleting or
reordering anything therefore breaks the chain at the first place touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, NamedTuple

import orjson

from . import canonical
from .events import Event
from .frozen import quick_init

FIELDS = (
    "match_id", "seq", "duel", "beat", "type", "kind", "actor",
    "data", "cause", "visibility", "prev", "hash",
)


class Entry(NamedTuple):
    """An event as the engine emits it, before it is placed on a chain. Immutable; a named tuple rather than a
    frozen dataclass because the engine makes one for every event (a few hundred a duel) and a tuple is built
    several times faster."""

    seq: int
    duel: int
    beat: int
    event: Event
    actor: int | None
    cause: int | None
    visibility: str | int

    @property
    def type(self) -> str:
        return self.event.TYPE

    @property
    def kind(self) -> str:
        return self.event.KIND


@quick_init
@dataclass(frozen=True, slots=True)
class Record:
    """One sealed envelope: an event with its place in the chain."""

    match_id: str
    seq: int
    duel: int
    beat: int
    type: str
    kind: str
    actor: int | None
    data: dict[str, Any]
    cause: int | None
    visibility: str | int
    prev: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        body = self.body()
        body["hash"] = self.hash
        return body

    def body(self) -> dict[str, Any]:
        """Everything the hash covers (the envelope without ``hash``).

        Spelled out rather than built from FIELDS: every reader and verify
        call it once or twice per record, and this is about twice as fast.
        """
        return {
            "match_id": self.match_id, "seq": self.seq, "duel": self.duel, "beat": self.beat,
            "type": self.type, "kind": self.kind, "actor": self.actor, "data": self.data,
            "cause": self.cause, "visibility": self.visibility, "prev": self.prev,
        }

    def line(self) -> bytes:
        """The record as one canonical JSON line (without the newline)."""
        return canonical.dumps(self.to_dict())

    def expected_hash(self) -> str:
        return canonical.digest(self.body())


def seal(match_id: str, entry: Entry, prev: str) -> Record:
    """Place ``entry`` on the chain after a record (or header) hashed ``prev``.

    The record's ``data`` is JSON-shaped (lists, not tuples; keys sorted),
    exactly what a reader of the log line gets back, so a sealed record equals
    the same record read from a file.
    """
    body, digest = sealed_body(match_id, entry, prev)
    # Positional: the same fields in FIELDS order, without unpacking the dict again.
    return Record(match_id, entry.seq, entry.duel, entry.beat, body["type"], body["kind"], entry.actor,
                  body["data"], entry.cause, entry.visibility, prev, digest)


def sealed_body(match_id: str, entry: Entry, prev: str) -> tuple[dict[str, Any], str]:
    """What :func:`seal` would make of ``entry``: its body (every field but ``hash``) and its hash.

    For a caller that only wants to compare the hash (verify, against a record it already holds).
    """
    event = entry.event
    body = {
        "match_id": match_id,
        "seq": entry.seq,
        "duel": entry.duel,
        "beat": entry.beat,
        "type": event.TYPE,
        "kind": event.KIND,
        "actor": entry.actor,
        "data": _payload(event),
        "cause": entry.cause,
        "visibility": entry.visibility,
        "prev": prev,
    }
    return body, canonical.sha256_hex(canonical.dumps(body))


# Event class -> the function that writes an entry of it (see entry_writer).
_WRITERS: dict[type, Callable[[str, Entry, str], bytes]] = {}


def entry_writer(cls: type[Event]) -> Callable[[str, Entry, str], bytes]:
    """The function that writes :func:`entry_bytes` for entries of events of class ``cls``, made once per class.

    It builds the record's body as one dict display whose payload reads each field straight off the event
    (``event.<field>``), in canonical key order, and hands it to orjson: no field-name tuple zipped with an
    attribute getter, no second dict. Generated from the class's field names alone, as :mod:`dataclasses`
    writes an ``__init__`` (and :func:`recorder.frozen.quick_init` a quicker one); its TYPE and KIND are
    closed over, not written into the source.
    """
    found = _WRITERS.get(cls)
    if found is not None:
        return found
    names = sorted(cls.field_names())
    if not all(name.isidentifier() for name in names):  # a dataclass field always is one: a guard, not a case
        raise ValueError(f"event class {cls.__name__} has a field name that is not an identifier: {names}")
    payload = ", ".join(f"{name!r}: event.{name}" for name in names)
    source = (
        "def _make(dumps, option, type_, kind):\n"
        "  def write(match_id, entry, prev):\n"
        "    seq, duel, beat, event, actor, cause, visibility = entry\n"
        "    return dumps({'actor': actor, 'beat': beat, 'cause': cause, "
        f"'data': {{{payload}}}, 'duel': duel, 'kind': kind, 'match_id': match_id, 'prev': prev, "
        "'seq': seq, 'type': type_, 'visibility': visibility}, option=option)\n"
        "  return write\n"
    )
    scope: dict[str, Any] = {}
    exec(source, scope)  # noqa: S102 -- built from field names only (checked above)
    write = scope["_make"](orjson.dumps, canonical.OPTIONS, cls.TYPE, cls.KIND)
    write.__qualname__ = f"entry_writer.<{cls.__name__}>"
    _WRITERS[cls] = write
    return write


def entry_bytes(match_id: str, entry: Entry, prev: str) -> bytes:
    """The canonical JSON that the hash of ``seal(match_id, entry, prev)`` covers, written straight from the
    event's own values: canonical JSON writes tuples as arrays and sorts every object's keys, so they serialise
    exactly as their JSON-shaped copies in :func:`sealed_body` would (tests/test_envelope_bytes.py). For a
    caller that wants only the hash or the line (verify), not the record. A caller in a hot loop may look the
    writer up itself: ``(WRITERS.get(type(event)) or entry_writer(type(event)))(match_id, entry, prev)``."""
    cls = type(entry[3])
    return (_WRITERS.get(cls) or entry_writer(cls))(match_id, entry, prev)


WRITERS = _WRITERS  # read-only for callers: filled by entry_writer


_CONTAINERS = (tuple, list, dict)
# Event class -> its field names in canonical (sorted) order; a dict lookup is cheaper than the classmethod.
_SORTED_NAMES: dict[type, tuple[str, ...]] = {}


def _payload(event: Event) -> dict[str, Any]:
    """The event's fields as parsed JSON would hold them, without a dump and re-parse."""
    cls = type(event)
    names = _SORTED_NAMES.get(cls)
    if names is None:
        names = _SORTED_NAMES[cls] = cls.sorted_field_names()
    out = {}
    for name in names:
        value = getattr(event, name)
        out[name] = _plain(value) if isinstance(value, _CONTAINERS) else value
    return out


def _plain(value: Any) -> Any:
    # Scalars are taken as they are without a call: most values in a container are scalars.
    if isinstance(value, (tuple, list)):
        return [_plain(v) if isinstance(v, _CONTAINERS) else v for v in value]
    if isinstance(value, dict):
        return {k: _plain(value[k]) if isinstance(value[k], _CONTAINERS) else value[k] for k in sorted(value)}
    return value


def seal_all(match_id: str, entries: Iterable[Entry], prev: str) -> Iterator[Record]:
    for entry in entries:
        record = seal(match_id, entry, prev)
        prev = record.hash
        yield record
