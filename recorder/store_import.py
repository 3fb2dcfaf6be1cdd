"""Importing checked logs into a store: all or nothing, never a match twice.

Split from :mod:`recorder.store` (one concept each): how a checked log meets
what the store already holds (imported, extended, skipped, or refused with
nothing written). Deciding whether a log may be imported at all (the
statistics walk and a re-run of the rules) needs the replay layer, which the
kernel does not import: the caller passes that check in (``check``), or hands
over logs it has already checked as :class:`Importable`
(:func:`beatlog.importing.importable` is the application's check).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable

from .errors import CorruptLog, LogConflict, UsageError
from .integrity import LogFile, check_stored_match


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What :meth:`Store.import_logs` did with one log."""

    match_id: str
    status: str  # "imported", "extended" (new events after a stored prefix) or "skipped"
    added: int  # events written
    total: int  # events of the match in the store afterwards
    source: str = ""  # the log's file name, when known
    # Set when the match was given earlier in the same call: the source of that earlier log.
    duplicate_of: str | None = None


@dataclass(frozen=True, slots=True)
class Importable:
    """A log checked for import: its events fold and count, and (unless skipped) re-execute."""

    log: LogFile
    finished: bool  # the match ended
    source: str = ""  # its file name, for messages
    stats: dict[str, Any] | None = None  # its statistics (replay.stats.match_stats), when the check counted them


Check = Callable[[LogFile], Importable]
"""Decides whether a log may be imported (raises the log's problem) and whether its match finished."""


def import_logs(store: Any, logs: Iterable[LogFile | Importable], *, check: Check | None = None) -> list[ImportResult]:
    """Add checked logs (from :func:`recorder.jsonl.read_jsonl`) to ``store`` (a :class:`recorder.store.Store`,
    which calls this for its ``import_logs``) in ONE transaction.

    A match already stored is skipped when the log holds nothing new, and
    extended when the stored events are a prefix of the log's; the stored
    copy is checked first (chain, hashes, counters). Any other difference
    is a LogConflict, and then nothing at all is written. Logs given as
    :class:`Importable` (checked before opening the store, so a refused file
    creates no database) are not checked again; plain logs are passed to
    ``check`` here, and without a ``check`` they are refused.
    """
    ready = [_ready(log, check) for log in logs]

    def write() -> list[ImportResult]:
        # Every match this import touches is locked first, in one order (no deadlock between importers).
        store._lock_matches(sorted({item.log.match_id for item in ready}))
        results: list[ImportResult] = []
        seen: dict[str, str] = {}  # match id -> source of its first log in this call
        for item in ready:
            earlier = seen.get(item.log.match_id)
            seen.setdefault(item.log.match_id, item.source)
            result = _import_one(store, item)
            if result.status == "skipped" and earlier is not None:
                result = replace(result, duplicate_of=earlier)
            results.append(result)
        return results

    try:
        return store._write(write)
    except store._refused as exc:
        raise LogConflict(f"{store.name}: the database refused the import: {store._refusal(exc)}") from None


def _ready(log: LogFile | Importable, check: Check | None) -> Importable:
    if isinstance(log, Importable):
        return log
    if check is None:
        raise UsageError(
            f"match {log.match_id}: a log must be checked before it is imported "
            "(pass check=, e.g. beatlog.importing.importable)"
        )
    return check(log)


def _import_one(store: Any, item: Importable) -> ImportResult:
    log = item.log
    match_id = log.match_id
    exists = store._execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone()
    if exists is None:
        store._insert_match(log.header)
        stored = 0
    else:
        stored = _common_prefix(store, log)
    new = log.records[stored:]
    if new:
        if store.summary(match_id).finished:
            raise LogConflict(f"{store.name}: match {match_id} is finished here, but the log has more events")
        store._insert_events(match_id, new)
    if item.finished:
        store._finish(match_id)
    status = "imported" if exists is None else ("extended" if new else "skipped")
    return ImportResult(match_id, status, len(new), max(stored, len(log.records)), item.source)

def _common_prefix(store: Any, log: LogFile) -> int:
    """How many of the log's events are stored already (LogConflict if they differ).

    The stored copy is checked like ``beatlog check --db`` does (chain,
    hashes, schemas, the row's counters) before it is compared: a damaged
    copy is reported, never silently kept as "already in".
    """
    match_id = log.match_id
    where = f"{store.name}: match {match_id}"
    if store.header(match_id).hash != log.header.hash:
        raise LogConflict(
            f"{where}: the database holds a different match under this id "
            f"(stored header {store.header(match_id).hash[:12]}…, log header {log.header.hash[:12]}…)"
        )
    try:
        stored = check_stored_match(store, match_id).log
    except CorruptLog as exc:
        raise CorruptLog(f"{exc}; the stored copy of this match is damaged, so nothing was imported "
                         f"(beatlog check --db {store.name} lists every damaged match)") from None
    shared = min(len(stored.records), len(log.records))
    if shared and stored.records[shared - 1].hash != log.records[shared - 1].hash:
        # Both chains are intact, so equal hashes at one seq mean equal events up to it.
        raise LogConflict(
            f"{where}: the log and the database disagree by seq {shared}; "
            "they are different recordings of the same match"
        )
    return len(stored.records)


