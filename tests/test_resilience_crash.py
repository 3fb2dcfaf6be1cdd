"""Crash safety: kill ``beatlog record --db`` anywhere, then ``record --resume`` it.

A recording runs in a real subprocess and is killed with SIGKILL at many
points: paused just before a chosen SQL statement (so the kill lands inside a
transaction -- between the inserts of one batch, before a COMMIT, while the
schema or the header is being written -- or between two transactions), and
after random short delays (the real ``beatlog`` console script, no pause).
After every kill the database must open, hold a verified prefix of the
uninterrupted match that ends on a batch boundary -- batches are whole beats,
so never part of a beat -- and ``beatlog record --resume MATCH_ID --db D`` must finish
the match with events identical, hash for hash, to an uninterrupted recording.

The same for JSONL logs, cut at every line and inside every line (a torn
write): ``record --resume MATCH_ID -o FILE`` finishes them byte for byte.
"""

from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from beatlog.cli import main
from beatlog.cli.match_options import bot_sources, plan_match
from recorder.recording import MemorySink, record
from recorder.store import Store

ROOT = Path(__file__).resolve().parent.parent
BEATLOG = Path(sys.executable).with_name("beatlog")
SETUP = ["--fighters", "hikaru,khadath", "--duels", "1", "--seed", "5"]
RECORD = ["record", *SETUP]
PAUSE_KILLS = 56  # statement-level kill points spread over the whole recording
TIMED_KILLS = 8  # kills of the real console script after random delays

# Runs the real CLI, but sleeps before SQL statement number $PAUSE_AT (counted
# with sqlite3's trace callback, which also sees statements run by triggers)
# after saying so on stderr, so that the parent can kill it right there.
# $TRACE_TO lists every statement instead (to choose the kill points).
CHILD = r"""
import os, sqlite3, sys, time
pause_at = int(os.environ.get("PAUSE_AT", "0"))
trace_to = os.environ.get("TRACE_TO")
count = 0
seen = []
_connect = sqlite3.connect
def connect(*args, **kwargs):
    conn = _connect(*args, **kwargs)
    def trace(statement):
        global count
        count += 1
        if trace_to:
            seen.append(" ".join(statement.split())[:80])
        if count == pause_at:
            os.write(2, ("PAUSED %d %s\n" % (count, " ".join(statement.split())[:60])).encode())
            time.sleep(120)
    conn.set_trace_callback(trace)
    return conn
sqlite3.connect = connect
from beatlog.cli import main
try:
    main(sys.argv[1:], prog_name="beatlog")
finally:
    if trace_to:
        open(trace_to, "w").write("\n".join(seen) + "\n")
"""


@dataclass(frozen=True)
class Reference:
    match_id: str
    header_hash: str
    records: list
    boundaries: frozenset[int]  # event counts a committed prefix may have
    digest_line: str


def cli(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Reference:
    """The uninterrupted recording, and where its batches (transactions) end."""
    folder = tmp_path_factory.mktemp("reference")
    db = folder / "ref.db"
    assert cli(*RECORD, "--db", str(db)).exit_code == 0
    with Store(db, create=False) as store:
        (match_id,) = store.match_ids()
        log = store.read(match_id)
    plan = plan_match(game_name=None, fighters=("hikaru", "khadath"), players=None, edition=None,
                      flags={"duels": ("1",)}, seed=5, script=None)
    sink = SizedSink()
    record(plan.game, plan.header, bot_sources(plan.game, plan.header, ("random", "random")), sink)
    assert [r.hash for r in sink.records] == [r.hash for r in log.records]
    assert len(sink.ends) > 3, sink.ends
    for end in sink.ends[1:-1]:
        assert_whole_beats(sink.records, end)
    verified = cli("verify", "--db", str(db))
    assert verified.exit_code == 0, verified.output
    return Reference(match_id, log.header.hash, log.records, frozenset(sink.ends), verified.output.strip())


def assert_whole_beats(records: list, cut: int) -> None:
    """A batch boundary at ``cut`` splits no beat: the records after it begin with a
    beat's first decision, and none of them belongs to an earlier beat. (The batch
    before it may end with that beat's opening events, which precede its decisions.)"""
    first = records[cut]
    beat = (first.duel, first.beat)
    assert first.kind == "input" and first.actor is not None, f"batch ends before a {first.type}, not a decision"
    assert all((r.duel, r.beat) >= beat for r in records[cut:]), f"beat split at seq {first.seq}"
    assert not any((r.duel, r.beat) == beat and r.kind == "input" and r.actor is not None
                   for r in records[:cut]), f"the decisions of duel {beat[0]}, beat {beat[1]} are split"


class SizedSink(MemorySink):
    """A memory sink that remembers how many events had been written after each batch."""

    def __init__(self) -> None:
        super().__init__()
        self.ends = [0]

    def append(self, records) -> None:
        super().append(records)
        self.ends.append(len(self.records))


def child_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **extra)
    env.pop("PAUSE_AT", None)
    return {**env, **extra}


def statements(tmp_path: Path) -> list[str]:
    """Every SQL statement an uninterrupted recording runs, in order."""
    trace = tmp_path / "trace.txt"
    done = subprocess.run([sys.executable, "-c", CHILD, *RECORD, "--db", str(tmp_path / "trace.db")],
                          env=child_env(TRACE_TO=str(trace)), capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    return trace.read_text().splitlines()


def kill_points(trace: list[str]) -> list[int]:
    """Statement numbers (1-based) to pause at: spread evenly, plus the delicate ones."""
    rng = random.Random(8)
    n = len(trace)
    step = n / PAUSE_KILLS
    points = {1 + int(i * step + rng.random() * step) for i in range(PAUSE_KILLS)}
    commits = [i + 1 for i, s in enumerate(trace) if s == "COMMIT"]
    inserts = [i + 1 for i, s in enumerate(trace) if s.startswith("INSERT INTO events")]
    # Schema, views and header transactions, the first batch's commit (header only
    # stored), the last batch, the finishing UPDATE, and an insert in the middle
    # of one batch's executemany.
    points.update(commits[:4] + commits[-2:])
    middle = [i for i in inserts if i - 1 in inserts and i + 1 in inserts]
    points.update(rng.sample(middle, 4))
    return sorted(p for p in points if p <= n)


def start_paused(db: Path, point: int) -> tuple[int, int]:
    """Fork a child that runs ``beatlog record --db`` and pauses before statement ``point``.

    Forking (rather than starting a new interpreter) spares each kill point
    Python's start-up; the child is still a separate process killed with
    SIGKILL. Returns the child's pid and the pipe it reports its pause on.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 70
        try:
            os.close(read_end)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            _pause_before(point, write_end)
            main([*RECORD, "--db", str(db)], prog_name="beatlog")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            os._exit(code)
    os.close(write_end)
    return pid, read_end


def _pause_before(point: int, report: int) -> None:
    count = 0
    connect = sqlite3.connect

    def traced(*args, **kwargs):
        conn = connect(*args, **kwargs)

        def trace(statement: str) -> None:
            nonlocal count
            count += 1
            if count == point:
                os.write(report, ("PAUSED %d %s\n" % (count, " ".join(statement.split())[:60])).encode())
                time.sleep(120)

        conn.set_trace_callback(trace)
        return conn

    sqlite3.connect = traced


def kill_when_paused(child: tuple[int, int]) -> str:
    """SIGKILL the child once it says it paused; return what it paused at ('' if it ended first)."""
    pid, pipe = child
    buffer = b""
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not buffer.endswith(b"\n"):
            ready, _, _ = select.select([pipe], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(pipe, 4096)
            if not chunk:
                break  # the child ended without pausing
            buffer += chunk
    finally:
        os.kill(pid, signal.SIGKILL) if b"PAUSED" in buffer else None
        os.waitpid(pid, 0)
        os.close(pipe)
    return buffer.decode().split("PAUSED", 1)[1].strip() if b"PAUSED" in buffer else ""


def check_after_kill(db: Path, ref: Reference) -> int:
    """The killed store opens, holds a checked prefix ending on a batch boundary; return its length."""
    with Store(db) as store:  # opens (and creates the tables if the kill came before they existed)
        ids = store.match_ids()
        if not ids:
            return -1
        assert ids == [ref.match_id]
        log = store.read(ref.match_id)
        assert not store.summary(ref.match_id).finished or len(log.records) == len(ref.records)
    n = len(log.records)
    assert log.header.hash == ref.header_hash
    assert log.records == ref.records[:n], "the stored events are not a prefix of the match"
    assert n in ref.boundaries, f"{n} events stored: part of a beat's batch was committed"
    checked = cli("check", "--db", str(db))
    assert checked.exit_code == 0 and checked.output.startswith(f"ok {ref.match_id}: {n} events"), checked.output
    return n


def verify_partial(db: Path) -> None:
    verified = cli("verify", "--db", str(db), "--partial")
    assert verified.exit_code == 0 and verified.output.startswith("verified"), verified.output + verified.stderr


def finish_and_compare(db: Path, ref: Reference, stored: int) -> None:
    if stored < 0:  # killed before the header was stored: nothing to resume, record again
        refused = cli("record", "--resume", ref.match_id, "--db", str(db))
        # Killed before even the database file was created (a slow start-up), it says so instead.
        why = "no match" if db.exists() else "no such database"
        assert refused.exit_code == 1 and why in refused.stderr, refused.output
        again = cli(*RECORD, "--db", str(db))
        assert again.exit_code == 0, again.output + again.stderr
    elif not _finished(db, ref.match_id):
        resumed = cli("record", "--resume", ref.match_id, "--db", str(db))
        if resumed.exit_code and "has not decided anything yet" in resumed.stderr:
            # Too early to read the bots from the log: say them, as the recording did.
            resumed = cli("record", "--resume", ref.match_id, "--db", str(db), "--bots", "random")
        assert resumed.exit_code == 0, resumed.output + resumed.stderr
        assert resumed.output.startswith(f"resumed {ref.match_id} after seq {stored} ")
    with Store(db, create=False) as store:
        log = store.read(ref.match_id)
        assert store.summary(ref.match_id).finished
    assert log.header.hash == ref.header_hash
    assert log.records == ref.records  # hash for hash, so the digest is the reference's too


def _finished(db: Path, match_id: str) -> bool:
    with Store(db, create=False) as store:
        return store.summary(match_id).finished


def test_kill_inside_and_between_transactions_then_resume(tmp_path, reference):
    trace = statements(tmp_path)
    points = kill_points(trace)
    assert len(points) >= 50
    paused_at: list[str] = []
    prefixes: list[int] = []
    # Two children at a time: each pauses, so the second starts while the first waits.
    for i in range(0, len(points), 2):
        pair = points[i:i + 2]
        procs = [(p, tmp_path / f"kill{p}.db", ) for p in pair]
        running = [(p, db, start_paused(db, p)) for p, db in procs]
        for p, db, proc in running:
            where = kill_when_paused(proc)
            assert where, f"the recording never reached statement {p} of {len(trace)}"
            paused_at.append(where)
            stored = check_after_kill(db, reference)
            if stored > 0 and len(prefixes) % 8 == 0:
                verify_partial(db)  # re-executes the prefix: slow, so only for some
            prefixes.append(stored)
            finish_and_compare(db, reference, stored)
    final = cli("verify", "--db", str(tmp_path / f"kill{points[-1]}.db"))
    assert final.output.strip() == reference.digest_line
    inside = [w for w in paused_at if not w.split(" ", 1)[1].startswith(("BEGIN", "PRAGMA", "SELECT"))]
    assert len(inside) >= 30, "too few kills landed inside a transaction"
    assert any(w.split(" ", 1)[1].startswith("COMMIT") for w in paused_at)
    # The kills covered the whole match: nothing stored, header only, every beat's
    # boundary from the first to complete-but-unmarked.
    assert {-1, 0, len(reference.records)} <= set(prefixes)
    assert reference.boundaries <= set(prefixes), sorted(reference.boundaries - set(prefixes))


def test_kill_real_console_script_after_random_delays(tmp_path, reference):
    if not BEATLOG.exists():
        pytest.skip("the beatlog console script is not installed next to this Python")
    started = time.monotonic()
    done = subprocess.run([str(BEATLOG), *RECORD, "--db", str(tmp_path / "timing.db")],
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    full = time.monotonic() - started
    rng = random.Random(88)
    for k in range(TIMED_KILLS):
        db = tmp_path / f"timed{k}.db"
        proc = subprocess.Popen([str(BEATLOG), *RECORD, "--db", str(db)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Late in the run, where the recording (not Python's start-up) is.
        time.sleep(full * (0.5 + 0.6 * rng.random()))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        stored = check_after_kill(db, reference) if db.exists() else -1
        finish_and_compare(db, reference, stored)


def test_resume_a_finished_match_is_refused(tmp_path, reference):
    db = tmp_path / "done.db"
    assert cli(*RECORD, "--db", str(db)).exit_code == 0
    again = cli("record", "--resume", reference.match_id, "--db", str(db))
    assert again.exit_code == 1
    assert again.stderr.strip().splitlines() == [
        f"Error: {db} (match {reference.match_id}): the match is finished already; there is nothing to resume"
    ]


def test_resume_with_other_bots_is_refused_before_anything_is_written(tmp_path, reference):
    db = tmp_path / "half.db"
    proc = start_paused(db, 600)
    assert kill_when_paused(proc)
    stored = check_after_kill(db, reference)
    assert stored > 0
    wrong = cli("record", "--resume", reference.match_id, "--db", str(db), "--bots", "first")
    assert wrong.exit_code == 1
    (line,) = wrong.stderr.strip().splitlines()
    assert line.startswith(f"Error: cannot resume match {reference.match_id}, duel 1, beat ")
    assert "from bot:random, but bot:first answers" in line
    assert check_after_kill(db, reference) == stored  # nothing was appended
    finish_and_compare(db, reference, stored)


def test_resume_refuses_setup_options_and_needs_one_target(tmp_path, reference):
    wrong = cli("record", "--resume", reference.match_id, "--db", str(tmp_path / "x.db"), "--seed", "6")
    assert wrong.exit_code == 1
    assert wrong.stderr.strip() == "Error: --resume takes the match's set-up from its log; drop --seed"
    neither = cli("record", "--resume", reference.match_id)
    assert neither.exit_code == 1 and "give --db FILE or -o FILE" in neither.stderr
    missing = cli("record", "--resume", reference.match_id, "--db", str(tmp_path / "absent.db"))
    assert missing.exit_code == 1
    assert missing.stderr.strip() == f"Error: {tmp_path / 'absent.db'}: no such database"


# A process killed inside the commit that creates a store's tables leaves a *hot* rollback journal (the store
# is in WAL mode only once its tables exist): SQLite will not read the file read-only until that journal is
# rolled back. This child makes one deterministically: a transaction big enough to spill pages into the
# file, then a kill (os._exit) before it commits. With "--after-commit" the file first holds committed data.
CUT_OFF = r"""
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if "--after-commit" in sys.argv:
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('buy milk')")
conn.execute("PRAGMA cache_size = 1")
conn.execute("BEGIN")
conn.execute("CREATE TABLE filler (x BLOB)")
for _ in range(200):
    conn.execute("INSERT INTO filler VALUES (zeroblob(4000))")
os._exit(0)
"""


def cut_off(db: Path, *extra: str) -> dict[str, bytes]:
    subprocess.run([sys.executable, "-c", CUT_OFF, str(db), *extra], check=True, timeout=60)
    journal = db.with_name(db.name + "-journal")
    assert journal.stat().st_size > 0 and db.stat().st_size > 0
    ro = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as hot:  # the situation, as SQLite sees it
        ro.execute("SELECT count(*) FROM sqlite_master").fetchone()
    ro.close()
    assert hot.value.sqlite_errorname == "SQLITE_READONLY_ROLLBACK"
    return {p.name: p.read_bytes() for p in sorted(db.parent.iterdir())}


def test_a_store_whose_creation_was_cut_off_is_created_afresh_by_a_writer(tmp_path, reference):
    db = tmp_path / "cut.db"
    cut_off(db)
    with Store(db) as store:  # rolls the creation back (nothing was ever committed) and creates the store
        assert store.match_ids() == []
    assert not db.with_name("cut.db-journal").exists()
    assert cli(*RECORD, "--db", str(db)).exit_code == 0
    assert cli("verify", "--db", str(db)).output.strip() == reference.digest_line


def test_a_reader_says_a_store_was_cut_off_while_being_created_and_changes_nothing(tmp_path):
    db = tmp_path / "cut.db"
    before = cut_off(db)
    for command in (("check", "--db", str(db)), ("verify", "--db", str(db))):
        done = cli(*command)
        assert done.exit_code == 1
        assert done.stderr.strip().splitlines() == [
            f"Error: {db}: not a beatlog database yet: it was being created when the process writing it "
            "stopped (its journal cut.db-journal is beside it) and holds nothing committed; record into it "
            "to start it afresh, or delete both files"]
        assert {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())} == before


def test_a_cut_off_write_to_a_database_with_committed_data_is_never_rolled_back_by_beatlog(tmp_path):
    db = tmp_path / "theirs.db"
    before = cut_off(db, "--after-commit")
    for command in (("check", "--db", str(db)), ("import", str(next((ROOT / "sample_logs" / "battlecon").glob("*.jsonl"))),
                                                 "--db", str(db))):
        done = cli(*command)
        assert done.exit_code == 1
        assert done.stderr.strip().splitlines() == [
            f"Error: {db}: a write to this database was cut off before it finished (its journal "
            "theirs.db-journal is beside it), so it cannot be read as it is; opening it once with the sqlite3 "
            "shell (sqlite3 FILE 'PRAGMA quick_check') rolls that write back"]
        assert {p.name: p.read_bytes() for p in sorted(tmp_path.iterdir())} == before
