"""One match named on the command line: a JSONL log, or ``--db STORE --match ID``, with its notes.

``annotate`` and ``explain`` take either; both read the match strictly (a damaged log or stored match
is refused with its one-line message) and find its notes where they are kept: ``LOG.notes`` beside a
file, the store's ``notes`` table for a stored match (:mod:`recorder.store_notes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from recorder import store_notes
from recorder.errors import UsageError
from recorder.integrity import check_stored_match
from recorder.names import suggestion
from recorder.notes import Note, add_note, notes_path, read_notes
from recorder.store import Store
from replay.source import Loaded, read_strict


@dataclass
class Match:
    loaded: Loaded
    notes: Callable[[], list[Note]]  # the match's notes, checked
    add: Callable[..., Note]  # add_note's keyword arguments (duel, beat, text, author, seq)
    where: str  # where its notes are kept, for messages


def resolve(log: str | None, db: str | None, match_id: str | None) -> tuple[str | None, str | None, str | None]:
    """Check that exactly one way of naming a match was used."""
    if db is None:
        if match_id is not None:
            raise UsageError("--match only applies with --db")
        if log is None:
            raise UsageError("name the match: LOG.jsonl, or --db STORE --match ID")
        return log, None, None
    if log is not None:
        raise UsageError(f"give LOG.jsonl or --db STORE, not both ({log!r} and --db {db!r})")
    if match_id is None:
        raise UsageError(f"{db}: name the match with --match ID")
    return None, db, match_id


def open_match(log: str | None, db: str | None, match_id: str | None, store: Store | None = None) -> Match:
    """The match ``log`` or (``db``, ``match_id``) names; a stored one reads its notes through ``store``
    (opened by the caller on ``db``, and closed by it)."""
    log, db, match_id = resolve(log, db, match_id)
    if db is None:
        loaded = read_strict(log)
        path = notes_path(log) if log != "-" else None

        def notes() -> list[Note]:
            return read_notes(path, loaded.header, loaded.records) if path is not None else []

        def add(**kw) -> Note:
            if path is None:
                raise UsageError("a log read from stdin has nowhere beside it to keep a note")
            return add_note(path, loaded.header, loaded.records, **kw)

        return Match(loaded, notes, add, str(path))
    assert store is not None
    ids = store.match_ids()
    if match_id not in ids:
        raise UsageError(f"{store.name}: no match {match_id!r}{suggestion(match_id, ids)}")
    with store.snapshot():
        stored = check_stored_match(store, match_id).log
    loaded = Loaded(f"{store.name}#{match_id}", stored.header, stored.records)
    return Match(loaded, lambda: store_notes.read(store, match_id, stored.header, stored.records),
                 lambda **kw: store_notes.add(store, match_id, **kw), f"{store.name} (its notes table)")
