"""Where match statistics come from: JSONL logs or a SQLite store, checked on the way.

A store keeps each match's statistics (:mod:`replay.stats_store`):
:func:`store_summary` adds up its rows in SQL and walks only the matches whose
rows are missing or out of date; :func:`store_stats` walks every match (the
per-match dicts, for whoever needs them one by one).

Every log is read by the strict readers (chain, hashes and schemas checked),
so statistics are never computed over a log that ``beatlog check`` would
refuse. A match whose content cannot be read (a forged value the chain
vouches for: :mod:`recorder.unreadable`), or a stored match that fails its
checks (kept by a beatlog that checked less), is left out, reported through
``unreadable(message)`` as one line; without that callback it is an error. A
JSONL file named on the command line that fails the checks is an error. A
store's matches can be spread over several processes (``jobs``); the result
is the same list, in match-id order.
"""

from __future__ import annotations

from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from recorder.errors import CorruptLog, UnreadableLog, UsageError
from recorder.game import game_for
from recorder.jsonl import read_jsonl
from recorder.store import Store

from .stats import match_stats
from .stats_sql import add_current
from .stats_store import errors, fill, kept_in, parallel_map
from .stats_summary import Summary

CHUNK = 25  # matches per task handed to a worker process


def file_stats(paths: Sequence[str | Path], *,
               unreadable: Callable[[str], None] | None = None) -> list[dict[str, Any]]:
    """Statistics of JSONL logs, in the order given (an unreadable one left out, see above)."""
    out = []
    for path in paths:
        name = "<stdin>" if str(path) == "-" else str(path)
        log = read_jsonl(path, name=name)
        stats = _one(log, name)
        if _kept(stats, unreadable):
            out.append(stats)
    return out


def _one(log: Any, source: str) -> dict[str, Any]:
    """One match's statistics, or ``{"unreadable": message}``."""
    try:
        return match_stats(log.header, log.records, game_for(log.header), source=source)
    except UnreadableLog as exc:
        return {"unreadable": str(exc)}


def _kept(stats: dict[str, Any], unreadable: Callable[[str], None] | None) -> bool:
    if "unreadable" not in stats:
        return True
    if unreadable is None:
        raise CorruptLog(stats["unreadable"])
    unreadable(stats["unreadable"])
    return False


def store_ids(db: str | Path, match_id: str | None = None) -> list[str]:
    """The store's match ids (just ``match_id`` if given, after checking it is there)."""
    with Store(db, readonly=True) as store:
        ids = store.match_ids()
    if match_id is None:
        return ids
    if match_id not in ids:
        known = ", ".join(ids[:10]) + (" ..." if len(ids) > 10 else "") if ids else "none"
        raise UsageError(f"{db}: no match {match_id!r}; matches in it: {known}")
    return [match_id]


def store_stats(
    db: str | Path,
    ids: Sequence[str] | None = None,
    *,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    unreadable: Callable[[str], None] | None = None,
) -> list[dict[str, Any]]:
    """Statistics of a store's matches (all, or ``ids``), in match-id order.

    ``progress(n)`` is called as each batch of ``n`` matches is done; an
    unreadable match is left out (see above).
    """
    ids = sorted(store_ids(db) if ids is None else ids)
    chunks = [(str(db), list(ids[i:i + CHUNK])) for i in range(0, len(ids), CHUNK)]
    out: list[dict[str, Any]] = []
    for batch in parallel_map(_chunk_stats, chunks, jobs):
        out.extend(stats for stats in batch if _kept(stats, unreadable))
        if progress is not None:
            progress(len(batch))
    return out


def _chunk_stats(job: tuple[str, list[str]]) -> list[dict[str, Any]]:
    db, ids = job
    with Store(db, readonly=True) as store:
        out = []
        for match_id in ids:
            try:
                log = store.read(match_id)
            except CorruptLog as exc:
                # Stored by a beatlog that checked less, or damaged since: one match must not stop the rest.
                out.append({"unreadable": str(exc)})
                continue
            out.append(_one(log, f"{db}#{match_id}"))
        return out


@dataclass
class StoreSummary:
    """What :func:`store_summary` found: the summary, and what the reader should be told."""

    summary: dict[str, Any]
    walked: int = 0  # matches walked now (no current rows, or --recompute)
    kept: bool = True  # the walked matches' rows were written to the store
    why_not: str = ""  # why they were not
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (match id, why) left out: not computable


def store_summary(
    db: str | Path,
    match_id: str | None = None,
    *,
    player: str | None = None,
    fighter: str | None = None,
    recompute: bool = False,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    on_walk: Callable[[int], None] | None = None,
) -> StoreSummary:
    """``summarize`` of a store's matches (all, or ``match_id``) from its statistics rows.

    Matches without current rows are walked first and their rows kept when the
    file can be written (``kept``); otherwise, or with ``recompute`` (every
    match walked again), the walked matches are added from memory. A match
    whose statistics cannot be computed is left out and listed in ``skipped``.
    ``on_walk(n)`` is told how many matches are about to be walked.
    """
    ids = [match_id] if match_id is not None else None
    if match_id is not None:
        store_ids(db, match_id)
    with Store(db, create=False) as store:
        result = StoreSummary({})
        summary = Summary(player=player, fighter=fighter)
        filled = fill(store, ids, recompute=recompute, jobs=jobs, progress=progress, before=on_walk)
        result.walked = len(filled.computed)
        result.kept, result.why_not = filled.saved, filled.why_not
        memory = filled.computed if recompute or not filled.saved else []
        stored_errors = []
        if kept_in(store):
            with store.snapshot():
                add_current(summary, store.sql, skip=[c.match_id for c in memory], only=ids)
                stored_errors = [] if recompute else errors(store.sql)
        for item in memory:
            if item.stats is not None:
                summary.add(item.stats)
        wanted = set(ids) if ids is not None else None
        bad = {c.match_id: c.error for c in filled.computed if c.error is not None}
        bad.update((m, e) for m, e in stored_errors if m not in bad)
        result.skipped = sorted((m, e) for m, e in bad.items() if wanted is None or m in wanted)
        result.summary = summary.result()
        return result
