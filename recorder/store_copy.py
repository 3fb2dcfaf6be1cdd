"""Copying a whole store to another (SQLite to PostgreSQL and back), checking every chain on the way.

``beatlog copy --db SRC --to DST``. The source is read in snapshots, each
match checked as ``check --db`` checks it (chain, hashes, schemas, its row's
counters) and the source's ledger held to its matches, before anything is
written; the matches go into the destination in the order the source's
ledger created them, in batches, each batch in one transaction, through the
destination's own import (so its triggers, locks and ledger apply as for any
other writer). A match the destination already holds is skipped if it is the
same match (extended if the source has more of it); a different match under
the same id is a LogConflict and stops the copy. At the end every match is
read back from the destination and its final hash compared with the source's;
then the notes on matches (``beatlog annotate --db``) follow, checked the same way.

Copying again after an interruption finishes the job. The rules are not
re-run (``beatlog verify --db DST`` does that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .errors import CorruptLog
from .integrity import check_ledger, check_stored_match
from .store import Store
from .store_import import Importable
from .store_notes import copy_notes

BATCH = 200


@dataclass(frozen=True, slots=True)
class CopyResult:
    matches: int  # matches in the source
    copied: int  # written to the destination (new or extended)
    skipped: int  # already there, whole
    events: int  # events written
    notes: int = 0  # notes on matches written (beatlog annotate --db)


def copy_order(src: Store) -> list[str]:
    """The source's matches in the order its ledger created them (then any others by id)."""
    ids = src.match_ids()
    seen = {e.match_id: e.n for e in src.ledger_entries() if e.kind == "created"}
    return sorted(ids, key=lambda m: (seen.get(m, len(seen) + 1), m))


def copy_store(src: Store, dst: Store, *, progress: Callable[[int], None] | None = None) -> CopyResult:
    """Copy every match of ``src`` into ``dst`` (see the module's text); raise the first problem."""
    src.check_schema()
    check_ledger(src)
    ids = copy_order(src)
    copied = skipped = events = 0
    for start in range(0, len(ids), BATCH):
        batch = []
        for match_id in ids[start:start + BATCH]:
            stored = check_stored_match(src, match_id)
            batch.append(Importable(stored.log, stored.finished, f"{src.name}#{match_id}"))
        for result in dst.import_logs(batch):
            if result.status == "skipped":
                skipped += 1
            else:
                copied += 1
                events += result.added
        if progress is not None:
            progress(len(batch))
    for match_id in ids:
        there, here = check_stored_match(dst, match_id), src.summary(match_id)
        if there.log.final_hash != here.final_hash or there.finished != here.finished:
            raise CorruptLog(
                f"{dst.name}: match {match_id}: the copy ends in {there.log.final_hash[:12]}… "
                f"({'finished' if there.finished else 'unfinished'}), the source in {here.final_hash[:12]}… "
                f"({'finished' if here.finished else 'unfinished'})")
    check_ledger(dst)
    notes = copy_notes(src, dst)
    return CopyResult(len(ids), copied, skipped, events, notes)
