"""Commands that audit recorded matches: verify, keygen, seal, explain, whatif, diff, state.

A thin layer: each command loads logs through :mod:`replay.source` and hands
them to one module of the :mod:`replay` package.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from . import main, say
from recorder.errors import BeatlogError, CorruptLog, UsageError
from recorder.untrusted import escape, shown
from .game_flags import GameFlagsCommand, flag_values, given_flags
from .game_help import GameHelpOption, rounds_text, sets_text


@main.command("verify")
@click.argument("logs", nargs=-1, metavar="LOG.jsonl...")
@click.option("--db", metavar="STORE", help="Verify matches of this store: a SQLite file or a postgresql:// URL (all, or --match).")
@click.option("--match", "match_id", metavar="ID", help="With --db: only this match.")
@click.option("--partial", is_flag=True, help="Accept a log that stops before the match ended (what it has is still verified).")
@click.option("--json", "as_json", is_flag=True, help="One JSON report per line instead of text.")
@click.option("--pubkey", metavar="FILE", help="Also check each log's seal against this trusted public key (judge.pub).")
@click.option("--seal", "store_seal", metavar="FILE",
              help="With --db: the store's seal (beatlog seal --db; default: DB.seal beside a SQLite store).")
def verify_command(logs, db, match_id, partial, as_json, pubkey, store_seal) -> None:
    """Re-run logs from their decisions; check every event.

    Prints "verified <id>: <N> events, digest <XXXX-XXXX-XXXX>" per match; any
    problem is printed as one line naming the line, seq, duel and beat and
    whether an input or an outcome was changed, and exits 1. A log whose last
    line was cut off (a crash) is incomplete; --partial verifies the lines
    before it. A seal beside a log (LOG.seal) is always checked: against
    --pubkey when given, else on its own (a seal that no longer matches the
    log fails; who signed it is only proven with --pubkey). With --json a
    sealed log's report carries a "seal" object.

    With --db, the store's ledger is checked too (no match deleted, cut short
    or reopened), and a store seal (DB.seal, or --seal) proves with --pubkey
    that nothing was removed since the judge sealed it; where a store seal
    covers the store, a match needs no seal of its own.

    Example: beatlog verify match.jsonl --pubkey judge.pub
    """
    from recorder import canonical  # (like the modules below: not loaded for the help, see beatlog/cli/__init__.py)
    from replay.seal import check_seal_file, db_seal_path, fingerprint, load_public_key, seal_path
    from replay.source import load_jsonl, load_store
    from recorder.store import is_server_url
    from replay.store_seal import store_seal_path
    from replay.tamper import INCOMPLETE
    from replay.verify import VerifyReport, verify_loaded
    from replay.verify_file import verify_file

    if not logs and db is None:
        raise UsageError("nothing to verify: give LOG.jsonl files or --db FILE")
    if match_id is not None and db is None:
        raise UsageError("--match only applies with --db")
    if store_seal is not None and db is None:
        raise UsageError("--seal only applies with --db")
    if db is not None and store_seal is None and pubkey is not None and is_server_url(db):
        raise UsageError(f"{db}: --pubkey needs --seal FILE for a PostgreSQL store (the seal to check it against)")
    trusted = load_public_key(pubkey) if pubkey else None
    failed = False

    def emit(source: str, ok: bool, text: str, payload: dict[str, Any]) -> None:
        nonlocal failed
        failed |= not ok
        if as_json:
            click.echo(canonical.dumps({"source": source, **payload}).decode())
        elif ok:
            say(escape(text))  # one line each: a name's newline must not print a line of its own
        else:
            say(f"Error: {escape(text)}", err=True)

    def failure(source: str, exc: BeatlogError | OSError) -> None:
        text = str(exc) if isinstance(exc, BeatlogError) else f"{exc.strerror}: {exc.filename!r}"
        emit(source, False, text, {"ok": False, "match_id": None, "problem": {"message": text,
                                                                             "error": type(exc).__name__}})

    targets: list[tuple[str, Any, Path | None]] = []
    for path in logs:
        try:
            # A log read from stdin has no seal beside it (unless --pubkey asks for one: '-.seal').
            seal_file = seal_path(path) if path != "-" or trusted is not None else None
            if path != "-" and trusted is None and (seal_file is None or not seal_file.exists()):
                # With no seal to check, the log's bytes are all that is needed: verify_file reads
                # and re-runs it in one pass (and takes the ordinary way for anything unusual).
                targets.append((path, verify_file(path, partial=partial), None))
                continue
            targets.append((path, load_jsonl(path), seal_file))
        except (BeatlogError, OSError) as exc:
            failure(path, exc)
    store_seal_file = (Path(store_seal) if store_seal is not None else store_seal_path(db)) if db is not None else None
    store_sealed = store_seal_file is not None and (store_seal is not None or store_seal_file.exists())
    store_read = False
    if db is not None:
        try:
            for loaded in load_store(db, match_id):
                # A server store has nothing "beside" it: its seals are named (--seal).
                seal_file = None if is_server_url(db) else db_seal_path(db, loaded.header.match_id)
                if store_sealed and seal_file is not None and not seal_file.exists():
                    seal_file = None  # the store's seal covers this match
                targets.append((loaded.name, loaded, seal_file))
            store_read = True
        except (BeatlogError, OSError) as exc:
            failure(db, exc)

    for source, loaded, seal_file in targets:
        if isinstance(loaded, VerifyReport):
            text = loaded.summary()
            if loaded.problem is not None and loaded.problem.kind == INCOMPLETE:
                text += _unfinished_hint(load_jsonl(source), source, None)  # only a stopped log is read again
            emit(source, loaded.ok, text, loaded.to_dict())
            continue
        report = verify_loaded(loaded, partial=partial)
        text, payload, ok = report.summary(), report.to_dict(), report.ok
        if report.problem is not None and report.problem.kind == INCOMPLETE:
            text += _unfinished_hint(loaded, source if db is None or source in logs else None, db)
        # A seal beside the log is always checked: against --pubkey, or else on its own (its signature
        # against the key it names, its final hash and event count against the log).
        sealed = check_seal_file(seal_file, loaded.header, loaded.records, trusted,
                                 where=loaded.name) if report.ok and seal_file is not None else None
        if sealed is not None:
            payload["seal"] = sealed.to_dict()
            if sealed.ok and sealed.trusted:
                text += f"; sealed by {sealed.signer} (key {fingerprint(sealed.public_key)})"
            elif sealed.ok:
                text += (f"; sealed by {sealed.signer} (key {fingerprint(sealed.public_key)}; signature not "
                         "checked against a trusted key: give --pubkey)")
            else:
                ok, text = False, str(sealed.message)
                payload.update(ok=False, problem={"kind": "seal", "message": text, "error": "VerificationFailed"})
        emit(source, ok, text, payload)
    if store_read and match_id is None:
        _verify_store(db, store_seal_file if store_sealed else None, trusted, emit, failure)
    if failed:
        sys.exit(1)


def _verify_store(db: str, seal_file: Path | None, trusted: Any, emit: Any, failure: Any) -> None:
    """verify --db: the store's ledger against its matches, and its seal when there is one."""
    from recorder.integrity import check_ledger
    from recorder.store import Store
    from replay.store_seal import check_store_seal

    try:
        with Store(db, readonly=True) as store:
            if seal_file is not None:
                sealed = check_store_seal(store, seal_file, trusted)
                emit(store.name, sealed.ok, sealed.summary(), {"ok": sealed.ok, "store_seal": sealed.to_dict()})
            elif store.has_ledger:
                check_ledger(store)
    except (BeatlogError, OSError) as exc:
        failure(db, exc)


def _unfinished_hint(loaded: Any, path: str | None, db: str | None) -> str:
    """What to do about a log that stops before its match ended: verify what it has, or finish the match."""
    match_id = loaded.header.match_id
    where = f"-o {path}" if path is not None and path != "-" else (f"--db {db}" if db is not None else "-o FILE")
    people = any(r.kind == "input" and r.data.get("source") == "player" for r in loaded.records)
    finish = f"beatlog play --resume {match_id} {where}" if people else f"beatlog record --resume {match_id} {where}"
    return f" (verify what it has with --partial, or finish the match: {finish})"


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
    say(f"wrote {private} (keep it private) and {public} (give it to whoever checks seals)")


@main.command("seal")
@click.argument("log", required=False, metavar="LOG.jsonl")
@click.option("--key", "key_path", required=True, metavar="FILE", help="The private key (judge.key).")
@click.option("--signer", metavar="NAME", help="Who seals (default: the key file's name).")
@click.option("--db", metavar="STORE", help="Seal a store (its ledger's head), or with --match one of its matches.")
@click.option("--match", "match_id", metavar="ID", help="With --db: the match to seal.")
@click.option("--partial", is_flag=True, help="Allow sealing a log that stops before the match ended.")
@click.option("-o", "--out", "out_path", metavar="FILE",
              help="With --db: where to write the seal (default: DB.seal, or <match_id>.seal with --match, beside "
                   "a SQLite store; needed for a PostgreSQL store).")
def seal_command(log, key_path, signer, db, match_id, partial, out_path) -> None:
    """Verify a log and sign it with a judge's key; or sign a whole store.

    Writes LOG.seal beside the log; for --db --match, <match_id>.seal beside the database.
    For --db alone, checks the whole store (every chain and its ledger) and signs the
    head of its ledger (DB.seal), so that verify --db --pubkey can later prove that no
    match recorded before the seal was removed, cut short or reopened since.

    Example: beatlog seal match.jsonl --key judge.key --signer "Head judge"
    """
    from recorder import canonical
    from recorder.store import is_server_url
    from replay.seal import db_seal_path, seal_log, seal_path
    from replay.source import load_jsonl, load_store

    if (log is None) == (db is None):
        raise UsageError("give either LOG.jsonl or --db STORE (--match ID)")
    if out_path is not None and db is None:
        raise UsageError("-o only applies with --db (a log's seal is written beside it)")
    if db is not None and match_id is None:
        _seal_store(db, key_path, signer, out_path)
        return
    if db is not None:
        if out_path is None and is_server_url(db):
            raise UsageError(f"{db}: a seal of a match in a PostgreSQL store needs -o FILE (where to write it)")
        loaded = load_store(db, match_id)[0]
        out = Path(out_path) if out_path is not None else db_seal_path(db, match_id)
    else:
        if log == "-":
            raise UsageError("seal needs a log file, not stdin: the seal is written beside it")
        loaded = load_jsonl(log)
        out = seal_path(log)
    signer = signer or Path(key_path).stem
    seal = seal_log(loaded, key_path, signer, out, partial=partial)
    say(f"sealed {seal['match_id']}: {seal['events']} events, digest "
               f"{canonical.short_digest(seal['final_hash'])}, by {signer} -> {out}")


def _seal_store(db: str, key_path: str, signer: str | None, out_path: str | None) -> None:
    from recorder import canonical
    from recorder.store import Store
    from replay.seal import fingerprint
    from replay.store_seal import seal_store, store_seal_path

    out = Path(out_path) if out_path is not None else store_seal_path(db)
    if out is None:
        raise UsageError(f"{db}: a PostgreSQL store's seal needs -o FILE (where to write it)")
    signer = signer or Path(key_path).stem
    with Store(db, readonly=True) as store:
        seal = seal_store(store, key_path, signer, out)
    click.echo(f"sealed the store {store.name}: {seal['matches']} matches ({seal['finished']} finished), "
               f"ledger entry {seal['ledger_entries']}, head {canonical.short_digest(seal['ledger_head'])}, "
               f"by {signer} (key {fingerprint(seal['public_key'])}) -> {out}")


# The kernel counts rounds as "beats" in "duels" (the log's field names); each game has its own words
# (a beat in a duel, a turn with no sets), read from the games when the help is shown (game_help.py).
# These options take any of them.
def _round_option(what: str | None):
    return click.option("--beat", "--turn", "--round", "beat", type=click.IntRange(min=0), required=True,
                        metavar="N", cls=GameHelpOption, games=lambda: rounds_text(setup=what is None),
                        help="The round: {games}" + (f" ({what})." if what else "."))


def _duel_option():
    return click.option("--duel", type=click.IntRange(min=1), default=None, metavar="N", cls=GameHelpOption,
                        games=sets_text, help="The set: {games} (default 1).")


@main.command("explain")
@click.argument("log", metavar="LOG.jsonl", required=False)
@click.option("--db", metavar="STORE", help="Instead of LOG.jsonl: a match of this store (a SQLite file or a "
              "postgresql:// URL), named by --match.")
@click.option("--match", "match_id", metavar="ID", help="With --db: the match to explain.")
@_round_option(None)
@_duel_option()
@click.option("--html", "html_out", metavar="FILE", help="Also write the report as a standalone HTML page ('-' = stdout only HTML).")
def explain_command(log, db, match_id, beat, duel, html_out) -> None:
    """Explain one round (a beat, a turn): state, events with causes and rules.

    For disputes: the state before the round, every event of it in order
    with its cause and the rule it applies, then the state after, and the
    notes on the round (beatlog annotate; kept in LOG.notes, or in the
    store's notes table for --db STORE --match ID).

    A log with a broken hash chain is refused. The log is also re-executed
    (as verify does; a log that stops early is fine): if the engine does not
    reproduce it -- a forged event with a recomputed chain, another rules
    version -- the report is still printed, from the recorded events, after a
    one-line warning on stderr (and a banner on the HTML page).

    \b
    Example: beatlog explain match.jsonl --beat 3 --html beat3.html
    Example: beatlog explain cogs.jsonl --turn 2
    """
    from contextlib import nullcontext

    from recorder.store import Store
    from replay.explain import explain, render_html, render_text
    from replay.trust import integrity_problem, warning

    from .stored_match import open_match, resolve

    log, db, match_id = resolve(log, db, match_id)
    with Store(db, create=False) if db is not None else nullcontext() as store:
        match = open_match(log, db, match_id, store)
        loaded = match.loaded
        report = explain(shown(loaded.header), loaded.records, beat, duel, source=loaded.name)
        # the round's notes (beatlog annotate), kept beside the log or in its store
        report.notes = [n for n in match.notes() if (n.duel, n.beat) == (report.duel, report.beat)]
    problem = integrity_problem(loaded.header, loaded.records)
    if problem is not None:
        report.warning = warning(problem, log if log is not None else loaded.name)
        say(escape(report.warning), err=True)
    if html_out == "-":
        click.echo(render_html(report), nl=False)
        return
    say(render_text(report), nl=False)
    if html_out:
        Path(html_out).write_text(render_html(report), encoding="utf-8")
        say(f"wrote {html_out}", err=True)


# The games' shortcuts for --choices (BattleCON's --pair, --ante) come after it (game_flags.py).
@main.command("whatif", cls=GameFlagsCommand, flags="whatif_shortcuts", after="choices")
@click.argument("log", metavar="LOG.jsonl")
@_round_option("the one whose decision changes")
@_duel_option()
@click.option("--player", "who", required=True, metavar="P", help="Whose decision: player number as printed (1, 2...), name or side.")
@click.option("--choices", metavar="JSON", help="The other decisions, as the game's match scripts write them: a JSON "
              "list of {\"kind\": ..., ...} answers, or an object of script-entry fields (any game).")
@click.option("--policy", metavar="NAME", help="Who plays on for a seat whose recorded decisions came from people or "
              "a script (default first); a seat a bot played is played on by that bot.")
@click.option("--all", "show_all", is_flag=True,
              help="Show every differing outcome (default: the first 10 of each side).")
@click.option("--width", type=click.IntRange(min=60), metavar="N",
              help="Width of the side-by-side text (default: the terminal's).")
@click.option("--json", "as_json", is_flag=True, help="The whole comparison as JSON (never capped).")
def whatif_command(log, beat, duel, who, choices, policy, show_all, width, as_json, **shortcuts) -> None:
    """Re-run a match with one decision changed; compare side by side.

    Decisions before the round are replayed as recorded; later recorded
    decisions are reused while they stay legal, then the match's own policy
    decides: the bot that played the seat (read from its recorded decisions,
    seeded as the recording was), or --policy for a seat people or a script
    played. Prints the recorded and the what-if outcomes in two columns from
    the round on, then both results. --choices works for every game; a game
    may offer shortcuts for it (see the options below).

    \b
    Example: beatlog whatif match.jsonl --beat 3 --player 1 --pair dash,burst
    Example: beatlog whatif cogs.jsonl --turn 2 --player 2 --choices '{"courses": [{"cog": 1, "move": "port", "speed": 6}]}'
    """
    import shutil

    from recorder import canonical
    from recorder.game import game_for
    from recorder.terms import terms_of
    from replay.source import read_strict
    from replay.state import player_index
    from replay.whatif import what_if
    from replay.whatif_format import LIMIT, render_text, to_dict

    loaded = read_strict(log)
    header = loaded.header
    game = game_for(header)
    duel = terms_of(game).check_set(duel, header.game)
    player = player_index(header, who)
    entry: dict[str, Any] = {"duel": duel, "beat": beat, "player": player}
    if choices is not None:
        try:
            extra = canonical.loads(choices)
        except ValueError as exc:
            raise UsageError(f"--choices is not valid JSON: {exc}") from None
        if isinstance(extra, list):
            entry["choices"] = extra
        elif isinstance(extra, dict):
            entry.update(extra)
        else:
            raise UsageError(f"--choices must be a JSON list or object, not {choices!r}")
    entry.update(flag_values(game, "whatif_shortcuts", given_flags(shortcuts),
                             instead="give the decision with --choices JSON, as its match scripts write it"))
    answers = game.script_answers(entry)
    result = what_if(header, loaded.records, beat=beat, duel=duel, player=player,
                     answers=answers, policy=policy, game=game, schemas=False)  # read_strict checked them
    if as_json:
        click.echo(canonical.dumps(to_dict(result)).decode())
        return
    width = width or min(max(shutil.get_terminal_size((120, 24)).columns, 80), 200)
    say(render_text(result, None if show_all else LIMIT, width), nl=False)


@main.command("diff")
@click.argument("a", metavar="A.jsonl")
@click.argument("b", metavar="B.jsonl")
def diff_command(a, b) -> None:
    """Show where two logs of one match first differ.

    Exits 0 when they are identical (created_at aside) and both pass the
    integrity check (chain, seqs, schemas: what `beatlog check` checks), 1
    otherwise. A side that fails the check is named in one warning line on
    stderr; two identical copies of a log that fails it are one error. A log
    whose last line was cut off is compared by its complete lines. diff does
    not re-execute the logs: `beatlog verify` does.

    Example: beatlog diff mine.jsonl organiser.jsonl
    """
    from recorder import canonical
    from replay.diff import diff_loaded
    from replay.source import load_jsonl

    left, right = load_jsonl(a), load_jsonl(b)
    result = diff_loaded(left, right)
    if result.identical and result.corrupt:
        raise CorruptLog(f"{a} and {b} are identical, but not a sound log: {result.corrupt[0]}")
    if result.identical:
        digest = canonical.short_digest(left.records[-1].hash if left.records else left.header.hash)
        say(f"identical: match {left.header.match_id}, {len(left.records)} events, digest {digest}")
        return
    for line in result.warnings():
        say(escape(line), err=True)
    for line in result.lines():
        say(escape(line))
    sys.exit(1)


@main.command("state")
@click.argument("log", metavar="LOG.jsonl")
@_round_option("its end, unless --event")
@click.option("--event", type=click.IntRange(min=0), help="Stop after this many events of the round (0 = before it).")
@_duel_option()
@click.option("--as", "who", metavar="P", help="Only what this player could know: player number as printed (1, 2...), name or side.")
@click.option("--json", "as_json", is_flag=True, help="The snapshot as JSON instead of text.")
def state_command(log, beat, event, duel, who, as_json) -> None:
    """Show a match's state at a round (a beat, a turn), or as a player saw it.

    The full state shows everything, secrets included (BattleCON: every hand
    and face-down choice; Cogs of Valor: every secret course and boarding
    order); --as P shows only what P could know then: P's own secrets, the
    others' hidden (BattleCON also lists the opponent's possible cards,
    inferred from the public discards and revealed cards).

    A log with a broken hash chain is refused; one the engine does not
    reproduce (a forged event with a recomputed chain) is still shown, from
    the recorded events, after a one-line warning on stderr ("verified": false
    and the problem in --json).

    \b
    Example: beatlog state match.jsonl --beat 4 --as 1 --json
    Example: beatlog state cogs.jsonl --turn 3 --event 5
    """
    from recorder import canonical
    from replay.source import read_strict
    from replay.state import player_index, render, state_at
    from replay.trust import integrity_problem, warning

    loaded = read_strict(log)
    viewer = player_index(loaded.header, who) if who is not None else None
    at = state_at(shown(loaded.header), loaded.records, beat, duel=duel, event=event, viewer=viewer,
                  source=loaded.name)
    problem = integrity_problem(loaded.header, loaded.records)
    if problem is not None:
        say(escape(warning(problem, log)), err=True)
    if as_json:
        click.echo(canonical.dumps({"where": at.where, "duel": at.duel, "beat": at.beat, "seq": at.seq,
                                    "viewer": at.viewer, "verified": problem is None,
                                    "problem": None if problem is None else problem.to_dict(),
                                    "state": at.snapshot}).decode())
    else:
        say(render(at), nl=False)
