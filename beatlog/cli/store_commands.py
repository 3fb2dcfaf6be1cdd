"""Commands that move logs between files and a store, and check them: export, import, check."""

from __future__ import annotations

import os
import sys

import click

from . import main, say
from recorder.errors import BeatlogError, UsageError
from recorder.untrusted import escape


@main.command("export")
@click.option("--db", required=True, metavar="STORE", help="The store (a SQLite file or a postgresql:// URL) to read.")
@click.option("--match", "match_id", metavar="ID", help="The match to export (with -o).")
@click.option("-o", "--out", "out", metavar="FILE", help="The JSONL file to write, or - for stdout.")
@click.option("--force", is_flag=True, help="Replace FILE if it already exists.")
@click.option("--parquet", "parquet", metavar="DIR",
              help="Instead: the whole store as Parquet files in DIR (matches, events, statistics tables; "
                   "needs pip install 'beatlog[parquet]').")
def export_command(db: str, match_id: str | None, out: str | None, force: bool, parquet: str | None) -> None:
    """Write a match as a JSONL log (checked first), or the store as Parquet.

    \b
    Example: beatlog export --db club.db --match m-3f9a1c2b7d4e -o final.jsonl
    Example: beatlog export --db club.db --parquet club-parquet/
    """
    from recorder.jsonl import write_jsonl
    from recorder.store import Store

    if parquet is not None:
        if match_id is not None or out is not None:
            raise UsageError("--parquet exports the whole store: give it without --match and -o")
        _export_parquet(db, parquet)
        return
    if match_id is None or out is None:
        raise UsageError("export needs --match ID and -o FILE (or --parquet DIR for the whole store)")
    if out != "-" and not force and os.path.exists(out) and os.path.getsize(out) > 0:
        raise UsageError(f"{out}: the file already exists; use --force to replace it")
    with Store(db, readonly=True) as store:
        log = store.read(match_id)
    write_jsonl(out, log.header, log.records)
    if out != "-":
        say(f"exported {log.match_id} ({len(log.records)} events) to {out}", err=True)


def _export_parquet(db: str, folder: str) -> None:
    from replay.export_parquet import export_parquet, pyarrow_modules

    pyarrow_modules()  # the missing extra is one line, before the store is opened
    done = export_parquet(db, folder)
    for match_id, why in done.left_out:
        click.echo(f"left out of the statistics: match {match_id}: {why}", err=True)
    counts = ", ".join(f"{name} {n:,}" for name, n in done.rows.items())
    click.echo(f"exported {db} to {folder}: {counts} rows", err=True)


@main.command("import")
@click.argument("logs", nargs=-1, required=True, metavar="LOG.jsonl...")
@click.option("--db", required=True, metavar="STORE", help="The store (a SQLite file or a postgresql:// URL) to add to (created if missing).")
@click.option("--no-verify", "no_verify", is_flag=True,
              help="Do not re-run the rules on each log (faster; the chain is still checked and the "
                   "events still folded).")
def import_command(logs: tuple[str, ...], db: str, no_verify: bool) -> None:
    """Add JSONL logs to a store, all or nothing.

    Every file is checked before anything is written: its chain and hashes,
    its events folded and counted as `beatlog stats` does, and the rules
    re-run from its decisions (as `beatlog verify --partial` does) unless
    --no-verify. One bad file leaves the store unchanged. Matches the store
    already holds are skipped (after checking the stored copy); a stored match
    that the file continues is extended.

    Example: beatlog import round1/*.jsonl --db club.db
    """
    from recorder.jsonl import read_jsonl
    from beatlog.importing import importable
    from recorder.store import Store
    from replay.stats_store import keep

    # Every file is read, walked and re-run before the store is opened (or created).
    checked = [importable(read_jsonl(path), path, verify=not no_verify) for path in logs]
    with Store(db) as store:
        results = store.import_logs(checked)
        keep(store, checked)  # the statistics the check just counted, for stats and the site
    for result in results:
        if result.status == "imported":
            say(f"imported {result.match_id} ({result.added} events)")
        elif result.status == "extended":
            say(f"extended {result.match_id} (+{result.added} events, now {result.total})")
        elif result.duplicate_of is not None:
            if result.duplicate_of == result.source:
                say(f"skipped {result.match_id}: {result.source} is given more than once")
            else:
                say(f"skipped {result.match_id}: {result.source} holds nothing that {result.duplicate_of} did not")
        else:
            say(f"skipped {result.match_id}: already in {db}")


@main.command("check")
@click.argument("logs", nargs=-1, metavar="LOG.jsonl...")
@click.option("--db", metavar="STORE", help="Check a store instead: a SQLite file or a postgresql:// URL (all matches, or --match).")
@click.option("--match", "match_id", metavar="ID", help="With --db: only this match.")
def check_command(logs: tuple[str, ...], db: str | None, match_id: str | None) -> None:
    """Check logs' integrity, without re-running the rules.

    Checks the format, schemas, seqs and hash chain.

    Prints "ok <id>: N events, digest XXXX-XXXX-XXXX" per match; each broken
    log is reported on stderr and the exit code is 1. To re-run the rules as
    well, use verify.

    Example: beatlog check final.jsonl   or   beatlog check --db club.db
    """
    from recorder.canonical import short_digest
    from recorder.integrity import check_ledger, check_store
    from recorder.jsonl import read_jsonl
    from recorder.store import Store

    if bool(logs) == (db is not None):
        raise UsageError("check takes LOG.jsonl files or --db FILE (not both)")
    if match_id is not None and db is None:
        raise UsageError("--match only applies with --db")
    if db is not None:
        with Store(db, readonly=True) as store:
            ids = [match_id] if match_id is not None else None
            for stored in check_store(store, ids):
                log = stored.log
                say(f"ok {log.match_id}: {len(log.records)} events, digest {log.digest}")
            if not store.has_ledger:
                say(f"note: {store.name} has no ledger (it was written by an earlier beatlog), so a "
                           "match deleted from it could not be detected; it gets one, filled in from its "
                           "matches, the next time it is opened for writing (e.g. beatlog import)", err=True)
            elif match_id is None:
                head = check_ledger(store)
                assert head is not None
                say(f"ok ledger: {head.n} entries, every match accounted for, head "
                           f"{short_digest(head.entry_hash) if head.n else 'empty'}")
        return
    failed = False
    for path in logs:
        try:
            log = read_jsonl(path)
        except BeatlogError as exc:
            say(f"Error: {escape(str(exc))}", err=True)
            failed = True
            continue
        except OSError as exc:
            say(f"Error: {exc.strerror}: {escape(repr(exc.filename))}", err=True)
            failed = True
            continue
        say(f"ok {log.match_id}: {len(log.records)} events, digest {log.digest}")
    if failed:
        sys.exit(1)


@main.command("copy")
@click.option("--db", "source", required=True, metavar="STORE", help="The store to copy (a file or a postgresql:// URL).")
@click.option("--to", "target", required=True, metavar="STORE",
              help="The store to copy into (created if missing; matches it already holds are kept).")
def copy_command(source: str, target: str) -> None:
    """Copy every match of a store into another: SQLite to PostgreSQL, and back.

    Each match is checked as it is read (chain, hashes, schemas, counters; the
    source's ledger against its matches), written in batches through the
    destination's own import, and read back at the end. Running it again after
    an interruption finishes the copy; a different match under an id the
    destination already has stops it with nothing of that batch written.

    Example: beatlog copy --db club.db --to postgresql://judge@db.example/league
    """
    from recorder.store import Store
    from recorder.store_copy import copy_store

    if source == target:
        raise UsageError(f"{source}: copying a store onto itself")
    with Store(source, readonly=True) as src, Store(target) as dst:
        result = copy_store(src, dst)
    click.echo(f"copied {result.copied} matches ({result.events} events) from {src.name} to {dst.name}"
               + (f"; {result.skipped} already there" if result.skipped else "")
               + f"; all {result.matches} read back and checked"
               + (f"; {result.notes} notes on them" if result.notes else ""))
