"""Checking a log on its own: header, chain, hashes and schemas.

One set of rules, used by every reader (the JSONL file, the SQLite store, and
anything handed a header and records): a log is intact when

* its header is valid and its ``hash`` is the hash of its content,
* its events are seq 1, 2, 3... with no gap, duplicate or reordering,
* every event belongs to the header's match, ``prev`` is the hash of the event
  before it (the header's hash for seq 1), and ``hash`` is the hash of the event,
* every event's type is known and its payload matches that type's schema,
* nothing follows the event that ends the match (a type whose ``FINAL`` is set),
* it holds at most :data:`MAX_EVENTS` events.

The first problem found is raised as :class:`CorruptLog` (or its subclass
:class:`UnknownEventType`) with a message that says where. Nothing here
re-runs the rules: that is ``verify``'s job.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ContextManager, Iterable, Protocol, Sequence

from . import FORMAT, canonical
from .envelope import Record
from .errors import CorruptLog, UnsupportedRules
from .events import OUTCOME, Event, EventRegistry
from .game import game_for, load_game
from .header import Header
from . import store_ledger as ledger
from .validate import validate_envelope, validate_header, validate_payload


# The most events one match's log may hold: a documented limit far above any real match (a 200-turn
# three-fleet Cogs of Valor match is about 10,000), so that a forged or runaway log is refused early.
MAX_EVENTS = 100_000


@dataclass(frozen=True, slots=True)
class LogFile:
    """A whole log that passed :func:`check`: the header and its events in order."""

    header: Header
    records: list[Record]

    @property
    def match_id(self) -> str:
        return self.header.match_id

    @property
    def final_hash(self) -> str:
        """The last event's hash (the header's while there are none): it covers the whole log."""
        return self.records[-1].hash if self.records else self.header.hash

    @property
    def digest(self) -> str:
        """``final_hash`` short enough for a score sheet (``XXXX-XXXX-XXXX``)."""
        return canonical.short_digest(self.final_hash)


def registry_for(header: Header, registry: EventRegistry | None = None) -> EventRegistry:
    """The event registry of the header's game (loaded by name unless given)."""
    if registry is None:
        try:
            return game_for(header).events
        except UnsupportedRules:
            return load_game(header.game).events  # its structure is still checked; verify says why not its rules
    if registry.game != header.game:
        raise CorruptLog(
            f"match {header.match_id} is a {header.game!r} log, not a {registry.game!r} one"
        )
    return registry


def parse_header(raw: Any, where: str) -> Header:
    """Check a parsed header line (shape, format, schema, hash) and build the Header."""
    if not isinstance(raw, dict):
        raise CorruptLog(f"{where}: the header must be a JSON object, found {type(raw).__name__}")
    if "format" not in raw and "seq" in raw and "prev" in raw:
        raise CorruptLog(
            f"{where}: this is an event (seq {raw['seq']!r}), not a match header; "
            "the header line is missing"
        )
    if "format" not in raw:
        raise CorruptLog(f"{where}: not a beatlog log header (it has no format field)")
    if raw["format"] != FORMAT:
        raise CorruptLog(f"{where}: unsupported log format {raw['format']!r}; this beatlog reads {FORMAT!r}")
    validate_header(raw, where)
    header = Header.from_dict(raw)
    if header.hash != raw["hash"]:
        raise CorruptLog(
            f"{where}: header hash mismatch: recorded {raw['hash'][:12]}…, computed "
            f"{header.hash[:12]}… (the header was changed after the match was recorded)"
        )
    return header


class Chain:
    """Checks a match's events one at a time, in order, against its header."""

    def __init__(self, header: Header, registry: EventRegistry, *, hashes: bool = True) -> None:
        """``hashes=False`` trusts each event's ``hash`` to be its content's (a caller that just checked it)."""
        self.header = header
        self.registry = registry
        self.hashes = hashes
        self.next_seq = 1
        self.prev_hash = header.hash
        self._players = len(header.players)
        self.ended: tuple[int, str] | None = None  # (seq, type) of the event that ended the match

    def feed(self, raw: Any, where: str, line: bytes | None = None) -> Record:
        """Check one parsed event; return it as a Record.

        ``line``, when given, must be the canonical JSON ``raw`` was parsed
        from (the caller has checked ``dumps(raw) == line``); the hash is then
        taken from it directly instead of serialising the event again.
        """
        self.check(raw, where, line)
        return Record(**raw)

    def check(self, raw: Any, where: str, line: bytes | None = None) -> None:
        """:meth:`feed` for a caller that already holds the Record (nothing is built)."""
        if not isinstance(raw, dict):
            raise CorruptLog(f"{where}: an event must be a JSON object, found {type(raw).__name__}")
        validate_envelope(raw, where)
        if raw["match_id"] != self.header.match_id:
            raise CorruptLog(
                f"{where}: match_id {raw['match_id']!r} is not this log's match "
                f"({self.header.match_id!r})"
            )
        seq = raw["seq"]
        if seq != self.next_seq:
            raise CorruptLog(f"{where}: expected seq {self.next_seq}, found {seq} ({self._gap(seq)})")
        if seq > MAX_EVENTS:
            raise CorruptLog(f"{where}: a match log holds at most {MAX_EVENTS:,} events (the longest match "
                             "any game records is a small fraction of that)")
        if raw["prev"] != self.prev_hash:
            before = "the header" if seq == 1 else f"seq {seq - 1}"
            raise CorruptLog(
                f"{where}: chain broken: prev {raw['prev'][:12]}… is not the hash of {before} "
                f"({self.prev_hash[:12]}…); an event was removed, inserted or replaced"
            )
        recorded = raw["hash"]
        computed = canonical.sha256_hex(body_bytes(raw, line)) if self.hashes else recorded
        if computed != recorded:
            raise CorruptLog(
                f"{where}: hash mismatch: recorded {recorded[:12]}…, computed {computed[:12]}… "
                "(the event was changed after it was sealed)"
            )
        self._check_refs(raw, seq, where)
        cls = validate_payload(raw, self.registry, where)
        if self.ended is not None:
            raise CorruptLog(
                f"{where}: {raw['type']} after the end of the match (seq {self.ended[0]}, {self.ended[1]}): "
                "a log holds one match and nothing follows its end"
            )
        self.took(seq, recorded, cls)

    def took(self, seq: int, hash_: str, cls: type[Event]) -> None:
        """Stand after record ``seq`` of class ``cls`` with hash ``hash_``, taken as sound (checked here, or
        vouched for by its caller)."""
        if cls.FINAL:
            self.ended = (seq, cls.TYPE)
        self.next_seq = seq + 1
        self.prev_hash = hash_

    def feed_record(self, record: Record, where: str) -> None:
        """Check a Record object the same way (its fields, as a reader would see them)."""
        self.check(record.to_dict(), where)

    def rederived(self, record: Record, engine: Record) -> bool:
        """Take ``record`` unchecked when it is the outcome ``engine`` re-derived, in this very place.

        Equal hashes mean equal bytes only for a record whose hash is its
        content's: checked here unless the chain was built to trust hashes.
        """
        if (engine.kind != OUTCOME or record.hash != engine.hash or record.seq != self.next_seq
                or record.prev != self.prev_hash or (self.hashes and record.expected_hash() != record.hash)):
            return False
        if self.ended is not None:
            return False  # checked in full, to be refused with its message
        self.took(record.seq, record.hash, self.registry.get(record.type))
        return True

    def _gap(self, seq: int) -> str:
        if seq < self.next_seq:
            return f"seq {seq} came already: a duplicated or reordered event"
        if seq == self.next_seq + 1:
            return f"seq {self.next_seq} is missing or out of order"
        return f"seqs {self.next_seq}-{seq - 1} are missing or out of order"

    def _check_refs(self, raw: dict[str, Any], seq: int, where: str) -> None:
        """Seat numbers name a player of this match; causes point backwards."""
        for field in ("actor", "visibility"):
            value = raw[field]
            if type(value) is int and value >= self._players:
                raise CorruptLog(
                    f"{where}: {field}: player {value} does not exist "
                    f"(the match has {self._players} players, 0-{self._players - 1})"
                )
        cause = raw["cause"]
        if cause is not None and cause >= seq:
            raise CorruptLog(f"{where}: cause: seq {cause} is not an earlier event than seq {seq}")


def body_bytes(raw: dict[str, Any], line: bytes | None) -> bytes:
    """The canonical JSON of the envelope without ``hash``: what ``hash`` covers."""
    if line is not None:
        # In canonical form the top-level "hash" is followed only by scalar
        # fields (kind, match_id, prev, seq, type, visibility) and a string
        # cannot hold an unescaped quote, so its last occurrence is the one.
        member = b',"hash":"' + raw["hash"].encode() + b'"'
        at = line.rfind(member)
        if at > 0:
            return line[:at] + line[at + len(member):]
    body = dict(raw)
    del body["hash"]
    return canonical.dumps(body)


def check(
    header: Header,
    records: Iterable[Record],
    registry: EventRegistry | None = None,
    *,
    source: str = "",
    hashes: bool = True,
    derived: Sequence[Record] = (),
) -> None:
    """Raise the first problem of a log given as objects (None when it is intact).

    ``source`` (a file or database name) prefixes every message. ``hashes=False``
    skips recomputing each event's hash, for a caller that has just done so
    (``verify`` re-derives and compares every hash before this pass).

    ``derived`` is what the engine wrote when it re-executed the log (verify's
    run): an outcome with the same hash as the engine's record at its place is
    that record byte for byte, and the engine, fed valid inputs, writes only
    valid outcomes (tests/test_verify_fast_path.py holds it to that). Such an
    outcome is not checked again. Every input is, in full and in order: the
    engine passes parts of an input through untouched, so its bytes being
    reproduced proves nothing about them. A bad outcome the engine cannot have
    written comes after the bad input it was made from, so the first problem
    found, and its message, are the same as without ``derived``.
    """
    prefix = f"{source}: " if source else ""
    parse_header(header.to_dict(), f"{prefix}match {header.match_id}, header")
    chain = Chain(header, registry_for(header, registry), hashes=hashes)
    for i, record in enumerate(records):
        if i < len(derived) and chain.rederived(record, derived[i]):
            continue
        chain.feed_record(record, f"{prefix}match {header.match_id}, seq {record.seq}")


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match of a store that passed :func:`check_store`."""

    log: LogFile
    finished: bool


class StoredMatches(Protocol):
    """What checking a store needs of it (:class:`recorder.store.Store` and every backend)."""

    name: str
    has_ledger: bool

    def check_schema(self) -> None: ...
    def match_ids(self) -> list[str]: ...
    def snapshot(self) -> ContextManager[Any]: ...
    def read(self, match_id: str) -> LogFile: ...
    def summary(self, match_id: str) -> Any: ...


def check_store(store: StoredMatches, match_ids: Sequence[str] | None = None) -> list[StoredMatch]:
    """Check a database: its append-only triggers, each match (all by default), then its ledger.

    Besides each match's own chain, the match row's counters must agree with
    its events: a row claiming more events than exist means events were lost.
    The store's ledger (:mod:`recorder.store_ledger`) must be intact and
    account for every match (those named, when ``match_ids`` is given): none
    deleted, cut short after it finished, or marked unfinished again.
    """
    store.check_schema()
    ids = match_ids if match_ids is not None else store.match_ids()
    checked = [check_stored_match(store, match_id) for match_id in ids]
    check_ledger(store, None if match_ids is None else set(match_ids))
    return checked


def check_ledger(store: Any, match_ids: set[str] | None = None) -> "ledger.Head | None":
    """The store's ledger checked against its matches (in one snapshot); None if the store has none."""
    if not store.has_ledger:
        return None
    with store.snapshot():
        return ledger.check(store, match_ids)


def check_stored_match(store: StoredMatches, match_id: str) -> StoredMatch:
    """Check one match of a store: its chain, and its row's counters against its events.

    Everything is read in one snapshot, so a writer appending meanwhile is
    either wholly seen or not at all, never as "events were lost".
    """
    with store.snapshot():
        log = store.read(match_id)
        row = store.summary(match_id)
    if row.event_count != len(log.records) or row.final_hash != log.final_hash:
        raise CorruptLog(
            f"{store.name}: match {match_id}: the matches table says {row.event_count} events "
            f"ending in {row.final_hash[:12]}…, but the events table holds {len(log.records)} "
            f"ending in {log.final_hash[:12]}…"
        )
    return StoredMatch(log, row.finished)
