"""Importing checked logs into a store: all or nothing, never a match twice, never a log the rules refuse.

Split from :mod:`recorder.store` (one concept each): this module decides what
may be imported (:func:`importable`: the stats walk and, by default, a re-run
of the rules) and how a log meets what the store already holds (imported,
extended, skipped, or refused with nothing written).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Iterable

from .errors import CorruptLog, LogConflict
from .integrity import LogFile, check_stored_match

if TYPE_CHECKING:
    from .store import Store


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


def importable(log: LogFile, source: str = "", *, verify: bool = True) -> Importable:
    """Check ``log`` for import before anything is written anywhere.

    Its events are walked exactly as ``beatlog stats`` walks them (the rules'
    fold and the game's statistics), so a forged log whose chain was rehashed
    over events the rules cannot apply or the statistics cannot count (a seat
    7, a card not in hand) is refused here instead of breaking every later
    ``stats`` of the store, which can never drop it (append-only). With
    ``verify`` the rules are also re-run from the recorded decisions
    (:func:`replay.verify.verify`, partial logs allowed), which catches what
    folds cleanly but is not what the rules derive: a forged damage amount, a
    flipped winner. Errors are prefixed by ``source`` (the file name).
    """
    from replay.stats import match_stats

    from .game import load_game

    prefix = f"{source}: " if source else ""
    game = load_game(log.header.game)
    try:
        stats = match_stats(log.header, log.records, game, source=source)
    except CorruptLog as exc:
        text = str(exc)
        raise CorruptLog(text if not prefix or text.startswith(prefix) else prefix + text) from None
    if verify:
        _rerun(log, game, prefix)
    return Importable(log, stats["finished"], source)


def _rerun(log: LogFile, game: Any, prefix: str) -> None:
    """Re-execute the log's decisions; raise its first problem (the verify library's words)."""
    from replay.tamper import VERSION
    from replay.verify import verify

    report = verify(log.header, log.records, partial=True, game=game, schemas=False)
    problem = report.problem
    if report.ok or problem is None:
        return
    hint = "; import it with --no-verify to store it without re-running the rules" if problem.kind == VERSION else ""
    message = problem.message if problem.message.startswith(prefix) else prefix + problem.message
    raise problem.error(message + hint)



def import_logs(store: Store, logs: Iterable[LogFile | Importable], *, verify: bool = True) -> list[ImportResult]:
    """Add checked logs (from :func:`recorder.jsonl.read_jsonl`) to ``store`` in ONE transaction.

    A match already stored is skipped when the log holds nothing new, and
    extended when the stored events are a prefix of the log's; the stored
    copy is checked first (chain, hashes, counters). Any other difference
    is a LogConflict, and then nothing at all is written. Logs given as
    :func:`importable` (done before opening the store, so a refused file
    creates no database) are not walked again; plain logs are, here, with
    ``verify`` as :func:`importable` takes it.
    """
    ready = [log if isinstance(log, Importable) else importable(log, verify=verify) for log in logs]
    results: list[ImportResult] = []
    seen: dict[str, str] = {}  # match id -> source of its first log in this call
    try:
        with store._writing():
            for item in ready:
                earlier = seen.get(item.log.match_id)
                seen.setdefault(item.log.match_id, item.source)
                result = _import_one(store, item)
                if result.status == "skipped" and earlier is not None:
                    result = replace(result, duplicate_of=earlier)
                results.append(result)
    except sqlite3.IntegrityError as exc:
        raise LogConflict(f"{store.name}: the database refused the import: {exc}") from None
    return results

def _import_one(store: Store, item: Importable) -> ImportResult:
    from .store import _INSERT_EVENT, _row

    log = item.log
    match_id = log.match_id
    exists = store.conn.execute("SELECT 1 FROM matches WHERE match_id = ?", (match_id,)).fetchone()
    if exists is None:
        store._insert_match(log.header)
        stored = 0
    else:
        stored = _common_prefix(store, log)
    new = log.records[stored:]
    if new:
        if store.summary(match_id).finished:
            raise LogConflict(f"{store.name}: match {match_id} is finished here, but the log has more events")
        store.conn.executemany(_INSERT_EVENT, [_row(r) for r in new])
        store.conn.execute(
            "UPDATE matches SET event_count = ?, final_hash = ? WHERE match_id = ?",
            (new[-1].seq, new[-1].hash, match_id),
        )
    if item.finished:
        store.conn.execute("UPDATE matches SET finished = 1 WHERE match_id = ? AND finished = 0", (match_id,))
    status = "imported" if exists is None else ("extended" if new else "skipped")
    return ImportResult(match_id, status, len(new), max(stored, len(log.records)), item.source)

def _common_prefix(store: Store, log: LogFile) -> int:
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


