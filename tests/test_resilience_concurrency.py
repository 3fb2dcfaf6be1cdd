"""Concurrency: several real processes writing (and reading) one store at once, on every backend.

Each writer is a forked child process with its own connection (a SQLite file,
or a database on a real PostgreSQL server: tests/conftest.py), released
at the same moment through a pipe. Whatever the interleaving, every seq is
written by exactly one process, the others are told so with a LogConflict
(never a silent overwrite, a duplicate, a gap or a traceback), and the match
ends up exactly as one uninterrupted writer would have left it. Readers that
check the store while it is being written never report damage that is not there.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import time
from typing import Callable

from click.testing import CliRunner

from beatlog.cli import main
from recorder.decisions import Answer
from recorder.errors import BeatlogError, LogConflict
from recorder.integrity import check_store
from recorder.match import Match, run, sealed
from recorder.store import Store
from replay.source import load_store
from tests.toygame import GAME, toy_header

ROUNDS = 30


class Mixed:
    """Picks that vary with the round, so that every batch differs."""

    def __init__(self, seat: int) -> None:
        self.n = seat

    def answer(self, request, match) -> Answer:
        self.n = self.n % 3 + 1
        return Answer({"number": self.n}, "test")


def batches() -> tuple:
    """A long toy match, sealed, cut into the batches a recording appends (one per decision)."""
    header = toy_header(seed=21, rounds=ROUNDS)
    match = Match(GAME, header)
    run(match, {0: Mixed(0), 1: Mixed(1)})
    records = sealed(match)
    out, current = [], []
    for record in records:
        if record.type == "NumberPicked" and current:
            out.append(current)
            current = []
        current.append(record)
    out.append(current)
    return header, records, out


def fork_all(jobs: list[Callable[[], object]]) -> list[object]:
    """Run each job in its own forked process, all released together; return their JSON results."""
    gate_read, gate_write = os.pipe()
    children = []
    for job in jobs:
        result_read, result_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            code = 0
            try:
                os.close(gate_write)
                os.close(result_read)
                os.read(gate_read, 1)  # wait for the start signal
                payload = json.dumps(job()).encode()
            except BaseException as exc:  # report, never hang the parent
                payload = json.dumps({"crash": f"{type(exc).__name__}: {exc}"}).encode()
                code = 1
            finally:
                with os.fdopen(result_write, "wb") as out:
                    out.write(payload)
                os._exit(code)
        os.close(result_write)
        children.append((pid, result_read))
    os.close(gate_read)
    os.write(gate_write, b"x" * len(jobs))
    os.close(gate_write)
    results = []
    for pid, result_read in children:
        with os.fdopen(result_read, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
        results.append(json.loads(data))
    return results


def test_two_processes_append_the_same_batches_one_wins_each_seq(store_db):
    header, records, parts = batches()
    db = store_db
    with Store(db) as store:
        store.add_match(header)

    # Both writers start each batch together, so a writer that the machine happens to
    # schedule first cannot run through every batch before the other has begun.
    gate = multiprocessing.Barrier(2)

    def writer(seed: int) -> Callable[[], object]:
        def job() -> list:
            rng = random.Random(seed)
            outcomes = []
            with Store(db, create=False) as store:
                for part in parts:
                    gate.wait(timeout=60)
                    time.sleep(rng.random() * 0.01)  # jitter, so that either may be first
                    try:
                        store.append(header.match_id, part)
                        outcomes.append(["ok", part[0].seq])
                    except LogConflict as exc:
                        outcomes.append(["conflict", str(exc)])
            return outcomes
        return job

    first, second = fork_all([writer(1), writer(2)])
    assert "crash" not in first and "crash" not in second, (first, second)
    for part, a, b in zip(parts, first, second):
        assert sorted([a[0], b[0]]) == ["conflict", "ok"], (part[0].seq, a, b)
        loser = a if a[0] == "conflict" else b
        assert loser[1] == (
            f"{db}: match {header.match_id}: seq {part[0].seq} was already appended by another writer"
        ) or "the database is locked by another writer" in loser[1], loser
    wins = [sum(o[0] == "ok" for o in side) for side in (first, second)]
    assert sum(wins) == len(parts) and min(wins) > 0, wins  # both won some: they really interleaved
    with Store(db, create=False) as store:
        (stored,) = check_store(store)
    assert stored.log.records == records  # no seq missing, none twice, nothing changed


def test_two_processes_with_diverging_logs_never_mix_them(store_db):
    """Two different recordings of one match: the store keeps one chain, never a splice of both."""
    header, records, parts = batches()
    other_match = Match(GAME, header)
    run(other_match, {0: Mixed(1), 1: Mixed(2)})
    other = sealed(other_match)
    assert other[0].hash != records[0].hash
    db = store_db
    with Store(db) as store:
        store.add_match(header)

    def writer(log: list) -> Callable[[], object]:
        def job() -> list:
            done = []
            with Store(db, create=False) as store:
                for record in log:
                    try:
                        store.append(header.match_id, [record])
                    except LogConflict as exc:
                        done.append(["conflict", record.seq, str(exc)])
                        break
                    done.append(["ok", record.seq])
            return done
        return job

    a, b = fork_all([writer(records), writer(other)])
    with Store(db, create=False) as store:
        (stored,) = check_store(store)
    kept = stored.log.records
    assert kept in (records, other)  # all of one recording, nothing of the other after its seq 1
    loser = b if kept == records else a
    assert loser[-1][0] == "conflict"
    assert "already appended by another writer" in loser[-1][2] or "does not chain onto" in loser[-1][2]


def cli_job(args: list[str]) -> Callable[[], object]:
    def job() -> dict:
        result = CliRunner().invoke(main, args)
        escaped = result.exception if not isinstance(result.exception, SystemExit) else None
        return {"code": result.exit_code, "out": result.output, "err": result.stderr,
                "escaped": repr(escaped) if escaped else None}
    return job


TOY = ["--game", "toy", "--edition", "standard", "--fighters", "red,blue", "--seed", "5"]


def test_two_record_commands_for_the_same_match_one_records_it(store_db):
    db = store_db
    args = ["record", *TOY, "--db", db]
    results = fork_all([cli_job(args), cli_job(args)])
    assert all(r["escaped"] is None for r in results), results
    assert sorted(r["code"] for r in results) == [0, 1], results
    loser = next(r for r in results if r["code"] == 1)
    (line,) = loser["err"].strip().splitlines()
    # Refused by the store as the winner writes its header, or (the winner already done) before starting.
    assert (line.startswith(f"Error: {db}: match m-") and line.endswith(" is already recorded")
            or line.startswith(f"Error: {db} already holds match m-") and line.endswith("choose another --seed")), line
    with Store(db, create=False) as store:
        (stored,) = check_store(store)
    assert stored.finished and len(stored.log.records) == 13


def test_two_resumes_of_one_match_race_one_finishes_it(store_db):
    header = toy_header(seed=21, rounds=ROUNDS)
    full = Match(GAME, header)
    run(full, {0: _First(), 1: _First()})
    records = sealed(full)
    db = store_db
    with Store(db) as store:  # a recording by the "first" bots, cut short after 5 events
        store.add_match(header)
        store.append(header.match_id, records[:5])
    args = ["record", "--resume", header.match_id, "--db", db]
    results = fork_all([cli_job(args), cli_job(args)])
    assert all(r["escaped"] is None for r in results), results
    winners = [r for r in results if r["code"] == 0]
    losers = [r for r in results if r["code"] == 1]
    assert len(winners) == 1 and len(losers) == 1, results
    assert winners[0]["out"].startswith(f"resumed {header.match_id} after seq ")
    (line,) = losers[0]["err"].strip().splitlines()
    assert line.startswith("Error: ")
    # The loser finds the winner ahead of it, already done when it read, or done before its first append.
    assert ("was already appended by another writer" in line or "the match is finished already" in line
            or "the match is finished; cannot append seq" in line or "database is locked" in line), line
    with Store(db, create=False) as store:
        (stored,) = check_store(store)
    assert stored.finished and stored.log.records == records


class _First:
    def answer(self, request, match) -> Answer:
        return Answer(request.options[0], "bot:first")


def test_readers_never_see_damage_while_a_writer_appends(store_db):
    """check and verify, run while a recording is appended, see a consistent prefix every time."""
    header, records, parts = batches()
    db = store_db
    with Store(db) as store:
        store.add_match(header)

    def writer() -> list:
        with Store(db, create=False) as store:
            for part in parts:
                store.append(header.match_id, part)
                time.sleep(0.001)
        return []

    def reader() -> list:  # as beatlog check does
        seen = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with Store(db, create=False) as store:
                    (stored,) = check_store(store)
            except BeatlogError as exc:
                seen.append(f"{type(exc).__name__}: {exc}")
                continue
            seen.append(len(stored.log.records))
            if len(stored.log.records) == len(records):
                break
        return seen

    def verifier() -> list:  # as beatlog verify --db does
        seen = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                (loaded,) = load_store(db, None)
            except BeatlogError as exc:
                seen.append(f"{type(exc).__name__}: {exc}")
                continue
            if loaded.strict_error is not None:
                seen.append(f"{type(loaded.strict_error).__name__}: {loaded.strict_error}")
                continue
            seen.append(len(loaded.records))
            if len(loaded.records) == len(records):
                break
        return seen

    writes, seen_a, seen_b = fork_all([writer, reader, verifier])
    problems = [s for s in seen_a + seen_b if isinstance(s, str)]
    assert not problems, problems[:3]
    assert seen_a[-1] == seen_b[-1] == len(records)
    ends = {sum(len(p) for p in parts[:k]) for k in range(len(parts) + 1)}
    assert set(seen_a + seen_b) <= ends  # only whole batches, ever


def test_processes_creating_one_new_store_at_once_all_open_it(tmp_path):
    # Turning on WAL needs the file to itself and SQLite says "database is locked" at once rather
    # than waiting; the store waits instead. One round rarely meets the race, so run many.
    def opener(path: str) -> Callable[[], object]:
        def job() -> str:
            try:
                with Store(path):
                    return "ok"
            except BeatlogError as exc:
                return str(exc)
        return job

    for n in range(40):
        path = str(tmp_path / f"new{n}.db")
        assert fork_all([opener(path) for _ in range(3)]) == ["ok"] * 3
        with Store(path, create=False) as store:
            assert check_store(store) == []


def test_eight_writers_lose_nothing(store_db):
    """8 processes at once: each imports logs (some also imported by a neighbour), records a match of its
    own, and races the others to append every beat of one shared match. Nothing is lost or doubled: every
    match is there whole, every seq once, every chain and the store's ledger intact."""
    from recorder.store_import import Importable
    from tests.logmaker import make_log

    header, records, parts = batches()
    logs = [make_log(seed=100 + i, rounds=4) for i in range(16)]
    db = store_db
    with Store(db) as store:
        store.add_match(header)
    gate = multiprocessing.Barrier(8)

    def writer(i: int) -> Callable[[], object]:
        def job() -> dict:
            rng = random.Random(i)
            mine = [logs[(2 * i + k) % len(logs)] for k in range(3)]  # overlaps the next writer's first
            won, conflicts = [], 0
            with Store(db, create=False) as store:
                for k, part in enumerate(parts):
                    gate.wait(timeout=120)
                    time.sleep(rng.random() * 0.005)
                    try:
                        store.append(header.match_id, part)
                        won.append(part[0].seq)
                    except LogConflict:
                        conflicts += 1
                    if k < len(mine):  # imports interleaved with the race
                        store.import_logs([Importable(mine[k], True, f"log{k}")])
            result = CliRunner().invoke(main, ["record", *TOY[:-1], str(1000 + i), "--db", str(db)])
            return {"won": won, "conflicts": conflicts, "record": result.exit_code, "err": result.stderr}
        return job

    results = fork_all([writer(i) for i in range(8)])
    assert not [r for r in results if "crash" in r], results
    assert all(r["record"] == 0 for r in results), [r["err"] for r in results]
    won = sorted(seq for r in results for seq in r["won"])
    assert won == [part[0].seq for part in parts]  # every beat appended exactly once
    assert sum(r["conflicts"] for r in results) == 7 * len(parts)
    with Store(db, create=False) as store:
        stored = {s.log.match_id: s for s in check_store(store)}  # chains, counters and the ledger
        assert len(stored) == 1 + len(logs) + 8
        assert stored[header.match_id].log.records == records
        for log in logs:
            assert stored[log.match_id].log.records == log.records and stored[log.match_id].finished
        entries = store.ledger_entries()
    created = [e.match_id for e in entries if e.kind == "created"]
    assert sorted(created) == sorted(stored)  # each match created once in the ledger, none lost
    assert [e.n for e in entries] == list(range(1, len(entries) + 1))


def test_processes_creating_one_new_postgresql_store_at_once_all_open_it(pg_server):
    """Four writers meet an empty database at once: one makes the tables (under the schema lock), the
    others wait and find them made; nobody fails and the store has each table and trigger once."""
    from tests import pg_server as pg

    def opener(url: str) -> Callable[[], object]:
        def job() -> str:
            try:
                with Store(url):
                    return "ok"
            except BeatlogError as exc:
                return str(exc)
        return job

    for _ in range(6):
        url = pg.new_database(pg_server)
        assert fork_all([opener(url) for _ in range(4)]) == ["ok"] * 4
        with Store(url, create=False) as store:
            assert check_store(store) == []
            assert store.query("SELECT count(*) FROM beatlog_store WHERE key = 'schema_version'") == [(1,)]
        pg.drop_database(pg_server, url)
