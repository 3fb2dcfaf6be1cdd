"""Commands that audit recorded matches: verify, keygen, seal, explain, whatif, diff, state.

A thin layer: each command loads logs through :mod:`replay.source` and hands
them to one module of the :mod:`replay` package.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from . import main
from .. import canonical
from ..errors import BeatlogError, UsageError


@main.command("verify")
@click.argument("logs", nargs=-1, metavar="LOG.jsonl...")
@click.option("--db", metavar="FILE", help="Verify matches of this SQLite store (all, or --match).")
@click.option("--match", "match_id", metavar="ID", help="With --db: only this match.")
@click.option("--partial", is_flag=True, help="Accept a log that stops before the match ended (what it has is still verified).")
@click.option("--json", "as_json", is_flag=True, help="One JSON report per line instead of text.")
@click.option("--pubkey", metavar="FILE", help="Also check each log's seal against this trusted public key (judge.pub).")
def verify_command(logs, db, match_id, partial, as_json, pubkey) -> None:
    """Re-execute logs from their recorded decisions and check every event and hash.

    Prints "verified <id>: <N> events, digest <XXXX-XXXX-XXXX>" per match; any
    problem is printed as one line naming the seq, duel and beat, and exits 1.

    Example: beatlog verify match.jsonl --pubkey judge.pub
    """
    from replay.seal import check_seal, db_seal_path, load_public_key, read_seal, seal_path
    from replay.source import load_jsonl, load_store
    from replay.verify import verify_loaded

    if not logs and db is None:
        raise UsageError("nothing to verify: give LOG.jsonl files or --db FILE")
    if match_id is not None and db is None:
        raise UsageError("--match only applies with --db")
    trusted = load_public_key(pubkey) if pubkey else None
    failed = False

    def emit(source: str, ok: bool, text: str, payload: dict[str, Any]) -> None:
        nonlocal failed
        failed |= not ok
        if as_json:
            click.echo(canonical.dumps({"source": source, **payload}).decode())
        elif ok:
            click.echo(text)
        else:
            click.echo(f"Error: {text}", err=True)

    def failure(source: str, exc: BeatlogError | OSError) -> None:
        text = str(exc) if isinstance(exc, BeatlogError) else f"{exc.strerror}: {exc.filename!r}"
        emit(source, False, text, {"ok": False, "match_id": None, "problem": {"message": text,
                                                                             "error": type(exc).__name__}})

    targets: list[tuple[str, Any, Path]] = []
    for path in logs:
        try:
            targets.append((path, load_jsonl(path), seal_path(path)))
        except (BeatlogError, OSError) as exc:
            failure(path, exc)
    if db is not None:
        try:
            for loaded in load_store(db, match_id):
                targets.append((loaded.name, loaded, db_seal_path(db, loaded.header.match_id)))
        except (BeatlogError, OSError) as exc:
            failure(db, exc)

    for source, loaded, seal_file in targets:
        report = verify_loaded(loaded, partial=partial)
        text = report.summary()
        if report.ok and trusted is not None:
            try:
                seal = read_seal(seal_file) if seal_file.exists() else None
                if seal is None:
                    raise UsageError(f"{loaded.name}: no seal file {str(seal_file)!r}")
                check_seal(seal, loaded.header, loaded.records, trusted, where=loaded.name)
                text += f"; sealed by {seal['signer']}"
            except BeatlogError as exc:
                failure(source, exc)
                continue
        emit(source, report.ok, text, report.to_dict())
    if failed:
        sys.exit(1)


@main.command("keygen")
@click.option("-o", "--out", "stem", default="judge", show_default=True, metavar="STEM",
              help="Write STEM.key (private, mode 0600) and STEM.pub.")
@click.option("--force", is_flag=True, help="Overwrite an existing key pair.")
def keygen_command(stem, force) -> None:
    """Create an Ed25519 key pair for sealing verified logs.

    Example: beatlog keygen -o judge
    """
    from replay.seal import keygen

    private, public = keygen(stem, force=force)
    click.echo(f"wrote {private} (keep it private) and {public} (give it to whoever checks seals)")


@main.command("seal")
@click.argument("log", required=False, metavar="LOG.jsonl")
@click.option("--key", "key_path", required=True, metavar="FILE", help="The private key (judge.key).")
@click.option("--signer", metavar="NAME", help="Who seals (default: the key file's name).")
@click.option("--db", metavar="FILE", help="Seal a match of this SQLite store instead of a file.")
@click.option("--match", "match_id", metavar="ID", help="With --db: the match to seal.")
@click.option("--partial", is_flag=True, help="Allow sealing a log that stops before the match ended.")
def seal_command(log, key_path, signer, db, match_id, partial) -> None:
    """Verify a log and sign it: writes LOG.seal (or <match_id>.seal beside --db).

    Example: beatlog seal match.jsonl --key judge.key --signer "Head judge"
    """
    from replay.seal import db_seal_path, seal_log, seal_path
    from replay.source import load_jsonl, load_store

    if (log is None) == (db is None):
        raise UsageError("give either LOG.jsonl or --db FILE --match ID")
    if db is not None:
        if match_id is None:
            raise UsageError("--db needs --match ID: a seal covers one match")
        loaded = load_store(db, match_id)[0]
        out = db_seal_path(db, match_id)
    else:
        if log == "-":
            raise UsageError("seal needs a log file, not stdin: the seal is written beside it")
        loaded = load_jsonl(log)
        out = seal_path(log)
    signer = signer or Path(key_path).stem
    seal = seal_log(loaded, key_path, signer, out, partial=partial)
    click.echo(f"sealed {seal['match_id']}: {seal['events']} events, digest "
               f"{canonical.short_digest(seal['final_hash'])}, by {signer} -> {out}")
