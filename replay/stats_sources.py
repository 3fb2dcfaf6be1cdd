"""Where match statistics come from: JSONL logs or a SQLite store, checked on the way.

Every log is read by the strict readers (chain, hashes and schemas checked),
so statistics are never computed over a log that ``beatlog check`` would
refuse. A store's matches can be spread over several processes (``jobs``);
the result is the same list, in match-id order.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from recorder.errors import UsageError
from recorder.game import game_for
from recorder.jsonl import read_jsonl

from .stats import match_stats

CHUNK = 25  # matches per task handed to a worker process


def file_stats(paths: Sequence[str | Path]) -> list[dict[str, Any]]:
    """Statistics of JSONL logs, in the order given."""
    out = []
    for path in paths:
        log = read_jsonl(path, name="<stdin>" if str(path) == "-" else str(path))
        out.append(match_stats(log.header, log.records, game_for(log.header)))
    return out


def store_ids(db: str | Path, match_id: str | None = None) -> list[str]:
    """The store's match ids (just ``match_id`` if given, after checking it is there)."""
    from recorder.store import Store

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
) -> list[dict[str, Any]]:
    """Statistics of a store's matches (all, or ``ids``), in match-id order.

    ``progress(n)`` is called as each batch of ``n`` matches is done.
    """
    ids = sorted(store_ids(db) if ids is None else ids)
    chunks = [(str(db), list(ids[i:i + CHUNK])) for i in range(0, len(ids), CHUNK)]
    out: list[dict[str, Any]] = []
    for batch in _map(_chunk_stats, chunks, jobs):
        out.extend(batch)
        if progress is not None:
            progress(len(batch))
    return out


def _chunk_stats(job: tuple[str, list[str]]) -> list[dict[str, Any]]:
    from recorder.store import Store

    db, ids = job
    with Store(db, readonly=True) as store:
        out = []
        for match_id in ids:
            log = store.read(match_id)
            out.append(match_stats(log.header, log.records, game_for(log.header)))
        return out


def _map(fn: Callable[[Any], Any], jobs_in: Sequence[Any], jobs: int) -> Iterator[Any]:
    if jobs <= 1 or len(jobs_in) < 2:
        yield from map(fn, jobs_in)
        return
    # spawn, not fork: the caller may run threads (a progress bar) and hold SQLite handles.
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(jobs_in))) as pool:
        yield from pool.imap(fn, jobs_in, chunksize=1)
