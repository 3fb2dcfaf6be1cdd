"""The store's ledger: an append-only hash chain of every match's creation and completion.

Each match's events are chained, but nothing in a match says that the match
exists: with the append-only triggers dropped (and recreated), a whole match
can be deleted, its last events cut off, or its ``finished`` flag cleared,
and every match that is left still checks. The ledger closes that gap. Every
time a store records a new match it appends an entry ``created`` (the
header's hash), and when a match is marked finished an entry ``finished``
(its event count and final hash), each entry chained onto the one before:

    {"n": 7, "match_id": "m-…", "kind": "finished", "events": 84,
     "hash": "<the match's final hash>", "prev": "<entry 6's entry_hash>"}

``entry_hash`` is the SHA-256 of that object's canonical JSON (the genesis
``prev`` is 64 zeros). :func:`check` (``beatlog check --db``) holds the
matches to it: a match the ledger created must exist, one it finished must
still be finished with exactly that many events ending in that hash, and a
match with no ``created`` entry was added behind beatlog's back.

The ledger can itself be cut at its end, or re-forged, by someone who can
drop the triggers; that is what a seal of its head is for (``beatlog seal
--db``, :mod:`replay.seal`): a judge signs the head at the end of an event,
and ``verify --db --pubkey`` checks that the sealed entry is still there
with the same hash, so nothing recorded before the seal was removed since.

A store written by an earlier beatlog has no ledger; it gets one (back-filled
from its matches, in creation order) the next time it is opened for writing,
and ``check`` says when a store has none.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from . import canonical
from .errors import CorruptLog

# The store these functions are given: a recorder.store.Store of any backend (inside its transactions).
Store = Any

CREATED, FINISHED = "created", "finished"
GENESIS = "0" * 64
COLUMNS = ("n", "match_id", "kind", "events", "hash", "prev", "entry_hash")
_SELECT = f"SELECT {', '.join(COLUMNS)} FROM ledger ORDER BY n"
_INSERT = f"INSERT INTO ledger ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"


@dataclass(frozen=True, slots=True)
class Entry:
    """One ledger row."""

    n: int
    match_id: str
    kind: str  # CREATED or FINISHED
    events: int  # the match's event count at that moment (0 when created)
    hash: str  # the header's hash (created) or the match's final hash (finished)
    prev: str  # the previous entry's entry_hash (GENESIS for n = 1)
    entry_hash: str

    def body(self) -> dict[str, Any]:
        return {"n": self.n, "match_id": self.match_id, "kind": self.kind, "events": self.events,
                "hash": self.hash, "prev": self.prev}

    def expected_hash(self) -> str:
        return entry_hash(self.body())


@dataclass(frozen=True, slots=True)
class Head:
    """The ledger's last entry (what a store seal signs): ``n = 0`` for an empty ledger."""

    n: int
    entry_hash: str


def entry_hash(body: dict[str, Any]) -> str:
    return hashlib.sha256(canonical.dumps(body)).hexdigest()


def make_entry(n: int, match_id: str, kind: str, events: int, hash_: str, prev: str) -> Entry:
    body = {"n": n, "match_id": match_id, "kind": kind, "events": events, "hash": hash_, "prev": prev}
    return Entry(n, match_id, kind, events, hash_, prev, entry_hash(body))


def head(store: Store) -> Head:
    """The ledger's head as stored (unchecked)."""
    row = store._execute("SELECT n, entry_hash FROM ledger ORDER BY n DESC LIMIT 1").fetchone()
    return Head(0, GENESIS) if row is None else Head(int(row[0]), row[1])


def append(store: Store, match_id: str, kind: str, events: int, hash_: str) -> Entry:
    """Append an entry (inside a write transaction that holds the ledger lock)."""
    last = head(store)
    entry = make_entry(last.n + 1, match_id, kind, events, hash_, last.entry_hash)
    store._execute(_INSERT, (entry.n, entry.match_id, entry.kind, entry.events, entry.hash, entry.prev,
                             entry.entry_hash))
    return entry


def entries(store: Store) -> list[Entry]:
    return [Entry(int(r[0]), r[1], r[2], int(r[3]), r[4], r[5], r[6]) for r in store._execute(_SELECT)]


def backfill(store: Store) -> int:
    """Give an earlier store's matches their entries (inside the write that creates the ledger).

    Matches are entered in the order they were added (SQLite's rowid, else by
    creation time and id); a finished match gets its ``finished`` entry right
    after its ``created`` one. Returns how many entries were written.
    """
    rows = store._execute(
        "SELECT match_id, header_hash, event_count, final_hash, finished FROM matches "
        f"ORDER BY {store.creation_order}"
    ).fetchall()
    written = 0
    for match_id, header_hash, count, final, finished in rows:
        append(store, match_id, CREATED, 0, header_hash)
        written += 1
        if finished:
            append(store, match_id, FINISHED, int(count), final)
            written += 1
    return written


def check(store: Store, match_ids: set[str] | None = None) -> Head:
    """Check the ledger and hold the matches to it; raise CorruptLog naming the first problem.

    Call inside one snapshot. ``match_ids``, when given, limits the
    match-by-match comparison to those matches (the chain is always checked
    whole). Returns the head.
    """
    name = store.name
    prev, n = GENESIS, 0
    created: dict[str, Entry] = {}
    finished: dict[str, Entry] = {}
    for entry in entries(store):
        where = f"{name}: ledger entry {entry.n}"
        if entry.n != n + 1:
            raise CorruptLog(f"{where}: expected entry {n + 1} (entries were removed or reordered)")
        if entry.prev != prev:
            raise CorruptLog(f"{where}: does not chain onto entry {n} (an entry before it was changed or removed)")
        if entry.entry_hash != entry.expected_hash():
            raise CorruptLog(f"{where}: hash mismatch (the entry was edited)")
        if entry.kind == CREATED:
            if entry.match_id in created:
                raise CorruptLog(f"{where}: match {entry.match_id} is created a second time "
                                 f"(first in entry {created[entry.match_id].n})")
            created[entry.match_id] = entry
        elif entry.kind == FINISHED:
            if entry.match_id not in created or entry.match_id in finished:
                raise CorruptLog(f"{where}: match {entry.match_id} is finished without being open")
            finished[entry.match_id] = entry
        else:
            raise CorruptLog(f"{where}: unknown kind {entry.kind!r}")
        prev, n = entry.entry_hash, entry.n
    rows = store._execute(
        "SELECT match_id, header_hash, event_count, final_hash, finished FROM matches ORDER BY match_id"
    ).fetchall()
    stored = {row[0]: row for row in rows}
    wanted = set(stored) | set(created) if match_ids is None else set(match_ids)
    for match_id in sorted(wanted):
        where = f"{name}: match {match_id}"
        row, made, ended = stored.get(match_id), created.get(match_id), finished.get(match_id)
        if row is None:
            if made is not None:
                raise CorruptLog(f"{where} was deleted: the ledger recorded it in entry {made.n}, "
                                 "but the matches table no longer has it")
            continue
        _, header_hash, count, final, is_finished = row
        if made is None:
            raise CorruptLog(f"{where} is not in the store's ledger: it was added outside beatlog")
        if made.hash != header_hash:
            raise CorruptLog(f"{where}: its header is not the one the ledger recorded in entry {made.n}")
        if ended is not None:
            if int(count) != ended.events or final != ended.hash:
                raise CorruptLog(
                    f"{where} was truncated or changed after it finished: the ledger (entry {ended.n}) "
                    f"recorded {ended.events} events ending in {ended.hash[:12]}…, the store holds "
                    f"{count} ending in {final[:12]}…")
            if not is_finished:
                raise CorruptLog(f"{where} was marked unfinished again: the ledger recorded its end "
                                 f"in entry {ended.n}")
        elif is_finished:
            raise CorruptLog(f"{where} is marked finished, but the ledger never recorded its end")
    return Head(n, prev)
