"""Where the matches to render come from: JSONL logs (``-`` is stdin) or a store, with their notes.

Rendering trusts what it shows, so logs are read strictly: a broken chain or an
edited event stops the render with the reader's message (``beatlog verify``
says what was done to it). A log that simply stops early is fine: it is shown
as unfinished.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from recorder.errors import CorruptLog, UsageError
from recorder.integrity import LogFile
from recorder.jsonl import read_jsonl
from recorder.notes import Note, check_notes, notes_path, read_notes
from recorder.store import Store, is_server_url
from recorder import store_notes


@dataclass(frozen=True)
class Source:
    """One match log and what to call it in messages (and the notes on it, ``beatlog annotate``)."""

    name: str
    log: LogFile
    notes: tuple[Note, ...] = ()


def from_files(paths: Iterable[str | Path]) -> list[Source]:
    out = []
    for path in paths:
        name = "<stdin>" if str(path) == "-" else str(path)
        log = read_jsonl(path, name=name)
        notes = () if name == "<stdin>" else tuple(read_notes(notes_path(path), log.header, log.records))
        out.append(Source(name, log, notes))
    return out


def check_store(db: str | Path) -> None:
    """A missing store is one clear line, not a new file (a server store is checked when it is opened)."""
    if not is_server_url(db) and not Path(db).exists():
        raise UsageError(f"no such store: {str(db)!r}")


def from_store(db: str | Path, match_id: str | None = None,
               unreadable: list[tuple[str, str]] | None = None) -> list[Source]:
    """Every match of a store (or just ``match_id``), checked as it is read.

    With ``unreadable`` given, a match that fails its checks (kept by a beatlog that
    checked less, or damaged since) is listed there as (match id, message) and left out:
    one match must not stop the site of a whole store.
    """
    if not is_server_url(db) and not Path(db).exists():
        raise UsageError(f"no such store: {str(db)!r}")
    store = Store(db, create=False)
    try:
        ids = list(store.match_ids())
        if match_id is not None:
            if match_id not in ids:
                known = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "") if ids else "none"
                raise UsageError(f"{db}: no match {match_id!r}; matches in it: {known}")
            ids = [match_id]
        notes = store_notes.read_all(store)
        out = []
        for mid in ids:
            try:
                out.append(stored_source(store, mid, notes.get(mid, ())))
            except CorruptLog as exc:
                if unreadable is None:
                    raise
                unreadable.append((mid, str(exc)))
        return out
    finally:
        store.close()


def stored_source(store: Store, match_id: str, note_lines: Iterable[tuple[str, dict]] = ()) -> Source:
    """Match ``match_id`` of ``store`` and its notes (``note_lines``: its rows of
    :func:`recorder.store_notes.read_all`), each checked (CorruptLog names what is wrong)."""
    log = store.read(match_id)
    return Source(f"{store.name}#{match_id}", log, tuple(check_notes(note_lines, log.header, log.records)))


def unique(sources: list[Source]) -> list[Source]:
    """The sources, refusing two different logs of one match id (they would share a page)."""
    seen: dict[str, Source] = {}
    out = []
    for source in sources:
        first = seen.get(source.log.match_id)
        if first is None:
            seen[source.log.match_id] = source
            out.append(source)
        elif first.log.final_hash != source.log.final_hash:
            raise UsageError(f"match {source.log.match_id} is in both {first.name} and {source.name} "
                             f"with different events; render one of them")
    return out
